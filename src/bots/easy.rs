//! The easy bot: sensible and short-sighted, a sparring partner for newcomers.
//!
//! Setup by production pips with some noise; on its turn it builds whatever it can afford in a
//! fixed order (city, settlement, road towards a free spot, development card), trades with the
//! supply only when holding too many cards, plays a knight when the robber blocks it and other
//! cards now and then, moves the robber to a random hex without its own buildings, and
//! discards from its largest piles.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::facts::Facts;
use super::robber;
use crate::engine::{Action, Phase, Resource};

pub fn choose<'a>(f: &Facts, legal: &'a [Action], rng: &mut ChaCha8Rng) -> Option<&'a Action> {
    match &f.view.phase {
        Phase::Setup {
            road_from: None, ..
        } => legal
            .iter()
            .filter_map(|a| match a {
                Action::BuildSettlement(v) => {
                    let pips: f32 = f.vertex_yield(*v).iter().sum();
                    Some((a, pips + rng.gen_range(0.0..4.0)))
                }
                _ => None,
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(a, _)| a),
        Phase::Setup { .. } => legal.choose(rng),
        Phase::BeforeRoll => if robber::blocks_me(f) {
            random_robber(f, legal, rng, true)
        } else {
            None
        }
        .or_else(|| legal.iter().find(|a| **a == Action::Roll)),
        Phase::Discard { .. } => legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard(d) => {
                    let kept = f.hand - *d;
                    let spread: u32 = kept.0.iter().map(|&n| (n as u32) * (n as u32)).sum();
                    Some((a, spread))
                }
                _ => None,
            })
            .min_by_key(|&(_, s)| s)
            .map(|(a, _)| a),
        Phase::MoveRobber => random_robber(f, legal, rng, false),
        Phase::Main => main_phase(f, legal, rng),
        Phase::SpecialBuild { .. } => builds(f, legal, rng),
        Phase::Finished { .. } => None,
    }
}

/// A random robber move (or knight) that spares the bot's own buildings when it can.
fn random_robber<'a>(
    f: &Facts,
    legal: &'a [Action],
    rng: &mut ChaCha8Rng,
    knight: bool,
) -> Option<&'a Action> {
    let moves: Vec<&Action> = legal
        .iter()
        .filter(|a| match a {
            Action::PlayKnight { .. } => knight,
            Action::MoveRobber { .. } => !knight,
            _ => false,
        })
        .collect();
    let spare: Vec<&Action> = moves
        .iter()
        .copied()
        .filter(|a| robber::target(a).is_some_and(|(h, _)| !f.touches(f.me, h)))
        .collect();
    let pool = if spare.is_empty() { moves } else { spare };
    pool.choose(rng).copied()
}

fn main_phase<'a>(f: &Facts, legal: &'a [Action], rng: &mut ChaCha8Rng) -> Option<&'a Action> {
    if robber::blocks_me(f)
        && let Some(a) = random_robber(f, legal, rng, true)
    {
        return Some(a);
    }
    let other_cards: Vec<&Action> = legal
        .iter()
        .filter(|a| a.is_card_play() && !matches!(a, Action::PlayKnight { .. }))
        .collect();
    if !other_cards.is_empty() && rng.gen_bool(0.3) {
        return other_cards.choose(rng).copied();
    }
    if let Some(a) = builds(f, legal, rng) {
        return Some(a);
    }
    if f.hand.total() > f.view.settings.discard_limit as u32 {
        // too many cards: swap some of the largest pile for the rarest
        let most = Resource::ALL.into_iter().max_by_key(|&r| f.hand[r])?;
        let least = Resource::ALL.into_iter().min_by_key(|&r| f.hand[r])?;
        if let Some(a) = legal.iter().find(|a| {
            matches!(a, Action::MaritimeTrade { give, get, count: 1 } if *give == most && *get == least)
        }) {
            return Some(a);
        }
    }
    legal.iter().find(|a| **a == Action::EndTurn)
}

/// Whatever it can afford, in a fixed order; `None` when nothing is.
fn builds<'a>(f: &Facts, legal: &'a [Action], rng: &mut ChaCha8Rng) -> Option<&'a Action> {
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::BuildCity(_))) {
        return Some(a);
    }
    let best_settlement = legal
        .iter()
        .filter_map(|a| match a {
            Action::BuildSettlement(v) => Some((a, f.vertex_yield(*v).iter().sum::<f32>())),
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((a, _)) = best_settlement {
        return Some(a);
    }
    // a road whose far end is a free spot, else any road now and then
    let roads: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::BuildRoad(_)))
        .collect();
    let towards_spot: Vec<&Action> = roads
        .iter()
        .copied()
        .filter(|a| match a {
            Action::BuildRoad(e) => f.topo.edge_vertices[*e as usize]
                .iter()
                .any(|&v| f.is_free(v)),
            _ => false,
        })
        .collect();
    if let Some(&a) = towards_spot.choose(rng) {
        return Some(a);
    }
    if !roads.is_empty() && rng.gen_bool(0.3) {
        return roads.choose(rng).copied();
    }
    legal.iter().find(|a| **a == Action::BuyDevCard)
}
