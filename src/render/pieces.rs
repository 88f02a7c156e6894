//! Roads, settlements, cities, the robber, and the glow that marks what changed last.
//!
//! Every piece has a dark outline so white and orange read on light terrain, and a city has a
//! different silhouette (a tower beside a hall) from a settlement (a house), not only a size.

use crate::engine::{GameView, Topology};

use super::canvas::{Canvas, Color, Convex, Style, sdf};
use super::geometry::{BoardGeometry, Point, lerp};
use super::palette;
use super::text::{Fonts, Weight};

/// Corners of a house of width `w` centred on `c`, in units of `w`.
const HOUSE: [(f32, f32); 5] = [
    (-0.5, -0.08),
    (0.0, -0.56),
    (0.5, -0.08),
    (0.5, 0.46),
    (-0.5, 0.46),
];
/// A city: a tall gabled tower on the left and a lower gabled hall on the right.
const TOWER: [(f32, f32); 5] = [
    (-0.72, -0.3),
    (-0.43, -0.74),
    (-0.14, -0.3),
    (-0.14, 0.46),
    (-0.72, 0.46),
];
const HALL: [(f32, f32); 5] = [
    (-0.2, 0.0),
    (0.26, -0.4),
    (0.72, 0.0),
    (0.72, 0.46),
    (-0.2, 0.46),
];

fn scaled(shape: &[(f32, f32)], (cx, cy): Point, w: f32) -> Convex {
    let pts: Vec<Point> = shape
        .iter()
        .map(|&(x, y)| (cx + x * w, cy + y * w))
        .collect();
    Convex::new(&pts)
}

fn bounds_around((cx, cy): Point, r: f32) -> (f32, f32, f32, f32) {
    (cx - r, cy - r, cx + r, cy + r)
}

/// A house of width `w` in `color` (also the panel's colour swatch).
pub fn draw_settlement_shape(canvas: &mut Canvas, c: Point, w: f32, color: Color) {
    let house = scaled(&HOUSE, c, w);
    canvas.fill_sdf(
        house.bounds(2.0),
        |x, y| house.distance(x, y),
        Style::outlined(color, palette::PIECE_OUTLINE, (w * 0.08).max(1.5)),
    );
}

/// A city of settlement-width `w` in `color`.
pub fn draw_city_shape(canvas: &mut Canvas, c: Point, w: f32, color: Color) {
    let tower = scaled(&TOWER, c, w);
    let hall = scaled(&HALL, c, w);
    canvas.fill_sdf(
        bounds_around(c, w),
        |x, y| tower.distance(x, y).max(hall.distance(x, y)),
        Style::outlined(color, palette::PIECE_OUTLINE, (w * 0.08).max(1.5)),
    );
    // A window in the tower so the silhouette reads even at a glance.
    let win = (c.0 - 0.43 * w, c.1 - 0.26 * w);
    let r = 0.07 * w;
    canvas.fill_sdf(
        bounds_around(win, r + 1.0),
        |x, y| sdf::circle(x, y, win, r),
        Style::solid(palette::PIECE_OUTLINE),
    );
}

/// Size of the number on a building, relative to the intersection labels: smaller than the
/// pills' numbers so it sits inside the house with a margin instead of crowding the labels
/// around it (it was 0.92).
const BUILDING_LABEL_SCALE: f32 = 0.8;

/// Where a building's intersection number is written (inside its body).
pub fn building_label_point(c: Point, w: f32, city: bool) -> Point {
    if city {
        (c.0 + 0.26 * w, c.1 + 0.24 * w)
    } else {
        (c.0, c.1 + 0.19 * w)
    }
}

/// Glow under the pieces placed by the last action and around the robber's new hex.
pub fn draw_highlights(canvas: &mut Canvas, geo: &BoardGeometry, view: &GameView) {
    let topo = Topology::get(view.layout.size);
    let s = geo.hex_size;
    for &e in &view.last_placed.edges {
        let [a, b] = topo.edge_vertices[e as usize];
        let (pa, pb) = (geo.vertices[a as usize], geo.vertices[b as usize]);
        let (p, q) = (lerp(pa, pb, 0.16), lerp(pa, pb, 0.84));
        let r = geo.road_radius() + 0.07 * s;
        canvas.fill_sdf(
            (
                pa.0.min(pb.0) - r,
                pa.1.min(pb.1) - r,
                pa.0.max(pb.0) + r,
                pa.1.max(pb.1) + r,
            ),
            |x, y| sdf::capsule(x, y, p, q, r),
            Style::translucent(palette::GLOW, 0.85),
        );
    }
    for &v in &view.last_placed.vertices {
        let c = geo.vertices[v as usize];
        let c = (c.0, c.1 - 0.02 * s);
        let r = 0.36 * s;
        canvas.fill_sdf(
            bounds_around(c, r + 2.0),
            |x, y| sdf::circle(x, y, c, r),
            Style::translucent(palette::GLOW, 0.45),
        );
        canvas.fill_sdf(
            bounds_around(c, r + 2.0),
            |x, y| 0.035 * s - (sdf::circle(x, y, c, r) - 0.035 * s).abs(),
            Style::translucent(palette::GLOW, 0.95),
        );
    }
    if let Some(h) = view.last_placed.robber {
        let hex = Convex::hexagon(geo.hex_centers[h as usize], 0.9 * s);
        let w = 0.035 * s;
        canvas.fill_sdf(
            hex.bounds(w + 2.0),
            |x, y| w - (hex.distance(x, y) - w).abs(),
            Style::translucent(palette::GLOW, 0.95),
        );
    }
}

