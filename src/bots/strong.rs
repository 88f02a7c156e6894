//! The strong bot: a hand-tuned heuristic player, no search.
//!
//! - Setup: the free intersection with the best production, weighted by how scarce each resource
//!   is on this board, with a bonus for resources it does not produce yet and for ports; the
//!   setup road points at the best free spot two steps away.
//! - Its turn: it keeps a ranked list of goals ([`super::plan`]: city, settlement, road towards a
//!   spot, development card), each scored by worth minus the cards still missing after trading
//!   surplus at its supply rates. It builds the first goal when it can, trades with the supply
//!   only when that completes the goal this turn, and spends spare cards on the other goals
//!   only if that keeps every card the first goal needs (or when holding more than the discard
//!   limit).
//! - Cards: a knight when the robber blocks one of its hexes or to take the Largest Army;
//!   Monopoly on the resource the others are expected to hold most of; Invention for the cards
//!   its goal lacks; Road Building along the path to its target spot.
//! - Robber: the hex that costs the leaders most (never its own), robbing the richest leader.
//! - Discards: the cards that keep the hand closest to its goals.
//!
//! Every step is a few passes over the board (54 or 80 intersections), so a decision takes
//! microseconds; see `benches/bots.rs`.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::facts::Facts;
use super::plan::{self, Goal};
use super::robber;
use crate::engine::{Action, EdgeId, Phase, Resource, Resources, VertexId};

pub fn choose<'a>(f: &Facts, legal: &'a [Action], rng: &mut ChaCha8Rng) -> Option<&'a Action> {
    match &f.view.phase {
        Phase::Setup {
            road_from: None, ..
        } => setup_settlement(f, legal, rng),
        Phase::Setup {
            road_from: Some(v), ..
        } => setup_road(f, *v, legal),
        Phase::BeforeRoll => knight_if_useful(f, legal).or_else(|| find(legal, &Action::Roll)),
        Phase::Discard { .. } => discard(f, legal),
        Phase::MoveRobber => robber::best(f, legal),
        Phase::Main => main_phase(f, legal),
        Phase::SpecialBuild { .. } => build_turn(f, legal, &plan::goals(f), false),
        Phase::Finished { .. } => None,
    }
}

fn find<'a>(legal: &'a [Action], wanted: &Action) -> Option<&'a Action> {
    legal.iter().find(|a| *a == wanted)
}

fn setup_settlement<'a>(
    f: &Facts,
    legal: &'a [Action],
    rng: &mut ChaCha8Rng,
) -> Option<&'a Action> {
    legal
        .iter()
        .filter_map(|a| match a {
            // a little noise so equal spots do not always go the same way
            Action::BuildSettlement(v) => {
                Some((a, f.spot_value(f.me, *v) + rng.gen_range(0.0..0.01)))
            }
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(a, _)| a)
}

/// The setup road whose far end leads to the best free spot.
fn setup_road<'a>(f: &Facts, from: VertexId, legal: &'a [Action]) -> Option<&'a Action> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::BuildRoad(e) => {
                let [x, y] = f.topo.edge_vertices[*e as usize];
                let far = if x == from { y } else { x };
                let best = f.topo.vertex_neighbors[far as usize]
                    .iter()
                    .filter(|&&w| w != from && f.is_free(w))
                    .map(|&w| f.spot_value(f.me, w))
                    .fold(0.0f32, f32::max);
                Some((a, best))
            }
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(a, _)| a)
}

/// A knight when the robber blocks the bot or the knight takes the Largest Army.
fn knight_if_useful<'a>(f: &Facts, legal: &'a [Action]) -> Option<&'a Action> {
    let knights: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::PlayKnight { .. }))
        .collect();
    if knights.is_empty() {
        return None;
    }
    let mine = f.view.players[f.me as usize].knights_played + 1;
    let others = f
        .view
        .players
        .iter()
        .filter(|p| p.seat != f.me)
        .map(|p| p.knights_played)
        .max()
        .unwrap_or(0);
    let takes_army = f.view.largest_army != Some(f.me) && mine >= 3 && mine > others;
    if robber::blocks_me(f) || takes_army {
        robber::best(f, legal)
    } else {
        None
    }
}

fn discard<'a>(f: &Facts, legal: &'a [Action]) -> Option<&'a Action> {
    let goals = plan::goals(f);
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(d) => Some((a, plan::hand_value(&(f.hand - *d), &goals))),
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(a, _)| a)
}

fn main_phase<'a>(f: &Facts, legal: &'a [Action]) -> Option<&'a Action> {
    let goals = plan::goals(f);
    if let Some(a) = play_card(f, legal, &goals) {
        return Some(a);
    }
    build_turn(f, legal, &goals, true)
}

