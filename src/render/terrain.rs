//! The sea, the island's sandy frame and each hex's terrain: a base colour plus a cheap
//! pattern (bricks, stripes, dunes) or little icons (trees, sheep, peaks), so terrain reads
//! without relying on colour alone.

use crate::engine::{Layout, Terrain, Topology};

use super::canvas::{Canvas, Color, Convex, Style, mix, sdf};
use super::geometry::{BoardGeometry, Point};
use super::palette;

/// Terrain hexes are drawn slightly smaller than the lattice so sand shows between them.
const HEX_SCALE: f32 = 0.955;

/// Spots for icons inside a hex, in hex sizes from the centre: clear of the token (centre),
/// the robber's place (right) and the hex code (top).
const ICON_SPOTS: [(f32, f32); 6] = [
    (-0.56, -0.02),
    (-0.3, -0.4),
    (0.3, -0.4),
    (-0.3, 0.5),
    (0.3, 0.5),
    (0.56, -0.02),
];

/// Sea gradient with a scatter of little wave marks.
pub fn draw_sea(canvas: &mut Canvas, geo: &BoardGeometry) {
    let h = geo.board_height.max(1) as f32;
    canvas.fill_rows(0, geo.board_height, |y| {
        mix(palette::SEA_TOP, palette::SEA_BOTTOM, y as f32 / h)
    });
    let s = geo.hex_size;
    let step = 0.62 * s;
    let mut row = 0;
    let mut y = step * 0.4;
    while y < h {
        let mut x = if row % 2 == 0 { 0.3 * step } else { 0.8 * step };
        while x < geo.width as f32 {
            // A deterministic jitter so the marks don't look like a grid.
            let j = ((x * 12.9898 + y * 78.233).sin() * 43758.547).fract();
            let c = (x + j * 0.3 * step, y + (j - 0.5) * 0.2 * step);
            let half = 0.07 * s;
            canvas.fill_sdf(
                (c.0 - half - 3.0, c.1 - 4.0, c.0 + half + 3.0, c.1 + 4.0),
                |px, py| {
                    sdf::capsule(px, py, (c.0 - half, c.1), (c.0, c.1 - 2.5), 1.3).max(
                        sdf::capsule(px, py, (c.0, c.1 - 2.5), (c.0 + half, c.1), 1.3),
                    )
                },
                Style::translucent(palette::SEA_WAVE, 0.55),
            );
            x += step;
        }
        y += step * 0.75;
        row += 1;
    }
}

/// Shallow water and sand under the coastal hexes, giving the island a soft shore.
pub fn draw_shore(canvas: &mut Canvas, geo: &BoardGeometry, layout: &Layout) {
    let topo = Topology::get(layout.size);
    let coastal: Vec<usize> = (0..topo.hex_count())
        .filter(|&h| topo.hex_neighbors[h].len() < 6)
        .collect();
    let s = geo.hex_size;
    for (scale, color) in [(1.2, palette::SHALLOW), (1.07, palette::SAND)] {
        for &h in &coastal {
            let hex = Convex::hexagon(geo.hex_centers[h], scale * s);
            canvas.fill_convex(&hex, |_, _| color, None);
        }
    }
    for h in 0..topo.hex_count() {
        if topo.hex_neighbors[h].len() == 6 {
            let hex = Convex::hexagon(geo.hex_centers[h], s);
            canvas.fill_convex(&hex, |_, _| palette::SAND, None);
        }
    }
}

/// Every land hex: its textured terrain, then its icons.
pub fn draw_hexes(canvas: &mut Canvas, geo: &BoardGeometry, layout: &Layout) {
    let s = geo.hex_size;
    for (h, &t) in layout.terrain.iter().enumerate() {
        let c = geo.hex_centers[h];
        let hex = Convex::hexagon(c, HEX_SCALE * s);
        let base = palette::terrain(t);
        let edge = mix(base, [40, 30, 20], 0.35);
        let outline = Some((edge, (0.018 * s).max(1.5)));
        let (cx, cy) = (c.0 as i32, c.1 as i32);
        match t {
            Terrain::Hills => {
                let bh = (0.115 * s) as i32;
                let bw = 2 * bh;
                let mortar = mix(base, [240, 220, 190], 0.55);
                let dark = mix(base, [90, 30, 20], 0.22);
                canvas.fill_convex(
                    &hex,
                    |x, y| {
                        let ly = y - cy + 10 * bh;
                        let row = ly / bh;
                        let lx = x - cx + 10 * bw + (row % 2) * bh;
                        if ly % bh < 2 || lx % bw < 2 {
                            mortar
                        } else if (row + lx / bw) % 3 == 0 {
                            dark
                        } else {
                            base
                        }
                    },
                    outline,
                );
            }
            Terrain::Fields => {
                let period = (0.15 * s) as i32;
                let light = mix(base, [255, 240, 170], 0.45);
                canvas.fill_convex(
                    &hex,
                    |x, y| {
                        let d = (x - cx) - (y - cy) / 2 + 20 * period;
                        if d % period < period / 2 { light } else { base }
                    },
                    outline,
                );
            }
            Terrain::Desert => {
                let period = 0.16 * s;
                let line = mix(base, [170, 130, 70], 0.45);
                let k = 6.0 / s;
                canvas.fill_convex(
                    &hex,
                    |x, y| {
                        let v = (y - cy) as f32 + 0.05 * s * ((x - cx) as f32 * k).sin() + 40.0 * s;
                        if v % period < 2.5 { line } else { base }
                    },
                    outline,
                );
            }
            _ => canvas.fill_convex(&hex, |_, _| base, outline),
        }
        draw_icons(canvas, c, s, t);
    }
}

