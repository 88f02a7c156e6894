//! The graph over time of a game: each player's victory points at the end of every turn (a
//! line per player, in their colour), and under it the cards each turn brought (one bar per
//! turn, stacked by player). A legend names the players. The dice chart's size, colours and
//! fonts, so the summary's pictures look like one set; drawn for a phone's width too (about
//! 330 px: every text is at least 20 px here, 10 px there).
//!
//! Drawn from plain numbers, not from a game (the table keeps them, see `table::timeline`).

use image::RgbImage;

use super::canvas::{Canvas, Color, Style, sdf};
use super::geometry::Rect;
use super::palette;
use super::text::{Fonts, Weight, fonts};
use super::{RenderError, encode_png};

/// As wide as the dice chart.
pub const TIMELINE_WIDTH: u32 = 640;

const PAD: f32 = 24.0;
/// Room left of the plots for the axis numbers.
const AXIS_W: f32 = 34.0;
const TITLE_SIZE: f32 = 26.0;
const TEXT_SIZE: f32 = 21.0;
const LEGEND_ROW: f32 = 30.0;
const VP_PLOT_H: f32 = 210.0;
const CARDS_PLOT_H: f32 = 130.0;
const LINE_RADIUS: f32 = 1.75;

/// One turn's numbers, per seat.
#[derive(Clone, Copy, Debug)]
pub struct ChartTurn<'a> {
    pub turn: u32,
    pub vp: &'a [u8],
    pub gained: &'a [u32],
}

/// Where the graph's parts go, for drawing and for tests that look at pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct TimelineLayout {
    pub height: u32,
    /// Top of each legend row.
    pub legend_rows: Vec<f32>,
    pub vp_plot: Rect,
    pub cards_plot: Rect,
    /// The highest victory point count on the scale.
    pub vp_max: u32,
    /// The highest cards-per-turn count on the scale.
    pub cards_max: u32,
    /// The first and last turn shown.
    pub turns: (u32, u32),
}

impl TimelineLayout {
    pub fn new(names: &[String], points: &[ChartTurn], fonts: &Fonts) -> TimelineLayout {
        let mut rows = vec![0.0f32];
        let mut x = PAD;
        for name in names {
            let w = legend_entry_width(fonts, &legend_name(fonts, name));
            if x + w > TIMELINE_WIDTH as f32 - PAD && x > PAD {
                rows.push(0.0);
                x = PAD;
            }
            x += w;
        }
        let mut y = 64.0;
        let legend_rows: Vec<f32> = rows
            .iter()
            .map(|_| {
                let top = y;
                y += LEGEND_ROW;
                top
            })
            .collect();
        let plot_x = PAD + AXIS_W;
        let plot_w = TIMELINE_WIDTH as f32 - plot_x - PAD;
        let vp_plot = Rect::new(plot_x, y + 16.0, plot_w, VP_PLOT_H);
        let cards_title = vp_plot.bottom() + 44.0;
        let cards_plot = Rect::new(plot_x, cards_title + 26.0, plot_w, CARDS_PLOT_H);
        let height = (cards_plot.bottom() + 44.0).ceil() as u32;
        let vp_max = points
            .iter()
            .flat_map(|p| p.vp.iter().map(|&v| v as u32))
            .max()
            .unwrap_or(0)
            .max(4)
            .next_multiple_of(2);
        let cards_max = points
            .iter()
            .map(|p| p.gained.iter().sum::<u32>())
            .max()
            .unwrap_or(0)
            .max(1);
        let turns = (
            points.first().map_or(0, |p| p.turn),
            points.last().map_or(0, |p| p.turn),
        );
        TimelineLayout {
            height,
            legend_rows,
            vp_plot,
            cards_plot,
            vp_max,
            cards_max,
            turns,
        }
    }

    /// The horizontal position of a turn (the middle of its bar).
    pub fn turn_x(&self, turn: u32) -> f32 {
        let (first, last) = self.turns;
        let span = (last.saturating_sub(first) + 1) as f32;
        let step = self.vp_plot.w / span;
        self.vp_plot.x + (turn.saturating_sub(first) as f32 + 0.5) * step
    }

