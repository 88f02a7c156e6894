//! Authorization table: commands from a non-player, from the wrong seat, in the wrong phase,
//! and with malformed arguments are each refused with a clear, specific message, privately to
//! the caller, and the game is exactly as before (serialized state compared).

use crate::table_support;

use catan_bot::engine::Phase;
use catan_bot::table::{Audience, Caller, Reaction};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

/// A 3-player game at the first regular turn, before the roll.
fn at_first_roll() -> Harness {
    let mut h = Harness::started(
        &["alice", "bob", "carol", "mallory"][..3],
        "seed 7",
        quiet_options(),
    );
    h.names.push("mallory".into());
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    while *h.state().phase() != Phase::BeforeRoll {
        assert!(h.step(&mut rng));
    }
    h
}

/// Sends `text` as `who` and checks it is refused with `expect` in the message, privately,
/// with nothing else said and nothing changed.
fn refused(h: &mut Harness, who: &str, text: &str, expect: &str) {
    let before = h.serialized();
    let games_before = h.table().games();
    let replies = h.say(who, text);
    assert_eq!(replies.len(), 1, "{who}: `{text}` gave {replies:?}");
    let r = &replies[0];
    assert!(
        r.is_refusal(),
        "{who}: `{text}` was not refused: {}",
        r.text
    );
    assert_eq!(
        r.audience,
        Audience::Private(h.user_of(who)),
        "{who}: `{text}`"
    );
    assert!(
        r.text.to_lowercase().contains(&expect.to_lowercase()),
        "{who}: `{text}` refused with `{}`, expected `{expect}`",
        r.text
    );
    assert_eq!(h.serialized(), before, "{who}: `{text}` changed the game");
    assert_eq!(
        h.table().games(),
        games_before,
        "{who}: `{text}` changed the table"
    );
}

#[test]
fn refusals_before_the_roll() {
    let mut h = at_first_roll();
    let cur = h.seat_name(h.state().current());
    let other = h.seat_name((h.state().current() + 1) % 3);
    let cases: Vec<(&str, &str, String)> = vec![
        // Not a player.
        ("mallory", "roll", "not playing in this game".into()),
        (
            "mallory",
            "build road 8-13",
            "not playing in this game".into(),
        ),
        ("mallory", "hand", "not playing in this game".into()),
        (
            "mallory",
            "trade offer 1 wool for 1 ore",
            "not playing in this game".into(),
        ),
        ("mallory", "join", "already running".into()),
        ("mallory", "abandon", "only the host".into()),
        // Wrong seat.
        (&other, "roll", format!("waiting for {cur}")),
        (&other, "end", format!("waiting for {cur}")),
        (&other, "buy", format!("waiting for {cur}")),
        (&other, "discard 1 wool", format!("waiting for {cur}")),
        (&other, "start", "already running".into()),
        (&other, "leave", "can't leave a running game".into()),
        // Wrong phase.
        (&cur, "end", "can't".into()),
        (&cur, "robber C3", "can't".into()),
        (&cur, "discard 1 wool", "discard".into()),
        (&cur, "bank 4 ore for 1 wool", "can't".into()),
        (
            &cur,
            "trade offer 1 wool for 1 ore",
            "after the roll".into(),
        ),
        (&cur, "new", "already a running game".into()),
        // Malformed.
        (&cur, "", "type a command".into()),
        (
            &cur,
            "fly to the moon",
            "don't know the command `fly`".into(),
        ),
        (&cur, "build road 1-40", "not neighbours".into()),
        (&cur, "build road 12", "two intersections".into()),
        (&cur, "build settlement 99", "numbered 1 to 54".into()),
        (&cur, "build tower 3", "not something you can build".into()),
        (&cur, "play knight Z9 bob", "not a hex".into()),
        (&cur, "play knight C3 nobody", "not a player".into()),
        (&cur, "play vp", "never played".into()),
        (&cur, "play invention ore", "exactly 2".into()),
        (&cur, "play monopoly gold", "not a resource".into()),
        (&cur, "discard 2 gold", "`gold` is not a resource".into()),
        (&cur, "bank 4 ore", "`for`".into()),
        (
            &cur,
            "bank 4 ore for 1 ore",
            "two different resources".into(),
        ),
        (&cur, "trade accept x", "not an offer number".into()),
        (&cur, "trade accept 9", "no open offer #9".into()),
        (&cur, "trade confirm 1", "whose acceptance".into()),
        (&cur, "trade withdraw 3", "no open offer #3".into()),
        (&cur, "roll twice", "takes no arguments".into()),
        (&cur, "set vp 12", "already running".into()),
    ];
    for (who, text, expect) in &cases {
        refused(&mut h, who, text, expect);
    }
}

