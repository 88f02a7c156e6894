//! `catan-bot local`: a terminal adapter over the same [`Table`] the Discord bot uses. Several
//! local players type commands (`alice: build road 8-13`, or `as bob` then plain commands);
//! private replies are printed marked for their owner; posted boards are written as PNG files.
//! Lines come from `--script FILE` or stdin, so tests drive whole games with it.
//!
//! With `--acks`, every command ends with an acknowledgement line (`ack <line> v<version>`),
//! printed only after the table returned, i.e. after the action is durable in the store.

mod input;
mod output;
mod start;

use std::io::BufRead;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;

use crate::i18n::Lang;
use crate::store::SledStore;
use crate::table::{Caller, Table, TableOptions};

use input::{Line, Nack};
use output::Printer;
use std::sync::mpsc;

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
    /// After each command print `ack <line> v<version>` once it is stored (for scripts).
    #[arg(long)]
    pub acks: bool,
    /// Computer players to seat besides the named players (a new game only).
    #[arg(long, default_value_t = 0)]
    pub bots: u8,
    /// How well the bots play: easy, strong or expert.
    #[arg(long, default_value = "strong")]
    pub bot_level: crate::bots::BotLevel,
    /// The pause before each bot move, so you can follow (0 for scripts).
    #[arg(long, default_value_t = 1_000)]
    pub bot_delay_ms: u64,
    /// An expert bot's think time per move, in milliseconds of one core (at most 10000).
    #[arg(long, default_value_t = crate::bots::expert::DEFAULT_THINK_MS,
          value_parser = clap::value_parser!(u64).range(0..=crate::config::MAX_BOT_THINK_MS))]
    pub bot_think_ms: u64,
    /// How long a bot's trade offer waits for your answer (whatever else you type meanwhile).
    #[arg(long, default_value_t = crate::table::DEFAULT_BOT_OFFER_WAIT_MS)]
    pub offer_wait_ms: u64,
    /// The language the table and the console speak: a code such as `en` or `de`.
    #[arg(long, default_value = "en", value_parser = Lang::from_arg)]
    pub lang: Lang,
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
    // Everything the console says, and every game it opens, is in the chosen language.
    let _lang = crate::i18n::scope(args.lang);
    let players = input::player_names(&args.players, args.bots)?;
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
        bot_delay_ms: args.bot_delay_ms,
        bot_think_ms: args.bot_think_ms,
        bot_offer_wait_ms: args.offer_wait_ms,
        default_lang: args.lang,
        ..TableOptions::default()
    };
    let mut table = Table::open(Box::new(store), options)?;
    let callers: Vec<Caller> = start::callers(&table, &players)?;
    let stdout = std::io::stdout();
    let mut printer = Printer::new(
        stdout.lock(),
        &callers,
        args.out.clone(),
        !args.no_boards,
        args.acks,
    );
    for p in table.load_problems() {
        printer.note(&crate::t!(
            "console-not-resumed",
            game = p.game.to_string(),
            reason = p.reason.to_string()
        ))?;
    }
    printer.replies(table.startup_notices())?;

    let bots = start::Bots {
        count: args.bots,
        level: args.bot_level,
    };
    start::ensure_game(
        &mut table,
        &callers,
        &new_game_settings(&args),
        bots,
        &mut printer,
    )?;
    if let Some(game) = table.game_in(PLACE) {
        for line in start::banner(&game, args.data.is_some()) {
            printer.note(&line)?;
        }
    }

    let reader: Box<dyn BufRead + Send> = match &args.script {
        Some(path) => Box::new(std::io::BufReader::new(
            std::fs::File::open(path)
                .with_context(|| format!("opening the script {}", path.display()))?,
        )),
        None => Box::new(std::io::BufReader::new(std::io::stdin())),
    };
    // The player chosen with `as name`; until then a command must say whose it is (unless
    // one person plays alone, with bots).
    let mut active: Option<usize> = (players.len() == 1).then_some(0);
    let lines = read_lines(reader);
    let mut n = 0;
    loop {
        // While a bot's offer waits for people's answers, the console waits for a line until
        // the offer's wait is over, whatever lines come meanwhile.
        let open_until = run_bots(&mut table, &mut printer)?;
        if table.game_in(PLACE).is_none() {
            printer.note(&crate::t!("console-game-over"))?;
            break;
        }
        let input = match open_until {
            Some(until) => {
                let wait = std::time::Duration::from_millis(until.saturating_sub(now_ms()));
                match lines.recv_timeout(wait) {
                    Ok(input) => input,
                    Err(mpsc::RecvTimeoutError::Timeout) => continue,
                    Err(mpsc::RecvTimeoutError::Disconnected) => Input::End,
                }
            }
            None => lines.recv().unwrap_or(Input::End),
        };
        let line = match input {
            Input::End => break,
            Input::Failed(e) => return Err(e).context("reading a command"),
            Input::Line(line) => line,
        };
        n += 1;
        let line = match line {
            Ok(line) => line,
            Err(skipped) => {
                printer.note(&crate::t!(
                    "console-line-skipped",
                    line = n,
                    reason = skipped.to_string()
                ))?;
                printer.nack(n, Nack::from(&skipped))?;
                continue;
            }
        };
        let replies = table.tick(now_ms());
        printer.replies(&replies)?;
        match input::parse_line(&line, &players) {
            Line::Blank => printer.nack(n, Nack::Blank)?,
            Line::Quit => {
                printer.ack(n, &version(&table))?;
                break;
            }
            Line::Switch(i) => {
                active = Some(i);
                printer.note(&crate::t!("console-typing-as", name = players[i].as_str()))?;
                printer.ack(n, &version(&table))?;
            }
            Line::UnknownPlayer(name) => {
                printer.note(&crate::t!(
                    "console-unknown-player",
                    name = crate::i18n::excerpt(&name),
                    players = players.join(", ")
                ))?;
                printer.nack(n, Nack::UnknownPlayer)?;
            }
            Line::Command { player, text } => {
                let who = match player.or(active) {
                    Some(i) => Some(callers[i].clone()),
                    None if !input::needs_player(&text) => Some(start::everyone()),
                    None => None,
                };
                let Some(who) = who else {
                    printer.note(&whose(&table, &players, &text))?;
                    printer.nack(n, Nack::Whose)?;
                    continue;
                };
                let replies = table.handle_text(&who, &text, now_ms());
                printer.replies(&replies)?;
                if input::is_help(&text) {
                    printer.note(&crate::t!("console-help"))?;
                }
                printer.ack(n, &version(&table))?;
            }
        }
    }
    printer.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// What the reading thread hands over.
