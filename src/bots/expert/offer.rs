//! The expert's one offer to the table on its turn, chosen by search: the strong bot's offer,
//! no offer, and a few more 1-for-1 and 2-for-1 trades towards its first goals are each played
//! forward in sampled worlds. In each world the first other seat (in turn order) that the
//! strong bot's rule says would accept takes the trade; if none would, the candidate plays on
//! as "no offer". The offer that ends best is made.

use rand_chacha::ChaCha8Rng;

use super::Think;
use super::search;
use super::world::OwnFacts;
use crate::bots::facts::Facts;
use crate::bots::{plan, trade};
use crate::engine::{Action, Game, Phase, Resource, Resources, Seat};

/// Offers beyond the strong bot's and "none" that are weighed.
const MORE_OFFERS: usize = 4;
/// Goals whose missing cards an offer may ask for.
const OFFER_GOALS: usize = 3;

/// An offer: the seat gives the first and gets the second.
pub type Offer = (Resources, Resources);

/// The offer to make, if any.
pub fn offer(f: &Facts, think: Think, rng: &mut ChaCha8Rng) -> Option<Offer> {
    if f.view.phase != Phase::Main || f.view.current != f.me {
        return None;
    }
    let strong_pick = trade::offer(f);
    let mut options: Vec<Option<Offer>> = vec![strong_pick];
    if strong_pick.is_some() {
        options.push(None);
    }
    for more in more_offers(f) {
        if options.len() >= 2 + MORE_OFFERS {
            break;
        }
        if !options.contains(&Some(more)) {
            options.push(Some(more));
        }
    }
    if options.len() < 2 {
        return strong_pick;
    }
    let me = f.me;
    // The seat's own card play this turn is not in the view; an offer comes before it.
    let own = OwnFacts {
        me,
        dev_played: false,
        shown: None,
    };
    let best = search::best_of(
        f.view,
        own,
        options.len(),
        think.steps,
        rng,
        |g, c, events| {
            if let Some((give, get)) = options[c]
                && let Some(with) = acceptor(g, me, &give, &get)
            {
                let trade = Action::DomesticTrade { with, give, get };
                return g.apply_into(me, &trade, events).is_ok();
            }
            true
        },
    );
    best.map_or(strong_pick, |b| options[b])
}

/// 1-for-1 and 2-for-1 trades that fetch a card one of the first goals lacks, paid with cards
/// beyond that goal's cost, the best gain for the hand first.
fn more_offers(f: &Facts) -> Vec<Offer> {
    let goals = plan::goals(f);
    let before = plan::hand_value(&f.hand, &goals);
    let mut scored: Vec<(f32, Offer)> = Vec::new();
    for cost in goals.iter().take(OFFER_GOALS).map(|g| g.cost()) {
        for get in Resource::ALL.into_iter().filter(|&r| cost[r] > f.hand[r]) {
            for give in Resource::ALL.into_iter().filter(|&r| r != get) {
                for n in 1..=2 {
                    if f.hand[give] < cost[give] + n {
                        continue;
                    }
                    let offer = (Resources::of(give, n), Resources::one(get));
                    let after = plan::hand_value(&(f.hand - offer.0 + offer.1), &goals);
                    if after > before && !scored.iter().any(|(_, o)| *o == offer) {
                        scored.push((after - before - 0.5 * (n - 1) as f32, offer));
                    }
                }
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().map(|(_, o)| o).collect()
}

/// The first other seat, in turn order, that would take the offer in world `g`.
fn acceptor(g: &Game, me: Seat, give: &Resources, get: &Resources) -> Option<Seat> {
    first_taker(g, me, me, get, give)
}

/// The first seat after `after` in turn order, up to the offerer, that the strong rule would
/// let give `gives` for `gets` to `offerer` in world `g`.
pub(super) fn first_taker(
    g: &Game,
    after: Seat,
    offerer: Seat,
    gives: &Resources,
    gets: &Resources,
) -> Option<Seat> {
    let n = g.players().len() as Seat;
    (1..n)
        .map(|k| (after + k) % n)
        .take_while(|&s| s != offerer)
        .find(|&other| {
            let view = g.view(Some(other));
            trade::accepts(&Facts::new(&view), offerer, gives, gets)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testkit::{TestGame, set_hand};
    use rand::SeedableRng;

    /// Half a city and spare brick: the offers ask for a card a goal lacks and give only cards
    /// beyond that goal's cost, at most two for one.
    #[test]
    fn offers_ask_for_what_a_goal_lacks_and_give_spare_cards() {
        let mut t = TestGame::main_phase(4);
        let topo = t.topo();
        t.settlement(0, topo.hex_vertices[11][0]);
        set_hand(&mut t.g, 0, Resources([4, 0, 0, 2, 2]));
        let view = t.g.view(Some(0));
        let f = Facts::new(&view);
        let goals = plan::goals(&f);
        let offers = more_offers(&f);
        assert!(!offers.is_empty());
        for (give, get) in &offers {
            assert_eq!(get.total(), 1);
            assert!((1..=2).contains(&give.total()), "{give:?}");
            assert!(give.fits_in(&f.hand));
            let r = Resource::ALL
                .into_iter()
                .find(|&r| get[r] > 0)
                .expect("a card");
            assert!(
                goals
                    .iter()
                    .take(OFFER_GOALS)
                    .any(|g| g.cost()[r] > f.hand[r]),
                "{r:?} is lacked by no goal"
            );
        }
        let think = Think { steps: 200 };
        let made = offer(&f, think, &mut ChaCha8Rng::seed_from_u64(1));
        if let Some((give, _)) = made {
            assert!(give.fits_in(&f.hand));
        }
        // the same view and seed: the same offer
        assert_eq!(made, offer(&f, think, &mut ChaCha8Rng::seed_from_u64(1)));
    }

    /// No offer off the seat's own action phase.
    #[test]
    fn no_offer_on_another_players_turn() {
        let mut t = TestGame::main_phase(4);
        set_hand(&mut t.g, 1, Resources([4, 0, 0, 2, 2]));
        let view = t.g.view(Some(1));
        let f = Facts::new(&view);
        let think = Think { steps: 200 };
        assert_eq!(offer(&f, think, &mut ChaCha8Rng::seed_from_u64(1)), None);
    }
}
