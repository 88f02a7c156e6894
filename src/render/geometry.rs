//! Where everything is drawn, in pixels. The drawing code and the tests both ask this module,
//! so a test can check the colour of a pixel exactly where a piece should be.

use crate::engine::{BoardSize, GameView, HexId, Topology, VertexId};

use super::RenderError;
use super::panel::PanelLayout;
use super::text::{Weight, fonts};

/// Width of the whole picture: sharp on a phone, still small as a PNG.
pub const IMAGE_WIDTH: u32 = 1200;

/// Sea around the island, in hex sizes: room for the ports and their badges.
const MARGIN_X: f32 = 1.2;
const MARGIN_Y: f32 = 1.15;

/// A pixel point.
pub type Point = (f32, f32);

/// An axis-aligned rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn center(&self) -> Point {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    pub fn contains(&self, (x, y): Point) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }

    /// As `(x, y, w, h)` for the distance helpers.
    pub fn tuple(&self) -> (f32, f32, f32, f32) {
        (self.x, self.y, self.w, self.h)
    }
}

/// Where a port's badge and its two piers go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PortPlacement {
    /// Centre of the round badge in the sea.
    pub badge: Point,
    pub radius: f32,
    /// The two intersections the port serves.
    pub serves: [VertexId; 2],
}

/// Pixel positions of every drawn thing for one view.
#[derive(Clone, Debug)]
pub struct BoardGeometry {
    pub size: BoardSize,
    /// Centre-to-corner size of a hex, in pixels.
    pub hex_size: f32,
    pub width: u32,
    pub height: u32,
    /// Height of the board area; the panel starts below it.
    pub board_height: u32,
    pub hex_centers: Vec<Point>,
    pub vertices: Vec<Point>,
    pub edge_midpoints: Vec<Point>,
    /// The pill holding each intersection's number (drawn for empty intersections).
    pub label_pills: Vec<Rect>,
    /// Font size of intersection numbers.
    pub label_font: f32,
    /// Where each hex's code (`C3`) is centred.
    pub hex_code_points: Vec<Point>,
    /// One placement per port of the layout, in the layout's order.
    pub ports: Vec<PortPlacement>,
    pub panel: PanelLayout,
}

impl BoardGeometry {
    /// Lays out the picture for a view (board size, number of players, whether a hand shows).
    pub fn new(view: &GameView) -> Result<BoardGeometry, RenderError> {
        let size = view.layout.size;
        let topo = Topology::get(size);
        let raw: Vec<Point> = topo
            .vertex_points
            .iter()
            .map(|&p| Topology::point(p))
            .collect();
        let (min_x, max_x) = min_max(raw.iter().map(|p| p.0));
        let (min_y, max_y) = min_max(raw.iter().map(|p| p.1));
        let s = IMAGE_WIDTH as f32 / (max_x - min_x + 2.0 * MARGIN_X);
        let to_px = |(x, y): Point| ((x - min_x + MARGIN_X) * s, (y - min_y + MARGIN_Y) * s);
        let board_height = ((max_y - min_y + 2.0 * MARGIN_Y) * s).ceil() as u32;

        let hex_centers: Vec<Point> = topo
            .hex_centers
            .iter()
            .map(|&p| to_px(Topology::point(p)))
            .collect();
        let vertices: Vec<Point> = raw.iter().map(|&p| to_px(p)).collect();
        let edge_midpoints: Vec<Point> = topo
            .edge_vertices
            .iter()
            .map(|&[a, b]| midpoint(vertices[a as usize], vertices[b as usize]))
            .collect();

        let label_font = (0.145 * s).max(14.0);
        let f = fonts()?;
        let label_pills = (0..vertices.len())
            .map(|v| {
                let text = topo.vertex_label(v as VertexId);
                let w = f.width(Weight::Bold, label_font, &text) + 0.75 * label_font;
                let h = label_font * 1.3;
                let (x, y) = vertices[v];
                Rect::new(x - w / 2.0, y - h / 2.0, w, h)
            })
            .collect();
        let hex_code_points = hex_centers.iter().map(|&(x, y)| (x, y - 0.6 * s)).collect();

        let mut ports = Vec::with_capacity(view.layout.ports.len());
        for port in &view.layout.ports {
            let e = port.edge as usize;
            let (Some(&[a, b]), Some(&h)) = (
                topo.edge_vertices.get(e),
                topo.edge_hexes.get(e).and_then(|hs| hs.first()),
            ) else {
                return Err(RenderError::InvalidView(format!(
                    "a port stands on edge {e}, but this board has {} edges",
                    topo.edge_count()
                )));
            };
            let m = edge_midpoints[e];
            let c = hex_centers[h as usize];
            let (dx, dy) = (m.0 - c.0, m.1 - c.1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-3);
            ports.push(PortPlacement {
                badge: (m.0 + dx / len * 0.58 * s, m.1 + dy / len * 0.58 * s),
                radius: 0.27 * s,
                serves: [a, b],
            });
        }

        let panel = PanelLayout::new(
            IMAGE_WIDTH as f32,
            board_height as f32,
            view.players.len(),
            view.own.is_some(),
        );
        let height = panel.rect.bottom().ceil() as u32;
        Ok(BoardGeometry {
            size,
            hex_size: s,
            width: IMAGE_WIDTH,
            height,
            board_height,
            hex_centers,
            vertices,
            edge_midpoints,
            label_pills,
            label_font,
            hex_code_points,
            ports,
            panel,
        })
    }

