//! Turn timers on a failing store: the automatic move is not done, the players are told once,
//! and the next attempt waits longer each time (1 s doubling to a minute) — the table never asks
//! to be ticked again at the moment it was just ticked, so a timer loop built on
//! `next_deadline` cannot spin.

use crate::table_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use catan_bot::table::{Audience, Caller, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::failing_store::FailingStore;
use table_support::*;

const MINUTE: u64 = 60_000;
const PLACE: u64 = 1;

/// A started 3-player game with a one-minute turn timer on a store that can fail.
fn timed_game(dir: &std::path::Path) -> (Table, Arc<AtomicBool>) {
    let (store, fail) = FailingStore::open(dir, "disk full");
    let mut table = Table::open(Box::new(store), quiet_options()).expect("table");
    let c = |user: u64, name: &str| Caller::new(PLACE, user, name);
    let now = 0;
    assert_no_refusal(
        &table.handle_text(&c(1, "alice"), "new players 3 seed 4 timer 1 afk auto", now),
        "new",
    );
    assert_no_refusal(&table.handle_text(&c(2, "bob"), "join", now), "join");
    assert_no_refusal(&table.handle_text(&c(3, "carol"), "join", now), "join");
    assert_no_refusal(&table.handle_text(&c(1, "alice"), "start", now), "start");
    (table, fail)
}

fn version(table: &Table) -> u64 {
    table
        .game_in(PLACE)
        .and_then(|g| g.version)
        .expect("running")
}

fn could_not_save(replies: &[catan_bot::table::Reply]) -> usize {
    replies
        .iter()
        .filter(|r| {
            matches!(r.audience, Audience::Channel(_)) && r.text.contains("could not be saved")
        })
        .count()
}

#[test]
fn a_failing_automatic_move_backs_off_and_is_announced_once() {
    let dir = tempfile::tempdir().expect("tmp");
    let (mut table, fail) = timed_game(dir.path());
    // Past the reminder, up to the deadline.
    let reminder = table.next_deadline().expect("reminder");
    assert!(!table.tick(reminder).is_empty());
    let deadline = table.next_deadline().expect("deadline");
    assert_eq!(deadline, MINUTE);

    fail.store(true, Ordering::SeqCst);
    let r = table.tick(deadline);
    assert_eq!(could_not_save(&r), 1, "{r:?}");
    assert!(r[0].text.contains("did not act"), "{}", r[0].text);
    assert_eq!(version(&table), 0, "nothing was done");

    // Each retry waits twice as long, up to a minute; nobody is told again.
    let mut at = deadline;
    let mut waits = Vec::new();
    for _ in 0..9 {
        let next = table.next_deadline().expect("a retry");
        assert!(
            next > at,
            "asked to tick again at {next} after ticking at {at}"
        );
        // Nothing happens before the retry is due.
        assert!(table.tick(next - 1).is_empty());
        waits.push((next - at) / 1000);
        at = next;
        let r = table.tick(at);
        assert_eq!(could_not_save(&r), 0, "announced once only: {r:?}");
        assert_eq!(version(&table), 0);
    }
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);

    // The disk has room again: the next retry does the move and says so.
    fail.store(false, Ordering::SeqCst);
    let next = table.next_deadline().expect("a retry");
    let r = table.tick(next);
    assert_eq!(version(&table), 1);
    assert!(
        r.iter().any(|r| r.text.contains("Time is up")),
        "the move is reported: {r:?}"
    );
    // Back to the normal timer: the next deadline is a turn timer away.
    assert!(table.next_deadline().expect("deadline") > next + MINUTE / 2);
}

#[test]
fn a_players_move_ends_the_retries() {
    let dir = tempfile::tempdir().expect("tmp");
    let (mut table, fail) = timed_game(dir.path());
    fail.store(true, Ordering::SeqCst);
    table.tick(MINUTE);
    assert_eq!(table.next_deadline(), Some(MINUTE + 1_000));
    fail.store(false, Ordering::SeqCst);
    // The current player makes a move themselves (their first settlement and road).
    let state = table.game_state(table.game_in(PLACE).unwrap().id).unwrap();
    let seat = state.current();
    let user = table.game_in(PLACE).unwrap().players[seat as usize].0;
    let name = table.game_in(PLACE).unwrap().players[seat as usize]
        .1
        .clone();
    let action = state.legal_actions(seat)[0].clone();
    let players = table.game_in(PLACE).unwrap().players;
    let ctx = catan_bot::table::command::ParseContext {
        topology: state.topology(),
        players: &players,
    };
    let text = catan_bot::table::command_for(&action, &ctx);
    let r = table.handle_text(&Caller::new(PLACE, user, name), &text, MINUTE + 500);
    assert_no_refusal(&r, &text);
    // The timer starts over from that move: no retry schedule is left.
    let next = table.next_deadline().expect("deadline");
    assert!(next >= MINUTE + 500 + MINUTE / 2, "{next}");
}

/// Whatever the store does, one tick at `now` leaves nothing due at `now`: a loop that sleeps
/// until `next_deadline` and ticks makes progress in time, never in place.
#[test]
fn after_any_tick_the_next_deadline_lies_ahead() {
    let dir = tempfile::tempdir().expect("tmp");
    let (mut table, fail) = timed_game(dir.path());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut ticks = 0;
    while let Some(at) = table.next_deadline() {
        fail.store(rng.gen_bool(0.3), Ordering::SeqCst);
        table.tick(at);
        if let Some(next) = table.next_deadline() {
            assert!(
                next > at,
                "tick {ticks}: due again at {next} after ticking at {at}"
            );
        }
        ticks += 1;
        if ticks == 400 {
            break;
        }
    }
    assert!(version(&table) > 20, "the timer played the game on");
}