    /// One turn's bar width.
    pub fn bar_w(&self) -> f32 {
        let (first, last) = self.turns;
        self.cards_plot.w / (last.saturating_sub(first) + 1) as f32
    }

    /// The height of a victory point count.
    pub fn vp_y(&self, vp: f32) -> f32 {
        self.vp_plot.bottom() - vp / self.vp_max as f32 * self.vp_plot.h
    }
}

/// The graph as a PNG. `names` are the players in seat order.
pub fn render_timeline(names: &[String], points: &[ChartTurn]) -> Result<Vec<u8>, RenderError> {
    encode_png(&timeline_image(names, points)?)
}

/// The graph as an image (no encoding).
pub fn timeline_image(names: &[String], points: &[ChartTurn]) -> Result<RgbImage, RenderError> {
    let fonts = fonts()?;
    let layout = TimelineLayout::new(names, points, fonts);
    let mut c = Canvas::new(TIMELINE_WIDTH, layout.height);
    c.fill_rows(0, layout.height, |_| palette::PANEL);
    c.fill_rect(0, 0, TIMELINE_WIDTH as i32, 3, palette::SAND);
    fonts.draw_left(
        &mut c,
        Weight::Bold,
        TITLE_SIZE,
        (PAD, 36.0),
        palette::PANEL_TEXT,
        &crate::t!("chart-vp-title"),
    );
    draw_legend(&mut c, fonts, names, &layout);
    draw_vp(&mut c, fonts, names.len(), points, &layout);
    fonts.draw_left(
        &mut c,
        Weight::Bold,
        TITLE_SIZE,
        (PAD, layout.cards_plot.y - 26.0),
        palette::PANEL_TEXT,
        &crate::t!("chart-cards-title"),
    );
    draw_cards(&mut c, fonts, points, &layout);
    draw_turn_axis(&mut c, fonts, &layout);
    Ok(c.into_rgb())
}

/// A player's colour, by seat.
pub fn seat_color(seat: usize) -> Color {
    palette::PLAYER[seat % palette::PLAYER.len()]
}

/// A name as the legend shows it (a very long one shortened).
fn legend_name(fonts: &Fonts, name: &str) -> String {
    fonts.fit(Weight::Regular, TEXT_SIZE, name, 260.0)
}

fn legend_entry_width(fonts: &Fonts, name: &str) -> f32 {
    18.0 + 8.0 + fonts.width(Weight::Regular, TEXT_SIZE, name) + 22.0
}

fn draw_legend(c: &mut Canvas, fonts: &Fonts, names: &[String], layout: &TimelineLayout) {
    let (mut x, mut row) = (PAD, 0usize);
    for (seat, name) in names.iter().enumerate() {
        let name = legend_name(fonts, name);
        let w = legend_entry_width(fonts, &name);
        if x + w > TIMELINE_WIDTH as f32 - PAD && x > PAD {
            row += 1;
            x = PAD;
        }
        let cy = layout.legend_rows.get(row).copied().unwrap_or(0.0) + LEGEND_ROW / 2.0;
        c.fill_round_rect(
            (x, cy - 9.0, 18.0, 18.0),
            4.0,
            Style::outlined(seat_color(seat), palette::PIECE_OUTLINE, 1.0),
        );
        fonts.draw_left(
            c,
            Weight::Regular,
            TEXT_SIZE,
            (x + 26.0, cy),
            palette::PANEL_TEXT,
            &name,
        );
        x += w;
    }
}

/// Gridlines every `step` from 0 to `max`, numbered left of the plot.
fn draw_grid(c: &mut Canvas, fonts: &Fonts, plot: Rect, max: u32, step: u32) {
    let mut v = 0;
    while v <= max {
        let y = plot.bottom() - v as f32 / max as f32 * plot.h;
        let yi = y.round() as i32;
        let colour = if v == 0 {
            palette::PANEL_DIM
        } else {
            palette::PANEL_ROW
        };
        c.fill_rect(plot.x as i32, yi, (plot.x + plot.w) as i32, yi + 1, colour);
        let label = v.to_string();
        let w = fonts.width(Weight::Regular, 19.0, &label);
        fonts.draw_left(
            c,
            Weight::Regular,
            19.0,
            (plot.x - 8.0 - w, y),
            palette::PANEL_DIM,
            &label,
        );
        v += step;
    }
}