fn spot(c: Point, s: f32, k: usize) -> Point {
    let (dx, dy) = ICON_SPOTS[k % ICON_SPOTS.len()];
    (c.0 + dx * s, c.1 + dy * s)
}

fn draw_icons(canvas: &mut Canvas, c: Point, s: f32, t: Terrain) {
    match t {
        Terrain::Forest => {
            for k in 0..6 {
                let p = spot(c, s, k);
                draw_tree(canvas, (p.0 - 0.07 * s, p.1 + 0.02 * s), 0.8 * s);
                draw_tree(canvas, (p.0 + 0.06 * s, p.1 - 0.02 * s), s);
            }
        }
        Terrain::Pasture => {
            for k in [0, 2, 4] {
                draw_sheep(canvas, spot(c, s, k), s);
            }
            for k in [1, 3, 5] {
                draw_tuft(canvas, spot(c, s, k), s);
            }
        }
        Terrain::Mountains => {
            for k in 0..6 {
                let p = spot(c, s, k);
                draw_peak(canvas, (p.0 - 0.06 * s, p.1 + 0.03 * s), 0.8 * s);
                draw_peak(canvas, (p.0 + 0.05 * s, p.1), s);
            }
        }
        Terrain::Fields => {
            for k in [1, 2, 3, 4] {
                draw_sheaf(canvas, spot(c, s, k), s);
            }
        }
        Terrain::Hills | Terrain::Desert => {}
    }
}

const TREE: Color = [28, 86, 46];
const TREE_DARK: Color = [16, 54, 28];
const TRUNK: Color = [96, 62, 34];

/// A small pine tree standing on `p`.
fn draw_tree(canvas: &mut Canvas, p: Point, s: f32) {
    let trunk = Convex::new(&[
        (p.0 - 0.018 * s, p.1 - 0.02 * s),
        (p.0 + 0.018 * s, p.1 - 0.02 * s),
        (p.0 + 0.018 * s, p.1 + 0.05 * s),
        (p.0 - 0.018 * s, p.1 + 0.05 * s),
    ]);
    canvas.fill_sdf(
        trunk.bounds(2.0),
        |x, y| trunk.distance(x, y),
        Style::solid(TRUNK),
    );
    let low = Convex::new(&[
        (p.0, p.1 - 0.15 * s),
        (p.0 + 0.085 * s, p.1 + 0.01 * s),
        (p.0 - 0.085 * s, p.1 + 0.01 * s),
    ]);
    let high = Convex::new(&[
        (p.0, p.1 - 0.22 * s),
        (p.0 + 0.065 * s, p.1 - 0.08 * s),
        (p.0 - 0.065 * s, p.1 - 0.08 * s),
    ]);
    canvas.fill_sdf(
        (p.0 - 0.1 * s, p.1 - 0.24 * s, p.0 + 0.1 * s, p.1 + 0.03 * s),
        |x, y| low.distance(x, y).max(high.distance(x, y)),
        Style::outlined(TREE, TREE_DARK, 1.2),
    );
}

