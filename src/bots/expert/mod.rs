//! The expert bot: the strong bot's policy improved by search. At each decision that matters
//! (setup placements, rolling or playing a knight, the robber, the main phase's build, buy,
//! supply trade, play or end) it takes a few candidate actions ([`candidates`]), plays each
//! forward many times in worlds sampled from its seat's view ([`world`]) with every seat
//! following the strong policy, and picks the candidate whose rollouts end best ([`search`]).
//! Its one offer to the table on its turn is searched too ([`offer`]), and so is its answer to
//! an offer made to it ([`answer`]). Discards, the special building phase, counter-offers and
//! the Helpers of Catan scenario are played as the strong bot plays them.
//!
//! Like every bot it sees only its seat's [`GameView`] and legal actions.

mod answer;
mod candidates;
mod offer;
mod search;
pub mod world;

use rand_chacha::ChaCha8Rng;

use super::facts::Facts;
use super::strong;
use crate::engine::{Action, GameView};

/// The think time a bot gets when the host sets none (`[table] bot_think_ms`), well under the
/// bots' pause between moves.
pub const DEFAULT_THINK_MS: u64 = 200;

/// Rollout steps per millisecond of think time: the release build's pace on one core of the
/// 2-core machine this was measured on (`catan-bot simulate --bots expert,strong,strong,strong
/// --think-ms 200` prints the decision times), rounded down so that slower machines stay near
/// the budget.
pub const STEPS_PER_MS: u64 = 500;

/// How much an expert may search for one decision.
///
/// Counted in rollout steps (simulated actions), not in time: a wall-clock cutoff would stop
/// the search at a different point on a busy machine or after a restart, and the bot would
/// decide differently from the same view, so a game would not replay. The host's think time is
/// turned into steps by a fixed calibration ([`STEPS_PER_MS`]); the time a decision takes
/// follows the machine's speed, the decision does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Think {
    pub steps: u64,
}

impl Think {
    /// The budget for `ms` milliseconds of think time on the calibrated machine.
    pub fn from_ms(ms: u64) -> Think {
        Think {
            steps: ms.saturating_mul(STEPS_PER_MS),
        }
    }
}

impl Default for Think {
    fn default() -> Self {
        Think::from_ms(DEFAULT_THINK_MS)
    }
}

/// The expert's action from `legal`, or `None` to let the caller fall back.
pub fn choose<'a>(
    f: &Facts,
    legal: &'a [Action],
    think: Think,
    rng: &mut ChaCha8Rng,
) -> Option<&'a Action> {
    let pick = strong::choose(f, legal, rng)?;
    let options = candidates::candidates(f, legal, pick);
    if options.len() < 2 {
        return Some(pick);
    }
    let Some(own) = world::infer(f.view, legal) else {
        return Some(pick);
    };
    let best = search::best(f.view, own, &options, think.steps, rng).unwrap_or(0);
    legal.iter().find(|a| **a == options[best]).or(Some(pick))
}

pub use answer::accepts;
pub use offer::offer;

/// One world as the search samples it from `view` (for tests: it must not depend on anything
/// the view does not show).
pub fn sample_world(view: &GameView, legal: &[Action], seed: u64) -> Option<crate::engine::Game> {
    use rand::SeedableRng;
    let own = world::infer(view, legal)?;
    world::sample(view, own, &mut ChaCha8Rng::seed_from_u64(seed))
}
