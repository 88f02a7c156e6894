//! Drawing a reply's board for any chat adapter, its thumbnail for platforms that show one
//! inline (Matrix), and which boards a room that keeps every picture needs at all.

use std::collections::HashMap;

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use image::imageops::FilterType;

use crate::engine::{GameView, Phase};
use crate::table::{Picture, Reply};

/// Widest thumbnail: Element shows inline images at most about 320 px wide, and a smaller
/// file loads at once on a phone.
pub const THUMBNAIL_WIDTH: u32 = 320;

/// Draws a reply's board on a blocking thread, outside the table's lock: one game's picture
/// never holds up another game's command. `None` without a picture, or if drawing failed
/// (logged: the text still goes out).
pub async fn draw(reply: &Reply) -> Option<Vec<u8>> {
    let picture = reply.image.clone()?;
    match tokio::task::spawn_blocking(move || picture.png()).await {
        Ok(Ok(png)) => Some(png),
        Ok(Err(e)) => {
            tracing::warn!("the board could not be drawn: {e}");
            None
        }
        Err(e) => {
            tracing::warn!("drawing the board failed: {e}");
            None
        }
    }
}

/// A board and its thumbnail, both PNG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub png: Vec<u8>,
    /// `None` if it could not be made (logged: the board goes out without one).
    pub thumbnail: Option<Thumbnail>,
}

/// A small copy of a picture, with what a client needs to lay it out before downloading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thumbnail {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Why a thumbnail could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ThumbnailError {
    #[error("the picture is not a readable PNG: {0}")]
    Decode(String),
    #[error("the thumbnail could not be encoded: {0}")]
    Encode(String),
}

/// Draws a reply's board and its thumbnail on a blocking thread (see [`draw`]).
pub async fn draw_with_thumbnail(reply: &Reply) -> Option<Drawn> {
    let png = draw(reply).await?;
    let source = png.clone();
    let thumbnail = match tokio::task::spawn_blocking(move || thumbnail(&source)).await {
        Ok(Ok(t)) => Some(t),
        Ok(Err(e)) => {
            tracing::warn!("the board's thumbnail could not be made: {e}");
            None
        }
        Err(e) => {
            tracing::warn!("making the board's thumbnail failed: {e}");
            None
        }
    };
    Some(Drawn { png, thumbnail })
}

/// `png` scaled down to at most [`THUMBNAIL_WIDTH`] wide (never up). A smooth filter keeps
/// the hex numbers legible; the result is mapped back onto the source's own palette (the
/// board is indexed colour), which keeps it a third the size of an RGB thumbnail. A few
/// milliseconds for a board.
pub fn thumbnail(png: &[u8]) -> Result<Thumbnail, ThumbnailError> {
    let full = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .map_err(|e| ThumbnailError::Decode(e.to_string()))?
        .to_rgb8();
    let (w, h) = full.dimensions();
    let width = w.clamp(1, THUMBNAIL_WIDTH);
    // Rounded, at least one pixel.
    let height = ((u64::from(h) * u64::from(width) + u64::from(w) / 2) / u64::from(w.max(1)))
        .clamp(1, u64::from(u32::MAX)) as u32;
    let small = image::imageops::resize(&full, width, height, FilterType::CatmullRom);
    let png = match palette(png) {
        Some(colors) => encode_indexed(&small, &colors),
        None => encode_rgb(&small),
    }?;
    Ok(Thumbnail { png, width, height })
}

/// The PLTE of an indexed PNG, as RGB triples.
fn palette(png: &[u8]) -> Option<Vec<[u8; 3]>> {
    let reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .ok()?;
    let plte = reader.info().palette.as_ref()?;
    let colors: Vec<[u8; 3]> = plte.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    (!colors.is_empty() && colors.len() <= 256).then_some(colors)
}

/// `img` as an indexed PNG on `colors` (each pixel its nearest colour).
fn encode_indexed(img: &image::RgbImage, colors: &[[u8; 3]]) -> Result<Vec<u8>, ThumbnailError> {
    let mut nearest: HashMap<[u8; 3], u8> = HashMap::new();
    let indices: Vec<u8> = img
        .pixels()
        .map(|p| {
            *nearest.entry(p.0).or_insert_with(|| {
                let distance = |c: &[u8; 3]| -> u32 {
                    c.iter()
                        .zip(p.0)
                        .map(|(a, b)| u32::from(a.abs_diff(b)).pow(2))
                        .sum()
                };
                (0..colors.len())
                    .min_by_key(|&i| distance(&colors[i]))
                    .and_then(|i| u8::try_from(i).ok())
                    .unwrap_or(0)
            })
        })
        .collect();
    let plte: Vec<u8> = colors.iter().flatten().copied().collect();
    let err = |e: png::EncodingError| ThumbnailError::Encode(e.to_string());
    let mut out = Vec::new();
    let mut e = png::Encoder::new(&mut out, img.width(), img.height());
    e.set_color(png::ColorType::Indexed);
    e.set_depth(png::BitDepth::Eight);
    e.set_palette(plte);
    e.set_deflate_compression(png::DeflateCompression::Level(6));
    e.set_filter(png::Filter::NoFilter);
    let mut w = e.write_header().map_err(err)?;
    w.write_image_data(&indices).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}

