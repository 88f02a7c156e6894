//! The panel under the board: whose turn and what phase, the last roll as two dice, a row per
//! player with their public numbers, the special-card holders, and the viewer's own hand when
//! (and only when) the view carries one.
//!
//! The text comes from [`PanelContent`], which [`panel_lines`] also flattens for tests and
//! text-only replies, so what is drawn and what is tested are the same words.
//!
//! Long (about 630 lines before its tests) because it lays out the whole player panel (names,
//! hands, helpers, awards) on one grid.

use crate::engine::{DevCard, GameView, Phase, Resource, Seat, Side};

use super::canvas::{Canvas, Style, sdf};
use super::geometry::Rect;
use super::palette;
use super::pieces;
use super::text::{Fonts, Weight};
use crate::i18n::InWords;

const PAD: f32 = 20.0;
const HEADER_H: f32 = 58.0;
const TABLE_HEAD_H: f32 = 28.0;
const ROW_H: f32 = 42.0;
const ROW_GAP: f32 = 4.0;
const HOLDERS_H: f32 = 40.0;
const HAND_H: f32 = 96.0;
const DIE: f32 = 48.0;

/// The x centre of each numeric column.
const COLUMN_X: [f32; 8] = [400.0, 480.0, 560.0, 650.0, 750.0, 860.0, 960.0, 1060.0];

/// Column titles in the current language. The last three count the pieces a player has left
/// to build, and say so.
fn columns() -> [(String, f32); 8] {
    let titles = [
        crate::t!("panel-col-vp"),
        crate::t!("panel-col-cards"),
        crate::t!("panel-col-dev"),
        crate::t!("panel-col-knights"),
        crate::t!("panel-col-route"),
        crate::t!("panel-col-roads-left"),
        crate::t!("panel-col-settlements-left"),
        crate::t!("panel-col-cities-left"),
    ];
    let mut i = 0;
    titles.map(|t| {
        i += 1;
        (t, COLUMN_X[i - 1])
    })
}

/// Where the panel's parts go.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelLayout {
    pub rect: Rect,
    /// The status line (turn and phase).
    pub status: Rect,
    /// The two dice of the last roll.
    pub dice: [Rect; 2],
    /// One row per seat.
    pub rows: Vec<Rect>,
    /// Longest Route, Largest Army, deck.
    pub holders: Rect,
    /// The viewer's private hand; `None` for public pictures.
    pub hand: Option<Rect>,
}

impl PanelLayout {
    pub fn new(width: f32, top: f32, players: usize, has_hand: bool) -> PanelLayout {
        let mut y = top + PAD;
        let status = Rect::new(PAD, y, width - 2.0 * PAD - 2.0 * DIE - 110.0, HEADER_H);
        let die_y = y + (HEADER_H - DIE) / 2.0;
        let die1_x = width - PAD - 70.0 - DIE;
        let dice = [
            Rect::new(die1_x - DIE - 12.0, die_y, DIE, DIE),
            Rect::new(die1_x, die_y, DIE, DIE),
        ];
        y += HEADER_H + 10.0 + TABLE_HEAD_H;
        let rows = (0..players)
            .map(|i| {
                Rect::new(
                    PAD,
                    y + i as f32 * (ROW_H + ROW_GAP),
                    width - 2.0 * PAD,
                    ROW_H,
                )
            })
            .collect();
        y += players as f32 * (ROW_H + ROW_GAP) + 4.0;
        let holders = Rect::new(PAD, y, width - 2.0 * PAD, HOLDERS_H);
        y += HOLDERS_H + 8.0;
        let hand = has_hand.then(|| Rect::new(PAD, y, width - 2.0 * PAD, HAND_H));
        if has_hand {
            y += HAND_H + 8.0;
        }
        PanelLayout {
            rect: Rect::new(0.0, top, width, y + PAD - top),
            status,
            dice,
            rows,
            holders,
            hand,
        }
    }
}

