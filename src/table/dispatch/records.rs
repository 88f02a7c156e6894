//! Fair dice in the conversation: the commitment line of the start message, `export` (the
//! public record so far), and the reveal of the seed with the whole record when a game ends
//! or is abandoned. See `fairness` and `public_record`.

use super::{no_game, private_to_caller, session_in};
use crate::table::Table;
use crate::table::public_record::{Outcome, PublicRecord, RecordError};
use crate::table::reply::{Caller, GameId, Reply};
use crate::table::session::Session;

/// The start message's line about the dice.
pub(super) fn dice_line(id: GameId, host_seed: Option<u64>, commitment: &str) -> String {
    match host_seed {
        Some(seed) => crate::t!(
            "records-dice-host-seed",
            seed = seed.to_string(),
            commitment = commitment
        ),
        // The hashed text is a machine string (what `verify` checks): never translated.
        None => crate::t!(
            "records-dice-secret",
            hashed = format!("catan-bot game {id} seed <seed>"),
            commitment = commitment
        ),
    }
}

/// File name of a game's record.
fn record_file(id: GameId) -> String {
    format!("catan-game-{id}.json")
}

/// The record of a session, if its history is complete (a game resumed from a snapshot written
/// before histories were kept has only part of it).
fn record_of(s: &Session, outcome: Outcome, reveal: bool) -> Result<PublicRecord, RecordError> {
    let played = s.game().map_or(0, |g| g.version());
    if s.meta.started.is_some() && s.history().len() as u64 != played {
        return Err(RecordError::IncompleteHistory(s.id()));
    }
    PublicRecord::build(&s.meta, s.history(), outcome, reveal)
}

/// `export`: the public record so far, privately to the caller (the seed stays secret).
pub(super) fn export(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    match record_of(s, Outcome::Running, false) {
        Ok(record) => {
            let text = crate::t!("records-export", game = s.id(), count = record.moves.len());
            vec![
                private_to_caller(caller, text)
                    .with_game(s.id())
                    .with_file(record_file(s.id()), record.to_json()),
            ]
        }
        Err(e) => {
            let mut r = Reply::refusal(caller.user, e.to_string());
            r.game = Some(s.id());
            vec![r]
        }
    }
}

/// The public reveal at the end of a started game: the seed and the whole record, attached.
/// `None` for lobbies; a game without a verifiable record still gets its seed revealed.
pub(super) fn reveal(s: &Session, outcome: Outcome) -> Option<Reply> {
    let started = s.meta.started.as_ref()?;
    let id = s.id();
    let (text, file) = match record_of(s, outcome, true) {
        Ok(record) => (
            crate::t!(
                "records-reveal",
                game = id,
                seed = started.seed.to_string(),
                file = record_file(id)
            ),
            Some(record.to_json()),
        ),
        Err(e) => {
            tracing::warn!(game = id, error = %e, "no public record at the end of the game");
            (
                crate::t!(
                    "records-reveal-seed-only",
                    game = id,
                    seed = started.seed.to_string()
                ),
                None,
            )
        }
    };
    let mut r = Reply::public(s.place(), text).with_game(id);
    if let Some(bytes) = file {
        r = r.with_file(record_file(id), bytes);
    }
    Some(r)
}
