//! Things players read: number tokens with pips, hex codes, intersection numbers, and ports
//! with their ratio, resource and piers to the two corners they serve.

use crate::engine::{GameView, Layout, PortKind, Topology};

use super::canvas::{Canvas, Style, sdf};
use super::geometry::{BoardGeometry, Point, Rect, lerp};
use super::palette;
use super::text::{Fonts, Weight};
use crate::i18n::InWords;

/// Dots under a number: how many of the 36 dice outcomes roll it, over 1..5.
pub fn pips(number: u8) -> u8 {
    6u8.saturating_sub((7i16 - number as i16).unsigned_abs() as u8)
}

/// True for the numbers printed in red (the most frequent rolls).
pub fn is_hot(number: u8) -> bool {
    matches!(number, 6 | 8)
}

/// Where a token's number is centred (a bit above the token centre, pips go below).
pub fn token_number_point(geo: &BoardGeometry, c: Point) -> Point {
    (c.0, c.1 - 0.045 * geo.hex_size)
}

/// Number tokens on every producing hex.
pub fn draw_tokens(canvas: &mut Canvas, geo: &BoardGeometry, layout: &Layout, fonts: &Fonts) {
    let s = geo.hex_size;
    let r = geo.token_radius();
    for (h, token) in layout.tokens.iter().enumerate() {
        let Some(n) = *token else { continue };
        let c = geo.hex_centers[h];
        let shadow = (c.0 + 0.02 * s, c.1 + 0.035 * s);
        canvas.fill_sdf(
            (
                shadow.0 - r - 2.0,
                shadow.1 - r - 2.0,
                shadow.0 + r + 2.0,
                shadow.1 + r + 2.0,
            ),
            |x, y| sdf::circle(x, y, shadow, r),
            Style::translucent([0, 0, 0], 0.3),
        );
        canvas.fill_sdf(
            (c.0 - r - 2.0, c.1 - r - 2.0, c.0 + r + 2.0, c.1 + r + 2.0),
            |x, y| sdf::circle(x, y, c, r),
            Style::outlined(palette::TOKEN, palette::TOKEN_RIM, (0.02 * s).max(1.5)),
        );
        let color = if is_hot(n) {
            palette::TOKEN_HOT
        } else {
            palette::TOKEN_TEXT
        };
        let size = if n >= 10 { 0.27 * s } else { 0.3 * s };
        fonts.draw_centered(
            canvas,
            Weight::Bold,
            size,
            token_number_point(geo, c),
            color,
            &n.to_string(),
        );
        let count = pips(n);
        let dot = 0.022 * s;
        let gap = 0.06 * s;
        let y = c.1 + 0.175 * s;
        for i in 0..count {
            let x = c.0 + (i as f32 - (count as f32 - 1.0) / 2.0) * gap;
            canvas.fill_sdf(
                (x - dot - 1.0, y - dot - 1.0, x + dot + 1.0, y + dot + 1.0),
                |px, py| sdf::circle(px, py, (x, y), dot),
                Style::solid(color),
            );
        }
    }
}

/// Each hex's code (`C3`) small near its top, on a dark tab so it reads on any terrain.
pub fn draw_hex_codes(canvas: &mut Canvas, geo: &BoardGeometry, layout: &Layout, fonts: &Fonts) {
    let topo = Topology::get(layout.size);
    let size = (0.12 * geo.hex_size).max(12.0);
    for (h, &p) in geo.hex_code_points.iter().enumerate() {
        let text = &topo.hex_labels[h];
        let w = fonts.width(Weight::Bold, size, text) + 0.7 * size;
        let tab = Rect::new(p.0 - w / 2.0, p.1 - 0.65 * size, w, 1.3 * size);
        canvas.fill_round_rect(
            tab.tuple(),
            0.4 * size,
            Style::translucent(palette::HEX_CODE_BG, 0.55),
        );
        fonts.draw_centered(canvas, Weight::Bold, size, p, palette::HEX_CODE_TEXT, text);
    }
}

/// The number of every empty intersection in a pill. Occupied intersections carry their
/// number on the building instead.
pub fn draw_vertex_pills(canvas: &mut Canvas, geo: &BoardGeometry, view: &GameView, fonts: &Fonts) {
    let topo = Topology::get(view.layout.size);
    for (v, pill) in geo.label_pills.iter().enumerate() {
        if view.buildings.get(v).is_some_and(|b| b.is_some()) {
            continue;
        }
        let pill = *pill;
        canvas.fill_round_rect(
            pill.tuple(),
            pill.h / 2.0,
            Style::outlined(palette::PILL, palette::PILL_BORDER, 1.3),
        );
        fonts.draw_centered(
            canvas,
            Weight::Bold,
            geo.label_font,
            pill.center(),
            palette::PILL_TEXT,
            &topo.vertex_label(v as u8),
        );
    }
}

/// Ports: two piers from the badge to the served corners, and a round badge with the ratio
/// and the resource (coloured, with its name).
pub fn draw_ports(canvas: &mut Canvas, geo: &BoardGeometry, layout: &Layout, fonts: &Fonts) {
    let s = geo.hex_size;
    for (port, place) in layout.ports.iter().zip(&geo.ports) {
        for v in place.serves {
            let end = lerp(place.badge, geo.vertices[v as usize], 0.93);
            let r = 0.032 * s;
            canvas.fill_sdf(
                (
                    place.badge.0.min(end.0) - r - 2.0,
                    place.badge.1.min(end.1) - r - 2.0,
                    place.badge.0.max(end.0) + r + 2.0,
                    place.badge.1.max(end.1) + r + 2.0,
                ),
                |x, y| sdf::capsule(x, y, place.badge, end, r),
                Style::outlined(palette::PIER, palette::PIECE_OUTLINE, 1.2),
            );
        }
        let (fill, ratio, what) = match port.kind {
            PortKind::Generic => (palette::PORT_GENERIC, "3:1", crate::t!("board-port-any")),
            PortKind::Special(r) => (palette::resource(r), "2:1", r.in_words()),
        };
        let (c, r) = (place.badge, place.radius);
        canvas.fill_sdf(
            (c.0 - r - 2.0, c.1 - r - 2.0, c.0 + r + 2.0, c.1 + r + 2.0),
            |x, y| sdf::circle(x, y, c, r),
            Style::outlined(fill, palette::PIECE_OUTLINE, (0.02 * s).max(1.5)),
        );
        let ink = palette::text_on(fill);
        fonts.draw_centered(
            canvas,
            Weight::Bold,
            0.2 * s,
            (c.0, c.1 - 0.07 * s),
            ink,
            ratio,
        );
        // Longer names (German `Getreide`) shrink to stay inside the badge.
        let size = (0.12 * s).max(11.0);
        let width = fonts.width(Weight::Bold, size, &what).max(1.0);
        let size = size * (1.6 * r / width).min(1.0);
        fonts.draw_centered(
            canvas,
            Weight::Bold,
            size.max(8.0),
            (c.0, c.1 + 0.11 * s),
            ink,
            &what,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pips_follow_the_dice_odds() {
        let expected = [
            (2, 1),
            (3, 2),
            (4, 3),
            (5, 4),
            (6, 5),
            (8, 5),
            (9, 4),
            (10, 3),
            (11, 2),
            (12, 1),
        ];
        for (n, p) in expected {
            assert_eq!(pips(n), p, "number {n}");
        }
        assert!(is_hot(6) && is_hot(8) && !is_hot(5) && !is_hot(9));
    }
}
