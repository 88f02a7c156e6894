//! One player command is one atomic write. For every command of a game with trades (offers
//! accepted, confirmed, withdrawn, left open at the end of a turn) and a player coming back
//! from `away`, the process is "killed" at each write the command makes — an injected crash
//! point in the store: that write and every later one never reach the disk — and the game is
//! restarted from its data directory. It must be exactly the game before the command or the
//! game after it: never an action without the offer it closed (a trade that could run twice),
//! never half a command.

use crate::table_support;

use std::hash::{Hash, Hasher};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use catan_bot::engine::{Game, Phase, Seat};
use catan_bot::store::{GameId, GameWrite, SledStore, Store, StoreError, StoredGame};
use catan_bot::table::command::ParseContext;
use catan_bot::table::offers::Offer;
use catan_bot::table::{Caller, Reply, Table, command_for};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::{choose, quiet_options, refusal_text};

const PLACE: u64 = 777;
const NAMES: [&str; 3] = ["alice", "bob", "carol"];
const RESOURCES: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];

/// Sled, with a crash point: after `budget` writes the process is dead, so every later write
/// is lost (refused here, never reaching sled).
struct CrashingStore {
    inner: SledStore,
    budget: u64,
    done: Arc<AtomicU64>,
    crashed: Arc<AtomicBool>,
}

