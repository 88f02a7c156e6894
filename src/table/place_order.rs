//! The order every list of places is shown in (setup hints, `build settlement ?`, `moves`,
//! Discord's menus and autocomplete, Matrix): what a player cares about first. A corner is
//! worth its pips (how many of the 36 dice rolls pay it: 5 for a 6 or an 8 … 1 for a 2 or a
//! 12, summed over its hexes), then how many different resources it touches, then its port
//! (2:1 before 3:1); the label breaks ties. A road is worth the better of its two ends, a hex
//! (for the robber) its own pips. Lists show the pip total, so the order explains itself.

use std::cmp::Reverse;

use crate::engine::{Action, EdgeId, HexId, Layout, PortKind, Topology, VertexId};
use crate::i18n::InWords;

/// How many of the 36 rolls of two dice show `token` (0 for 7 or no number).
pub fn token_pips(token: u8) -> u8 {
    match token {
        2..=6 => token - 1,
        8..=12 => 13 - token,
        _ => 0,
    }
}

/// What a corner is worth to a player, best first when sorted by [`Worth::key`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Worth {
    /// Sum of the pips of its hexes.
    pub pips: u8,
    /// Different resources it produces.
    pub variety: u8,
    /// 2 for a 2:1 port, 1 for a 3:1 port, 0 for none.
    pub port: u8,
}

/// A sort key: the better place sorts first, ties by label (the id).
pub type Key = (Reverse<u8>, Reverse<u8>, Reverse<u8>, u32);

impl Worth {
    fn key(self, id: u32) -> Key {
        (
            Reverse(self.pips),
            Reverse(self.variety),
            Reverse(self.port),
            id,
        )
    }
}

/// What corner `v` is worth.
pub fn spot(topo: &Topology, layout: &Layout, v: VertexId) -> Worth {
    let mut pips = 0u8;
    let mut kinds = Vec::new();
    for &h in topo.vertex_hexes.get(v as usize).into_iter().flatten() {
        let resource = layout.terrain.get(h as usize).and_then(|t| t.resource());
        let token = layout.tokens.get(h as usize).copied().flatten();
        if let (Some(r), Some(n)) = (resource, token) {
            pips = pips.saturating_add(token_pips(n));
            if !kinds.contains(&r) {
                kinds.push(r);
            }
        }
    }
    let port = match layout.port_at(v) {
        Some(PortKind::Special(_)) => 2,
        Some(PortKind::Generic) => 1,
        None => 0,
    };
    Worth {
        pips,
        variety: kinds.len() as u8,
        port,
    }
}

/// Sort key of corner `v`.
pub fn spot_key(topo: &Topology, layout: &Layout, v: VertexId) -> Key {
    spot(topo, layout, v).key(u32::from(v))
}

/// What road `e` is worth: its better end.
pub fn road(topo: &Topology, layout: &Layout, e: EdgeId) -> Worth {
    let [a, b] = topo.edge_vertices[e as usize];
    let (wa, wb) = (spot(topo, layout, a), spot(topo, layout, b));
    if wa.key(0) <= wb.key(0) { wa } else { wb }
}

/// Sort key of road `e`.
pub fn road_key(topo: &Topology, layout: &Layout, e: EdgeId) -> Key {
    road(topo, layout, e).key(u32::from(e))
}

/// Sort key of hex `h` (for the robber): its own pips.
pub fn hex_key(layout: &Layout, h: HexId) -> Key {
    let pips = layout
        .tokens
        .get(h as usize)
        .copied()
        .flatten()
        .map_or(0, token_pips);
    (Reverse(pips), Reverse(0), Reverse(0), u32::from(h))
}

/// Sort key of the place an action names, if it names one (the robber's hex, a road's or a
/// building's place; Road Building by its first road).
pub fn action_key(topo: &Topology, layout: &Layout, action: &Action) -> Option<Key> {
    Some(match action {
        Action::BuildSettlement(v) | Action::BuildCity(v) => spot_key(topo, layout, *v),
        Action::BuildRoad(e) | Action::PlayRoadBuilding { first: e, .. } => {
            road_key(topo, layout, *e)
        }
        Action::MoveRobber { hex, .. } | Action::PlayKnight { hex, .. } => hex_key(layout, *hex),
        _ => return None,
    })
}

/// `11 pips`, in the current language.
pub fn pips_text(pips: u8) -> String {
    crate::t!("places-pips", pips = pips)
}

/// `23 · grain 6 · ore 8 · 3:1 port`: an intersection with what it produces.
pub fn vertex_text(topo: &Topology, layout: &Layout, v: VertexId) -> String {
    let mut parts = vec![topo.vertex_label(v)];
    for &h in topo.vertex_hexes.get(v as usize).into_iter().flatten() {
        let terrain = layout.terrain[h as usize];
        match (terrain.resource(), layout.tokens[h as usize]) {
            (Some(r), Some(n)) => parts.push(format!("{r} {n}", r = r.in_words())),
            _ => parts.push(crate::i18n::words::terrain(terrain)),
        }
    }
    match layout.port_at(v) {
        Some(PortKind::Generic) => parts.push(crate::t!("messages-port-generic")),
        Some(PortKind::Special(r)) => {
            parts.push(crate::t!("messages-port-special", resource = r.in_words()))
        }
        None => {}
    }
    parts.join(" · ")
}

/// `23 · 11 pips · grain 6 · ore 8 · 3:1 port`: an intersection with its pip total and what
/// it produces (see [`vertex_text`]).
pub fn spot_text(topo: &Topology, layout: &Layout, v: VertexId) -> String {
    let text = vertex_text(topo, layout, v);
    let pips = pips_text(spot(topo, layout, v).pips);
    match text.split_once(" · ") {
        Some((label, rest)) => format!("{label} · {pips} · {rest}"),
        None => format!("{text} · {pips}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Settings};

    #[test]
    fn pips_count_the_rolls() {
        let all: Vec<u8> = (2..=12).map(token_pips).collect();
        assert_eq!(all, [1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1]);
        assert_eq!(all.iter().map(|&p| u32::from(p)).sum::<u32>(), 30);
    }

    #[test]
    fn corners_sort_by_pips_then_variety_then_port() {
        let g = Game::new(Settings::for_players(4), 9);
        let topo = g.topology();
        let mut spots: Vec<VertexId> = (0..topo.vertex_count() as VertexId).collect();
        spots.sort_by_key(|&v| spot_key(topo, g.layout(), v));
        for pair in spots.windows(2) {
            let (a, b) = (
                spot(topo, g.layout(), pair[0]),
                spot(topo, g.layout(), pair[1]),
            );
            assert!(a.pips >= b.pips, "{pair:?}");
            if a.pips == b.pips {
                assert!(a.variety >= b.variety, "{pair:?}");
            }
        }
        let best = spots[0];
        let most = (0..topo.vertex_count() as VertexId)
            .map(|v| spot(topo, g.layout(), v).pips)
            .max();
        assert_eq!(Some(spot(topo, g.layout(), best).pips), most);
        let text = spot_text(topo, g.layout(), best);
        assert!(
            text.starts_with(&format!(
                "{} · {} pips · ",
                topo.vertex_label(best),
                spot(topo, g.layout(), best).pips
            )),
            "{text}"
        );
    }
}