/// Every road, as a thick outlined bar between its two intersections.
pub fn draw_roads(canvas: &mut Canvas, geo: &BoardGeometry, view: &GameView) {
    let topo = Topology::get(view.layout.size);
    let r = geo.road_radius();
    let outline = (0.022 * geo.hex_size).max(1.5);
    // White on the pale yellow fields read poorly with the thin outline: light colours get
    // a heavier one (the road stays as wide, its white core a little narrower).
    let light_outline = (0.036 * geo.hex_size).max(2.5);
    for (e, owner) in view.roads.iter().enumerate() {
        let Some(owner) = owner else { continue };
        let color = palette::PLAYER[*owner as usize % 6];
        let outline = if palette::is_light(color) {
            light_outline
        } else {
            outline
        };
        let [a, b] = topo.edge_vertices[e];
        let (pa, pb) = (geo.vertices[a as usize], geo.vertices[b as usize]);
        let (p, q) = (lerp(pa, pb, 0.2), lerp(pa, pb, 0.8));
        canvas.fill_sdf(
            (
                p.0.min(q.0) - r - 1.0,
                p.1.min(q.1) - r - 1.0,
                p.0.max(q.0) + r + 1.0,
                p.1.max(q.1) + r + 1.0,
            ),
            |x, y| sdf::capsule(x, y, p, q, r),
            Style::outlined(color, palette::PIECE_OUTLINE, outline),
        );
    }
}

/// Settlements and cities, each with its intersection number written on it (players upgrade
/// and trade by these numbers, so they stay visible under the pieces).
pub fn draw_buildings(canvas: &mut Canvas, geo: &BoardGeometry, view: &GameView, fonts: &Fonts) {
    let topo = Topology::get(view.layout.size);
    let w = geo.building_size();
    for (v, b) in view.buildings.iter().enumerate() {
        let Some(b) = b else { continue };
        let c = geo.vertices[v];
        let color = palette::PLAYER[b.owner as usize % 6];
        if b.city {
            draw_city_shape(canvas, c, w, color);
        } else {
            draw_settlement_shape(canvas, c, w, color);
        }
        fonts.draw_centered(
            canvas,
            Weight::Bold,
            geo.label_font * BUILDING_LABEL_SCALE,
            building_label_point(c, w, b.city),
            palette::text_on(color),
            &topo.vertex_label(v as u8),
        );
    }
}

/// The robber: a dark pawn beside the token of its hex, rimmed in light so it shows on forest
/// and mountains alike.
pub fn draw_robber(canvas: &mut Canvas, geo: &BoardGeometry, view: &GameView) {
    let s = geo.hex_size;
    let p = geo.robber_point(view.robber);
    let head = (p.0, p.1 - 0.17 * s);
    let head_r = 0.085 * s;
    let body = Convex::new(&[
        (p.0 - 0.06 * s, p.1 - 0.1 * s),
        (p.0 + 0.06 * s, p.1 - 0.1 * s),
        (p.0 + 0.12 * s, p.1 + 0.14 * s),
        (p.0 - 0.12 * s, p.1 + 0.14 * s),
    ]);
    let base = (p.0, p.1 + 0.15 * s);
    let shadow = (p.0 + 0.03 * s, p.1 + 0.2 * s);
    canvas.fill_sdf(
        bounds_around(shadow, 0.2 * s),
        |x, y| sdf::ellipse(x, y, shadow, 0.17 * s, 0.06 * s),
        Style::translucent([0, 0, 0], 0.35),
    );
    canvas.fill_sdf(
        bounds_around(p, 0.32 * s),
        |x, y| {
            sdf::circle(x, y, head, head_r)
                .max(body.distance(x, y))
                .max(sdf::ellipse(x, y, base, 0.15 * s, 0.055 * s))
        },
        Style::outlined(palette::ROBBER, palette::ROBBER_RIM, (0.025 * s).max(2.0)),
    );
}
