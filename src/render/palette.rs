//! Every colour of the picture in one place, so the look can be tuned without hunting.

use super::canvas::Color;
use crate::engine::{Resource, Terrain};

/// Player colours by seat: red, blue, white, orange, green, brown (the game's six).
pub const PLAYER: [Color; 6] = [
    [214, 48, 49],
    [36, 99, 214],
    [246, 244, 236],
    [245, 140, 30],
    [46, 160, 67],
    [124, 78, 42],
];

/// The player colours' catalog names (`colour-red` …), in seat order like [`PLAYER`].
pub const PLAYER_NAMES: [&str; 6] = ["red", "blue", "white", "orange", "green", "brown"];

/// The colour of `seat`'s pieces in words, in the current language.
pub fn colour_name(seat: u8) -> String {
    let name = PLAYER_NAMES[seat as usize % PLAYER_NAMES.len()];
    crate::i18n::text(&format!("colour-{name}"), None)
}

/// Dark outline around pieces so light colours read on light terrain.
pub const PIECE_OUTLINE: Color = [28, 24, 22];

pub const SEA_TOP: Color = [52, 120, 178];
pub const SEA_BOTTOM: Color = [34, 92, 150];
pub const SEA_WAVE: Color = [96, 158, 206];
pub const SHALLOW: Color = [92, 165, 200];
pub const SAND: Color = [232, 212, 160];

pub const TOKEN: Color = [248, 240, 218];
pub const TOKEN_RIM: Color = [120, 96, 60];
pub const TOKEN_TEXT: Color = [40, 34, 30];
/// 6 and 8: the most likely numbers are red, as on the real tokens.
pub const TOKEN_HOT: Color = [200, 30, 30];

pub const PILL: Color = [255, 253, 244];
pub const PILL_BORDER: Color = [70, 60, 50];
pub const PILL_TEXT: Color = [30, 28, 26];
pub const HEX_CODE_BG: Color = [20, 20, 24];
pub const HEX_CODE_TEXT: Color = [250, 250, 250];

pub const ROBBER: Color = [38, 36, 44];
pub const ROBBER_RIM: Color = [235, 232, 225];
pub const GLOW: Color = [255, 226, 60];

pub const PIER: Color = [134, 94, 56];
pub const PORT_GENERIC: Color = [250, 246, 234];

pub const PANEL: Color = [30, 35, 46];
pub const PANEL_ROW: Color = [40, 46, 60];
pub const PANEL_CURRENT: Color = [62, 72, 96];
pub const PANEL_TEXT: Color = [236, 239, 244];
pub const PANEL_DIM: Color = [150, 160, 178];
pub const PANEL_ACCENT: Color = [255, 214, 90];
pub const DIE: Color = [250, 248, 242];
pub const DIE_PIP: Color = [30, 30, 34];
pub const HAND_BG: Color = [52, 44, 30];

/// Base colour of a terrain.
pub fn terrain(t: Terrain) -> Color {
    match t {
        Terrain::Hills => [196, 104, 64],
        Terrain::Forest => [58, 122, 66],
        Terrain::Pasture => [146, 200, 96],
        Terrain::Fields => [236, 196, 80],
        Terrain::Mountains => [142, 146, 156],
        Terrain::Desert => [226, 204, 150],
    }
}

/// Colour standing for a resource (its terrain's colour, a bit stronger).
pub fn resource(r: Resource) -> Color {
    match r {
        Resource::Brick => [190, 88, 50],
        Resource::Lumber => [44, 110, 56],
        Resource::Wool => [150, 206, 96],
        Resource::Grain => [236, 190, 60],
        Resource::Ore => [120, 126, 140],
    }
}

/// True for colours too pale to stand out on light terrain without a heavy outline (white).
pub fn is_light(c: Color) -> bool {
    luma(c) > 200.0
}

fn luma(c: Color) -> f32 {
    0.299 * c[0] as f32 + 0.587 * c[1] as f32 + 0.114 * c[2] as f32
}

/// Text colour readable on top of `bg` (dark on light, white on dark).
pub fn text_on(bg: Color) -> Color {
    if luma(bg) > 150.0 {
        [24, 22, 20]
    } else {
        [255, 255, 255]
    }
}

/// The colours of the layers drawn every turn (pieces, labels, glow, robber, panel) and the
/// anti-aliasing steps between the pairs that meet there. They lead the palette, so what
/// changes from turn to turn is always drawn in exact colours; see `quantize`.
pub fn per_turn_colors() -> Vec<Color> {
    use super::quantize::ramp;
    let mut flat = vec![
        PIECE_OUTLINE,
        PILL,
        PILL_BORDER,
        PILL_TEXT,
        ROBBER,
        ROBBER_RIM,
        GLOW,
        PANEL,
        PANEL_ROW,
        PANEL_CURRENT,
        PANEL_TEXT,
        PANEL_DIM,
        PANEL_ACCENT,
        DIE,
        DIE_PIP,
        HAND_BG,
        SAND,
        TOKEN_HOT,
        text_on([255, 255, 255]),
        [255, 255, 255],
    ];
    flat.extend(PLAYER);
    flat.extend(Resource::ALL.map(resource));
    let mut pairs: Vec<(Color, Color)> = vec![
        (PILL_TEXT, PILL),
        (PILL_BORDER, PILL),
        (ROBBER_RIM, ROBBER),
        (PANEL_TEXT, PANEL),
        (PANEL_TEXT, PANEL_ROW),
        (PANEL_TEXT, PANEL_CURRENT),
        (PANEL_DIM, PANEL),
        (PANEL_ACCENT, PANEL),
        (PANEL_ACCENT, PANEL_ROW),
        (PANEL_ACCENT, PANEL_CURRENT),
        (PANEL, PANEL_ACCENT),
        (DIE_PIP, DIE),
        (PIECE_OUTLINE, PANEL_ROW),
        (PANEL_TEXT, HAND_BG),
    ];
    for p in PLAYER {
        pairs.push((PIECE_OUTLINE, p));
        pairs.push((text_on(p), p));
    }
    for t in [
        Terrain::Hills,
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Mountains,
        Terrain::Desert,
    ] {
        // Road and building edges, the glow of the last change, the robber's shadow.
        let bg = terrain(t);
        flat.push(super::canvas::mix(bg, PIECE_OUTLINE, 0.5));
        flat.push(super::canvas::mix(bg, GLOW, 0.45));
        flat.push(super::canvas::mix(bg, GLOW, 0.85));
        flat.push(super::canvas::mix(bg, GLOW, 0.95));
        flat.push(super::canvas::mix(bg, [0, 0, 0], 0.35));
    }
    for (fg, bg) in pairs {
        flat.extend(ramp(fg, bg));
    }
    flat
}
