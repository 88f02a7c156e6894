//! Balanced dice in whole games: the deck property over many seeded games, the exact
//! reshuffle point, the same rolls from the same seed, and views that never show the order.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::action::{Action, Event, Phase};
use crate::game::Game;
use crate::testkit::{self, TestGame};
use crate::types::Seat;

/// A game in its action phase (empty board and hands, so rolls pay nothing and a 7 only moves
/// the robber), with the house rule on or off.
fn game(seed: u64, balanced: bool) -> Game {
    let mut t = TestGame::main_phase_seeded(3, seed);
    t.g.settings.balanced_dice = balanced;
    t.g.dice_deck = balanced.then(DiceDeck::default);
    t.g
}

/// The next `n` rolls, ending each turn right after its roll (and robber move), with the
/// number of cards left in the deck after each roll.
fn rolls(g: &mut Game, n: usize) -> Vec<((u8, u8), Option<usize>)> {
    let mut out = Vec::new();
    while out.len() < n {
        let seat: Seat = g.waiting_for()[0];
        let action = match g.phase {
            Phase::BeforeRoll => Action::Roll,
            Phase::Main => Action::EndTurn,
            _ => g.legal_actions(seat)[0].clone(),
        };
        let events = g.apply(seat, &action).expect("a legal step");
        for e in events {
            if let Event::Rolled { dice, .. } = e {
                out.push((dice, g.dice_deck.as_ref().map(DiceDeck::len)));
            }
        }
    }
    out
}

/// Every deck of 24 rolls holds no outcome twice.
fn decks_repeat_nothing(rolls: &[(u8, u8)]) -> bool {
    rolls.chunks(ROLLS_PER_DECK).all(|deck| {
        let seen = deck
            .iter()
            .fold(0u64, |set, &(a, b)| set | 1 << ((a - 1) * 6 + b - 1));
        seen.count_ones() as usize == deck.len()
    })
}

#[test]
fn over_100_games_of_60_rolls_each_deck_of_24_rolls_repeats_no_outcome() {
    let mut per_total = [0u32; 13];
    let mut per_outcome = [0u32; OUTCOMES];
    let mut plain_repeats = 0;
    for seed in 0..100 {
        let mut g = game(seed, true);
        let drawn = rolls(&mut g, 60);
        let dice: Vec<(u8, u8)> = drawn.iter().map(|(d, _)| *d).collect();
        assert!(decks_repeat_nothing(&dice), "seed {seed}: {dice:?}");
        // the reshuffle point: 35 left after the 1st roll of a deck, 12 after its 24th
        for (i, (_, left)) in drawn.iter().enumerate() {
            assert_eq!(
                *left,
                Some(OUTCOMES - 1 - i % ROLLS_PER_DECK),
                "seed {seed} roll {i}"
            );
        }
        for deck in dice.chunks(ROLLS_PER_DECK) {
            let mut totals = [0u8; 13];
            for &(a, b) in deck {
                totals[(a + b) as usize] += 1;
            }
            // never more of a total than it has cards: at most six 7s, one 2, one 12
            for (t, &n) in totals.iter().enumerate().skip(2) {
                let ways = 6 - (t as i32 - 7).unsigned_abs() as u8;
                assert!(n <= ways, "seed {seed}: {n} rolls of {t} in one deck");
            }
        }
        for &(a, b) in &dice[..2 * ROLLS_PER_DECK] {
            per_total[(a + b) as usize] += 1;
            per_outcome[((a - 1) * 6 + b - 1) as usize] += 1;
        }
        // the same seeds without the house rule repeat outcomes within 24 rolls
        let plain: Vec<(u8, u8)> = rolls(&mut game(seed, false), 60)
            .into_iter()
            .map(|(d, _)| d)
            .collect();
        plain_repeats += !decks_repeat_nothing(&plain) as u32;
    }
    // 200 full decks: no outcome in more of them than there are decks, every outcome drawn
    assert!(
        per_outcome.iter().all(|&n| (1..=200).contains(&n)),
        "{per_outcome:?}"
    );
    assert_eq!(per_total.iter().sum::<u32>(), 200 * ROLLS_PER_DECK as u32);
    assert!(per_total[7] <= 200 * 6 && per_total[2] <= 200 && per_total[12] <= 200);
    assert!(
        plain_repeats > 90,
        "plain dice repeat in {plain_repeats} of 100 games"
    );
}

#[test]
fn the_same_seed_draws_the_same_rolls_and_the_off_case_keeps_the_generators_dice() {
    let a = rolls(&mut game(7, true), 50);
    let b = rolls(&mut game(7, true), 50);
    assert_eq!(a, b);
    assert_ne!(a, rolls(&mut game(8, true), 50));
    // without the house rule a roll is two draws of the generator, as before
    let mut g = game(7, false);
    let mut rng = g.rng.clone();
    use rand::Rng;
    let expected = (rng.gen_range(1..=6u8), rng.gen_range(1..=6u8));
    assert_eq!(rolls(&mut g, 1)[0], (expected, None));
}

#[test]
fn no_view_shows_the_order_of_the_deck_only_what_is_left() {
    let mut g = game(3, true);
    rolls(&mut g, 30);
    let mut other = g.clone();
    testkit::shuffle_dice_deck(&mut other, &mut ChaCha8Rng::seed_from_u64(1));
    assert_ne!(g.dice_deck, other.dice_deck, "the order differs");
    for seat in [None, Some(0), Some(1), Some(2)] {
        assert_eq!(g.view(seat), other.view(seat));
    }
    let left = g
        .view(None)
        .dice_left
        .expect("balanced games show what is left");
    assert_eq!(left.len(), OUTCOMES - 6, "30 rolls: the second deck drew 6");
    assert_eq!(game(3, false).view(None).dice_left, None);
}
