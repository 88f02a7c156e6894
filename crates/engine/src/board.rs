//! Board topology (static per board size) and per-game layouts (terrain, tokens, ports).
//!
//! Three separate things live here and elsewhere: the static [`Topology`] of a board size
//! (hexes, intersections, edges, adjacency, labels, geometry), the per-game [`Layout`]
//! (terrain, number tokens, ports, robber start), and the mutable pieces (in `Game`).
//!
//! Geometry: pointy-top hexes in rows (3-4-5-4-3 or 3-4-5-6-5-4-3). Coordinates use an integer
//! lattice where one x unit is half a hex width (√3/2 · size) and one y unit is half a hex size,
//! so every hex centre and corner is an integer point; [`Topology::point`] converts to a
//! Euclidean plane with hex size 1.
//!
//! Long (about 600 lines before its tests) because both board sizes' topology (labels, adjacency,
//! geometry, ports) is computed in one place: a place id means the same everywhere.

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::types::{Resource, Terrain};

/// Dense 0-based id of a land hex.
pub type HexId = u8;
/// Dense 0-based id of an intersection; its label is `id + 1`.
pub type VertexId = u8;
/// Dense 0-based id of an edge (road place).
pub type EdgeId = u8;

/// The two board sizes of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardSize {
    /// 19 land hexes, for 2–4 players.
    Standard,
    /// 30 land hexes, for the 5–6 player extension.
    Extended,
}

impl BoardSize {
    /// The board used for a number of players.
    pub fn for_players(players: usize) -> Self {
        if players >= 5 {
            BoardSize::Extended
        } else {
            BoardSize::Standard
        }
    }

    fn rows(self) -> &'static [usize] {
        match self {
            BoardSize::Standard => &[3, 4, 5, 4, 3],
            BoardSize::Extended => &[3, 4, 5, 6, 5, 4, 3],
        }
    }
}

/// A port: where it is and what it trades.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PortKind {
    /// 3:1 for any resource.
    Generic,
    /// 2:1 for this resource.
    Special(Resource),
}

impl PortKind {
    /// Cards given per card received.
    pub fn rate(self) -> u8 {
        match self {
            PortKind::Generic => 3,
            PortKind::Special(_) => 2,
        }
    }
}

/// A port placed on a coastal edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Port {
    pub kind: PortKind,
    pub edge: EdgeId,
}

/// Static topology of one board size, computed once.
#[derive(Debug)]
pub struct Topology {
    pub size: BoardSize,
    /// Lattice centre of each hex.
    pub hex_centers: Vec<(i32, i32)>,
    /// `(row, position)` of each hex, both 0-based.
    pub hex_rowpos: Vec<(u8, u8)>,
    /// Human label of each hex, e.g. `C3`.
    pub hex_labels: Vec<String>,
    /// Corners of each hex, clockwise from the top.
    pub hex_vertices: Vec<[VertexId; 6]>,
    /// Edges of each hex, clockwise from the north-east side (edge `k` joins corners `k` and
    /// `k+1`: NE, E, SE, SW, W, NW).
    pub hex_edges: Vec<[EdgeId; 6]>,
    /// Lattice point of each intersection.
    pub vertex_points: Vec<(i32, i32)>,
    /// Hexes touching each intersection (1 to 3).
    pub vertex_hexes: Vec<Vec<HexId>>,
    /// Neighbouring intersections (2 or 3).
    pub vertex_neighbors: Vec<Vec<VertexId>>,
    /// Edges touching each intersection (2 or 3).
    pub vertex_edges: Vec<Vec<EdgeId>>,
    /// The two intersections of each edge, lower id first.
    pub edge_vertices: Vec<[VertexId; 2]>,
    /// Hexes on each side of an edge (1 on the coast, 2 inland).
    pub edge_hexes: Vec<Vec<HexId>>,
    /// Coastal edges clockwise from the north-west side of the first hex.
    pub coast: Vec<EdgeId>,
    /// Coastal edges that hold a port on every layout, in clockwise order.
    pub port_places: Vec<EdgeId>,
    /// Hexes adjacent to each hex.
    pub hex_neighbors: Vec<Vec<HexId>>,
}

/// Lattice offsets of a pointy-top hex's corners, clockwise from the top.
const CORNERS: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

