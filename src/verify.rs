//! `catan-bot verify`: checks a finished game's dice and cards. Reads a game's public record
//! (the JSON file attached to the final message, or `export`ed during the game plus the seed
//! revealed at the end), or a finished game straight from a data directory (hosts), replays it
//! from the seed and reports every roll, draw and steal; any mismatch is a failure naming the
//! move. See `table::public_record` for what is checked.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};

use crate::i18n::InWords;
use crate::store::{SledStore, Store};
use crate::table::public_record::{Outcome, PublicRecord, Verified, verify};
use crate::table::record::decode_finished;

/// Command-line arguments.
#[derive(clap::Args, Debug, Default)]
pub struct VerifyArgs {
    /// The game's public record (JSON), as attached to the final message or from `export`.
    #[arg(required_unless_present = "data")]
    pub record: Option<PathBuf>,
    /// The seed revealed at the end, for a record exported while the game was running.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Read the finished game from this data directory instead (the bot must be stopped).
    #[arg(long, requires = "game", conflicts_with = "record")]
    pub data: Option<PathBuf>,
    /// The game number, with `--data`.
    #[arg(long)]
    pub game: Option<u64>,
    /// With `--data`: also write the game's public record to this file, for the players.
    #[arg(long, requires = "data")]
    pub export: Option<PathBuf>,
}

pub fn run(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    let (record, stored_end) = match (&args.data, &args.record) {
        (Some(dir), _) => {
            let game = args.game.context("--data needs --game N")?;
            let (record, end) = from_store(dir, game)?;
            if let Some(path) = &args.export {
                std::fs::write(path, record.to_json())
                    .with_context(|| format!("writing {}", path.display()))?;
                println!("record of game {game} written to {}", path.display());
            }
            (record, Some(end))
        }
        (None, Some(path)) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            (PublicRecord::from_json(&bytes)?, None)
        }
        (None, None) => bail!("give a record file, or --data DIR --game N"),
    };
    match verify(&record, args.seed) {
        Ok(v) => {
            if let Some(end) = stored_end
                && bincode::serialize(&v.end).ok() != Some(end)
            {
                println!(
                    "game {}: verification FAILED: the replay does not end in the stored final state",
                    record.game
                );
                return Ok(ExitCode::FAILURE);
            }
            print!("{}", report(&record, &v));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            println!("game {}: verification FAILED: {e}", record.game);
            Ok(ExitCode::FAILURE)
        }
    }
}

/// The record of finished game `game` in data directory `dir`, and its stored final state.
fn from_store(dir: &std::path::Path, game: u64) -> anyhow::Result<(PublicRecord, Vec<u8>)> {
    if !dir.is_dir() {
        bail!("{} is not a data directory", dir.display());
    }
    let store = SledStore::open(dir).with_context(|| format!("opening {}", dir.display()))?;
    let finished = store.finished_games()?;
    let Some((_, bytes)) = finished.into_iter().find(|(id, _)| *id == game) else {
        bail!(
            "game {game} is not a finished game in {} (running games keep their seed secret)",
            dir.display()
        );
    };
    let rec = decode_finished(&bytes).map_err(anyhow::Error::msg)?;
    let outcome = match rec.game.winner() {
        Some(seat) => Outcome::Won { seat },
        None => Outcome::Running,
    };
    let record = PublicRecord::build(&rec.meta, &rec.history, outcome, true)?;
    let end = bincode::serialize(&rec.game)?;
    Ok((record, end))
}

/// What was checked, for people.
pub fn report(record: &PublicRecord, v: &Verified) -> String {
    let name = |seat: u8| {
        record
            .seats
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat + 1))
    };
    let mut out = String::new();
    let _ = writeln!(out, "game {}: verified.", record.game);
    let _ = writeln!(
        out,
        "  seed {} matches the commitment {} (SHA-256 of \"{}\")",
        v.seed,
        record.commitment,
        crate::table::fairness::committed_text(record.game, v.seed)
    );
    let _ = writeln!(
        out,
        "  seat order follows from the seed: {}",
        record.seats.join(", ")
    );
    let _ = writeln!(
        out,
        "  {} moves replayed; all {} announcements match",
        v.moves, v.announcements
    );
    let mut totals = [0u32; 13];
    for (_, (a, b)) in &v.rolls {
        totals[(a + b) as usize] += 1;
    }
    let spread: Vec<String> = (2..=12)
        .filter(|&t| totals[t] > 0)
        .map(|t| format!("{t}×{}", totals[t]))
        .collect();
    let _ = writeln!(out, "  {} rolls: {}", v.rolls.len(), spread.join(" "));
    if record.settings.balanced_dice {
        let _ = writeln!(
            out,
            "  balanced dice: each roll drawn from a deck of the 36 outcomes shuffled by the seed \
             (reshuffled before a roll when fewer than {} cards are left)",
            crate::engine::balanced_dice::RESHUFFLE_BELOW
        );
    }
    let _ = writeln!(out, "  {} development cards drawn:", v.draws.len());
    for d in &v.draws {
        let _ = writeln!(
            out,
            "    move {}: {} drew {}",
            d.index,
            name(d.seat),
            d.card.in_words()
        );
    }
    let _ = writeln!(out, "  {} steals:", v.steals.len());
    for s in &v.steals {
        let _ = writeln!(
            out,
            "    move {}: {} took {} from {}",
            s.index,
            name(s.thief),
            s.card.in_words(),
            name(s.victim)
        );
    }
    let outcome = match &record.outcome {
        Outcome::Won { seat } => format!("{} won", name(*seat)),
        Outcome::Abandoned => "abandoned".into(),
        Outcome::Running => "still running when exported".into(),
    };
    let _ = writeln!(out, "  outcome: {outcome}");
    out
}