impl CrashingStore {
    fn write(
        &self,
        f: impl FnOnce(&SledStore) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        if self.done.load(Ordering::SeqCst) >= self.budget {
            self.crashed.store(true, Ordering::SeqCst);
            return Err(StoreError::Io(std::io::Error::other("crashed")));
        }
        f(&self.inner)?;
        self.done.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

impl Store for CrashingStore {
    fn commit(&self, id: GameId, write: &GameWrite) -> Result<(), StoreError> {
        self.write(|s| s.commit(id, write))
    }
    fn remove_game(&self, id: GameId) -> Result<(), StoreError> {
        self.write(|s| s.remove_game(id))
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

/// A table whose store crashes after `budget` writes; with the count of writes done and
/// whether the crash point was reached.
fn open(dir: &Path, budget: u64) -> (Table, Arc<AtomicU64>, Arc<AtomicBool>) {
    let done = Arc::new(AtomicU64::new(0));
    let crashed = Arc::new(AtomicBool::new(false));
    let store = CrashingStore {
        inner: SledStore::open(dir).expect("open store"),
        budget,
        done: done.clone(),
        crashed: crashed.clone(),
    };
    let table = Table::open(Box::new(store), quiet_options()).expect("open table");
    (table, done, crashed)
}

/// What the store keeps of a game: the engine state (a digest of its bytes, to keep failure
/// messages short), the open offers with their answers, and the seats bots play (stand-ins).
#[derive(Debug, PartialEq)]
struct Durable {
    game: u64,
    offers: Vec<Offer>,
    bot_seats: Vec<Seat>,
}

fn durable(table: &Table, game: GameId) -> Option<Durable> {
    let state = table.game_state(game)?;
    Some(Durable {
        game: {
            let mut hasher = std::hash::DefaultHasher::new();
            bincode::serialize(state)
                .expect("serialize")
                .hash(&mut hasher);
            hasher.finish()
        },
        offers: table.open_offers(game).to_vec(),
        bot_seats: table.bot_seats(game),
    })
}

fn caller(name: &str) -> Caller {
    let user = NAMES.iter().position(|n| *n == name).expect("a player") as u64 + 1;
    Caller::new(PLACE, user, name)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// Drives one game, checking every command at each of its crash points.
struct Crashes {
    dir: tempfile::TempDir,
    table: Option<Table>,
    now: u64,
    game: GameId,
    /// Crash runs made (command, writes before the crash), for the final check.
    checked: Vec<(String, u64)>,
    /// Most writes one command made.
    most_writes: u64,
}

impl Crashes {
    fn table(&self) -> &Table {
        self.table.as_ref().expect("open")
    }

    /// The seated players in seat order, `(user, name)`.
    fn players(&self) -> Vec<(u64, String)> {
        self.table().game_in(PLACE).expect("a game").players
    }

    fn name(&self, seat: Seat) -> String {
        self.players()[seat as usize].1.clone()
    }

    fn state(&self) -> Game {
        self.table().game_state(self.game).expect("running").clone()
    }

    /// `name` types `text`, checked at every crash point; returns the replies of the run
    /// without a crash, which the game continues from.
    fn say(&mut self, name: &str, text: &str) -> Vec<Reply> {
        self.now += 1000;
        let before = durable(self.table(), self.game);
        self.table = None;
        let saved = tempfile::tempdir().expect("tmp");
        copy_dir(self.dir.path(), saved.path());

        let (mut table, done, _) = open(self.dir.path(), u64::MAX);
        let replies = table.handle_text(&caller(name), text, self.now);
        let writes = done.load(Ordering::SeqCst);
        let in_memory = durable(&table, self.game);
        drop(table);
        let (table, _, _) = open(self.dir.path(), u64::MAX);
        let after = durable(&table, self.game);
        assert_eq!(
            after, in_memory,
            "`{name}: {text}`: the restarted game is not the one that was acknowledged"
        );
        self.table = Some(table);
        self.most_writes = self.most_writes.max(writes);

        for budget in 0..writes {
            let work = tempfile::tempdir().expect("tmp");
            copy_dir(saved.path(), work.path());
            let (mut table, _, crashed) = open(work.path(), budget);
            table.handle_text(&caller(name), text, self.now);
            assert!(
                crashed.load(Ordering::SeqCst),
                "the same command writes again"
            );
            drop(table);
            let (table, _, _) = open(work.path(), u64::MAX);
            let restarted = durable(&table, self.game);
            assert!(
                restarted == before || restarted == after,
                "`{name}: {text}` killed after {budget} of its {writes} writes: the restarted \
                 game is neither the game before the command nor the game after it\n\
                 before: {before:?}\nafter: {after:?}\nrestarted: {restarted:?}"
            );
            self.checked.push((format!("{name}: {text}"), budget));
        }
        replies
    }

    fn must(&mut self, name: &str, text: &str) {
        let replies = self.say(name, text);
        assert_eq!(refusal_text(&replies), None, "`{name}: {text}` was refused");
    }
}

/// A trade `seat` can offer: one card it holds for one another player holds.
fn tradeable(g: &Game, seat: Seat) -> Option<(usize, usize, Seat)> {
    let give = (0..5).find(|&r| g.players()[seat as usize].hand.0[r] > 0)?;
    (0..g.players().len() as Seat)
        .filter(|&s| s != seat)
        .find_map(|s| {
            let get = (0..5).find(|&r| r != give && g.players()[s as usize].hand.0[r] > 0)?;
            Some((give, get, s))
        })
}

#[test]
fn every_command_restarts_as_before_or_after_it_at_every_crash_point() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut run = Crashes {
        table: Some(open(dir.path(), u64::MAX).0),
        dir,
        now: 1_000_000,
        game: 0,
        checked: Vec::new(),
        most_writes: 0,
    };
    run.must("alice", "new players 3 seed 11");
    run.must("bob", "join");
    run.must("carol", "join");
    run.must("alice", "start");
    run.game = run.table().game_in(PLACE).expect("a game").id;

    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut traded_turns = 0;
    let mut confirmed = 0;
    let mut withdrawn = 0;
    let mut left_open = 0;
    let mut returned = false;
    let mut last_trade_turn = None;
    while run.state().turn() < 24 && run.state().winner().is_none() {
        let g = run.state();
        let seat = g.waiting_for()[0];
        let name = &run.name(seat);
        let ready_to_trade = *g.phase() == Phase::Main
            && seat == g.current()
            && last_trade_turn != Some(g.turn())
            && g.turn().is_multiple_of(2);
        if ready_to_trade && let Some((give, get, with)) = tradeable(&g, seat) {
            last_trade_turn = Some(g.turn());
            let offer = format!("trade offer 1 {} for 1 {}", RESOURCES[give], RESOURCES[get]);
            run.must(name, &offer);
            let number = run.table().open_offers(run.game).last().expect("posted").id;
            let acceptor = run.name(with);
            run.must(&acceptor, &format!("trade accept {number}"));
            match traded_turns % 3 {
                0 => {
                    let confirm = format!("trade confirm {number} {acceptor}");
                    run.must(name, &confirm);
                    confirmed += 1;
                    // The confirmed offer is gone for good: confirming again is refused.
                    let again = run.say(name, &confirm);
                    assert!(refusal_text(&again).is_some(), "a trade ran twice");
                }
                1 => {
                    run.must(name, &format!("trade withdraw {number}"));
                    withdrawn += 1;
                }
                _ => left_open += 1, // ended by the end of the turn, in its write
            }
            traded_turns += 1;
            continue;
        }
        // Once: a player away (a bot would stand in) comes back by moving, in that move's write.
        let away = !returned && *g.phase() == Phase::Main && g.turn() > 6;
        if away {
            run.must(name, "away");
            assert!(run.table().bot_seats(run.game).contains(&seat));
            returned = true;
        }
        let action = choose(&g.legal_actions(seat), &mut rng);
        let players = run.players();
        let ctx = ParseContext {
            topology: g.topology(),
            players: &players,
        };
        let text = command_for(&action, &ctx);
        if rng.gen_bool(0.05) {
            // Now and then a refused command: no write, nothing changes.
            run.say(name, "build city 1");
        }
        run.must(name, &text);
        if away {
            assert!(
                !run.table().bot_seats(run.game).contains(&seat),
                "{name} is back"
            );
        }
    }
    assert!(
        confirmed >= 2 && withdrawn >= 1 && left_open >= 1,
        "the game traded too little: {confirmed} confirmed, {withdrawn} withdrawn, {left_open} left open"
    );
    assert!(returned, "nobody came back from away");
    assert!(
        run.checked.len() > 100,
        "crash points checked: {}",
        run.checked.len()
    );
    assert_eq!(
        run.most_writes, 1,
        "every command here is one player's action: one write"
    );
}