fn encode_rgb(img: &image::RgbImage) -> Result<Vec<u8>, ThumbnailError> {
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Best, PngFilter::Adaptive)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| ThumbnailError::Encode(e.to_string()))?;
    Ok(out)
}

/// Whether a platform that keeps every posted picture in the scroll-back should post this
/// one with a live turn message. In setup a board after every piece floods the room, so only
/// the boards at a round's edge are worth a picture: the empty board players choose their
/// first settlements on, and the board once every seat placed its round's pieces. Every
/// board outside setup is. Platforms that edit one message in place (Discord) keep them all.
pub fn worth_posting(picture: &Picture) -> bool {
    at_round_edge(&picture.view)
}

/// `view` is not in setup, or in setup with every seat's pieces of the round so far placed
/// (settlements on the board a multiple of the seats).
fn at_round_edge(view: &GameView) -> bool {
    if !matches!(view.phase, Phase::Setup { .. }) {
        return true;
    }
    let seats = view.players.len().max(1);
    let built = view.buildings.iter().flatten().count();
    built.is_multiple_of(seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testkit::game_in_setup_round_two;
    use crate::engine::{Game, LayoutKind, Settings};
    use crate::render::{IMAGE_WIDTH, render_board, sample_view};

    /// Which setup moments keep a board: a 3-seat setup played with the first legal choices,
    /// checked after every placement.
    #[test]
    fn setup_posts_a_board_per_round_not_per_piece() {
        let mut g = Game::new(Settings::for_players(3), 5);
        let mut edges = vec![at_round_edge(&g.view(None))];
        while matches!(g.phase(), Phase::Setup { .. }) {
            let a = g.legal_actions(g.current())[0].clone();
            g.apply(g.current(), &a).expect("a legal setup step");
            // Only a finished seat's turn (its road placed) starts a new turn message.
            if matches!(
                g.phase(),
                Phase::Setup {
                    road_from: None,
                    ..
                }
            ) || !matches!(g.phase(), Phase::Setup { .. })
            {
                edges.push(at_round_edge(&g.view(None)));
            }
        }
        // Start, three seats of round one, three of round two (the last one is turn one).
        assert_eq!(
            edges,
            [true, false, false, true, false, false, true],
            "boards kept at the start, after round one and after setup"
        );
        let round_two = game_in_setup_round_two(4, 9);
        assert!(at_round_edge(&round_two.view(None)));
    }

    #[test]
    fn every_board_outside_setup_is_worth_posting() {
        let view = sample_view(4, LayoutKind::Variable, 3, None);
        assert!(!matches!(view.phase, Phase::Setup { .. }));
        assert!(at_round_edge(&view));
    }

    #[test]
    fn a_thumbnail_is_a_small_png_of_the_board_with_its_size() {
        let view = sample_view(4, LayoutKind::Variable, 3, None);
        let names: Vec<String> = ["Alice", "Bob", "Carol", "Dave"].map(String::from).into();
        let png = render_board(&view, &names).expect("render");
        let full = image::load_from_memory(&png).expect("board").to_rgb8();
        let t = thumbnail(&png).expect("thumbnail");
        assert_eq!(t.width, THUMBNAIL_WIDTH);
        assert_eq!(full.width(), IMAGE_WIDTH, "the board is scaled down");
        let expected_height = (f64::from(full.height()) * f64::from(THUMBNAIL_WIDTH)
            / f64::from(full.width()))
        .round() as u32;
        assert_eq!(t.height, expected_height);
        let small = image::load_from_memory_with_format(&t.png, image::ImageFormat::Png)
            .expect("the thumbnail is a PNG")
            .to_rgb8();
        assert_eq!(small.dimensions(), (t.width, t.height));
        assert!(
            t.png.len() * 4 < png.len(),
            "{} vs {}",
            t.png.len(),
            png.len()
        );
        println!("board {} B, thumbnail {} B", png.len(), t.png.len());
        if let Ok(dir) = std::env::var("CATAN_THUMBNAIL_OUT") {
            let _ = std::fs::write(format!("{dir}/thumbnail.png"), &t.png);
        }
    }

    #[test]
    fn a_small_picture_is_not_scaled_up_and_garbage_is_an_error() {
        let img = image::RgbImage::from_pixel(100, 40, image::Rgb([1, 2, 3]));
        let mut png = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .expect("encode");
        let t = thumbnail(&png).expect("thumbnail");
        assert_eq!((t.width, t.height), (100, 40));
        assert!(matches!(
            thumbnail(b"not a png"),
            Err(ThumbnailError::Decode(_))
        ));
    }
}
