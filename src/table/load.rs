//! Start-up: every stored game is resumed as the store verified it. Where the store found damage
//! the table says so — a log line, and a public notice in the game's place — and resumes the
//! game at its last verified move or refuses it; it never rolls a game back silently. The
//! notice names what was lost (moves N to M, or the whole game); the store reports a loss of
//! moves, and a game it could not vouch for (its acknowledgement log was missing or damaged),
//! again at every start until the game's next move, and so does the notice.

use crate::store::{Integrity, StoredGame};

use super::record::decode_meta;
use super::reply::{GameId, Reply};
use super::session::Session;
use super::{LoadProblem, Table};

/// Resumes the stored games into `table`, collecting load problems and start-up notices.
pub(super) fn resume_all(table: &mut Table, stored: Vec<StoredGame>) {
    for sg in stored {
        table.next_id = table.next_id.max(sg.id + 1);
        match &sg.integrity {
            Integrity::Intact => {
                resume(table, &sg);
            }
            Integrity::Truncated {
                acknowledged_actions,
            } => {
                let verified = sg.action_count();
                tracing::error!(
                    game = sg.id,
                    verified_moves = verified,
                    acknowledged_moves = acknowledged_actions,
                    "stored game lost saved changes to damage; resuming it at its last verified \
                     move (told at every start until its next move)"
                );
                if resume(table, &sg) {
                    let _lang = crate::i18n::scope(table.lang_of(sg.id));
                    let notice = truncated_notice(table, sg.id, verified, *acknowledged_actions);
                    table.notices.extend(notice);
                }
            }
            Integrity::Unverified => {
                let verified = sg.action_count();
                tracing::error!(
                    game = sg.id,
                    verified_moves = verified,
                    "the acknowledgement log was missing or damaged: moves this game lost \
                     cannot be ruled out; resuming it after its last stored move (told at every \
                     start until its next move)"
                );
                if resume(table, &sg) {
                    let _lang = crate::i18n::scope(table.lang_of(sg.id));
                    let notice = unverified_notice(table, sg.id, verified);
                    table.notices.extend(notice);
                }
            }
            Integrity::Damaged { reason } => {
                let notice = decode_meta(&sg.meta).ok().map(|meta| {
                    let _lang = crate::i18n::scope(meta.settings.lang);
                    Reply::public(meta.place, crate::t!("load-damaged", game = sg.id))
                        .with_game(sg.id)
                });
                table.notices.extend(notice);
                refuse(
                    table,
                    sg.id,
                    format!("its saved record is damaged: {reason}"),
                );
            }
            Integrity::Lost {
                acknowledged_actions,
            } => refuse(
                table,
                sg.id,
                format!(
                    "the store has lost this game entirely ({acknowledged_actions} moves had \
                     been saved)"
                ),
            ),
        }
    }
}

/// Resumes one verified game; true if it is hosted again.
fn resume(table: &mut Table, sg: &StoredGame) -> bool {
    match Session::resume(sg) {
        Ok(Some(mut session)) if session.game().is_some_and(|g| g.winner().is_some()) => {
            // Won, but killed before the game was compacted.
            session.finish(&*table.store);
            false
        }
        Ok(Some(mut session)) => {
            session.tidy_stored_offers(&*table.store);
            table.insert_session(session);
            true
        }
        Ok(None) => false, // marked finished: nothing to resume
        Err(reason) => {
            refuse(table, sg.id, reason);
            false
        }
    }
}

fn refuse(table: &mut Table, game: GameId, reason: String) {
    tracing::error!(game, %reason, "stored game could not be resumed");
    table.problems.push(LoadProblem { game, reason });
}

/// The public notice of a game resumed at its last verified move (`verified` actions) although
/// it had `acknowledged` when its last change was saved.
fn truncated_notice(table: &Table, id: GameId, verified: u64, acknowledged: u64) -> Option<Reply> {
    let session = table.sessions.get(&id)?;
    let lost = if acknowledged > verified && verified == 0 {
        if session.game().is_none() {
            crate::t!("load-game-lost-lobby", last = acknowledged)
        } else {
            crate::t!("load-game-lost", last = acknowledged)
        }
    } else if session.game().is_none() {
        crate::t!("load-lobby-as-verified")
    } else if acknowledged > verified {
        crate::t!(
            "load-moves-lost",
            verified = verified,
            first = verified + 1,
            last = acknowledged
        )
    } else {
        crate::t!("load-changes-lost", verified = verified)
    };
    let mut text = crate::t!("load-partly-damaged", game = id, lost = lost);
    if acknowledged > verified {
        text = format!("{text} {}", crate::t!("load-told-until-next-move"));
    }
    Some(Reply::public(session.place(), text).with_game(id))
}

/// The public notice of a game the store could not vouch for: its acknowledgement log was
/// missing or damaged, so moves lost before this start cannot be ruled out.
fn unverified_notice(table: &Table, id: GameId, verified: u64) -> Option<Reply> {
    let session = table.sessions.get(&id)?;
    let resumes = if session.game().is_none() {
        crate::t!("load-resumes-in-lobby")
    } else {
        crate::t!("load-resumes-after", verified = verified)
    };
    let text = crate::t!(
        "load-unverified",
        game = id,
        file = crate::store::ACK_LOG_FILE,
        resumes = resumes
    );
    let text = format!("{text} {}", crate::t!("load-told-until-next-move"));
    Some(Reply::public(session.place(), text).with_game(id))
}
