//! End to end: `catan-bot local --data DIR` started on a directory whose game lost saved moves
//! says so, naming them, at the first start and at the second, and no more once a move is
//! played; and a missing acknowledgement log (`catan-acks`, the only record that can show a
//! roll-back) is reported, not taken for a new install.
//!
//! The damage is built, not hoped for: sled's files from an earlier copy of the directory with
//! the acknowledgement log from later is exactly what sled cutting its log short at a damaged
//! message leaves (`tests/store/store_damage.rs` produces it with flipped bits).

use crate::table_support;

use std::path::Path;
use std::process::Command;

use catan_bot::store::ACK_LOG_FILE;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];
const SEED: u64 = 4;

/// Runs the console on `data` with these script lines; returns what it printed.
fn run(data: &Path, lines: &[String]) -> String {
    let scratch = tempfile::tempdir().expect("tmp");
    let script = scratch.path().join("script.txt");
    std::fs::write(&script, lines.join("\n")).expect("write script");
    let output = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
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
        .arg(&script)
        .output()
        .expect("run catan-bot local");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "the console failed: {}\n{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        if entry.file_type().expect("type").is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy");
        }
    }
}

/// A console game played to `before` moves, copied, played on to `after` moves; returns the
/// copy with the later acknowledgement log: sled rolled back from `after` to `before`.
fn rolled_back(root: &Path, lines: &[String], before: usize, after: usize) -> std::path::PathBuf {
    let live = root.join("live");
    let earlier = root.join("earlier");
    run(&live, &lines[..before]);
    assert_eq!(stored_moves(&live), Some(before as u64));
    copy_dir(&live, &earlier);
    let out = run(&live, &lines[before..after]);
    assert!(
        out.contains(&format!("ack {} v{after}", after - before)),
        "{out}"
    );
    std::fs::copy(live.join(ACK_LOG_FILE), earlier.join(ACK_LOG_FILE)).expect("copy the log");
    earlier
}

/// The stored game's move count, read in-process.
fn stored_moves(data: &Path) -> Option<u64> {
    let table = open_table(data, quiet_options());
    table.game_in(1).and_then(|g| g.version)
}

const UNTIL_NEXT_MOVE: &str = "This notice is repeated at every start until the game's next move";

#[test]
fn lost_moves_are_named_at_every_start_until_the_next_move() {
    let (lines, _) = script_lines(&NAMES, SEED, 30);
    let root = tempfile::tempdir().expect("tmp");
    let data = rolled_back(root.path(), &lines, 10, 30);
    let notice = "It resumes after move 10, the last verified one; moves 11 to 30 were lost";
    for start in ["first", "second"] {
        let out = run(&data, &[]);
        assert!(
            out.contains(notice) && out.contains(UNTIL_NEXT_MOVE),
            "{start} start:\n{out}"
        );
        assert!(
            out.contains("resumed game 1 at move 10"),
            "{start} start:\n{out}"
        );
    }
    // The start before the move still tells it; the move is accepted and stored.
    let out = run(&data, &lines[10..11]);
    assert!(out.contains(notice), "{out}");
    assert!(out.contains("ack 1 v11"), "{out}");
    assert_eq!(stored_moves(&data), Some(11));
    let out = run(&data, &[]);
    assert!(
        !out.contains("were lost") && !out.contains(UNTIL_NEXT_MOVE),
        "the game moved on, yet:\n{out}"
    );
    assert!(out.contains("resumed game 1 at move 11"), "{out}");
}

#[test]
fn a_game_that_lost_every_move_is_named_whole_and_not_replaced_silently() {
    let (lines, _) = script_lines(&NAMES, SEED, 24);
    let root = tempfile::tempdir().expect("tmp");
    let data = rolled_back(root.path(), &lines, 0, 24);
    let notice = "the whole game (24 moves) was lost";
    for start in ["first", "second"] {
        let out = run(&data, &[]);
        assert!(
            out.contains(notice) && out.contains(UNTIL_NEXT_MOVE),
            "{start} start:\n{out}"
        );
        assert!(
            !out.contains("recent joins or settings may be lost"),
            "{out}"
        );
        assert!(
            out.contains("resumed game 1 at move 0"),
            "{start} start:\n{out}"
        );
    }
    let out = run(&data, &lines[..1]);
    assert!(out.contains(notice) && out.contains("ack 1 v1"), "{out}");
    let out = run(&data, &[]);
    assert!(!out.contains(notice), "the game moved on, yet:\n{out}");
}

/// The first case: the log missing and the database rolled back. What was lost cannot
/// be known any more, but the game is not resumed as if nothing had happened.
#[test]
fn a_missing_ack_log_is_reported_at_every_start_until_the_next_move() {
    let (lines, _) = script_lines(&NAMES, SEED, 20);
    let root = tempfile::tempdir().expect("tmp");
    let data = rolled_back(root.path(), &lines, 10, 20);
    std::fs::remove_file(data.join(ACK_LOG_FILE)).expect("remove the log");
    let notice = "(catan-acks) was missing or damaged, so lost moves cannot be ruled out. It \
                  resumes after move 10";
    for start in ["first", "second"] {
        let out = run(&data, &[]);
        assert!(
            out.contains(notice) && out.contains(UNTIL_NEXT_MOVE),
            "{start} start:\n{out}"
        );
    }
    let out = run(&data, &lines[10..11]);
    assert!(out.contains(notice) && out.contains("ack 1 v11"), "{out}");
    let out = run(&data, &[]);
    assert!(
        !out.contains("missing or damaged"),
        "the game moved on, yet:\n{out}"
    );
}