enum Input {
    Line(Result<String, input::Skipped>),
    /// The input ended.
    End,
    Failed(std::io::Error),
}

/// Reads input lines on a thread of their own, so the console can wait for a line and for
/// the clock (a bot's offer closing) at once.
fn read_lines(reader: Box<dyn BufRead + Send>) -> mpsc::Receiver<Input> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = input::LineReader::new(reader);
        loop {
            let (input, more) = match lines.next_line() {
                Ok(Some(line)) => (Input::Line(line), true),
                Ok(None) => (Input::End, false),
                Err(e) => (Input::Failed(e), false),
            };
            if send.send(input).is_err() || !more {
                return;
            }
        }
    });
    receive
}

/// The game's version for an acknowledgement: `v<version>`, or `-` without a game.
fn version(table: &Table) -> String {
    table
        .game_in(PLACE)
        .and_then(|g| g.version)
        .map(|v| format!("v{v}"))
        .unwrap_or_else(|| "-".into())
}

/// Lets the bots move, each after the table's pause, until the game waits for a person only,
/// or a bot's trade offer waits for people's answers: then the time its wait ends.
fn run_bots(
    table: &mut Table,
    printer: &mut Printer<impl std::io::Write>,
) -> anyhow::Result<Option<u64>> {
    loop {
        let Some(game) = table.game_in(PLACE) else {
            return Ok(None);
        };
        let Some(version) = table.game_state(game.id).map(|g| g.version()) else {
            return Ok(None);
        };
        let bots = table.bot_seats(game.id);
        let bots_waited_for = table
            .game_state(game.id)
            .is_some_and(|g| g.waiting_for().iter().any(|s| bots.contains(s)));
        let Some(due) = table.next_deadline().filter(|_| bots_waited_for) else {
            return Ok(None);
        };
        let now = now_ms();
        if let Some(until) = table.bot_offer_open_until(game.id)
            && until > now
        {
            return Ok(Some(until));
        }
        if due > now {
            std::thread::sleep(std::time::Duration::from_millis(due - now));
        }
        let replies = table.tick(now_ms().max(due));
        printer.replies(&replies)?;
        let moved = table
            .game_in(PLACE)
            .and_then(|g| table.game_state(g.id))
            .is_none_or(|g| g.version() != version);
        if !moved && replies.is_empty() {
            // A move that could not be saved: the table said so; the next line tries again.
            return Ok(None);
        }
    }
}

/// The settings a new game is opened with: the seed and `--settings`.
fn new_game_settings(args: &LocalArgs) -> String {
    let mut text = String::new();
    if let Some(seed) = args.seed {
        text.push_str(&format!("seed {seed} "));
    }
    text.push_str(args.settings.trim());
    text
}

/// Asks whose a command typed without a name is, naming who the game waits for.
fn whose(table: &Table, players: &[String], text: &str) -> String {
    let waiting: Vec<String> = table
        .game_in(PLACE)
        .and_then(|g| {
            let state = table.game_state(g.id)?;
            Some(
                state
                    .waiting_for()
                    .iter()
                    .filter_map(|&s| g.players.get(s as usize).map(|(_, n)| n.clone()))
                    .collect(),
            )
        })
        .unwrap_or_default();
    let example = waiting
        .first()
        .or(players.first())
        .cloned()
        .unwrap_or_default();
    let awaited = if waiting.is_empty() {
        String::new()
    } else {
        crate::t!(
            "console-waits-for",
            names = waiting.join(crate::t!("console-and").as_str())
        )
    };
    crate::t!(
        "console-whose",
        text = crate::i18n::excerpt(text),
        players = players.join(", "),
        awaited = awaited,
        example = example
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The console reads lines of up to 4 KiB; asking whose one is quotes a short excerpt of
    /// it (twice), not the whole line.
    #[test]
    fn whose_quotes_a_long_line_short() {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::store::SledStore::open(dir.path()).unwrap();
        let table = Table::open(Box::new(store), crate::table::TableOptions::default()).unwrap();
        let players = ["alice".to_string(), "bob".to_string()];
        let line = "x".repeat(input::MAX_LINE);
        let text = whose(&table, &players, &line);
        assert!(text.len() < 400, "{} bytes: {text}", text.len());
        let quoted = format!("{}…", "x".repeat(crate::i18n::EXCERPT_CHARS - 1));
        assert!(text.contains(&format!("`{quoted}`")), "{text}");
    }
}
