//! Helpers shared by the store's crash tests: re-running the test binary as a child process,
//! collecting the records it acknowledged, and checking them against a reopened store.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;

use catan_bot::store::{GameId, Integrity, Store, StoredGame};

/// Prefix of the lines a child prints once a write has returned (is acknowledged).
pub const ACK: &str = "ACK";

/// The name libtest gives the test `name` of the module `module` (its `module_path!()`): the
/// module path without the crate, as `--exact` wants it (`store_crash::crash_child_...`).
pub fn test_path(module: &str, name: &str) -> String {
    match module.split_once("::") {
        Some((_crate, inner)) => format!("{inner}::{name}"),
        None => name.to_string(),
    }
}

/// Re-runs this test binary so that only `test_name` (see [`test_path`]) runs, with `env` set; that test then acts
/// as the child. Its stdout is piped for acknowledgements.
pub fn spawn_child(test_name: &str, env: &[(&str, &str)]) -> Child {
    let exe = std::env::current_exe().expect("test binary path");
    let mut command = Command::new(exe);
    command
        .args([test_name, "--exact", "--nocapture", "--test-threads=1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (key, value) in env {
        command.env(key, value);
    }
    command.spawn().expect("spawn child test process")
}

/// Reads the child's stdout on a thread (so a full pipe never blocks the child) and returns
/// every acknowledged `(game, index)` and any line starting with `FAIL` once it ends. The
/// receiver gets one message at the first acknowledgement.
pub fn collect_acks(stdout: ChildStdout) -> (JoinHandle<ChildReport>, Receiver<()>) {
    let (first_ack, first_ack_received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut report = ChildReport::default();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let mut words = line.split_whitespace();
            match words.next() {
                Some(ACK) => {
                    let game: GameId = words.next().and_then(|w| w.parse().ok()).unwrap();
                    let index: u64 = words.next().and_then(|w| w.parse().ok()).unwrap();
                    if report.acked.is_empty() {
                        first_ack.send(()).ok();
                    }
                    report.acked.push((game, index));
                }
                Some("FAIL") => report.failures.push(line),
                _ => {}
            }
        }
        report
    });
    (reader, first_ack_received)
}

#[derive(Debug, Default)]
pub struct ChildReport {
    pub acked: Vec<(GameId, u64)>,
    pub failures: Vec<String>,
}

/// The bytes of action `index` of `game`: varied lengths, content tied to both numbers so a
/// misplaced or damaged record is detected.
pub fn action_bytes(game: GameId, index: u64) -> Vec<u8> {
    let mut bytes = format!("g{game}/a{index}:").into_bytes();
    let filler = (index % 97) as usize + 16;
    bytes.extend((0..filler).map(|i| (game as u8) ^ (index as u8).wrapping_add(i as u8)));
    bytes
}

/// The snapshot a crash-test child writes after `upto` actions of `game`.
pub fn snapshot_bytes(game: GameId, upto: u64) -> Vec<u8> {
    format!("snapshot of game {game} after {upto} actions").into_bytes()
}

pub fn meta_bytes(game: GameId) -> Vec<u8> {
    format!("meta of game {game}").into_bytes()
}

/// How many actions each game has durably (snapshot count + logged actions after it).
pub fn action_counts(games: &[StoredGame]) -> BTreeMap<GameId, u64> {
    games.iter().map(|g| (g.id, g.action_count())).collect()
}

/// Checks that every stored record has the expected content and that every acknowledged
/// `(game, index)` is present, in the log or covered by a snapshot. Panics with the evidence.
pub fn verify_store(store: &dyn Store, acked: &[(GameId, u64)]) -> BTreeMap<GameId, u64> {
    let games = store.load_all().expect("load_all after reopen");
    for game in &games {
        // A killed writer must never look like damage: the acknowledgement log is written
        // after sled's flush, so it can only lag.
        assert_eq!(
            game.integrity,
            Integrity::Intact,
            "game {} after a kill",
            game.id
        );
        assert_eq!(game.meta, meta_bytes(game.id), "meta of game {}", game.id);
        if let Some((upto, state)) = &game.snapshot {
            assert_eq!(
                *state,
                snapshot_bytes(game.id, *upto),
                "snapshot of game {}",
                game.id
            );
        }
        for (index, bytes) in &game.actions {
            assert_eq!(
                *bytes,
                action_bytes(game.id, *index),
                "game {} action {index}",
                game.id
            );
        }
    }
    let counts = action_counts(&games);
    for (game, index) in acked {
        let count = counts.get(game).copied().unwrap_or(0);
        assert!(
            *index < count,
            "acknowledged action {index} of game {game} is missing (store has {count} actions)"
        );
    }
    counts
}

/// Names of `snap.*.generating` files in `dir`.
pub fn generating_files(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("snap.") && name.ends_with(".generating"))
        .collect()
}

/// Copies the files of a sled directory (it is flat apart from `blobs/`).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
