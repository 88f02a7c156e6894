//! Trades between players: which offers a bot accepts and which it makes.
//!
//! A bot accepts only a trade it can pay that brings its hand closer to its goals
//! ([`plan::hand_value`]) without giving more cards than it gets, and never one with a player
//! two points or fewer from victory. It offers one surplus card for one card its first goal
//! lacks, when that goal is one or two cards away.

use super::facts::Facts;
use super::plan;
use crate::engine::{Phase, Resource, Resources};

/// Whether to give `give` for `get` to the current player.
pub fn accepts(f: &Facts, give: &Resources, get: &Resources) -> bool {
    if give.is_empty() || get.is_empty() || !give.fits_in(&f.hand) {
        return false;
    }
    let partner = f.view.current;
    if partner == f.me {
        return false;
    }
    let Some(p) = f.view.players.get(partner as usize) else {
        return false;
    };
    if p.public_vp as u32 + 2 >= f.view.settings.vp_target as u32 {
        return false;
    }
    if give.total() > get.total() {
        return false;
    }
    let goals = plan::goals(f);
    let before = plan::hand_value(&f.hand, &goals);
    let after = plan::hand_value(&(f.hand - *give + *get), &goals);
    after > before + 0.5
}

/// A 1-for-1 offer towards the first goal, on the bot's own action phase.
pub fn offer(f: &Facts) -> Option<(Resources, Resources)> {
    if f.view.phase != Phase::Main || f.view.current != f.me {
        return None;
    }
    let goals = plan::goals(f);
    let first = goals.first()?.cost();
    let lack = first - f.hand;
    if !(1..=2).contains(&lack.total()) {
        return None;
    }
    let get = Resource::ALL.into_iter().find(|&r| lack[r] > 0)?;
    // spare: beyond the first goal, and preferably beyond the second too
    let spare = f.hand - first;
    let second = goals.get(1).map(|g| g.cost()).unwrap_or_default();
    let give = Resource::ALL
        .into_iter()
        .filter(|&r| spare[r] > 0 && r != get)
        .max_by_key(|&r| (spare[r] > second[r], spare[r]))?;
    Some((Resources::one(give), Resources::one(get)))
}
