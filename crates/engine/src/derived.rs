//! Bit sets derived from the pieces on the board, kept current as pieces go down, so legal
//! moves, production and trade rates are a few mask operations instead of scans over every
//! edge and intersection (the boards have at most 109 edges and 80 intersections: one `u128`).
//!
//! The sets are never serialized: a game loaded from the store, or changed by hand in a test
//! (`testkit`, which calls `Game::board_changed`), computes them afresh on first use. Debug
//! builds check on every use that the kept sets equal a fresh computation.

use super::adjacency::{Adjacency, bits};
use super::board::{EdgeId, PortKind, VertexId};
use super::game::Game;
use super::types::Seat;

/// The most seats a game has.
const SEATS: usize = 6;

/// What the board's pieces imply, per seat where it matters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Derived {
    /// Edges holding each seat's roads.
    pub roads: [u128; SEATS],
    /// Intersections at either end of each seat's roads.
    pub road_ends: [u128; SEATS],
    /// Intersections holding each seat's buildings (settlements and cities).
    pub buildings: [u128; SEATS],
    /// Intersections holding each seat's cities.
    pub cities: [u128; SEATS],
    /// Hexes with a building of each seat on a corner (bit set over hex ids): whom the
    /// robber can rob where, without a walk over the buildings on every robber move.
    pub hexes: [u32; SEATS],
    /// Edges holding any road.
    pub any_road: u128,
    /// Intersections holding any building.
    pub occupied: u128,
    /// Intersections where the distance rule forbids a settlement: taken or next to a building.
    pub crowded: u128,
    /// Edges touching the intersections a new road of each seat may start from (their
    /// buildings and road ends not held by an opponent), taken or not: the road menu is then
    /// one mask instead of a walk over every intersection of the network.
    pub anchor_edges: [u128; SEATS],
    /// Each seat's supply rate per resource (4, 3 with a generic port, 2 with that port).
    pub rates: [[u8; 5]; SEATS],
    /// Hexes (bit set) carrying each number token; fixed for a game's layout.
    pub hexes_by_number: [u32; 13],
    /// The cards each seat's buildings earn when each number is rolled, before the robber and
    /// shortages, packed one byte per resource ([`Resources::packed`]): production adds
    /// these instead of visiting the corners of the rolled hexes.
    pub yields: [[u64; SEATS]; 13],
}

impl Derived {
    /// Everything computed from the game's pieces and layout.
    pub fn compute(g: &Game) -> Derived {
        let adj = g.adjacency();
        let mut d = Derived {
            roads: [0; SEATS],
            road_ends: [0; SEATS],
            buildings: [0; SEATS],
            cities: [0; SEATS],
            hexes: [0; SEATS],
            any_road: 0,
            occupied: 0,
            crowded: 0,
            anchor_edges: [0; SEATS],
            rates: [[4; 5]; SEATS],
            hexes_by_number: [0; 13],
            yields: [[0; SEATS]; 13],
        };
        for (h, token) in g.layout.tokens.iter().enumerate() {
            if let Some(n) = token
                && (*n as usize) < d.hexes_by_number.len()
            {
                d.hexes_by_number[*n as usize] |= 1 << h;
            }
        }
        for (e, owner) in g.roads.iter().enumerate() {
            if let Some(s) = owner {
                d.add_road(adj, *s, e as EdgeId);
            }
        }
        for (v, b) in g.buildings.iter().enumerate() {
            if let Some(b) = b {
                d.place(adj, b.owner, v as VertexId, b.city);
                d.add_yield(g, b.owner, v as VertexId, 1 + b.city as u64);
            }
        }
        // from scratch, so the debug check compares the kept sets with an independent answer
        for s in 0..SEATS {
            d.anchor_edges[s] = edges_around(adj, d.anchors(s));
        }
        // port rates once per port, not a search of the ports per building
        for port in &g.layout.ports {
            for v in adj.edge_vertices[port.edge as usize] {
                if let Some(b) = g.buildings[v as usize] {
                    d.use_port(b.owner, port.kind);
                }
            }
        }
        d
    }

    /// The bits of a building of `seat` on `v` (a city on a settlement's bit when `city`).
    fn place(&mut self, adj: &Adjacency, seat: Seat, v: VertexId, city: bool) {
        let s = seat as usize;
        let bit = 1u128 << v;
        self.buildings[s] |= bit;
        self.hexes[s] |= adj.vertex_hex_mask[v as usize];
        if city {
            self.cities[s] |= bit;
        }
        self.occupied |= bit;
        self.crowded |= bit | adj.vertex_neighbor_mask[v as usize];
        self.anchor_edges[s] |= adj.vertex_edge_mask[v as usize];
        // the intersection is no longer a start for the other seats' roads that end there
        for t in 0..SEATS {
            if t != s && self.road_ends[t] & bit != 0 {
                self.anchor_edges[t] = edges_around(adj, self.anchors(t));
            }
        }
    }

