//! A whole game assembled from one seat's view plus the parts the view hides, supplied by the
//! caller (a bot's determinisation samples them). The engine only assembles and checks that
//! the parts fit the view and each other: the sampling, and so every choice of which cards
//! lie where, stays with the caller. The Helpers of Catan scenario is not rebuilt. With
//! balanced dice the caller also orders the dice cards the view shows left.

use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use super::balanced_dice::DiceDeck;
use super::board::{BoardSize, Topology};
use super::game::{
    CITY_LIMIT, Game, GameView, HeldCard, Player, ROAD_LIMIT, SETTLEMENT_LIMIT, dev_card_counts,
    resource_supply_total,
};
use super::types::{DevCard, Resource, Resources, Seat};

/// What a view leaves out, for [`Game::from_view`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hidden {
    /// The seed recorded in the game (the board comes from the view, the dice from
    /// `dice_seed`).
    pub seed: u64,
    /// Every seat's resource cards, in seat order (the viewer's as its view shows them).
    pub hands: Vec<Resources>,
    /// Every seat's development cards, in seat order.
    pub dev_cards: Vec<Vec<HeldCard>>,
    /// The undrawn development cards; the top is the end.
    pub deck: Vec<DevCard>,
    /// The seat whose turn it is played a development card this turn.
    pub dev_played: bool,
    /// Seeds the dice from here on.
    pub dice_seed: u64,
    /// With balanced dice: the dice cards left, in an order the caller drew (the top at the
    /// end); exactly the outcomes the view shows left. `None` without balanced dice.
    pub dice_deck: Option<Vec<(u8, u8)>>,
}

/// Why the hidden parts do not fit the view.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum FromViewError {
    #[error("the Helpers of Catan scenario is not rebuilt from a view")]
    Helpers,
    #[error("the view has {seats} seats for a game of {players} players")]
    Seats { seats: usize, players: u8 },
    #[error("the board in the view does not fit a game of its size")]
    Board,
    #[error("seat {seat}'s pieces on the board and in supply do not add up")]
    Pieces { seat: Seat },
    #[error("{what} given for {given} seats, the game has {seats}")]
    HiddenSeats {
        what: &'static str,
        given: usize,
        seats: usize,
    },
    #[error("seat {seat} holds a different number of cards than the view shows")]
    HandSize { seat: Seat },
    #[error("the viewer's own cards differ from the view")]
    OwnHand,
    #[error("the deck has {given} cards, the view shows {shown}")]
    DeckSize { given: usize, shown: usize },
    #[error("{resource:?}: supply and hands hold {held}, the game has {total}")]
    Resources {
        resource: Resource,
        held: u32,
        total: u8,
    },
    #[error("{card:?}: {held} in the deck, hands and played, the game has {total}")]
    DevCards { card: DevCard, held: u32, total: u8 },
    #[error("the dice deck does not hold the dice cards the view shows left")]
    DiceDeck,
}

impl Game {
    /// The game `view` shows with `hidden` filled in, checked for consistency: board sizes,
    /// pieces against supplies, hand and deck sizes against the view, the viewer's own cards,
    /// every resource card in exactly one place, and no more development cards of a kind than
    /// the game has (progress cards played earlier are not in a view, so fewer is fine).
    pub fn from_view(view: &GameView, hidden: Hidden) -> Result<Game, FromViewError> {
        if view.helpers.is_some() || view.settings.helpers {
            return Err(FromViewError::Helpers);
        }
        let seats = view.players.len();
        let players = view.settings.players;
        if !(2..=6).contains(&players)
            || seats != players as usize
            || view
                .players
                .iter()
                .enumerate()
                .any(|(i, p)| p.seat as usize != i)
        {
            return Err(FromViewError::Seats { seats, players });
        }
        let size = BoardSize::for_players(seats);
        let topo = Topology::get(size);
        if view.layout.size != size
            || view.layout.terrain.len() != topo.hex_count()
            || view.buildings.len() != topo.vertex_count()
            || view.roads.len() != topo.edge_count()
            || view.robber as usize >= topo.hex_count()
        {
            return Err(FromViewError::Board);
        }
        check_pieces(view)?;
        check_hidden_sizes(view, &hidden)?;
        check_resources(view, &hidden, resource_supply_total(size))?;
        check_dev_cards(view, &hidden, dev_card_counts(size))?;
        let dice_deck = dice_deck(view, hidden.dice_deck.as_deref())?;

        let players = view
            .players
            .iter()
            .zip(hidden.hands)
            .zip(hidden.dev_cards)
            .map(|((p, hand), dev_cards)| Player {
                hand,
                dev_cards,
                knights_played: p.knights_played,
                roads_left: p.roads_left,
                settlements_left: p.settlements_left,
                cities_left: p.cities_left,
                route_length: p.route_length,
                progress_played: 0,
            })
            .collect();
        Ok(Game {
            settings: view.settings.clone(),
            seed: hidden.seed,
            layout: view.layout.clone(),
            players,
            buildings: view.buildings.clone(),
            roads: view.roads.clone(),
            robber: view.robber,
            bank: view.bank,
            deck: hidden.deck,
            phase: view.phase.clone(),
            current: view.current,
            turn: view.turn,
            version: view.version,
            last_roll: view.last_roll,
            longest_route: view.longest_route,
            largest_army: view.largest_army,
            dev_played: hidden.dev_played,
            last_placed: view.last_placed.clone(),
            rng: ChaCha8Rng::seed_from_u64(hidden.dice_seed),
            helpers: None,
            dice_deck,
            derived: OnceLock::new(),
        })
    }
}

