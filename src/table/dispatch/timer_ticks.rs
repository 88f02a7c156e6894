//! Clock ticks: turn-timer reminders and automatic moves.
//!
//! A passed deadline whose automatic move cannot be made (the store refused the write, e.g. a
//! full disk) is not retried at once: the game gets a [`TickRetry`] whose wait doubles from 1 s
//! to a minute, and its players are told once that the move was not done. So after any tick at
//! `now`, every game's next deadline lies after `now`: a failing store neither spins the timer
//! nor fails silently.

use super::actions::{after_action, wait_state};
use super::bots;
use crate::engine::{Action, Seat};
use crate::table::lobby::AfkPolicy;
use crate::table::reply::{GameId, Reply, ReplyKind};
use crate::table::session::ApplyError;
use crate::table::{Table, command, messages, timer};

/// The first wait after a failed automatic move.
pub const FIRST_RETRY_MS: u64 = 1_000;
/// The longest wait between two attempts.
pub const MAX_RETRY_MS: u64 = 60_000;

/// A game whose deadline passed but whose automatic move failed: when to try again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TickRetry {
    /// The game version of the failure; any accepted move makes the retry obsolete.
    version: u64,
    /// The next attempt.
    at_ms: u64,
    /// The wait that led to `at_ms`; the next one is twice as long (at most a minute).
    wait_ms: u64,
}

impl TickRetry {
    /// The retry after a failure at `now_ms`, following `previous` if it is for this version.
    fn after(previous: Option<&TickRetry>, version: u64, now_ms: u64) -> TickRetry {
        let wait_ms = match previous {
            Some(p) if p.version == version => (p.wait_ms * 2).min(MAX_RETRY_MS),
            _ => FIRST_RETRY_MS,
        };
        TickRetry {
            version,
            at_ms: now_ms + wait_ms,
            wait_ms,
        }
    }
}

fn version_of(table: &Table, id: GameId) -> Option<u64> {
    Some(table.sessions.get(&id)?.game()?.version())
}

/// The earliest moment [`tick`] has something to do: reminders, deadlines, and retries of
/// failed automatic moves, in the games whose place `held` does not hold.
pub fn next_deadline(table: &Table, held: &dyn Fn(u64) -> bool) -> Option<u64> {
    table
        .sessions
        .iter()
        .filter(|(_, s)| !held(s.place()))
        .filter_map(|(id, s)| {
            let expiry = match s.game() {
                None => timer::lobby_deadline(s.meta.created_ms, table.options.lobby_expiry_ms),
                Some(_) => None,
            };
            let bots = s.bot_due(&table.options);
            let due = match (
                bots.into_iter().chain(s.next_deadline()).min(),
                table.tick_retries.get(id),
            ) {
                (Some(due), Some(r)) if Some(r.version) == s.game().map(|g| g.version()) => {
                    Some(due.max(r.at_ms))
                }
                (due, _) => due,
            };
            due.into_iter().chain(expiry).min()
        })
        .min()
}

/// The timers of the games whose place `held` does not hold.
pub fn tick(table: &mut Table, now_ms: u64, held: &dyn Fn(u64) -> bool) -> Vec<Reply> {
    let obsolete: Vec<GameId> = table
        .tick_retries
        .iter()
        .filter(|(id, r)| version_of(table, **id) != Some(r.version))
        .map(|(id, _)| *id)
        .collect();
    for id in obsolete {
        table.tick_retries.remove(&id);
    }
    let ids: Vec<GameId> = table.sessions.keys().copied().collect();
    let mut replies = Vec::new();
    for id in ids {
        let _lang = crate::i18n::scope(table.lang_of(id));
        let Some(s) = table.sessions.get(&id) else {
            continue;
        };
        if s.meta.finished || held(s.place()) {
            continue;
        }
        if let Some(due) = s.bot_due(&table.options)
            && now_ms >= due
        {
            if !retry_pending(table, id, now_ms) {
                let before = version_of(table, id);
                let (played, progress) = bots::play_bots(table, id, now_ms);
                replies.extend(played);
                if !progress {
                    replies.extend(note_progress(table, id, before, now_ms));
                }
            }
            continue;
        }
        let (Some(deadline), Some(g)) = (s.deadline(), s.game()) else {
            continue;
        };
        let afk = s.meta.settings.afk;
        if now_ms >= deadline && afk != AfkPolicy::Wait {
            if retry_pending(table, id, now_ms) {
                continue;
            }
            if afk == AfkPolicy::Bot {
                let before = version_of(table, id);
                match bots::stand_in_for_absent(table, id, now_ms) {
                    Ok(r) => replies.extend(r),
                    Err(e) => tracing::warn!(game = id, "could not seat a stand-in bot: {e}"),
                }
                replies.extend(note_progress(table, id, before, now_ms));
            } else {
                replies.extend(act_for_the_absent(table, id, now_ms));
            }
        } else if s.reminder_due().is_some_and(|at| now_ms >= at) {
            let left_s = deadline.saturating_sub(now_ms).div_ceil(1000);
            let waiting: Vec<Seat> = g
                .waiting_for()
                .into_iter()
                .filter(|&w| s.bot_at(w).is_none())
                .collect();
            let who = waiting
                .iter()
                .map(|&w| s.name(w))
                .collect::<Vec<_>>()
                .join(", ");
            let then = match afk {
                AfkPolicy::Bot => crate::t!("timer_ticks-left-before-bot", seconds = left_s),
                AfkPolicy::Auto => crate::t!("timer_ticks-left-before-auto", seconds = left_s),
                AfkPolicy::Wait => crate::t!("timer_ticks-waiting-for-you"),
            };
            let mut r = Reply::public(
                s.place(),
                crate::t!(
                    "timer_ticks-reminder",
                    names = who,
                    then = then,
                    waiting = messages::waiting_text(g, &s.names())
                ),
            )
            .with_kind(ReplyKind::TurnStart)
            .with_game(id);
            r.mention = waiting.iter().filter_map(|&w| s.to_ping(w)).collect();
            replies.push(r);
            if let Some(s) = table.sessions.get_mut(&id) {
                s.set_reminded();
            }
        }
    }
    replies
}

