//! Crash test: `catan-bot local --data DIR` on a script, SIGKILLed at random moments (some
//! while sled opens), restarted on the same directory each time. Every action it had
//! acknowledged is there after the restart, and the game continues to the same final state as
//! an uninterrupted run.

mod table_support;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];
const SEED: u64 = 4;

/// The stored game's version (accepted actions), reading the directory in-process.
fn stored_version(data: &Path) -> u64 {
    if !data.exists() {
        return 0;
    }
    let table = open_table(data, quiet_options());
    table.game_in(1).and_then(|g| g.version).unwrap_or(0)
}

/// Runs the console on `script`, killing it after `kill_after` (None: let it finish).
/// Returns the highest acknowledged version and whether it finished by itself.
fn run_once(data: &Path, script: &Path, kill_after: Option<Duration>) -> (Option<u64>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .args([
            "local",
            "--players",
            "alice,bob,carol",
            "--no-boards",
            "--seed",
        ])
        .arg(SEED.to_string())
        .arg("--data")
        .arg(data)
        .arg("--script")
        .arg(script)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn catan-bot local");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let finished = match kill_after {
        Some(d) => {
            std::thread::sleep(d);
            let done = child.try_wait().ok().flatten().is_some();
            if !done {
                let _ = child.kill(); // SIGKILL
            }
            done
        }
        None => true,
    };
    let status = child.wait().expect("wait");
    let _ = reader.join();
    let mut max_ack = None;
    for line in rx.try_iter() {
        // `ack <line> v<version>`
        if let Some(v) = line
            .strip_prefix("ack ")
            .and_then(|rest| rest.split_whitespace().nth(1))
            .and_then(|v| v.strip_prefix('v'))
            .and_then(|v| v.parse::<u64>().ok())
        {
            max_ack = max_ack.max(Some(v));
        }
    }
    (max_ack, finished && status.success())
}

#[test]
fn sigkilled_console_loses_no_acknowledged_action() {
    // About 0.5 ms per command: 1,200 commands take ~0.6 s uninterrupted.
    let (lines, h) = script_lines(&NAMES, SEED, 1_200);
    assert!(
        h.state().winner().is_none(),
        "the script must stop before the end"
    );
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let script = dir.path().join("script.txt");
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut kills_with_progress = 0;
    let mut early_kills = 0;
    let mut done = false;
    for cycle in 0..60 {
        let applied = stored_version(&data);
        assert!(applied as usize <= lines.len());
        std::fs::write(&script, lines[applied as usize..].join("\n")).expect("write script");
        // A few very early kills aim at start-up (sled open); the rest land mid-script.
        let ms = if cycle % 4 == 0 {
            early_kills += 1;
            rng.gen_range(0..8)
        } else {
            rng.gen_range(8..40)
        };
        let (acked, finished) = run_once(&data, &script, Some(Duration::from_millis(ms)));
        let now = stored_version(&data);
        if let Some(v) = acked {
            assert!(
                now >= v,
                "cycle {cycle}: acknowledged v{v} but only v{now} is stored"
            );
            if v > applied {
                kills_with_progress += 1;
            }
        }
        assert!(
            now >= applied,
            "cycle {cycle}: stored game went back from v{applied} to v{now}"
        );
        if finished && now as usize == lines.len() {
            done = true;
            break;
        }
    }
    if !done {
        let applied = stored_version(&data);
        std::fs::write(&script, lines[applied as usize..].join("\n")).expect("write script");
        let (_, finished) = run_once(&data, &script, None);
        assert!(finished, "the final run failed");
    }
    assert!(
        kills_with_progress >= 10,
        "only {kills_with_progress} kills interrupted real work"
    );
    assert!(early_kills >= 5);
    println!("{kills_with_progress} kills interrupted work, {early_kills} aimed at start-up");
    // The survivor equals the uninterrupted in-process game.
    let table = open_table(&data, quiet_options());
    let g = table.game_state(1).expect("game resumed");
    assert_eq!(g.version as usize, lines.len());
    assert_eq!(bincode::serialize(g).expect("ser"), h.serialized());
}

#[test]
#[ignore]
fn measure_console_speed() {
    let (lines, _) = script_lines(&NAMES, SEED, 100_000);
    let dir = tempfile::tempdir().expect("tmp");
    let script = dir.path().join("script.txt");
    std::fs::write(&script, lines.join("\n")).expect("write script");
    let t = std::time::Instant::now();
    let (acked, finished) = run_once(&dir.path().join("data"), &script, None);
    println!(
        "{} lines in {:?}; acked {acked:?} finished {finished}",
        lines.len(),
        t.elapsed()
    );
    let t = std::time::Instant::now();
    let (acked, _) = run_once(&dir.path().join("data2"), &dir.path().join("empty"), None);
    println!("empty run {:?} {acked:?}", t.elapsed());
}
