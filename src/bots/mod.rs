//! Computer players. A bot decides from exactly what a human in its seat may know: the seat's
//! [`GameView`] (public board and counts, its own hand and cards) and the seat's legal actions
//! (which the engine computes from public facts and the seat's own hand). It never gets the
//! [`crate::engine::Game`], so it cannot read another hand, the deck order or the seed.
//!
//! Decisions are deterministic: the bot's own seed, the game version and the seat pick every
//! random choice (a ChaCha RNG, never the OS), so a replayed game (or one resumed after a crash)
//! makes the same move.
//!
//! Modules: [`facts`] reads the board off the view, [`plan`] ranks the next builds, [`strong`],
//! [`easy`] and [`expert`] are the levels, [`robber`] places the robber, [`trade`] answers and
//! makes offers between players.

pub mod arena;
mod easy;
pub mod expert;
pub mod facts;
pub mod plan;
mod robber;
mod strong;
mod trade;
pub mod trial;

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::{Action, GameView, Resource, Resources, Seat};
use facts::Facts;
use rand::Rng;

/// How well a bot plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    /// Sensible but short-sighted: a bot for learning the game.
    Easy,
    /// Plans its builds and trades; the level a host picks when no level is named.
    #[default]
    Strong,
    /// The strong bot's play improved by search over sampled worlds (slower to decide).
    Expert,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Strong, BotLevel::Expert];

    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Strong => "strong",
            BotLevel::Expert => "expert",
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a bot does when a roll offers it Marianne or Sean (Helpers of Catan): a free card is
/// always worth taking, so it takes the resource it earns least of; Sean's other side, keeping
/// a big hand on a 7, is always worth it too. (Other helper uses are left to the levels' own
/// choice, which passes them by.)
fn helper_offer<'a>(f: &Facts, legal: &'a [Action]) -> Option<&'a Action> {
    use crate::engine::{HelperUse, SeanUse};
    let income = f.my_income();
    let rarity = |r: &Resource| -income[r.index()];
    // (Reversed: of equally rare resources, the first listed wins.)
    legal
        .iter()
        .rev()
        .filter_map(|a| match a {
            Action::UseHelper(HelperUse::Sean(SeanUse::KeepHand)) => Some((a, f32::MAX)),
            Action::UseHelper(HelperUse::Marianne(r) | HelperUse::Sean(SeanUse::Take(r))) => {
                Some((a, rarity(r)))
            }
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(a, _)| a)
}

/// A word that names no bot level.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{0}` is not a bot level: use easy, strong or expert")]
pub struct UnknownLevel(pub String);

impl FromStr for BotLevel {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // The German words too (`leicht`, `stark`, `experte`): commands are understood in
        // either.
        let german = |l: BotLevel| match l {
            BotLevel::Easy => "leicht",
            BotLevel::Strong => "stark",
            BotLevel::Expert => "experte",
        };
        BotLevel::ALL
            .into_iter()
            .find(|&l| {
                [l.name(), german(l)]
                    .iter()
                    .any(|n| n.eq_ignore_ascii_case(s.trim()))
            })
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
    pub fn new(level: BotLevel, seed: u64) -> Bot {
        Bot { level, seed }
    }

    /// The action to take now. `view` is the bot's seat's view (`view.viewer` is its seat) and
    /// `legal` that seat's legal actions, not empty. Always returns one of `legal`
    /// (`EndTurn` only if `legal` is empty against the contract). An expert thinks for the
    /// default budget ([`expert::DEFAULT_THINK_MS`]).
    pub fn choose(&self, view: &GameView, legal: &[Action]) -> Action {
        self.choose_within(view, legal, expert::Think::default())
    }

    /// [`Bot::choose`] with the expert's search budget `think` (the other levels ignore it).
    pub fn choose_within(&self, view: &GameView, legal: &[Action], think: expert::Think) -> Action {
        let f = Facts::new(view);
        let mut rng = self.rng(view, 1);
        let pick = helper_offer(&f, legal).or_else(|| match self.level {
            BotLevel::Easy => easy::choose(&f, legal, &mut rng),
            BotLevel::Strong => strong::choose(&f, legal, &mut rng),
            BotLevel::Expert => expert::choose(&f, legal, think, &mut rng),
        });
        pick.or_else(|| legal.iter().find(|a| **a == Action::EndTurn))
            .or(legal.first())
            .cloned()
            .unwrap_or(Action::EndTurn)
    }

    /// Whether to accept a domestic trade offered to the bot's seat by the current player: the
    /// bot would give `give` and receive `get`. (Its hand is in `view.own`.) Never accepts what
    /// it cannot pay.
    pub fn accepts(&self, view: &GameView, give: &Resources, get: &Resources) -> bool {
        self.accepts_from(view, view.current, give, get)
    }