impl Topology {
    /// The shared topology of a board size.
    pub fn get(size: BoardSize) -> &'static Topology {
        static STANDARD: OnceLock<Topology> = OnceLock::new();
        static EXTENDED: OnceLock<Topology> = OnceLock::new();
        match size {
            BoardSize::Standard => STANDARD.get_or_init(|| Topology::build(size)),
            BoardSize::Extended => EXTENDED.get_or_init(|| Topology::build(size)),
        }
    }

    fn build(size: BoardSize) -> Topology {
        let rows = size.rows();
        let mut hex_centers = Vec::new();
        let mut hex_rowpos = Vec::new();
        let mut hex_labels = Vec::new();
        for (r, &len) in rows.iter().enumerate() {
            for i in 0..len {
                hex_centers.push((2 * i as i32 - (len as i32 - 1), 3 * r as i32));
                hex_rowpos.push((r as u8, i as u8));
                hex_labels.push(format!("{}{}", (b'A' + r as u8) as char, i + 1));
            }
        }
        // Intersections in reading order: top to bottom, then left to right.
        let mut points: Vec<(i32, i32)> = hex_centers
            .iter()
            .flat_map(|&(x, y)| CORNERS.iter().map(move |&(dx, dy)| (x + dx, y + dy)))
            .collect();
        points.sort_by_key(|&(x, y)| (y, x));
        points.dedup();
        let index: BTreeMap<(i32, i32), VertexId> = points
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as VertexId))
            .collect();
        let hex_vertices: Vec<[VertexId; 6]> = hex_centers
            .iter()
            .map(|&(x, y)| CORNERS.map(|(dx, dy)| index[&(x + dx, y + dy)]))
            .collect();
        let mut pairs: Vec<[VertexId; 2]> = hex_vertices
            .iter()
            .flat_map(|c| (0..6).map(move |k| sorted_pair(c[k], c[(k + 1) % 6])))
            .collect();
        pairs.sort();
        pairs.dedup();
        let edge_index: BTreeMap<[VertexId; 2], EdgeId> = pairs
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as EdgeId))
            .collect();
        let hex_edges: Vec<[EdgeId; 6]> = hex_vertices
            .iter()
            .map(|c| std::array::from_fn(|k| edge_index[&sorted_pair(c[k], c[(k + 1) % 6])]))
            .collect();

        let nv = points.len();
        let ne = pairs.len();
        let mut vertex_hexes = vec![Vec::new(); nv];
        for (h, corners) in hex_vertices.iter().enumerate() {
            for &v in corners {
                vertex_hexes[v as usize].push(h as HexId);
            }
        }
        let mut vertex_neighbors = vec![Vec::new(); nv];
        let mut vertex_edges = vec![Vec::new(); nv];
        for (e, &[a, b]) in pairs.iter().enumerate() {
            vertex_neighbors[a as usize].push(b);
            vertex_neighbors[b as usize].push(a);
            vertex_edges[a as usize].push(e as EdgeId);
            vertex_edges[b as usize].push(e as EdgeId);
        }
        let mut edge_hexes = vec![Vec::new(); ne];
        for (h, edges) in hex_edges.iter().enumerate() {
            for &e in edges {
                edge_hexes[e as usize].push(h as HexId);
            }
        }
        let hex_neighbors: Vec<Vec<HexId>> = (0..hex_centers.len())
            .map(|h| {
                let mut n: Vec<HexId> = hex_edges[h]
                    .iter()
                    .flat_map(|&e| edge_hexes[e as usize].iter().copied())
                    .filter(|&o| o as usize != h)
                    .collect();
                n.sort();
                n.dedup();
                n
            })
            .collect();

        // Coast, clockwise from the north-west side of hex 0 (angle measured in screen space).
        let point = |(x, y): (i32, i32)| (x as f64 * 3f64.sqrt() / 2.0, y as f64 / 2.0);
        let (cx, cy) = {
            let pts: Vec<(f64, f64)> = points.iter().map(|&p| point(p)).collect();
            let n = pts.len() as f64;
            (
                pts.iter().map(|p| p.0).sum::<f64>() / n,
                pts.iter().map(|p| p.1).sum::<f64>() / n,
            )
        };
        let mut coast: Vec<EdgeId> = (0..ne as EdgeId)
            .filter(|&e| edge_hexes[e as usize].len() == 1)
            .collect();
        let angle = |e: EdgeId| {
            let [a, b] = pairs[e as usize];
            let (ax, ay) = point(points[a as usize]);
            let (bx, by) = point(points[b as usize]);
            ((ay + by) / 2.0 - cy).atan2((ax + bx) / 2.0 - cx)
        };
        coast.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)));
        let start = hex_edges[0][5]; // north-west side of the first hex
        let pos = coast.iter().position(|&e| e == start).unwrap_or(0);
        coast.rotate_left(pos);
        let gaps: &[usize] = match size {
            BoardSize::Standard => &[3, 4, 3, 3, 4, 3, 3, 4, 3],
            BoardSize::Extended => &[3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3],
        };
        let mut port_places = Vec::new();
        let mut at = 0;
        for g in gaps {
            port_places.push(coast[at % coast.len()]);
            at += g;
        }

        Topology {
            size,
            hex_centers,
            hex_rowpos,
            hex_labels,
            hex_vertices,
            hex_edges,
            vertex_points: points,
            vertex_hexes,
            vertex_neighbors,
            vertex_edges,
            edge_vertices: pairs,
            edge_hexes,
            coast,
            port_places,
            hex_neighbors,
        }
    }

    pub fn hex_count(&self) -> usize {
        self.hex_centers.len()
    }
    pub fn vertex_count(&self) -> usize {
        self.vertex_points.len()
    }
    pub fn edge_count(&self) -> usize {
        self.edge_vertices.len()
    }

    /// Euclidean position of a lattice point for a hex of size (centre-to-corner) 1.
    pub fn point((x, y): (i32, i32)) -> (f32, f32) {
        (x as f32 * 3f32.sqrt() / 2.0, y as f32 / 2.0)
    }

    /// Player-facing label of an intersection (`1`-based number).
    pub fn vertex_label(&self, v: VertexId) -> String {
        (v as u32 + 1).to_string()
    }

    /// Player-facing label of an edge, e.g. `12-13`.
    pub fn edge_label(&self, e: EdgeId) -> String {
        let [a, b] = self.edge_vertices[e as usize];
        format!("{}-{}", a as u32 + 1, b as u32 + 1)
    }

    /// The edge joining two intersections, if they are neighbours.
    pub fn edge_between(&self, a: VertexId, b: VertexId) -> Option<EdgeId> {
        self.vertex_edges
            .get(a as usize)?
            .iter()
            .copied()
            .find(|&e| {
                let [x, y] = self.edge_vertices[e as usize];
                (x == a && y == b) || (x == b && y == a)
            })
    }

    /// Parses an intersection label (`1`-based number).
    pub fn parse_vertex(&self, s: &str) -> Option<VertexId> {
        let n: usize = s.trim().parse().ok()?;
        (1..=self.vertex_count())
            .contains(&n)
            .then(|| (n - 1) as VertexId)
    }

    /// Parses a hex label such as `C3` (case-insensitive).
    pub fn parse_hex(&self, s: &str) -> Option<HexId> {
        let s = s.trim().to_ascii_uppercase();
        self.hex_labels
            .iter()
            .position(|l| *l == s)
            .map(|h| h as HexId)
    }

    /// Hex ids in spiral order: outer ring first, counter-clockwise, starting from the corner
    /// hex `start_corner` (0..6), then each inner ring from the hex nearest that direction.
    pub fn spiral(&self, start_corner: usize) -> Vec<HexId> {
        let pts: Vec<(f64, f64)> = self
            .hex_centers
            .iter()
            .map(|&(x, y)| (x as f64 * 3f64.sqrt() / 2.0, y as f64 / 2.0))
            .collect();
        let n = pts.len() as f64;
        let c = (
            pts.iter().map(|p| p.0).sum::<f64>() / n,
            pts.iter().map(|p| p.1).sum::<f64>() / n,
        );
        // Corner hexes are those with the fewest neighbours, ordered clockwise from the top-left.
        let mut corners: Vec<HexId> = (0..self.hex_count() as HexId)
            .filter(|&h| self.hex_neighbors[h as usize].len() == 3)
            .collect();
        let ang = |h: HexId| {
            let p = pts[h as usize];
            (p.1 - c.1).atan2(p.0 - c.0)
        };
        corners.sort_by(|&a, &b| ang(a).total_cmp(&ang(b)));
        let start_angle = ang(corners[start_corner % corners.len()]);
        let mut remaining: Vec<HexId> = (0..self.hex_count() as HexId).collect();
        let mut order = Vec::new();
        while !remaining.is_empty() {
            let ring: Vec<HexId> = remaining
                .iter()
                .copied()
                .filter(|&h| {
                    self.hex_neighbors[h as usize]
                        .iter()
                        .filter(|n| remaining.contains(n))
                        .count()
                        < 6
                })
                .collect();
            let ring = if ring.is_empty() {
                remaining.clone()
            } else {
                ring
            };
            // Counter-clockwise on screen (y down) means decreasing screen angle.
            let rel = |h: HexId| {
                if remaining.len() == 1 {
                    return 0.0;
                }
                let d = start_angle - ang(h);
                let d = d.rem_euclid(std::f64::consts::TAU);
                if d > std::f64::consts::TAU - 1e-6 {
                    0.0
                } else {
                    d
                }
            };
            let mut ring_sorted = ring.clone();
            ring_sorted.sort_by(|&a, &b| rel(a).total_cmp(&rel(b)));
            // An inner ring continues the path from the hex where the outer one ended.
            if let Some(&last) = order.last() {
                let touching = ring_sorted
                    .iter()
                    .position(|h| self.hex_neighbors[last as usize].contains(h));
                ring_sorted.rotate_left(touching.unwrap_or(0));
            }
            order.extend(ring_sorted);
            remaining.retain(|h| !ring.contains(h));
        }
        order
    }
}

