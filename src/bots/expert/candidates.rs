//! The few actions the expert weighs by search at each kind of decision, the strong bot's own
//! pick always first. Kept small on purpose: the budget buys a few hundred rollouts, and each
//! extra candidate thins them out.
//!
//! - setup settlement: the best spots by the strong bot's spot value;
//! - setup road: every legal road (at most three);
//! - before the roll: rolling, or the best knights;
//! - robber: the best hexes and victims by the strong bot's robber score;
//! - main phase: ending the turn, every city and settlement it can build, a development card,
//!   the road towards its target spot and the best knight.
//!
//! Discards and the special building phase have no candidates beyond the strong pick: the
//! caller plays it without searching.

use super::super::plan::{self, Goal};
use super::super::robber;
use crate::bots::facts::Facts;
use crate::engine::{Action, Phase};

/// At most this many candidates are searched.
pub const MAX_CANDIDATES: usize = 7;
/// Settlement spots weighed in setup.
const SETUP_SPOTS: usize = 5;
/// Robber moves weighed after a 7.
const ROBBER_MOVES: usize = 4;

/// The candidates for this decision, `strong_pick` first, no duplicates, every one in `legal`.
pub fn candidates(f: &Facts, legal: &[Action], strong_pick: &Action) -> Vec<Action> {
    let mut out = vec![strong_pick.clone()];
    let mut add = |a: &Action| {
        if out.len() < MAX_CANDIDATES && !out.contains(a) && legal.contains(a) {
            out.push(a.clone());
        }
    };
    match &f.view.phase {
        Phase::Setup {
            road_from: None, ..
        } => {
            let mut spots: Vec<(&Action, f32)> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::BuildSettlement(v) => Some((a, f.spot_value(f.me, *v))),
                    _ => None,
                })
                .collect();
            spots.sort_by(|a, b| b.1.total_cmp(&a.1));
            spots.iter().take(SETUP_SPOTS).for_each(|(a, _)| add(a));
        }
        Phase::Setup { .. } => legal.iter().for_each(&mut add),
        Phase::BeforeRoll => {
            add(&Action::Roll);
            best_robber(f, legal, 2).into_iter().for_each(&mut add);
        }
        Phase::MoveRobber => best_robber(f, legal, ROBBER_MOVES)
            .into_iter()
            .for_each(&mut add),
        Phase::Main => {
            add(&Action::EndTurn);
            legal
                .iter()
                .filter(|a| matches!(a, Action::BuildCity(_) | Action::BuildSettlement(_)))
                .for_each(&mut add);
            add(&Action::BuyDevCard);
            for g in plan::goals(f) {
                if let Goal::Road { edge, .. } = g {
                    add(&Action::BuildRoad(edge));
                }
            }
            best_robber(f, legal, 1).into_iter().for_each(&mut add);
        }
        Phase::Discard { .. } | Phase::SpecialBuild { .. } | Phase::Finished { .. } => {}
    }
    out
}

/// The `n` best robber moves or knights in `legal` by the strong bot's robber score.
fn best_robber<'a>(f: &Facts, legal: &'a [Action], n: usize) -> Vec<&'a Action> {
    let mut moves: Vec<(&Action, f32)> = legal
        .iter()
        .filter_map(|a| robber::target(a).map(|(h, v)| (a, robber::score(f, h, v))))
        .collect();
    moves.sort_by(|a, b| b.1.total_cmp(&a.1));
    moves.into_iter().take(n).map(|(a, _)| a).collect()
}
