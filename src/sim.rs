//! `catan-bot simulate`: plays many games with uniformly random legal actions (no domestic
//! trades), reports speed and outcomes, and with `--check` verifies the engine's invariants
//! after every action. With `--bots strong,random,random,random` it plays bot matches instead
//! (`sim/bot_matches.rs`) and reports each seat kind's win rate.

use std::process::ExitCode;
use std::time::Instant;

use crate::engine::playout::play_random_game;
use crate::engine::{Game, Settings};
use anyhow::{Context, bail};

mod bot_matches;

/// Command-line arguments.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// Number of games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Players per game: a number (`4`) or a range cycled across games (`3..6`).
    #[arg(long, default_value = "4")]
    pub players: String,
    /// Base seed; game `i` uses seed `seed + i` for its board and its random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Check every invariant after every action; exit non-zero on a violation.
    #[arg(long)]
    pub check: bool,
    /// Stop a game without a winner after this many turns (random play is slow to finish).
    #[arg(long, default_value_t = 1000)]
    pub max_turns: u32,
    /// Play a bot match instead: the seat kinds, comma-separated (`expert`, `strong`, `easy`,
    /// `random`; 2 to 6 seats), rotated across games. Overrides `--players`.
    #[arg(long)]
    pub bots: Option<String>,
    /// Play the Helpers of Catan scenario.
    #[arg(long)]
    pub helpers: bool,
    /// An expert bot's think time per decision in bot matches, in milliseconds of one core
    /// (a fixed number of rollout steps, see `bots::expert::Think`).
    #[arg(long, default_value_t = crate::bots::expert::DEFAULT_THINK_MS)]
    pub think_ms: u64,
}

impl Default for SimulateArgs {
    fn default() -> Self {
        SimulateArgs {
            games: 1000,
            players: "4".into(),
            seed: 1,
            check: false,
            max_turns: 1000,
            bots: None,
            helpers: false,
            think_ms: crate::bots::expert::DEFAULT_THINK_MS,
        }
    }
}

/// Parses `4` or `3..6` (inclusive) into a list of player counts.
pub fn parse_players(s: &str) -> anyhow::Result<Vec<u8>> {
    let parse = |x: &str| -> anyhow::Result<u8> {
        let n: u8 = x
            .trim()
            .parse()
            .with_context(|| format!("`{x}` is not a player count"))?;
        if !(2..=6).contains(&n) {
            bail!("player counts go from 2 to 6, not {n}");
        }
        Ok(n)
    };
    match s.split_once("..") {
        Some((a, b)) => {
            let b = b.trim_start_matches('=');
            let (a, b) = (parse(a)?, parse(b)?);
            if a > b {
                bail!("empty player range {s}");
            }
            Ok((a..=b).collect())
        }
        None => Ok(vec![parse(s)?]),
    }
}

/// Entry point of the subcommand.
pub fn run(args: SimulateArgs) -> anyhow::Result<ExitCode> {
    if let Some(lineup) = &args.bots {
        return bot_matches::run(lineup, &args);
    }
    let counts = parse_players(&args.players)?;
    let start = Instant::now();
    let (mut actions, mut turns, mut won) = (0u64, 0u64, 0u64);
    for i in 0..args.games {
        let players = counts[(i % counts.len() as u64) as usize];
        let seed = args.seed.wrapping_add(i);
        let settings = Settings {
            helpers: args.helpers,
            ..Settings::for_players(players)
        };
        let mut game = Game::new(settings, seed);
        match play_random_game(&mut game, seed, args.max_turns, args.check) {
            Ok(o) => {
                actions += o.actions;
                turns += o.turns as u64;
                won += o.winner.is_some() as u64;
            }
            Err(e) => {
                eprintln!("game {i} ({players} players, seed {seed}): invariant violated: {e}");
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let games = args.games.max(1) as f64;
    println!(
        "games: {} ({} players{}, seed {}, max {} turns{})",
        args.games,
        args.players,
        if args.helpers { ", helpers" } else { "" },
        args.seed,
        args.max_turns,
        if args.check {
            ", invariants checked"
        } else {
            ""
        }
    );
    println!("time: {secs:.3} s");
    println!("games/s: {:.0}", args.games as f64 / secs);
    println!("actions/s: {:.0}", actions as f64 / secs);
    println!("average actions per game: {:.1}", actions as f64 / games);
    println!("average turns: {:.1}", turns as f64 / games);
    println!("finished with a winner: {:.1}%", 100.0 * won as f64 / games);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_ranges_parse() {
        assert_eq!(parse_players("4").unwrap(), vec![4]);
        assert_eq!(parse_players("3..6").unwrap(), vec![3, 4, 5, 6]);
        assert_eq!(parse_players("5..=6").unwrap(), vec![5, 6]);
        assert!(parse_players("7").is_err());
        assert!(parse_players("6..3").is_err());
        assert!(parse_players("x").is_err());
    }
}
