//! Fair dice: unseeded games take their seed from the OS, the start message commits to it, the
//! end (or an abandon) reveals it with the public record, and `verify` checks the record — and
//! fails on any tampering with the record or the seed.

use crate::table_support;

use std::process::Command;

use catan_bot::engine::Event;
use catan_bot::table::fairness::SeedSource;
use catan_bot::table::fairness::commitment;
use catan_bot::table::public_record::{
    Announced, FORMAT, Outcome, PublicRecord, VerifyError, verify,
};
use catan_bot::table::{Reply, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// The 64-hex-digit commitment in a start message.
fn commitment_in(text: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.starts_with("Dice:"))
        .unwrap_or_else(|| panic!("no dice line in {text}"));
    line.split(|c: char| !c.is_ascii_hexdigit())
        .find(|w| w.len() == 64)
        .unwrap_or_else(|| panic!("no commitment in {line}"))
        .to_string()
}

fn start_message(h: &Harness) -> String {
    h.log
        .iter()
        .find(|r| r.is_public() && r.text.starts_with("The game begins!"))
        .map(|r| r.text.clone())
        .expect("a start message")
}

/// The public reply with the game's record attached, and the record.
fn final_record(replies: &[Reply]) -> (Reply, PublicRecord) {
    let r = replies
        .iter()
        .rev()
        .find(|r| r.is_public() && r.file.is_some())
        .cloned()
        .expect("a public reply with the record attached");
    let file = r.file.clone().expect("file");
    assert!(file.name.ends_with(".json"), "{}", file.name);
    let record = PublicRecord::from_json(&file.bytes).expect("a readable record");
    (r, record)
}

/// Options whose unseeded games get reproducible secret seeds (so these tests replay the same
/// games every run); the seed is still secret from the players, committed and revealed.
fn predictable(n: u64) -> TableOptions {
    TableOptions {
        seed_source: SeedSource::Predictable(n),
        ..quiet_options()
    }
}

fn played_to_the_end(seed: u64) -> Harness {
    let mut h = Harness::started(&NAMES, "", predictable(seed));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    h.play_out(&mut rng, 6_000);
    assert!(h.state().winner().is_some(), "no winner");
    h
}

#[test]
fn two_games_started_in_the_same_millisecond_in_the_same_channel_differ() {
    // Two hosts, identical in every public respect: same game id, channel, players, clock;
    // seeds from the OS (the default).
    let start = |dir: &std::path::Path| {
        let mut t = open_table(dir, quiet_options());
        let now = 1_700_000_000_000;
        for (i, n) in NAMES.iter().enumerate() {
            let caller = catan_bot::table::Caller::new(PLACE, i as u64 + 1, *n);
            let word = if i == 0 { "new" } else { "join" };
            assert_no_refusal(&t.handle_text(&caller, word, now), word);
        }
        let host = catan_bot::table::Caller::new(PLACE, 1, "alice");
        let r = t.handle_text(&host, "start", now);
        assert_no_refusal(&r, "start");
        let game = t.game_in(PLACE).expect("game").id;
        let state = bincode::serialize(t.game_state(game).expect("state")).expect("bytes");
        (game, commitment_in(&public_text(&r)), state)
    };
    let (a, b) = (
        tempfile::tempdir().expect("tmp"),
        tempfile::tempdir().expect("tmp"),
    );
    let (game_a, commit_a, state_a) = start(a.path());
    let (game_b, commit_b, state_b) = start(b.path());
    assert_eq!(game_a, game_b);
    assert_ne!(commit_a, commit_b, "same commitment: same seed");
    assert_ne!(state_a, state_b, "same board, deck and dice");
}

