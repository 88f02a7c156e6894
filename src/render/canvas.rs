//! A tiny anti-aliased rasteriser over an RGB image.
//!
//! Shapes are described by signed distance functions (positive inside, in pixels), which gives
//! smooth edges and outlines of any width with one formula. Large convex shapes (the hexes) use a
//! span fast path so their interiors are written without evaluating the distance per pixel:
//! that keeps a full board well inside the render budget.

use std::sync::Arc;

use image::RgbImage;

use super::quantize::Palette;

/// An sRGB colour.
pub type Color = [u8; 3];

/// How a shape is filled: colour, optional dark outline `(colour, width in px)`, opacity.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub fill: Color,
    pub outline: Option<(Color, f32)>,
    pub alpha: f32,
}

impl Style {
    pub fn solid(fill: Color) -> Style {
        Style {
            fill,
            outline: None,
            alpha: 1.0,
        }
    }

    pub fn outlined(fill: Color, outline: Color, width: f32) -> Style {
        Style {
            fill,
            outline: Some((outline, width)),
            alpha: 1.0,
        }
    }

    pub fn translucent(fill: Color, alpha: f32) -> Style {
        Style {
            fill,
            outline: None,
            alpha,
        }
    }
}

/// Linear mix of two colours (`t` = 0 gives `a`).
pub fn mix(a: Color, b: Color, t: f32) -> Color {
    let t = t.clamp(0.0, 1.0);
    std::array::from_fn(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t + 0.5) as u8)
}

/// An axis-aligned box in pixels: `(x0, y0, x1, y1)`.
pub type Bounds = (f32, f32, f32, f32);

/// Where the pixels live: full RGB (the island, the dice chart), or palette indices (each
/// turn's layers, drawn over the cached island: a blended pixel takes the palette entry
/// nearest its colour, so no full-picture conversion is needed).
enum Pixels {
    Rgb(RgbImage),
    Indexed {
        indices: Vec<u8>,
        palette: Arc<Palette>,
        /// The last colour written and its index (fills write one colour many times).
        last: (Color, u8),
    },
}

/// The picture being drawn.
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Pixels,
}

impl Canvas {
    /// A black RGB canvas.
    pub fn new(width: u32, height: u32) -> Canvas {
        Canvas {
            width,
            height,
            pixels: Pixels::Rgb(RgbImage::new(width, height)),
        }
    }

