//! Buttons from an earlier turn's message (issue 24): Roll, End turn, Buy and an offer's
//! Confirm are refused when pressed in a later turn, naming the live turn, and change
//! nothing; My hand keeps working from any message; within the current turn's message every
//! legal click keeps working (End turn after building, Roll, Confirm).

use crate::table_support;

use catan_bot::engine::{Action, Phase, Resource};
use catan_bot::i18n::InWords;
use catan_bot::table::{TurnControl, TurnStamp};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

/// The id of the newest button whose action (the id's third part) starts with `action`.
fn newest_button(h: &Harness, action: &str) -> Option<String> {
    h.log.iter().rev().find_map(|r| {
        r.buttons
            .iter()
            .find(|b| {
                b.id.split(':')
                    .nth(2)
                    .is_some_and(|a| a.starts_with(action))
            })
            .map(|b| b.id.clone())
    })
}

/// Steps the game (biased-random moves) until `done` holds; panics after many moves.
fn until(h: &mut Harness, rng: &mut ChaCha8Rng, done: impl Fn(&Harness) -> bool) {
    for _ in 0..2000 {
        if done(h) {
            return;
        }
        assert!(h.step(rng), "the game ended first");
    }
    panic!("not reached within 2000 moves");
}

fn current_name(h: &Harness) -> String {
    h.display_name(h.state().current())
}

/// Presses `id` as the current player and asserts it was refused as an earlier turn's
/// button, naming the live turn, with the game unchanged.
fn assert_refused_as_stale(h: &mut Harness, id: &str) {
    let before = h.serialized();
    let turn = h.state().turn();
    let name = current_name(h);
    let r = h.button(&name, id);
    let refusal = refusal_text(&r).unwrap_or_else(|| panic!("{id} was not refused: {r:?}"));
    assert!(refusal.contains("earlier turn"), "{id}: {refusal}");
    assert!(refusal.contains(&format!("turn {turn}")), "{id}: {refusal}");
    assert_eq!(public_text(&r), "", "{id} posted something");
    assert_eq!(h.serialized(), before, "{id} changed the game");
}

#[test]
fn earlier_turns_buttons_are_refused_and_the_live_ones_work() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "seed 11", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    until(&mut h, &mut rng, |h| {
        *h.state().phase() == Phase::BeforeRoll
    });
    let first_turn = h.state().turn();
    let roller = current_name(&h);

    // Turn 1's message: its Roll button rolls.
    let old_roll = newest_button(&h, "roll").expect("a Roll button");
    let old_hand = newest_button(&h, "hand").expect("a My hand button");
    let version = h.state().version();
    let r = h.button(&roller, &old_roll);
    assert_no_refusal(&r, "Roll in its own turn");
    assert_eq!(h.state().version(), version + 1);

    // The End button of this turn, made before a move of the same turn, still ends it.
    until(&mut h, &mut rng, |h| {
        *h.state().phase() == Phase::Main || h.state().turn() != first_turn
    });
    assert_eq!(h.state().turn(), first_turn);
    let old_end = newest_button(&h, "end").expect("an End turn button");
    let old_version: u64 = old_end
        .rsplit(':')
        .next()
        .and_then(|v| v.parse().ok())
        .expect("a version");
    let old_buy = format!("catan:{}:buy:{old_version}", h.game);
    let seat = h.state().current();
    let mid_turn = h
        .state()
        .legal_actions(seat)
        .into_iter()
        .find(|a| !matches!(a, Action::EndTurn));
    if let Some(action) = mid_turn {
        h.play(seat, &action);
    }
    if *h.state().phase() == Phase::Main && h.state().turn() == first_turn {
        let turn = h.state().turn();
        let r = h.button(&roller, &old_end);
        assert_no_refusal(&r, "End turn after a move in the same turn");
        assert!(h.state().turn() > turn, "End turn did not end the turn");
    }

    // Some turns later, alice's earlier buttons are refused, whoever presses them.
    until(&mut h, &mut rng, |h| {
        h.state().turn() >= first_turn + 3 && *h.state().phase() == Phase::BeforeRoll
    });
    assert_refused_as_stale(&mut h, &old_roll);
    assert_refused_as_stale(&mut h, &old_end);
    assert_refused_as_stale(&mut h, &old_buy);
    // My hand from the old message still answers, privately.
    let name = current_name(&h);
    let r = h.button(&name, &old_hand);
    assert_no_refusal(&r, "My hand from an earlier turn");
    assert!(
        !private_to(&r, h.user_of(&name)).is_empty(),
        "no hand shown"
    );
    // The live Roll works.
    let live_roll = newest_button(&h, "roll").expect("the live Roll button");
    let version = h.state().version();
    let r = h.button(&name, &live_roll);
    assert_no_refusal(&r, "the live Roll");
    assert_eq!(h.state().version(), version + 1);
    // In Main, the stale End (and Buy) still refused; the live End ends the turn.
    until(&mut h, &mut rng, |h| *h.state().phase() == Phase::Main);
    assert_refused_as_stale(&mut h, &old_end);
    assert_refused_as_stale(&mut h, &old_buy);
    let live_end = newest_button(&h, "end").expect("the live End button");
    let turn = h.state().turn();
    let name = current_name(&h);
    let r = h.button(&name, &live_end);
    assert_no_refusal(&r, "the live End turn");
    assert!(h.state().turn() > turn);
}

