//! `catan-bot local --acks` answers every input line with exactly one `ack` or `nack` line,
//! and a person answers a bot's trade offer in the console whatever they typed before.

use crate::table_support;

use std::process::Command;

use catan_bot::table::{ReplyKind, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::{Harness, PLACE, assert_no_refusal, choose, quiet_options};

fn local(args: &[&str], script: &str) -> String {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("script.txt");
    std::fs::write(&path, script).expect("write script");
    let out = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .arg("local")
        .args(args)
        .args(["--no-boards", "--acks", "--script"])
        .arg(&path)
        .output()
        .expect("run catan-bot local");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The `ack`/`nack` lines of a transcript, as (line number, first word, rest).
fn answers(stdout: &str) -> Vec<(usize, String, String)> {
    stdout
        .lines()
        .filter_map(|l| {
            let (word, rest) = l.split_once(' ')?;
            if word != "ack" && word != "nack" {
                return None;
            }
            let (n, rest) = rest.split_once(' ')?;
            Some((n.parse().ok()?, word.to_string(), rest.to_string()))
        })
        .collect()
}

#[test]
fn every_line_gets_exactly_one_ack_or_nack() {
    let long = "x".repeat(5_000);
    let script = [
        "alice: help",
        "",
        "# a comment",
        "dave: roll",
        "roll",
        long.as_str(),
        "status",
        "as bob",
        "carol: xyzzy",
        "quit",
    ]
    .join("\n");
    let stdout = local(&["--players", "alice,bob,carol", "--seed", "3"], &script);
    let got = answers(&stdout);
    let expected: Vec<(usize, &str, &str)> = vec![
        (1, "ack", "v0"),
        (2, "nack", "blank"),
        (3, "nack", "blank"),
        (4, "nack", "unknown-player"),
        (5, "nack", "whose"),
        (6, "nack", "too-long"),
        (7, "ack", "v0"),
        (8, "ack", "v0"),
        // Refused by the table, but it reached the table: acknowledged.
        (9, "ack", "v0"),
        (10, "ack", "v0"),
    ];
    let got: Vec<(usize, &str, &str)> = got
        .iter()
        .map(|(n, w, r)| (*n, w.as_str(), r.as_str()))
        .collect();
    assert_eq!(got, expected, "{stdout}");
}

/// Alice alone with three bots (they move at once), alice's lines chosen in process on the
/// same seed until a bot offers a trade: the lines and the offer's number.
fn lines_until_a_bot_offers(seed: u64) -> (Vec<String>, u32) {
    let options = TableOptions {
        bot_delay_ms: 0,
        ..quiet_options()
    };
    let mut h = Harness::empty(&["alice"], options);
    let r = h.say("alice", &format!("new players 4 seed {seed}"));
    assert_no_refusal(&r, "new");
    for _ in 0..3 {
        let r = h.say("alice", "addbot strong");
        assert_no_refusal(&r, "addbot");
    }
    let r = h.say("alice", "start");
    assert_no_refusal(&r, "start");
    h.game = h.table().game_in(PLACE).expect("a game").id;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines = Vec::new();
    for _ in 0..5_000 {
        let g = h.state();
        assert!(g.winner().is_none(), "the game ended before a bot offered");
        let bots = h.table().bot_seats(h.game);
        if let Some(seat) = g.waiting_for().into_iter().find(|s| !bots.contains(s)) {
            let action = choose(&g.legal_actions(seat), &mut rng);
            lines.push(format!("alice: {}", h.command(&action)));
            h.play(seat, &action);
            continue;
        }
        let due = h.table().next_deadline().expect("the bots' move is due");
        h.now = h.now.max(due);
        let now = h.now;
        let posted = h.tick(now).iter().find_map(|r| match r.kind {
            ReplyKind::TradeOffer { offer, .. } => Some(offer),
            _ => None,
        });
        if let Some(offer) = posted {
            return (lines, offer);
        }
    }
    panic!("no bot offered a trade");
}

#[test]
fn a_person_answers_a_bots_offer_after_typing_other_things() {
    let seed = 11;
    let (mut lines, offer) = lines_until_a_bot_offers(seed);
    let before = lines.len();
    // The offer waits ten minutes: far longer than these lines take.
    lines.extend(
        [
            "alice: help",
            "alice: hand",
            "status",
            &format!("alice: trade decline {offer}"),
            "quit",
        ]
        .map(String::from),
    );
    let stdout = local(
        &[
            "--players",
            "alice",
            "--bots",
            "3",
            "--seed",
            &seed.to_string(),
            "--bot-delay-ms",
            "0",
            "--offer-wait-ms",
            "600000",
        ],
        &lines.join("\n"),
    );
    assert!(
        stdout.contains(&format!("Trade offer #{offer} from ")),
        "no bot offer #{offer}:\n{stdout}"
    );
    assert!(
        stdout.contains(&format!("You declined offer #{offer}.")),
        "the decline was not taken:\n{stdout}"
    );
    assert!(!stdout.contains("There is no open offer"), "{stdout}");
    // Every line reached the table: one ack each.
    let acks = answers(&stdout);
    assert_eq!(acks.len(), before + 5, "{stdout}");
    assert!(acks.iter().all(|(_, w, _)| w == "ack"), "{stdout}");
}