/// One player's public line.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRow {
    pub seat: Seat,
    pub name: String,
    pub current: bool,
    pub longest_route: bool,
    pub largest_army: bool,
    /// The numbers under [`columns`], in order.
    pub numbers: [u32; 8],
    /// The helper in front of the player and its side up (Helpers of Catan), e.g. `Nassir A`.
    pub helper: Option<String>,
}

/// The words and numbers of the panel.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelContent {
    pub status: String,
    pub roll: Option<(u8, u8)>,
    pub rows: Vec<PlayerRow>,
    pub holders: String,
    /// The viewer's hand: resource counts, then a description of their development cards.
    pub hand: Option<(Vec<(Resource, u8)>, String)>,
}

/// A seat's display name: the given name (control characters removed), else `Seat N`.
pub fn seat_name(names: &[String], seat: Seat) -> String {
    let clean: String = names
        .get(seat as usize)
        .map(|n| n.chars().filter(|c| !c.is_control()).collect::<String>())
        .unwrap_or_default();
    let clean = clean.trim();
    if clean.is_empty() {
        crate::t!("panel-seat", seat = seat as u32 + 1)
    } else {
        clean.to_string()
    }
}

impl PanelContent {
    pub fn new(view: &GameView, names: &[String]) -> PanelContent {
        let name = |s: Seat| seat_name(names, s);
        let current = name(view.current);
        let status = match &view.phase {
            Phase::Setup {
                round,
                road_from: None,
            } => crate::t!(
                "panel-setup-settlement",
                round = *round,
                name = current.as_str()
            ),
            Phase::Setup {
                round,
                road_from: Some(v),
            } => crate::t!(
                "panel-setup-road",
                round = *round,
                name = current.as_str(),
                from = *v as u32 + 1
            ),
            Phase::BeforeRoll => crate::t!(
                "panel-before-roll",
                turn = view.turn,
                name = current.as_str()
            ),
            Phase::Discard { owed } => {
                let who: Vec<String> = owed
                    .iter()
                    .map(|&(s, n)| format!("{} {n}", name(s)))
                    .collect();
                crate::t!("panel-discard", turn = view.turn, who = who.join(", "))
            }
            Phase::MoveRobber => crate::t!(
                "panel-move-robber",
                turn = view.turn,
                name = current.as_str()
            ),
            Phase::Main => crate::t!("panel-main", turn = view.turn, name = current.as_str()),
            Phase::SpecialBuild { builder } => crate::t!(
                "panel-special-build",
                turn = view.turn,
                builder = name(*builder),
                name = current.as_str()
            ),
            Phase::Finished { winner } => crate::t!("panel-won", name = name(*winner)),
        };
        let helper = |s: Seat| {
            let held = view
                .helpers
                .as_ref()?
                .held
                .get(s as usize)
                .copied()
                .flatten()?;
            let side = match held.side {
                Side::A => "A",
                Side::B => "B",
            };
            Some(format!("{} {side}", held.helper))
        };
        let rows = view
            .players
            .iter()
            .map(|p| PlayerRow {
                seat: p.seat,
                name: name(p.seat),
                current: p.seat == view.current && !matches!(view.phase, Phase::Finished { .. }),
                longest_route: view.longest_route == Some(p.seat),
                largest_army: view.largest_army == Some(p.seat),
                numbers: [
                    p.public_vp as u32,
                    p.resource_count,
                    p.dev_card_count as u32,
                    p.knights_played as u32,
                    p.route_length as u32,
                    p.roads_left as u32,
                    p.settlements_left as u32,
                    p.cities_left as u32,
                ],
                helper: helper(p.seat),
            })
            .collect();
        let holder = |h: Option<Seat>, what: &dyn Fn(Seat) -> u32| match h {
            Some(s) => format!("{} ({})", name(s), what(s)),
            None => crate::t!("panel-nobody"),
        };
        let player = |s: Seat| view.players.iter().find(|p| p.seat == s);
        let holders = crate::t!(
            "panel-holders",
            route = holder(view.longest_route, &|s| player(s)
                .map_or(0, |p| p.route_length as u32)),
            army = holder(view.largest_army, &|s| player(s)
                .map_or(0, |p| p.knights_played as u32)),
            deck = view.deck_size
        );
        let hand = view.own.as_ref().map(|own| {
            let counts = Resource::ALL.iter().map(|&r| (r, own.hand[r])).collect();
            let mut cards: Vec<String> = Vec::new();
            for card in DevCard::ALL {
                let n = own.dev_cards.iter().filter(|c| c.card == card).count();
                if n > 0 {
                    cards.push(if n == 1 {
                        card.in_words()
                    } else {
                        format!("{card} ×{n}", card = card.in_words())
                    });
                }
            }
            let cards = if cards.is_empty() {
                crate::t!("panel-no-dev-cards")
            } else {
                cards.join(", ")
            };
            let vp = crate::t!("panel-your-vp", vp = own.total_vp);
            (counts, format!("{cards}  ·  {vp}"))
        });
        PanelContent {
            status,
            roll: view.last_roll,
            rows,
            holders,
            hand,
        }
    }
}

