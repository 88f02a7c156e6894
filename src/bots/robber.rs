//! Where a strong bot puts the robber (after a 7 or with a knight) and whom it robs: the hex
//! that costs the leaders most production, never one of its own, and the richest victim there.

use super::facts::Facts;
use crate::engine::{Action, HexId, Seat};

/// The (hex, victim) of a robber action.
pub fn target(a: &Action) -> Option<(HexId, Option<Seat>)> {
    match *a {
        Action::MoveRobber { hex, victim } | Action::PlayKnight { hex, victim } => {
            Some((hex, victim))
        }
        _ => None,
    }
}

/// How much a robber move hurts the others (weighted towards the leaders) and helps the bot.
pub fn score(f: &Facts, hex: HexId, victim: Option<Seat>) -> f32 {
    let vp = |s: Seat| f.view.players[s as usize].public_vp as f32;
    let target = f.view.settings.vp_target as f32;
    let me = f.me;
    let mut value = f.hex_damage(hex, |owner| {
        if owner == me {
            -4.0
        } else {
            1.0 + vp(owner) / 3.0 + if vp(owner) + 2.0 >= target { 2.0 } else { 0.0 }
        }
    });
    if let Some(v) = victim {
        let p = &f.view.players[v as usize];
        value += 1.0 + 0.15 * p.resource_count.min(10) as f32 + 0.3 * vp(v);
    }
    value
}

/// The best of the robber actions in `legal` (MoveRobber or PlayKnight).
pub fn best<'a>(f: &Facts, legal: &'a [Action]) -> Option<&'a Action> {
    legal
        .iter()
        .filter_map(|a| target(a).map(|(h, v)| (a, score(f, h, v))))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(a, _)| a)
}

/// The robber sits on a producing hex next to one of the bot's buildings.
pub fn blocks_me(f: &Facts) -> bool {
    let hex = f.view.robber;
    f.view.layout.tokens[hex as usize].is_some() && f.touches(f.me, hex)
}
