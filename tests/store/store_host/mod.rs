//! A game hosted on a given store, driven by a biased-random player, for the store's
//! scenario tests (failed writes, damage): start, play, restart on another store handle.

use catan_bot::engine::{Phase, Resource};
use catan_bot::store::{GameId, Store};
use catan_bot::table::{Caller, Reply, Table};
use rand_chacha::ChaCha8Rng;

use crate::table_support::{assert_no_refusal, choose, quiet_options};

pub const PLACE: u64 = 1;
pub const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// A table with one game of three players in place [`PLACE`]; user id = seat in join order + 1.
pub struct Host {
    pub table: Table,
    pub game: GameId,
    pub now: u64,
}

impl Host {
    pub fn start(store: Box<dyn Store>, seed: u64) -> Host {
        let mut host = Host {
            table: Table::open(store, quiet_options()).expect("table"),
            game: 0,
            now: 1_000_000,
        };
        let r = host.say(1, &format!("new players 3 seed {seed}"));
        assert_no_refusal(&r, "new");
        for user in [2, 3] {
            assert_no_refusal(&host.say(user, "join"), "join");
        }
        assert_no_refusal(&host.say(1, "start"), "start");
        host.game = host.table.game_in(PLACE).expect("game").id;
        host
    }

    pub fn reopen(store: Box<dyn Store>, game: GameId) -> Host {
        Host {
            table: Table::open(store, quiet_options()).expect("table"),
            game,
            now: 2_000_000_000,
        }
    }

    pub fn say(&mut self, user: u64, text: &str) -> Vec<Reply> {
        self.now += 1000;
        let caller = Caller::new(PLACE, user, NAMES[user as usize - 1]);
        self.table.handle_text(&caller, text, self.now)
    }

    pub fn state(&self) -> Vec<u8> {
        bincode::serialize(self.table.game_state(self.game).expect("state")).expect("serialize")
    }

    pub fn user_of_seat(&self, seat: u8) -> u64 {
        self.table.game_in(PLACE).expect("game").players[seat as usize].0
    }

    /// The command for a biased-random legal move of whoever the game waits for, and its user.
    pub fn next_move(&self, rng: &mut ChaCha8Rng) -> Option<(u64, String)> {
        let g = self.table.game_state(self.game).expect("state");
        if g.winner().is_some() {
            return None;
        }
        let seat = g.waiting_for()[0];
        let action = choose(&g.legal_actions(seat), rng);
        let players = self.table.game_in(PLACE).expect("game").players;
        let ctx = catan_bot::table::command::ParseContext {
            topology: g.topology(),
            players: &players,
        };
        Some((
            self.user_of_seat(seat),
            catan_bot::table::command_for(&action, &ctx),
        ))
    }

    /// Plays one move; it must be accepted.
    pub fn step(&mut self, rng: &mut ChaCha8Rng) {
        let (user, text) = self.next_move(rng).expect("game still running");
        assert_no_refusal(&self.say(user, &text), &text);
    }

    /// Plays until the current player may trade and holds a card; returns (user, give, want).
    pub fn until_trading(&mut self, rng: &mut ChaCha8Rng) -> (u64, Resource, Resource) {
        for _ in 0..2_000 {
            let g = self.table.game_state(self.game).expect("state");
            let seat = g.current();
            if *g.phase() == Phase::Main
                && let Some((give, _)) = g.players()[seat as usize].hand.iter().next()
            {
                let want = Resource::ALL
                    .into_iter()
                    .find(|&r| r != give)
                    .expect("another resource");
                return (self.user_of_seat(seat), give, want);
            }
            self.step(rng);
        }
        panic!("nobody could trade in 2,000 moves");
    }

    pub fn offers_text(&mut self) -> String {
        let r = self.say(1, "trade list");
        assert_no_refusal(&r, "trade list");
        r[0].text.clone()
    }
}
