//! The balanced dice house rule (RULES.md §8, `settings.balanced_dice`). The exact rule:
//!
//! - The dice are not thrown: each roll is a card drawn from a deck of the 36 ordered
//!   outcomes of two dice (1+1, 1+2, …, 6+6), so a 7 has six cards, a 2 or a 12 one each.
//! - The deck is shuffled at the game's first roll, with the game's own generator (the
//!   committed seed), so a replay and `catan-bot verify` draw the same cards.
//! - Each roll takes the top card; drawn cards are not put back.
//! - Before a roll, when fewer than [`RESHUFFLE_BELOW`] (13) cards remain, all 36 are gathered
//!   and reshuffled first. So every deck gives exactly [`ROLLS_PER_DECK`] (24) rolls, no outcome
//!   twice among them, and its last 12 cards are never drawn.
//! - The order of the deck is secret (it is the future rolls): no view shows it. What is left
//!   is public (anyone can count the rolls since the last reshuffle), and the view shows it
//!   as a set ([`DiceLeft`]) for bots that sample the rest.
//!
//! Without the house rule the dice are two draws of the generator, as they always were.

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The ordered outcomes of two dice: the deck's size.
pub const OUTCOMES: usize = 36;

/// Before a roll, a deck with fewer cards than this is reshuffled whole (colonist's rule).
pub const RESHUFFLE_BELOW: usize = 13;

/// Rolls drawn from each shuffled deck.
pub const ROLLS_PER_DECK: usize = OUTCOMES - (RESHUFFLE_BELOW - 1);

/// A card: the outcome `(first die, second die)` as `(first − 1) · 6 + (second − 1)`.
type Card = u8;

fn card_of((first, second): (u8, u8)) -> Option<Card> {
    ((1..=6).contains(&first) && (1..=6).contains(&second)).then(|| (first - 1) * 6 + second - 1)
}

fn dice_of(card: Card) -> (u8, u8) {
    (card / 6 + 1, card % 6 + 1)
}

/// Why a dice deck is not one the rule can produce.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DiceDeckError {
    #[error("{0:?} is not a roll of two dice")]
    NotDice((u8, u8)),
    #[error("the outcome {0:?} is in the dice deck twice")]
    Twice((u8, u8)),
}

/// The undrawn cards of the balanced dice deck, the top at the end. Secret: only the engine
/// reads it. Stored with the game (`game_serde.rs`); empty until the first roll.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct DiceDeck {
    cards: Vec<Card>,
}

impl DiceDeck {
    /// A deck holding `order` (the top at the end), as a bot's sample deals it: each outcome
    /// a roll of two dice and at most once.
    pub fn from_order(order: &[(u8, u8)]) -> Result<DiceDeck, DiceDeckError> {
        let mut seen = 0u64;
        let mut cards = Vec::with_capacity(order.len());
        for &dice in order {
            let card = card_of(dice).ok_or(DiceDeckError::NotDice(dice))?;
            if seen & (1 << card) != 0 {
                return Err(DiceDeckError::Twice(dice));
            }
            seen |= 1 << card;
            cards.push(card);
        }
        Ok(DiceDeck { cards })
    }

    /// The next roll: the top card, after reshuffling all 36 with `rng` when fewer than
    /// [`RESHUFFLE_BELOW`] remain.
    pub(crate) fn draw(&mut self, rng: &mut ChaCha8Rng) -> (u8, u8) {
        if self.cards.len() < RESHUFFLE_BELOW {
            self.cards.clear();
            self.cards.extend(0..OUTCOMES as Card);
            self.cards.shuffle(rng);
        }
        let card = self
            .cards
            .pop()
            .expect("a deck holds 13 cards or more here");
        dice_of(card)
    }

    /// The cards left in another order (tests that change what no seat can see).
    #[cfg(any(test, feature = "testkit"))]
    pub(crate) fn shuffle_order(&mut self, rng: &mut impl rand::Rng) {
        self.cards.shuffle(rng);
    }

    /// What is left, without the order.
    pub fn left(&self) -> DiceLeft {
        DiceLeft(self.cards.iter().fold(0, |set, &c| set | (1 << c)))
    }

    /// How many cards are left.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// No card left (a new game before its first roll).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

impl TryFrom<Vec<u8>> for DiceDeck {
    type Error = DiceDeckError;

    fn try_from(cards: Vec<u8>) -> Result<DiceDeck, DiceDeckError> {
        let mut seen = 0u64;
        for &card in &cards {
            if card as usize >= OUTCOMES {
                return Err(DiceDeckError::NotDice((card / 6 + 1, card % 6 + 1)));
            }
            if seen & (1 << card) != 0 {
                return Err(DiceDeckError::Twice(dice_of(card)));
            }
            seen |= 1 << card;
        }
        Ok(DiceDeck { cards })
    }
}

impl From<DiceDeck> for Vec<u8> {
    fn from(deck: DiceDeck) -> Vec<u8> {
        deck.cards
    }
}

/// The outcomes left in a balanced dice deck, as a set (each is in a deck at most once):
/// public, as anyone can count the rolls since the last reshuffle. Never the order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceLeft(u64);

impl DiceLeft {
    /// `dice` is still in the deck.
    pub fn contains(self, dice: (u8, u8)) -> bool {
        card_of(dice).is_some_and(|c| self.0 & (1 << c) != 0)
    }