    /// A canvas of palette indices (`indices` has `width × height` entries).
    pub fn indexed(width: u32, height: u32, indices: Vec<u8>, palette: Arc<Palette>) -> Canvas {
        let first = palette.colors().first().copied().unwrap_or_default();
        let last = (first, palette.index(first));
        Canvas {
            width,
            height,
            pixels: Pixels::Indexed {
                indices,
                palette,
                last,
            },
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGB pixels (an indexed canvas is expanded through its palette).
    pub fn into_rgb(self) -> RgbImage {
        match self.pixels {
            Pixels::Rgb(img) => img,
            Pixels::Indexed {
                indices, palette, ..
            } => {
                let mut rgb = Vec::new();
                palette.expand(&indices, &mut rgb);
                RgbImage::from_raw(self.width, self.height, rgb)
                    .unwrap_or_else(|| RgbImage::new(self.width, self.height))
            }
        }
    }

    /// The palette indices, if the canvas is indexed.
    pub fn into_indices(self) -> Option<Vec<u8>> {
        match self.pixels {
            Pixels::Rgb(_) => None,
            Pixels::Indexed { indices, .. } => Some(indices),
        }
    }

    /// The RGB buffer, if the canvas is RGB.
    #[cfg(test)]
    pub fn rgb(&self) -> Option<&RgbImage> {
        match &self.pixels {
            Pixels::Rgb(img) => Some(img),
            Pixels::Indexed { .. } => None,
        }
    }

    /// Colour of an in-bounds pixel.
    #[inline]
    pub fn get(&self, x: u32, y: u32) -> Color {
        match &self.pixels {
            Pixels::Rgb(img) => img.get_pixel(x, y).0,
            Pixels::Indexed {
                indices, palette, ..
            } => palette.colors()[indices[(y * self.width + x) as usize] as usize],
        }
    }

    /// Writes an in-bounds pixel.
    #[inline]
    pub fn set(&mut self, x: u32, y: u32, c: Color) {
        self.set_span(y, x, x + 1, c);
    }

    /// Writes `c` to pixels `x0..x1` of row `y` (in bounds).
    #[inline]
    fn set_span(&mut self, y: u32, x0: u32, x1: u32, c: Color) {
        let row = (y * self.width) as usize;
        let (a, b) = (row + x0 as usize, row + x1 as usize);
        match &mut self.pixels {
            Pixels::Rgb(img) => {
                let buf: &mut [u8] = img;
                for px in buf[a * 3..b * 3].chunks_exact_mut(3) {
                    px.copy_from_slice(&c);
                }
            }
            Pixels::Indexed {
                indices,
                palette,
                last,
            } => {
                if last.0 != c {
                    *last = (c, palette.index(c));
                }
                indices[a..b].fill(last.1);
            }
        }
    }

    /// Blends `c` over the pixel at `(x, y)` with opacity `a`; outside the image does nothing.
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, c: Color, a: f32) {
        if a <= 0.0 || x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            return;
        }
        let (x, y) = (x as u32, y as u32);
        let out = if a >= 1.0 {
            c
        } else {
            mix(self.get(x, y), c, a)
        };
        self.set(x, y, out);
    }

    /// Fills whole rows `y0..y1` with a colour chosen per row (gradients).
    pub fn fill_rows(&mut self, y0: u32, y1: u32, color_of_row: impl Fn(u32) -> Color) {
        for y in y0..y1.min(self.height) {
            self.set_span(y, 0, self.width, color_of_row(y));
        }
    }

