//! Per-user and per-place limits, each with a clear refusal: open trade offers per player,
//! board pictures for onlookers per place, lobbies that never start, and finished games leaving
//! memory. Time is the table's injected clock (`now_ms`), never a sleep.

use crate::table_support;

use catan_bot::engine::{Phase, Resource};
use catan_bot::i18n::InWords;
use catan_bot::table::{Caller, ReplyKind, TableOptions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];
const HOUR: u64 = 3_600_000;

/// Plays until the current player may trade and holds a card; returns the current seat.
fn to_trading(h: &mut Harness, seed: u64) -> u8 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let g = h.state();
        let seat = g.current();
        if *g.phase() == Phase::Main && g.players()[seat as usize].hand.total() > 0 {
            return seat;
        }
        assert!(h.step(&mut rng));
    }
}

fn offer_ids(r: &[catan_bot::table::Reply]) -> Vec<u32> {
    r.iter()
        .filter_map(|r| match r.kind {
            ReplyKind::TradeOffer { offer, .. } => Some(offer),
            _ => None,
        })
        .collect()
}

#[test]
fn a_player_has_at_most_three_open_offers() {
    let mut h = Harness::started(&NAMES, "seed 11", quiet_options());
    let seat = to_trading(&mut h, 11);
    let maker = h.display_name(seat);
    let (give, _) = h.state().players()[seat as usize]
        .hand
        .iter()
        .find(|(_, n)| *n > 0)
        .expect("a card");
    let wants: Vec<Resource> = Resource::ALL.into_iter().filter(|&r| r != give).collect();
    let mut open = Vec::new();
    for want in &wants[..3] {
        let r = h.say(
            &maker,
            &format!(
                "trade offer 1 {give} for 1 {want}",
                give = give.in_words(),
                want = want.in_words()
            ),
        );
        assert_no_refusal(&r, "offer");
        open.extend(offer_ids(&r));
    }
    assert_eq!(open.len(), 3);
    let before = h.serialized();
    let r = h.say(
        &maker,
        &format!(
            "trade offer 1 {give} for 1 {}",
            (wants[3]).in_words(),
            give = give.in_words()
        ),
    );
    let refusal = refusal_text(&r).expect("the fourth offer is refused");
    assert!(offer_ids(&r).is_empty() && r.iter().all(|r| !r.is_public()));
    for id in &open {
        assert!(refusal.contains(&format!("#{id} (")), "{refusal}");
    }
    assert!(refusal.contains("Withdraw one first"), "{refusal}");
    assert_eq!(h.serialized(), before);
    let listed = h.say(&maker, "trade list");
    assert_eq!(listed[0].text.lines().count(), 3, "{}", listed[0].text);
    // Withdrawing one makes room for one more.
    assert_no_refusal(
        &h.say(&maker, &format!("trade withdraw {}", open[1])),
        "withdraw",
    );
    let r = h.say(
        &maker,
        &format!(
            "trade offer 1 {give} for 1 {}",
            (wants[3]).in_words(),
            give = give.in_words()
        ),
    );
    assert_no_refusal(&r, "offer after a withdrawal");
    assert_eq!(offer_ids(&r).len(), 1);
    // Another player's offers are counted apart (an offer to the current player).
    let other = h.display_name((seat + 1) % 3);
    let other_seat = (seat + 1) % 3;
    let card = h.state().players()[other_seat as usize]
        .hand
        .iter()
        .find(|(_, n)| *n > 0)
        .map(|(r, _)| r);
    if let Some(card) = card {
        let want = Resource::ALL.into_iter().find(|&r| r != card).expect("r");
        let r = h.say(
            &other,
            &format!(
                "trade offer 1 {card} for 1 {want}",
                card = card.in_words(),
                want = want.in_words()
            ),
        );
        assert_no_refusal(&r, "another player's offer");
    }
}

#[test]
fn onlookers_share_one_board_a_minute_per_place_players_any_time() {
    let options = TableOptions {
        render_boards: true,
        ..quiet_options()
    };
    let mut h = Harness::started(&NAMES, "seed 4", options);
    let t = h.now + 10_000;
    let place = h.place;
    let mallory = Caller::new(place, 50, "mallory");
    let trent = Caller::new(place, 51, "trent");
    let board = |h: &mut Harness, c: &Caller, now: u64| h.table_mut().handle_text(c, "board", now);

    let r = board(&mut h, &mallory, t);
    assert!(r[0].is_public() && r[0].image.is_some(), "{}", r[0].text);
    // Another onlooker a second later: refused, saying when the next one comes; no picture.
    let r = board(&mut h, &trent, t + 1_000);
    let text = refusal_text(&r).expect("rate limited");
    assert!(text.contains("next one in 59 s"), "{text}");
    assert!(r.iter().all(|r| r.image.is_none() && !r.is_public()));
    // Players are never limited.
    let alice = h.caller("alice");
    let r = board(&mut h, &alice, t + 2_000);
    assert!(r[0].is_public() && r[0].image.is_some());
    // A minute after the last onlooker board, the next one.
    let r = board(&mut h, &trent, t + 59_999);
    assert!(
        refusal_text(&r)
            .expect("still limited")
            .contains("next one in 1 s")
    );
    let r = board(&mut h, &trent, t + 60_000);
    assert!(r[0].is_public() && r[0].image.is_some());
    // Another place has its own allowance.
    let elsewhere = Caller::new(place + 1, 1, "alice");
    assert_no_refusal(
        &h.table_mut().handle_text(&elsewhere, "new", t + 60_001),
        "new",
    );
    assert_no_refusal(
        &h.table_mut()
            .handle_text(&Caller::new(place + 1, 2, "bob"), "join", t + 60_002),
        "join",
    );
    assert_no_refusal(
        &h.table_mut().handle_text(&elsewhere, "start", t + 60_003),
        "start",
    );
    let r = board(&mut h, &Caller::new(place + 1, 50, "mallory"), t + 60_004);
    assert!(r[0].is_public() && r[0].image.is_some());
}