/// The panel as plain text lines: status, roll, one line per player, holders, then the
/// viewer's hand if the view has one. Exactly the words the picture shows.
pub fn panel_lines(view: &GameView, names: &[String]) -> Vec<String> {
    let c = PanelContent::new(view, names);
    let mut lines = vec![c.status.clone()];
    lines.push(match c.roll {
        Some((a, b)) => crate::t!("panel-last-roll", a = a, b = b, sum = a as u32 + b as u32),
        None => crate::t!("panel-no-roll-yet"),
    });
    for row in &c.rows {
        let cells: Vec<String> = columns()
            .iter()
            .zip(row.numbers)
            .map(|((title, _), n)| format!("{title} {n}"))
            .collect();
        let mut tags = String::new();
        if row.current {
            tags.push_str(&format!(" [{}]", crate::t!("panel-tag-turn")));
        }
        if row.longest_route {
            tags.push_str(&format!(" [{}]", crate::t!("panel-tag-longest-route")));
        }
        if row.largest_army {
            tags.push_str(&format!(" [{}]", crate::t!("panel-tag-largest-army")));
        }
        if let Some(helper) = &row.helper {
            let tag = crate::t!("panel-tag-helper", helper = helper.as_str());
            tags.push_str(&format!(" [{tag}]"));
        }
        lines.push(format!(
            "{} ({}){tags}: {}",
            row.name,
            palette::colour_name(row.seat),
            cells.join(" · ")
        ));
    }
    lines.push(c.holders.clone());
    if let Some((counts, cards)) = &c.hand {
        let parts: Vec<String> = counts
            .iter()
            .map(|(r, n)| format!("{n} {r}", r = r.in_words()))
            .collect();
        lines.push(crate::t!("panel-line-hand", cards = parts.join(", ")));
        lines.push(crate::t!("panel-line-cards", cards = cards.as_str()));
    }
    lines
}

/// Draws the panel.
pub fn draw(canvas: &mut Canvas, layout: &PanelLayout, content: &PanelContent, fonts: &Fonts) {
    let r = layout.rect;
    canvas.fill_rect(
        r.x as i32,
        r.y as i32,
        (r.x + r.w).ceil() as i32,
        r.bottom().ceil() as i32,
        palette::PANEL,
    );
    // A thin light rule between board and panel.
    canvas.fill_rect(0, r.y as i32, r.w as i32, r.y as i32 + 3, palette::SAND);

    let s = layout.status;
    let status = fonts.fit(Weight::Bold, 26.0, &content.status, s.w);
    fonts.draw_left(
        canvas,
        Weight::Bold,
        26.0,
        (s.x, s.y + s.h / 2.0),
        palette::PANEL_TEXT,
        &status,
    );
    draw_roll(canvas, layout, content.roll, fonts);

    let head_y = layout.status.bottom() + 10.0 + TABLE_HEAD_H / 2.0;
    fonts.draw_left(
        canvas,
        Weight::Regular,
        16.0,
        (PAD + 52.0, head_y),
        palette::PANEL_DIM,
        &crate::t!("panel-player"),
    );
    for (title, x) in columns() {
        fonts.draw_centered_on_caps(
            canvas,
            Weight::Regular,
            16.0,
            (x, head_y),
            palette::PANEL_DIM,
            &title,
        );
    }
    for (row, rect) in content.rows.iter().zip(&layout.rows) {
        draw_row(canvas, *rect, row, fonts);
    }

    let h = layout.holders;
    let holders = fonts.fit(Weight::Regular, 19.0, &content.holders, h.w - 16.0);
    fonts.draw_left(
        canvas,
        Weight::Regular,
        19.0,
        (h.x + 8.0, h.y + h.h / 2.0),
        palette::PANEL_TEXT,
        &holders,
    );

    if let (Some(rect), Some(hand)) = (layout.hand, &content.hand) {
        draw_hand(canvas, rect, hand, fonts);
    }
}

