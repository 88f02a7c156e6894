//! Helpers to set up positions quickly in tests: a game already in its action phase with an
//! empty board, pieces placed directly (keeping the supply and piece counts consistent), and
//! assertions that an action is accepted or refused without any change of state.
//!
//! Public so the scenario tests in `tests/` can use it; not meant for the bot itself.

use super::action::{Action, Event, Phase, RuleError};
use super::board::{EdgeId, HexId, LayoutKind, Topology, VertexId};
use super::game::{Building, Game, HeldCard, LastChange};
use super::helpers::{HeldHelper, Helper, HelperState, Side};
use super::types::{DevCard, Resource, Resources, Seat, Settings};

/// A game under test.
pub struct TestGame {
    pub g: Game,
}

impl TestGame {
    /// `players` seats, turn 1, seat 0 in the action phase (already rolled), nothing on the
    /// board, empty hands. 3–4 players use the beginner map.
    pub fn main_phase(players: u8) -> TestGame {
        TestGame::main_phase_seeded(players, 1)
    }

    pub fn main_phase_seeded(players: u8, seed: u64) -> TestGame {
        let mut settings = Settings::for_players(players);
        if players <= 4 {
            settings.layout = LayoutKind::Beginner;
        }
        let mut g = Game::new(settings, seed);
        g.phase = Phase::Main;
        g.turn = 1;
        g.current = 0;
        TestGame { g }
    }

    /// As [`TestGame::main_phase`], playing the Helpers of Catan: every seat holds a helper
    /// received in the setup (the numbered ones as dealt: the last seat has Nassir).
    pub fn main_phase_with_helpers(players: u8) -> TestGame {
        let mut t = TestGame::main_phase(players);
        t.g.settings.helpers = true;
        t.g.helpers = Some(Box::new(HelperState::new(players as usize)));
        let mut events = Vec::new();
        for seat in (0..players).rev() {
            t.g.deal_helper(seat, &mut events);
        }
        t
    }

    /// Gives `seat` the helper `helper` (A side up, received in the setup); their old helper
    /// takes its place (another seat's or the display's).
    pub fn helper(&mut self, seat: Seat, helper: Helper) {
        let Some(state) = self.g.helpers.as_mut() else {
            panic!("the game plays without helpers")
        };
        let fresh = |helper| HeldHelper {
            helper,
            side: Side::A,
            received_turn: 0,
            used_turn: None,
        };
        let old = state.held[seat as usize].map(|h| h.helper);
        if let Some(other) = state.holder(helper) {
            state.held[other as usize] = old.map(fresh);
        } else if let Some(i) = state.display.iter().position(|&h| h == helper) {
            match old {
                Some(o) => state.display[i] = o,
                None => {
                    state.display.remove(i);
                }
            }
        }
        state.held[seat as usize] = Some(fresh(helper));
    }

    pub fn topo(&self) -> &'static Topology {
        self.g.topology()
    }

    /// The edge between two neighbouring intersections.
    pub fn edge(&self, a: VertexId, b: VertexId) -> EdgeId {
        match self.topo().edge_between(a, b) {
            Some(e) => e,
            None => panic!("{} and {} are not neighbours", a + 1, b + 1),
        }
    }

    /// Moves cards from the supply to a hand.
    pub fn give(&mut self, seat: Seat, cards: Resources) {
        assert!(cards.fits_in(&self.g.bank), "supply lacks {cards:?}");
        self.g.bank -= cards;
        self.g.players[seat as usize].hand += cards;
    }

    /// Empties the supply of `r` down to `left` cards. Cards are conserved, so the removed
    /// ones go to the last seat's hand.
    pub fn take_bank_down_to(&mut self, r: Resource, left: u8) {
        let n = self.g.bank[r].saturating_sub(left);
        let last = self.g.players.len() as Seat - 1;
        self.give(last, Resources::of(r, n));
    }

    /// Gives a development card from the deck, bought on an earlier turn (playable now).
    pub fn dev(&mut self, seat: Seat, card: DevCard) {
        let Some(i) = self.g.deck.iter().position(|&c| c == card) else {
            panic!("no {card:?} left in the deck")
        };
        self.g.deck.remove(i);
        self.g.players[seat as usize].dev_cards.push(HeldCard {
            card,
            bought_turn: 0,
        });
    }

    /// Places a settlement directly (no cost, no rules but emptiness).
    pub fn settlement(&mut self, seat: Seat, v: VertexId) {
        place_settlement(&mut self.g, seat, v);
    }

    /// Places a city directly (on an empty place or over own settlement).
    pub fn city(&mut self, seat: Seat, v: VertexId) {
        place_city(&mut self.g, seat, v);
    }

    /// Places a road directly (no cost, no connection rule) and updates Longest Route.
    pub fn road(&mut self, seat: Seat, e: EdgeId) -> Vec<Event> {
        assert!(self.g.roads[e as usize].is_none(), "road taken");
        self.g.roads[e as usize] = Some(seat);
        self.g.players[seat as usize].roads_left -= 1;
        self.g.refresh_all_routes()
    }

    /// Roads along a path of intersections.
    pub fn road_path(&mut self, seat: Seat, path: &[VertexId]) {
        for w in path.windows(2) {
            let e = self.edge(w[0], w[1]);
            self.road(seat, e);
        }
    }

    /// Rolls the dice for the current player with a result summing to `total`: the game's
    /// RNG is reseeded until its next roll gives that total (deterministic), then a real
    /// `Roll` action is applied.
    pub fn roll_exact(&mut self, total: u8) -> Vec<Event> {
        use rand::{Rng, SeedableRng};
        for s in 0..10_000u64 {
            let rng = rand_chacha::ChaCha8Rng::seed_from_u64(s);
            let mut probe = rng.clone();
            let dice = (probe.gen_range(1..=6u8), probe.gen_range(1..=6u8));
            if dice.0 + dice.1 == total {
                self.g.rng = rng;
                let seat = self.g.current;
                return self.ok(seat, Action::Roll);
            }
        }
        panic!("no seed rolls {total}")
    }

    /// Applies an action that must be accepted.
    pub fn ok(&mut self, seat: Seat, action: Action) -> Vec<Event> {
        match self.g.apply(seat, &action) {
            Ok(ev) => ev,
            Err(e) => panic!("seat {seat} {action:?} refused: {e}"),
        }
    }

    /// Applies an action that must be refused, checking the game did not change at all.
    pub fn refuse(&mut self, seat: Seat, action: Action) -> RuleError {
        let before = serialize(&self.g);
        match self.g.apply(seat, &action) {
            Ok(ev) => panic!("seat {seat} {action:?} was accepted: {ev:?}"),
            Err(e) => {
                assert_eq!(before, serialize(&self.g), "state changed on refusal {e}");
                e
            }
        }
    }
}