    /// Fills an integer rectangle (clipped) with a solid colour.
    pub fn fill_rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, c: Color) {
        let (w, h) = (self.width as i32, self.height as i32);
        let (x0, x1) = (x0.clamp(0, w) as u32, x1.clamp(0, w) as u32);
        if x0 >= x1 {
            return;
        }
        for y in y0.max(0)..y1.min(h) {
            self.set_span(y as u32, x0, x1, c);
        }
    }

    /// Draws any shape given by its signed distance (px, positive inside) within `bounds`.
    pub fn fill_sdf(&mut self, bounds: Bounds, sdf: impl Fn(f32, f32) -> f32, style: Style) {
        let (x0, y0, x1, y1) = self.clip(bounds);
        self.shade_pixels((x0, y0, x1, y1), &sdf, style);
    }

    /// Shades exactly the pixels `x0..x1 × y0..y1` (already clipped) of an SDF shape.
    fn shade_pixels(
        &mut self,
        (x0, y0, x1, y1): (i32, i32, i32, i32),
        sdf: &impl Fn(f32, f32) -> f32,
        style: Style,
    ) {
        for y in y0..y1 {
            let py = y as f32 + 0.5;
            for x in x0..x1 {
                let d = sdf(x as f32 + 0.5, py);
                if d > -0.5 {
                    let (c, a) = shade(d, style.fill, style.outline);
                    self.blend(x, y, c, a * style.alpha);
                }
            }
        }
    }

    /// A rounded rectangle `(x, y, w, h)`: only the border bands are shaded per pixel, the
    /// inside is filled directly (the panel rows are wide, so this matters for speed).
    pub fn fill_round_rect(&mut self, r: (f32, f32, f32, f32), radius: f32, style: Style) {
        let (x, y, w, h) = r;
        let band = radius + style.outline.map_or(0.0, |(_, ow)| ow) + 2.0;
        let sdf = |px: f32, py: f32| sdf::round_rect(px, py, r, radius);
        if style.alpha < 1.0 || w <= 2.0 * band || h <= 2.0 * band {
            self.fill_sdf((x, y, x + w, y + h), sdf, style);
            return;
        }
        // Inner solid block, then the four bands around it, with no pixel shaded twice.
        let (x0, y0, x1, y1) = self.clip((x, y, x + w, y + h));
        let ix0 = ((x + band).ceil() as i32).clamp(x0, x1);
        let iy0 = ((y + band).ceil() as i32).clamp(y0, y1);
        let ix1 = ((x + w - band).floor() as i32).clamp(ix0, x1);
        let iy1 = ((y + h - band).floor() as i32).clamp(iy0, y1);
        self.fill_rect(ix0, iy0, ix1, iy1, style.fill);
        self.shade_pixels((x0, y0, x1, iy0), &sdf, style);
        self.shade_pixels((x0, iy1, x1, y1), &sdf, style);
        self.shade_pixels((x0, iy0, ix0, iy1), &sdf, style);
        self.shade_pixels((ix1, iy0, x1, iy1), &sdf, style);
    }

    /// Fills a convex polygon, colouring each covered pixel with `paint(x, y)` (textures), with
    /// an optional outline. Interior spans skip the distance computation.
    pub fn fill_convex(
        &mut self,
        poly: &Convex,
        paint: impl Fn(i32, i32) -> Color,
        outline: Option<(Color, f32)>,
    ) {
        let (x0, y0, x1, y1) = self.clip(poly.bounds(1.0));
        let solid_from = outline.map_or(0.0, |(_, w)| w) + 0.5;
        for y in y0..y1 {
            let py = y as f32 + 0.5;
            let Some((lo, hi)) = poly.span(py, -0.5) else {
                continue;
            };
            let inner = poly.span(py, solid_from);
            let from = (lo.floor() as i32).max(x0);
            let to = (hi.ceil() as i32).min(x1);
            // Pixels whose centres lie in the inner span are fully inside: write them straight
            // into the row.
            let (in_from, in_to) = inner.map_or((to, to), |(a, b)| {
                (
                    ((a - 0.5).ceil() as i32).clamp(from, to),
                    ((b - 0.5).floor() as i32 + 1).clamp(from, to),
                )
            });
            for x in in_from.max(from)..in_to.max(in_from) {
                self.set(x as u32, y as u32, paint(x, y));
            }
            for x in (from..in_from).chain(in_to.max(in_from)..to) {
                let px = x as f32 + 0.5;
                let d = poly.distance(px, py);
                if d > -0.5 {
                    let (c, a) = shade(d, paint(x, y), outline);
                    self.blend(x, y, c, a);
                }
            }
        }
    }

    fn clip(&self, (x0, y0, x1, y1): Bounds) -> (i32, i32, i32, i32) {
        (
            (x0.floor() as i32 - 1).max(0),
            (y0.floor() as i32 - 1).max(0),
            (x1.ceil() as i32 + 1).min(self.width() as i32),
            (y1.ceil() as i32 + 1).min(self.height() as i32),
        )
    }
}

/// Colour and coverage of a pixel at signed distance `d` from a shape's edge.
#[inline]
fn shade(d: f32, fill: Color, outline: Option<(Color, f32)>) -> (Color, f32) {
    let coverage = step((d + 0.5).clamp(0.0, 1.0));
    let color = match outline {
        Some((oc, w)) => mix(oc, fill, step(d - w + 0.5)),
        None => fill,
    };
    (color, coverage)
}

/// Coverage rounded to quarters: an edge pixel is one of three blends of the two colours
/// that meet there, so the palette holds them and deflate sees few distinct values. At 1200 px
/// the edges look as smooth as with full anti-aliasing.
#[inline]
pub fn step(t: f32) -> f32 {
    // A cast, not `round()`: this runs for every edge pixel and `roundf` is a libm call.
    ((t.clamp(0.0, 1.0) * 4.0 + 0.5) as u8) as f32 / 4.0
}

