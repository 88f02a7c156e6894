//! A bot's trade offer stays open for people's answers for its whole wait, whatever else they
//! type meanwhile, and is settled when the wait is over (the table's fake clock, no sleeps).

use crate::table_support;

use catan_bot::table::{ReplyKind, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::{Harness, PLACE, assert_no_refusal, choose, quiet_options};

/// How long a bot's offer waits for answers here.
const WAIT: u64 = 30_000;

/// Bots move at once (`bot_delay_ms` 0, as in the console's scripts): the offer's wait does
/// not depend on the bots' pause.
fn options() -> TableOptions {
    TableOptions {
        bot_delay_ms: 0,
        bot_offer_wait_ms: WAIT,
        ..quiet_options()
    }
}

/// The offer a reply posts or updates, if any.
fn offer_of(kind: &ReplyKind) -> Option<u32> {
    match kind {
        ReplyKind::TradeOffer { offer, .. } | ReplyKind::TradeOfferUpdate { offer, .. } => {
            Some(*offer)
        }
        _ => None,
    }
}

/// Alice and three bots, alice playing random legal moves and the bots moved by the clock,
/// until a bot offers a trade: the harness, the offer's number and when it was made.
fn until_a_bot_offers(seed: u64) -> (Harness, u32, u64) {
    let mut h = Harness::empty(&["alice"], options());
    let r = h.say(
        "alice",
        &format!("new players 4 bots 3 seed {seed} timer off"),
    );
    assert_no_refusal(&r, "new with bots");
    let r = h.say("alice", "start");
    assert_no_refusal(&r, "start");
    h.game = h.table().game_in(PLACE).expect("a game").id;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..5_000 {
        let g = h.state();
        assert!(g.winner().is_none(), "the game ended before a bot offered");
        let bots = h.table().bot_seats(h.game);
        if let Some(seat) = g.waiting_for().into_iter().find(|s| !bots.contains(s)) {
            let action = choose(&g.legal_actions(seat), &mut rng);
            h.play(seat, &action);
            continue;
        }
        let due = h.table().next_deadline().expect("the bots' move is due");
        h.now = h.now.max(due);
        let now = h.now;
        let r = h.tick(now);
        let posted = r.iter().find_map(|r| match r.kind {
            ReplyKind::TradeOffer { offer, .. } => Some(offer),
            _ => None,
        });
        if let Some(offer) = posted {
            return (h, offer, now);
        }
    }
    panic!("no bot offered a trade");
}

#[test]
fn a_bots_offer_stays_open_for_its_whole_wait_whatever_people_type() {
    let (mut h, offer, made) = until_a_bot_offers(11);
    let version = h.state().version();
    assert_eq!(
        h.table().bot_offer_open_until(h.game),
        Some(made + WAIT),
        "the offer waits for alice"
    );
    let first_after = h.log.len();
    // Alice types all sorts of things, the clock ticking after each: nothing closes it.
    for text in [
        "help",
        "hand",
        "status",
        "moves",
        "board",
        "trade list",
        "log",
        "xyzzy",
        "roll",
        "build road 1-2",
        "rules robber",
    ] {
        h.say("alice", text);
        let now = h.now;
        h.tick(now);
    }
    // Just before the wait is over, she answers: the offer is still there to answer.
    h.now = made + WAIT - 1_001;
    let r = h.say("alice", &format!("trade decline {offer}"));
    assert_no_refusal(&r, "decline the bot's offer");
    assert!(
        r.iter()
            .any(|r| r.text.contains(&format!("You declined offer #{offer}"))),
        "{r:?}"
    );
    let r = h.tick(made + WAIT - 1);
    assert!(
        r.is_empty(),
        "something moved before the wait was over: {r:?}"
    );
    assert_eq!(
        h.state().version(),
        version,
        "the bot moved on before the wait was over"
    );
    let settled = |r: &catan_bot::table::Reply| {
        offer_of(&r.kind) == Some(offer)
            && (r.text.contains("withdrawn") || r.text.contains("is done"))
    };
    assert!(
        !h.log[first_after..].iter().any(settled),
        "the offer closed before its wait was over"
    );
    // Then the bot settles it (with a bot that accepted, or withdrawn) and goes on.
    let r = h.tick(made + WAIT);
    assert!(
        r.iter().any(settled),
        "the offer was not settled when its wait was over: {r:?}"
    );
    assert_eq!(h.table().bot_offer_open_until(h.game), None);
}

/// An offer only bots can answer (they answer at once) waits for nobody.
#[test]
fn an_offer_only_bots_can_answer_has_no_wait() {
    let (mut h, offer, made) = until_a_bot_offers(11);
    let r = h.say("alice", "away");
    assert_no_refusal(&r, "away");
    assert_eq!(h.table().bot_offer_open_until(h.game), None);
    let due = h.table().next_deadline().expect("the bot moves");
    assert!(due < made + WAIT, "the bot still waits for answers");
    let r = h.tick(due);
    assert!(
        r.iter().any(|r| offer_of(&r.kind) == Some(offer)
            && (r.text.contains("withdrawn") || r.text.contains("is done"))),
        "the offer was not settled: {r:?}"
    );
}
