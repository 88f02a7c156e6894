//! Longest Route (RULES.md §5): the length of each player's longest chain of roads (no road
//! used twice, through own buildings but not through an opponent's), and who holds the card.

use super::action::Event;
use super::adjacency::{Adjacency, NONE, bits};
use super::board::{EdgeId, Topology, VertexId};
use super::game::{Building, Game};
use super::sink::EventSink;
use super::types::Seat;

/// Minimum route length for the card.
pub const MIN_ROUTE: u8 = 5;

/// Length of `seat`'s longest route on this board: a depth-first search over that seat's
/// edges from every intersection it touches (≤ 15 roads, so this stays small). The simple
/// reference version, used by the invariant checker to cross-check [`route_length_of`].
pub fn route_length(
    topo: &Topology,
    roads: &[Option<Seat>],
    buildings: &[Option<Building>],
    seat: Seat,
) -> u8 {
    let mut starts: u128 = 0;
    let mut any = false;
    for (e, owner) in roads.iter().enumerate() {
        if *owner == Some(seat) {
            any = true;
            for v in topo.edge_vertices[e] {
                starts |= 1 << v;
            }
        }
    }
    if !any {
        return 0;
    }
    let search = Search {
        topo,
        roads,
        buildings,
        seat,
    };
    let mut best = 0;
    while starts != 0 {
        let v = starts.trailing_zeros() as VertexId;
        starts &= starts - 1;
        best = best.max(search.longest_from(v, 0, true));
    }
    best
}

struct Search<'a> {
    topo: &'a Topology,
    roads: &'a [Option<Seat>],
    buildings: &'a [Option<Building>],
    seat: Seat,
}

impl Search<'_> {
    /// Longest trail continuing from `v` with the edges in `used` taken. A route may start or
    /// end at an opponent's building but not pass through it.
    fn longest_from(&self, v: VertexId, used: u128, start: bool) -> u8 {
        if !start && matches!(self.buildings[v as usize], Some(b) if b.owner != self.seat) {
            return 0;
        }
        let mut best = 0;
        for &e in &self.topo.vertex_edges[v as usize] {
            let bit = 1u128 << e;
            if used & bit != 0 || self.roads[e as usize] != Some(self.seat) {
                continue;
            }
            let [a, b] = self.topo.edge_vertices[e as usize];
            let next = if a == v { b } else { a };
            best = best.max(1 + self.longest_from(next, used | bit, false));
        }
        best
    }
}

/// The same length as [`route_length`], faster, on bit sets (`own`: the seat's edges;
/// `blocked`: intersections holding an opponent's building): the search starts only at route ends
/// (intersections with 1 or 3 of the seat's roads, or an opponent's building) and, for a
/// component that is a pure loop, at any one of its intersections. A longest trail can always
/// be rotated to start at such a place: if it started at a plain pass-through intersection, its
/// unused second road there would extend it.
pub(super) fn route_length_of(adj: &Adjacency, own: u128, blocked: u128) -> u8 {
    let search = FastSearch { adj, own, blocked };
    let mut best = 0;
    let mut left = own;
    while left != 0 {
        let [a, b] = adj.edge_vertices[left.trailing_zeros() as usize];
        let component = search.component_edges((1u128 << a) | (1u128 << b));
        left &= !component;
        best = best.max(search.component_length(component, best));
    }
    best
}

struct FastSearch<'a> {
    adj: &'a Adjacency,
    own: u128,
    blocked: u128,
}

