//! Bots trade with people on merit (issue 27): a person's offer the bots decline gets one
//! counter-offer from a bot, to that person only and naming the offer it counters; the person
//! accepts it with the normal accept command and the trade is made at once; a restart never
//! makes the counter twice. (The table's fake clock, no sleeps.)

use crate::table_support;

use catan_bot::engine::{Phase, Resource};
use catan_bot::table::{Reply, ReplyKind, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::{Harness, PLACE, assert_no_refusal, choose, quiet_options};

fn options() -> TableOptions {
    TableOptions {
        bot_delay_ms: 0,
        ..quiet_options()
    }
}

/// The offer a reply posts, if any.
fn posted(r: &Reply) -> Option<u32> {
    match r.kind {
        ReplyKind::TradeOffer { offer, .. } => Some(offer),
        _ => None,
    }
}

/// One card of `r` in the words of a command.
fn cards(n: u8, r: Resource) -> String {
    format!("{n} {}", r.name())
}

/// Alice (a person) and three bots, alice playing random legal moves and the bots moved by
/// the clock. On each of alice's action phases she offers 1 card she holds for 2 of another
/// (a deal no bot takes: a bot never gives more than it gets), and withdraws it when no bot
/// counters. Returns the harness, alice's offer and the counter's replies once a bot counters.
fn until_a_bot_counters(seed: u64) -> Option<(Harness, u32, Vec<Reply>)> {
    let mut h = Harness::empty(&["alice"], options());
    let r = h.say(
        "alice",
        &format!("new players 4 bots 3 seed {seed} timer off"),
    );
    assert_no_refusal(&r, "new with bots");
    let r = h.say("alice", "start");
    assert_no_refusal(&r, "start");
    h.game = h.table().game_in(PLACE).expect("a game").id;
    let alice = h.seat_of("alice");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tried_turn = None;
    for _ in 0..3_000 {
        let g = h.state().clone();
        if g.winner().is_some() {
            return None;
        }
        let bots = h.table().bot_seats(h.game);
        if g.current() == alice
            && *g.phase() == Phase::Main
            && tried_turn != Some(g.turn())
            && g.helper_pending().is_none()
        {
            tried_turn = Some(g.turn());
            let hand = g.players()[alice as usize].hand;
            for give in Resource::ALL.into_iter().filter(|&r| hand[r] > 0) {
                for get in Resource::ALL.into_iter().filter(|&r| r != give) {
                    let r = h.say(
                        "alice",
                        &format!("trade offer {} for {}", cards(1, give), cards(2, get)),
                    );
                    assert_no_refusal(&r, "alice's offer");
                    let Some(mine) = r.iter().find_map(posted) else {
                        panic!("alice's offer was not posted: {r:?}");
                    };
                    let counter: Vec<Reply> = r
                        .iter()
                        .filter(|x| posted(x).is_some_and(|n| n != mine))
                        .cloned()
                        .collect();
                    if !counter.is_empty() {
                        return Some((h, mine, counter));
                    }
                    let r = h.say("alice", &format!("trade withdraw {mine}"));
                    assert_no_refusal(&r, "withdraw");
                }
            }
        }
        if let Some(seat) = g.waiting_for().into_iter().find(|s| !bots.contains(s)) {
            let action = choose(&g.legal_actions(seat), &mut rng);
            h.play(seat, &action);
            continue;
        }
        let due = h.table().next_deadline().expect("the bots' move is due");
        h.now = h.now.max(due);
        let now = h.now;
        h.tick(now);
    }
    None
}

#[test]
fn a_bot_counters_a_persons_offer_once_and_the_counter_trades_on_accept() {
    let (mut h, mine, counter) = (1..40)
        .find_map(until_a_bot_counters)
        .expect("no bot countered any of alice's offers");
    let alice = h.seat_of("alice");
    // Exactly one counter, to alice only, naming her offer.
    assert_eq!(counter.len(), 1, "{counter:?}");
    let theirs = posted(&counter[0]).expect("a posted offer");
    let text = &counter[0].text;
    assert!(
        text.contains(&format!("counters offer #{mine} by alice")),
        "the counter does not name alice's offer: {text}"
    );
    assert!(text.contains("for your"), "{text}");
    let offers = h.table().open_offers(h.game).to_vec();
    let c = offers
        .iter()
        .find(|o| o.id == theirs)
        .expect("the counter is open");
    assert_eq!(c.to, Some(alice), "the counter is for alice only");
    assert_eq!(c.counters, Some(mine));
    assert_eq!(c.give.total(), 1, "the bot gives one card: {c:?}");
    assert!((1..=2).contains(&c.get.total()), "{c:?}");
    let bot = c.from;
    assert!(h.table().bot_seats(h.game).contains(&bot));
    // The bot holds what it gives; it asks only for cards alice offered.
    let g = h.state().clone();
    assert!(c.give.fits_in(&g.players()[bot as usize].hand));
    let alice_offer = offers.iter().find(|o| o.id == mine).expect("alice's offer");
    assert!(c.get.fits_in(&(alice_offer.give + alice_offer.give)));

    // A restart: the counter is still there, once, and nothing makes it again.
    h.reopen();
    let again = h.table().open_offers(h.game).to_vec();
    assert_eq!(
        again.iter().filter(|o| o.counters == Some(mine)).count(),
        1,
        "{again:?}"
    );
    let r = h.say("alice", "trade list");
    assert_no_refusal(&r, "trade list");
    if let Some(due) = h.table().next_deadline() {
        let r = h.tick(due.max(h.now));
        assert!(!r.iter().any(|x| posted(x).is_some()), "{r:?}");
    }
    assert_eq!(
        h.table()
            .open_offers(h.game)
            .iter()
            .filter(|o| o.counters.is_some())
            .count(),
        1
    );

    // Alice accepts with the normal command: the bot confirms at once, the cards change hands.
    let before = h.state().players().to_vec();
    let r = h.say("alice", &format!("trade accept {theirs}"));
    assert_no_refusal(&r, "accept the counter");
    assert!(
        r.iter()
            .any(|x| x.text.contains(&format!("Trade offer #{theirs} is done"))),
        "the counter was not traded: {r:?}"
    );
    let after = &h.state().players();
    let (a, b) = (alice as usize, bot as usize);
    assert_eq!(after[a].hand, before[a].hand - c.get + c.give);
    assert_eq!(after[b].hand, before[b].hand - c.give + c.get);
    assert!(
        !h.table().open_offers(h.game).iter().any(|o| o.id == theirs),
        "the counter is still open"
    );
    // Nothing countered alice's offer again (it is closed if she gave away what it offered).
    assert!(!r.iter().any(|x| posted(x).is_some()), "{r:?}");
    assert!(
        !h.table()
            .open_offers(h.game)
            .iter()
            .any(|o| o.counters == Some(mine)),
    );
}
