//! Read access to a game's state. `Game`'s fields are private to the engine: the deck order
//! and the dice generator are secrets no host or bot may read (a bot reading them would cheat;
//! the table shows players only [`Game::view`]), and the bit sets derived from the pieces
//! (`derived.rs`) stay in step only while every change goes through the rules. Everything
//! public, and the hands the table shows their owners, is readable here; changes go through
//! [`Game::apply`] (or, for tests, the `testkit` feature).

use super::action::Phase;
use super::board::{HexId, Layout};
use super::game::{Building, Game, LastChange, Player};
use super::helpers::HelperState;
use super::types::{Resources, Seat, Settings};

impl Game {
    /// The settings the game was created with (players clamped to 2..=6).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The seed the game was created with (it fixed the board, the deck and the dice).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The board: terrain, number tokens, ports.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Every seat's state, in seat order. Hands and development cards are private to their
    /// owners: show other seats [`Game::view`].
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The building on each intersection.
    pub fn buildings(&self) -> &[Option<Building>] {
        &self.buildings
    }

    /// The owner of the road on each edge.
    pub fn roads(&self) -> &[Option<Seat>] {
        &self.roads
    }

    /// The hex the robber stands on.
    pub fn robber(&self) -> HexId {
        self.robber
    }

    /// The supply ("bank").
    pub fn bank(&self) -> Resources {
        self.bank
    }

    /// How many development cards are left to buy (their order is secret).
    pub fn deck_size(&self) -> usize {
        self.deck.len()
    }

    /// The step of the turn (or setup) the game is in.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Whose turn it is.
    pub fn current(&self) -> Seat {
        self.current
    }

    /// Turn number, counting from 1 at the first regular turn (0 during setup).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Bumped on every accepted action.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The dice of the last roll.
    pub fn last_roll(&self) -> Option<(u8, u8)> {
        self.last_roll
    }

    /// Who holds Longest Route.
    pub fn longest_route(&self) -> Option<Seat> {
        self.longest_route
    }

    /// Who holds Largest Army.
    pub fn largest_army(&self) -> Option<Seat> {
        self.largest_army
    }

    /// A development card was played this turn.
    pub fn dev_played(&self) -> bool {
        self.dev_played
    }

    /// Pieces placed by the last action and the robber hex, for the renderer's highlight.
    pub fn last_placed(&self) -> &LastChange {
        &self.last_placed
    }

    /// The Helpers of Catan scenario's state, when the game plays it.
    pub fn helpers(&self) -> Option<&HelperState> {
        self.helpers.as_deref()
    }
}
