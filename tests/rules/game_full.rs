//! Complete games from the lobby to a winner, through text commands only.

use crate::table_support;

use catan_bot::engine::Phase;
use catan_bot::table::ReplyKind;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

fn full_game(names: &[&str], seed: u64) -> Harness {
    let mut h = Harness::started(names, &format!("seed {seed}"), quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let taken = h.play_out(&mut rng, 6_000);
    let g = h.state();
    let Phase::Finished { winner } = *g.phase() else {
        panic!("no winner after {taken} actions (turn {})", g.turn());
    };
    assert!(g.total_vp(winner) >= g.settings().vp_target);
    assert_eq!(g.version() as usize, taken);
    catan_bot::engine::invariants::check(g).expect("invariants hold");
    // The win was announced publicly, naming the winner.
    let name = h.seat_name(winner);
    assert!(
        h.public_replies()
            .any(|r| r.text.contains(&format!("🏆 {name} wins"))),
        "no win announcement"
    );
    h
}

#[test]
fn three_player_game_reaches_a_winner() {
    let h = full_game(&["alice", "bob", "carol"], 11);
    // The place is free again: a new game can be opened.
    assert!(h.table().game_in(PLACE).is_none());
}

#[test]
fn four_player_game_reaches_a_winner() {
    full_game(&["alice", "bob", "carol", "dave"], 23);
}

#[test]
fn every_turn_start_pings_the_player_with_buttons() {
    let h = full_game(&["alice", "bob", "carol"], 5);
    let starts: Vec<_> = h
        .log
        .iter()
        .filter(|r| r.kind == ReplyKind::TurnStart)
        .collect();
    assert!(starts.len() > 20, "only {} turn starts", starts.len());
    let turns = h.state().turn() as usize;
    let headlines = starts
        .iter()
        .filter(|r| r.text.starts_with("Turn "))
        .count();
    assert_eq!(
        headlines, turns,
        "each regular turn starts with `Turn N: name's turn.`"
    );
    for r in starts {
        assert!(
            !r.mention.is_empty(),
            "turn start without a ping: {}",
            r.text
        );
        // Setup placements offer the place picker; every later turn a My hand button.
        let wanted = if r.text.contains("Setup round") {
            ":build:"
        } else {
            ":hand:"
        };
        assert!(
            r.buttons.iter().any(|b| b.id.contains(wanted)),
            "no {wanted} button: {}",
            r.text
        );
        for b in &r.buttons {
            assert!(b.id.starts_with(&format!("catan:{}:", h.game)) && b.id.len() <= 100);
        }
    }
}
