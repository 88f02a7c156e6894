//! Restarts: a game dropped half-way and reopened from the sled store finishes exactly like
//! an uninterrupted one; offers, their message ids and turn deadlines survive too.

use crate::table_support;

use catan_bot::i18n::InWords;
use catan_bot::table::{Reaction, ReplyKind, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// Plays seed 11 to the end, reopening the table every `reopen_every` actions (0: never).
fn run(reopen_every: usize) -> (Vec<u8>, usize) {
    let mut h = Harness::started(&NAMES, "seed 11", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut n = 0;
    while h.step(&mut rng) {
        n += 1;
        assert!(n < 6_000, "game did not finish");
        if reopen_every > 0 && n % reopen_every == 0 {
            let before = h.serialized();
            h.reopen();
            assert_eq!(
                h.serialized(),
                before,
                "state changed across a restart at action {n}"
            );
        }
    }
    (h.serialized(), n)
}

#[test]
fn restarted_game_finishes_like_an_uninterrupted_one() {
    let (straight, n) = run(0);
    // Reopen every 37 actions: crosses snapshot boundaries (every 25) at varying offsets.
    let (restarted, m) = run(37);
    assert_eq!(n, m);
    assert_eq!(straight, restarted);
}

#[test]
fn half_a_game_then_drop_everything_and_finish() {
    let (straight, n) = run(0);
    let mut h = Harness::started(&NAMES, "seed 11", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..n / 2 {
        assert!(h.step(&mut rng));
    }
    h.reopen();
    let rest = h.play_out(&mut rng, 6_000);
    assert_eq!(n / 2 + rest, n);
    assert_eq!(h.serialized(), straight);
    // A finished game is compacted: after another restart nothing is resumed and a new game
    // gets a fresh id.
    let old = h.game;
    h.reopen();
    assert!(h.table().games().is_empty());
    let r = h.say("alice", "new");
    assert_no_refusal(&r, "new");
    assert!(h.table().game_in(PLACE).expect("lobby").id > old);
}

#[test]
fn open_offers_and_their_messages_survive_a_restart() {
    let mut h = Harness::started(&NAMES, "seed 11", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    // Play until someone is in the action phase holding at least one card.
    loop {
        let g = h.state();
        let seat = g.current();
        if *g.phase() == catan_bot::engine::Phase::Main
            && g.players()[seat as usize].hand.total() > 0
        {
            break;
        }
        assert!(h.step(&mut rng));
    }
    let g = h.state();
    let seat = g.current();
    let (give, _) = g.players()[seat as usize]
        .hand
        .iter()
        .next()
        .expect("a card");
    let want = catan_bot::engine::Resource::ALL
        .into_iter()
        .find(|&r| r != give)
        .expect("another resource");
    let maker = h.seat_name(seat);
    let r = h.say(
        &maker,
        &format!(
            "trade offer 1 {give} for 1 {want}",
            give = give.in_words(),
            want = want.in_words()
        ),
    );
    assert_no_refusal(&r, "offer");
    let offer = r
        .iter()
        .find_map(|r| match r.kind {
            ReplyKind::TradeOffer { offer, .. } => Some(offer),
            _ => None,
        })
        .expect("a trade offer reply");
    let game = h.game;
    h.table_mut().offer_posted(game, offer, 4242);
    h.reopen();
    // Decline by reaction on the stored message id: routed to the offer after the restart.
    let other = h.seat_name((seat + 1) % 3);
    let caller = h.caller(&other);
    let now = h.now + 1000;
    let r = h
        .table_mut()
        .handle_reaction(&caller, 4242, Reaction::Decline, now);
    assert_no_refusal(&r, "reaction");
    assert!(
        r.iter().any(
            |r| matches!(r.kind, ReplyKind::TradeOfferUpdate { offer: o, .. } if o == offer)
                && r.text.contains(&format!("Declined by: {other}"))
        ),
        "{r:?}"
    );
}

#[test]
fn turn_deadline_is_rearmed_after_a_restart() {
    let options = TableOptions {
        default_timer_minutes: Some(2),
        ..quiet_options()
    };
    let mut h = Harness::started(&NAMES, "seed 3", options);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..5 {
        assert!(h.step(&mut rng));
    }
    let deadline = h.table().next_deadline().expect("a deadline");
    let version = h.state().version();
    h.reopen();
    assert_eq!(h.table().next_deadline(), Some(deadline));
    // Past the deadline (reminder first, then the action) the table acts for the player.
    let now = deadline + 120_000;
    let replies = h.table_mut().tick(now);
    let replies2 = h.table_mut().tick(now + 1);
    assert!(
        h.state().version() > version,
        "nothing happened at the deadline: {replies:?} {replies2:?}"
    );
    assert!(
        replies
            .iter()
            .chain(&replies2)
            .any(|r| r.text.contains("Time is up")),
        "no timeout message"
    );
}