fn draw_vp(
    c: &mut Canvas,
    fonts: &Fonts,
    seats: usize,
    points: &[ChartTurn],
    layout: &TimelineLayout,
) {
    let step = if layout.vp_max > 12 { 4 } else { 2 };
    draw_grid(c, fonts, layout.vp_plot, layout.vp_max, step);
    for seat in 0..seats {
        // Lines of equal points sit side by side, not on top of each other.
        let offset = (seat as f32 - (seats as f32 - 1.0) / 2.0) * 2.0 * LINE_RADIUS;
        let at = |p: &ChartTurn| {
            let vp = p.vp.get(seat).copied().unwrap_or(0) as f32;
            (layout.turn_x(p.turn), layout.vp_y(vp) + offset)
        };
        let style = Style::solid(seat_color(seat));
        for pair in points.windows(2) {
            let (a, b) = (at(&pair[0]), at(&pair[1]));
            // Steps: the points change at the end of a turn.
            let corner = (b.0, a.1);
            for (from, to) in [(a, corner), (corner, b)] {
                let r = LINE_RADIUS + 1.0;
                c.fill_sdf(
                    (
                        from.0.min(to.0) - r,
                        from.1.min(to.1) - r,
                        from.0.max(to.0) + r,
                        from.1.max(to.1) + r,
                    ),
                    |x, y| sdf::capsule(x, y, from, to, LINE_RADIUS),
                    style,
                );
            }
        }
        if let Some(last) = points.last() {
            let p = at(last);
            c.fill_sdf(
                (p.0 - 7.0, p.1 - 7.0, p.0 + 7.0, p.1 + 7.0),
                |x, y| sdf::circle(x, y, p, 5.0),
                Style::outlined(seat_color(seat), palette::PIECE_OUTLINE, 1.0),
            );
        }
    }
}

fn draw_cards(c: &mut Canvas, fonts: &Fonts, points: &[ChartTurn], layout: &TimelineLayout) {
    let plot = layout.cards_plot;
    let step = nice_step(layout.cards_max, 4);
    let max = layout.cards_max.div_ceil(step) * step;
    draw_grid(c, fonts, plot, max, step);
    let bar_w = (layout.bar_w() * 0.8).max(1.0);
    let per_card = plot.h / max as f32;
    for p in points {
        let x = layout.turn_x(p.turn) - bar_w / 2.0;
        let mut top = plot.bottom();
        for (seat, &n) in p.gained.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let h = n as f32 * per_card;
            c.fill_rect(
                x.round() as i32,
                (top - h).round() as i32,
                (x + bar_w).round().max(x.round() + 1.0) as i32,
                top.round() as i32,
                seat_color(seat),
            );
            top -= h;
        }
    }
}

/// Turn numbers under the cards plot, and the word "turn".
fn draw_turn_axis(c: &mut Canvas, fonts: &Fonts, layout: &TimelineLayout) {
    let (first, last) = layout.turns;
    let step = nice_step(last.saturating_sub(first).max(1), 7);
    let y = layout.cards_plot.bottom() + 18.0;
    let mut t = first.div_ceil(step) * step;
    while t <= last {
        fonts.draw_centered_on_caps(
            c,
            Weight::Regular,
            19.0,
            (layout.turn_x(t), y),
            palette::PANEL_DIM,
            &t.to_string(),
        );
        t += step;
    }
    // The axis's name in the numbers' column, left of the first turn.
    let word = crate::t!("chart-turn");
    let w = fonts.width(Weight::Regular, 19.0, &word);
    fonts.draw_left(
        c,
        Weight::Regular,
        19.0,
        (layout.cards_plot.x - 10.0 - w, y),
        palette::PANEL_DIM,
        &word,
    );
}

