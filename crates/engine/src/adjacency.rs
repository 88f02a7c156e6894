//! Flat, fixed-size adjacency tables derived once from the [`Topology`] for the hot paths
//! (legal moves, route search): no nested vectors to chase, sets as bit masks.

use std::sync::OnceLock;

use super::board::{BoardSize, Topology, VertexId};

/// No edge or intersection (where a search starts, there is no edge it came by).
pub const NONE: u8 = u8::MAX;

pub struct Adjacency {
    pub edge_vertices: Vec<[VertexId; 2]>,
    /// Edges touching each intersection, as a bit set.
    pub vertex_edge_mask: Vec<u128>,
    /// Neighbouring intersections of each intersection, as a bit set.
    pub vertex_neighbor_mask: Vec<u128>,
    /// Corners of each hex, as a bit set.
    pub hex_vertex_mask: Vec<u128>,
    /// Hexes around each intersection, as a bit set over hex ids (at most 30 hexes).
    pub vertex_hex_mask: Vec<u32>,
}

impl Adjacency {
    pub fn get(size: BoardSize) -> &'static Adjacency {
        static STANDARD: OnceLock<Adjacency> = OnceLock::new();
        static EXTENDED: OnceLock<Adjacency> = OnceLock::new();
        match size {
            BoardSize::Standard => STANDARD.get_or_init(|| Adjacency::build(size)),
            BoardSize::Extended => EXTENDED.get_or_init(|| Adjacency::build(size)),
        }
    }

    fn build(size: BoardSize) -> Adjacency {
        let topo = Topology::get(size);
        let mask = |list: &[u8]| list.iter().fold(0u128, |m, &x| m | (1u128 << x));
        Adjacency {
            vertex_edge_mask: topo.vertex_edges.iter().map(|l| mask(l)).collect(),
            vertex_neighbor_mask: topo.vertex_neighbors.iter().map(|l| mask(l)).collect(),
            hex_vertex_mask: topo.hex_vertices.iter().map(|l| mask(l)).collect(),
            vertex_hex_mask: topo
                .vertex_hexes
                .iter()
                .map(|l| l.iter().fold(0u32, |m, &h| m | (1u32 << h)))
                .collect(),
            edge_vertices: topo.edge_vertices.clone(),
        }
    }
}

/// Iterates the set bits of a 128-bit mask, lowest first.
pub fn bits(mut mask: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_tables_match_the_topology() {
        for size in [BoardSize::Standard, BoardSize::Extended] {
            let topo = Topology::get(size);
            let adj = Adjacency::get(size);
            assert!(topo.vertex_count() <= 128 && topo.edge_count() <= 128);
            for v in 0..topo.vertex_count() {
                assert_eq!(bits(adj.vertex_edge_mask[v]).collect::<Vec<_>>(), {
                    let mut e = topo.vertex_edges[v].clone();
                    e.sort_unstable();
                    e
                });
                assert_eq!(
                    adj.vertex_neighbor_mask[v].count_ones() as usize,
                    topo.vertex_neighbors[v].len()
                );
            }
            for (h, corners) in topo.hex_vertices.iter().enumerate() {
                assert!(
                    corners
                        .iter()
                        .all(|&c| adj.hex_vertex_mask[h] & (1 << c) != 0)
                );
                assert_eq!(adj.hex_vertex_mask[h].count_ones(), 6);
                assert!(
                    corners
                        .iter()
                        .all(|&c| adj.vertex_hex_mask[c as usize] & (1 << h) != 0)
                );
            }
        }
        assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
    }
}
