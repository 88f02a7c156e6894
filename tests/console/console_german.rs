//! A German console game: `catan-bot local --lang de` through setup and many turns, typed
//! partly in German (`würfeln`, `baue …`, `ende`), must not show a player an English word.

use crate::table_support;

use std::process::Command;

use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// English words our texts use that German never does (words both languages share, like
/// `Hand`, `Bank`, `Start`, `Status`, `Bot`, are not listed).
const ENGLISH: &[&str] = &[
    "the",
    "your",
    "you",
    "turn",
    "roll",
    "rolled",
    "build",
    "built",
    "settlement",
    "settlements",
    "road",
    "roads",
    "city",
    "cities",
    "card",
    "cards",
    "trade",
    "offer",
    "player",
    "players",
    "setup",
    "place",
    "wins",
    "victory",
    "points",
    "development",
    "knight",
    "robber",
    "discard",
    "discarded",
    "brick",
    "lumber",
    "wool",
    "grain",
    "ore",
    "nothing",
    "with",
    "and",
    "from",
    "takes",
    "ended",
    "must",
    "waiting",
    "production",
    "game",
    "now",
    "round",
    "supply",
    "port",
    "longest",
    "largest",
    "army",
    "stole",
    "moved",
    "bought",
    "played",
    "monopoly",
    "invention",
    "building",
    "here",
    "help",
    "what",
    "private",
    "red",
    "blue",
    "white",
    "green",
    "brown",
    "quit",
    "as",
    "helper",
    "see",
    "also",
    "know",
    "desert",
    "hills",
    "forest",
    "pasture",
    "fields",
    "mountains",
    "rules",
    "written",
    "chart",
    "file",
    "until",
    "all",
];

/// The script's English commands, some said the German way.
fn in_german(line: &str) -> String {
    let (who, command) = line.split_once(": ").expect("name: command");
    let german = if command == "roll" {
        "würfeln".to_string()
    } else if command == "end" {
        "ende".to_string()
    } else if let Some(rest) = command.strip_prefix("build settlement ") {
        format!("baue siedlung {rest}")
    } else if let Some(rest) = command.strip_prefix("build road ") {
        format!("baue straße {rest}")
    } else if let Some(rest) = command.strip_prefix("build city ") {
        format!("baue stadt {rest}")
    } else if command == "buy card" {
        "kaufe karte".to_string()
    } else {
        command.to_string()
    };
    format!("{who}: {german}")
}

#[test]
fn a_german_game_shows_no_english() {
    let (lines, _) = script_lines(&NAMES, 21, 160);
    let mut script: Vec<String> = lines.iter().map(|l| in_german(l)).collect();
    // `züge` in the setup too (its list of places is long: the question is German).
    let first = lines[0].split_once(": ").map_or("alice", |(who, _)| who);
    script.insert(0, format!("{first}: züge"));
    script.extend(
        [
            "alice: hand",
            "alice: züge",
            "bob: status",
            "carol: hilfe",
            "carol: regeln Darf ich Karten verschenken?",
            "carol: regeln Wie wird das Wetter morgen?",
            "bob: botdazu quark",
        ]
        .map(String::from),
    );
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("spiel.txt");
    std::fs::write(&path, script.join("\n")).expect("write script");
    let out = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .args(["local", "--players", "alice,bob,carol", "--acks"])
        .args(["--seed", "21", "--lang", "de", "--script"])
        .arg(&path)
        .arg("--data")
        .arg(dir.path().join("data"))
        // Boards are written, and the console says so in German.
        .arg("--out")
        .arg(dir.path().join("boards"))
        .output()
        .expect("run catan-bot local");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("german-transcript.txt"),
        stdout.as_bytes(),
    )
    .expect("keep the transcript");
    // Every scripted line was taken, and every move (German command words included) changed
    // the game: none was refused.
    let versions: Vec<u64> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("ack "))
        .filter_map(|l| l.rsplit_once(" v"))
        .filter_map(|(_, v)| v.trim().parse().ok())
        .collect();
    assert_eq!(versions.len(), script.len(), "{stdout}");
    for i in 1..lines.len() {
        assert!(
            versions[i] > versions[i - 1],
            "line {} ({}) was refused:\n{stdout}",
            i + 1,
            script[i]
        );
    }
    for german in [
        "Siedlung",
        "Straße",
        "würfelt",
        "Zug",
        "[privat an ",
        "Siehe auch: ",
        "Darauf weiß ich keine Antwort",
        "keine Bot-Stufe: leicht, stark oder experte",
        "insgesamt: baue siedlung ?)",
        "[Spielplan gespeichert in ",
    ] {
        assert!(stdout.contains(german), "no {german:?} in:\n{stdout}");
    }
    let mut english: Vec<(String, String)> = Vec::new();
    for line in stdout.lines().filter(|l| !l.starts_with("ack ")) {
        for word in line
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
        {
            if ENGLISH.contains(&word.to_lowercase().as_str()) {
                english.push((word.to_string(), line.to_string()));
            }
        }
    }
    assert!(
        english.is_empty(),
        "English words in the German game ({}), first ones: {:#?}",
        english.len(),
        &english[..english.len().min(15)]
    );
}
