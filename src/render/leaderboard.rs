//! A community's leaderboard as a picture: a title, then one row per player — rank (gold,
//! silver and bronze discs for the first three), name, rating points with a bar scaled between
//! the lowest and highest shown, and a dim line of games and wins — the asker's row
//! highlighted, and when they rank below the top the asker's own row after a gap. The panel
//! colours and fonts of the board's player panel; 640 px wide like the charts, every text at
//! least 20 px so a phone's ~330 px width still shows 10 px.
//!
//! Drawn from plain rows (the table words them, see `table::dispatch::community`).

use image::RgbImage;

use super::canvas::{Canvas, Color, Style};
use super::palette;
use super::text::{Weight, fonts};
use super::{RenderError, encode_png};

pub const LEADERBOARD_WIDTH: u32 = 640;

const PAD: f32 = 24.0;
const TITLE_H: f32 = 64.0;
const ROW_H: f32 = 68.0;
const GAP_H: f32 = 20.0;
const NAME_SIZE: f32 = 24.0;
const DETAIL_SIZE: f32 = 20.0;
const TITLE_SIZE: f32 = 28.0;
const MEDALS: [Color; 3] = [[232, 186, 52], [196, 202, 212], [196, 128, 72]];

/// One row as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    pub rank: usize,
    pub name: String,
    pub points: i32,
    /// The dim line under the name (games and wins, in words).
    pub detail: String,
    /// The asker's own row.
    pub asker: bool,
}

/// The picture's height for `rows` rows (plus the asker's after a gap when `extra`).
pub fn leaderboard_height(rows: usize, extra: bool) -> u32 {
    let gap = if extra { GAP_H + ROW_H } else { 0.0 };
    (TITLE_H + rows.max(1) as f32 * ROW_H + gap + PAD).ceil() as u32
}

/// The leaderboard as PNG bytes: `title`, the `top` rows, `you` (the asker ranked below them)
/// after a gap, or `empty` written where rows would be when there are none.
pub fn render_leaderboard(
    title: &str,
    top: &[BoardRow],
    you: Option<&BoardRow>,
    empty: &str,
) -> Result<Vec<u8>, RenderError> {
    encode_png(&leaderboard_image(title, top, you, empty)?)
}

/// [`render_leaderboard`] without the encoding.
pub fn leaderboard_image(
    title: &str,
    top: &[BoardRow],
    you: Option<&BoardRow>,
    empty: &str,
) -> Result<RgbImage, RenderError> {
    let fonts = fonts()?;
    let height = leaderboard_height(top.len(), you.is_some());
    let mut c = Canvas::new(LEADERBOARD_WIDTH, height);
    c.fill_rows(0, height, |_| palette::PANEL);
    c.fill_rect(0, 0, LEADERBOARD_WIDTH as i32, 3, palette::SAND);
    let title = fonts.fit(
        Weight::Bold,
        TITLE_SIZE,
        title,
        LEADERBOARD_WIDTH as f32 - 2.0 * PAD,
    );
    fonts.draw_left(
        &mut c,
        Weight::Bold,
        TITLE_SIZE,
        (PAD, TITLE_H / 2.0 + 4.0),
        palette::PANEL_TEXT,
        &title,
    );
    if top.is_empty() {
        fonts.draw_left(
            &mut c,
            Weight::Regular,
            NAME_SIZE,
            (PAD, TITLE_H + ROW_H / 2.0),
            palette::PANEL_DIM,
            empty,
        );
        return Ok(c.into_rgb());
    }
    let shown = top.iter().chain(you);
    let lowest = shown.clone().map(|r| r.points).min().unwrap_or(0);
    let highest = shown.map(|r| r.points).max().unwrap_or(0);
    let scale = Scale { lowest, highest };
    for (i, row) in top.iter().enumerate() {
        draw_row(&mut c, row, TITLE_H + i as f32 * ROW_H, &scale)?;
    }
    if let Some(row) = you {
        let y = TITLE_H + top.len() as f32 * ROW_H + GAP_H;
        let dots_y = y - GAP_H / 2.0;
        for k in 0..3 {
            let x = PAD + 18.0 + k as f32 * 10.0;
            c.fill_rect(
                x as i32,
                dots_y as i32 - 1,
                x as i32 + 3,
                dots_y as i32 + 2,
                palette::PANEL_DIM,
            );
        }
        draw_row(&mut c, row, y, &scale)?;
    }
    Ok(c.into_rgb())
}

/// The points shown, for the bars' lengths.
struct Scale {
    lowest: i32,
    highest: i32,
}

