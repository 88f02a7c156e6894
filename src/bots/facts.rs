//! What a bot reads off its seat's [`GameView`]: production per intersection, who produces
//! what, trade rates, free building spots and how many roads reach them. Everything here is
//! computed from public board facts and the seat's own hand, nothing else.

use crate::engine::game::GameView;
use crate::engine::{EdgeId, HexId, PortKind, Resource, Resources, Seat, Topology, VertexId};

/// The most intersections a board has, with room to spare (the extended board has 80).
pub const MAX_VERTICES: usize = 128;

/// Dice combinations (out of 36) that roll a number token.
pub fn pips(token: Option<u8>) -> f32 {
    match token {
        Some(t) if (2..=12).contains(&t) && t != 7 => (6 - (7 - t as i32).abs()) as f32,
        _ => 0.0,
    }
}

/// The board facts one seat's decisions use.
pub struct Facts<'a> {
    pub view: &'a GameView,
    pub topo: &'static Topology,
    pub me: Seat,
    pub hand: Resources,
    /// Expected cards of each resource per 36 rolls for every seat (robber hex excluded).
    pub income: Vec<[f32; 5]>,
    /// How much each resource is worth relative to the others: rare on this board is dear.
    pub scarcity: [f32; 5],
}

impl<'a> Facts<'a> {
    pub fn new(view: &'a GameView) -> Facts<'a> {
        let topo = Topology::get(view.layout.size);
        let me = view.viewer.unwrap_or(view.current);
        let hand = view.own.as_ref().map(|o| o.hand).unwrap_or_default();
        let mut income = vec![[0.0f32; 5]; view.players.len()];
        for (v, b) in view.buildings.iter().enumerate() {
            if let Some(b) = b
                && let Some(row) = income.get_mut(b.owner as usize)
            {
                let mult = if b.city { 2.0 } else { 1.0 };
                for (r, p) in vertex_yield(view, topo, v as VertexId, true)
                    .iter()
                    .enumerate()
                {
                    row[r] += mult * p;
                }
            }
        }
        let mut board = [0.0f32; 5];
        for (h, t) in view.layout.terrain.iter().enumerate() {
            if let Some(r) = t.resource() {
                board[r.index()] += pips(view.layout.tokens[h]);
            }
        }
        let mean = board.iter().sum::<f32>() / 5.0;
        let scarcity = board.map(|b| (mean / b.max(1.0)).clamp(0.7, 1.6));
        Facts {
            view,
            topo,
            me,
            hand,
            income,
            scarcity,
        }
    }

    pub fn my_income(&self) -> [f32; 5] {
        self.income
            .get(self.me as usize)
            .copied()
            .unwrap_or_default()
    }

    /// Resources per 36 rolls an intersection yields (with or without the robber's hex).
    pub fn vertex_yield(&self, v: VertexId) -> [f32; 5] {
        vertex_yield(self.view, self.topo, v, false)
    }

    /// No building on or next to `v`: the distance rule allows a settlement there.
    pub fn is_free(&self, v: VertexId) -> bool {
        let b = &self.view.buildings;
        b[v as usize].is_none()
            && self.topo.vertex_neighbors[v as usize]
                .iter()
                .all(|&n| b[n as usize].is_none())
    }

    /// The port kind at an intersection, if any.
    pub fn port_at(&self, v: VertexId) -> Option<PortKind> {
        self.view
            .layout
            .ports
            .iter()
            .find(|p| self.topo.edge_vertices[p.edge as usize].contains(&v))
            .map(|p| p.kind)
    }

    /// The supply rate `seat` has for each resource (4, 3 with a generic port, 2 with its own).
    pub fn rates(&self, seat: Seat) -> [u8; 5] {
        let mut rates = [4u8; 5];
        for p in &self.view.layout.ports {
            let owns = self.topo.edge_vertices[p.edge as usize]
                .iter()
                .any(|&v| matches!(self.view.buildings[v as usize], Some(b) if b.owner == seat));
            if owns {
                match p.kind {
                    PortKind::Generic => rates.iter_mut().for_each(|r| *r = (*r).min(3)),
                    PortKind::Special(r) => rates[r.index()] = 2,
                }
            }
        }
        rates
    }

    /// How good a settlement on `v` would be for `seat`: its production weighted by scarcity,
    /// a bonus for resources the seat does not produce yet, and its port.
    pub fn spot_value(&self, seat: Seat, v: VertexId) -> f32 {
        let y = self.vertex_yield(v);
        let have = self.income.get(seat as usize).copied().unwrap_or_default();
        let mut value = 0.0;
        for ((yield_r, scarcity), have_r) in y.iter().zip(self.scarcity).zip(have) {
            value += yield_r * scarcity;
            if *yield_r > 0.0 && have_r < 1.0 {
                value += 2.0;
            }
        }
        value += match self.port_at(v) {
            Some(PortKind::Generic) => 1.0,
            Some(PortKind::Special(r)) => 0.4 * (have[r.index()] + y[r.index()]),
            None => 0.0,
        };
        value
    }

    /// The seat with the most public victory points other than me, and those points.
    pub fn leader(&self) -> (Option<Seat>, u8) {
        self.view
            .players
            .iter()
            .filter(|p| p.seat != self.me)
            .max_by_key(|p| (p.public_vp, p.resource_count))
            .map_or((None, 0), |p| (Some(p.seat), p.public_vp))
    }

    /// Roads needed from `seat`'s network to each intersection (`u8::MAX`: out of reach within
    /// `max` roads), with the edge each path arrives by. In fixed arrays, not vectors: the
    /// expert's rollouts ask this at every step, and the allocations were most of its cost.
    pub fn road_distances(
        &self,
        seat: Seat,
        max: u8,
    ) -> ([u8; MAX_VERTICES], [Option<EdgeId>; MAX_VERTICES]) {
        let n = self.topo.vertex_count().min(MAX_VERTICES);
        let mut dist = [u8::MAX; MAX_VERTICES];
        let mut via = [None; MAX_VERTICES];
        let blocked = |v: usize| matches!(self.view.buildings[v], Some(b) if b.owner != seat);
        // the intersections reached at the last step, in the order they were reached
        let mut frontier = [0u8; MAX_VERTICES];
        let mut len = 0;
        // the ends of the seat's roads, in one pass over the edges
        let mut road_end = [false; MAX_VERTICES];
        for (e, owner) in self.view.roads.iter().enumerate() {
            if *owner == Some(seat) {
                for v in self.topo.edge_vertices[e] {
                    road_end[v as usize] = true;
                }
            }
        }
        for (v, d) in dist.iter_mut().enumerate().take(n) {
            let own_building = matches!(self.view.buildings[v], Some(b) if b.owner == seat);
            if own_building || (road_end[v] && !blocked(v)) {
                *d = 0;
                frontier[len] = v as u8;
                len += 1;
            }
        }
        for step in 1..=max {
            let mut next = [0u8; MAX_VERTICES];
            let mut next_len = 0;
            for &v in &frontier[..len] {
                let v = v as usize;
                for &e in &self.topo.vertex_edges[v] {
                    if self.view.roads[e as usize].is_some() {
                        continue;
                    }
                    let [a, b] = self.topo.edge_vertices[e as usize];
                    let u = (if a as usize == v { b } else { a }) as usize;
                    if dist[u] == u8::MAX {
                        dist[u] = step;
                        via[u] = Some(e);
                        if !blocked(u) {
                            next[next_len] = u as u8;
                            next_len += 1;
                        }
                    }
                }
            }
            (frontier, len) = (next, next_len);
        }
        (dist, via)
    }

    /// The first road of the path that reached `target` in [`Facts::road_distances`].
    pub fn first_road(
        &self,
        dist: &[u8],
        via: &[Option<EdgeId>],
        target: VertexId,
    ) -> Option<EdgeId> {
        let mut v = target as usize;
        let mut edge = None;
        while dist[v] != 0 && dist[v] != u8::MAX {
            let e = via[v]?;
            edge = Some(e);
            let [a, b] = self.topo.edge_vertices[e as usize];
            v = (if a as usize == v { b } else { a }) as usize;
        }
        edge
    }

    /// Whether `seat` has a building on a corner of `hex`.
    pub fn touches(&self, seat: Seat, hex: HexId) -> bool {
        self.topo.hex_vertices[hex as usize]
            .iter()
            .any(|&v| matches!(self.view.buildings[v as usize], Some(b) if b.owner == seat))
    }

    /// Pips of a hex times the weight of each building on it for `weight(owner)`.
    pub fn hex_damage(&self, hex: HexId, weight: impl Fn(Seat) -> f32) -> f32 {
        let p = pips(self.view.layout.tokens[hex as usize]);
        self.topo.hex_vertices[hex as usize]
            .iter()
            .filter_map(|&v| self.view.buildings[v as usize])
            .map(|b| p * weight(b.owner) * if b.city { 2.0 } else { 1.0 })
            .sum()
    }
}

fn vertex_yield(view: &GameView, topo: &Topology, v: VertexId, skip_robber: bool) -> [f32; 5] {
    let mut out = [0.0; 5];
    for &h in &topo.vertex_hexes[v as usize] {
        if skip_robber && h == view.robber {
            continue;
        }
        if let Some(r) = view.layout.terrain[h as usize].resource() {
            out[r.index()] += pips(view.layout.tokens[h as usize]);
        }
    }
    out
}

/// Cards of `cost` not in `hand`.
pub fn missing(hand: &Resources, cost: &Resources) -> Resources {
    *cost - *hand
}

/// Cards in `hand` beyond `cost`.
pub fn surplus(hand: &Resources, cost: &Resources) -> Resources {
    *hand - *cost
}

/// Cards still missing for `cost` after trading every surplus card with the supply at `rates`
/// (negative: that many trades to spare).
pub fn shortfall(hand: &Resources, cost: &Resources, rates: &[u8; 5]) -> i32 {
    let need = missing(hand, cost).total() as i32;
    let extra = surplus(hand, cost);
    let trades: i32 = Resource::ALL
        .iter()
        .map(|&r| (extra[r] / rates[r.index()].max(1)) as i32)
        .sum();
    need - trades
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pips_count_dice_combinations() {
        assert_eq!(pips(Some(6)), 5.0);
        assert_eq!(pips(Some(8)), 5.0);
        assert_eq!(pips(Some(2)), 1.0);
        assert_eq!(pips(Some(12)), 1.0);
        assert_eq!(pips(None), 0.0);
    }

    #[test]
    fn shortfall_counts_trades_at_the_rates() {
        let hand = Resources([4, 0, 0, 2, 1]);
        // a city needs 2 more ore; 4 brick at 4:1 is one trade
        assert_eq!(shortfall(&hand, &Resources::CITY, &[4; 5]), 1);
        assert_eq!(shortfall(&hand, &Resources::CITY, &[2, 4, 4, 4, 4]), 0);
        assert_eq!(shortfall(&Resources::CITY, &Resources::CITY, &[4; 5]), 0);
    }
}
