//! Many games at once, each bound to its place; and a store that fails a write: the player is
//! told, and the game is exactly as before (nothing is said about an action that is not
//! durable).

mod table_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use catan_bot::store::{GameId, SledStore, Store, StoreError, StoredGame};
use catan_bot::table::{Caller, Table};
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
    let first = g.current;
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
    assert_eq!(table.game_state(a).map(|g| g.version), Some(1));
    assert_eq!(table.game_state(b).map(|g| g.version), Some(0));
    // A third place has no game.
    let r = table.handle_text(&at(30, 1, "alice"), "status", now);
    assert!(r[0].is_refusal());
}

/// The real sled store, with writes that can be made to fail.
struct Flaky {
    inner: SledStore,
    fail: Arc<AtomicBool>,
}

impl Flaky {
    fn check(&self) -> Result<(), StoreError> {
        if self.fail.load(Ordering::SeqCst) {
            Err(StoreError::Io(std::io::Error::other("disk full")))
        } else {
            Ok(())
        }
    }
}

impl Store for Flaky {
    fn put_meta(&self, id: GameId, meta: &[u8]) -> Result<(), StoreError> {
        self.check()?;
        self.inner.put_meta(id, meta)
    }
    fn append_action(&self, id: GameId, index: u64, action: &[u8]) -> Result<(), StoreError> {
        self.check()?;
        self.inner.append_action(id, index, action)
    }
    fn put_snapshot(&self, id: GameId, upto: u64, state: &[u8]) -> Result<(), StoreError> {
        self.check()?;
        self.inner.put_snapshot(id, upto, state)
    }
    fn finish_game(&self, id: GameId, record: &[u8]) -> Result<(), StoreError> {
        self.check()?;
        self.inner.finish_game(id, record)
    }
    fn remove_game(&self, id: GameId) -> Result<(), StoreError> {
        self.check()?;
        self.inner.remove_game(id)
    }
    fn put_offer(&self, id: GameId, offer: u32, record: &[u8]) -> Result<(), StoreError> {
        self.check()?;
        self.inner.put_offer(id, offer, record)
    }
    fn remove_offers(&self, id: GameId, offers: &[u32]) -> Result<(), StoreError> {
        self.check()?;
        self.inner.remove_offers(id, offers)
    }
    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.load_all()
    }
    fn finished_games(&self) -> Result<Vec<(GameId, Vec<u8>)>, StoreError> {
        self.inner.finished_games()
    }
    fn size_on_disk(&self) -> Result<u64, StoreError> {
        self.inner.size_on_disk()
    }
}

#[test]
fn a_failed_write_is_reported_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let fail = Arc::new(AtomicBool::new(false));
    let store = Flaky {
        inner: SledStore::open(dir.path()).expect("store"),
        fail: fail.clone(),
    };
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
    let seat = g.current;
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