/// Builds (and with `trade`, trades with the supply) towards the goals, else ends.
fn build_turn<'a>(
    f: &Facts,
    legal: &'a [Action],
    goals: &[Goal],
    trade: bool,
) -> Option<&'a Action> {
    let end = find(legal, &Action::EndTurn);
    let Some(&first) = goals.first() else {
        return end;
    };
    if let Some(a) = build_action(legal, first) {
        return Some(a);
    }
    if trade && let Some(a) = supply_trade(f, legal, &first.cost()) {
        return Some(a);
    }
    let first_needs = min_each(&f.hand, &first.cost());
    let crowded = f.hand.total() > f.view.settings.discard_limit as u32;
    for &g in &goals[1..] {
        let keeps_first = min_each(&(f.hand - g.cost()), &first.cost()) == first_needs;
        if (keeps_first || crowded)
            && g.cost().fits_in(&f.hand)
            && let Some(a) = build_action(legal, g)
        {
            return Some(a);
        }
    }
    if trade && crowded {
        for &g in &goals[1..] {
            if let Some(a) = supply_trade(f, legal, &g.cost()) {
                return Some(a);
            }
        }
    }
    end
}

fn min_each(a: &Resources, b: &Resources) -> Resources {
    Resources(std::array::from_fn(|i| a.0[i].min(b.0[i])))
}

/// The legal action that carries out a goal, if affordable now.
fn build_action(legal: &[Action], goal: Goal) -> Option<&Action> {
    let wanted = match goal {
        Goal::City(v) => Action::BuildCity(v),
        Goal::Settlement(v) => Action::BuildSettlement(v),
        Goal::Road { edge, .. } => Action::BuildRoad(edge),
        Goal::DevCard => Action::BuyDevCard,
    };
    find(legal, &wanted)
}

/// A legal one-card supply trade that completes `cost` this turn.
fn supply_trade<'a>(f: &Facts, legal: &'a [Action], cost: &Resources) -> Option<&'a Action> {
    let (give, get) = plan::trade_towards(f, cost)?;
    legal.iter().find(|a| {
        matches!(a, Action::MaritimeTrade { give: g, get: w, count: 1 } if *g == give && *w == get)
    })
}

/// A development card worth playing now.
fn play_card<'a>(f: &Facts, legal: &'a [Action], goals: &[Goal]) -> Option<&'a Action> {
    if let Some(a) = knight_if_useful(f, legal) {
        return Some(a);
    }
    if let Some(a) = monopoly(f, legal, goals) {
        return Some(a);
    }
    if let Some(a) = invention(f, legal, goals) {
        return Some(a);
    }
    road_building(f, legal, goals)
}

/// Monopoly on the resource the others should hold most of, if that is worth a card.
fn monopoly<'a>(f: &Facts, legal: &'a [Action], goals: &[Goal]) -> Option<&'a Action> {
    if !legal.iter().any(|a| matches!(a, Action::PlayMonopoly(_))) {
        return None;
    }
    let need = goals.first().map(|g| g.cost() - f.hand).unwrap_or_default();
    let expected = |r: Resource| -> f32 {
        f.view
            .players
            .iter()
            .filter(|p| p.seat != f.me)
            .map(|p| {
                let income = f.income[p.seat as usize];
                let total: f32 = income.iter().sum();
                if total <= 0.0 {
                    p.resource_count as f32 / 5.0
                } else {
                    p.resource_count as f32 * income[r.index()] / total
                }
            })
            .sum()
    };
    let (r, gain) = Resource::ALL
        .into_iter()
        .map(|r| (r, expected(r) * if need[r] > 0 { 1.5 } else { 1.0 }))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    (gain >= 3.0)
        .then(|| find(legal, &Action::PlayMonopoly(r)))
        .flatten()
}

/// Invention for the cards the first goals lack.
fn invention<'a>(f: &Facts, legal: &'a [Action], goals: &[Goal]) -> Option<&'a Action> {
    if !legal.iter().any(|a| matches!(a, Action::PlayInvention(..))) {
        return None;
    }
    let mut wanted: Vec<Resource> = Vec::new();
    let mut hand = f.hand;
    for g in goals {
        let lack = g.cost() - hand;
        for (r, n) in lack.iter() {
            wanted.extend(std::iter::repeat_n(r, n as usize));
        }
        hand += lack;
        if wanted.len() >= 2 {
            break;
        }
    }
    if wanted.is_empty() {
        return None;
    }
    let a = wanted[0];
    let b = wanted.get(1).copied().unwrap_or(Resource::Ore);
    find(legal, &Action::PlayInvention(a, b))
        .or_else(|| find(legal, &Action::PlayInvention(b, a)))
        .or_else(|| {
            legal
                .iter()
                .find(|x| matches!(x, Action::PlayInvention(p, _) if *p == a))
        })
}

