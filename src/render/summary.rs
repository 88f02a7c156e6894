//! The dice chart of the end-of-game summary: how often each total from 2 to 12 was rolled
//! (bars), against how often it was expected to come up in that many rolls (a wider, lighter
//! bar behind each, with its top marked). The board panel's colours and fonts, so the two
//! pictures of the summary look like one set.
//!
//! Drawn from plain counts, not from a game: the table keeps the counts (see
//! `table::game_stats`), the picture only shows them.

use image::RgbImage;

use super::canvas::{Canvas, Color, Style};
use super::geometry::Rect;
use super::palette;
use super::text::{Weight, fonts};
use super::{RenderError, encode_png};

/// Totals from 2 to 12.
pub const DICE_TOTALS: usize = 11;

/// The picture's size: about half a board's width, so a phone shows it at nearly full size
/// and the labels stay readable.
pub const CHART_WIDTH: u32 = 640;
pub const CHART_HEIGHT: u32 = 340;

const PAD: f32 = 24.0;
const TITLE_CY: f32 = 40.0;
/// Room above the tallest bar for its count.
const PLOT_TOP: f32 = 104.0;
/// Room under the baseline for the totals.
const PLOT_BOTTOM_GAP: f32 = 50.0;
/// Bar widths as shares of a column.
const ROLLED_SHARE: f32 = 0.5;
const EXPECTED_SHARE: f32 = 0.84;

/// Ways two dice make each total, out of 36.
const WAYS: [u32; DICE_TOTALS] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];

/// How often `total` (2 to 12) is expected in `rolls` rolls of two dice.
pub fn expected_rolls(total: usize, rolls: u32) -> f32 {
    total
        .checked_sub(2)
        .and_then(|i| WAYS.get(i))
        .map_or(0.0, |&w| rolls as f32 * w as f32 / 36.0)
}

/// Where the chart's parts go, for drawing and for tests that look at pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceChartLayout {
    /// The area the bars grow in; its bottom is the baseline.
    pub plot: Rect,
    /// Pixels per roll.
    pub scale: f32,
    /// The bar of what was rolled, per total (zero height for a total never rolled).
    pub rolled: [Rect; DICE_TOTALS],
    /// The bar of what was expected, per total.
    pub expected: [Rect; DICE_TOTALS],
}

impl DiceChartLayout {
    pub fn new(counts: &[u32; DICE_TOTALS]) -> DiceChartLayout {
        let w = CHART_WIDTH as f32;
        let plot = Rect::new(
            PAD,
            PLOT_TOP,
            w - 2.0 * PAD,
            CHART_HEIGHT as f32 - PLOT_TOP - PLOT_BOTTOM_GAP,
        );
        let rolls: u32 = counts.iter().sum();
        let highest = (0..DICE_TOTALS)
            .map(|i| (counts[i] as f32).max(expected_rolls(i + 2, rolls)))
            .fold(1.0, f32::max);
        let scale = plot.h / highest;
        let column = plot.w / DICE_TOTALS as f32;
        let bar = |i: usize, share: f32, value: f32| {
            let bw = column * share;
            let h = value * scale;
            Rect::new(
                plot.x + column * (i as f32 + 0.5) - bw / 2.0,
                plot.bottom() - h,
                bw,
                h,
            )
        };
        DiceChartLayout {
            rolled: std::array::from_fn(|i| bar(i, ROLLED_SHARE, counts[i] as f32)),
            expected: std::array::from_fn(|i| bar(i, EXPECTED_SHARE, expected_rolls(i + 2, rolls))),
            plot,
            scale,
        }
    }

    /// The horizontal centre of a total's column (index 0 is a 2).
    pub fn column_center(&self, i: usize) -> f32 {
        self.rolled[i].center().0
    }
}

/// The colour of a total's bar: 7, the robber's number, in the red of the hot tokens.
pub fn bar_color(i: usize) -> Color {
    if i + 2 == 7 {
        palette::TOKEN_HOT
    } else {
        palette::PANEL_ACCENT
    }
}

/// The dice chart as a PNG (a few KB: flat colours compress well).
pub fn render_dice_chart(counts: &[u32; DICE_TOTALS]) -> Result<Vec<u8>, RenderError> {
    encode_png(&dice_chart_image(counts)?)
}

/// The dice chart as an image (no encoding).
pub fn dice_chart_image(counts: &[u32; DICE_TOTALS]) -> Result<RgbImage, RenderError> {
    let fonts = fonts()?;
    let layout = DiceChartLayout::new(counts);
    let mut c = Canvas::new(CHART_WIDTH, CHART_HEIGHT);
    c.fill_rows(0, CHART_HEIGHT, |_| palette::PANEL);
    c.fill_rect(0, 0, CHART_WIDTH as i32, 3, palette::SAND);

    let rolls: u32 = counts.iter().sum();
    let title = crate::t!("board-dice-rolls", count = rolls);
    fonts.draw_left(
        &mut c,
        Weight::Bold,
        28.0,
        (PAD, TITLE_CY),
        palette::PANEL_TEXT,
        &title,
    );
    draw_legend(&mut c, fonts);

    let plot = layout.plot;
    for (i, count) in counts.iter().enumerate() {
        let e = layout.expected[i];
        if e.h >= 1.0 {
            c.fill_round_rect(e.tuple(), 4.0, Style::solid(palette::PANEL_CURRENT));
            let top = Rect::new(e.x, e.y - 1.5, e.w, 3.0);
            c.fill_round_rect(top.tuple(), 1.5, Style::solid(palette::PANEL_DIM));
        }
        let r = layout.rolled[i];
        if r.h >= 1.0 {
            let radius = (r.h / 2.0).min(5.0);
            c.fill_round_rect(r.tuple(), radius, Style::solid(bar_color(i)));
        }
        let cx = layout.column_center(i);
        let label_y = r.y.min(e.y) - 18.0;
        fonts.draw_centered(
            &mut c,
            Weight::Bold,
            22.0,
            (cx, label_y),
            palette::PANEL_TEXT,
            &count.to_string(),
        );
        fonts.draw_centered(
            &mut c,
            Weight::Bold,
            24.0,
            (cx, plot.bottom() + PLOT_BOTTOM_GAP / 2.0),
            if i + 2 == 7 {
                palette::TOKEN_HOT
            } else {
                palette::PANEL_TEXT
            },
            &(i + 2).to_string(),
        );
    }
    let base = plot.bottom().round() as i32;
    c.fill_rect(
        plot.x as i32,
        base,
        (plot.x + plot.w) as i32,
        base + 2,
        palette::PANEL_DIM,
    );
    Ok(c.into_rgb())
}

