//! Every suggestion the table offers is accepted when chosen. Over random games, at every
//! position, each suggestion of every kind is turned into its command the way an adapter
//! writes it (`robber C3 bob`, `play road-building 8-13 13-9`) and sent through the whole
//! table; the store refuses that one write, so the game does not move and the next
//! suggestion is tried on the same position. Accepted means: the only refusal is the store's.

use crate::table_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use catan_bot::engine::Seat;
use catan_bot::table::{Caller, PlaceKind, Reply, Table};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::failing_store::FailingStore;
use table_support::{assert_no_refusal, choose, quiet_options};

const PLACE: u64 = 5;
const DRY_RUN: &str = "dry run: not written";

/// Which kinds offered at least one suggestion during a walk.
#[derive(Default, Debug)]
struct Seen {
    settlement: bool,
    city: bool,
    road: bool,
    robber: bool,
    knight: bool,
    victim: bool,
    only_victim: bool,
    free_road: bool,
    second_road: bool,
}

struct Walk {
    table: Table,
    dry: Arc<AtomicBool>,
    _dir: tempfile::TempDir,
    callers: Vec<Caller>,
    game: u64,
    seen: Seen,
    tried: usize,
}

impl Walk {
    fn start(players: usize, seed: u64) -> Walk {
        let dir = tempfile::tempdir().expect("tmp");
        let (store, dry) = FailingStore::open(dir.path(), DRY_RUN);
        let mut table = Table::open(Box::new(store), quiet_options()).expect("table");
        let callers: Vec<Caller> = (0..players)
            .map(|i| Caller::new(PLACE, i as u64 + 1, format!("p{i}")))
            .collect();
        let r = table.handle_text(
            &callers[0],
            &format!("new players {players} seed {seed}"),
            1,
        );
        assert_no_refusal(&r, "new");
        for c in &callers[1..] {
            assert_no_refusal(&table.handle_text(c, "join", 1), "join");
        }
        assert_no_refusal(&table.handle_text(&callers[0], "start", 1), "start");
        let game = table.game_in(PLACE).expect("game").id;
        Walk {
            table,
            dry,
            _dir: dir,
            callers,
            game,
            seen: Seen::default(),
            tried: 0,
        }
    }

    fn caller(&self, seat: Seat) -> Caller {
        let name = &self.table.game_in(PLACE).expect("game").players[seat as usize].1;
        self.callers
            .iter()
            .find(|c| &c.name == name)
            .cloned()
            .expect("a caller per seat")
    }

    /// The suggestions of `kind`: those offered with nothing typed, and (as a list holds at
    /// most 25) those offered once the first character of a label is typed.
    fn suggest(&self, caller: &Caller, kind: PlaceKind) -> Vec<String> {
        let mut values: Vec<String> = Vec::new();
        let typed = [
            "", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f", "g",
        ];
        for partial in typed {
            for (v, _) in self.table.suggest(caller, kind.clone(), partial) {
                if !values.contains(&v) {
                    values.push(v);
                }
            }
        }
        values
    }

    /// Sends `text` with the store refusing to write: the table must have accepted it.
    fn accepted(&mut self, caller: &Caller, text: &str) {
        let version = self.version();
        self.dry.store(true, Ordering::SeqCst);
        let replies = self.table.handle_text(caller, text, 2);
        self.dry.store(false, Ordering::SeqCst);
        let refusals: Vec<&Reply> = replies.iter().filter(|r| r.is_refusal()).collect();
        assert!(
            refusals.len() == 1 && refusals[0].text.contains(DRY_RUN),
            "`{}: {text}` was not accepted: {:?}",
            caller.name,
            refusals.iter().map(|r| &r.text).collect::<Vec<_>>()
        );
        assert_eq!(self.version(), version, "a dry run moved the game");
        self.tried += 1;
    }

    fn version(&self) -> u64 {
        self.table
            .game_state(self.game)
            .map(|g| g.version())
            .unwrap_or(0)
    }

