//! The next build a bot works towards, and the trades with the supply that get it there.
//!
//! Candidates: a city on the best-producing settlement, a settlement on the best reachable free
//! spot, a road towards a spot one to three roads away, a development card. Each is scored by
//! what it is worth minus how far the hand is from paying for it (after trading surplus cards
//! at the seat's rates), so a bot that is one card short of a city does not start saving for a
//! settlement.

use super::facts::{Facts, shortfall};
use crate::engine::{EdgeId, Resource, Resources, VertexId};

/// What the bot saves for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    City(VertexId),
    Settlement(VertexId),
    /// The first road of a path to a free spot `target`.
    Road {
        edge: EdgeId,
        target: VertexId,
    },
    DevCard,
}

impl Goal {
    pub fn cost(self) -> Resources {
        match self {
            Goal::City(_) => Resources::CITY,
            Goal::Settlement(_) => Resources::SETTLEMENT,
            Goal::Road { .. } => Resources::ROAD,
            Goal::DevCard => Resources::DEV_CARD,
        }
    }
}

/// The goals the seat could pursue now, best first.
pub fn goals(f: &Facts) -> Vec<Goal> {
    let me = f.me as usize;
    let public = &f.view.players[me];
    let rates = f.rates(f.me);
    let mut scored: Vec<(f32, Goal)> = Vec::new();
    let score =
        |value: f32, cost: Resources| value - 0.9 * shortfall(&f.hand, &cost, &rates).max(0) as f32;

    if public.cities_left > 0
        && let Some((v, y)) = best_city(f)
    {
        scored.push((score(3.0 + y / 6.0, Resources::CITY), Goal::City(v)));
    }
    if public.settlements_left > 0 {
        let (dist, via) = f.road_distances(f.me, 3);
        let mut best_now: Option<(f32, VertexId)> = None;
        let mut best_far: Option<(f32, VertexId, u8)> = None;
        for v in 0..f.topo.vertex_count() as VertexId {
            let d = dist[v as usize];
            if d == u8::MAX || !f.is_free(v) {
                continue;
            }
            let value = f.spot_value(f.me, v);
            if d == 0 {
                if best_now.is_none_or(|(b, _)| value > b) {
                    best_now = Some((value, v));
                }
            } else if public.roads_left >= d {
                let discounted = value / (1.0 + 0.6 * d as f32);
                if best_far.is_none_or(|(b, _, _)| discounted > b) {
                    best_far = Some((discounted, v, d));
                }
            }
        }
        if let Some((value, v)) = best_now {
            scored.push((
                score(3.2 + value / 12.0, Resources::SETTLEMENT),
                Goal::Settlement(v),
            ));
        }
        if let Some((value, target, d)) = best_far
            && best_now.is_none()
            && let Some(edge) = f.first_road(&dist, &via, target)
        {
            // the road is a step towards a settlement: it is worth a share of it
            scored.push((
                score(1.6 + value / 12.0 - 0.3 * d as f32, Resources::ROAD),
                Goal::Road { edge, target },
            ));
        }
    }
    if f.view.deck_size > 0 {
        let army = army_bonus(f);
        scored.push((score(1.5 + army, Resources::DEV_CARD), Goal::DevCard));
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().map(|(_, g)| g).collect()
}

/// The settlement whose upgrade adds most production, with that production.
pub fn best_city(f: &Facts) -> Option<(VertexId, f32)> {
    (0..f.topo.vertex_count() as VertexId)
        .filter(|&v| matches!(f.view.buildings[v as usize], Some(b) if b.owner == f.me && !b.city))
        .map(|v| {
            let y = f.vertex_yield(v);
            let value: f32 = (0..5).map(|r| y[r] * f.scarcity[r]).sum();
            (v, value)
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// Extra worth of a development card when the Largest Army is within reach.
fn army_bonus(f: &Facts) -> f32 {
    let mine = f.view.players[f.me as usize].knights_played;
    let best_other = f
        .view
        .players
        .iter()
        .filter(|p| p.seat != f.me)
        .map(|p| p.knights_played)
        .max()
        .unwrap_or(0);
    if f.view.largest_army != Some(f.me) && mine + 2 >= best_other.max(2) {
        0.6
    } else {
        0.0
    }
}

/// A one-card supply trade (`give`, `get`) that moves the hand towards `cost`, when the whole
/// cost can be paid after trading this turn. Gives the card the seat has most of beyond the
/// cost (cheapest rate first).
pub fn trade_towards(f: &Facts, cost: &Resources) -> Option<(Resource, Resource)> {
    let rates = f.rates(f.me);
    if shortfall(&f.hand, cost, &rates) > 0 {
        return None;
    }
    let need = *cost - f.hand;
    let get = Resource::ALL
        .into_iter()
        .filter(|&r| need[r] > 0 && f.view.bank[r] > 0)
        .max_by(|&a, &b| f.scarcity[a.index()].total_cmp(&f.scarcity[b.index()]))?;
    let extra = f.hand - *cost;
    let give = Resource::ALL
        .into_iter()
        .filter(|&r| r != get && extra[r] >= rates[r.index()])
        .min_by_key(|&r| (rates[r.index()], std::cmp::Reverse(extra[r])))?;
    Some((give, get))
}

/// How well a hand serves the goals: cards towards the first goal count most, then cards
/// towards the others, then variety.
pub fn hand_value(hand: &Resources, goals: &[Goal]) -> f32 {
    let mut value = 0.0;
    let mut left = *hand;
    for (i, g) in goals.iter().take(3).enumerate() {
        let cost = g.cost();
        let weight = [4.0, 2.0, 1.0][i];
        for r in Resource::ALL {
            let used = left[r].min(cost[r]);
            value += weight * used as f32;
            left[r] -= used;
        }
    }
    for r in Resource::ALL {
        value += 0.5 * left[r].min(1) as f32 + 0.1 * left[r] as f32;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_keeps_the_cards_of_its_goal() {
        let goals = [Goal::City(0)];
        let keeps_city = Resources([0, 0, 0, 2, 3]);
        let keeps_road = Resources([2, 2, 1, 0, 0]);
        assert!(hand_value(&keeps_city, &goals) > hand_value(&keeps_road, &goals));
    }
}
