//! `catan-bot local`: a terminal adapter over the same [`Table`] the Discord bot uses. Several
//! local players type commands (`alice: build road 12-13`, or `as bob` then plain commands);
//! private replies are printed marked for their owner; posted boards are written as PNG files.
//! Lines come from `--script FILE` or stdin, so tests drive whole games with it.
//!
//! Every command ends with an acknowledgement line (`ack <line> v<version>`), printed only
//! after the table returned, i.e. after the action is durable in the store.

mod input;
mod output;

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;

use crate::store::SledStore;
use crate::table::{Caller, Table, TableOptions};

use input::Line;
use output::Printer;

/// The chat place the console game lives in.
const PLACE: u64 = 1;

/// Command-line arguments.
#[derive(clap::Args, Debug, Default)]
pub struct LocalArgs {
    /// Player names in order, e.g. `alice,bob,carol` (2–6). The first one hosts.
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Game seed: fixes board, deck, dice and seat order.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Keep the game in this directory; run again with the same directory to resume.
    /// Without it, a temporary directory is used and the game is gone on exit.
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Where posted boards (PNG) and attached files (a game's public record) are written.
    #[arg(long, default_value = "boards")]
    pub out: PathBuf,
    /// Read commands from this file instead of stdin.
    #[arg(long)]
    pub script: Option<PathBuf>,
    /// Extra settings for a new game, as after `new` (e.g. "vp 8 timer 5").
    #[arg(long, default_value = "")]
    pub settings: String,
    /// Do not draw boards or write files (faster; for scripted runs).
    #[arg(long)]
    pub no_boards: bool,
}

/// A data directory for a game that is not kept; removed on exit.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> anyhow::Result<TempDir> {
        let dir = std::env::temp_dir().join(format!(
            "catan-bot-local-{}-{}",
            std::process::id(),
            now_ms()
        ));
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("creating a temporary data directory {}", dir.display()))?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Entry point of the subcommand.
pub fn run(args: LocalArgs) -> anyhow::Result<std::process::ExitCode> {
    let players = input::player_names(&args.players)?;
    let _tmp;
    let data = match &args.data {
        Some(d) => d.clone(),
        None => {
            let t = TempDir::new()?;
            let p = t.0.clone();
            _tmp = t;
            p
        }
    };
    std::fs::create_dir_all(&data)
        .with_context(|| format!("creating the data directory {}", data.display()))?;
    let store = SledStore::open(&data)
        .with_context(|| format!("opening the game store in {}", data.display()))?;
    let options = TableOptions {
        render_boards: !args.no_boards,
        ..TableOptions::default()
    };
    let mut table = Table::open(Box::new(store), options)?;
    let callers: Vec<Caller> = players
        .iter()
        .enumerate()
        .map(|(i, n)| Caller::new(PLACE, i as u64 + 1, n.clone()))
        .collect();
    let stdout = std::io::stdout();
    let mut printer = Printer::new(stdout.lock(), &callers, args.out.clone(), !args.no_boards);
    for p in table.load_problems() {
        printer.note(&format!(
            "stored game {} could not be resumed: {}",
            p.game, p.reason
        ))?;
    }
    printer.replies(table.startup_notices())?;

    ensure_game(&mut table, &callers, &args, &mut printer)?;

    let reader: Box<dyn BufRead> = match &args.script {
        Some(path) => Box::new(std::io::BufReader::new(
            std::fs::File::open(path)
                .with_context(|| format!("opening the script {}", path.display()))?,
        )),
        None => Box::new(std::io::BufReader::new(std::io::stdin())),
    };
    let mut active = 0usize;
    let mut lines = input::LineReader::new(reader);
    let mut n = 0;
    while let Some(line) = lines.next_line().context("reading a command")? {
        n += 1;
        let line = match line {
            Ok(line) => line,
            Err(skipped) => {
                printer.note(&format!("line {n} skipped: {skipped}"))?;
                continue;
            }
        };
        let replies = table.tick(now_ms());
        printer.replies(&replies)?;
        match input::parse_line(&line, &players) {
            Line::Blank => continue,
            Line::Quit => break,
            Line::Switch(i) => {
                active = i;
                printer.note(&format!("now typing as {}", players[i]))?;
            }
            Line::UnknownPlayer(name) => printer.note(&format!(
                "`{name}` is not one of the players ({}); type `name: command` or `as name`.",
                players.join(", ")
            ))?,
            Line::Command { player, text } => {
                let who = player.unwrap_or(active);
                let replies = table.handle_text(&callers[who], &text, now_ms());
                printer.replies(&replies)?;
                let version = table
                    .game_in(PLACE)
                    .and_then(|g| g.version)
                    .map(|v| format!("v{v}"))
                    .unwrap_or_else(|| "-".into());
                printer.ack(n, &version)?;
            }
        }
    }
    printer.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// Creates and starts the console game unless one is stored already (then resumes it). Safe
/// to repeat after an interrupted start: it only does the missing steps.
fn ensure_game(
    table: &mut Table,
    callers: &[Caller],
    args: &LocalArgs,
    printer: &mut Printer<impl Write>,
) -> anyhow::Result<()> {
    let Some(host) = callers.first() else {
        anyhow::bail!("no players");
    };
    if let Some(g) = table.game_in(PLACE)
        && let Some(v) = g.version
    {
        printer.note(&format!("resumed game {} at move {v}", g.id))?;
        let status = table.handle_text(host, "status", now_ms());
        printer.replies(&status)?;
        return Ok(());
    }
    if table.game_in(PLACE).is_none() {
        let mut text = format!("new players {}", callers.len());
        if let Some(seed) = args.seed {
            text.push_str(&format!(" seed {seed}"));
        }
        if !args.settings.trim().is_empty() {
            text.push(' ');
            text.push_str(args.settings.trim());
        }
        let r = table.handle_text(host, &text, now_ms());
        printer.replies(&r)?;
        if r.iter().any(|r| r.is_refusal()) {
            anyhow::bail!("the game could not be created");
        }
    }
    let joined: Vec<u64> = table
        .game_in(PLACE)
        .map(|g| g.players.iter().map(|(u, _)| *u).collect())
        .unwrap_or_default();
    for c in callers.iter().filter(|c| !joined.contains(&c.user)) {
        let r = table.handle_text(c, "join", now_ms());
        printer.replies(&r)?;
    }
    let r = table.handle_text(host, "start", now_ms());
    printer.replies(&r)?;
    match table
        .game_in(PLACE)
        .and_then(|g| g.version.map(|v| (g.id, v)))
    {
        Some((id, v)) => printer.note(&format!("started game {id} at move {v}"))?,
        None => anyhow::bail!("the game could not be started"),
    }
    Ok(())
}
