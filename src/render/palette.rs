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

/// Names of the player colours, for the panel and messages.
pub const PLAYER_NAMES: [&str; 6] = ["red", "blue", "white", "orange", "green", "brown"];

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

/// Text colour readable on top of `bg` (dark on light, white on dark).
pub fn text_on(bg: Color) -> Color {
    let luma = 0.299 * bg[0] as f32 + 0.587 * bg[1] as f32 + 0.114 * bg[2] as f32;
    if luma > 150.0 {
        [24, 22, 20]
    } else {
        [255, 255, 255]
    }
}