#[test]
fn the_start_commitment_is_what_verify_checks_at_the_end() {
    let h = played_to_the_end(11);
    let committed = commitment_in(&start_message(&h));
    let (reveal, record) = final_record(&h.log);
    assert_eq!(reveal.game, Some(h.game));
    assert_eq!(record.format, FORMAT);
    assert_eq!(record.commitment, committed);
    let seed = record.seed.expect("the seed is revealed at the end");
    assert!(
        reveal.text.contains(&format!("was {seed}")),
        "{}",
        reveal.text
    );
    assert_eq!(commitment(h.game, seed), committed);
    assert!(!record.host_chose_seed);
    let Outcome::Won { seat } = record.outcome else {
        panic!("outcome {:?}", record.outcome)
    };
    assert_eq!(Some(seat), h.state().winner());
    let v = verify(&record, None).expect("the record verifies");
    assert_eq!(v.moves as u64, h.state().version());
    // Every roll the channel saw is a roll of the replay, in order.
    // (Each edit of a live turn message repeats the turn's roll line: count it once. Two
    // turns in a row never have the same line, as they are different players'.)
    let mut announced_rolls: Vec<String> = h
        .public_replies()
        .flat_map(|r| r.text.lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| l.starts_with("🎲 "))
        .collect();
    announced_rolls.dedup();
    assert_eq!(announced_rolls.len(), v.rolls.len());
    for (line, (_, (a, b))) in announced_rolls.iter().zip(&v.rolls) {
        assert!(line.contains(&format!("rolled {a} + {b} =")), "{line}");
    }
    assert!(!v.draws.is_empty() && !v.steals.is_empty());
    // The replayed end is the game the table played.
    assert_eq!(
        bincode::serialize(&v.end).expect("bytes"),
        bincode::serialize(h.state()).expect("bytes")
    );
}

#[test]
fn verify_fails_on_a_tampered_record_or_seed() {
    let h = played_to_the_end(5);
    let (_, record) = final_record(&h.log);
    let seed = record.seed.expect("seed");
    assert!(verify(&record, None).is_ok());

    // Another seed.
    assert!(matches!(
        verify(&record, Some(seed ^ 1)),
        Err(VerifyError::SeedDisagrees { .. })
    ));
    let mut other = record.clone();
    other.seed = Some(seed.wrapping_add(1));
    assert!(matches!(
        verify(&other, None),
        Err(VerifyError::Commitment { .. })
    ));
    // Another commitment.
    let mut other = record.clone();
    other.commitment = commitment(h.game, seed ^ 2);
    assert!(matches!(
        verify(&other, None),
        Err(VerifyError::Commitment { .. })
    ));
    // A different roll announced.
    let mut other = record.clone();
    let (index, dice) = other
        .moves
        .iter_mut()
        .enumerate()
        .find_map(|(i, m)| {
            m.announced.iter_mut().find_map(|a| match a {
                Announced::Public(Event::Rolled { dice, .. }) => Some((i, dice)),
                _ => None,
            })
        })
        .expect("a roll");
    *dice = (dice.0 % 6 + 1, dice.1);
    match verify(&other, None) {
        Err(e @ VerifyError::Announced { index: at, .. }) => {
            assert_eq!(at, index + 1);
            // Said in a sentence: which move, what was announced, what the seed gives.
            let text = e.to_string();
            let who = &record.seats[other.moves[index].seat as usize];
            assert!(
                text.starts_with(&format!(
                    "move {at} ({who}: `roll`): the record announced “🎲 {who} rolled"
                )),
                "{text}"
            );
            assert!(text.contains("but the seed gives “"), "{text}");
            assert!(!text.contains("Rolled") && !text.contains('{'), "{text}");
        }
        other => panic!("a changed roll verified: {other:?}"),
    }
    // A steal from someone else.
    let mut other = record.clone();
    let victim = other
        .moves
        .iter_mut()
        .flat_map(|m| m.announced.iter_mut())
        .find_map(|a| match a {
            Announced::Stole { victim, .. } => Some(victim),
            _ => None,
        })
        .expect("a steal");
    *victim = (*victim + 1) % 3;
    assert!(verify(&other, None).is_err());
    // A move dropped.
    let mut other = record.clone();
    other.moves.remove(other.moves.len() / 2);
    assert!(verify(&other, None).is_err());
    // Seats reordered.
    let mut other = record.clone();
    other.seats.swap(0, 1);
    assert!(matches!(
        verify(&other, None),
        Err(VerifyError::SeatOrder { .. })
    ));
    // Another outcome.
    let mut other = record.clone();
    other.outcome = Outcome::Abandoned;
    let outcome = verify(&other, None);
    assert!(matches!(outcome, Err(VerifyError::Outcome { .. })));
    let text = outcome.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        text.starts_with(
            "the record says the game was abandoned, but the replay says it was won by "
        ),
        "{text}"
    );
    // The binary says so too, with a failing exit status.
    let dir = tempfile::tempdir().expect("tmp");
    let good = dir.path().join("good.json");
    let bad = dir.path().join("bad.json");
    std::fs::write(&good, record.to_json()).expect("write");
    let mut tampered = record.clone();
    tampered.seed = Some(seed ^ 4);
    std::fs::write(&bad, tampered.to_json()).expect("write");
    let run = |path: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_catan-bot"))
            .arg("verify")
            .arg(path)
            .output()
            .expect("run catan-bot verify")
    };
    let out = run(&good);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("game {}: verified.", h.game)),
        "{stdout}"
    );
    let out = run(&bad);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        stdout.contains("verification FAILED: the commitment does not match"),
        "{stdout}"
    );
}

