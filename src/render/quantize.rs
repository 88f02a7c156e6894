//! From the drawn RGB picture to 256 palette indices, so the PNG stores one byte a pixel and
//! deflate sees few distinct values.
//!
//! The palette is chosen once per board layout (see `cache`): the colours the per-turn layers
//! use, with a few anti-aliasing steps between the pairs that meet there (text on its
//! background, outlines on pieces), then the most frequent colours of the layout's cached
//! island. Flat colours are kept exactly; an anti-aliased pixel takes the nearest entry, which
//! at one pixel wide nobody sees.

use std::collections::HashMap;

use super::canvas::{Color, mix};

/// Palette entries at most (8-bit indexed PNG).
pub const MAX_COLORS: usize = 256;

/// Colours closer than this (squared RGB distance) to an entry already chosen are not added:
/// the slot is better spent on a colour that differs.
const NEAR_DUPLICATE: u32 = 12;

/// A palette and the lookups that map any RGB colour to its index.
#[derive(Debug)]
pub struct Palette {
    colors: Vec<Color>,
    /// Exact palette colours, sorted by packed RGB.
    exact: Vec<(u32, u8)>,
    /// Nearest entry for each 5-bit-per-channel cell (its centre), for colours not in `exact`.
    nearest: Box<[u8]>,
}

fn pack(c: Color) -> u32 {
    (c[0] as u32) << 16 | (c[1] as u32) << 8 | c[2] as u32
}

fn distance(a: Color, b: Color) -> u32 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| (x as i32 - y as i32).pow(2) as u32)
        .sum()
}

impl Palette {
    /// `fixed` first (all kept, in order, duplicates dropped), then the colours of `counts`
    /// by decreasing frequency, skipping near duplicates, until the palette is full.
    pub fn new(fixed: &[Color], counts: &HashMap<Color, u64>) -> Palette {
        let mut colors: Vec<Color> = Vec::with_capacity(MAX_COLORS);
        for &c in fixed {
            if colors.len() < MAX_COLORS && !colors.contains(&c) {
                colors.push(c);
            }
        }
        let mut by_count: Vec<(u64, u32, Color)> =
            counts.iter().map(|(&c, &n)| (n, pack(c), c)).collect();
        // Ties broken by the colour itself, so the palette never depends on hash order.
        by_count.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for (_, _, c) in by_count {
            if colors.len() >= MAX_COLORS {
                break;
            }
            if colors.iter().all(|&p| distance(p, c) > NEAR_DUPLICATE) {
                colors.push(c);
            }
        }
        let mut exact: Vec<(u32, u8)> = colors
            .iter()
            .enumerate()
            .map(|(i, &c)| (pack(c), i as u8))
            .collect();
        exact.sort_unstable();
        let nearest = (0..1u32 << 15)
            .map(|cell| {
                let centre = [
                    ((cell >> 10) << 3 | 4) as u8,
                    ((cell >> 5 & 31) << 3 | 4) as u8,
                    ((cell & 31) << 3 | 4) as u8,
                ];
                nearest_of(&colors, centre)
            })
            .collect();
        Palette {
            colors,
            exact,
            nearest,
        }
    }

    pub fn colors(&self) -> &[Color] {
        &self.colors
    }

    /// The palette as the PLTE chunk wants it (RGB triples).
    pub fn plte(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }

    /// Index of `c`: itself if it is in the palette, else the entry nearest its cell.
    pub fn index(&self, c: Color) -> u8 {
        let key = pack(c);
        match self.exact.binary_search_by_key(&key, |e| e.0) {
            Ok(i) => self.exact[i].1,
            Err(_) => {
                let cell =
                    (c[0] as usize >> 3) << 10 | (c[1] as usize >> 3) << 5 | c[2] as usize >> 3;
                self.nearest[cell]
            }
        }
    }