/// The stamp of the newest turn message (what Matrix keeps with it for its reactions).
fn newest_stamp(h: &Harness) -> TurnStamp {
    h.log
        .iter()
        .rev()
        .find_map(|r| r.turn_stamp)
        .expect("a turn message")
}

/// Matrix's reactions on a turn message (🎲 ✅ 🛒 🃏) are judged as that message's buttons:
/// on this turn's message they act; on an earlier turn's they are refused, naming the live
/// turn, and change nothing (My hand still answers); a message remembered without a stamp (by
/// an older build) acts on the live turn.
#[test]
fn turn_controls_are_judged_as_their_messages_buttons() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "seed 11", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    until(&mut h, &mut rng, |h| {
        *h.state().phase() == Phase::BeforeRoll
    });
    let first_turn = h.state().turn();
    let old = newest_stamp(&h);
    assert_eq!(old.game, h.game);
    assert_eq!(old.made_at, h.state().version());

    // 🎲 on this turn's message rolls.
    let roller = current_name(&h);
    let version = h.state().version();
    let r = h.turn_control(&roller, TurnControl::Roll, Some(old));
    assert_no_refusal(&r, "🎲 in its own turn");
    assert_eq!(h.state().version(), version + 1);

    // A later turn: the old message's 🎲 ✅ 🛒 are refused, whoever reacts.
    until(&mut h, &mut rng, |h| {
        h.state().turn() > first_turn && *h.state().phase() == Phase::BeforeRoll
    });
    for control in [
        TurnControl::Roll,
        TurnControl::EndTurn,
        TurnControl::BuyCard,
    ] {
        let before = h.serialized();
        let turn = h.state().turn();
        let name = current_name(&h);
        let r = h.turn_control(&name, control, Some(old));
        let refusal =
            refusal_text(&r).unwrap_or_else(|| panic!("{control:?} was not refused: {r:?}"));
        assert!(refusal.contains("earlier turn"), "{control:?}: {refusal}");
        assert!(refusal.contains(&format!("turn {turn}")), "{refusal}");
        assert_eq!(h.serialized(), before, "{control:?} changed the game");
    }
    // 🃏 from the old message still shows the hand, privately.
    let name = current_name(&h);
    let r = h.turn_control(&name, TurnControl::Hand, Some(old));
    assert_no_refusal(&r, "🃏 from an earlier turn");
    assert!(
        !private_to(&r, h.user_of(&name)).is_empty(),
        "no hand shown"
    );

    // The live message's 🎲 rolls; a message without a stamp acts on the live turn.
    let version = h.state().version();
    let r = h.turn_control(&name, TurnControl::Roll, Some(newest_stamp(&h)));
    assert_no_refusal(&r, "🎲 on the live message");
    assert_eq!(h.state().version(), version + 1);
    until(&mut h, &mut rng, |h| *h.state().phase() == Phase::Main);
    let turn = h.state().turn();
    let name = current_name(&h);
    let r = h.turn_control(&name, TurnControl::EndTurn, None);
    assert_no_refusal(&r, "✅ on a message without a stamp");
    assert!(h.state().turn() > turn, "✅ did not end the turn");
}

/// Finds a turn in its main phase where the current player can offer one card that another
/// player can give back: (offerer's card, the other's name, the other's card).
fn offer_turn(h: &mut Harness, rng: &mut ChaCha8Rng) -> (Resource, String, Resource) {
    for _ in 0..60 {
        until(h, rng, |h| *h.state().phase() == Phase::Main);
        let g = h.state();
        let me = g.current() as usize;
        for (other, p) in g.players().iter().enumerate().filter(|(i, _)| *i != me) {
            for give in Resource::ALL {
                for get in Resource::ALL {
                    if give != get && g.players()[me].hand[give] > 0 && p.hand[get] > 0 {
                        return (give, h.display_name(other as u8), get);
                    }
                }
            }
        }
        let seat = h.state().current();
        h.play(seat, &Action::EndTurn);
    }
    panic!("no turn with a possible trade");
}

/// Offers `give` for `get` to `other`, who accepts; returns the Confirm button's id.
fn accepted_offer(h: &mut Harness, give: Resource, other: &str, get: Resource) -> String {
    let me = current_name(h);
    let r = h.say(
        &me,
        &format!(
            "trade offer 1 {give} for 1 {get}",
            give = give.in_words(),
            get = get.in_words()
        ),
    );
    assert_no_refusal(&r, "offer");
    let offer = newest_button(h, "accept-").expect("an Accept button");
    let r = h.button(other, &offer);
    assert_no_refusal(&r, "accept");
    newest_button(h, "confirm-").expect("a Confirm button")
}

#[test]
fn an_earlier_turns_confirm_is_refused_and_the_live_one_trades() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "seed 5", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (give, other, get) = offer_turn(&mut h, &mut rng);
    let old_confirm = accepted_offer(&mut h, give, &other, get);
    let seat = h.state().current();
    h.play(seat, &Action::EndTurn);

    // A later turn with an accepted offer of its own (its number may be the old one's).
    let (give, other, get) = offer_turn(&mut h, &mut rng);
    let live_confirm = accepted_offer(&mut h, give, &other, get);
    assert_refused_as_stale(&mut h, &old_confirm);
    let version = h.state().version();
    let me = current_name(&h);
    let r = h.button(&me, &live_confirm);
    assert_no_refusal(&r, "the live Confirm");
    assert_eq!(
        h.state().version(),
        version + 1,
        "the live Confirm did not trade"
    );
}
