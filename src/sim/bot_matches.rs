//! `catan-bot simulate --bots strong,easy,easy,easy`: bot matches with the line-up rotated
//! across games (game `i` seats kind `k` at seat `(k + i) mod n`, since seat 0 starts), then for
//! each seat kind its win rate with a 95% Wilson interval, average final VP and the average
//! game length. A game stopped by the turn cap counts as won by nobody.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::anyhow;

use super::SimulateArgs;
use crate::bots::arena::{SeatKind, parse_lineup, play_match};
use crate::engine::{Game, Settings};

/// Totals for one seat kind.
#[derive(Default)]
struct KindStats {
    seats: u64,
    wins: u64,
    vp: u64,
}

/// The 95% Wilson score interval of `wins` out of `n`, as fractions.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.96f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

pub fn run(lineup: &str, args: &SimulateArgs) -> anyhow::Result<ExitCode> {
    let kinds = parse_lineup(lineup).map_err(|e| anyhow!(e))?;
    let n = kinds.len();
    let start = Instant::now();
    let mut stats: BTreeMap<&'static str, KindStats> = BTreeMap::new();
    let (mut turns, mut unfinished, mut trades) = (0u64, 0u64, 0u64);
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(i);
        let seats: Vec<SeatKind> = (0..n)
            .map(|s| kinds[(s + n - (i as usize % n)) % n])
            .collect();
        let mut game = Game::new(Settings::for_players(n as u8), seed);
        let outcome = match play_match(&mut game, &seats, seed, args.max_turns, |_, _| {}) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("game {i} (seed {seed}): {e}");
                return Ok(ExitCode::FAILURE);
            }
        };
        turns += outcome.turns as u64;
        trades += outcome.trades as u64;
        unfinished += outcome.winner.is_none() as u64;
        for (s, kind) in seats.iter().enumerate() {
            let k = stats.entry(kind.name()).or_default();
            k.seats += 1;
            k.vp += outcome.vp[s] as u64;
            k.wins += (outcome.winner == Some(s as u8)) as u64;
        }
    }
    let games = args.games.max(1) as f64;
    println!(
        "games: {} (line-up {lineup}, rotated; seed {}, max {} turns)",
        args.games, args.seed, args.max_turns
    );
    println!("time: {:.3} s", start.elapsed().as_secs_f64());
    println!("average turns: {:.1}", turns as f64 / games);
    println!(
        "no winner (turn cap): {} ({:.1}%)",
        unfinished,
        100.0 * unfinished as f64 / games
    );
    println!("domestic trades between bots: {trades}");
    for (name, k) in &stats {
        let (lo, hi) = wilson(k.wins, k.seats);
        println!(
            "{name}: win rate {:.1}% per seat (95% CI {:.1}–{:.1}%, {} wins of {} seat-games), \
             average VP {:.2}",
            100.0 * k.wins as f64 / k.seats.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            k.wins,
            k.seats,
            k.vp as f64 / k.seats.max(1) as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(90, 100);
        assert!((0.82..0.84).contains(&lo), "{lo}");
        assert!((0.94..0.95).contains(&hi), "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.2 && hi < 0.35);
    }
}
