//! Many games at once, each bound to its place; and a store that fails a write: the player is
//! told, and the game is exactly as before (nothing is said about an action that is not
//! durable).

use crate::table_support;

use std::sync::atomic::Ordering;

use catan_bot::table::{Caller, Table};
use table_support::failing_store::FailingStore;
use table_support::*;

#[test]
fn games_in_different_places_are_independent() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut table = open_table(dir.path(), quiet_options());
    let now = 5_000;
    let at = |place: u64, user: u64, name: &str| Caller::new(place, user, name);
    for place in [10, 20] {
        assert_no_refusal(
            &table.handle_text(&at(place, 1, "alice"), "new players 3 seed 9", now),
            "new",
        );
        assert_no_refusal(
            &table.handle_text(&at(place, 2, "bob"), "join", now),
            "join",
        );
        assert_no_refusal(
            &table.handle_text(&at(place, 3, "carol"), "join", now),
            "join",
        );
        assert_no_refusal(
            &table.handle_text(&at(place, 1, "alice"), "start", now),
            "start",
        );
    }
    let (a, b) = (
        table.game_in(10).expect("game a").id,
        table.game_in(20).expect("game b").id,
    );
    assert_ne!(a, b);
    // Same seed, same seats: the first setup placement in place 10 leaves place 20 alone.
    let g = table.game_state(a).expect("a");
    let first = g.current();
    let user = table.game_in(10).expect("a").players[first as usize].0;
    let action = g.legal_actions(first)[0].clone();
    let text = catan_bot::table::command_for(
        &action,
        &catan_bot::table::command::ParseContext {
            topology: g.topology(),
            players: &table.game_in(10).expect("a").players,
        },
    );
    let r = table.handle_text(&at(10, user, "x"), &text, now);
    assert_no_refusal(&r, &text);
    assert!(r.iter().all(|r| r.game == Some(a)));
    assert_eq!(table.game_state(a).map(|g| g.version()), Some(1));
    assert_eq!(table.game_state(b).map(|g| g.version()), Some(0));
    // A third place has no game.
    let r = table.handle_text(&at(30, 1, "alice"), "status", now);
    assert!(r[0].is_refusal());
}

#[test]
fn a_failed_write_is_reported_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let (store, fail) = FailingStore::open(dir.path(), "disk full");
    let mut table = Table::open(Box::new(store), quiet_options()).expect("table");
    let c = |user: u64, name: &str| Caller::new(1, user, name);
    let now = 1;
    // Lobby writes.
    fail.store(true, Ordering::SeqCst);
    let r = table.handle_text(&c(1, "alice"), "new players 3", now);
    assert!(
        r.len() == 1 && r[0].is_refusal() && r[0].text.contains("could not be saved"),
        "{r:?}"
    );
    assert!(table.game_in(1).is_none());
    fail.store(false, Ordering::SeqCst);
    assert_no_refusal(
        &table.handle_text(&c(1, "alice"), "new players 3 seed 4", now),
        "new",
    );
    assert_no_refusal(&table.handle_text(&c(2, "bob"), "join", now), "join");
    fail.store(true, Ordering::SeqCst);
    let r = table.handle_text(&c(3, "carol"), "join", now);
    assert!(r[0].is_refusal() && r[0].text.contains("could not be saved"));
    assert_eq!(table.game_in(1).expect("lobby").players.len(), 2);
    fail.store(false, Ordering::SeqCst);
    assert_no_refusal(&table.handle_text(&c(3, "carol"), "join", now), "join");
    assert_no_refusal(&table.handle_text(&c(1, "alice"), "start", now), "start");
    // An engine action whose log append fails.
    let id = table.game_in(1).expect("game").id;
    let g = table.game_state(id).expect("state");
    let seat = g.current();
    let user = table.game_in(1).expect("game").players[seat as usize].0;
    let v = g.legal_actions(seat)[0].clone();
    let catan_bot::engine::Action::BuildSettlement(vertex) = v else {
        panic!("setup starts with a settlement")
    };
    let before = bincode::serialize(g).expect("ser");
    fail.store(true, Ordering::SeqCst);
    let text = format!("build settlement {}", vertex as u32 + 1);
    let r = table.handle_text(&c(user, "x"), &text, now);
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(
        r[0].is_refusal() && r[0].text.contains("nothing happened"),
        "{}",
        r[0].text
    );
    assert_eq!(
        bincode::serialize(table.game_state(id).expect("state")).expect("ser"),
        before
    );
    // Once the disk is back the same command works, and a restart finds it.
    fail.store(false, Ordering::SeqCst);
    assert_no_refusal(&table.handle_text(&c(user, "x"), &text, now), &text);
    let after = bincode::serialize(table.game_state(id).expect("state")).expect("ser");
    drop(table);
    let table = open_table(dir.path(), quiet_options());
    assert_eq!(
        bincode::serialize(table.game_state(id).expect("state")).expect("ser"),
        after
    );
}
