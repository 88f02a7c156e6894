//! The bundled fonts and text placement (measured ink bounds, so numbers centre exactly).
//!
//! Outlining and rasterising glyphs was most of a turn's drawing time, and the same strings
//! (intersection numbers, column titles, names) come back every turn: each string's layout
//! and coverage are kept ([`Shaped`]). Glyphs are placed exactly as
//! `imageproc::drawing::draw_text_mut` places them; their coverage is rounded to quarters like
//! every other edge (see `canvas::step`).

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use imageproc::pixelops::weighted_sum;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::RenderError;
use super::canvas::{Canvas, Color, step};

static REGULAR_BYTES: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static BOLD_BYTES: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// The two faces of DejaVu Sans the picture uses.
pub struct Fonts {
    pub regular: FontRef<'static>,
    pub bold: FontRef<'static>,
}

/// Parsed once per process; the bytes are bundled, so failure means a broken build.
pub fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            Some(Fonts {
                regular: FontRef::try_from_slice(REGULAR_BYTES).ok()?,
                bold: FontRef::try_from_slice(BOLD_BYTES).ok()?,
            })
        })
        .as_ref()
        .ok_or(RenderError::Font)
}

/// A checksum of the bundled font files, for cache keys.
pub fn fingerprint() -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(REGULAR_BYTES);
    h.update(BOLD_BYTES);
    h.finalize()
}

/// Shaped strings kept at most (a few games' worth of labels, names and status lines).
const SHAPED_KEPT: usize = 4096;

/// Shaped strings by face, size (its bits) and text.
type ShapedCache = HashMap<(Weight, u32, String), Arc<Shaped>>;

/// A string laid out at one size: its advance width, ink top and bottom (relative to the y
/// given to `draw_text_mut`) and each glyph pixel's `(dx, dy, coverage)` in drawing order.
#[derive(Debug)]
struct Shaped {
    width: f32,
    top: f32,
    bottom: f32,
    coverage: Vec<(i32, i32, f32)>,
}

/// Which face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