/// Road Building along the path to the road goal's target spot.
fn road_building<'a>(f: &Facts, legal: &'a [Action], goals: &[Goal]) -> Option<&'a Action> {
    let target = goals.iter().find_map(|g| match g {
        Goal::Road { target, .. } => Some(*target),
        _ => None,
    })?;
    let to_target = distances_to(f, target);
    let closeness = |e: EdgeId| -> u8 {
        let [a, b] = f.topo.edge_vertices[e as usize];
        to_target[a as usize].min(to_target[b as usize])
    };
    legal
        .iter()
        .filter_map(|a| match a {
            Action::PlayRoadBuilding { first, second } => {
                let far = second.map_or(closeness(*first), |s| closeness(s).min(closeness(*first)));
                Some((a, far))
            }
            _ => None,
        })
        .min_by_key(|&(_, d)| d)
        .map(|(a, _)| a)
}

/// Free edges from each intersection to `target` (breadth first over unbuilt edges).
fn distances_to(f: &Facts, target: VertexId) -> Vec<u8> {
    let mut dist = vec![u8::MAX; f.topo.vertex_count()];
    dist[target as usize] = 0;
    let mut frontier = vec![target as usize];
    let mut step = 0u8;
    while !frontier.is_empty() && step < 20 {
        step += 1;
        let mut next = Vec::new();
        for &v in &frontier {
            for &e in &f.topo.vertex_edges[v] {
                if f.view.roads[e as usize].is_some() {
                    continue;
                }
                let [a, b] = f.topo.edge_vertices[e as usize];
                let u = (if a as usize == v { b } else { a }) as usize;
                if dist[u] == u8::MAX {
                    dist[u] = step;
                    next.push(u);
                }
            }
        }
        frontier = next;
    }
    dist
}

#[cfg(test)]
mod tests {
    use crate::bots::{Bot, BotLevel};
    use crate::engine::testkit::TestGame;
    use crate::engine::{Action, Phase, Resources};

    fn strong() -> Bot {
        Bot::new(BotLevel::Strong, 3)
    }

    #[test]
    fn the_robber_spares_its_own_hexes_and_hits_the_leader() {
        let mut t = TestGame::main_phase(4);
        let topo = t.topo();
        // seat 0 on the corners of hex 4 (hills 6), seat 1 (more points) on hex 11 (mountains 8)
        t.settlement(0, topo.hex_vertices[4][0]);
        t.city(1, topo.hex_vertices[11][3]);
        t.settlement(2, topo.hex_vertices[0][0]);
        t.give(1, Resources([1, 1, 1, 0, 0]));
        t.give(2, Resources([1, 0, 0, 0, 0]));
        crate::engine::testkit::set_phase(&mut t.g, Phase::MoveRobber);
        let legal = t.g.legal_actions(0);
        let action = strong().choose(&t.g.view(Some(0)), &legal);
        assert_eq!(
            action,
            Action::MoveRobber {
                hex: 11,
                victim: Some(1)
            }
        );
    }

    #[test]
    fn discards_keep_the_cards_of_a_city() {
        let mut t = TestGame::main_phase(4);
        let topo = t.topo();
        t.settlement(0, topo.hex_vertices[11][0]);
        t.give(0, Resources([2, 2, 0, 2, 3]));
        crate::engine::testkit::set_phase(&mut t.g, Phase::Discard { owed: vec![(0, 4)] });
        let legal = t.g.legal_actions(0);
        let Action::Discard(d) = strong().choose(&t.g.view(Some(0)), &legal) else {
            panic!("not a discard")
        };
        assert_eq!(
            d,
            Resources([2, 2, 0, 0, 0]),
            "kept {:?}",
            t.g.players()[0].hand - d
        );
    }

    #[test]
    fn it_trades_with_the_supply_to_complete_a_city_then_builds_it() {
        let mut t = TestGame::main_phase(4);
        let topo = t.topo();
        t.settlement(0, topo.hex_vertices[11][0]);
        t.give(0, Resources([4, 0, 0, 2, 2]));
        let bot = strong();
        let legal = t.g.legal_actions(0);
        let trade = bot.choose(&t.g.view(Some(0)), &legal);
        assert!(
            matches!(
                trade,
                Action::MaritimeTrade {
                    give: crate::engine::Resource::Brick,
                    get: crate::engine::Resource::Ore,
                    count: 1
                }
            ),
            "{trade:?}"
        );
        t.ok(0, trade);
        let legal = t.g.legal_actions(0);
        let city = bot.choose(&t.g.view(Some(0)), &legal);
        assert!(matches!(city, Action::BuildCity(_)), "{city:?}");
    }
}
