//! The expert's answer to a trade offered to it, chosen by search: accepting and declining are
//! each played forward in sampled worlds, the strong bot's answer preferred on a tie. The
//! offerer has shown the cards it offers, so every world deals them to it. When the expert
//! declines, the next seats in turn order that the strong rule would let accept may still
//! take the trade, as at the table. The rules every bot keeps come first and are not searched:
//! it never gives what it does not hold, never more cards than it gets, and never trades with
//! a player close to winning or well ahead ([`trade::allowed`]).

use rand_chacha::ChaCha8Rng;

use super::Think;
use super::offer::first_taker;
use super::search;
use super::world::OwnFacts;
use crate::bots::facts::Facts;
use crate::bots::trade;
use crate::engine::{Action, Event, Game, Resources, Seat};

/// Whether to give `give` for `get` to `partner`, who offered the trade.
pub fn accepts(
    f: &Facts,
    partner: Seat,
    give: &Resources,
    get: &Resources,
    think: Think,
    rng: &mut ChaCha8Rng,
) -> bool {
    if !trade::allowed(f, partner, give, get) {
        return false;
    }
    let strong_yes = trade::accepts(f, partner, give, get);
    let me = f.me;
    let current = f.view.current;
    if partner != current && me != current {
        return strong_yes;
    }
    let own = OwnFacts {
        me,
        dev_played: false,
        shown: Some((partner, *get)),
    };
    // Candidate 0 is the strong bot's answer, 1 the other one.
    let answer = |c: usize| (c == 0) == strong_yes;
    let best = search::best_of(f.view, own, 2, think.steps, rng, |g, c, events| {
        let taker = if answer(c) {
            Some(me)
        } else {
            next_taker(g, me, partner, give, get)
        };
        match taker {
            Some(taker) => apply_trade(g, partner, taker, give, get, events),
            None => true,
        }
    });
    best.map_or(strong_yes, answer)
}

/// Applies, in world `g`, the trade in which `taker` gives `give` to `partner` for `get`; the
/// current player of the two makes it. `false` if the world cannot hold it.
fn apply_trade(
    g: &mut Game,
    partner: Seat,
    taker: Seat,
    give: &Resources,
    get: &Resources,
    events: &mut Vec<Event>,
) -> bool {
    let (seat, trade) = if g.current() == partner {
        let trade = Action::DomesticTrade {
            with: taker,
            give: *get,
            get: *give,
        };
        (partner, trade)
    } else {
        let trade = Action::DomesticTrade {
            with: partner,
            give: *give,
            get: *get,
        };
        (taker, trade)
    };
    g.apply_into(seat, &trade, events).is_ok()
}

/// The seat after `me` in turn order (neither `me` nor `partner`) that the strong rule would
/// let take the trade in world `g` once `me` declines, if any. Only the current player's
/// offers go to the table; one made to the current player has no other taker.
fn next_taker(
    g: &Game,
    me: Seat,
    partner: Seat,
    give: &Resources,
    get: &Resources,
) -> Option<Seat> {
    if g.current() != partner {
        return None;
    }
    first_taker(g, me, partner, give, get)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testkit::{TestGame, set_hand};
    use rand::SeedableRng;

    /// The rules every bot keeps hold before any search: nothing it does not hold, never more
    /// cards than it gets; and the answer is the same for the same view and seed.
    #[test]
    fn the_hard_rules_come_before_the_search() {
        let mut t = TestGame::main_phase(4);
        set_hand(&mut t.g, 1, Resources([2, 0, 0, 0, 0]));
        set_hand(&mut t.g, 0, Resources([0, 3, 0, 0, 0]));
        let view = t.g.view(Some(1));
        let f = Facts::new(&view);
        let think = Think { steps: 400 };
        let rng = || ChaCha8Rng::seed_from_u64(5);
        let brick = Resources([1, 0, 0, 0, 0]);
        let two_brick = Resources([2, 0, 0, 0, 0]);
        let lumber = Resources([0, 1, 0, 0, 0]);
        // gives ore it does not hold
        let ore = Resources([0, 0, 0, 0, 1]);
        assert!(!accepts(&f, 0, &ore, &lumber, think, &mut rng()));
        // two for one
        assert!(!accepts(&f, 0, &two_brick, &lumber, think, &mut rng()));
        // the same answer for the same view and seed
        let once = accepts(&f, 0, &brick, &lumber, think, &mut rng());
        assert_eq!(once, accepts(&f, 0, &brick, &lumber, think, &mut rng()));
    }
}
