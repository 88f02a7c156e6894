//! The board as a PNG: a pure function of what a viewer may see ([`GameView`]).
//!
//! Layers are drawn bottom-up: sea and shore, ports, terrain, tokens and hex codes (the
//! island, which never changes in a game: drawn once per layout and cached, see `cache`),
//! then each turn the glow of the last change, roads, intersection numbers, buildings, the
//! robber and the panel. Positions come from [`BoardGeometry`], which tests query to check
//! pixels where things are.
//!
//! The PNG is indexed colour: a palette of 256 chosen per layout (`quantize`), edges
//! anti-aliased in quarter steps (`canvas::step`). A mid-game board is 100–130 KB and takes
//! about 8–10 ms to draw and encode on one core (it was 430–580 KB and ~25 ms in RGB).

mod cache;
mod canvas;
mod cli;
mod geometry;
mod labels;
mod leaderboard;
mod palette;
mod panel;
mod pieces;
mod quantize;
mod sample;
mod summary;
mod terrain;
mod text;
mod timeline;

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

use std::sync::Arc;

use crate::engine::{GameView, Layout, Topology};

pub use canvas::Color;
pub use cli::{RenderArgs, run_cli};
pub use geometry::{BoardGeometry, IMAGE_WIDTH, Point, PortPlacement, Rect};
pub use labels::{is_hot, pips, token_number_point};
pub use leaderboard::{
    BoardRow, LEADERBOARD_WIDTH, leaderboard_height, leaderboard_image, render_leaderboard,
};
pub use palette::{
    GLOW, PANEL, PILL, PLAYER, PLAYER_NAMES, ROBBER, SAND, TOKEN, TOKEN_HOT, colour_name,
    resource as resource_color,
};
pub use panel::{PanelContent, PanelLayout, panel_lines, seat_name};
pub use pieces::building_label_point;
pub use sample::sample_view;
pub use summary::{
    CHART_HEIGHT, CHART_WIDTH, DiceChartLayout, dice_chart_image, expected_rolls, render_dice_chart,
};
pub use timeline::{ChartTurn, TIMELINE_WIDTH, TimelineLayout, render_timeline, timeline_image};

/// Why a board could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the bundled font could not be read")]
    Font,
    #[error("the game view is inconsistent: {0}")]
    InvalidView(String),
    #[error("PNG encoding failed: {0}")]
    Encode(String),
}

/// Draws the board as seen by `view`'s viewer and encodes it as PNG. `names` are the players'
/// display names by seat (missing ones show as `Seat N`). The viewer's own hand appears only
/// when `view.own` is `Some`; public pictures use a view for no viewer.
pub fn render_board(view: &GameView, names: &[String]) -> Result<Vec<u8>, RenderError> {
    render_picture(view, names)?.encode()
}

/// Draws the board into an RGB image (no encoding): exactly what the PNG shows.
pub fn render_image(view: &GameView, names: &[String]) -> Result<image::RgbImage, RenderError> {
    render_picture(view, names)?.to_rgb()
}

/// Draws the board as palette indices, starting from the layout's cached island.
pub fn render_picture(view: &GameView, names: &[String]) -> Result<Picture, RenderError> {
    draw_picture(view, names, cache::island)
}

/// The picture without the cache (tests compare the two).
#[cfg(test)]
fn render_picture_uncached(view: &GameView, names: &[String]) -> Result<Picture, RenderError> {
    draw_picture(view, names, |layout, geo, fonts| {
        Arc::new(cache::draw_island(layout, geo, fonts))
    })
}

type IslandSource = fn(&Layout, &BoardGeometry, &text::Fonts) -> Arc<cache::Island>;

fn draw_picture(
    view: &GameView,
    names: &[String],
    island_of: IslandSource,
) -> Result<Picture, RenderError> {
    validate(view)?;
    let fonts = text::fonts()?;
    let geo = BoardGeometry::new(view)?;
    let island = island_of(&view.layout, &geo, fonts);
    // The panel's area starts as panel background; the panel paints all of it anyway.
    let mut indices = Vec::with_capacity(geo.width as usize * geo.height as usize);
    indices.extend_from_slice(&island.indices);
    indices.resize(
        geo.width as usize * geo.height as usize,
        island.palette.index(palette::PANEL),
    );
    let mut c =
        canvas::Canvas::indexed(geo.width, geo.height, indices, Arc::clone(&island.palette));
    pieces::draw_highlights(&mut c, &geo, view);
    pieces::draw_roads(&mut c, &geo, view);
    labels::draw_vertex_pills(&mut c, &geo, view, fonts);
    pieces::draw_buildings(&mut c, &geo, view, fonts);
    pieces::draw_robber(&mut c, &geo, view);
    let content = PanelContent::new(view, names);
    panel::draw(&mut c, &geo.panel, &content, fonts);
    Ok(Picture {
        width: geo.width,
        height: geo.height,
        indices: c
            .into_indices()
            .ok_or_else(|| RenderError::Encode("the canvas lost its palette".to_string()))?,
        palette: Arc::clone(&island.palette),
    })
}