/// A convex polygon as inward half-planes `a·x + b·y + c ≥ 0` with unit normals, so the
/// smallest of them is (inside) the exact distance to the border.
#[derive(Clone, Debug)]
pub struct Convex {
    planes: Vec<(f32, f32, f32)>,
    points: Vec<(f32, f32)>,
}

impl Convex {
    /// From the corners in either winding order.
    pub fn new(points: &[(f32, f32)]) -> Convex {
        let n = points.len();
        let area: f32 = (0..n)
            .map(|i| {
                let (x0, y0) = points[i];
                let (x1, y1) = points[(i + 1) % n];
                x0 * y1 - x1 * y0
            })
            .sum();
        let sign = if area >= 0.0 { 1.0 } else { -1.0 };
        let planes = (0..n)
            .filter_map(|i| {
                let (x0, y0) = points[i];
                let (x1, y1) = points[(i + 1) % n];
                let (dx, dy) = (x1 - x0, y1 - y0);
                let len = (dx * dx + dy * dy).sqrt();
                if len < 1e-6 {
                    return None;
                }
                // Inward normal for a positively oriented polygon in y-down coordinates.
                let (a, b) = (-dy / len * sign, dx / len * sign);
                Some((a, b, -(a * x0 + b * y0)))
            })
            .collect();
        Convex {
            planes,
            points: points.to_vec(),
        }
    }

    /// A regular hexagon with pointy top: `radius` from centre to corner.
    pub fn hexagon((cx, cy): (f32, f32), radius: f32) -> Convex {
        let pts: Vec<(f32, f32)> = (0..6)
            .map(|k| {
                let ang = (-90.0 + 60.0 * k as f32).to_radians();
                (cx + radius * ang.cos(), cy + radius * ang.sin())
            })
            .collect();
        Convex::new(&pts)
    }

    /// Signed distance (positive inside; exact inside, a slight underestimate outside corners).
    #[inline]
    pub fn distance(&self, x: f32, y: f32) -> f32 {
        self.planes
            .iter()
            .map(|&(a, b, c)| a * x + b * y + c)
            .fold(f32::INFINITY, f32::min)
    }

    /// Box around the polygon grown by `margin`.
    pub fn bounds(&self, margin: f32) -> Bounds {
        let mut b = (
            f32::INFINITY,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        );
        for &(x, y) in &self.points {
            b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        }
        (b.0 - margin, b.1 - margin, b.2 + margin, b.3 + margin)
    }

    /// The x interval of row `y` where the distance is at least `t`, if any.
    fn span(&self, y: f32, t: f32) -> Option<(f32, f32)> {
        let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
        for &(a, b, c) in &self.planes {
            let rest = t - b * y - c;
            if a.abs() < 1e-6 {
                if rest > 0.0 {
                    return None;
                }
            } else if a > 0.0 {
                lo = lo.max(rest / a);
            } else {
                hi = hi.min(rest / a);
            }
        }
        (lo <= hi).then_some((lo, hi))
    }
}

/// Distance helpers (positive inside) for the common shapes.
pub mod sdf {
    /// Inside a circle.
    #[inline]
    pub fn circle(x: f32, y: f32, (cx, cy): (f32, f32), r: f32) -> f32 {
        r - ((x - cx).powi(2) + (y - cy).powi(2)).sqrt()
    }

