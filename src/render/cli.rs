//! `catan-bot render`: a board PNG from a seed after some random legal moves.

use anyhow::Context;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::engine::{Game, LayoutKind, Settings};

use super::{render_picture, sample_view};

/// The board setups, as typed on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardArg {
    /// The rulebook's fixed map (3–4 players).
    Beginner,
    /// Shuffled terrain, tokens in the spiral.
    #[default]
    Variable,
    /// Shuffled terrain, tokens at random (no adjacent 6/8).
    RandomTokens,
}

impl From<BoardArg> for LayoutKind {
    fn from(b: BoardArg) -> LayoutKind {
        match b {
            BoardArg::Beginner => LayoutKind::Beginner,
            BoardArg::Variable => LayoutKind::Variable,
            BoardArg::RandomTokens => LayoutKind::RandomTokens,
        }
    }
}

/// Command-line arguments.
#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// Seed of the game (fixes the board, the deck, the dice and the random moves).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of players (3–6; 5 and 6 use the large board).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=6))]
    pub players: u8,
    /// Board setup.
    #[arg(long, value_enum, default_value_t = BoardArg::Variable)]
    pub board: BoardArg,
    /// Random legal actions to play before drawing (0: the empty board).
    #[arg(long, default_value_t = 0)]
    pub moves: usize,
    /// Draw a made-up mid-game position instead of playing moves (works without the rules).
    #[arg(long)]
    pub sample: bool,
    /// Play with the Helpers of Catan (with --moves; each player's helper shows in the panel).
    #[arg(long)]
    pub helpers: bool,
    /// Draw the board as this seat sees it (1-based), with their hand; default: public.
    #[arg(long)]
    pub seat: Option<u8>,
    /// Player names, comma-separated, in seat order.
    #[arg(long, default_value = "Alice,Bob,Carol,Dave,Erin,Frank")]
    pub names: String,
    /// Draw and encode this many times and print the fastest (timing on this machine; the
    /// first picture of a layout also draws its island, later ones start from the cache).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: u32,
    /// Where to write the PNG.
    #[arg(long)]
    pub out: PathBuf,
    /// The language of the words on the board (`en`, `de`, …).
    #[arg(long, default_value = "en", value_parser = crate::i18n::Lang::from_arg)]
    pub lang: crate::i18n::Lang,
}

/// Entry point of the subcommand.
pub fn run_cli(args: RenderArgs) -> anyhow::Result<ExitCode> {
    let _lang = crate::i18n::scope(args.lang);
    let layout = LayoutKind::from(args.board);
    let viewer = match args.seat {
        Some(0) => anyhow::bail!("--seat counts from 1"),
        Some(s) if s > args.players => {
            anyhow::bail!("--seat {s}: this game has seats 1 to {}", args.players)
        }
        Some(s) => Some(s - 1),
        None => None,
    };
    let names: Vec<String> = args
        .names
        .split(',')
        .map(|n| n.trim().to_string())
        .collect();
    let (view, played) = if args.sample {
        (sample_view(args.players, layout, args.seed, viewer), 0)
    } else {
        let settings = Settings {
            players: args.players,
            layout,
            helpers: args.helpers,
            ..Settings::default()
        };
        let (game, played) = play_random(Game::new(settings, args.seed), args.seed, args.moves);
        (game.view(viewer), played)
    };
    if !args.sample && played < args.moves {
        eprintln!(
            "note: stopped after {played} of {} moves: no legal action was offered",
            args.moves
        );
    }

    let (mut best_draw, mut best_encode) = (f64::INFINITY, f64::INFINITY);
    let mut result = None;
    for _ in 0..args.repeat {
        let start = Instant::now();
        let picture = render_picture(&view, &names)?;
        let drawn = start.elapsed();
        let png = picture.encode()?;
        let total = start.elapsed();
        best_draw = best_draw.min(drawn.as_secs_f64() * 1e3);
        best_encode = best_encode.min((total - drawn).as_secs_f64() * 1e3);
        result = Some((picture.width(), picture.height(), png));
    }
    let Some((width, height, png)) = result else {
        anyhow::bail!("nothing was rendered");
    };
    std::fs::write(&args.out, &png).with_context(|| format!("writing {}", args.out.display()))?;
    println!(
        "wrote {} ({width}×{height}, {:.0} KB) after {played} moves: drawn in {best_draw:.1} ms, \
         encoded in {best_encode:.1} ms (best of {})",
        args.out.display(),
        png.len() as f64 / 1024.0,
        args.repeat,
    );
    Ok(ExitCode::SUCCESS)
}

/// Plays up to `moves` random legal actions; returns the game and how many were applied.
fn play_random(mut game: Game, seed: u64, moves: usize) -> (Game, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(0x9e37_79b9));
    for played in 0..moves {
        let Some(&seat) = game.waiting_for().first() else {
            return (game, played);
        };
        let actions = game.legal_actions(seat);
        let Some(action) = actions.choose(&mut rng) else {
            return (game, played);
        };
        if game.apply(seat, action).is_err() {
            return (game, played);
        }
    }
    (game, moves)
}
