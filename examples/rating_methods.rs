//! Which rating method ranks a community right after the fewest games? Eight "players" of
//! known strength (by default four easy and four strong bots) play four-seat
//! games drawn at random from the pool (`bots::arena`); each game is placed winner first,
//! then by victory points, and fed to every candidate method (`community::measure`). Printed:
//! per method, the share of pairs of players of different strength ranked in the right order
//! after 25, 50, 100 and 200 games, and after how many games that share stays at 90 % or more,
//! averaged over several schedules.
//!
//! `cargo run --example rating_methods -- [schedules] [games] [pool] [think_ms]` (defaults 6,
//! 200, four easy and four strong bots (`DEFAULT_POOL`), and 5 ms for an expert's move).

use catan_bot::bots::BotLevel;
use catan_bot::bots::arena::{SeatKind, play_match_with};
use catan_bot::bots::expert::Think;
use catan_bot::community::measure::{Game, Method, accuracy_curve, made_up_games, settled_after};
use catan_bot::engine::{self, Settings};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The default pool: four easy and four strong bots (the strong wins about 40 % against
/// three easy ones: a real but noisy edge, as between people). Random movers are too weak to
/// tell methods apart: every method orders them after three or four games.
const DEFAULT_POOL: &str = "easy,easy,easy,easy,strong,strong,strong,strong";

/// A seat kind's known strength.
fn strength(kind: SeatKind) -> u32 {
    match kind {
        SeatKind::Random => 0,
        SeatKind::Bot(BotLevel::Easy) => 1,
        SeatKind::Bot(BotLevel::Strong) => 2,
        SeatKind::Bot(BotLevel::Expert) => 3,
    }
}

/// One schedule of `count` games, seeded by `schedule`.
fn play_schedule(pool: &[SeatKind], think: Think, schedule: u64, count: usize) -> Vec<Game> {
    let mut rng = ChaCha8Rng::seed_from_u64(schedule);
    let players: Vec<usize> = (0..pool.len()).collect();
    (0..count)
        .map(|i| {
            let seats: Vec<usize> = players.choose_multiple(&mut rng, 4).copied().collect();
            let kinds: Vec<SeatKind> = seats.iter().map(|p| pool[*p]).collect();
            let seed = schedule * 1_000_003 + i as u64;
            let mut game = engine::Game::new(Settings::for_players(4), seed);
            let outcome =
                match play_match_with(&mut game, &kinds, seed, 400, think, |_, _| {}, |_| {}) {
                    Ok(outcome) => outcome,
                    Err(e) => panic!("match {i} of schedule {schedule}: {e}"),
                };
            let key = |s: usize| {
                (
                    outcome.winner != Some(s as u8),
                    std::cmp::Reverse(outcome.vp[s]),
                )
            };
            seats
                .iter()
                .enumerate()
                .map(|(s, p)| {
                    (
                        *p,
                        1 + (0..seats.len()).filter(|t| key(*t) < key(s)).count(),
                    )
                })
                .collect()
        })
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let schedules: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(6);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let pool_text = args.next().unwrap_or_else(|| DEFAULT_POOL.to_string());
    let pool: Vec<SeatKind> = match pool_text.split(',').map(str::parse).collect() {
        Ok(pool) => pool,
        Err(e) => panic!("the pool: {e}"),
    };
    let think_ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let think = Think::from_ms(think_ms);
    let strength: Vec<u32> = pool.iter().map(|k| strength(*k)).collect();
    let played: Vec<Vec<Game>> = (1..=schedules)
        .map(|s| play_schedule(&pool, think, s, games))
        .collect();
    println!("{schedules} schedules of {games} four-player games among {pool_text}");
    report(&strength, &played, games);
    // The same comparison on many more schedules of made-up games (instant): eight players
    // of strengths 0..7, luck three times as wide as the whole range (a close field).
    let strength: Vec<u32> = (0..8).collect();
    let schedules = 200;
    let made_up: Vec<Vec<Game>> = (1..=schedules)
        .map(|s| made_up_games(s, games, &strength, 24.0))
        .collect();
    println!();
    println!("{schedules} schedules of {games} made-up games among strengths 0..7, luck 0..24");
    report(&strength, &made_up, games);
}

/// Prints, per method, the mean share of pairs in the right order at checkpoints and after
/// how many games it stays at 90 % or more.
fn report(strength: &[u32], played: &[Vec<Game>], games: usize) {
    let checkpoints: Vec<usize> = [25, 50, 100, 200, 400]
        .into_iter()
        .filter(|c| *c <= games)
        .collect();
    let head: Vec<String> = checkpoints.iter().map(|c| format!("{c:>5}")).collect();
    println!(
        "{:<22} {}   settled ≥90%",
        "order right after",
        head.join(" ")
    );
    for method in Method::ALL {
        let curves: Vec<Vec<f64>> = played
            .iter()
            .map(|g| accuracy_curve(method, strength, g))
            .collect();
        let cells: Vec<String> = checkpoints
            .iter()
            .map(|c| {
                let mean =
                    curves.iter().map(|curve| curve[c - 1]).sum::<f64>() / curves.len() as f64;
                format!("{:>4.0}%", 100.0 * mean)
            })
            .collect();
        // A schedule that never settles counts as all its games.
        let settled: Vec<usize> = curves
            .iter()
            .map(|c| settled_after(c, 0.9).unwrap_or(c.len()))
            .collect();
        let never = curves
            .iter()
            .filter(|c| settled_after(c, 0.9).is_none())
            .count();
        let mean = settled.iter().sum::<usize>() as f64 / settled.len() as f64;
        let settled_text = format!("{mean:.0} games ({never} of {} never)", curves.len());
        println!("{:<22} {}   {settled_text}", method.name(), cells.join(" "));
    }
}