    /// Inside a capsule (a thick segment with round ends) of radius `r` around `a`–`b`.
    #[inline]
    pub fn capsule(x: f32, y: f32, a: (f32, f32), b: (f32, f32), r: f32) -> f32 {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            (((x - a.0) * dx + (y - a.1) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (qx, qy) = (a.0 + t * dx, a.1 + t * dy);
        r - ((x - qx).powi(2) + (y - qy).powi(2)).sqrt()
    }

    /// Inside a rectangle `(x, y, w, h)` with corner radius `r`.
    #[inline]
    pub fn round_rect(x: f32, y: f32, (rx, ry, w, h): (f32, f32, f32, f32), r: f32) -> f32 {
        let (cx, cy) = (rx + w / 2.0, ry + h / 2.0);
        let qx = (x - cx).abs() - (w / 2.0 - r);
        let qy = (y - cy).abs() - (h / 2.0 - r);
        let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
        let inside = qx.max(qy).min(0.0);
        r - outside - inside
    }

    /// Inside an ellipse (approximate distance, good enough for anti-aliasing).
    #[inline]
    pub fn ellipse(x: f32, y: f32, (cx, cy): (f32, f32), rx: f32, ry: f32) -> f32 {
        let k = (((x - cx) / rx).powi(2) + ((y - cy) / ry).powi(2)).sqrt();
        (1.0 - k) * rx.min(ry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn convex_distance_is_positive_inside_and_negative_outside() {
        let square = Convex::new(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert!((square.distance(5.0, 5.0) - 5.0).abs() < 1e-4);
        assert!((square.distance(1.0, 5.0) - 1.0).abs() < 1e-4);
        assert!(square.distance(-2.0, 5.0) < 0.0);
        // Same answer for the opposite winding order.
        let cw = Convex::new(&[(0.0, 0.0), (0.0, 10.0), (10.0, 10.0), (10.0, 0.0)]);
        assert!((cw.distance(5.0, 5.0) - 5.0).abs() < 1e-4);
    }

    #[test]
    fn convex_fill_covers_inside_and_leaves_outside() {
        let mut c = Canvas::new(40, 40);
        let hex = Convex::hexagon((20.0, 20.0), 15.0);
        c.fill_convex(&hex, |_, _| [200, 10, 10], Some(([0, 0, 0], 2.0)));
        assert_eq!(c.get(20, 20), [200, 10, 10]);
        assert_eq!(c.get(1, 1), [0, 0, 0]); // untouched background
        // The outline is dark just inside the top corner's border.
        let top_edge = c.get(20, 6);
        assert!(top_edge[0] < 100, "{top_edge:?}");
    }

    #[test]
    fn sdf_shapes_blend_edges() {
        let mut c = Canvas::new(30, 30);
        c.fill_rows(0, 30, |_| [255, 255, 255]);
        c.fill_sdf(
            (0.0, 0.0, 30.0, 30.0),
            |x, y| sdf::circle(x, y, (15.0, 15.0), 7.8),
            Style::solid([0, 0, 255]),
        );
        assert_eq!(c.get(15, 15), [0, 0, 255]);
        assert_eq!(c.get(2, 2), [255, 255, 255]);
        // A pixel on the rim is a mix of both.
        let rim = c.get(22, 15);
        assert!(rim[0] > 0 && rim[0] < 255, "{rim:?}");
    }

    #[test]
    fn fast_round_rect_matches_the_plain_shading() {
        let r = (3.3, 4.6, 50.2, 30.7);
        let style = Style::outlined([200, 100, 50], [0, 0, 0], 2.0);
        let mut fast = Canvas::new(60, 40);
        fast.fill_round_rect(r, 6.0, style);
        let mut plain = Canvas::new(60, 40);
        plain.fill_sdf(
            (r.0, r.1, r.0 + r.2, r.1 + r.3),
            |x, y| sdf::round_rect(x, y, r, 6.0),
            style,
        );
        assert_eq!(fast.get(30, 20), [200, 100, 50]);
        assert_eq!(fast.into_rgb(), plain.into_rgb());
    }

    #[test]
    fn round_rect_distance() {
        let r = (0.0, 0.0, 20.0, 10.0);
        assert!((sdf::round_rect(10.0, 5.0, r, 3.0) - 5.0).abs() < 1e-4);
        assert!(sdf::round_rect(25.0, 5.0, r, 3.0) < 0.0);
        assert!(sdf::capsule(5.0, 0.0, (0.0, 0.0), (10.0, 0.0), 2.0) > 1.9);
    }
}
