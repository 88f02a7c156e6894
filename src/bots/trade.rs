//! Trades between players: which offers a bot accepts, which it makes, and the counter-offer
//! it makes to a person whose offer it declines.
//!
//! A bot judges every offer the same way, whoever makes it (a person or a bot, the current
//! player or the one making an offer to the current player): it accepts only a trade it can
//! pay that brings its hand closer to its goals ([`plan::hand_value`]) without giving more
//! cards than it gets, and never one with a player close to winning or well ahead of the
//! table. It offers one surplus card for one card its first goal lacks, when that goal is one
//! or two cards away.

use super::facts::Facts;
use super::plan;
use crate::engine::{Phase, Resource, Resources, Seat};

/// How much closer to its goals a trade must bring the hand (in [`plan::hand_value`] points:
/// a card towards the first goal is 4, a spare card 0.1 to 0.6).
const MIN_GAIN: f32 = 0.5;

/// Whether to give `give` for `get` to `partner` (the other side of the trade, whoever made
/// the offer).
pub fn accepts(f: &Facts, partner: Seat, give: &Resources, get: &Resources) -> bool {
    allowed(f, partner, give, get) && gain(f, &plan::goals(f), give, get) > MIN_GAIN
}

/// The rules every bot keeps before weighing a trade: cards on both sides, only cards it
/// holds, never more than it gets, with another player who is not close to winning or well
/// ahead.
pub fn allowed(f: &Facts, partner: Seat, give: &Resources, get: &Resources) -> bool {
    !give.is_empty()
        && !get.is_empty()
        && give.fits_in(&f.hand)
        && partner != f.me
        && give.total() <= get.total()
        && !helps_a_leader(f, partner)
}

/// Whether a trade would help `partner`, who is close to winning (two points or fewer short)
/// or leads every other player by two points or more: a bot never feeds the leader.
pub fn helps_a_leader(f: &Facts, partner: Seat) -> bool {
    let players = &f.view.players;
    let Some(p) = players.get(partner as usize) else {
        return true;
    };
    if p.public_vp as u32 + 2 >= f.view.settings.vp_target as u32 {
        return true;
    }
    let best_other = players
        .iter()
        .filter(|o| o.seat != partner)
        .map(|o| o.public_vp)
        .max()
        .unwrap_or(0);
    p.public_vp >= best_other + 2
}

/// How much the hand gains towards `goals` by giving `give` for `get`.
fn gain(f: &Facts, goals: &[plan::Goal], give: &Resources, get: &Resources) -> f32 {
    let before = plan::hand_value(&f.hand, goals);
    let after = plan::hand_value(&(f.hand - *give + *get), goals);
    after - before
}

/// The bot's counter to `partner`'s offer (they give `their_give` and want `their_get`) that it
/// declines: it gives one card and asks for one (or two, if they offered two or more) of the
/// cards they offered, a trade it would accept ([`accepts`]) and that is not the offer turned
/// around. Prefers giving a card they asked for, then the biggest gain. `None`: no such deal.
pub fn counter(
    f: &Facts,
    partner: Seat,
    their_give: &Resources,
    their_get: &Resources,
) -> Option<(Resources, Resources)> {
    if partner == f.me || helps_a_leader(f, partner) {
        return None;
    }
    let goals = plan::goals(f);
    let offered: Vec<Resource> = Resource::ALL
        .into_iter()
        .filter(|&r| their_give[r] > 0)
        .collect();
    let mut asks: Vec<Resources> = offered.iter().map(|&r| Resources::one(r)).collect();
    if their_give.total() >= 2 {
        for (i, &a) in offered.iter().enumerate() {
            if their_give[a] >= 2 {
                asks.push(Resources::of(a, 2));
            }
            for &b in &offered[i + 1..] {
                asks.push(Resources::one(a) + Resources::one(b));
            }
        }
    }
    let mut best: Option<(f32, Resources, Resources)> = None;
    for get in asks {
        for r in Resource::ALL {
            let give = Resources::one(r);
            if get[r] > 0 || !give.fits_in(&f.hand) {
                continue;
            }
            if give == *their_get && get == *their_give {
                continue;
            }
            if give.total() > get.total() {
                continue;
            }
            let g = gain(f, &goals, &give, &get);
            if g <= MIN_GAIN {
                continue;
            }
            // A card they asked for makes the counter one they are likely to take; a
            // 1-for-2 must gain more than a 1-for-1 to be preferred.
            let wanted = if their_get[r] > 0 { 2.0 } else { 0.0 };
            let extra = get.total() as f32 - 1.0;
            let score = g + wanted - 1.5 * extra;
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, give, get));
            }
        }
    }
    best.map(|(_, give, get)| (give, get))
}