fn sorted_pair(a: VertexId, b: VertexId) -> [VertexId; 2] {
    if a < b { [a, b] } else { [b, a] }
}

/// How the island is laid out at the start of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum LayoutKind {
    /// The rulebook's fixed beginner map (3–4 players only).
    Beginner,
    /// Shuffled terrain and ports, tokens in the book's spiral.
    #[default]
    Variable,
    /// Shuffled terrain and ports, tokens at random under the Almanac's rule for the
    /// fully-random method: no two red numbers (6, 8) and no two equal numbers on adjacent
    /// hexes.
    RandomTokens,
}

/// One game's island: terrain, number tokens, ports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub size: BoardSize,
    pub terrain: Vec<Terrain>,
    /// Number token per hex; `None` on deserts.
    pub tokens: Vec<Option<u8>>,
    pub ports: Vec<Port>,
    /// Where the robber starts (a desert).
    pub robber_start: HexId,
}

const SPIRAL_19: [u8; 18] = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11];
const SPIRAL_30: [u8; 28] = [
    2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6,
];

impl Layout {
    /// Builds the layout for a board size and kind from the game's RNG.
    /// The beginner map exists only for the 19-hex board; the extended board falls back to
    /// the variable setup.
    pub fn generate<R: Rng>(size: BoardSize, kind: LayoutKind, rng: &mut R) -> Layout {
        let topo = Topology::get(size);
        if kind == LayoutKind::Beginner && size == BoardSize::Standard {
            return Layout::beginner();
        }
        use Terrain::*;
        let counts: [(Terrain, usize); 6] = match size {
            BoardSize::Standard => [
                (Hills, 3),
                (Forest, 4),
                (Pasture, 4),
                (Fields, 4),
                (Mountains, 3),
                (Desert, 1),
            ],
            BoardSize::Extended => [
                (Hills, 5),
                (Forest, 6),
                (Pasture, 6),
                (Fields, 6),
                (Mountains, 5),
                (Desert, 2),
            ],
        };
        let mut terrain: Vec<Terrain> = counts
            .iter()
            .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
            .collect();
        terrain.shuffle(rng);
        let mut kinds: Vec<PortKind> = Resource::ALL
            .iter()
            .map(|&r| PortKind::Special(r))
            .collect();
        let generic = match size {
            BoardSize::Standard => 4,
            BoardSize::Extended => {
                kinds.push(PortKind::Special(Resource::Wool));
                5
            }
        };
        kinds.extend(std::iter::repeat_n(PortKind::Generic, generic));
        kinds.shuffle(rng);
        let ports = topo
            .port_places
            .iter()
            .zip(kinds)
            .map(|(&edge, kind)| Port { kind, edge })
            .collect();
        let spiral: &[u8] = match size {
            BoardSize::Standard => &SPIRAL_19,
            BoardSize::Extended => &SPIRAL_30,
        };
        let mut tokens = vec![None; topo.hex_count()];
        match kind {
            LayoutKind::RandomTokens => {
                let land: Vec<usize> = (0..terrain.len())
                    .filter(|&h| terrain[h] != Desert)
                    .collect();
                // Re-drawn until the Almanac's rule holds: every arrangement that keeps it is
                // equally likely. About 1 draw in 36 keeps it on the 19-hex board, 1 in 800 on
                // the 30-hex one (a fraction of a millisecond either way).
                let mut bag = spiral.to_vec();
                loop {
                    bag.shuffle(rng);
                    for (&h, &t) in land.iter().zip(&bag) {
                        tokens[h] = Some(t);
                    }
                    if token_rule_broken(topo, &tokens).is_none() {
                        break;
                    }
                }
            }
            _ => {
                let order = spiral_from(size, rng.gen_range(0..6));
                let land = order.iter().filter(|&&h| terrain[h as usize] != Desert);
                for (&h, &t) in land.zip(spiral) {
                    tokens[h as usize] = Some(t);
                }
            }
        }
        let robber_start = terrain.iter().position(|&t| t == Desert).unwrap_or(0) as HexId;
        Layout {
            size,
            terrain,
            tokens,
            ports,
            robber_start,
        }
    }

