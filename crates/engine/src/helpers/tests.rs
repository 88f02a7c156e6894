//! Unit tests of the helper machinery; the scenario tests per helper are in
//! `tests/rules/rules_helpers.rs`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::helpers::{Helper, Side};
use crate::{Action, Game, Settings, invariants};

#[test]
fn setup_deals_the_numbered_helpers_in_reverse_seat_order() {
    for players in 3..=6u8 {
        let mut g = Game::new(
            Settings {
                helpers: true,
                ..Settings::for_players(players)
            },
            7,
        );
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        while g.in_setup() {
            let seat = g.current;
            let legal = g.legal_actions(seat);
            let a = legal[rng.gen_range(0..legal.len())].clone();
            g.apply(seat, &a).unwrap();
        }
        let state = g.helpers.as_ref().unwrap();
        for (i, seat) in (0..players).rev().enumerate() {
            let held = state.of(seat).unwrap();
            assert_eq!(held.helper, Helper::NUMBERED[i], "seat {seat}");
            assert_eq!((held.side, held.received_turn), (Side::A, 0));
        }
        assert_eq!(state.display.len(), 10 - players as usize);
        assert!(state.stack.is_empty());
        invariants::check(&g).unwrap();
    }
}

#[test]
fn random_playouts_with_helpers_keep_invariants_and_use_every_helper() {
    let mut used = std::collections::BTreeSet::new();
    for players in 3..=6 {
        for seed in 0..6 {
            let mut g = Game::new(
                Settings {
                    helpers: true,
                    ..Settings::for_players(players)
                },
                seed,
            );
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut buf = Vec::new();
            for step in 0..4000 {
                if g.winner().is_some() {
                    break;
                }
                let seat = g.next_to_act().unwrap();
                g.legal_actions_into(seat, &mut buf);
                assert!(!buf.is_empty(), "no legal action in {:?}", g.phase);
                let a = buf[rng.gen_range(0..buf.len())].clone();
                if let Action::UseHelper(u) = &a {
                    used.insert(u.helper());
                }
                if let Err(e) = g.apply(seat, &a) {
                    panic!("step {step}: legal {a:?} refused: {e}");
                }
                if let Err(e) = invariants::check(&g) {
                    panic!("step {step} after {a:?}: {e}");
                }
            }
        }
    }
    assert_eq!(used.len(), 10, "helpers used: {used:?}");
}