    /// Indices of a packed RGB buffer. Runs of one colour and a small memo of recent colours
    /// keep this to a lookup per distinct neighbourhood, not per pixel.
    pub fn quantize(&self, rgb: &[u8]) -> Vec<u8> {
        const MEMO: usize = 4096;
        let mut memo = vec![(u32::MAX, 0u8); MEMO];
        let mut out = Vec::with_capacity(rgb.len() / 3);
        let (mut last, mut last_index) = (u32::MAX, 0u8);
        for px in rgb.chunks_exact(3) {
            let key = (px[0] as u32) << 16 | (px[1] as u32) << 8 | px[2] as u32;
            if key != last {
                let slot = (key.wrapping_mul(0x9E37_79B1) >> 20) as usize % MEMO;
                last_index = if memo[slot].0 == key {
                    memo[slot].1
                } else {
                    let i = self.index([px[0], px[1], px[2]]);
                    memo[slot] = (key, i);
                    i
                };
                last = key;
            }
            out.push(last_index);
        }
        out
    }

    /// RGB of palette indices (what a viewer of the PNG sees).
    pub fn expand(&self, indices: &[u8], out: &mut Vec<u8>) {
        out.reserve(indices.len() * 3);
        for &i in indices {
            out.extend_from_slice(&self.colors[i as usize]);
        }
    }
}

fn nearest_of(colors: &[Color], c: Color) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (i, &p) in colors.iter().enumerate() {
        let d = distance(p, c);
        if d < best.0 {
            best = (d, i as u8);
        }
    }
    best.1
}

/// `fg` over `bg` at a quarter, half and three quarters: the anti-aliasing steps of an edge
/// between the two.
pub fn ramp(fg: Color, bg: Color) -> [Color; 3] {
    [mix(bg, fg, 0.25), mix(bg, fg, 0.5), mix(bg, fg, 0.75)]
}

/// Colour counts of a packed RGB buffer (runs counted at once).
pub fn histogram(rgb: &[u8]) -> HashMap<Color, u64> {
    let mut counts: HashMap<Color, u64> = HashMap::new();
    let mut run: Option<(Color, u64)> = None;
    for px in rgb.chunks_exact(3) {
        let c = [px[0], px[1], px[2]];
        match &mut run {
            Some((rc, n)) if *rc == c => *n += 1,
            _ => {
                if let Some((rc, n)) = run {
                    *counts.entry(rc).or_default() += n;
                }
                run = Some((c, 1));
            }
        }
    }
    if let Some((rc, n)) = run {
        *counts.entry(rc).or_default() += n;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_colours_map_to_themselves_and_others_to_the_nearest() {
        let fixed = [[255, 253, 244], [250, 248, 242], [30, 35, 46]];
        let mut counts = HashMap::new();
        counts.insert([200, 10, 10], 500);
        counts.insert([201, 10, 10], 400); // a near duplicate: skipped
        counts.insert([10, 200, 10], 300);
        let p = Palette::new(&fixed, &counts);
        assert_eq!(p.colors().len(), 5);
        for (i, &c) in p.colors().iter().enumerate() {
            assert_eq!(p.index(c) as usize, i, "{c:?}");
        }
        assert_eq!(p.colors()[p.index([198, 14, 12]) as usize], [200, 10, 10]);
        let rgb = [200, 10, 10, 200, 10, 10, 32, 33, 44, 10, 200, 10];
        assert_eq!(p.quantize(&rgb), vec![3, 3, 2, 4]);
        let mut back = Vec::new();
        p.expand(&[0, 2], &mut back);
        assert_eq!(back, vec![255, 253, 244, 30, 35, 46]);
    }

    #[test]
    fn histogram_counts_runs_and_scattered_pixels() {
        let rgb = [1, 2, 3, 1, 2, 3, 9, 9, 9, 1, 2, 3];
        let h = histogram(&rgb);
        assert_eq!(h[&[1, 2, 3]], 3);
        assert_eq!(h[&[9, 9, 9]], 1);
    }
}