fn draw_roll(canvas: &mut Canvas, layout: &PanelLayout, roll: Option<(u8, u8)>, fonts: &Fonts) {
    let [d0, d1] = layout.dice;
    // Right-aligned before the dice, whatever the language's words.
    let label = crate::t!("panel-last-roll-label");
    let label_w = fonts.width(Weight::Regular, 15.0, &label);
    fonts.draw_left(
        canvas,
        Weight::Regular,
        15.0,
        ((d0.x - 82.0).min(d0.x - 16.0 - label_w), d0.y + d0.h / 2.0),
        palette::PANEL_DIM,
        &label,
    );
    match roll {
        Some((a, b)) => {
            draw_die(canvas, d0, a);
            draw_die(canvas, d1, b);
            let sum = a as u32 + b as u32;
            let color = if sum == 7 {
                palette::TOKEN_HOT
            } else {
                palette::PANEL_ACCENT
            };
            fonts.draw_left(
                canvas,
                Weight::Bold,
                32.0,
                (d1.x + d1.w + 14.0, d1.y + d1.h / 2.0),
                color,
                &sum.to_string(),
            );
        }
        None => {
            for d in [d0, d1] {
                canvas.fill_round_rect(
                    d.tuple(),
                    9.0,
                    Style::outlined(palette::PANEL, palette::PANEL_DIM, 2.0),
                );
            }
        }
    }
}

/// A die face with the usual pip pattern.
fn draw_die(canvas: &mut Canvas, d: Rect, value: u8) {
    canvas.fill_round_rect(
        d.tuple(),
        9.0,
        Style::outlined(palette::DIE, palette::PIECE_OUTLINE, 2.0),
    );
    let (cx, cy) = d.center();
    let o = d.w * 0.26;
    let pips: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        6 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[],
    };
    let r = d.w * 0.09;
    for &(px, py) in pips {
        let c = (cx + px * o, cy + py * o);
        canvas.fill_sdf(
            (c.0 - r - 1.0, c.1 - r - 1.0, c.0 + r + 1.0, c.1 + r + 1.0),
            |x, y| sdf::circle(x, y, c, r),
            Style::solid(palette::DIE_PIP),
        );
    }
}