    /// How many cards are left.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// No card left (before the first roll).
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The outcomes left, smallest first die first.
    pub fn outcomes(self) -> impl Iterator<Item = (u8, u8)> {
        (0..OUTCOMES as Card)
            .filter(move |c| self.0 & (1 << c) != 0)
            .map(dice_of)
    }

    /// Cards left per total of the dice (index 2..=12).
    pub fn totals(self) -> [u8; 13] {
        let mut totals = [0u8; 13];
        for (a, b) in self.outcomes() {
            totals[(a + b) as usize] += 1;
        }
        totals
    }
}

#[cfg(test)]
#[path = "balanced_dice_tests.rs"]
mod game_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn every_outcome() -> Vec<(u8, u8)> {
        (1..=6).flat_map(|a| (1..=6).map(move |b| (a, b))).collect()
    }

    #[test]
    fn the_first_draw_shuffles_and_a_deck_gives_24_distinct_rolls() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut deck = DiceDeck::default();
        assert!(deck.is_empty());
        let mut drawn = Vec::new();
        for i in 0..ROLLS_PER_DECK {
            drawn.push(deck.draw(&mut rng));
            assert_eq!(deck.len(), OUTCOMES - 1 - i);
        }
        assert_eq!(ROLLS_PER_DECK, 24);
        assert_eq!(deck.len(), RESHUFFLE_BELOW - 1);
        let mut sorted = drawn.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 24, "no outcome twice: {drawn:?}");
        // what is left is exactly what was not drawn
        let left: Vec<(u8, u8)> = deck.left().outcomes().collect();
        let not_drawn: Vec<(u8, u8)> = every_outcome()
            .into_iter()
            .filter(|d| !drawn.contains(d))
            .collect();
        assert_eq!(left, not_drawn);
        assert_eq!(deck.left().len(), 12);
    }

    #[test]
    fn the_deck_is_reshuffled_exactly_when_fewer_than_13_remain() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        // 13 left: no reshuffle, the top card is drawn
        let thirteen: Vec<(u8, u8)> = every_outcome().into_iter().take(13).collect();
        let mut deck = DiceDeck::from_order(&thirteen).expect("a deck");
        let before = rng.clone();
        assert_eq!(deck.draw(&mut rng), (3, 1), "the top card");
        assert_eq!(deck.len(), 12);
        assert_eq!(
            rng.get_word_pos(),
            before.get_word_pos(),
            "no shuffle drew from the generator"
        );
        // 12 left: all 36 are reshuffled, then one is drawn
        let roll = deck.draw(&mut rng);
        assert_eq!(deck.len(), 35);
        assert!(!deck.left().contains(roll));
        assert_ne!(rng.get_word_pos(), before.get_word_pos());
        // the reshuffle is the generator's: the same generator gives the same deck
        let mut again = DiceDeck::from_order(&thirteen[1..]).expect("a deck");
        let mut rng2 = before.clone();
        assert_eq!(again.draw(&mut rng2), roll);
        assert_eq!(again, deck);
    }

    #[test]
    fn the_left_set_counts_totals_and_hides_the_order() {
        let a = DiceDeck::from_order(&[(1, 6), (6, 1), (3, 4), (2, 2)]).expect("a deck");
        let b = DiceDeck::from_order(&[(2, 2), (3, 4), (6, 1), (1, 6)]).expect("a deck");
        assert_ne!(a, b);
        assert_eq!(a.left(), b.left());
        let totals = a.left().totals();
        assert_eq!((totals[7], totals[4], totals[12]), (3, 1, 0));
        assert!(a.left().contains((6, 1)) && !a.left().contains((1, 1)));
        assert!(!a.left().contains((0, 7)));
        assert_eq!(DiceLeft::default().len(), 0);
    }

    #[test]
    fn decks_that_the_rule_cannot_make_are_refused() {
        assert_eq!(
            DiceDeck::from_order(&[(1, 2), (1, 2)]),
            Err(DiceDeckError::Twice((1, 2)))
        );
        assert_eq!(
            DiceDeck::from_order(&[(0, 2)]),
            Err(DiceDeckError::NotDice((0, 2)))
        );
        let bytes = bincode::serialize(&vec![3u8, 3]).unwrap();
        let err = bincode::deserialize::<DiceDeck>(&bytes).unwrap_err();
        assert!(err.to_string().contains("twice"), "{err}");
        let bytes = bincode::serialize(&vec![36u8]).unwrap();
        assert!(bincode::deserialize::<DiceDeck>(&bytes).is_err());
        let deck = DiceDeck::from_order(&[(6, 6), (1, 1)]).expect("a deck");
        let back: DiceDeck = bincode::deserialize(&bincode::serialize(&deck).unwrap()).unwrap();
        assert_eq!(back, deck);
    }
}
