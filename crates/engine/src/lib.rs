//! The rules of Catan (RULES.md) as a pure, deterministic library: no I/O, no clock, no async.
//!
//! `game.rs` holds the state and the public API (`apply`, `legal_actions`, `view`); the state's
//! fields are private, read through `access.rs` (never the deck order or the dice), and
//! `from_view.rs` assembles a game from a view plus hidden parts a caller drew. Each rule
//! area lives in its own module as `impl Game` blocks whose `check_*` functions take `&self`
//! (so a refused action cannot change anything) and whose action functions only mutate.
//! The Helpers of Catan scenario (RULES.md §7) lives in `helpers/`, on when `settings.helpers`.

mod access;
pub mod action;
mod adjacency;
pub mod army;
pub mod balanced_dice;
pub mod board;
mod build;
mod derived;
mod devcards;
mod friendly_robber;
mod from_view;
pub mod game;
mod game_serde;
pub mod helpers;
pub mod invariants;
pub mod longest_route;
pub mod playout;
mod production;
pub mod refusal;
mod settings_serde;
mod setup;
pub mod sink;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
mod trade;
mod turn;
pub mod types;
mod victory;

pub use action::{Action, Event, Phase};
pub use balanced_dice::{DiceDeck, DiceDeckError, DiceLeft};
pub use board::{BoardSize, EdgeId, HexId, Layout, LayoutKind, PortKind, Topology, VertexId};
pub use from_view::{FromViewError, Hidden};
pub use game::{Building, Game, GameView, HeldCard, Player};
pub use helpers::{Helper, HelperChoice, HelperUse, SeanUse, Side, VincentBuild};
pub use refusal::{
    Allowed, Attempt, Awaited, DiscardRefusal, HelperRefusal, HelperStep, Piece, Place,
    RobberRefusal, RuleError, TradeRefusal,
};
pub use sink::{EventSink, NoEvents};
pub use types::{
    DevCard, FRIENDLY_ROBBER_MAX_VP, MAX_PLAYERS, MIN_PLAYERS, Resource, Resources, Seat, Settings,
    Terrain,
};
