//! The counted chooser against the list it stands for: every index of every seat's list in
//! positions from many random games, and whole playouts chosen both ways.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::playout::Outcome;
use crate::types::Settings;
use crate::{Event, testkit};

/// Settings covering the board sizes, the special building phase and the friendly robber.
fn settings(players: u8, friendly: bool) -> Settings {
    Settings {
        friendly_robber: friendly,
        ..Settings::for_players(players)
    }
}

/// `nth_legal` and `legal_count` agree with the list for every seat.
fn assert_matches_list(g: &Game) {
    for seat in 0..g.players.len() as Seat + 1 {
        let list = g.legal_actions(seat);
        assert_eq!(
            g.legal_count(seat),
            list.len(),
            "seat {seat} in {:?}",
            g.phase
        );
        for (k, a) in list.iter().enumerate() {
            assert_eq!(g.nth_legal(seat, k).as_ref(), Some(a), "seat {seat}, k {k}");
        }
        assert_eq!(g.nth_legal(seat, list.len()), None);
    }
}

#[test]
fn every_index_of_every_list_matches_along_random_games() {
    let mut positions = 0;
    for players in [3, 4, 5, 6] {
        for friendly in [false, true] {
            for seed in 0..6 {
                let mut g = Game::new(settings(players, friendly), seed);
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut events = Vec::new();
                while g.winner().is_none() && g.turn < 400 {
                    assert_matches_list(&g);
                    positions += 1;
                    let seat = g.next_to_act().unwrap();
                    let list = g.legal_actions(seat);
                    let a = list[rng.gen_range(0..list.len())].clone();
                    g.apply_legal(seat, &a, &mut events);
                }
                assert_matches_list(&g);
            }
        }
    }
    assert!(positions > 10_000, "{positions} positions");
}

/// The chooser `play_random_game` used before: build the list, draw an index into it.
fn play_by_list(game: &mut Game, seed: u64, max_turns: u32) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005e_ed0f_ca7a);
    let mut legal = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut actions = 0u64;
    while game.winner().is_none() && game.turn <= max_turns {
        let Some(seat) = game.next_to_act() else {
            break;
        };
        game.legal_actions_into(seat, &mut legal);
        assert!(!legal.is_empty());
        let action = &legal[rng.gen_range(0..legal.len())];
        events.clear();
        game.apply_legal(seat, action, &mut events);
        actions += 1;
    }
    Outcome {
        winner: game.winner(),
        turns: game.turn,
        actions,
    }
}

#[test]
fn playouts_are_the_games_the_list_chooser_played() {
    for players in [3, 4, 5, 6] {
        for friendly in [false, true] {
            for seed in 0..40 {
                let mut a = Game::new(settings(players, friendly), seed);
                let mut b = a.clone();
                let oa = play_by_list(&mut a, seed, 1000);
                let ob = crate::playout::play_random_game(&mut b, seed, 1000, false)
                    .expect("a legal action at every step");
                assert_eq!(oa, ob, "{players} players, seed {seed}");
                assert_eq!(testkit::serialize(&a), testkit::serialize(&b));
                assert!(oa.actions > 100);
            }
        }
    }
}

#[test]
fn discards_are_ranked_like_the_list() {
    let hands = [
        Resources([3, 0, 2, 0, 1]),
        Resources([7, 7, 7, 7, 7]),
        Resources([0, 0, 0, 0, 12]),
        Resources([19, 1, 0, 9, 2]),
    ];
    for hand in hands {
        for count in 1..=(hand.total() / 2) as u8 {
            let mut t = testkit::TestGame::main_phase(4);
            t.give(1, hand);
            let mut list = Vec::new();
            t.g.legal_discards(1, count, &mut list);
            assert_eq!(discard_count(&hand, count), list.len(), "{hand:?} {count}");
            for (k, a) in list.iter().enumerate() {
                assert_eq!(&Action::Discard(nth_discard(&hand, count, k)), a);
            }
        }
    }
}

#[test]
fn helpers_games_use_the_list() {
    let mut g = Game::new(
        Settings {
            helpers: true,
            ..Settings::for_players(4)
        },
        5,
    );
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut events = Vec::new();
    for _ in 0..2000 {
        let Some(seat) = g.next_to_act() else { break };
        assert_matches_list(&g);
        let a = g
            .random_legal_action(seat, &mut rng)
            .expect("a legal action");
        g.apply_legal(seat, &a, &mut events);
    }
    assert!(g.turn > 10);
}

#[test]
fn trades_paid_divides_exactly() {
    for rate in 1..=4u8 {
        for held in 0..=u8::MAX {
            assert_eq!(trades_paid(held, rate), held / rate, "{held} / {rate}");
        }
    }
}

/// The supply trades' count takes a shortcut when the supply holds enough of everything;
/// a nearly empty supply is counted resource by resource, and both agree with the list.
#[test]
fn supply_trades_are_counted_with_a_nearly_empty_supply() {
    let supplies = [
        [0, 3, 1, 19, 2],
        [1, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
        [4, 0, 19, 2, 1],
        [19, 19, 19, 19, 19],
    ];
    let hands = [
        [8, 4, 2, 0, 1],
        [4, 4, 4, 4, 4],
        [12, 0, 0, 0, 3],
        [1, 1, 1, 1, 1],
    ];
    for supply in supplies {
        for hand in hands {
            let mut t = testkit::TestGame::main_phase(4);
            let seat = t.g.current as usize;
            t.g.bank = Resources(supply);
            t.g.players[seat].hand = Resources(hand);
            assert_matches_list(&t.g);
        }
    }
}