#[test]
fn refusals_in_the_action_phase_and_for_buttons() {
    let mut h = at_first_roll();
    let seat = h.state().current();
    let cur = h.seat_name(seat);
    let other = h.seat_name((seat + 1) % 3);
    // Roll (a 7 may need discards and the robber; play until the action phase).
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    while *h.state().phase() != Phase::Main {
        assert!(h.step(&mut rng));
    }
    let stale_version = h.state().version() - 1;
    let game = h.game;
    refused(&mut h, &cur, "roll", "can't");
    refused(&mut h, &other, "end", &format!("waiting for {cur}"));
    refused(&mut h, &cur, "build city 1", "no settlement at 1");
    refused(
        &mut h,
        &cur,
        "bank 9 ore for 1 wool",
        "your rate for ore is",
    );
    refused(
        &mut h,
        &cur,
        "trade offer 1 wool for 1 wool",
        "one side only",
    );
    refused(
        &mut h,
        &cur,
        &format!("trade offer 1 wool for 1 ore to {cur}"),
        "yourself",
    );
    refused(&mut h, &cur, "trade offer 30 wool for 1 ore", "don't have");
    // Buttons.
    let cases = [
        // A button from an earlier moment is refused only because its action is not legal
        // now, and the refusal says what is.
        (
            format!("catan:{game}:roll:{stale_version}"),
            "can't roll the dice now",
        ),
        (
            format!("catan:{}:end:{}", game + 5, stale_version + 1),
            "not hosted here",
        ),
        ("catan:x:end:1".to_string(), "not one of"),
        ("something-else".to_string(), "not one of"),
        (
            format!("catan:{game}:dance:{}", stale_version + 1),
            "not one of",
        ),
    ];
    for (id, expect) in cases {
        let before = h.serialized();
        let r = h.button(&cur, &id);
        assert_eq!(r.len(), 1, "{id}");
        assert!(
            r[0].is_refusal() && r[0].text.contains(expect),
            "{id}: {}",
            r[0].text
        );
        assert_eq!(h.serialized(), before, "{id} changed the game");
    }
    // A current button works.
    let version = h.state().version();
    let r = h.button(&cur, &format!("catan:{game}:end:{version}"));
    assert_no_refusal(&r, "end button");
    assert_eq!(h.state().version(), version + 1);
    // A reaction on a message that is not an offer is ignored silently.
    let caller = h.caller(&other);
    let now = h.now;
    assert!(
        h.table_mut()
            .handle_reaction(&caller, 123, Reaction::Accept, now)
            .is_empty()
    );
    // A command in another place sees no game.
    let stranger = Caller::new(PLACE + 1, 1, "alice");
    let r = h.table_mut().handle_text(&stranger, "roll", now);
    assert!(
        r[0].is_refusal() && r[0].text.contains("no game in this place"),
        "{}",
        r[0].text
    );
}

#[test]
fn lobby_refusals() {
    let mut h = Harness::empty(&["alice", "bob", "carol"], quiet_options());
    for (who, text, expect) in [
        ("alice", "start", "no game in this place"),
        ("alice", "join", "no game in this place"),
        ("alice", "new players 9", "from 2 to 6"),
        ("alice", "new helpers maybe", "`helpers` is `on` or `off`"),
        ("alice", "new afk sometimes", "bot, auto or wait"),
        (
            "alice",
            "new board moon",
            "beginner, variable or random-tokens",
        ),
        ("alice", "new vp", "needs a value"),
    ] {
        let r = h.say(who, text);
        assert!(
            r[0].is_refusal() && r[0].text.contains(expect),
            "{text}: {}",
            r[0].text
        );
    }
    assert!(h.table().games().is_empty());
    assert_no_refusal(&h.say("alice", "new players 3"), "new");
    for (who, text, expect) in [
        ("alice", "new", "already an open lobby"),
        ("alice", "join", "already joined"),
        ("alice", "start", "At least 2 players"),
        ("bob", "start", "only the host"),
        ("bob", "set vp 12", "only the host"),
        ("bob", "leave", "not joined"),
        ("bob", "abandon", "only the host"),
        ("bob", "roll", "not started yet"),
    ] {
        let before = h.table().games();
        let r = h.say(who, text);
        assert!(
            r[0].is_refusal() && r[0].text.to_lowercase().contains(&expect.to_lowercase()),
            "{text}: {}",
            r[0].text
        );
        assert_eq!(h.table().games(), before);
    }
    assert_no_refusal(&h.say("bob", "join"), "join");
    assert_no_refusal(&h.say("carol", "join"), "join");
    let r = h.say("mallory", "join");
    assert!(r[0].text.contains("full"), "{}", r[0].text);
    // A manager may abandon a lobby they are not in.
    let mut manager = Caller::new(PLACE, 50, "mod");
    manager.is_manager = true;
    let now = h.now;
    let r = h.table_mut().handle_text(&manager, "abandon", now);
    assert_no_refusal(&r, "manager abandon");
    assert!(h.table().games().is_empty());
}