/// The exact serialized state, to compare before/after.
pub fn serialize(g: &Game) -> Vec<u8> {
    match bincode::serialize(g) {
        Ok(bytes) => bytes,
        Err(e) => panic!("game does not serialize: {e}"),
    }
}

/// A simple path of `len` intersections starting at `start`, taking the lowest-numbered
/// unvisited neighbour each time.
pub fn path_from(topo: &Topology, start: VertexId, len: usize) -> Vec<VertexId> {
    let mut path = vec![start];
    while path.len() < len {
        let last = path[path.len() - 1];
        let next = topo.vertex_neighbors[last as usize]
            .iter()
            .copied()
            .filter(|v| !path.contains(v))
            .min();
        match next {
            Some(v) => path.push(v),
            None => panic!("path from {} stuck after {} steps", start + 1, path.len()),
        }
    }
    path
}

/// A new game played through setup round one with the first legal choices, waiting for the
/// first settlement of round two.
pub fn game_in_setup_round_two(players: u8, seed: u64) -> Game {
    let mut g = Game::new(Settings::for_players(players), seed);
    while matches!(g.phase, Phase::Setup { round: 1, .. }) {
        let a = g.legal_actions(g.current)[0].clone();
        if let Err(e) = g.apply(g.current, &a) {
            panic!("setup step refused: {e}");
        }
    }
    g
}

/// Plays a game with random legal actions (seeded), returning the actions taken. Stops when
/// finished or after `max_actions`.
pub fn random_playout(g: &mut Game, seed: u64, max_actions: usize) -> Vec<(Seat, Action)> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut log = Vec::new();
    let mut buf = Vec::new();
    while g.winner().is_none() && log.len() < max_actions {
        let seat = g.waiting_for()[0];
        g.legal_actions_into(seat, &mut buf);
        if buf.is_empty() {
            panic!("no legal action for seat {seat} in {:?}", g.phase);
        }
        let a = buf[rng.gen_range(0..buf.len())].clone();
        if let Err(e) = g.apply(seat, &a) {
            panic!("legal action {a:?} refused: {e}");
        }
        log.push((seat, a));
    }
    log
}

/// Places a settlement directly (no cost, no rules but emptiness), taking it from the
/// seat's supply.
pub fn place_settlement(g: &mut Game, seat: Seat, v: VertexId) {
    assert!(g.buildings[v as usize].is_none(), "{} is taken", v + 1);
    g.buildings[v as usize] = Some(Building {
        owner: seat,
        city: false,
    });
    g.players[seat as usize].settlements_left -= 1;
    g.refresh_all_routes();
}

/// Places a city directly (on an empty place or over own settlement), taking it from the
/// seat's supply.
pub fn place_city(g: &mut Game, seat: Seat, v: VertexId) {
    match g.buildings[v as usize] {
        None => {}
        Some(b) if b.owner == seat && !b.city => {
            g.players[seat as usize].settlements_left += 1;
        }
        Some(_) => panic!("{} is taken", v + 1),
    }
    g.buildings[v as usize] = Some(Building {
        owner: seat,
        city: true,
    });
    g.players[seat as usize].cities_left -= 1;
    g.refresh_all_routes();
}

// Setting a position up by hand. `Game`'s fields are private to the engine (the deck order
// and the dice must not leak to a host), so tests that need a position the rules would take
// long to reach set it with these: test builds only, never the host's binary. None of them
// keeps the cards conserved unless it says so; the board setters reset the derived sets.

