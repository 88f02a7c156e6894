//! Determinisation: a whole [`Game`] the expert can play forward, built from its seat's
//! [`GameView`] only. Everything public is copied; what the seat cannot see is sampled from
//! what it may know:
//!
//! - the other hands: every resource card is in the supply, the seat's hand or another hand,
//!   so the cards of each kind the others hold together are known exactly (`supply total −
//!   bank − own`); they are dealt at random to the other seats in their public hand sizes;
//! - the other players' development cards and the deck: the full mix minus the seat's own
//!   cards and the knights played (public), shuffled, dealt to the others in their public
//!   counts and the rest stacked as the deck (in its public size). Progress cards played
//!   earlier are not in the view, so they may come back in a sample: a small bias, never a
//!   leak;
//! - the dice: a fresh RNG from the sample's seed; with balanced dice, the cards the view
//!   shows left in the dice deck, shuffled (the true order is a future roll, never shown).
//!
//! The true game is never consulted, so the samples (and every decision made from them) are
//! the same whatever the hidden cards, the deck order and the game's seed are.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::game::{dev_card_counts, resource_supply_total};
use crate::engine::{
    Action, DevCard, Game, GameView, HeldCard, Hidden, Phase, Resource, Resources, Seat,
};

/// What the view leaves out about the seat itself and the sampler must infer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnFacts {
    pub me: Seat,
    /// The seat played a development card this turn (the view does not say; see [`infer`]).
    pub dev_played: bool,
    /// Cards another seat has shown it holds by offering them to this seat: every sample
    /// deals them to that seat first.
    pub shown: Option<(Seat, Resources)>,
}

/// The seat's own facts from its view and legal actions: it played a card this turn if it is
/// its turn, it holds a card other than a victory point bought before this turn and no card
/// play is legal (when such a card cannot be played for another reason, the guess forbids the
/// same plays, so the sample's legal actions are the true ones either way).
pub fn infer(view: &GameView, legal: &[Action]) -> Option<OwnFacts> {
    let me = view.viewer?;
    let own = view.own.as_ref()?;
    let my_turn = view.current == me && matches!(view.phase, Phase::BeforeRoll | Phase::Main);
    let always_playable = own
        .dev_cards
        .iter()
        .any(|c| c.bought_turn != view.turn && c.card != DevCard::VictoryPoint);
    let dev_played = my_turn && always_playable && !legal.iter().any(Action::is_card_play);
    Some(OwnFacts {
        me,
        dev_played,
        shown: None,
    })
}

/// A game consistent with `view` whose hidden parts are drawn with `rng`; `None` when the view
/// is not one the sampler handles (a spectator's, or the Helpers of Catan scenario, whose
/// helper state is not rebuilt) or its counts do not add up. The engine assembles the game
/// and checks the drawn parts fit the view ([`Game::from_view`]); the draws are made here.
pub fn sample(view: &GameView, own: OwnFacts, rng: &mut ChaCha8Rng) -> Option<Game> {
    if view.helpers.is_some() || view.settings.helpers {
        return None;
    }
    let mine = view.own.as_ref()?;
    let seed: u64 = rng.r#gen();
    if view.settings.players as usize != view.players.len() {
        return None;
    }
    let size = view.layout.size;
    // Resource cards in other hands, by kind.
    let supply = resource_supply_total(size);
    let mut pool: Vec<Resource> = Vec::new();
    for r in Resource::ALL {
        let held = supply
            .checked_sub(view.bank[r])?
            .checked_sub(mine.hand[r])?;
        pool.extend(std::iter::repeat_n(r, held as usize));
    }
    let others_cards: u32 = others(view, own.me)
        .map(|s| view.players[s as usize].resource_count)
        .sum();
    if pool.len() as u32 != others_cards {
        return None;
    }
    let shown = take_shown(&mut pool, view, own)?;
    pool.shuffle(rng);
    // Development cards not known to be elsewhere.
    let knights_played: u32 = view.players.iter().map(|p| p.knights_played as u32).sum();
    let mut unseen: Vec<DevCard> = Vec::new();
    for (card, count) in dev_card_counts(size) {
        let mut n = count as u32;
        n = n.saturating_sub(mine.dev_cards.iter().filter(|c| c.card == card).count() as u32);
        if card == DevCard::Knight {
            n = n.saturating_sub(knights_played);
        }
        unseen.extend(std::iter::repeat_n(card, n as usize));
    }
    let others_dev: usize = others(view, own.me)
        .map(|s| view.players[s as usize].dev_card_count)
        .sum();
    if unseen.len() < others_dev + view.deck_size {
        return None;
    }
    unseen.shuffle(rng);

    let mut cards = pool.into_iter();
    let mut devs = unseen.into_iter();
    // Cards of other hands count as bought before this turn: playable, as they may be.
    let bought_turn = view.turn.saturating_sub(1);
    let mut hands = Vec::with_capacity(view.players.len());
    let mut dev_cards = Vec::with_capacity(view.players.len());
    for p in &view.players {
        if p.seat == own.me {
            hands.push(mine.hand);
            dev_cards.push(mine.dev_cards.clone());
            continue;
        }
        let mut hand = match own.shown {
            Some((seat, _)) if seat == p.seat => shown,
            _ => Resources::default(),
        };
        for _ in hand.total()..p.resource_count {
            if let Some(r) = cards.next() {
                hand[r] += 1;
            }
        }
        hands.push(hand);
        dev_cards.push(
            devs.by_ref()
                .take(p.dev_card_count)
                .map(|card| HeldCard { card, bought_turn })
                .collect(),
        );
    }
    // Balanced dice: what is left is public, its order is drawn here.
    let dice_deck = view.dice_left.map(|left| {
        let mut order: Vec<(u8, u8)> = left.outcomes().collect();
        order.shuffle(rng);
        order
    });
    let hidden = Hidden {
        seed,
        hands,
        dev_cards,
        deck: devs.take(view.deck_size).collect(),
        dev_played: own.dev_played && view.current == own.me,
        dice_seed: rng.r#gen(),
        dice_deck,
    };
    Game::from_view(view, hidden).ok()
}