#[test]
fn unstarted_lobbies_expire_with_a_public_message() {
    let options = TableOptions {
        lobby_expiry_ms: Some(2 * HOUR),
        ..quiet_options()
    };
    let mut h = Harness::empty(&NAMES, options);
    let opened = h.now + 1000;
    assert_no_refusal(&h.say("alice", "new"), "new");
    assert_no_refusal(&h.say("bob", "join"), "join");
    let game = h.table().game_in(PLACE).expect("lobby").id;
    assert_eq!(h.table().next_deadline(), Some(opened + 2 * HOUR));
    assert!(h.tick(opened + 2 * HOUR - 1).is_empty());
    assert!(h.table().game_in(PLACE).is_some());
    let r = h.tick(opened + 2 * HOUR);
    assert_eq!(r.len(), 1);
    assert!(r[0].is_public() && r[0].game == Some(game));
    assert!(
        r[0].text.contains("not started within 2 h"),
        "{}",
        r[0].text
    );
    assert!(h.table().game_in(PLACE).is_none() && h.table().games().is_empty());
    assert_eq!(h.table().next_deadline(), None);
    // Gone from the store too, and the place is free.
    h.reopen();
    assert!(h.table().games().is_empty());
    h.now = opened + 3 * HOUR;
    assert_no_refusal(&h.say("carol", "new"), "new after expiry");
}

#[test]
fn started_games_do_not_expire_and_lobby_expiry_can_be_off() {
    let options = TableOptions {
        lobby_expiry_ms: Some(HOUR),
        ..quiet_options()
    };
    let mut h = Harness::started(&NAMES, "seed 3", options);
    assert_eq!(h.table().next_deadline(), None, "no timer, no lobby");
    assert!(h.tick(h.now + 100 * HOUR).is_empty());
    assert!(h.table().game_in(PLACE).is_some());

    let never = TableOptions {
        lobby_expiry_ms: None,
        ..quiet_options()
    };
    let mut h = Harness::empty(&NAMES, never);
    assert_no_refusal(&h.say("alice", "new"), "new");
    assert_eq!(h.table().next_deadline(), None);
    assert!(h.tick(h.now + 10_000 * HOUR).is_empty());
    assert!(h.table().game_in(PLACE).is_some());
}

#[test]
fn finished_and_abandoned_games_leave_memory() {
    let mut h = Harness::started(&NAMES, "seed 11", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    h.play_out(&mut rng, 6_000);
    assert!(h.state().winner().is_some(), "the game ended");
    assert!(h.table().games().is_empty(), "a finished game stays hosted");
    assert!(h.table().game_state(h.game).is_none());
    assert_eq!(h.table().next_deadline(), None);
    // Its final record is in the store.
    assert!(h.table().finished_state(h.game).is_some());

    let mut h = Harness::started(&NAMES, "seed 12", quiet_options());
    let r = h.say("alice", "abandon");
    assert_no_refusal(&r, "abandon");
    assert!(h.table().games().is_empty());
    assert!(h.table().game_state(h.game).is_none());
}

#[test]
fn a_player_hosts_at_most_three_unstarted_lobbies() {
    let mut h = Harness::empty(&NAMES, quiet_options());
    let now = h.now;
    let alice = |place| Caller::new(place, 1, "alice");
    for place in 1..=3 {
        assert_no_refusal(&h.table_mut().handle_text(&alice(place), "new", now), "new");
    }
    let r = h.table_mut().handle_text(&alice(4), "new", now);
    let text = refusal_text(&r).expect("a fourth lobby is refused");
    assert!(text.contains("(game 1, game 2, game 3)"), "{text}");
    assert_eq!(h.table().games().len(), 3);
    // Others may still open lobbies; a started game no longer counts.
    let bob = Caller::new(4, 2, "bob");
    assert_no_refusal(&h.table_mut().handle_text(&bob, "new", now), "bob's lobby");
    assert_no_refusal(
        &h.table_mut()
            .handle_text(&Caller::new(1, 2, "bob"), "join", now),
        "join",
    );
    assert_no_refusal(&h.table_mut().handle_text(&alice(1), "start", now), "start");
    assert_no_refusal(&h.table_mut().handle_text(&alice(5), "new", now), "new");
}