impl FastSearch<'_> {
    fn longest_from(&self, v: VertexId, used: u128, start: bool) -> u8 {
        if !start && self.blocked & (1u128 << v) != 0 {
            return 0;
        }
        let mut best = 0;
        // the seat's unused roads at `v`, as a bit set (no test per edge slot)
        for e in bits(self.own & self.adj.vertex_edge_mask[v as usize] & !used) {
            let next = self.other_end(e, v);
            best = best.max(1 + self.longest_from(next, used | (1u128 << e), false));
        }
        best
    }

    /// The intersection at the other end of edge `e` from `v`.
    fn other_end(&self, e: EdgeId, v: VertexId) -> VertexId {
        let [a, b] = self.adj.edge_vertices[e as usize];
        a ^ b ^ v
    }

    /// The longest trail inside `component` (a connected set of the seat's edges), or 0 when it
    /// cannot beat `floor` (a trail has at most as many roads as the component). The search
    /// stops once a trail uses every road of the component.
    fn component_length(&self, component: u128, floor: u8) -> u8 {
        let roads = component.count_ones() as u8;
        if roads <= floor {
            return 0;
        }
        // Intersections with an odd number of the component's roads (1 or 3), and all it touches.
        let mut odd: u128 = 0;
        let mut touched: u128 = 0;
        for e in bits(component) {
            let [a, b] = self.adj.edge_vertices[e as usize];
            let ends = (1u128 << a) | (1u128 << b);
            odd ^= ends;
            touched |= ends;
        }
        if touched.count_ones() == roads as u32 + 1 {
            // no cycle: the longest trail is the longest path, found in one walk of the tree
            let mut best = 0;
            let root = touched.trailing_zeros() as VertexId;
            let mut seen = 1u128 << root;
            if self.tree_height(root, NONE, &mut seen, &mut best).is_some() {
                return best;
            }
        }
        // A trail leaves at least one road unused at each intersection of odd degree other
        // than its two ends, and a road serves at most two of them: with 2k such
        // intersections no trail is longer than `roads - (k - 1)`.
        let pairs = odd.count_ones() as u8 / 2;
        if roads - pairs.saturating_sub(1) <= floor {
            return 0;
        }
        let mut starts = odd | (touched & self.blocked);
        if starts == 0 {
            // a pure loop: any intersection will do
            starts = touched & touched.wrapping_neg();
        }
        let mut best = 0;
        for v in bits(starts) {
            best = best.max(self.longest_from(v, 0, true));
            if best == roads {
                break;
            }
        }
        best
    }

    /// Walks the seat's network from `v` (entered by `from`, or `NONE` at the root) as a tree:
    /// the longest path down from `v`, raising `best` to the longest path seen; `None` when a
    /// road leads back to an intersection in `seen` (the network has a cycle: no tree). Paths
    /// end at an opponent's building: there each other road starts a path of its own.
    fn tree_height(&self, v: VertexId, from: EdgeId, seen: &mut u128, best: &mut u8) -> Option<u8> {
        let blocked = self.blocked & (1u128 << v) != 0;
        let (mut top, mut second) = (0, 0);
        let came_by = if from == NONE { 0 } else { 1u128 << from };
        for e in bits(self.own & self.adj.vertex_edge_mask[v as usize] & !came_by) {
            let next = self.other_end(e, v);
            if *seen & (1u128 << next) != 0 {
                return None;
            }
            *seen |= 1u128 << next;
            let h = 1 + self.tree_height(next, e, seen, best)?;
            if blocked {
                *best = (*best).max(h);
            } else if h > top {
                second = top;
                top = h;
            } else if h > second {
                second = h;
            }
        }
        if blocked {
            return Some(0);
        }
        *best = (*best).max(top + second);
        Some(top)
    }

    /// The seat's edges connected to the intersections in `from` (ignoring blocking).
    fn component_edges(&self, from: u128) -> u128 {
        let mut edges: u128 = 0;
        let mut seen = from;
        let mut frontier = from;
        while frontier != 0 {
            let mut next: u128 = 0;
            for v in bits(frontier) {
                for e in bits(self.own & self.adj.vertex_edge_mask[v as usize] & !edges) {
                    edges |= 1u128 << e;
                    let w = self.other_end(e, v);
                    if seen & (1u128 << w) == 0 {
                        seen |= 1u128 << w;
                        next |= 1u128 << w;
                    }
                }
            }
            frontier = next;
        }
        edges
    }
}

impl Game {
    /// Recomputes one seat's route length.
    pub(super) fn refresh_route(&mut self, seat: Seat) {
        let d = self.derived();
        let s = seat as usize;
        let blocked = d.occupied & !d.buildings[s];
        let len = route_length_of(self.adjacency(), d.roads[s], blocked);
        self.players[s].route_length = len;
    }

    /// After `seat` placed a road on `e`: only their route can have grown, and only in the
    /// network `e` belongs to (roads are never removed, so no other network changed).
    pub(super) fn after_road_placed(&mut self, seat: Seat, e: EdgeId, events: &mut impl EventSink) {
        let d = self.derived();
        let s = seat as usize;
        let search = FastSearch {
            adj: self.adjacency(),
            own: d.roads[s],
            blocked: d.occupied & !d.buildings[s],
        };
        let [a, b] = search.adj.edge_vertices[e as usize];
        let before = self.players[s].route_length;
        // most networks are trees: one walk measures them; a cycle needs the trail search
        let (mut seen, mut best) = (1u128 << a, 0);
        let grown = match search.tree_height(a, NONE, &mut seen, &mut best) {
            Some(_) => best,
            None => {
                let component = search.component_edges((1u128 << a) | (1u128 << b));
                search.component_length(component, before)
            }
        };
        self.players[s].route_length = before.max(grown);
        self.update_longest_route_holder(events);
    }

    /// After a settlement on `v`: it may cut opponents' routes through `v`.
    pub(super) fn after_settlement_placed(&mut self, v: VertexId, events: &mut impl EventSink) {
        let Some(builder) = self.buildings[v as usize].map(|b| b.owner) else {
            return;
        };
        let around = self.adjacency().vertex_edge_mask[v as usize];
        let mut cut = false;
        for s in 0..self.players.len() as Seat {
            if s != builder && (self.derived().roads[s as usize] & around).count_ones() >= 2 {
                self.refresh_route(s);
                cut = true;
            }
        }
        if cut {
            self.update_longest_route_holder(events);
        }
    }