/// Removes from `pool` the cards `own.shown` says a seat holds and returns them (none when
/// nothing was shown); `None` when the pool or the seat's hand size cannot hold them.
fn take_shown(pool: &mut Vec<Resource>, view: &GameView, own: OwnFacts) -> Option<Resources> {
    let Some((seat, cards)) = own.shown else {
        return Some(Resources::default());
    };
    if seat == own.me || view.players.get(seat as usize)?.resource_count < cards.total() {
        return None;
    }
    for r in Resource::ALL {
        for _ in 0..cards[r] {
            let at = pool.iter().position(|&c| c == r)?;
            pool.swap_remove(at);
        }
    }
    Some(cards)
}

/// The seats other than `me`.
fn others(view: &GameView, me: Seat) -> impl Iterator<Item = Seat> + '_ {
    view.players
        .iter()
        .map(|p| p.seat)
        .filter(move |&s| s != me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotLevel;
    use crate::bots::arena::{SeatKind, play_match};
    use crate::engine::Settings;
    use rand::SeedableRng;

    /// Mid-game positions of a strong bot match.
    fn positions() -> Vec<(Game, Seat)> {
        let kinds = [SeatKind::Bot(BotLevel::Strong); 4];
        let mut game = Game::new(Settings::for_players(4), 11);
        let mut out = Vec::new();
        let mut step = 0;
        let _ = play_match(&mut game, &kinds, 11, 200, |g, seat| {
            step += 1;
            if step % 4 == 0 {
                out.push((g.clone(), seat));
            }
        });
        out
    }

    /// A sample shows the seat exactly the view it came from, and the seat's legal actions
    /// are the true ones.
    #[test]
    fn a_sample_looks_the_same_from_the_seat() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut checked = 0;
        for (game, seat) in positions() {
            let view = game.view(Some(seat));
            let legal = game.legal_actions(seat);
            let own = infer(&view, &legal).expect("a seat's view");
            let s = sample(&view, own, &mut rng).expect("counts add up");
            assert_eq!(s.view(Some(seat)), view);
            assert_eq!(s.legal_actions(seat), legal, "{:?}", game.phase());
            let hands = s.players().iter().fold(s.bank(), |acc, p| acc + p.hand);
            assert_eq!(hands.0, [s.resource_supply_total(); 5]);
            checked += 1;
        }
        assert!(checked > 50, "{checked} positions");
    }

    /// Cards another seat has shown are in its hand in every sample, which still looks the
    /// same from the seat; cards it cannot hold make no sample.
    #[test]
    fn shown_cards_are_dealt_to_the_seat_that_showed_them() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut checked = 0;
        for (game, seat) in positions() {
            let other = (seat + 1) % 4;
            let held = game.players()[other as usize].hand;
            let Some(r) = Resource::ALL.into_iter().find(|&r| held[r] > 0) else {
                continue;
            };
            let view = game.view(Some(seat));
            let legal = game.legal_actions(seat);
            let mut own = infer(&view, &legal).expect("a seat's view");
            own.shown = Some((other, Resources::one(r)));
            for _ in 0..4 {
                let s = sample(&view, own, &mut rng).expect("the shown card fits");
                assert!(s.players()[other as usize].hand[r] >= 1);
                assert_eq!(s.view(Some(seat)), view);
            }
            let too_many = view.players[other as usize].resource_count + 1;
            own.shown = Some((other, Resources::of(r, too_many as u8)));
            assert!(sample(&view, own, &mut rng).is_none());
            checked += 1;
        }
        assert!(checked > 20, "{checked} positions");
    }
}