/// The balanced dice deck in the caller's order, holding what the view shows left; none
/// without balanced dice.
fn dice_deck(
    view: &GameView,
    order: Option<&[(u8, u8)]>,
) -> Result<Option<DiceDeck>, FromViewError> {
    match (view.settings.balanced_dice, view.dice_left, order) {
        (false, None, None) => Ok(None),
        (true, Some(left), Some(order)) => {
            let deck = DiceDeck::from_order(order).map_err(|_| FromViewError::DiceDeck)?;
            if deck.left() != left {
                return Err(FromViewError::DiceDeck);
            }
            Ok(Some(deck))
        }
        _ => Err(FromViewError::DiceDeck),
    }
}

/// Each seat's pieces on the board plus those in supply make the full set.
fn check_pieces(view: &GameView) -> Result<(), FromViewError> {
    for p in &view.players {
        let roads = view.roads.iter().filter(|r| **r == Some(p.seat)).count();
        let mine = view
            .buildings
            .iter()
            .flatten()
            .filter(|b| b.owner == p.seat);
        let cities = mine.clone().filter(|b| b.city).count();
        let settlements = mine.count() - cities;
        let fits = roads + p.roads_left as usize == ROAD_LIMIT as usize
            && settlements + p.settlements_left as usize == SETTLEMENT_LIMIT as usize
            && cities + p.cities_left as usize == CITY_LIMIT as usize;
        if !fits {
            return Err(FromViewError::Pieces { seat: p.seat });
        }
    }
    Ok(())
}

/// One hand per seat in its public size, the viewer's own as shown, the deck in its size.
fn check_hidden_sizes(view: &GameView, hidden: &Hidden) -> Result<(), FromViewError> {
    let seats = view.players.len();
    for (what, given) in [
        ("hands", hidden.hands.len()),
        ("development cards", hidden.dev_cards.len()),
    ] {
        if given != seats {
            return Err(FromViewError::HiddenSeats { what, given, seats });
        }
    }
    for (i, p) in view.players.iter().enumerate() {
        if hidden.hands[i].total() != p.resource_count
            || hidden.dev_cards[i].len() != p.dev_card_count
        {
            return Err(FromViewError::HandSize { seat: p.seat });
        }
    }
    if let (Some(seat), Some(own)) = (view.viewer, &view.own) {
        let s = seat as usize;
        if s >= seats || hidden.hands[s] != own.hand || hidden.dev_cards[s] != own.dev_cards {
            return Err(FromViewError::OwnHand);
        }
    }
    if hidden.deck.len() != view.deck_size {
        return Err(FromViewError::DeckSize {
            given: hidden.deck.len(),
            shown: view.deck_size,
        });
    }
    Ok(())
}

/// Every resource card is in the supply or in exactly one hand.
fn check_resources(view: &GameView, hidden: &Hidden, total: u8) -> Result<(), FromViewError> {
    for resource in Resource::ALL {
        let held = view.bank[resource] as u32
            + hidden.hands.iter().map(|h| h[resource] as u32).sum::<u32>();
        if held != total as u32 {
            return Err(FromViewError::Resources {
                resource,
                held,
                total,
            });
        }
    }
    Ok(())
}