/// A drawn board: one palette index per pixel, and the layout's palette.
pub struct Picture {
    width: u32,
    height: u32,
    indices: Vec<u8>,
    palette: Arc<quantize::Palette>,
}

impl Picture {
    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// Indexed-colour PNG with [`PNG_COMPRESSION`] and [`PNG_FILTER`].
    pub fn encode(&self) -> Result<Vec<u8>, RenderError> {
        self.encode_with(PNG_COMPRESSION, PNG_FILTER)
    }

    /// Indexed-colour PNG with other settings (for measuring them).
    pub fn encode_with(
        &self,
        compression: png::DeflateCompression,
        filter: png::Filter,
    ) -> Result<Vec<u8>, RenderError> {
        let mut out = Vec::with_capacity(160 * 1024);
        let mut e = png::Encoder::new(&mut out, self.width, self.height);
        e.set_color(png::ColorType::Indexed);
        e.set_depth(png::BitDepth::Eight);
        e.set_palette(self.palette.plte());
        e.set_deflate_compression(compression);
        e.set_filter(filter);
        let err = |e: png::EncodingError| RenderError::Encode(e.to_string());
        let mut w = e.write_header().map_err(err)?;
        w.write_image_data(&self.indices).map_err(err)?;
        w.finish().map_err(err)?;
        Ok(out)
    }

    /// The colours the PNG decodes to.
    pub fn to_rgb(&self) -> Result<image::RgbImage, RenderError> {
        let mut rgb = Vec::new();
        self.palette.expand(&self.indices, &mut rgb);
        image::RgbImage::from_raw(self.width, self.height, rgb)
            .ok_or_else(|| RenderError::Encode("picture size".to_string()))
    }
}

/// Deflate level for the board, measured with `benches/render.rs` (zlib-rs backend, 4-player
/// board): level 1 gives 135 KB in 2.6 ms, level 2 gives 100 KB in ~4 ms; level 3 and up save
/// little more for much more time. The fdeflate fast path suits filtered photos, not palette
/// indices (over 170 KB).
pub const PNG_COMPRESSION: png::DeflateCompression = png::DeflateCompression::Level(2);
/// No row filter: on palette indices, Sub, Paeth and adaptive filtering all made the file
/// 8–15% larger (indices are not intensities, so differences between them mean nothing).
pub const PNG_FILTER: png::Filter = png::Filter::NoFilter;

/// RGB PNG with fast compression and the Paeth filter, for pictures without a palette (the
/// dice chart).
pub fn encode_png(img: &image::RgbImage) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(256 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Paeth)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(out)
}