fn draw_row(canvas: &mut Canvas, rect: Rect, row: &PlayerRow, fonts: &Fonts) {
    let bg = if row.current {
        palette::PANEL_CURRENT
    } else {
        palette::PANEL_ROW
    };
    canvas.fill_round_rect(rect.tuple(), 8.0, Style::solid(bg));
    let cy = rect.y + rect.h / 2.0;
    if row.current {
        let bar = Rect::new(rect.x, rect.y, 6.0, rect.h);
        canvas.fill_round_rect(bar.tuple(), 3.0, Style::solid(palette::PANEL_ACCENT));
    }
    let color = palette::PLAYER[row.seat as usize % 6];
    pieces::draw_settlement_shape(canvas, (rect.x + 28.0, cy), 26.0, color);

    let weight = if row.current {
        Weight::Bold
    } else {
        Weight::Regular
    };
    let mut tags: Vec<String> = Vec::new();
    if row.longest_route {
        tags.push(crate::t!("panel-badge-route"));
    }
    if row.largest_army {
        tags.push(crate::t!("panel-badge-army"));
    }
    let tag_w: f32 = tags
        .iter()
        .map(|t| fonts.width(Weight::Bold, 13.0, t) + 18.0)
        .sum();
    let name_x = rect.x + 52.0;
    // The helper sits at the right end of the name cell, so names keep their place.
    let helper_w = row.helper.as_ref().map_or(0.0, |h| {
        fonts.width(Weight::Bold, HELPER_SIZE, h) + 2.0 * HELPER_PAD
    });
    let helper_x = COLUMN_X[0] - 34.0 - helper_w;
    let name_end = if row.helper.is_some() {
        helper_x - 8.0
    } else {
        COLUMN_X[0] - 30.0
    };
    let max_name = name_end - name_x - tag_w;
    if let Some(helper) = &row.helper {
        draw_helper(
            canvas,
            Rect::new(helper_x, cy - 13.0, helper_w, 26.0),
            helper,
            fonts,
        );
    }
    let name = fonts.fit(weight, 21.0, &row.name, max_name);
    fonts.draw_left(
        canvas,
        weight,
        21.0,
        (name_x, cy),
        palette::PANEL_TEXT,
        &name,
    );
    let mut tx = name_x + fonts.width(weight, 21.0, &name) + 10.0;
    for t in &tags {
        let w = fonts.width(Weight::Bold, 13.0, t) + 12.0;
        let pill = Rect::new(tx, cy - 11.0, w, 22.0);
        canvas.fill_round_rect(pill.tuple(), 11.0, Style::solid(palette::PANEL_ACCENT));
        fonts.draw_centered(canvas, Weight::Bold, 13.0, pill.center(), palette::PANEL, t);
        tx += w + 6.0;
    }
    for (i, (x, n)) in COLUMN_X.iter().zip(row.numbers).enumerate() {
        let (w, c) = if i == 0 {
            (Weight::Bold, palette::PANEL_ACCENT)
        } else {
            (Weight::Regular, palette::PANEL_TEXT)
        };
        fonts.draw_centered(canvas, w, 21.0, (*x, cy), c, &n.to_string());
    }
}

/// Text size and side padding of a helper's label: as large as the tags' room allows, so it
/// reads on a phone (the picture is shown about a third of its width there).
const HELPER_SIZE: f32 = 17.0;
const HELPER_PAD: f32 = 8.0;

/// A helper as an outlined label: its name, and its side up in the accent colour.
fn draw_helper(canvas: &mut Canvas, rect: Rect, helper: &str, fonts: &Fonts) {
    canvas.fill_round_rect(
        rect.tuple(),
        7.0,
        Style::outlined(palette::PANEL, palette::PANEL_DIM, 1.5),
    );
    let (name, side) = helper.rsplit_once(' ').unwrap_or((helper, ""));
    let cy = rect.y + rect.h / 2.0;
    let name_w = fonts.width(Weight::Bold, HELPER_SIZE, &format!("{name} "));
    fonts.draw_left(
        canvas,
        Weight::Bold,
        HELPER_SIZE,
        (rect.x + HELPER_PAD, cy),
        palette::PANEL_TEXT,
        name,
    );
    fonts.draw_left(
        canvas,
        Weight::Bold,
        HELPER_SIZE,
        (rect.x + HELPER_PAD + name_w, cy),
        palette::PANEL_ACCENT,
        side,
    );
}