/// "rolled" and "expected", each with a swatch, at the right of the title.
fn draw_legend(c: &mut Canvas, fonts: &super::text::Fonts) {
    let size = 19.0;
    let gap = 8.0;
    let swatch = 18.0;
    let (expected, rolled) = (crate::t!("board-expected"), crate::t!("board-rolled"));
    let expected_w = fonts.width(Weight::Regular, size, &expected);
    let rolled_w = fonts.width(Weight::Regular, size, &rolled);
    let mut x =
        CHART_WIDTH as f32 - PAD - expected_w - gap - swatch - 24.0 - rolled_w - gap - swatch;
    let y = TITLE_CY - swatch / 2.0;
    c.fill_round_rect(
        (x, y, swatch, swatch),
        4.0,
        Style::solid(palette::PANEL_ACCENT),
    );
    x += swatch + gap;
    fonts.draw_left(
        c,
        Weight::Regular,
        size,
        (x, TITLE_CY),
        palette::PANEL_DIM,
        &rolled,
    );
    x += rolled_w + 24.0;
    c.fill_round_rect(
        (x, y, swatch, swatch),
        4.0,
        Style::solid(palette::PANEL_CURRENT),
    );
    c.fill_round_rect(
        (x, y - 1.5, swatch, 3.0),
        1.5,
        Style::solid(palette::PANEL_DIM),
    );
    x += swatch + gap;
    fonts.draw_left(
        c,
        Weight::Regular,
        size,
        (x, TITLE_CY),
        palette::PANEL_DIM,
        &expected,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plausible 60-roll game: lots of 6s and 8s, no 12.
    const COUNTS: [u32; DICE_TOTALS] = [2, 3, 5, 7, 9, 10, 10, 6, 4, 4, 0];

    fn pixel(img: &RgbImage, (x, y): (f32, f32)) -> Color {
        img.get_pixel(x as u32, y as u32).0
    }

    #[test]
    fn expected_counts_follow_the_36_combinations() {
        assert_eq!(expected_rolls(7, 36), 6.0);
        assert_eq!(expected_rolls(2, 72), 2.0);
        assert_eq!(expected_rolls(12, 36), 1.0);
        assert_eq!(expected_rolls(1, 36), 0.0);
        assert_eq!(expected_rolls(13, 36), 0.0);
        let all: f32 = (2..=12).map(|t| expected_rolls(t, 90)).sum();
        assert!((all - 90.0).abs() < 1e-3);
    }

    #[test]
    fn bar_heights_are_proportional_to_the_counts() {
        let layout = DiceChartLayout::new(&COUNTS);
        for (i, &count) in COUNTS.iter().enumerate() {
            let h = layout.rolled[i].h;
            assert!((h - count as f32 * layout.scale).abs() < 1e-3);
            assert!((layout.rolled[i].bottom() - layout.plot.bottom()).abs() < 1e-3);
        }
        let tallest = layout
            .rolled
            .iter()
            .chain(&layout.expected)
            .map(|r| r.h)
            .fold(0.0, f32::max);
        assert!((tallest - layout.plot.h).abs() < 1e-3, "fills the plot");
        // A total never rolled has no bar.
        assert_eq!(layout.rolled[10].h, 0.0);
    }

    #[test]
    fn bars_are_drawn_where_the_layout_puts_them() {
        let img = dice_chart_image(&COUNTS).expect("chart");
        assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
        let layout = DiceChartLayout::new(&COUNTS);
        for (i, &count) in COUNTS.iter().enumerate() {
            let r = layout.rolled[i];
            let inside = (r.center().0, r.bottom() - 3.0);
            if count > 0 {
                assert_eq!(pixel(&img, inside), bar_color(i), "bar of {}", i + 2);
            }
            // Above the rolled bar, inside the expected one or on the background: never the
            // bar colour.
            let above = (r.center().0, r.y - 6.0);
            assert_ne!(
                pixel(&img, above),
                bar_color(i),
                "above the bar of {}",
                i + 2
            );
        }
        // 12 was never rolled: its expected bar shows, in its own colour.
        let e = layout.expected[10];
        assert_eq!(
            pixel(&img, (e.x + 3.0, e.bottom() - 2.0)),
            palette::PANEL_CURRENT
        );
        assert_eq!(bar_color(5), palette::TOKEN_HOT, "7 is red");
    }

    #[test]
    fn png_is_small_and_empty_counts_still_draw() {
        let png = render_dice_chart(&COUNTS).expect("png");
        assert!(png.len() < 40_000, "{} bytes", png.len());
        let none = render_dice_chart(&[0; DICE_TOTALS]).expect("no rolls");
        assert_eq!(&none[1..4], b"PNG");
    }
}