    /// Recomputes every route and the holder (after pieces were placed by hand, in tests).
    pub fn refresh_all_routes(&mut self) -> Vec<Event> {
        self.board_changed();
        for s in 0..self.players.len() as Seat {
            self.refresh_route(s);
        }
        let mut events = Vec::new();
        self.update_longest_route_holder(&mut events);
        events
    }

    /// Who should hold Longest Route given the current lengths: the holder keeps it while still
    /// longest (alone or tied) with at least 5; otherwise the single player with the longest
    /// route of 5 or more takes it; with a tie (or nobody at 5) it is set aside.
    pub(super) fn longest_route_holder_now(&self) -> Option<Seat> {
        let lens = self.players.iter().map(|p| p.route_length);
        let max = lens.clone().max().unwrap_or(0);
        if max < MIN_ROUTE {
            return None;
        }
        if let Some(h) = self.longest_route
            && self.players[h as usize].route_length == max
        {
            return Some(h);
        }
        let mut at_max = lens.enumerate().filter(|&(_, l)| l == max);
        match (at_max.next(), at_max.next()) {
            (Some((s, _)), None) => Some(s as Seat),
            _ => None,
        }
    }

    pub(super) fn update_longest_route_holder(&mut self, events: &mut impl EventSink) {
        let now = self.longest_route_holder_now();
        if now != self.longest_route {
            let length = now
                .map(|s| self.players[s as usize].route_length)
                .unwrap_or(0);
            events.record(|| Event::LongestRouteChanged {
                from: self.longest_route,
                to: now,
                length,
            });
            self.longest_route = now;
        }
    }

    /// Road ids of `seat`, for tests and displays.
    pub fn roads_of(&self, seat: Seat) -> Vec<EdgeId> {
        (0..self.roads.len() as EdgeId)
            .filter(|&e| self.roads[e as usize] == Some(seat))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{self, TestGame};

    #[test]
    fn straight_line_counts_each_road() {
        let mut t = TestGame::main_phase(4);
        let path = testkit::path_from(t.topo(), 0, 6);
        t.road_path(0, &path);
        assert_eq!(t.g.players[0].route_length, 5);
        assert_eq!(t.g.longest_route, Some(0));
    }

    #[test]
    fn branches_do_not_add() {
        let mut t = TestGame::main_phase(4);
        // a path of 4 roads plus a 1-road branch from its middle
        let path = testkit::path_from(t.topo(), 20, 5);
        t.road_path(0, &path);
        let mid = path[2];
        let branch = t.topo().vertex_neighbors[mid as usize]
            .iter()
            .copied()
            .find(|v| !path.contains(v))
            .unwrap();
        t.road(0, t.edge(mid, branch));
        assert_eq!(t.g.players[0].route_length, 4);
        assert_eq!(t.g.longest_route, None);
    }

    #[test]
    fn bit_set_search_agrees_with_the_reference_on_random_networks() {
        use super::{Building, Topology, route_length, route_length_of};
        use crate::adjacency::Adjacency;
        use crate::board::BoardSize;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        for size in [BoardSize::Standard, BoardSize::Extended] {
            let topo = Topology::get(size);
            let adj = Adjacency::get(size);
            for _ in 0..3000 {
                // a network grown from one edge (trees and loops), plus stray roads
                let mut roads = vec![None; topo.edge_count()];
                let mut own = 0u128;
                let start = rng.gen_range(0..topo.edge_count());
                roads[start] = Some(0);
                own |= 1 << start;
                for _ in 0..rng.gen_range(0..15) {
                    let touching: Vec<usize> = (0..topo.edge_count())
                        .filter(|&e| roads[e].is_none())
                        .filter(|&e| {
                            topo.edge_vertices[e]
                                .iter()
                                .any(|&v| adj.vertex_edge_mask[v as usize] & own != 0)
                        })
                        .collect();
                    let e = if rng.gen_bool(0.9) {
                        touching[rng.gen_range(0..touching.len())]
                    } else {
                        rng.gen_range(0..topo.edge_count())
                    };
                    roads[e] = Some(0);
                    own |= 1 << e;
                }
                let mut buildings = vec![None; topo.vertex_count()];
                let mut blocked = 0u128;
                for _ in 0..rng.gen_range(0..4) {
                    let v = rng.gen_range(0..topo.vertex_count());
                    let owner = rng.gen_range(0..2u8);
                    buildings[v] = Some(Building { owner, city: false });
                    if owner != 0 {
                        blocked |= 1 << v;
                    }
                }
                assert_eq!(
                    route_length_of(adj, own, blocked),
                    route_length(topo, &roads, &buildings, 0),
                    "roads {own:#x}, blocked {blocked:#x}"
                );
            }
        }
    }

    #[test]
    fn loop_of_six_counts_six() {
        let mut t = TestGame::main_phase(4);
        let corners = t.topo().hex_vertices[9];
        for k in 0..6 {
            t.road(0, t.edge(corners[k], corners[(k + 1) % 6]));
        }
        assert_eq!(t.g.players[0].route_length, 6);
    }
}