/// Refuses views whose vectors don't match their board, so drawing never indexes out of range.
fn validate(view: &GameView) -> Result<(), RenderError> {
    let topo = Topology::get(view.layout.size);
    let bad = |msg: String| Err(RenderError::InvalidView(msg));
    let (hexes, vertices, edges) = (topo.hex_count(), topo.vertex_count(), topo.edge_count());
    let players = view.players.len();
    if players == 0 || players > PLAYER.len() {
        return bad(format!("{players} players; between 1 and 6 can be drawn"));
    }
    if view.layout.terrain.len() != hexes || view.layout.tokens.len() != hexes {
        return bad(format!(
            "{} terrains and {} tokens for a board of {hexes} hexes",
            view.layout.terrain.len(),
            view.layout.tokens.len()
        ));
    }
    if view.buildings.len() != vertices || view.roads.len() != edges {
        return bad(format!(
            "{} building places and {} road places for a board of {vertices} intersections \
             and {edges} edges",
            view.buildings.len(),
            view.roads.len()
        ));
    }
    if view.robber as usize >= hexes {
        return bad(format!("robber on hex {} of {hexes}", view.robber));
    }
    let seat_ok = |s: u8| (s as usize) < players;
    if let Some(b) = view.buildings.iter().flatten().find(|b| !seat_ok(b.owner)) {
        return bad(format!(
            "a building belongs to seat {} of {players}",
            b.owner
        ));
    }
    if let Some(s) = view.roads.iter().flatten().find(|&&s| !seat_ok(s)) {
        return bad(format!("a road belongs to seat {s} of {players}"));
    }
    if !seat_ok(view.current) {
        return bad(format!("current seat {} of {players}", view.current));
    }
    let lp = &view.last_placed;
    if lp.vertices.iter().any(|&v| v as usize >= vertices)
        || lp.edges.iter().any(|&e| e as usize >= edges)
        || lp.robber.is_some_and(|h| h as usize >= hexes)
    {
        return bad("the last change names a place off the board".to_string());
    }
    if let Some(p) = view.layout.ports.iter().find(|p| p.edge as usize >= edges) {
        return bad(format!("a port on edge {} of {edges}", p.edge));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Settings};

    #[test]
    fn empty_board_renders_to_a_png() {
        let view = Game::new(Settings::for_players(4), 1).view(None);
        let png = render_board(&view, &[]).expect("render");
        assert_eq!(&png[1..4], b"PNG");
        let img = image::load_from_memory(&png).expect("decodes").to_rgb8();
        let geo = BoardGeometry::new(&view).expect("geometry");
        assert_eq!((img.width(), img.height()), (geo.width, geo.height));
    }

    fn names() -> Vec<String> {
        ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn the_cache_gives_the_same_bytes_as_drawing_from_scratch() {
        use crate::engine::LayoutKind;
        // A and B interleaved, so each hit follows a picture of the other layout.
        let a = sample_view(4, LayoutKind::Variable, 31, None);
        let b = sample_view(4, LayoutKind::Variable, 32, Some(1));
        let c = sample_view(6, LayoutKind::Beginner, 33, None);
        assert_ne!(a.layout, b.layout);
        for _ in 0..2 {
            for view in [&a, &b, &c] {
                let cached = render_board(view, &names()).expect("render");
                let fresh = render_picture_uncached(view, &names())
                    .and_then(|p| p.encode())
                    .expect("render");
                assert!(cached == fresh, "cached and fresh pictures differ");
            }
        }
        // Same layout, other pieces: the island is shared, the pieces are not.
        let mut later = a.clone();
        later.robber = (a.robber + 1) % a.layout.terrain.len() as u8;
        later.roads.iter_mut().for_each(|r| *r = None);
        let cached = render_board(&later, &names()).expect("render");
        let fresh = render_picture_uncached(&later, &names())
            .and_then(|p| p.encode())
            .expect("render");
        assert!(cached == fresh);
        assert!(cached != render_board(&a, &names()).expect("render"));
        assert!(cache::cached() <= cache::CAPACITY);
    }

    #[test]
    fn the_cache_stays_bounded() {
        for seed in 100..100 + 2 * cache::CAPACITY as u64 {
            let view = Game::new(Settings::for_players(4), seed).view(None);
            render_board(&view, &[]).expect("render");
            assert!(cache::cached() <= cache::CAPACITY);
        }
    }

    #[test]
    fn mid_game_boards_are_small() {
        use crate::engine::LayoutKind;
        for (players, layout) in [
            (4, LayoutKind::Variable),
            (6, LayoutKind::Variable),
            (4, LayoutKind::Beginner),
        ] {
            let view = sample_view(players, layout, 7, None);
            let png = render_board(&view, &names()).expect("render");
            // Deterministic sizes (~100–130 KB when written); the budget is 150 KB.
            assert!(png.len() < 150 * 1024, "{players}p: {} bytes", png.len());
        }
    }

    #[test]
    fn inconsistent_views_are_refused_not_panicking() {
        let good = Game::new(Settings::for_players(4), 1).view(None);
        let mut v = good.clone();
        v.robber = 200;
        assert!(matches!(
            render_board(&v, &[]),
            Err(RenderError::InvalidView(_))
        ));
        let mut v = good.clone();
        v.buildings.pop();
        assert!(matches!(
            render_board(&v, &[]),
            Err(RenderError::InvalidView(_))
        ));
        let mut v = good.clone();
        v.roads[3] = Some(9);
        let err = render_board(&v, &[]).expect_err("seat 9 does not exist");
        assert!(err.to_string().contains("seat 9"), "{err}");
        let mut v = good.clone();
        v.last_placed.edges.push(250);
        assert!(render_board(&v, &[]).is_err());
        let mut v = good;
        v.layout.ports[0].edge = 250;
        assert!(render_board(&v, &[]).is_err());
    }
}
