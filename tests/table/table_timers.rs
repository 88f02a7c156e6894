//! Turn timers (reminders, then the least harmful action for the absent player), buttons on
//! turn messages, and autocomplete suggestions.

use crate::table_support;

use catan_bot::engine::{Action, Phase, Terrain};
use catan_bot::table::{Audience, PlaceKind, ReplyKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];
const MINUTE: u64 = 60_000;

fn hoard(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    for wanted in [Action::Roll, Action::EndTurn] {
        if legal.contains(&wanted) {
            return wanted;
        }
    }
    legal[rng.gen_range(0..legal.len())].clone()
}

/// Ticks at the next deadline (skipping the reminder) and returns the replies.
fn time_out(h: &mut Harness) -> Vec<catan_bot::table::Reply> {
    let mut replies = Vec::new();
    for _ in 0..2 {
        let at = h.table().next_deadline().expect("a deadline");
        h.now = h.now.max(at);
        let now = h.now;
        let version = h.state().version();
        replies.extend(h.table_mut().tick(now));
        if h.state().version() != version {
            break;
        }
    }
    replies
}

#[test]
fn reminder_then_the_table_acts_in_setup() {
    let mut h = Harness::started(&NAMES, "seed 2 timer 1 afk auto", quiet_options());
    let start = h.now;
    let first = h.seat_name(h.state().current());
    // Reminder a quarter of the timer before the deadline (15 s of a minute).
    assert_eq!(h.table().next_deadline(), Some(start + MINUTE - 15_000));
    assert!(h.table_mut().tick(start + 10_000).is_empty());
    let r = h.table_mut().tick(start + MINUTE - 15_000);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].kind, ReplyKind::TurnStart);
    assert_eq!(r[0].mention, vec![h.user_of(&first)]);
    assert!(r[0].text.contains("15 s left"), "{}", r[0].text);
    assert_eq!(h.state().version(), 0);
    // Only once.
    assert!(h.table_mut().tick(start + MINUTE - 10_000).is_empty());
    assert_eq!(h.table().next_deadline(), Some(start + MINUTE));
    let r = h.table_mut().tick(start + MINUTE);
    assert_eq!(h.state().version(), 1);
    assert!(matches!(
        h.state().phase(),
        Phase::Setup {
            road_from: Some(_),
            ..
        }
    ));
    let public = public_text(&r);
    assert!(
        public.contains(&format!("Time is up for {first}")),
        "{public}"
    );
    assert!(
        public.contains(&format!("{first} built a settlement")),
        "{public}"
    );
    // The absent player's hand note goes to them, not as an answer to anyone's command.
    assert!(
        r.iter()
            .filter(|r| !r.is_public())
            .all(|r| r.audience == Audience::Private(h.user_of(&first)) && !r.reply_to_caller)
    );
    // The next deadline counts from that action.
    assert_eq!(h.table().next_deadline(), Some(start + 2 * MINUTE - 15_000));
}

