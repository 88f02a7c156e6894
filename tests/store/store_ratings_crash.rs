//! The ratings a game moves and the game's end are one write (issue 28). A crash point is
//! injected at the write of the winning action — the process dies just before it reaches the
//! disk, or just after, before it is acknowledged — and the table is restarted from its data
//! directory: the game is finished with its ratings, or running without them, never one
//! without the other. After the first kind, the winning move is made again and both appear.

use crate::table_support;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use catan_bot::community::{self, Community};
use catan_bot::engine::Game;
use catan_bot::store::{GameId, GameWrite, SledStore, Store, StoreError, StoredGame};
use catan_bot::table::command::ParseContext;
use catan_bot::table::{Caller, Table, command_for};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::{choose, quiet_options, refusal_text};

const PLACE: u64 = 4321;
const GUILD: u64 = 99_000;
const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// When the injected crash hits the game's final write.
#[derive(Clone, Copy, Debug)]
enum Crash {
    /// Nothing of the write reaches the disk.
    BeforeWrite,
    /// The write is on disk; the process dies before acknowledging it.
    AfterWrite,
}

/// Sled, dying at the first write that finishes a game (when `armed`).
struct CrashAtEnd {
    inner: SledStore,
    crash: Crash,
    armed: bool,
    crashed: Arc<AtomicBool>,
}

impl Store for CrashAtEnd {
    fn commit(&self, id: GameId, write: &GameWrite) -> Result<(), StoreError> {
        if self.crashed.load(Ordering::SeqCst) {
            return Err(StoreError::Io(std::io::Error::other("dead")));
        }
        if self.armed && write.finished.is_some() {
            assert!(
                !write.community.is_empty(),
                "the final write carries the ratings"
            );
            self.crashed.store(true, Ordering::SeqCst);
            if let Crash::AfterWrite = self.crash {
                self.inner.commit(id, write)?;
            }
            return Err(StoreError::Io(std::io::Error::other("crashed")));
        }
        self.inner.commit(id, write)
    }
    fn remove_game(&self, id: GameId) -> Result<(), StoreError> {
        self.inner.remove_game(id)
    }
    fn community(&self, community: u64) -> Result<Vec<(u32, Vec<u8>)>, StoreError> {
        self.inner.community(community)
    }
    fn put_community(&self, community: u64, records: &[(u32, Vec<u8>)]) -> Result<(), StoreError> {
        self.inner.put_community(community, records)
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

fn open(dir: &Path, crash: Crash, armed: bool) -> (Table, Arc<AtomicBool>) {
    let crashed = Arc::new(AtomicBool::new(false));
    let store = CrashAtEnd {
        inner: SledStore::open(dir).expect("store"),
        crash,
        armed,
        crashed: crashed.clone(),
    };
    (
        Table::open(Box::new(store), quiet_options()).expect("table"),
        crashed,
    )
}

fn caller(name: &str) -> Caller {
    let user = NAMES.iter().position(|n| *n == name).expect("a player") as u64 + 1;
    Caller {
        community: Some(GUILD),
        ..Caller::new(PLACE, user, name)
    }
}

/// The guild's records and whether game `id` is finished, as a restart finds them.
fn on_disk(dir: &Path, id: GameId) -> (bool, Community) {
    let store = SledStore::open(dir).expect("store");
    let finished = store
        .finished_games()
        .expect("finished")
        .iter()
        .any(|(g, _)| *g == id);
    (
        finished,
        community::store::load(&store, GUILD).expect("readable"),
    )
}

/// Plays random moves until a move is refused (the crash) or the game ends; returns the
/// refused move as `(name, text)`.
fn play_until_refused(table: &mut Table, game: GameId, now: &mut u64) -> Option<(String, String)> {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..20_000 {
        let g: Game = table.game_state(game)?.clone();
        let seat = g.waiting_for()[0];
        let players = table.game_in(PLACE)?.players;
        let ctx = ParseContext {
            topology: g.topology(),
            players: &players,
        };
        let text = command_for(&choose(&g.legal_actions(seat), &mut rng), &ctx);
        let name = players[seat as usize].1.clone();
        *now += 1000;
        let replies = table.handle_text(&caller(&name), &text, *now);
        if refusal_text(&replies).is_some() {
            return Some((name, text));
        }
    }
    panic!("the game did not end");
}

#[test]
fn a_crash_at_the_game_end_never_separates_the_finished_game_from_its_ratings() {
    for crash in [Crash::BeforeWrite, Crash::AfterWrite] {
        let dir = tempfile::tempdir().expect("tmp");
        let mut now = 1_000_000;
        let (mut table, crashed) = open(dir.path(), crash, true);
        for (name, text) in [
            ("alice", "new players 3 seed 11"),
            ("bob", "join"),
            ("carol", "join"),
            ("alice", "start"),
        ] {
            now += 1000;
            let r = table.handle_text(&caller(name), text, now);
            assert_eq!(refusal_text(&r), None, "{name}: {text}");
        }
        let game = table.game_in(PLACE).expect("a game").id;
        let (name, text) =
            play_until_refused(&mut table, game, &mut now).expect("the winning move crashed");
        assert!(
            crashed.load(Ordering::SeqCst),
            "{crash:?}: refused for another reason"
        );
        drop(table);

        let (finished, records) = on_disk(dir.path(), game);
        let rated = records.season(1).players.len() == 3;
        assert_eq!(
            finished, rated,
            "{crash:?}: finished {finished} but ratings written {rated}"
        );
        match crash {
            Crash::BeforeWrite => {
                assert!(!finished);
                assert_eq!(records, Community::default());
                // Restarted, the game runs on; the same winning move now ends it, ratings and all.
                let (mut table, _) = open(dir.path(), crash, false);
                assert!(table.game_state(game).is_some(), "the game resumed");
                now += 1000;
                let r = table.handle_text(&caller(&name), &text, now);
                assert_eq!(refusal_text(&r), None, "{name}: {text} after the restart");
                drop(table);
                let (finished, records) = on_disk(dir.path(), game);
                assert!(finished);
                assert_eq!(records.season(1).players.len(), 3);
            }
            Crash::AfterWrite => assert!(finished),
        }
    }
}