/// A 1-for-1 offer towards the first goal, on the bot's own action phase.
pub fn offer(f: &Facts) -> Option<(Resources, Resources)> {
    if f.view.phase != Phase::Main || f.view.current != f.me {
        return None;
    }
    let goals = plan::goals(f);
    let first = goals.first()?.cost();
    let lack = first - f.hand;
    if !(1..=2).contains(&lack.total()) {
        return None;
    }
    let get = Resource::ALL.into_iter().find(|&r| lack[r] > 0)?;
    // spare: beyond the first goal, and preferably beyond the second too
    let spare = f.hand - first;
    let second = goals.get(1).map(|g| g.cost()).unwrap_or_default();
    let give = Resource::ALL
        .into_iter()
        .filter(|&r| spare[r] > 0 && r != get)
        .max_by_key(|&r| (spare[r] > second[r], spare[r]))?;
    Some((Resources::one(give), Resources::one(get)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::trial::fair_offer;
    use crate::engine::testkit::TestGame;

    /// Seat 0 is current; the bot sits at `bot`, the person at `person`. The bot holds a hand
    /// one card short of its first goal with spare cards; the person holds one of each.
    fn table(bot: Seat, person: Seat) -> (TestGame, Resources, Resources) {
        let mut t = TestGame::main_phase(4);
        crate::engine::testkit::set_hand(&mut t.g, bot, Resources([3, 1, 1, 1, 0]));
        crate::engine::testkit::set_hand(&mut t.g, person, Resources([1, 1, 1, 1, 1]));
        let view = t.g.view(Some(bot));
        let (give, get) = fair_offer(&view, &t.g.players()[person as usize].hand)
            .expect("a fair helpful offer exists");
        (t, give, get)
    }

    /// A person's fair 1-for-1 offer that helps the bot is accepted, whether the person is
    /// the current player or offers to the current bot; the same offer from a person close to
    /// winning, or leading by two points, is declined.
    #[test]
    fn a_fair_helpful_offer_is_accepted_but_never_helps_a_leader() {
        for (bot, person) in [(1, 0), (0, 2)] {
            let (t, give, get) = table(bot, person);
            let view = t.g.view(Some(bot));
            let f = Facts::new(&view);
            // The bot gives what the person asks for and gets what the person gives.
            assert!(
                accepts(&f, person, &get, &give),
                "bot {bot}, person {person}"
            );
            assert!(!accepts(&f, bot, &get, &give), "a trade with itself");
            // 2 for 1 is never taken.
            assert!(!accepts(&f, person, &(get + get), &give));
            let mut near = view.clone();
            near.players[person as usize].public_vp = near.settings.vp_target - 2;
            assert!(!accepts(&Facts::new(&near), person, &get, &give));
            let mut ahead = view.clone();
            ahead.players[person as usize].public_vp =
                ahead.players.iter().map(|p| p.public_vp).max().unwrap_or(0) + 2;
            assert!(!accepts(&Facts::new(&ahead), person, &get, &give));
        }
    }

    /// A declined greedy offer (1 card for 2) gets a 1-for-1 counter: the bot gives one card
    /// it holds for one the person offered, a trade it would accept; none to a near-winner.
    #[test]
    fn a_counter_offer_is_one_fair_card_for_a_card_offered() {
        let (t, give, get) = table(1, 0);
        let view = t.g.view(Some(1));
        let f = Facts::new(&view);
        let greedy = get + get;
        assert!(!accepts(&f, 0, &greedy, &give));
        let (c_give, c_get) = counter(&f, 0, &give, &greedy).expect("a counter");
        assert_eq!(c_give.total(), 1);
        assert_eq!(c_get, give, "asks for the card offered");
        assert!(c_give.fits_in(&f.hand));
        assert!(accepts(&f, 0, &c_give, &c_get));
        let mut near = view.clone();
        near.players[0].public_vp = near.settings.vp_target - 2;
        assert_eq!(counter(&Facts::new(&near), 0, &give, &greedy), None);
        // Two cards offered: the counter may ask for two, never more than were offered.
        let two = give
            + Resources::one(
                Resource::ALL
                    .into_iter()
                    .find(|&r| give[r] == 0 && greedy[r] == 0)
                    .expect("a third resource"),
            );
        if let Some((_, c_get)) = counter(&f, 0, &two, &greedy) {
            assert!(c_get.fits_in(&two) && c_get.total() <= 2);
        }
    }
}
