//! The bundled fonts and text placement (measured ink bounds, so numbers centre exactly).

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use imageproc::drawing::draw_text_mut;
use std::sync::OnceLock;

use super::RenderError;
use super::canvas::{Canvas, Color};

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

/// Which face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        self.layout(weight, size, text).0
    }

    /// `(advance width, ink top, ink bottom)` relative to the y passed to `draw_text_mut`.
    fn layout(&self, weight: Weight, size: f32, text: &str) -> (f32, f32, f32) {
        let font = self.face(weight);
        let scale = PxScale::from(size);
        let scaled = font.as_scaled(scale);
        let mut w = 0.0;
        let mut prev: Option<GlyphId> = None;
        let (mut top, mut bottom) = (f32::INFINITY, f32::NEG_INFINITY);
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
            }
        }
        if top > bottom {
            (w, 0.0, 0.0)
        } else {
            (w, top, bottom)
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
        draw_text_mut(
            &mut canvas.img,
            image::Rgb(color),
            x.round() as i32,
            y.round() as i32,
            PxScale::from(size),
            self.face(weight),
            text,
        );
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

    #[test]
    fn fonts_load_and_measure() {
        let f = fonts().expect("bundled fonts parse");
        let one = f.width(Weight::Bold, 20.0, "8");
        let two = f.width(Weight::Bold, 20.0, "88");
        assert!(one > 5.0 && (two - 2.0 * one).abs() < 0.5);
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
            .img
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