impl Fonts {
    pub fn face(&self, weight: Weight) -> &FontRef<'static> {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => &self.bold,
        }
    }

    /// Advance width of `text`, laid out the way `draw_text_mut` lays it out.
    pub fn width(&self, weight: Weight, size: f32, text: &str) -> f32 {
        self.shaped(weight, size, text).width
    }

    /// `(advance width, ink top, ink bottom)` relative to the y passed to `draw_text_mut`.
    fn layout(&self, weight: Weight, size: f32, text: &str) -> (f32, f32, f32) {
        let s = self.shaped(weight, size, text);
        (s.width, s.top, s.bottom)
    }

    /// The kept layout and coverage of `text`, shaped now if it is not kept yet.
    fn shaped(&self, weight: Weight, size: f32, text: &str) -> Arc<Shaped> {
        static KEPT: OnceLock<Mutex<ShapedCache>> = OnceLock::new();
        let kept = KEPT.get_or_init(Mutex::default);
        let key = (weight, size.to_bits(), text.to_string());
        let lock = || kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = lock().get(&key) {
            return Arc::clone(s);
        }
        let shaped = Arc::new(self.shape(weight, size, text));
        let mut map = lock();
        // Names and status lines vary from game to game: start over rather than grow.
        if map.len() >= SHAPED_KEPT {
            map.clear();
        }
        map.insert(key, Arc::clone(&shaped));
        shaped
    }

    /// Lays out `text` as `imageproc`'s `draw_text_mut` does (same advances, kerning and
    /// glyph origins) and records each glyph's coverage in drawing order.
    fn shape(&self, weight: Weight, size: f32, text: &str) -> Shaped {
        let font = self.face(weight);
        let scale = PxScale::from(size);
        let scaled = font.as_scaled(scale);
        let mut w = 0.0;
        let mut prev: Option<GlyphId> = None;
        let (mut top, mut bottom) = (f32::INFINITY, f32::NEG_INFINITY);
        let mut coverage = Vec::new();
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            let glyph = id.with_scale_and_position(scale, point(w, scaled.ascent()));
            w += scaled.h_advance(id);
            if let Some(g) = font.outline_glyph(glyph) {
                if let Some(p) = prev {
                    w += scaled.kern(id, p);
                }
                prev = Some(id);
                let bb = g.px_bounds();
                top = top.min(bb.min.y);
                bottom = bottom.max(bb.max.y);
                let (sx, sy) = (bb.min.x.round() as i32, bb.min.y.round() as i32);
                g.draw(|gx, gy, gv| {
                    coverage.push((gx as i32 + sx, gy as i32 + sy, step(gv)));
                });
            }
        }
        let (top, bottom) = if top > bottom {
            (0.0, 0.0)
        } else {
            (top, bottom)
        };
        Shaped {
            width: w,
            top,
            bottom,
            coverage,
        }
    }

    /// Draws `text` with its ink centred on `(cx, cy)`.
    pub fn draw_centered(
        &self,
        canvas: &mut Canvas,
        weight: Weight,
        size: f32,
        (cx, cy): (f32, f32),
        color: Color,
        text: &str,
    ) {
        let (w, top, bottom) = self.layout(weight, size, text);
        let x = cx - w / 2.0;
        let y = cy - (top + bottom) / 2.0;
        self.draw_raw(canvas, weight, size, (x, y), color, text);
    }

    /// Draws `text` centred horizontally on `cx`, on the baseline that centres a capital on
    /// `cy` (so column titles with and without descenders line up).
    pub fn draw_centered_on_caps(
        &self,
        canvas: &mut Canvas,
        weight: Weight,
        size: f32,
        (cx, cy): (f32, f32),
        color: Color,
        text: &str,
    ) {
        let w = self.width(weight, size, text);
        self.draw_left(canvas, weight, size, (cx - w / 2.0, cy), color, text);
    }

    /// Draws `text` starting at `x` with its ink vertically centred on `cy`'s capital height
    /// (so lines of mixed text share a baseline).
    pub fn draw_left(
        &self,
        canvas: &mut Canvas,
        weight: Weight,
        size: f32,
        (x, cy): (f32, f32),
        color: Color,
        text: &str,
    ) {
        let (_, top, bottom) = self.layout(weight, size, "H");
        let y = cy - (top + bottom) / 2.0;
        self.draw_raw(canvas, weight, size, (x, y), color, text);
    }

    fn draw_raw(
        &self,
        canvas: &mut Canvas,
        weight: Weight,
        size: f32,
        (x, y): (f32, f32),
        color: Color,
        text: &str,
    ) {
        let shaped = self.shaped(weight, size, text);
        let (x, y) = (x.round() as i32, y.round() as i32);
        let (w, h) = (canvas.width() as i32, canvas.height() as i32);
        let color = image::Rgb(color);
        for &(dx, dy, gv) in &shaped.coverage {
            let (px, py) = (x + dx, y + dy);
            if (0..w).contains(&px) && (0..h).contains(&py) {
                let (px, py) = (px as u32, py as u32);
                let under = image::Rgb(canvas.get(px, py));
                canvas.set(px, py, weighted_sum(under, color, 1.0 - gv, gv).0);
            }
        }
    }

    /// `text` shortened with an ellipsis so it fits in `max_width` pixels.
    pub fn fit(&self, weight: Weight, size: f32, text: &str, max_width: f32) -> String {
        if self.width(weight, size, text) <= max_width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>() + "…";
            if self.width(weight, size, &candidate) <= max_width {
                return candidate;
            }
        }
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::RgbImage;

    #[test]
    fn fonts_load_and_measure() {
        let f = fonts().expect("bundled fonts parse");
        let one = f.width(Weight::Bold, 20.0, "8");
        let two = f.width(Weight::Bold, 20.0, "88");
        assert!(one > 5.0 && (two - 2.0 * one).abs() < 0.5);
    }

    #[test]
    fn kept_text_lands_where_imageproc_draws_it() {
        let f = fonts().expect("bundled fonts parse");
        for (weight, size, text) in [
            (Weight::Bold, 21.7, "Wo 54 Ärger…"),
            (Weight::Regular, 16.0, "Settl. AV"),
        ] {
            // Twice: once shaping, once from what was kept. Only the coverage rounding (an
            // eighth at most) may differ from imageproc's drawing.
            for _ in 0..2 {
                let mut ours = Canvas::new(200, 50);
                ours.fill_rows(0, 50, |y| [(y * 5) as u8, 90, 200 - (y * 3) as u8]);
                let mut theirs = ours.rgb().expect("an RGB canvas").clone();
                f.draw_raw(&mut ours, weight, size, (3.4, 7.6), [250, 20, 40], text);
                imageproc::drawing::draw_text_mut(
                    &mut theirs,
                    image::Rgb([250, 20, 40]),
                    3,
                    8,
                    PxScale::from(size),
                    f.face(weight),
                    text,
                );
                let ours = ours.into_rgb();
                let off = ours
                    .as_raw()
                    .iter()
                    .zip(theirs.as_raw())
                    .map(|(&a, &b)| (a as i32 - b as i32).abs())
                    .max();
                assert!(off.is_some_and(|d| d <= 33), "{text}: {off:?}");
                assert_ne!(ours, RgbImage::new(200, 50));
            }
        }
    }

    #[test]
    fn fit_shortens_long_names_only() {
        let f = fonts().expect("bundled fonts parse");
        assert_eq!(f.fit(Weight::Regular, 20.0, "Ann", 200.0), "Ann");
        let long = "Bartholomew the Magnificent of Catan";
        let short = f.fit(Weight::Regular, 20.0, long, 120.0);
        assert!(short.ends_with('…') && short.len() < long.len());
        assert!(f.width(Weight::Regular, 20.0, &short) <= 120.0);
    }

    #[test]
    fn centered_text_is_drawn_around_the_point() {
        let f = fonts().expect("bundled fonts parse");
        let mut c = Canvas::new(60, 40);
        f.draw_centered(&mut c, Weight::Bold, 24.0, (30.0, 20.0), [255, 0, 0], "8");
        let lit: Vec<(u32, u32)> = c
            .into_rgb()
            .enumerate_pixels()
            .filter(|(_, _, p)| p.0[0] > 128)
            .map(|(x, y, _)| (x, y))
            .collect();
        assert!(!lit.is_empty());
        let (sx, sy) = lit
            .iter()
            .fold((0u32, 0u32), |(a, b), &(x, y)| (a + x, b + y));
        let (mx, my) = (sx as f32 / lit.len() as f32, sy as f32 / lit.len() as f32);
        assert!(
            (mx - 30.0).abs() < 2.0 && (my - 20.0).abs() < 2.0,
            "{mx},{my}"
        );
    }
}