    /// Intersections a new road of seat `s` may start from: its buildings, and its road ends
    /// not held by an opponent.
    pub fn anchors(&self, s: usize) -> u128 {
        let own = self.buildings[s];
        (self.road_ends[s] | own) & !(self.occupied & !own)
    }

    /// `seat` built on a port of `kind`.
    fn use_port(&mut self, seat: Seat, kind: PortKind) {
        let rates = &mut self.rates[seat as usize];
        match kind {
            PortKind::Special(r) => rates[r.index()] = 2,
            PortKind::Generic => {
                for rate in rates.iter_mut() {
                    *rate = (*rate).min(3);
                }
            }
        }
    }

    /// A road of `seat` went down on `e`.
    pub fn add_road(&mut self, adj: &Adjacency, seat: Seat, e: EdgeId) {
        let s = seat as usize;
        let [a, b] = adj.edge_vertices[e as usize];
        self.roads[s] |= 1 << e;
        self.road_ends[s] |= (1 << a) | (1 << b);
        self.any_road |= 1 << e;
        let foreign = self.occupied & !self.buildings[s];
        for v in [a, b] {
            if foreign & (1 << v) == 0 {
                self.anchor_edges[s] |= adj.vertex_edge_mask[v as usize];
            }
        }
    }

    /// A building of `seat` went down on `v`; a city (`city`) upgrades the settlement there.
    pub fn add_building(&mut self, g: &Game, seat: Seat, v: VertexId, city: bool) {
        // a new settlement earns one card per hex, a city one more
        self.add_yield(g, seat, v, 1);
        if city {
            self.cities[seat as usize] |= 1u128 << v;
            return;
        }
        self.place(g.adjacency(), seat, v, false);
        if let Some(kind) = g.layout.port_at(v) {
            self.use_port(seat, kind);
        }
    }

    /// `cards` more of each producing hex's resource around `v` for `seat`, on its number.
    fn add_yield(&mut self, g: &Game, seat: Seat, v: VertexId, cards: u64) {
        for h in bits(g.adjacency().vertex_hex_mask[v as usize] as u128) {
            let h = h as usize;
            let number = g.layout.tokens.get(h).copied().flatten();
            let resource = g.layout.terrain.get(h).and_then(|t| t.resource());
            if let (Some(n), Some(r)) = (number, resource)
                && let Some(row) = self.yields.get_mut(n as usize)
            {
                row[seat as usize] += cards << (8 * r.index());
            }
        }
    }

    /// The intersections `seat`'s settlements (not cities) stand on.
    pub fn settlements(&self, seat: Seat) -> u128 {
        self.buildings[seat as usize] & !self.cities[seat as usize]
    }
}

impl Game {
    /// The derived bit sets, computed on first use after a load or a change by hand.
    pub(super) fn derived(&self) -> &Derived {
        let d = self.derived.get_or_init(|| Derived::compute(self));
        debug_assert!(
            *d == Derived::compute(self),
            "derived bit sets are stale: a piece was placed without `board_changed`"
        );
        d
    }

    /// Keeps the derived sets current after a road went down (if they were computed yet).
    pub(super) fn note_road(&mut self, seat: Seat, e: EdgeId) {
        let adj = self.adjacency();
        if let Some(d) = self.derived.get_mut() {
            d.add_road(adj, seat, e);
        }
    }

    /// Keeps the derived sets current after a building went down.
    pub(super) fn note_building(&mut self, seat: Seat, v: VertexId, city: bool) {
        if let Some(mut d) = self.derived.take() {
            d.add_building(self, seat, v, city);
            let _ = self.derived.set(d);
        }
    }

    /// Call after changing `roads`, `buildings` or the layout by hand (`testkit`): the derived
    /// sets are computed again on next use.
    pub(crate) fn board_changed(&mut self) {
        self.derived.take();
    }

    /// Edges next to the intersections in `vertices`, as a bit set.
    pub(super) fn edges_at(&self, vertices: u128) -> u128 {
        edges_around(self.adjacency(), vertices)
    }
}

/// Edges next to the intersections in `vertices`, as a bit set.
fn edges_around(adj: &Adjacency, vertices: u128) -> u128 {
    bits(vertices).fold(0, |acc, v| acc | adj.vertex_edge_mask[v as usize])
}
