//! What one bot process can hold, for sizing a sharded deployment (README, "Many processes"):
//! memory per loaded game, start-up time with 10,000 stored games, and table commands per
//! second with those games loaded. Prints figures; run: `cargo bench --bench scale`
//! (`SCALE_GAMES=N` for another count). `cargo test --benches` runs a small smoke version.
//!
//! The data directory is written first; a fresh child process (this binary again, with
//! `--measure DIR`) then opens it, so its memory figures are not mixed with the writing's.
//! Memory is the process's resident set (VmRSS) before and after opening the table: all that
//! loading costs, sled's cache of the records read included. Never asserted in tests.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use catan_bot::engine::{Action, Game};
use catan_bot::store::SledStore;
use catan_bot::table::command::ParseContext;
use catan_bot::table::{Caller, Table, TableOptions, command_for};

/// Actions played in each stored game after its start (setup and a few turns).
const ACTIONS_PER_GAME: usize = 40;

fn options() -> TableOptions {
    TableOptions {
        render_boards: false,
        ..TableOptions::default()
    }
}

/// Builds when it can, else ends the turn, else the first legal action (rolls, discards…).
fn choose(legal: &[Action]) -> Option<Action> {
    let build = |a: &&Action| {
        matches!(
            a,
            Action::BuildCity(_) | Action::BuildSettlement(_) | Action::BuildRoad(_)
        )
    };
    legal
        .iter()
        .find(build)
        .or_else(|| legal.iter().find(|a| **a == Action::EndTurn))
        .or_else(|| legal.first())
        .cloned()
}

/// The next command of game `id` and who sends it; `None` when it is over.
fn next_command_of(
    table: &Table,
    id: u64,
    players: &[(u64, String)],
    place: u64,
) -> Option<(Caller, String)> {
    let g: &Game = table.game_state(id)?;
    if g.winner().is_some() {
        return None;
    }
    let seat = *g.waiting_for().first()?;
    let action = choose(&g.legal_actions(seat))?;
    let text = command_for(
        &action,
        &ParseContext {
            topology: g.topology(),
            players,
        },
    );
    let (user, name) = players.get(seat as usize)?.clone();
    Some((Caller::new(place, user, name), text))
}

fn say(table: &mut Table, caller: &Caller, text: &str, now: &mut u64) {
    *now += 1_000;
    let replies = table.handle_text(caller, text, *now);
    if let Some(refused) = replies.iter().find(|r| r.is_refusal()) {
        panic!("`{text}` refused: {}", refused.text);
    }
}

/// Stores `games` started 3-player games, each `ACTIONS_PER_GAME` actions in.
fn write_games(dir: &Path, games: u64) {
    let store = SledStore::open(dir).expect("store");
    let mut table = Table::open(Box::new(store), options()).expect("table");
    let mut now = 1_000_000;
    let started = Instant::now();
    for place in 1..=games {
        let seat = |user: u64, name: &str| Caller::new(place, user, name);
        say(
            &mut table,
            &seat(1, "alice"),
            &format!("new players 3 seed {place}"),
            &mut now,
        );
        say(&mut table, &seat(2, "bob"), "join", &mut now);
        say(&mut table, &seat(3, "carol"), "join", &mut now);
        say(&mut table, &seat(1, "alice"), "start", &mut now);
        let summary = table.game_in(place).expect("game");
        for _ in 0..ACTIONS_PER_GAME {
            let Some((caller, text)) = next_command_of(&table, summary.id, &summary.players, place)
            else {
                break;
            };
            say(&mut table, &caller, &text, &mut now);
        }
    }
    println!(
        "wrote {games} games ({ACTIONS_PER_GAME} actions each after the start) in {:.1} s; data \
         dir {:.1} MB",
        started.elapsed().as_secs_f64(),
        table.store_size().unwrap_or(0) as f64 / 1e6
    );
}

/// The process's resident set size in bytes (Linux).
fn rss_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// In the child: open `dir`, then time `commands` commands spread over its games.
fn measure(dir: &Path, commands: usize) {
    let before = rss_bytes();
    let started = Instant::now();
    let store = SledStore::open(dir).expect("store");
    let store_only = rss_bytes();
    let mut table = Table::open(Box::new(store), options()).expect("table");
    let startup = started.elapsed();
    let after = rss_bytes();
    let games = table.games();
    let count = games.len() as f64;
    let state_bytes: usize = games
        .iter()
        .filter_map(|s| table.game_state(s.id))
        .map(|g| bincode::serialized_size(g).unwrap_or(0) as usize)
        .sum();
    println!(
        "start-up: {} games loaded in {:.2} s ({:.2} s per 10,000 games)",
        games.len(),
        startup.as_secs_f64(),
        startup.as_secs_f64() * 10_000.0 / count.max(1.0)
    );
    println!(
        "memory: RSS {:.1} MB before opening, {:.1} MB with the store open, {:.1} MB with \
         every game loaded: {:.1} KB per loaded game (serialized game state alone: {:.1} KB \
         per game)",
        before as f64 / 1e6,
        store_only as f64 / 1e6,
        after as f64 / 1e6,
        (after.saturating_sub(before)) as f64 / 1e3 / count.max(1.0),
        state_bytes as f64 / 1e3 / count.max(1.0)
    );

    // Commands round-robin over the games, as many servers playing at once would send them.
    let mut now = 10_000_000_000;
    let mut sent = 0;
    let started = Instant::now();
    'outer: for round in 0.. {
        let mut any = false;
        for game in &games {
            if sent == commands {
                break 'outer;
            }
            let Some((caller, text)) = next_command_of(&table, game.id, &game.players, game.place)
            else {
                continue;
            };
            say(&mut table, &caller, &text, &mut now);
            sent += 1;
            any = true;
        }
        if !any || round > 1_000 {
            break;
        }
    }
    let wall = started.elapsed();
    println!(
        "commands: {sent} over {} games in {:.2} s = {:.0} commands/s (table + durable sled \
         writes, no board pictures); RSS afterwards {:.1} MB",
        games.len(),
        wall.as_secs_f64(),
        sent as f64 / wall.as_secs_f64(),
        rss_bytes() as f64 / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--measure") {
        let commands = args.get(i + 2).and_then(|n| n.parse().ok()).unwrap_or(0);
        measure(Path::new(&args[i + 1]), commands);
        return;
    }
    // `cargo bench` passes `--bench`; `cargo test --benches` runs a quick smoke version.
    let quick = !args.iter().any(|a| a == "--bench");
    let games = std::env::var("SCALE_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if quick { 50 } else { 10_000 });
    let dir = tempfile::tempdir().expect("temp dir");
    write_games(dir.path(), games);
    let exe = std::env::current_exe().expect("this benchmark's path");
    let status = Command::new(exe)
        .arg("--measure")
        .arg(dir.path())
        .arg(if quick { "2000" } else { "20000" })
        .status()
        .expect("the measuring child");
    assert!(status.success(), "the measuring child failed");
}