    /// Every suggestion `seat` is offered now, each turned into its command and tried.
    fn try_all(&mut self, seat: Seat) {
        let c = self.caller(seat);
        for (kind, verb) in [
            (PlaceKind::Settlement, "build settlement"),
            (PlaceKind::City, "build city"),
            (PlaceKind::Road, "build road"),
        ] {
            let values = self.suggest(&c, kind.clone());
            match kind {
                PlaceKind::Settlement => self.seen.settlement |= !values.is_empty(),
                PlaceKind::City => self.seen.city |= !values.is_empty(),
                _ => self.seen.road |= !values.is_empty(),
            }
            for v in values {
                self.accepted(&c, &format!("{verb} {v}"));
            }
        }
        for (kind, verb) in [
            (PlaceKind::Robber, "robber"),
            (PlaceKind::Knight, "play knight"),
        ] {
            let hexes = self.suggest(&c, kind.clone());
            if kind == PlaceKind::Robber {
                self.seen.robber |= !hexes.is_empty();
            } else {
                self.seen.knight |= !hexes.is_empty();
            }
            for hex in hexes {
                let victims = self.suggest(&c, PlaceKind::Victim { hex: hex.clone() });
                self.seen.victim |= !victims.is_empty();
                if victims.len() <= 1 {
                    // nobody to rob, or the only one robbed without being named
                    self.seen.only_victim |= victims.len() == 1;
                    self.accepted(&c, &format!("{verb} {hex}"));
                }
                for v in victims {
                    self.accepted(&c, &format!("{verb} {hex} {v}"));
                }
            }
        }
        let firsts = self.suggest(&c, PlaceKind::FreeRoad);
        self.seen.free_road |= !firsts.is_empty();
        for first in firsts {
            let seconds = self.suggest(
                &c,
                PlaceKind::SecondFreeRoad {
                    first: first.clone(),
                },
            );
            self.seen.second_road |= !seconds.is_empty();
            assert!(!seconds.contains(&first), "{first} offered twice");
            if seconds.is_empty() {
                self.accepted(&c, &format!("play road-building {first}"));
            }
            for second in seconds {
                self.accepted(&c, &format!("play road-building {first} {second}"));
            }
        }
    }

    /// Tries every suggestion of every waiting player at every position of a whole game,
    /// moving on with a biased random legal action each time.
    fn run(&mut self, seed: u64, max_actions: usize) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..max_actions {
            let Some(g) = self.table.game_state(self.game) else {
                return;
            };
            if g.winner().is_some() {
                return;
            }
            let waiting = g.waiting_for();
            for &seat in &waiting {
                self.try_all(seat);
            }
            let Some(g) = self.table.game_state(self.game) else {
                return;
            };
            let seat = waiting[0];
            let action = choose(&g.legal_actions(seat), &mut rng);
            let players: Vec<(u64, String)> =
                self.table.game_in(PLACE).expect("game").players.clone();
            let ctx = catan_bot::table::command::ParseContext {
                topology: g.topology(),
                players: &players,
            };
            let text = catan_bot::table::command_for(&action, &ctx);
            let c = self.caller(seat);
            let version = self.version();
            let r = self.table.handle_text(&c, &text, 3);
            assert_no_refusal(&r, &text);
            if self.table.game_state(self.game).is_none() {
                // Won: a finished game leaves the table's memory.
                assert!(r.iter().any(|r| r.text.contains("wins")), "{text}: {r:?}");
                return;
            }
            assert_eq!(self.version(), version + 1, "{text} not applied");
        }
    }
}

proptest! {
    #![proptest_config(table_support::regressions_beside_source(ProptestConfig::with_cases(6)))]

    #[test]
    fn every_suggestion_is_accepted_when_chosen(seed in any::<u64>(), players in 2usize..=6) {
        let mut walk = Walk::start(players, seed);
        walk.run(seed, 600);
        prop_assert!(walk.tried > 0);
    }
}

/// Fixed games that reach every kind of suggestion, the rarer ones (Road Building's second
/// road, a robber hex with exactly one victim) included.
#[test]
fn fixed_games_reach_every_kind_of_suggestion() {
    let mut seen = Seen::default();
    let mut tried = 0;
    for (players, seed) in [(3, 1), (4, 2), (3, 3), (5, 4)] {
        let mut walk = Walk::start(players, seed);
        walk.run(seed, 2000);
        tried += walk.tried;
        let s = walk.seen;
        seen.settlement |= s.settlement;
        seen.city |= s.city;
        seen.road |= s.road;
        seen.robber |= s.robber;
        seen.knight |= s.knight;
        seen.victim |= s.victim;
        seen.only_victim |= s.only_victim;
        seen.free_road |= s.free_road;
        seen.second_road |= s.second_road;
    }
    let all = seen.settlement
        && seen.city
        && seen.road
        && seen.robber
        && seen.knight
        && seen.victim
        && seen.only_victim
        && seen.free_road
        && seen.second_road;
    assert!(all, "some kind was never offered: {seen:?}");
    println!("{tried} suggestions tried, each accepted");
}