#[test]
fn an_export_mid_game_hides_the_seed_and_verifies_once_it_is_revealed() {
    let mut h = Harness::started(&NAMES, "", predictable(3));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..120 {
        assert!(h.step(&mut rng));
    }
    // Anyone in the place may export; the reply is private to them.
    let r = h.say("alice", "export");
    assert_no_refusal(&r, "export");
    assert!(!r[0].is_public());
    let file = r[0].file.clone().expect("the record file");
    let mid = PublicRecord::from_json(&file.bytes).expect("record");
    assert_eq!(mid.seed, None, "the seed leaked before the end");
    assert_eq!(mid.moves.len(), 120);
    assert_eq!(mid.outcome, Outcome::Running);
    // Stolen and drawn cards are not in it.
    assert!(
        mid.moves
            .iter()
            .flat_map(|m| &m.announced)
            .all(|a| !matches!(
                a,
                Announced::Public(Event::Stole { .. } | Event::DevCardBought { .. })
            ))
    );
    assert!(
        mid.moves
            .iter()
            .flat_map(|m| &m.announced)
            .any(|a| matches!(a, Announced::DevCardBought { .. } | Announced::Stole { .. })),
        "120 moves without a purchase or a steal: pick another seed"
    );
    assert!(matches!(verify(&mid, None), Err(VerifyError::NoSeed)));
    // Finish; the revealed seed verifies the earlier export too.
    h.play_out(&mut rng, 6_000);
    let (_, end) = final_record(&h.log);
    assert!(verify(&mid, end.seed).is_ok());
    assert_eq!(end.moves[..120], mid.moves[..]);
}

#[test]
fn abandoning_a_started_game_reveals_its_seed_and_record() {
    let mut h = Harness::started(&NAMES, "", predictable(8));
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..40 {
        assert!(h.step(&mut rng));
    }
    let r = h.say("alice", "abandon");
    assert_no_refusal(&r, "abandon");
    let (reply, record) = final_record(&r);
    assert!(reply.text.contains("abandoned the game"));
    assert_eq!(record.outcome, Outcome::Abandoned);
    assert_eq!(record.commitment, commitment_in(&start_message(&h)));
    let v = verify(&record, None).expect("verifies");
    assert_eq!(v.moves, 40);
    // A lobby that never started has nothing to reveal.
    let r = h.say("alice", "new");
    assert_no_refusal(&r, "new");
    let r = h.say("alice", "abandon");
    assert!(r.iter().all(|r| r.file.is_none()));
}

#[test]
fn a_host_chosen_seed_is_shown_to_everyone() {
    let mut h = Harness::empty(&NAMES, quiet_options());
    let r = h.say("alice", "new seed 42");
    assert!(public_text(&r).contains("seed 42 (chosen by the host"));
    let r = h.say("bob", "join");
    assert!(
        public_text(&r).contains("seed 42"),
        "every lobby update shows it"
    );
    let r = h.say("alice", "set seed 43");
    assert!(public_text(&r).contains("seed 43"));
    h.say("carol", "join");
    let r = h.say("alice", "start");
    assert!(public_text(&r).contains("Dice: seed 43, chosen by the host"));
    h.game = h.table().game_in(PLACE).expect("game").id;
    let r = h.say("bob", "export");
    let record = PublicRecord::from_json(&r[0].file.clone().expect("file").bytes).expect("record");
    assert_eq!(record.seed, Some(43), "a host seed is no secret");
    assert!(record.host_chose_seed);
}

#[test]
fn hosts_verify_a_finished_game_from_the_data_directory() {
    let mut h = played_to_the_end(23);
    let game = h.game;
    let (_, attached) = final_record(&h.log);
    h.close();
    let out_file = h.dir.join("exported.json");
    let out = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .arg("verify")
        .arg("--data")
        .arg(&h.dir)
        .arg("--game")
        .arg(game.to_string())
        .arg("--export")
        .arg(&out_file)
        .output()
        .expect("run catan-bot verify");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("verified."), "{stdout}");
    let exported = PublicRecord::from_json(&std::fs::read(&out_file).expect("read")).expect("json");
    assert_eq!(
        exported, attached,
        "the stored record is the one players got"
    );
}
