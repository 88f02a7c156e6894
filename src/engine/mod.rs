//! The rules of Catan (RULES.md) as a pure, deterministic library: no I/O, no clock, no async.

pub mod action;
pub mod board;
pub mod game;
pub mod types;

pub use action::{Action, Event, Phase, RuleError};
pub use board::{BoardSize, EdgeId, HexId, Layout, LayoutKind, PortKind, Topology, VertexId};
pub use game::{Building, Game, GameView, Player};
pub use types::{DevCard, Resource, Resources, Seat, Settings, Terrain};