    /// The rulebook's beginner map.
    pub fn beginner() -> Layout {
        use Terrain::*;
        let topo = Topology::get(BoardSize::Standard);
        let map: [(Terrain, Option<u8>); 19] = [
            (Mountains, Some(10)),
            (Pasture, Some(2)),
            (Forest, Some(9)),
            (Fields, Some(12)),
            (Hills, Some(6)),
            (Pasture, Some(4)),
            (Hills, Some(10)),
            (Fields, Some(9)),
            (Forest, Some(11)),
            (Desert, None),
            (Forest, Some(3)),
            (Mountains, Some(8)),
            (Forest, Some(8)),
            (Mountains, Some(3)),
            (Fields, Some(4)),
            (Pasture, Some(5)),
            (Hills, Some(5)),
            (Fields, Some(6)),
            (Pasture, Some(11)),
        ];
        use PortKind::*;
        use Resource::*;
        let kinds = [
            Generic,
            Special(Grain),
            Special(Ore),
            Generic,
            Special(Wool),
            Generic,
            Generic,
            Special(Brick),
            Special(Lumber),
        ];
        Layout {
            size: BoardSize::Standard,
            terrain: map.iter().map(|m| m.0).collect(),
            tokens: map.iter().map(|m| m.1).collect(),
            ports: topo
                .port_places
                .iter()
                .zip(kinds)
                .map(|(&edge, kind)| Port { kind, edge })
                .collect(),
            robber_start: 9,
        }
    }