/// No kind of development card more often than the mix has (knights played count too).
fn check_dev_cards(
    view: &GameView,
    hidden: &Hidden,
    mix: [(DevCard, u8); 5],
) -> Result<(), FromViewError> {
    let knights_played: u32 = view.players.iter().map(|p| p.knights_played as u32).sum();
    for (card, total) in mix {
        let in_hands = hidden.dev_cards.iter().flatten();
        let mut held = in_hands.filter(|c| c.card == card).count() as u32
            + hidden.deck.iter().filter(|&&c| c == card).count() as u32;
        if card == DevCard::Knight {
            held += knights_played;
        }
        if held > total as u32 {
            return Err(FromViewError::DevCards { card, held, total });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit;

    /// The hidden parts of `g` as a `Hidden`, read from the game itself.
    fn hidden_of(g: &Game) -> Hidden {
        Hidden {
            seed: g.seed,
            hands: g.players.iter().map(|p| p.hand).collect(),
            dev_cards: g.players.iter().map(|p| p.dev_cards.clone()).collect(),
            deck: g.deck.clone(),
            dev_played: g.dev_played,
            dice_seed: 1,
            dice_deck: g.dice_deck.as_ref().map(|d| d.left().outcomes().collect()),
        }
    }

    fn mid_game() -> Game {
        let mut g = Game::new(crate::Settings::for_players(4), 9);
        testkit::random_playout(&mut g, 9, 300);
        g
    }

    #[test]
    fn a_game_rebuilt_from_its_own_parts_shows_every_seat_the_same() {
        let g = mid_game();
        let view = g.view(Some(2));
        let rebuilt = Game::from_view(&view, hidden_of(&g)).expect("fits");
        for seat in [None, Some(0), Some(1), Some(2), Some(3)] {
            assert_eq!(rebuilt.view(seat), g.view(seat));
        }
        assert_eq!(rebuilt.legal_actions(g.current), g.legal_actions(g.current));
    }

    #[test]
    fn parts_that_do_not_fit_are_refused_with_the_reason() {
        let g = mid_game();
        let view = g.view(Some(0));
        let other = (0..4).find(|&s| g.players[s].hand.total() > 0 && s != 0);
        let Some(other) = other else {
            panic!("nobody else holds cards")
        };
        let mut h = hidden_of(&g);
        h.deck.pop();
        assert!(matches!(
            Game::from_view(&view, h),
            Err(FromViewError::DeckSize { .. })
        ));
        let mut h = hidden_of(&g);
        h.hands[other] = Resources::default();
        assert_eq!(
            Game::from_view(&view, h).err(),
            Some(FromViewError::HandSize {
                seat: other as Seat
            })
        );
        let mut h = hidden_of(&g);
        h.hands.pop();
        assert!(matches!(
            Game::from_view(&view, h),
            Err(FromViewError::HiddenSeats { .. })
        ));
        let mut h = hidden_of(&g);
        h.deck = vec![DevCard::Monopoly; h.deck.len()];
        assert!(matches!(
            Game::from_view(&view, h),
            Err(FromViewError::DevCards { .. })
        ));
        // The other's cards swapped for another kind: their number fits, the supply does not.
        let mut h = hidden_of(&g);
        let n = h.hands[other].total() as u8;
        let kind = Resource::ALL
            .into_iter()
            .find(|&r| h.hands[other][r] < n)
            .unwrap_or(Resource::Brick);
        h.hands[other] = Resources::of(kind, n);
        assert!(matches!(
            Game::from_view(&view, h),
            Err(FromViewError::Resources { .. })
        ));
        let mut spoiled = view.clone();
        spoiled.players[1].roads_left += 1;
        assert_eq!(
            Game::from_view(&spoiled, hidden_of(&g)).err(),
            Some(FromViewError::Pieces { seat: 1 })
        );
    }

    fn balanced_mid_game() -> Game {
        let settings = crate::Settings {
            balanced_dice: true,
            ..crate::Settings::for_players(4)
        };
        let mut g = Game::new(settings, 9);
        testkit::random_playout(&mut g, 9, 300);
        g
    }

    #[test]
    fn a_balanced_game_is_rebuilt_with_the_callers_dice_order_only() {
        let g = balanced_mid_game();
        let deck = g.dice_deck.as_ref().expect("a balanced game has a deck");
        assert!(deck.len() >= 12, "rolled: {}", deck.len());
        let view = g.view(Some(1));
        assert_eq!(view.dice_left, Some(deck.left()));
        // the order given is the order the rebuilt game draws
        let mut order: Vec<(u8, u8)> = deck.left().outcomes().collect();
        order.reverse();
        let top = *order.last().expect("cards left");
        let mut rebuilt = Game::from_view(&view, hidden_of(&g)).expect("fits");
        rebuilt.dice_deck = Some(DiceDeck::from_order(&order).expect("a deck"));
        for seat in [None, Some(0), Some(1), Some(2), Some(3)] {
            assert_eq!(rebuilt.view(seat), g.view(seat));
        }
        let mut h = hidden_of(&g);
        h.dice_deck = Some(order.clone());
        let mut rebuilt = Game::from_view(&view, h).expect("fits");
        let mut probe = rebuilt.dice_deck.take().expect("a deck");
        let mut rng = rebuilt.rng.clone();
        assert_eq!(probe.draw(&mut rng), top);
        // a deck missing a card, holding one already rolled, or none at all, is refused
        let mut h = hidden_of(&g);
        h.dice_deck.as_mut().map(Vec::pop);
        assert_eq!(
            Game::from_view(&view, h).err(),
            Some(FromViewError::DiceDeck)
        );
        let rolled = (1..=6)
            .flat_map(|a| (1..=6).map(move |b| (a, b)))
            .find(|d| !deck.left().contains(*d))
            .expect("a card rolled since the shuffle");
        let mut h = hidden_of(&g);
        if let Some(d) = h.dice_deck.as_mut() {
            d[0] = rolled;
        }
        assert_eq!(
            Game::from_view(&view, h).err(),
            Some(FromViewError::DiceDeck)
        );
        let mut h = hidden_of(&g);
        h.dice_deck = None;
        assert_eq!(
            Game::from_view(&view, h).err(),
            Some(FromViewError::DiceDeck)
        );
        // and a deck for a game without balanced dice
        let plain = mid_game();
        let mut h = hidden_of(&plain);
        h.dice_deck = Some(Vec::new());
        assert_eq!(
            Game::from_view(&plain.view(Some(0)), h).err(),
            Some(FromViewError::DiceDeck)
        );
    }
}