/// The step of the turn the game is in.
pub fn set_phase(g: &mut Game, phase: Phase) {
    g.phase = phase;
}

/// Whose turn it is.
pub fn set_current(g: &mut Game, seat: Seat) {
    g.current = seat;
}

/// The turn number.
pub fn set_turn(g: &mut Game, turn: u32) {
    g.turn = turn;
}

/// Whether a development card was played this turn.
pub fn set_dev_played(g: &mut Game, played: bool) {
    g.dev_played = played;
}

/// Victory points needed to win.
pub fn set_vp_target(g: &mut Game, target: u8) {
    g.settings.vp_target = target;
}

/// Puts the robber on `hex`.
pub fn set_robber(g: &mut Game, hex: HexId) {
    g.robber = hex;
}

/// The dice of the last roll.
pub fn set_last_roll(g: &mut Game, dice: Option<(u8, u8)>) {
    g.last_roll = dice;
}

/// What the last action changed (the renderer's highlight).
pub fn set_last_placed(g: &mut Game, change: LastChange) {
    g.last_placed = change;
}

/// Who holds Longest Route.
pub fn set_longest_route(g: &mut Game, holder: Option<Seat>) {
    g.longest_route = holder;
}

/// Who holds Largest Army.
pub fn set_largest_army(g: &mut Game, holder: Option<Seat>) {
    g.largest_army = holder;
}

/// Replaces `seat`'s resource cards (the supply is not touched).
pub fn set_hand(g: &mut Game, seat: Seat, hand: Resources) {
    g.players[seat as usize].hand = hand;
}

/// Replaces `seat`'s development cards (the deck is not touched).
pub fn set_dev_cards(g: &mut Game, seat: Seat, cards: Vec<HeldCard>) {
    g.players[seat as usize].dev_cards = cards;
}

/// The knights `seat` has played.
pub fn set_knights_played(g: &mut Game, seat: Seat, knights: u8) {
    g.players[seat as usize].knights_played = knights;
}

/// The length of `seat`'s longest route as recorded (not recomputed).
pub fn set_route_length(g: &mut Game, seat: Seat, length: u8) {
    g.players[seat as usize].route_length = length;
}

/// The settlements and cities `seat` has left in supply.
pub fn set_pieces_left(g: &mut Game, seat: Seat, settlements: u8, cities: u8) {
    let p = &mut g.players[seat as usize];
    p.settlements_left = settlements;
    p.cities_left = cities;
}

/// Replaces the supply.
pub fn set_bank(g: &mut Game, bank: Resources) {
    g.bank = bank;
}

/// Puts (or removes) a building on `v` without touching the supplies of pieces.
pub fn set_building(g: &mut Game, v: VertexId, building: Option<Building>) {
    g.buildings[v as usize] = building;
    g.board_changed();
}

/// Removes every road from the board without touching the supplies of pieces.
pub fn clear_roads(g: &mut Game) {
    g.roads.iter_mut().for_each(|r| *r = None);
    g.board_changed();
}

/// The undrawn development cards in order (the top is the end): secret outside tests.
pub fn deck(g: &Game) -> &[DevCard] {
    &g.deck
}

/// Puts `card` on top of the deck (the next one bought).
pub fn put_on_deck(g: &mut Game, card: DevCard) {
    g.deck.push(card);
}

/// Takes one `card` out of the deck; false if there is none.
pub fn take_from_deck(g: &mut Game, card: DevCard) -> bool {
    match g.deck.iter().position(|&c| c == card) {
        Some(i) => {
            g.deck.remove(i);
            true
        }
        None => false,
    }
}

/// Shuffles the deck with `rng`.
pub fn shuffle_deck(g: &mut Game, rng: &mut impl rand::Rng) {
    use rand::seq::SliceRandom;
    g.deck.shuffle(rng);
}

/// The deck in reverse order.
pub fn reverse_deck(g: &mut Game) {
    g.deck.reverse();
}

/// The balanced dice deck (secret order; tests compare a sample's with the true one).
pub fn dice_deck(g: &Game) -> Option<&crate::DiceDeck> {
    g.dice_deck.as_ref()
}

/// The balanced dice deck's cards left, in another order (the set left stays public).
pub fn shuffle_dice_deck(g: &mut Game, rng: &mut impl rand::Rng) {
    if let Some(deck) = g.dice_deck.as_mut() {
        deck.shuffle_order(rng);
    }
}

/// New dice: the generator restarts from `dice_seed` (the recorded seed stays).
pub fn reseed_dice(g: &mut Game, dice_seed: u64) {
    use rand::SeedableRng;
    g.rng = rand_chacha::ChaCha8Rng::seed_from_u64(dice_seed);
}

/// Another recorded seed and dice from it, the position unchanged.
pub fn reseed(g: &mut Game, seed: u64) {
    g.seed = seed;
    reseed_dice(g, seed);
}

/// The Helpers of Catan state, to change.
pub fn helpers_mut(g: &mut Game) -> Option<&mut HelperState> {
    g.helpers.as_deref_mut()
}