    /// Whether to give `give` for `get` to `partner`, the other side of the trade (the current
    /// player, or the player offering to the bot when the bot is current). Judged the same
    /// whoever makes the offer, a person or a bot: what it gains towards its plan against what
    /// it gives, and never with a player close to winning or well ahead.
    pub fn accepts_from(
        &self,
        view: &GameView,
        partner: Seat,
        give: &Resources,
        get: &Resources,
    ) -> bool {
        self.accepts_within(view, partner, give, get, expert::Think::default())
    }

    /// [`Bot::accepts_from`] with the expert's search budget `think` (the other levels ignore
    /// it): the expert plays accepting and declining forward ([`expert::accepts`]).
    pub fn accepts_within(
        &self,
        view: &GameView,
        partner: Seat,
        give: &Resources,
        get: &Resources,
        think: expert::Think,
    ) -> bool {
        let f = Facts::new(view);
        match self.level {
            BotLevel::Expert => {
                expert::accepts(&f, partner, give, get, think, &mut self.rng(view, 5))
            }
            _ => trade::accepts(&f, partner, give, get),
        }
    }

    /// The bot's counter-offer to `partner`, whose offer (they give `their_give`, want
    /// `their_get`) it declined: the bot would give the first and receive the second, a
    /// 1-for-1 (or 1-for-2 when they offered two cards or more) of the cards they offered that
    /// helps the bot. The easy bot counters rarely.
    pub fn counter(
        &self,
        view: &GameView,
        partner: Seat,
        their_give: &Resources,
        their_get: &Resources,
    ) -> Option<(Resources, Resources)> {
        if self.level == BotLevel::Easy && self.rng(view, 3).gen_range(0..3) != 0 {
            return None;
        }
        trade::counter(&Facts::new(view), partner, their_give, their_get)
    }

    /// A trade the bot offers to everyone on its own turn, if any: it would give the first and
    /// receive the second. Called at most once per turn by the table. Only offers cards it
    /// holds; the easy bot offers rarely.
    pub fn offer(&self, view: &GameView) -> Option<(Resources, Resources)> {
        self.offer_within(view, expert::Think::default())
    }

    /// [`Bot::offer`] with the expert's search budget `think` (the other levels ignore it):
    /// the expert weighs a few offers by search ([`expert::offer`]).
    pub fn offer_within(
        &self,
        view: &GameView,
        think: expert::Think,
    ) -> Option<(Resources, Resources)> {
        let f = Facts::new(view);
        match self.level {
            BotLevel::Easy if self.rng(view, 2).gen_range(0..10) != 0 => None,
            BotLevel::Expert => expert::offer(&f, think, &mut self.rng(view, 4)),
            _ => trade::offer(&f),
        }
    }

    /// The RNG for one decision: from the bot's seed, the game version, the seat and what is
    /// being decided (`salt`).
    fn rng(&self, view: &GameView, salt: u64) -> ChaCha8Rng {
        let seat = view.viewer.unwrap_or(view.current) as u64;
        let mixed = self.seed
            ^ view.version.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (seat << 56)
            ^ salt.wrapping_mul(0xd1b5_4a32_d192_ed03);
        ChaCha8Rng::seed_from_u64(mixed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testkit::TestGame;
    use crate::engine::{HelperUse, SeanUse};

    /// Offered Marianne, a bot takes a card (never passes), the one it earns least of; Sean's
    /// keep-the-hand side is taken whenever it is offered.
    #[test]
    fn a_bot_takes_what_marianne_and_sean_offer() {
        let t = TestGame::main_phase(3);
        let view = t.g.view(Some(0));
        let income = Facts::new(&view).my_income();
        let rarest = Resource::ALL
            .into_iter()
            .min_by(|a, b| income[a.index()].total_cmp(&income[b.index()]))
            .expect("five resources");
        let mut legal = vec![Action::DeclineHelper];
        legal.extend(
            Resource::ALL
                .into_iter()
                .map(|r| Action::UseHelper(HelperUse::Marianne(r))),
        );
        for level in BotLevel::ALL {
            let bot = Bot { level, seed: 5 };
            assert_eq!(
                bot.choose(&view, &legal),
                Action::UseHelper(HelperUse::Marianne(rarest)),
                "{level}"
            );
            let sean = [
                Action::DeclineHelper,
                Action::UseHelper(HelperUse::Sean(SeanUse::KeepHand)),
            ];
            assert_eq!(bot.choose(&view, &sean), sean[1], "{level}");
        }
    }
}