    /// Centre of the number token of a hex.
    pub fn token_center(&self, hex: HexId) -> Point {
        self.hex_centers[hex as usize]
    }

    /// Radius of a number token.
    pub fn token_radius(&self) -> f32 {
        0.29 * self.hex_size
    }

    /// Where the robber pawn stands on a hex: beside the token, so the blocked number stays
    /// readable. The point is inside the pawn's body.
    pub fn robber_point(&self, hex: HexId) -> Point {
        let (x, y) = self.hex_centers[hex as usize];
        (x + 0.53 * self.hex_size, y + 0.06 * self.hex_size)
    }

    /// Half the width of a road.
    pub fn road_radius(&self) -> f32 {
        0.068 * self.hex_size
    }

    /// Size of a settlement (its width); a city is wider.
    pub fn building_size(&self) -> f32 {
        0.34 * self.hex_size
    }
}

fn min_max(values: impl Iterator<Item = f32>) -> (f32, f32) {
    values.fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}

/// The point halfway between two points.
pub fn midpoint(a: Point, b: Point) -> Point {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// The point a fraction `t` of the way from `a` to `b`.
pub fn lerp(a: Point, b: Point, t: f32) -> Point {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Settings};

    #[test]
    fn everything_fits_in_the_image() {
        for players in [3, 4, 5, 6] {
            let view = Game::new(Settings::for_players(players), 3).view(None);
            let g = BoardGeometry::new(&view).expect("geometry");
            let inside = |(x, y): Point| {
                x > 0.0 && y > 0.0 && x < g.width as f32 && y < g.board_height as f32
            };
            assert!(g.vertices.iter().all(|&p| inside(p)));
            for p in &g.ports {
                assert!(inside((p.badge.0 - p.radius, p.badge.1 - p.radius)));
                assert!(inside((p.badge.0 + p.radius, p.badge.1 + p.radius)));
            }
            assert!(g.panel.rect.y >= g.board_height as f32);
            assert!(g.height as f32 >= g.panel.rect.bottom());
        }
    }

    #[test]
    fn neighbouring_intersections_are_one_hex_size_apart() {
        let view = Game::new(Settings::for_players(4), 1).view(None);
        let g = BoardGeometry::new(&view).expect("geometry");
        let topo = Topology::get(g.size);
        for &[a, b] in &topo.edge_vertices {
            let (pa, pb) = (g.vertices[a as usize], g.vertices[b as usize]);
            let d = ((pa.0 - pb.0).powi(2) + (pa.1 - pb.1).powi(2)).sqrt();
            assert!((d - g.hex_size).abs() < 0.01, "{d} vs {}", g.hex_size);
        }
    }

    #[test]
    fn labels_do_not_overlap_each_other() {
        let view = Game::new(Settings::for_players(6), 1).view(None);
        let g = BoardGeometry::new(&view).expect("geometry");
        for (i, a) in g.label_pills.iter().enumerate() {
            for b in &g.label_pills[i + 1..] {
                let apart =
                    a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
    }
}
