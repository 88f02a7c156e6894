//! The few actions the expert weighs by search at each kind of decision, the strong bot's own
//! pick always first. Kept small on purpose: the budget buys a few hundred rollouts, and each
//! extra candidate thins them out.
//!
//! - setup settlement: the best spots by the strong bot's spot value;
//! - setup road: every legal road (at most three);
//! - before the roll: rolling, or the best knights;
//! - robber: the best hexes and victims by the strong bot's robber score;
//! - main phase: ending the turn, every city and settlement it can build, a development card,
//!   a few one-card supply trades towards its next builds, the road towards its target spot
//!   and the best knight.
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
/// Supply trades weighed in the main phase. The strong bot trades only to finish its first
/// goal this turn; searched, a trade towards a later goal (or one that keeps cards safe from a
/// 7) can win too. Against three strong bots at 10,000 rollout steps: 42.7% of 1,000 games
/// (95% CI 39.7–45.8%) with two, 39.6% (36.6–42.7%) without.
const SUPPLY_TRADES: usize = 2;
/// Goals whose missing cards a supply trade may fetch.
const TRADE_GOALS: usize = 3;

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
            let goals = plan::goals(f);
            supply_trades(f, legal, &goals, SUPPLY_TRADES)
                .into_iter()
                .for_each(&mut add);
            for g in goals {
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

/// Up to `n` one-card supply trades in `legal` that fetch a card one of the first goals lacks,
/// paid with cards beyond that goal's cost, the first goal's trades first.
fn supply_trades<'a>(f: &Facts, legal: &'a [Action], goals: &[Goal], n: usize) -> Vec<&'a Action> {
    let rates = f.rates(f.me);
    let mut out: Vec<&Action> = Vec::new();
    for cost in goals.iter().take(TRADE_GOALS).map(|g| g.cost()) {
        for a in legal {
            if let Action::MaritimeTrade {
                give,
                get,
                count: 1,
            } = a
                && out.len() < n
                && cost[*get] > f.hand[*get]
                && f.hand[*give] >= cost[*give] + rates[give.index()]
                && !out.contains(&a)
            {
                out.push(a);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Resource::{Brick, Grain, Ore};
    use crate::engine::Resources;
    use crate::engine::testkit::TestGame;

    /// Four bricks and half a city: the trades fetch ore (the city lacks it) for brick (beyond
    /// every cost), never give the city's grain or ore, and are legal.
    #[test]
    fn supply_trades_fetch_what_a_goal_lacks_with_spare_cards() {
        let mut t = TestGame::main_phase(4);
        let topo = t.topo();
        t.settlement(0, topo.hex_vertices[11][0]);
        t.give(0, Resources([4, 0, 0, 2, 2]));
        let view = t.g.view(Some(0));
        let legal = t.g.legal_actions(0);
        let f = Facts::new(&view);
        let goals = plan::goals(&f);
        assert_eq!(goals.first(), Some(&Goal::City(topo.hex_vertices[11][0])));
        let trades = supply_trades(&f, &legal, &goals, 2);
        assert!(!trades.is_empty());
        assert!(trades.len() <= 2);
        let fetch_ore = Action::MaritimeTrade {
            give: Brick,
            get: Ore,
            count: 1,
        };
        assert_eq!(trades[0], &fetch_ore);
        for a in &trades {
            assert!(legal.contains(a));
            let Action::MaritimeTrade { give, .. } = a else {
                panic!("not a supply trade: {a:?}");
            };
            assert!(![Grain, Ore].contains(give), "{a:?}");
        }
        let all = candidates(&f, &legal, &Action::EndTurn);
        assert!(all.contains(&fetch_ore), "{all:?}");
        assert!(all.len() <= MAX_CANDIDATES);
    }

    /// Without cards to spare there is nothing to trade.
    #[test]
    fn no_supply_trade_without_spare_cards() {
        let mut t = TestGame::main_phase(4);
        let topo = t.topo();
        t.settlement(0, topo.hex_vertices[11][0]);
        t.give(0, Resources([1, 1, 0, 1, 1]));
        let view = t.g.view(Some(0));
        let legal = t.g.legal_actions(0);
        let f = Facts::new(&view);
        assert!(supply_trades(&f, &legal, &plan::goals(&f), 2).is_empty());
    }
}