/// A round step (1, 2, 5, 10, 20, 50 …) that cuts `span` into at most `parts` parts.
fn nice_step(span: u32, parts: u32) -> u32 {
    let mut base = 1u32;
    loop {
        for m in [1, 2, 5] {
            let step = base.saturating_mul(m);
            if span.div_ceil(step) <= parts || step == u32::MAX {
                return step.max(1);
            }
        }
        base = base.saturating_mul(10);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Alice", "Bob", "Carol", "Dave"].map(String::from).to_vec()
    }

    /// 40 turns: Alice climbs to 10, Bob to 7, Carol stays at 3, Dave reaches 5.
    fn series() -> Vec<(u32, Vec<u8>, Vec<u32>)> {
        (0..=40u32)
            .map(|t| {
                let vp = vec![
                    (2 + t / 5).min(10) as u8,
                    (2 + t / 8) as u8,
                    3,
                    (2 + t / 12) as u8,
                ];
                let gained = vec![t % 3, t % 2, (t % 5 == 0) as u32, 1];
                (t, vp, gained)
            })
            .collect()
    }

    fn points(s: &[(u32, Vec<u8>, Vec<u32>)]) -> Vec<ChartTurn<'_>> {
        s.iter()
            .map(|(turn, vp, gained)| ChartTurn {
                turn: *turn,
                vp,
                gained,
            })
            .collect()
    }

    #[test]
    fn steps_are_round_and_cover_the_span() {
        assert_eq!(nice_step(40, 7), 10);
        assert_eq!(nice_step(7, 7), 1);
        assert_eq!(nice_step(9, 4), 5);
        assert_eq!(nice_step(120, 7), 20);
        assert_eq!(nice_step(u32::MAX, 7), 1_000_000_000);
    }

    #[test]
    fn lines_are_drawn_in_the_players_colours_where_the_layout_puts_them() {
        let s = series();
        let pts = points(&s);
        let img = timeline_image(&names(), &pts).expect("graph");
        let fonts = fonts().expect("fonts");
        let layout = TimelineLayout::new(&names(), &pts, fonts);
        assert_eq!((img.width(), img.height()), (TIMELINE_WIDTH, layout.height));
        assert_eq!((layout.vp_max, layout.turns), (10, (0, 40)));
        // Carol's line is flat at 3 between turns 36 and 37 (her offset: half a line width).
        let x = (layout.turn_x(36) + layout.turn_x(37)) / 2.0;
        let y = layout.vp_y(3.0) + LINE_RADIUS;
        assert_eq!(img.get_pixel(x as u32, y.round() as u32).0, seat_color(2));
        // Turn 1's bar: Alice's one card (seat 0) at the bottom.
        let bottom = layout.cards_plot.bottom() - 2.0;
        assert_eq!(
            img.get_pixel(layout.turn_x(1) as u32, bottom as u32).0,
            seat_color(0)
        );
        // Empty sky above the VP scale.
        assert_eq!(
            img.get_pixel(layout.turn_x(1) as u32, (layout.vp_plot.y - 8.0) as u32)
                .0,
            palette::PANEL
        );
    }

    #[test]
    fn png_decodes_and_odd_inputs_still_draw() {
        let s = series();
        let png = render_timeline(&names(), &points(&s)).expect("png");
        let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!(img.width(), TIMELINE_WIDTH);
        assert!(
            img.pixels().filter(|p| p.0 == seat_color(1)).count() > 200,
            "Bob's line shows"
        );
        // No turns, one turn, more seats named than counted, very long names: no panic.
        let many: Vec<String> = (0..6).map(|i| format!("{}{i}", "W".repeat(30))).collect();
        for pts in [Vec::new(), points(&s[..1])] {
            assert!(render_timeline(&many, &pts).is_ok());
        }
        let layout = TimelineLayout::new(&many, &[], fonts().expect("fonts"));
        assert!(layout.legend_rows.len() >= 3, "long names wrap");
    }
}