fn draw_hand(canvas: &mut Canvas, rect: Rect, hand: &(Vec<(Resource, u8)>, String), fonts: &Fonts) {
    canvas.fill_round_rect(
        rect.tuple(),
        10.0,
        Style::outlined(palette::HAND_BG, palette::PANEL_ACCENT, 2.0),
    );
    fonts.draw_left(
        canvas,
        Weight::Bold,
        18.0,
        (rect.x + 14.0, rect.y + 22.0),
        palette::PANEL_ACCENT,
        &crate::t!("panel-your-hand"),
    );
    let (counts, cards) = hand;
    let mut x = rect.x + 14.0;
    let chip_y = rect.y + 40.0;
    for &(r, n) in counts {
        let label = format!("{n} {r}", r = r.in_words());
        let w = fonts.width(Weight::Bold, 18.0, &label) + 20.0;
        let chip = Rect::new(x, chip_y, w, 30.0);
        let fill = palette::resource(r);
        canvas.fill_round_rect(
            chip.tuple(),
            7.0,
            Style::outlined(fill, palette::PIECE_OUTLINE, 1.5),
        );
        fonts.draw_centered(
            canvas,
            Weight::Bold,
            18.0,
            chip.center(),
            palette::text_on(fill),
            &label,
        );
        x += w + 10.0;
    }
    let cards = fonts.fit(Weight::Regular, 18.0, cards, rect.x + rect.w - x - 14.0);
    fonts.draw_left(
        canvas,
        Weight::Regular,
        18.0,
        (x + 6.0, chip_y + 15.0),
        palette::PANEL_TEXT,
        &cards,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testkit::TestGame;
    use crate::engine::{Helper, Side};

    fn names() -> Vec<String> {
        ["Ann", "Bo", "Cy", "Di"].map(String::from).to_vec()
    }

    #[test]
    fn each_row_names_its_helper_and_side_only_with_helpers() {
        let mut t = TestGame::main_phase_with_helpers(4);
        t.helper(0, Helper::Jean);
        let helpers = crate::engine::testkit::helpers_mut(&mut t.g);
        if let Some(h) = helpers.and_then(|s| s.held[0].as_mut()) {
            h.side = Side::B;
        }
        let content = PanelContent::new(&t.g.view(None), &names());
        assert_eq!(content.rows[0].helper.as_deref(), Some("Jean B"));
        // The numbered helpers as dealt: the last seat got A1, Nassir.
        assert_eq!(content.rows[3].helper.as_deref(), Some("Nassir A"));
        assert!(content.rows.iter().all(|r| r.helper.is_some()));
        let lines = panel_lines(&t.g.view(None), &names());
        assert!(lines[2].contains("[helper Jean B]"), "{}", lines[2]);

        let plain = TestGame::main_phase(4);
        let content = PanelContent::new(&plain.g.view(None), &names());
        assert!(content.rows.iter().all(|r| r.helper.is_none()));
        let lines = panel_lines(&plain.g.view(None), &names());
        assert!(lines.iter().all(|l| !l.contains("helper")), "{lines:?}");
    }

    #[test]
    fn the_helper_is_drawn_in_the_name_cell_and_nothing_else_changes() {
        let t = TestGame::main_phase_with_helpers(4);
        let with = t.g.view(None);
        let mut without = with.clone();
        without.helpers = None;
        let a = super::super::render_image(&with, &names()).expect("render");
        let b = super::super::render_image(&without, &names()).expect("render");
        let geo = super::super::BoardGeometry::new(&with).expect("geometry");
        let rows = &geo.panel.rows;
        let differs = |x0: u32, x1: u32, y0: u32, y1: u32| {
            (y0..y1).any(|y| (x0..x1).any(|x| a.get_pixel(x, y) != b.get_pixel(x, y)))
        };
        for row in rows {
            let (y0, y1) = (row.y as u32, row.bottom() as u32);
            // Between the name and the VP column: the helper's label.
            assert!(differs(200, 370, y0, y1), "no helper drawn in row at {y0}");
            // The numbers are untouched.
            assert!(
                !differs(380, a.width(), y0, y1),
                "numbers moved in row at {y0}"
            );
        }
        // Above the first row (board, status) and below the last (holders) nothing changes.
        let top = rows[0].y as u32;
        let bottom = rows[rows.len() - 1].bottom().ceil() as u32;
        assert!(!differs(0, a.width(), 0, top));
        assert!(!differs(0, a.width(), bottom, a.height()));
    }
}