fn retry_pending(table: &Table, id: GameId, now_ms: u64) -> bool {
    table
        .tick_retries
        .get(&id)
        .is_some_and(|r| now_ms < r.at_ms)
}

/// After bots were to move: progress clears a retry; no progress (a move that could not be
/// saved, or a bot's move the engine refused) schedules one, and the players hear of it once.
fn note_progress(table: &mut Table, id: GameId, before: Option<u64>, now_ms: u64) -> Vec<Reply> {
    let after = version_of(table, id);
    let Some(version) = after.filter(|_| after == before) else {
        table.tick_retries.remove(&id);
        return Vec::new();
    };
    let previous = table.tick_retries.get(&id).copied();
    let retry = TickRetry::after(previous.as_ref(), version, now_ms);
    table.tick_retries.insert(id, retry);
    tracing::warn!(
        game = id,
        retry_in_ms = retry.wait_ms,
        "a bot could not move"
    );
    let first = previous.is_none_or(|p| p.version != version);
    match table.sessions.get(&id) {
        Some(s) if first => vec![
            Reply::public(s.place(), crate::t!("timer_ticks-bot-move-not-saved")).with_game(id),
        ],
        _ => Vec::new(),
    }
}

/// The automatic move of every seat game `id` waits for. If none could be made, the game gets
/// a retry (and a save failure is announced the first time).
fn act_for_the_absent(table: &mut Table, id: GameId, now_ms: u64) -> Vec<Reply> {
    let Some(before) = version_of(table, id) else {
        return Vec::new();
    };
    let waiting = table
        .sessions
        .get(&id)
        .and_then(|s| s.game())
        .map(|g| g.waiting_for())
        .unwrap_or_default();
    let mut replies = Vec::new();
    let mut failure = None;
    for seat in waiting {
        let Some(s) = table.sessions.get(&id) else {
            break;
        };
        // The OS-seeded thread generator: independent of the game's secret seed.
        let mut rng = rand::thread_rng();
        let Some(action) = s.game().and_then(|g| timer::auto_action(g, seat, &mut rng)) else {
            continue;
        };
        let note = crate::t!(
            "timer_ticks-acted-for",
            name = s.name(seat),
            command = s
                .parse_context()
                .map(|ctx| command::command_for(&action, &ctx))
                .unwrap_or_default()
        );
        match auto_act(table, id, seat, &action, now_ms, note) {
            Ok(r) => replies.extend(r),
            Err(e) => {
                failure = Some((seat, e));
                break;
            }
        }
    }
    let Some(after) = version_of(table, id) else {
        return replies;
    };
    if after != before && failure.is_none() {
        table.tick_retries.remove(&id);
        return replies;
    }
    let previous = table.tick_retries.get(&id).copied();
    let retry = TickRetry::after(previous.as_ref(), after, now_ms);
    table.tick_retries.insert(id, retry);
    let first = previous.is_none_or(|p| p.version != after);
    match failure {
        Some((seat, ApplyError::Store(e))) => {
            tracing::warn!(
                game = id,
                retry_in_ms = retry.wait_ms,
                "the automatic move could not be saved: {e}"
            );
            if first && let Some(s) = table.sessions.get(&id) {
                replies.push(
                    Reply::public(
                        s.place(),
                        crate::t!(
                            "timer_ticks-auto-not-saved",
                            name = s.name(seat),
                            error = e.to_string()
                        ),
                    )
                    .with_game(id),
                );
            }
        }
        Some((_, ApplyError::Rule(e))) => {
            tracing::error!(game = id, "the automatic move was refused: {e}");
        }
        Some((_, ApplyError::NotStarted)) => {
            tracing::error!(game = id, "an automatic move in a game not started");
        }
        None if after == before => {
            tracing::error!(
                game = id,
                "the deadline passed but no automatic move exists"
            );
        }
        None => {}
    }
    replies
}

/// Applies a timer move durably and builds its replies; on an error nothing changed.
fn auto_act(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    action: &Action,
    now_ms: u64,
    note: String,
) -> Result<Vec<Reply>, ApplyError> {
    let snapshot_every = table.options.snapshot_every;
    let Some(session) = table.sessions.get_mut(&id) else {
        return Ok(Vec::new());
    };
    let Some(before) = session.game().map(wait_state) else {
        return Ok(Vec::new());
    };
    let applied = session.apply(&*table.store, seat, action, now_ms, snapshot_every, |_| {})?;
    Ok(after_action(
        table,
        id,
        seat,
        None,
        applied,
        before,
        Some(note),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_double_up_to_a_minute_and_restart_after_progress() {
        let mut r = TickRetry::after(None, 7, 0);
        let mut waits = vec![r.wait_ms];
        for _ in 0..8 {
            r = TickRetry::after(Some(&r), 7, r.at_ms);
            waits.push(r.wait_ms);
        }
        assert_eq!(
            waits,
            [1, 2, 4, 8, 16, 32, 60, 60, 60].map(|s| s * 1000).to_vec()
        );
        // A later version starts over.
        assert_eq!(TickRetry::after(Some(&r), 8, 5).wait_ms, FIRST_RETRY_MS);
        assert_eq!(TickRetry::after(Some(&r), 8, 5).at_ms, 5 + FIRST_RETRY_MS);
    }
}
