//! Decision time of the strong bot: every decision it makes in simulated 4-player games (against
//! easy and random players), timed on this thread's CPU clock (so a busy machine does not
//! inflate the figures), then p50, p99 and the maximum. Also the easy bot for comparison.
//!
//! `cargo bench --bench bots` (a plain `harness = false` bench: it prints figures, asserts
//! nothing about speed).

use catan_bot::bots::arena::{SeatKind, play_match};
use catan_bot::bots::{Bot, BotLevel};
use catan_bot::engine::{Game, Settings};

/// This thread's CPU time in nanoseconds.
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes into it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "the thread CPU clock is not available");
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// CPU nanoseconds of every decision `level` makes in `games` games of `lineup` (the timed bot
/// in seat `i mod 4` of game `i`), building its view and legal actions included.
fn decision_times(level: BotLevel, others: SeatKind, games: u64) -> Vec<u64> {
    let mut times = Vec::new();
    for i in 0..games {
        let timed_seat = (i % 4) as u8;
        let kinds: Vec<SeatKind> = (0..4)
            .map(|s| {
                if s == timed_seat {
                    SeatKind::Bot(level)
                } else {
                    others
                }
            })
            .collect();
        let mut game = Game::new(Settings::for_players(4), 500 + i);
        let timed = Bot::new(level, i);
        let result = play_match(&mut game, &kinds, i, 1000, |g, seat| {
            if seat != timed_seat {
                return;
            }
            let start = thread_cpu_ns();
            let view = g.view(Some(seat));
            let legal = g.legal_actions(seat);
            std::hint::black_box(timed.choose(&view, &legal));
            times.push(thread_cpu_ns().saturating_sub(start));
        });
        if let Err(e) = result {
            panic!("game {i}: {e}");
        }
    }
    times.sort_unstable();
    times
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    for (level, others, name) in [
        (
            BotLevel::Strong,
            SeatKind::Bot(BotLevel::Easy),
            "strong vs 3 easy",
        ),
        (BotLevel::Strong, SeatKind::Random, "strong vs 3 random"),
        (
            BotLevel::Easy,
            SeatKind::Bot(BotLevel::Easy),
            "easy vs 3 easy",
        ),
    ] {
        let t = decision_times(level, others, 200);
        println!(
            "{name}: {} decisions, p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs (thread CPU time)",
            t.len(),
            percentile(&t, 0.5),
            percentile(&t, 0.99),
            percentile(&t, 1.0)
        );
    }
}