/// A woolly sheep centred on `p`.
fn draw_sheep(canvas: &mut Canvas, p: Point, s: f32) {
    let legs = [(p.0 - 0.04 * s, p.1), (p.0 + 0.04 * s, p.1)];
    for l in legs {
        let (a, b) = (l, (l.0, l.1 + 0.08 * s));
        canvas.fill_sdf(
            (l.0 - 4.0, l.1 - 2.0, l.0 + 4.0, l.1 + 0.1 * s),
            |x, y| sdf::capsule(x, y, a, b, 0.014 * s),
            Style::solid([50, 44, 44]),
        );
    }
    let puffs = [
        ((p.0 - 0.045 * s, p.1), 0.045 * s),
        ((p.0 + 0.035 * s, p.1), 0.048 * s),
        ((p.0 - 0.005 * s, p.1 - 0.035 * s), 0.05 * s),
    ];
    canvas.fill_sdf(
        (p.0 - 0.11 * s, p.1 - 0.1 * s, p.0 + 0.1 * s, p.1 + 0.06 * s),
        |x, y| {
            puffs
                .iter()
                .map(|&(c, r)| sdf::circle(x, y, c, r))
                .fold(f32::NEG_INFINITY, f32::max)
        },
        Style::outlined([252, 250, 244], [96, 96, 86], 1.2),
    );
    let head = (p.0 + 0.095 * s, p.1 - 0.03 * s);
    canvas.fill_sdf(
        (head.0 - 8.0, head.1 - 8.0, head.0 + 8.0, head.1 + 8.0),
        |x, y| sdf::ellipse(x, y, head, 0.035 * s, 0.027 * s),
        Style::solid([50, 44, 44]),
    );
}

/// A tuft of grass: three blades.
fn draw_tuft(canvas: &mut Canvas, p: Point, s: f32) {
    let color = mix(palette::terrain(Terrain::Pasture), [30, 90, 30], 0.55);
    let base = (p.0, p.1 + 0.04 * s);
    for dx in [-0.05, 0.0, 0.05] {
        let tip = (p.0 + dx * s, p.1 - 0.05 * s + (dx as f32).abs() * 0.6 * s);
        canvas.fill_sdf(
            (
                p.0 - 0.08 * s,
                p.1 - 0.08 * s,
                p.0 + 0.08 * s,
                p.1 + 0.07 * s,
            ),
            |x, y| sdf::capsule(x, y, base, tip, 0.012 * s),
            Style::solid(color),
        );
    }
}

/// A mountain peak with a snow cap, its base centred on `p`.
fn draw_peak(canvas: &mut Canvas, p: Point, s: f32) {
    let apex = (p.0, p.1 - 0.2 * s);
    let rock = Convex::new(&[
        apex,
        (p.0 + 0.13 * s, p.1 + 0.05 * s),
        (p.0 - 0.13 * s, p.1 + 0.05 * s),
    ]);
    let shade = Convex::new(&[
        apex,
        (p.0 + 0.13 * s, p.1 + 0.05 * s),
        (p.0, p.1 + 0.05 * s),
    ]);
    let snow = Convex::new(&[
        apex,
        (p.0 + 0.047 * s, p.1 - 0.11 * s),
        (p.0, p.1 - 0.09 * s),
        (p.0 - 0.047 * s, p.1 - 0.11 * s),
    ]);
    canvas.fill_sdf(
        rock.bounds(2.0),
        |x, y| rock.distance(x, y),
        Style::outlined([112, 116, 128], [62, 64, 74], 1.2),
    );
    canvas.fill_sdf(
        shade.bounds(1.0),
        |x, y| shade.distance(x, y).min(rock.distance(x, y) - 1.2),
        Style::solid([92, 96, 108]),
    );
    canvas.fill_sdf(
        snow.bounds(1.0),
        |x, y| snow.distance(x, y),
        Style::solid([250, 250, 252]),
    );
}

/// A little sheaf of grain.
fn draw_sheaf(canvas: &mut Canvas, p: Point, s: f32) {
    let stalk = mix(palette::terrain(Terrain::Fields), [120, 80, 20], 0.5);
    let bottom = (p.0, p.1 + 0.07 * s);
    for dx in [-0.04f32, 0.0, 0.04] {
        let top = (p.0 + dx * s, p.1 - 0.05 * s);
        canvas.fill_sdf(
            (
                p.0 - 0.08 * s,
                p.1 - 0.1 * s,
                p.0 + 0.08 * s,
                p.1 + 0.09 * s,
            ),
            |x, y| sdf::capsule(x, y, bottom, top, 0.009 * s),
            Style::solid(stalk),
        );
        let ear = (top.0, top.1 - 0.02 * s);
        canvas.fill_sdf(
            (ear.0 - 6.0, ear.1 - 9.0, ear.0 + 6.0, ear.1 + 9.0),
            |x, y| sdf::ellipse(x, y, ear, 0.018 * s, 0.045 * s),
            Style::solid(stalk),
        );
    }
}
