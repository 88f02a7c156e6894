//! Crash test: `catan-bot local --data DIR` on a script, SIGKILLed again and again, restarted on
//! the same directory each time. Every action it had acknowledged is there after the restart,
//! and the game continues to the same final state as an uninterrupted run.
//!
//! No kill depends on timing or luck: a mid-work kill is sent the moment the child prints the
//! acknowledgement of a chosen script line while later lines are still queued for it (so the
//! kill lands between or during writes, never after the script ran out); a start-up kill is sent
//! right after spawning, before the child can have acknowledged anything.
//!
//! A kill is no damage: no start may tell the players that moves were lost or could not be
//! checked (`tests/console/console_damage_notices.rs` shows those notices where they belong).

use crate::table_support;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];
const SEED: u64 = 4;
const CYCLES: usize = 40;

/// The stored game's version (accepted actions), reading the directory in-process.
fn stored_version(data: &Path) -> u64 {
    if !data.exists() {
        return 0;
    }
    let table = open_table(data, quiet_options());
    table.game_in(1).and_then(|g| g.version).unwrap_or(0)
}

/// When a run is killed.
#[derive(Clone, Copy, Debug)]
enum Kill {
    /// Right after spawning: while the process starts or sled opens.
    AtStart,
    /// The moment the child acknowledges this game version.
    AfterAck(u64),
    /// Never: the run finishes by itself.
    Never,
}

/// The version in an acknowledgement line, `ack <line> v<version>`.
fn acked_version(line: &str) -> Option<u64> {
    line.strip_prefix("ack ")?
        .split_whitespace()
        .nth(1)?
        .strip_prefix('v')?
        .parse()
        .ok()
}

/// Runs the console on `script` with the given kill. Returns the highest acknowledged version
/// (every acknowledgement the child printed, including those still in the pipe at the kill)
/// and whether it exited successfully by itself.
fn run_once(data: &Path, script: &Path, kill: Kill) -> (Option<u64>, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .args([
            "local",
            "--players",
            "alice,bob,carol",
            "--no-boards",
            "--acks",
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
    let mut killed = false;
    if let Kill::AtStart = kill {
        child.kill().expect("SIGKILL"); // SIGKILL
        killed = true;
    }
    let mut max_ack = None;
    // Reads to the end of the pipe: after a kill, acknowledgements already written still count.
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        assert!(
            !line.contains("saved record was damaged") && !line.contains("missing or damaged"),
            "a kill was reported as damage: {line}"
        );
        let Some(v) = acked_version(&line) else {
            continue;
        };
        max_ack = max_ack.max(Some(v));
        if let Kill::AfterAck(target) = kill
            && !killed
            && v >= target
        {
            let _ = child.kill(); // SIGKILL
            killed = true;
        }
    }
    let status = child.wait().expect("wait");
    (max_ack, !killed && status.success())
}

#[test]
fn sigkilled_console_loses_no_acknowledged_action() {
    let (lines, h) = script_lines(&NAMES, SEED, 1_200);
    assert!(
        h.state().winner().is_none(),
        "the script must stop before the end"
    );
    let total = lines.len() as u64;
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let script = dir.path().join("script.txt");
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let (mut start_kills, mut mid_work_kills) = (0, 0);
    for cycle in 0..CYCLES {
        let applied = stored_version(&data);
        // Every cycle leaves at least two lines for the next ones.
        if applied + 2 >= total {
            break;
        }
        std::fs::write(&script, lines[applied as usize..].join("\n")).expect("write script");
        let kill = if cycle % 4 == 0 {
            start_kills += 1;
            Kill::AtStart
        } else {
            // Some line before the script's last, so later lines are still queued at the kill.
            let remaining = total - applied;
            mid_work_kills += 1;
            Kill::AfterAck(applied + rng.gen_range(1..remaining.min(60)))
        };
        let (acked, _) = run_once(&data, &script, kill);
        let now = stored_version(&data);
        if let Kill::AfterAck(target) = kill {
            let acked = acked.unwrap_or(0);
            assert!(
                acked >= target,
                "cycle {cycle}: the child exited before acknowledging v{target} (got v{acked})"
            );
        }
        if let Some(v) = acked {
            assert!(
                now >= v,
                "cycle {cycle}: acknowledged v{v} but only v{now} is stored"
            );
        }
        assert!(
            now >= applied,
            "cycle {cycle}: stored game went back from v{applied} to v{now}"
        );
    }
    let applied = stored_version(&data);
    std::fs::write(&script, lines[applied as usize..].join("\n")).expect("write script");
    let (_, finished) = run_once(&data, &script, Kill::Never);
    assert!(finished, "the final run failed");
    assert!(mid_work_kills >= CYCLES / 2 && start_kills >= CYCLES / 8);
    println!("{mid_work_kills} kills with work queued, {start_kills} at start-up");
    // The survivor equals the uninterrupted in-process game.
    let table = open_table(&data, quiet_options());
    let g = table.game_state(1).expect("game resumed");
    assert_eq!(g.version(), total);
    assert_eq!(bincode::serialize(g).expect("ser"), h.serialized());
}
