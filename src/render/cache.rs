//! The island — sea, shore, ports, terrain, tokens and hex codes — never changes during a
//! game, and is most of the drawing time. It is drawn once per layout, quantized to the
//! layout's palette, and kept in a small LRU cache; each turn starts from a copy of it.
//!
//! Entries are keyed by everything the island depends on: the layout (size, terrain, tokens,
//! ports), the picture's width and the bundled fonts. Drawing without the cache goes through
//! the same [`draw_island`], so a cached picture is byte for byte the uncached one.

use std::sync::{Arc, Mutex, OnceLock};

use crate::engine::Layout;

use super::canvas::Canvas;
use super::geometry::BoardGeometry;
use super::quantize::{Palette, histogram};
use super::text::Fonts;
use super::{labels, palette, terrain};

/// Islands kept: a host runs several games at once, and an island is width × board height
/// bytes (1.3–1.5 MB) plus a 32 KB lookup table, so four cost about 6 MB.
pub const CAPACITY: usize = 4;

/// The cached part of a picture: the board area as palette indices, and that palette.
#[derive(Debug)]
pub struct Island {
    pub indices: Vec<u8>,
    pub palette: Arc<Palette>,
}

/// What an island depends on.
#[derive(Clone, Debug, PartialEq)]
struct Key {
    layout: Layout,
    width: u32,
    board_height: u32,
    fonts: u32,
    /// The port labels are words.
    lang: crate::i18n::Lang,
}

static CACHE: Mutex<Vec<(Key, Arc<Island>)>> = Mutex::new(Vec::new());

/// The island for `layout`, from the cache or drawn (and cached).
pub fn island(layout: &Layout, geo: &BoardGeometry, fonts: &Fonts) -> Arc<Island> {
    let key = Key {
        layout: layout.clone(),
        width: geo.width,
        board_height: geo.board_height,
        fonts: fonts_id(),
        lang: crate::i18n::current(),
    };
    // A poisoned lock only means another render panicked mid-update of a plain Vec.
    let lock = || CACHE.lock().unwrap_or_else(|e| e.into_inner());
    {
        let mut cache = lock();
        if let Some(pos) = cache.iter().position(|(k, _)| *k == key) {
            let entry = cache.remove(pos);
            let found = Arc::clone(&entry.1);
            cache.insert(0, entry);
            return found;
        }
    }
    // Drawn outside the lock: other games keep rendering meanwhile.
    let fresh = Arc::new(draw_island(layout, geo, fonts));
    let mut cache = lock();
    if !cache.iter().any(|(k, _)| *k == key) {
        cache.insert(0, (key, Arc::clone(&fresh)));
        cache.truncate(CAPACITY);
    }
    fresh
}

/// Draws the island from scratch and picks the layout's palette.
pub fn draw_island(layout: &Layout, geo: &BoardGeometry, fonts: &Fonts) -> Island {
    let mut c = Canvas::new(geo.width, geo.board_height);
    terrain::draw_sea(&mut c, geo);
    terrain::draw_shore(&mut c, geo, layout);
    labels::draw_ports(&mut c, geo, layout, fonts);
    terrain::draw_hexes(&mut c, geo, layout);
    labels::draw_tokens(&mut c, geo, layout, fonts);
    labels::draw_hex_codes(&mut c, geo, layout, fonts);
    let img = c.into_rgb();
    let palette = Palette::new(&palette::per_turn_colors(), &histogram(img.as_raw()));
    Island {
        indices: palette.quantize(img.as_raw()),
        palette: Arc::new(palette),
    }
}

/// A fingerprint of the bundled fonts (they are compiled in, but the key says what it uses).
fn fonts_id() -> u32 {
    static ID: OnceLock<u32> = OnceLock::new();
    *ID.get_or_init(super::text::fingerprint)
}

/// How many islands are cached (for tests).
#[cfg(test)]
pub fn cached() -> usize {
    CACHE.lock().unwrap_or_else(|e| e.into_inner()).len()
}
