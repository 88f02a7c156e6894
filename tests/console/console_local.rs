//! `catan-bot local` as a child process: a whole game from a script, and resuming with
//! `--data` after quitting.

use crate::table_support;

use std::path::Path;
use std::process::Command;

use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

fn local(data: &Path, script: &Path, seed: u64) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .args([
            "local",
            "--players",
            "alice,bob,carol",
            "--no-boards",
            "--acks",
            "--seed",
        ])
        .arg(seed.to_string())
        .arg("--data")
        .arg(data)
        .arg("--script")
        .arg(script)
        .output()
        .expect("run catan-bot local")
}

#[test]
fn a_whole_game_from_a_script() {
    let (lines, h) = script_lines(&NAMES, 11, 10_000);
    assert!(h.state().winner().is_some());
    let dir = tempfile::tempdir().expect("tmp");
    let script = dir.path().join("game.txt");
    std::fs::write(&script, lines.join("\n")).expect("write script");
    let out = local(&dir.path().join("data"), &script, 11);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let acks = stdout.lines().filter(|l| l.starts_with("ack ")).count();
    assert_eq!(acks, lines.len());
    let winner = h.seat_name(h.state().winner().unwrap_or(0));
    assert!(
        stdout.contains(&format!("🏆 {winner} wins")),
        "no winner in output"
    );
    assert!(
        stdout
            .trim_end()
            .ends_with("* The game has ended. Run catan-bot local again to start a new one."),
        "the end is said last"
    );
    assert!(
        !stdout.contains("It is not your turn"),
        "a scripted command was refused"
    );
    assert!(
        stdout.contains("[private to "),
        "no private replies printed"
    );
}

#[test]
fn quitting_and_starting_again_resumes_the_game() {
    let (lines, h) = script_lines(&NAMES, 4, 120);
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let first = dir.path().join("first.txt");
    let second = dir.path().join("second.txt");
    std::fs::write(&first, format!("{}\nquit\n", lines[..60].join("\n"))).expect("write");
    std::fs::write(&second, lines[60..].join("\n")).expect("write");
    let out = local(&data, &first, 4);
    assert!(out.status.success());
    let out = local(&data, &second, 4);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("resumed game 1 at move 60"), "{stdout}");
    assert!(stdout.lines().any(|l| l == "ack 60 v120"), "{stdout}");
    assert!(!stdout.contains("It is not your turn"));
    // The stored game equals the in-process one.
    let table = open_table(&data, quiet_options());
    let g = table.game_state(1).expect("game 1 resumed");
    assert_eq!(
        bincode::serialize(g).expect("ser"),
        h.serialized(),
        "console game differs from the in-process one"
    );
}

/// Once every seat is played by a bot (the players said `away`), the bots play the game to its
/// end: a bot's trade offer waits for people's answers only when there is someone to answer.
#[test]
fn bots_in_every_seat_play_to_the_end() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = dir.path().join("away.txt");
    std::fs::write(&script, "alice: away\nbob: away\n").expect("write script");
    let out = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .args([
            "local",
            "--players",
            "alice,bob",
            "--bots",
            "1",
            "--no-boards",
        ])
        .args(["--bot-delay-ms", "0", "--seed", "4", "--script"])
        .arg(&script)
        .output()
        .expect("run catan-bot local");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("Trade offer #"),
        "no bot offered a trade:\n{stdout}"
    );
    assert!(stdout.contains("* The game has ended."), "{stdout}");
    // The winning line is printed once: the turn message has it, the game's end does not
    // repeat it.
    assert_eq!(stdout.matches(" wins with ").count(), 1, "{stdout}");
}

/// `stats` mid-game, typed without a name (anyone may ask), once before quitting and once
/// after resuming: the counts survive the restart and only grow.
#[test]
fn stats_mid_game_and_after_resuming() {
    let (lines, h) = script_lines(&NAMES, 4, 200);
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let first = dir.path().join("first.txt");
    let second = dir.path().join("second.txt");
    std::fs::write(
        &first,
        format!("{}\nstats\nquit\n", lines[..120].join("\n")),
    )
    .expect("write");
    std::fs::write(
        &second,
        format!("stats\n{}\nstats\n", lines[120..].join("\n")),
    )
    .expect("write");
    let rolls = |out: &str| -> Vec<u32> {
        out.lines()
            .filter_map(|l| l.split("Dice (").nth(1))
            .filter_map(|rest| rest.split(' ').next()?.parse().ok())
            .collect()
    };
    let out = local(&data, &first, 4);
    let before = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{before}");
    assert!(before.contains("the numbers so far"), "{before}");
    for name in NAMES {
        assert!(
            before.contains(&format!("{name}: ")) && before.contains("cards gained"),
            "{before}"
        );
    }
    let first_rolls = rolls(&before);
    assert_eq!(first_rolls.len(), 1, "{before}");
    assert!(first_rolls[0] > 0, "rolls were made: {before}");
    let out = local(&data, &second, 4);
    let after = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{after}");
    let later = rolls(&after);
    assert_eq!(later.len(), 2, "{after}");
    assert_eq!(
        later[0], first_rolls[0],
        "the counts came back with the game"
    );
    assert!(later[1] >= later[0]);
    assert!(!after.contains("Counted from turn"), "{after}");
    let _ = h;
}