#[test]
fn timer_discards_moves_the_robber_and_ends_the_turn() {
    let mut h = Harness::started(&NAMES, "seed 21 timer 2 afk auto", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    while !matches!(h.state().phase(), Phase::Discard { .. }) {
        let g = h.state();
        let seat = g.waiting_for()[0];
        let a = hoard(&g.legal_actions(seat), &mut rng);
        h.play(seat, &a);
    }
    let Phase::Discard { owed } = h.state().phase().clone() else {
        unreachable!()
    };
    let before: Vec<u32> = h.state().players().iter().map(|p| p.hand.total()).collect();
    time_out(&mut h);
    for (seat, count) in owed {
        assert_eq!(
            h.state().players()[seat as usize].hand.total(),
            before[seat as usize] - count as u32,
            "seat {seat} did not discard {count}"
        );
    }
    assert_eq!(*h.state().phase(), Phase::MoveRobber);
    let desert = h
        .state()
        .layout()
        .terrain
        .iter()
        .position(|t| *t == Terrain::Desert)
        .expect("a desert") as u8;
    let robber_was = h.state().robber();
    time_out(&mut h);
    assert_eq!(*h.state().phase(), Phase::Main);
    if robber_was != desert {
        assert_eq!(
            h.state().robber(),
            desert,
            "the robber goes to the desert when it can"
        );
    } else {
        assert_ne!(h.state().robber(), desert);
    }
    let current = h.state().current();
    time_out(&mut h);
    assert_ne!(h.state().current(), current, "the turn was not ended");
    assert_eq!(*h.state().phase(), Phase::BeforeRoll);
    let v = h.state().version();
    time_out(&mut h);
    assert!(h.state().version() > v);
    assert!(h.state().last_roll().is_some());
}

#[test]
fn turn_buttons_work_while_legal() {
    let mut h = Harness::started(&NAMES, "seed 6", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    while *h.state().phase() != Phase::BeforeRoll {
        assert!(h.step(&mut rng));
    }
    let turn_start = h
        .log
        .iter()
        .rev()
        .find(|r| r.kind == ReplyKind::TurnStart)
        .cloned()
        .expect("turn start");
    let name = h.seat_name(h.state().current());
    assert_eq!(turn_start.mention, vec![h.user_of(&name)]);
    let roll = turn_start
        .buttons
        .iter()
        .find(|b| b.label == "Roll")
        .expect("roll button")
        .id
        .clone();
    let hand = turn_start
        .buttons
        .iter()
        .find(|b| b.label == "My hand")
        .expect("hand button")
        .id
        .clone();
    // Anyone may ask for their own hand.
    let other = h.seat_name((h.state().current() + 1) % 3);
    let r = h.button(&other, &hand);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].audience, Audience::Private(h.user_of(&other)));
    assert!(r[0].text.starts_with("Your hand:") && r[0].reply_to_caller);
    // Someone else's roll button is refused; the player's own works once.
    let r = h.button(&other, &roll);
    assert!(refusal_text(&r).is_some());
    let v = h.state().version();
    let r = h.button(&name, &roll);
    assert_no_refusal(&r, "roll button");
    assert_eq!(h.state().version(), v + 1);
    // Pressed again, it is refused because rolling is not legal now (not because it is old).
    let r = h.button(&name, &roll);
    assert!(
        refusal_text(&r)
            .expect("refused")
            .contains("can't roll the dice now")
    );
    assert_eq!(h.state().version(), v + 1);
}

#[test]
fn suggestions_are_the_callers_legal_places() {
    let mut h = Harness::started(&NAMES, "seed 6", quiet_options());
    let cur = h.seat_name(h.state().current());
    let other = h.seat_name((h.state().current() + 1) % 3);
    let all = h
        .table()
        .suggest(&h.caller(&cur), PlaceKind::Settlement, "");
    assert_eq!(all.len(), 25, "at most 25");
    let topo = h.state().topology();
    for (value, desc) in &all {
        let v = topo.parse_vertex(value).expect("a label");
        assert!(
            h.state()
                .legal_actions(h.state().current())
                .contains(&Action::BuildSettlement(v))
        );
        assert!(desc.starts_with(&format!("{value} · ")), "{desc}");
    }
    let narrowed = h
        .table()
        .suggest(&h.caller(&cur), PlaceKind::Settlement, "4");
    assert!(!narrowed.is_empty());
    assert!(
        narrowed.iter().all(|(v, _)| v.starts_with('4')),
        "{narrowed:?}"
    );
    let ports = h
        .table()
        .suggest(&h.caller(&cur), PlaceKind::Settlement, "port");
    assert!(!ports.is_empty() && ports.iter().all(|(_, d)| d.contains("port")));
    // Not your turn, not a player, wrong kind: nothing.
    assert!(
        h.table()
            .suggest(&h.caller(&other), PlaceKind::Settlement, "")
            .is_empty()
    );
    assert!(
        h.table()
            .suggest(&h.caller("mallory"), PlaceKind::Settlement, "")
            .is_empty()
    );
    assert!(
        h.table()
            .suggest(&h.caller(&cur), PlaceKind::City, "")
            .is_empty()
    );
    // After the settlement, roads touching it.
    let (value, _) = all[0].clone();
    assert_no_refusal(&h.say(&cur, &format!("build settlement {value}")), "settle");
    let roads = h.table().suggest(&h.caller(&cur), PlaceKind::Road, "");
    assert!(!roads.is_empty() && roads.len() <= 3);
    assert!(
        roads.iter().all(|(v, _)| v.split('-').any(|x| x == value)),
        "{roads:?}"
    );
}
