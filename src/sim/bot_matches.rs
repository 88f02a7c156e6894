//! `catan-bot simulate --bots strong,easy,easy,easy`: bot matches with the line-up rotated
//! across games (game `i` seats kind `k` at seat `(k + i) mod n`, since seat 0 starts), then for
//! each seat kind its win rate with a 95% Wilson interval, average final VP and the average
//! game length. A game stopped by the turn cap counts as won by nobody. Each bot level's
//! decision time is reported too (p50, p99, max), on this thread's CPU clock so that other
//! work on the machine does not inflate it; experts think for `--think-ms`.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::anyhow;

use super::SimulateArgs;
use crate::bots::arena::{SeatKind, parse_lineup, play_match_with};
use crate::bots::expert::Think;
use crate::engine::{Game, Settings};

/// Totals for one seat kind.
#[derive(Default)]
struct KindStats {
    seats: u64,
    wins: u64,
    vp: u64,
    /// CPU nanoseconds of each decision of a bot of this kind.
    decisions: Vec<u64>,
}

/// This thread's CPU time in nanoseconds (0 if the clock is unavailable).
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes into it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// The `q` quantile of sorted nanoseconds, in milliseconds.
fn quantile_ms(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i] as f64 / 1e6
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
        let started = Cell::new(0u64);
        let mut times: Vec<(u8, u64)> = Vec::new();
        let outcome = match play_match_with(
            &mut game,
            &seats,
            seed,
            args.max_turns,
            Think::from_ms(args.think_ms),
            |_, _| started.set(thread_cpu_ns()),
            |seat| {
                let now = thread_cpu_ns();
                times.push((seat, now.saturating_sub(started.get())));
                // an answer to an offer starts right after the decision before it
                started.set(now);
            },
        ) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("game {i} (seed {seed}): {e}");
                return Ok(ExitCode::FAILURE);
            }
        };
        for (seat, ns) in times {
            let kind = seats[seat as usize];
            stats.entry(kind.name()).or_default().decisions.push(ns);
        }
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
        "games: {} (line-up {lineup}, rotated; seed {}, max {} turns, experts think {} ms = {} \
         rollout steps)",
        args.games,
        args.seed,
        args.max_turns,
        args.think_ms,
        Think::from_ms(args.think_ms).steps
    );
    println!("time: {:.3} s", start.elapsed().as_secs_f64());
    println!("average turns: {:.1}", turns as f64 / games);
    println!(
        "no winner (turn cap): {} ({:.1}%)",
        unfinished,
        100.0 * unfinished as f64 / games
    );
    println!("domestic trades between bots: {trades}");
    for (name, k) in &mut stats {
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
        if !k.decisions.is_empty() {
            k.decisions.sort_unstable();
            println!(
                "{name}: decision CPU time p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms ({} decisions)",
                quantile_ms(&k.decisions, 0.5),
                quantile_ms(&k.decisions, 0.99),
                quantile_ms(&k.decisions, 1.0),
                k.decisions.len()
            );
        }
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