    /// The port serving an intersection, if any.
    pub fn port_at(&self, v: VertexId) -> Option<PortKind> {
        let topo = Topology::get(self.size);
        self.ports
            .iter()
            .find(|p| topo.edge_vertices[p.edge as usize].contains(&v))
            .map(|p| p.kind)
    }
}

/// [`Topology::spiral`] from a start corner, computed once per board size (every new game on
/// the variable board needs one).
fn spiral_from(size: BoardSize, start_corner: usize) -> &'static [HexId] {
    static STANDARD: OnceLock<Vec<Vec<HexId>>> = OnceLock::new();
    static EXTENDED: OnceLock<Vec<Vec<HexId>>> = OnceLock::new();
    let cell = match size {
        BoardSize::Standard => &STANDARD,
        BoardSize::Extended => &EXTENDED,
    };
    let all = cell.get_or_init(|| {
        let topo = Topology::get(size);
        (0..6).map(|k| topo.spiral(k)).collect()
    });
    &all[start_corner % all.len()]
}

/// The first two adjacent hexes that break the Almanac's rule for randomly placed number
/// tokens: both red (6 or 8), or both the same number.
fn token_rule_broken(topo: &Topology, tokens: &[Option<u8>]) -> Option<(HexId, HexId)> {
    let red = |t: u8| t == 6 || t == 8;
    (0..tokens.len()).find_map(|h| {
        let mine = tokens[h]?;
        topo.hex_neighbors[h].iter().find_map(|&n| {
            let theirs = tokens.get(n as usize).copied().flatten()?;
            (mine == theirs || (red(mine) && red(theirs))).then_some((h as HexId, n))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn standard_board_counts() {
        let t = Topology::get(BoardSize::Standard);
        assert_eq!(
            (t.hex_count(), t.vertex_count(), t.edge_count()),
            (19, 54, 72)
        );
        assert_eq!(t.coast.len(), 30);
        assert_eq!(t.port_places.len(), 9);
    }

    #[test]
    fn extended_board_counts() {
        let t = Topology::get(BoardSize::Extended);
        assert_eq!(
            (t.hex_count(), t.vertex_count(), t.edge_count()),
            (30, 80, 109)
        );
        assert_eq!(t.coast.len(), 38);
        assert_eq!(t.port_places.len(), 11);
    }

    #[test]
    fn labels_round_trip() {
        let t = Topology::get(BoardSize::Standard);
        assert_eq!(t.hex_labels[0], "A1");
        assert_eq!(t.hex_labels[9], "C3");
        assert_eq!(t.parse_hex("c3"), Some(9));
        assert_eq!(t.parse_vertex("1"), Some(0));
        assert_eq!(t.parse_vertex("55"), None);
        for e in 0..t.edge_count() as EdgeId {
            let [a, b] = t.edge_vertices[e as usize];
            assert_eq!(t.edge_between(b, a), Some(e));
        }
    }

    #[test]
    fn adjacency_is_consistent() {
        for size in [BoardSize::Standard, BoardSize::Extended] {
            let t = Topology::get(size);
            for v in 0..t.vertex_count() {
                let n = t.vertex_neighbors[v].len();
                assert!((2..=3).contains(&n));
                assert_eq!(n, t.vertex_edges[v].len());
                assert!((1..=3).contains(&t.vertex_hexes[v].len()));
            }
        }
    }

    #[test]
    fn spiral_visits_every_hex_once() {
        for size in [BoardSize::Standard, BoardSize::Extended] {
            let t = Topology::get(size);
            for c in 0..6 {
                let mut s = t.spiral(c);
                assert_eq!(s.len(), t.hex_count());
                // consecutive hexes in the spiral are neighbours (a true spiral path)
                for w in s.windows(2) {
                    assert!(
                        t.hex_neighbors[w[0] as usize].contains(&w[1]),
                        "{size:?} corner {c}: {} then {}",
                        t.hex_labels[w[0] as usize],
                        t.hex_labels[w[1] as usize]
                    );
                }
                s.sort();
                s.dedup();
                assert_eq!(s.len(), t.hex_count());
            }
        }
    }

    #[test]
    fn the_token_rule_sees_adjacent_reds_and_adjacent_twins() {
        let t = Topology::get(BoardSize::Standard);
        let (a, b) = (0usize, t.hex_neighbors[0][0] as usize);
        let far = (0..t.hex_count())
            .find(|&h| h != a && !t.hex_neighbors[a].contains(&(h as HexId)))
            .unwrap();
        let with = |pairs: &[(usize, u8)]| {
            let mut tokens = vec![None; t.hex_count()];
            for &(h, n) in pairs {
                tokens[h] = Some(n);
            }
            token_rule_broken(t, &tokens)
        };
        assert_eq!(with(&[(a, 6), (b, 8)]), Some((a as HexId, b as HexId)));
        assert_eq!(with(&[(a, 8), (b, 8)]), Some((a as HexId, b as HexId)));
        assert_eq!(with(&[(a, 5), (b, 5)]), Some((a as HexId, b as HexId)));
        assert_eq!(with(&[(a, 6), (b, 5), (far, 8)]), None);
        assert_eq!(with(&[(a, 5), (far, 5)]), None);
    }

    #[test]
    fn beginner_ports_match_rulebook() {
        let t = Topology::get(BoardSize::Standard);
        let l = Layout::beginner();
        // 3:1 on the NW side of A1, grain on the NE side of A2
        assert_eq!(l.ports[0].edge, t.hex_edges[0][5]);
        assert_eq!(l.ports[0].kind, PortKind::Generic);
        assert_eq!(l.ports[1].edge, t.hex_edges[1][0]);
        assert_eq!(l.ports[1].kind, PortKind::Special(Resource::Grain));
        // brick on the W side of D1 (hex 12), lumber on the W side of B1 (hex 3)
        assert_eq!(l.ports[7].edge, t.hex_edges[12][4]);
        assert_eq!(l.ports[8].edge, t.hex_edges[3][4]);
    }

    #[test]
    fn same_seed_same_board_and_the_almanac_token_rule() {
        for kind in [LayoutKind::Variable, LayoutKind::RandomTokens] {
            for size in [BoardSize::Standard, BoardSize::Extended] {
                let a = Layout::generate(size, kind, &mut ChaCha8Rng::seed_from_u64(7));
                let b = Layout::generate(size, kind, &mut ChaCha8Rng::seed_from_u64(7));
                assert_eq!(a, b);
                if kind == LayoutKind::RandomTokens {
                    assert_eq!(token_rule_broken(Topology::get(size), &a.tokens), None);
                }
                let deserts = a.terrain.iter().filter(|&&t| t == Terrain::Desert).count();
                assert_eq!(a.tokens.iter().filter(|t| t.is_none()).count(), deserts);
                assert_eq!(a.terrain[a.robber_start as usize], Terrain::Desert);
            }
        }
    }
}
