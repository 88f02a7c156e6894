//! `catan-bot bench`: the figures a host or a reviewer asks for, one `name value` line each,
//! machine-readable. Times are the CPU time of this thread (`CLOCK_THREAD_CPUTIME_ID`), so they
//! hold on a busy machine; the criterion benches (`cargo bench`) give the detail.

use std::process::ExitCode;

use anyhow::{Context, bail};

use crate::engine::playout::play_random_game;
use crate::engine::{Game, LayoutKind, Settings};
use crate::render::{render_board, sample_view};

/// Command-line arguments.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Random 4-player games for the engine figure.
    #[arg(long, default_value_t = 5000)]
    pub games: u64,
    /// Random 4-player games with every invariant checked after every action.
    #[arg(long, default_value_t = 500)]
    pub check_games: u64,
    /// Random playouts from each of the 20 mid-game positions (`engine_playouts_per_cpu_s`).
    #[arg(long, default_value_t = 50)]
    pub playouts: u64,
    /// Boards drawn and encoded for the render figures.
    #[arg(long, default_value_t = 200)]
    pub renders: usize,
}

/// This thread's CPU time in seconds.
fn thread_cpu_seconds() -> anyhow::Result<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes into it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        bail!("the thread CPU clock is not available");
    }
    Ok(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

/// Random 4-player games per CPU-second (no domestic trades, at most 1000 turns each).
pub fn engine_games_per_cpu_s(games: u64, check: bool) -> anyhow::Result<f64> {
    let start = thread_cpu_seconds()?;
    for seed in 0..games {
        let mut game = Game::new(Settings::for_players(4), seed);
        play_random_game(&mut game, seed, 1000, check)
            .map_err(|e| anyhow::anyhow!("game {seed}: {e}"))?;
    }
    let spent = (thread_cpu_seconds()? - start).max(1e-9);
    Ok(games as f64 / spent)
}

/// Mid-game positions for the playout figure: seeded random 4-player games (seeds 1..)
/// stopped at the start of turn [`MID_GAME_TURN`], the first 20 that got there without a
/// winner. Deterministic: the same positions on every machine and in every build that plays
/// the same games.
pub fn mid_game_positions() -> Vec<Game> {
    (1u64..)
        .filter_map(|seed| {
            let mut game = Game::new(Settings::for_players(4), seed);
            play_random_game(&mut game, seed, MID_GAME_TURN - 1, false).ok()?;
            (game.winner().is_none()).then_some(game)
        })
        .take(MID_POSITIONS)
        .collect()
}

/// The turn the mid-game positions stop at: half a random game (they last about 320 turns);
/// the boards then hold about 9 settlements and cities, 30 roads and 13 public VP in all.
pub const MID_GAME_TURN: u32 = 160;
/// How many mid-game positions the playout figure plays from.
pub const MID_POSITIONS: usize = 20;

/// Random playouts to the end (at most 1000 turns) from copies of `positions`, `per_position`
/// from each with different choice seeds, per CPU-second: what a bot pays per rollout, the
/// copy included.
pub fn engine_playouts_per_cpu_s(positions: &[Game], per_position: u64) -> anyhow::Result<f64> {
    let start = thread_cpu_seconds()?;
    for (i, position) in positions.iter().enumerate() {
        for k in 0..per_position {
            let mut game = position.clone();
            let seed = (i as u64) << 32 | k;
            play_random_game(&mut game, seed, 1000, false)
                .map_err(|e| anyhow::anyhow!("playout {k} from position {i}: {e}"))?;
        }
    }
    let spent = (thread_cpu_seconds()? - start).max(1e-9);
    Ok((positions.len() as u64 * per_position) as f64 / spent)
}

/// The value at quantile `q` (0..=1) of sorted `values`.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Milliseconds of CPU to draw and encode a mid-game board, p50 and p99, as during a game:
/// the same layout again and again (its island cached after the first picture, which is
/// measured apart).
fn render_ms(renders: usize, names: &[String]) -> anyhow::Result<(f64, f64, f64)> {
    let view = sample_view(4, LayoutKind::Variable, 7, None);
    let timed = || -> anyhow::Result<f64> {
        let start = thread_cpu_seconds()?;
        render_board(&view, names).context("drawing a board")?;
        Ok((thread_cpu_seconds()? - start) * 1000.0)
    };
    let first = timed()?;
    let mut ms = Vec::with_capacity(renders);
    for _ in 0..renders.max(1) {
        ms.push(timed()?);
    }
    ms.sort_by(f64::total_cmp);
    Ok((quantile(&ms, 0.5), quantile(&ms, 0.99), first))
}

/// PNG size of a mid-game board.
fn png_bytes(players: u8, layout: LayoutKind, names: &[String]) -> anyhow::Result<usize> {
    let view = sample_view(players, layout, 7, None);
    Ok(render_board(&view, names).context("drawing a board")?.len())
}

/// Entry point of the subcommand.
pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    let names: Vec<String> = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    println!(
        "engine_games_per_cpu_s {:.0}",
        engine_games_per_cpu_s(args.games, false)?
    );
    println!(
        "engine_check_games_per_cpu_s {:.0}",
        engine_games_per_cpu_s(args.check_games, true)?
    );
    println!(
        "engine_playouts_per_cpu_s {:.0}",
        engine_playouts_per_cpu_s(&mid_game_positions(), args.playouts)?
    );
    let (p50, p99, first) = render_ms(args.renders, &names)?;
    println!("render_ms_p50 {p50:.2}");
    println!("render_ms_p99 {p99:.2}");
    println!("render_ms_first_of_a_layout {first:.2}");
    println!(
        "png_bytes_4p {}",
        png_bytes(4, LayoutKind::Variable, &names)?
    );
    println!(
        "png_bytes_6p {}",
        png_bytes(6, LayoutKind::Variable, &names)?
    );
    println!(
        "png_bytes_beginner {}",
        png_bytes(4, LayoutKind::Beginner, &names)?
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_pick_from_the_sorted_values() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), 51.0);
        assert_eq!(quantile(&v, 0.99), 99.0);
        assert_eq!(quantile(&v, 0.0), 1.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }

    #[test]
    fn mid_game_positions_are_twenty_fixed_unfinished_games_at_their_turn() {
        let a = mid_game_positions();
        let b = mid_game_positions();
        assert_eq!(a.len(), MID_POSITIONS);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.turn(), MID_GAME_TURN);
            assert!(x.winner().is_none());
            assert_eq!(x.view(None), y.view(None));
        }
        assert!(engine_playouts_per_cpu_s(&a[..2], 1).unwrap() > 0.0);
    }

    #[test]
    fn the_thread_clock_moves_forward_with_work() {
        let a = thread_cpu_seconds().unwrap();
        let mut g = Game::new(Settings::for_players(4), 3);
        let outcome = play_random_game(&mut g, 3, 50, true).unwrap();
        let b = thread_cpu_seconds().unwrap();
        assert!(outcome.actions > 0);
        assert!(b >= a, "{b} < {a}");
    }
}