impl Scale {
    /// A bar's share of its full length: at least a sliver, so the lowest still shows one.
    fn share(&self, points: i32) -> f32 {
        let span = (self.highest - self.lowest).max(1) as f32;
        0.08 + 0.92 * (points - self.lowest) as f32 / span
    }
}

fn draw_row(c: &mut Canvas, row: &BoardRow, y: f32, scale: &Scale) -> Result<(), RenderError> {
    let fonts = fonts()?;
    let w = LEADERBOARD_WIDTH as f32;
    if row.asker {
        c.fill_round_rect(
            (PAD / 2.0, y + 3.0, w - PAD, ROW_H - 6.0),
            8.0,
            Style::solid(palette::PANEL_CURRENT),
        );
    } else if row.rank.is_multiple_of(2) {
        c.fill_round_rect(
            (PAD / 2.0, y + 3.0, w - PAD, ROW_H - 6.0),
            8.0,
            Style::solid(palette::PANEL_ROW),
        );
    }
    let cy = y + ROW_H / 2.0;
    let disc = (PAD + 20.0, cy);
    match MEDALS.get(row.rank.wrapping_sub(1)) {
        Some(medal) => {
            c.fill_round_rect(
                (disc.0 - 17.0, cy - 17.0, 34.0, 34.0),
                17.0,
                Style::solid(*medal),
            );
            fonts.draw_centered(
                c,
                Weight::Bold,
                DETAIL_SIZE,
                disc,
                palette::PANEL,
                &row.rank.to_string(),
            );
        }
        None => fonts.draw_centered(
            c,
            Weight::Bold,
            DETAIL_SIZE,
            disc,
            palette::PANEL_DIM,
            &row.rank.to_string(),
        ),
    }
    let name_x = PAD + 54.0;
    let bar_x = w * 0.56;
    let name = fonts.fit(Weight::Bold, NAME_SIZE, &row.name, bar_x - name_x - 12.0);
    let name_color = if row.asker {
        palette::PANEL_ACCENT
    } else {
        palette::PANEL_TEXT
    };
    fonts.draw_left(
        c,
        Weight::Bold,
        NAME_SIZE,
        (name_x, cy - 13.0),
        name_color,
        &name,
    );
    let detail = fonts.fit(
        Weight::Regular,
        DETAIL_SIZE,
        &row.detail,
        bar_x - name_x - 12.0,
    );
    fonts.draw_left(
        c,
        Weight::Regular,
        DETAIL_SIZE,
        (name_x, cy + 15.0),
        palette::PANEL_DIM,
        &detail,
    );
    let points = row.points.to_string();
    let points_w = fonts.width(Weight::Bold, NAME_SIZE, "00000");
    let bar_full = w - PAD - points_w - 10.0 - bar_x;
    let bar_w = (bar_full * scale.share(row.points)).max(6.0);
    c.fill_round_rect(
        (bar_x, cy - 8.0, bar_w, 16.0),
        8.0,
        Style::solid(palette::PANEL_ACCENT),
    );
    let text_w = fonts.width(Weight::Bold, NAME_SIZE, &points);
    fonts.draw_left(
        c,
        Weight::Bold,
        NAME_SIZE,
        (w - PAD - text_w, cy),
        palette::PANEL_TEXT,
        &points,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rank: usize, name: &str, points: i32, asker: bool) -> BoardRow {
        BoardRow {
            rank,
            name: name.to_string(),
            points,
            detail: format!("{rank} rated games, 1 win"),
            asker,
        }
    }

    #[test]
    fn a_leaderboard_decodes_at_its_size_with_the_asker_after_a_gap() {
        let top: Vec<BoardRow> = (1..=10)
            .map(|i| row(i, &format!("player {i}"), 1200 - 20 * i as i32, false))
            .collect();
        let you = row(14, "alice", 1010, true);
        let png =
            render_leaderboard("Leaderboard, season 2", &top, Some(&you), "none").expect("drawn");
        let img = image::load_from_memory(&png).expect("a PNG").to_rgb8();
        assert_eq!(img.width(), LEADERBOARD_WIDTH);
        assert_eq!(img.height(), leaderboard_height(10, true));
        assert!(img.height() > leaderboard_height(10, false));
        // The asker's row is highlighted: its background is the panel's "current" colour.
        let y = (TITLE_H + 10.0 * ROW_H + GAP_H + 8.0) as u32;
        assert_eq!(
            img.get_pixel(LEADERBOARD_WIDTH / 2, y).0,
            palette::PANEL_CURRENT
        );
        let empty = render_leaderboard("Leaderboard, season 3", &[], None, "No rated game yet.")
            .expect("drawn");
        let img = image::load_from_memory(&empty).expect("a PNG");
        assert_eq!(img.height(), leaderboard_height(0, false));
    }
}
