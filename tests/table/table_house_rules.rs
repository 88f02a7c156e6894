//! House rules at the table: the friendly robber is set in the lobby, shown in the lobby and
//! start messages, kept with the game over a restart, and a robber move it forbids is refused
//! in the players' words without changing the game. Balanced dice likewise are shown and
//! kept; a balanced game played to the end with a restart in the middle verifies (the deck
//! was kept and drawn from the committed seed), no deck of 24 rolls repeats an outcome, and
//! the record with the house rule taken out does not verify.

use crate::table_support;

use std::process::Command;

use catan_bot::engine::balanced_dice::ROLLS_PER_DECK;
use catan_bot::engine::{Action, HexId, Phase};
use catan_bot::table::public_record::{PublicRecord, VerifyError, verify};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// A 3-player game (seed `seed`) started with the house rule `word` on: the lobby and the
/// start message show it (`shown`), and `set WORD maybe` is refused with the allowed values.
fn started_with(word: &str, seed: u64, shown: &str) -> Harness {
    let mut h = Harness::empty(&NAMES, quiet_options());
    let lobby = h.say("alice", &format!("new players 3 seed {seed} {word} on"));
    assert_no_refusal(&lobby, "new");
    assert!(
        public_text(&lobby).contains(shown),
        "{}",
        public_text(&lobby)
    );
    let bad = h.say("alice", &format!("set {word} maybe"));
    let allowed = format!("`{word}` is `on` or `off`, not `maybe`");
    assert_eq!(
        refusal_text(&bad).map(|t| t.contains(&allowed)),
        Some(true),
        "{bad:?}"
    );
    for n in &NAMES[1..] {
        assert_no_refusal(&h.say(n, "join"), "join");
    }
    let start = h.say("alice", "start");
    assert_no_refusal(&start, "start");
    let first_words = shown.split(" (").next().unwrap_or(shown);
    assert!(
        public_text(&start).contains(first_words),
        "{}",
        public_text(&start)
    );
    h.game = h.table().game_in(PLACE).expect("a game").id;
    h
}

#[test]
fn the_friendly_robber_is_shown_kept_and_refuses_a_protected_hex() {
    let mut h = started_with("friendly", 5, "friendly robber");
    assert!(h.state().settings().friendly_robber);
    h.reopen();
    assert!(h.state().settings().friendly_robber, "kept over a restart");

    // Play until someone moves the robber while a protected opponent blocks a hex.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..20_000 {
        let g = h.state();
        let seat = g.waiting_for()[0];
        let moving = matches!(g.phase(), Phase::MoveRobber);
        let legal = g.legal_actions(seat);
        let open: Vec<HexId> = legal
            .iter()
            .filter_map(|a| match a {
                Action::MoveRobber { hex, .. } => Some(*hex),
                _ => None,
            })
            .collect();
        let closed =
            (0..g.layout().terrain.len() as HexId).find(|h| *h != g.robber() && !open.contains(h));
        if moving && let Some(hex) = closed {
            let name = h.display_name(seat);
            let text = h.command(&Action::MoveRobber { hex, victim: None });
            let before = h.serialized();
            let r = h.say(&name, &text);
            let refusal = refusal_text(&r).expect("a closed hex is refused");
            assert!(
                refusal.starts_with("Friendly robber: ")
                    && refusal.contains("2 or fewer public victory points")
                    && refusal.contains("so the robber can't go there"),
                "{refusal}"
            );
            assert_eq!(h.serialized(), before, "a refusal changes nothing");
            return;
        }
        assert!(h.step(&mut rng), "the game ended before a robber move");
    }
    panic!("no robber move with a protected hex in 20,000 actions");
}

#[test]
fn balanced_dice_are_shown_kept_over_a_restart_and_verified() {
    let mut h = started_with(
        "balanced",
        8,
        "balanced dice (rolls drawn from a shuffled deck",
    );
    assert!(h.state().settings().balanced_dice);

    // Thirty rolls, a restart, then on to the end.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let rolls_so_far = |h: &Harness| h.state().view(None).dice_left.map(|l| l.len());
    while h.state().turn() < 30 {
        assert!(h.step(&mut rng), "the game ended before turn 30");
    }
    let left = rolls_so_far(&h);
    let before = h.serialized();
    h.reopen();
    assert!(h.state().settings().balanced_dice, "kept over a restart");
    assert_eq!(h.serialized(), before, "the dice deck is kept too");
    assert_eq!(rolls_so_far(&h), left);
    h.play_out(&mut rng, 8_000);
    assert!(h.state().winner().is_some(), "no winner");

    let record = h
        .log
        .iter()
        .rev()
        .find_map(|r| r.file.as_ref().filter(|_| r.is_public()))
        .map(|f| PublicRecord::from_json(&f.bytes).expect("a readable record"))
        .expect("the record is attached at the end");
    assert!(record.settings.balanced_dice);
    let v = verify(&record, None).expect("a balanced game verifies");
    assert_eq!(
        bincode::serialize(&v.end).expect("bytes"),
        h.serialized(),
        "the replay ends where the table did"
    );
    assert!(
        v.rolls.len() > ROLLS_PER_DECK * 2,
        "{} rolls",
        v.rolls.len()
    );
    for deck in v.rolls.chunks(ROLLS_PER_DECK) {
        let mut dice: Vec<(u8, u8)> = deck.iter().map(|(_, d)| *d).collect();
        dice.sort();
        dice.dedup();
        assert_eq!(dice.len(), deck.len(), "an outcome twice in one deck");
    }
    // The same record claiming plain dice: the seed gives other rolls.
    let mut plain = record.clone();
    plain.settings.balanced_dice = false;
    assert!(
        matches!(verify(&plain, None), Err(VerifyError::Announced { .. })),
        "plain dice verified a balanced game"
    );

    // Hosts verify it from the data directory, and are told the dice were balanced.
    let game = h.game;
    h.close();
    let out = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .args(["verify", "--data"])
        .arg(&h.dir)
        .args(["--game", &game.to_string()])
        .output()
        .expect("run catan-bot verify");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("verified."), "{stdout}");
    assert!(
        stdout.contains("balanced dice: each roll drawn from a deck of the 36 outcomes"),
        "{stdout}"
    );
}
