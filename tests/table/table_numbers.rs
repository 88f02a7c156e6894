//! Numbers players type (issue 24): every number in the command grammar is read with overflow
//! checks. Whatever digits are typed (`99999999999`, 2^32+2, 2^64+1, leading zeros), a command
//! is either accepted carrying exactly the typed value, or refused with a message naming the
//! allowed range; never a wrapped, truncated or clamped value. At the table, such a refusal
//! leaves the game unchanged and posts nothing. Typed commands are read under NFKC, so
//! full-width input works like plain input.

use crate::table_support;

use catan_bot::engine::{Action, BoardSize, Phase, Resource, Topology};
use catan_bot::table::Command;
use catan_bot::table::command::{ParseContext, TradeCommand, parse};
use catan_bot::table::lobby::Setting;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use table_support::*;

/// The numbers found in a parsed command, in the order the template below asks for them.
type Extract = fn(&Command) -> Option<u128>;

/// One place in the grammar where a number is typed: the command with `N` where the digits
/// go, the values it accepts, the number it then carries, and what its refusal must name.
struct Slot {
    template: &'static str,
    low: u128,
    high: u128,
    /// Accepted values in range that the command still refuses for another reason
    /// (`play invention 3 ore` names three cards): `true` when the value must be accepted.
    accepted: fn(u128) -> bool,
    value: Extract,
    /// Texts the refusal of an out-of-range value contains.
    range_text: &'static [&'static str],
}

fn resources_of(c: &Command, give: bool, r: Resource) -> Option<u128> {
    match c {
        Command::Action(Action::Discard(cards)) => Some(u128::from(cards[r])),
        Command::Trade(TradeCommand::Offer { give: g, get, .. }) => {
            Some(u128::from(if give { g[r] } else { get[r] }))
        }
        _ => None,
    }
}

fn always(_: u128) -> bool {
    true
}

fn slots() -> Vec<Slot> {
    const CARDS: &[&str] = &["from 1 to 30"];
    vec![
        Slot {
            template: "discard N wool",
            low: 1,
            high: 30,
            accepted: always,
            value: |c| resources_of(c, true, Resource::Wool),
            range_text: CARDS,
        },
        Slot {
            template: "discard Nwool 1 ore",
            low: 1,
            high: 30,
            accepted: always,
            value: |c| resources_of(c, true, Resource::Wool),
            range_text: CARDS,
        },
        Slot {
            template: "discard Nx ore",
            low: 1,
            high: 30,
            accepted: always,
            value: |c| resources_of(c, true, Resource::Ore),
            range_text: CARDS,
        },
        Slot {
            template: "trade offer N grain for 1 wool",
            low: 1,
            high: 30,
            accepted: always,
            value: |c| resources_of(c, true, Resource::Grain),
            range_text: CARDS,
        },
        Slot {
            template: "trade offer 1 grain for N wool to bob",
            low: 1,
            high: 30,
            accepted: always,
            value: |c| resources_of(c, false, Resource::Wool),
            range_text: CARDS,
        },
        Slot {
            template: "bank N grain for 1 ore",
            low: 1,
            high: 30,
            accepted: always,
            value: |c| match c {
                Command::Bank { give_amount, .. } => give_amount.map(u128::from),
                _ => None,
            },
            range_text: CARDS,
        },
        Slot {
            template: "bank grain for N ore",
            low: 1,
            high: 30,
            accepted: always,
            value: |c| match c {
                Command::Bank { get_amount, .. } => Some(u128::from(*get_amount)),
                _ => None,
            },
            range_text: CARDS,
        },
        Slot {
            template: "play invention N ore",
            low: 1,
            high: 30,
            accepted: |n| n == 2,
            value: |c| match c {
                Command::Action(Action::PlayInvention(Resource::Ore, Resource::Ore)) => Some(2),
                _ => None,
            },
            range_text: CARDS,
        },
        Slot {
            template: "build settlement N",
            low: 1,
            high: 54,
            accepted: always,
            value: |c| match c {
                Command::Action(Action::BuildSettlement(v)) => Some(u128::from(*v) + 1),
                _ => None,
            },
            range_text: &["numbered 1 to 54"],
        },
        Slot {
            template: "build city N",
            low: 1,
            high: 54,
            accepted: always,
            value: |c| match c {
                Command::Action(Action::BuildCity(v)) => Some(u128::from(*v) + 1),
                _ => None,
            },
            range_text: &["numbered 1 to 54"],
        },
        Slot {
            // A road from 8 to each neighbour of 8; any other end is refused, out of range
            // or as no neighbour.
            template: "build road 8-N",
            low: 1,
            high: 54,
            accepted: |n| {
                let topo = Topology::get(BoardSize::Standard);
                u8::try_from(n).is_ok_and(|n| topo.edge_between(7, n - 1).is_some())
            },
            value: |c| match c {
                Command::Action(Action::BuildRoad(e)) => {
                    let topo = Topology::get(BoardSize::Standard);
                    let [a, b] = topo.edge_vertices[*e as usize];
                    Some(u128::from(if a == 7 { b } else { a }) + 1)
                }
                _ => None,
            },
            range_text: &["numbered 1 to 54"],
        },
        Slot {
            template: "robber C3 seat N",
            low: 1,
            high: 3,
            accepted: always,
            value: |c| match c {
                Command::Action(Action::MoveRobber {
                    victim: Some(s), ..
                }) => Some(u128::from(*s) + 1),
                _ => None,
            },
            range_text: &["seats are numbered 1 to 3"],
        },
        Slot {
            template: "trade confirm 1 seat N",
            low: 1,
            high: 3,
            accepted: always,
            value: |c| match c {
                Command::Trade(TradeCommand::Confirm(1, s)) => Some(u128::from(*s) + 1),
                _ => None,
            },
            range_text: &["seats are numbered 1 to 3"],
        },
        Slot {
            template: "trade accept #N",
            low: 1,
            high: u128::from(u32::MAX),
            accepted: always,
            value: |c| match c {
                Command::Trade(TradeCommand::Accept(o)) => Some(u128::from(*o)),
                _ => None,
            },
            range_text: &["is not an offer number"],
        },
        Slot {
            template: "trade withdraw N",
            low: 1,
            high: u128::from(u32::MAX),
            accepted: always,
            value: |c| match c {
                Command::Trade(TradeCommand::Withdraw(o)) => Some(u128::from(*o)),
                _ => None,
            },
            range_text: &["is not an offer number"],
        },
        Slot {
            template: "new players N",
            low: 2,
            high: 6,
            accepted: always,
            value: |c| {
                setting(c, |s| match s {
                    Setting::Players(n) => Some(u128::from(*n)),
                    _ => None,
                })
            },
            range_text: &["from 2 to 6"],
        },
        Slot {
            template: "set vp=N",
            low: 3,
            high: 20,
            accepted: always,
            value: |c| {
                setting(c, |s| match s {
                    Setting::VpTarget(n) => Some(u128::from(*n)),
                    _ => None,
                })
            },
            range_text: &["from 3 to 20"],
        },
        Slot {
            template: "set discard N",
            low: 3,
            high: 20,
            accepted: always,
            value: |c| {
                setting(c, |s| match s {
                    Setting::DiscardLimit(n) => Some(u128::from(*n)),
                    _ => None,
                })
            },
            range_text: &["from 3 to 20"],
        },
        Slot {
            // 0 is `off`.
            template: "set timer N",
            low: 0,
            high: 10_080,
            accepted: always,
            value: |c| {
                setting(c, |s| match s {
                    Setting::Timer(n) => Some(n.map_or(0, u128::from)),
                    _ => None,
                })
            },
            range_text: &["from 0 to 10080"],
        },
        Slot {
            template: "set bots N",
            low: 0,
            high: 5,
            accepted: always,
            value: |c| {
                setting(c, |s| match s {
                    Setting::Bots(n) => Some(u128::from(*n)),
                    _ => None,
                })
            },
            range_text: &["from 0 to 5"],
        },
        Slot {
            template: "new seed N",
            low: 0,
            high: u128::from(u64::MAX),
            accepted: always,
            value: |c| {
                setting(c, |s| match s {
                    Setting::Seed(n) => Some(u128::from(*n)),
                    _ => None,
                })
            },
            range_text: &["from 0 to 18446744073709551615"],
        },
    ]
}

fn setting(c: &Command, f: fn(&Setting) -> Option<u128>) -> Option<u128> {
    match c {
        Command::New(s) | Command::Set(s) => s.iter().find_map(f),
        _ => None,
    }
}

/// The value of a digit string, `None` when it is beyond u128 (and so beyond every range).
fn value_of(digits: &str) -> Option<u128> {
    let significant = digits.trim_start_matches('0');
    if significant.len() > 38 {
        return None;
    }
    Some(significant.parse().unwrap_or(0))
}

fn players() -> Vec<(u64, String)> {
    vec![
        (11, "alice".into()),
        (22, "bob".into()),
        (33, "carol".into()),
    ]
}

fn check(slot: &Slot, digits: &str) {
    let p = players();
    let ctx = ParseContext {
        topology: Topology::get(BoardSize::Standard),
        players: &p,
    };
    let text = slot.template.replace('N', digits);
    let parsed = parse(&text, Some(&ctx));
    let in_range = value_of(digits).filter(|v| (slot.low..=slot.high).contains(v));
    match (in_range, parsed) {
        (Some(v), Ok(cmd)) => {
            assert!((slot.accepted)(v), "{text}: accepted as {cmd:?}");
            assert_eq!((slot.value)(&cmd), Some(v), "{text}: {cmd:?}");
        }
        (Some(v), Err(e)) => assert!(!(slot.accepted)(v), "{text}: refused: {e}"),
        (None, Ok(cmd)) => panic!("{text}: out of range, yet accepted as {cmd:?}"),
        (None, Err(e)) => {
            let e = e.to_string();
            for want in slot.range_text {
                assert!(e.contains(want), "{text}: {e} lacks {want:?}");
            }
        }
    }
}

/// Digit strings of every size: small ones, the boundaries of the integer types (and one
/// past them), and long runs with leading zeros.
fn digits() -> impl Strategy<Value = String> {
    let boundaries = prop::sample::select(vec![
        "0",
        "1",
        "2",
        "30",
        "31",
        "54",
        "55",
        "255",
        "256",
        "257",
        "65536",
        "4294967295",
        "4294967296",
        "4294967297",
        "4294967298",
        "99999999999",
        "18446744073709551615",
        "18446744073709551616",
        "18446744073709551617",
    ]);
    prop_oneof![
        3 => "[0-9]{1,3}",
        2 => "[0-9]{4,45}",
        2 => boundaries.prop_map(str::to_string),
        1 => ("0{1,30}", "[0-9]{1,25}").prop_map(|(z, d)| format!("{z}{d}")),
    ]
}

proptest! {
    #![proptest_config(table_support::regressions_beside_source(ProptestConfig::default()))]

    #[test]
    fn every_typed_number_is_exact_or_refused_with_its_range(d in digits()) {
        for slot in slots() {
            check(&slot, &d);
        }
    }
}

#[test]
fn the_issue_numbers_are_refused_naming_the_range() {
    for huge in ["99999999999", "4294967298", "18446744073709551617"] {
        for slot in slots() {
            check(&slot, huge);
        }
    }
}

/// German commands go through the same checks; the refusal is in German.
#[test]
fn german_counts_are_checked_too() {
    let _de = catan_bot::i18n::scope(catan_bot::i18n::Lang::parse("de").expect("German"));
    let p = players();
    let ctx = ParseContext {
        topology: Topology::get(BoardSize::Standard),
        players: &p,
    };
    for text in [
        "abwerfen 18446744073709551617 wolle",
        "seehandel 4294967298 getreide für 1 erz",
        "biete 99999999999 getreide für 1 wolle",
    ] {
        let e = parse(text, Some(&ctx)).expect_err(text).to_string();
        assert!(e.contains("zwischen 1 und 30"), "{text}: {e}");
    }
}

/// A game in its main phase, the current player holding cards.
fn main_phase() -> Harness {
    let mut h = Harness::started(&["alice", "bob", "carol"], "seed 7", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..400 {
        let g = h.state();
        if *g.phase() == Phase::Main && g.players()[g.current() as usize].hand.total() > 0 {
            return h;
        }
        h.step(&mut rng);
    }
    panic!("no main phase with cards within 400 moves");
}

#[test]
fn huge_counts_at_the_table_change_nothing_and_post_nothing() {
    let mut h = main_phase();
    let seat = h.state().current();
    let name = h.display_name(seat);
    for text in [
        "trade offer 99999999999 grain for 1 wool",
        "trade offer 4294967298 grain for 1 wool",
        "trade offer 18446744073709551617 grain for 1 wool",
        "bank 18446744073709551617 grain for 1 ore",
        "bank grain for 4294967297 ore",
        "discard 18446744073709551617 wool",
        "ｔｒａｄｅ ｏｆｆｅｒ ９９９９９９９９９９９ grain for 1 wool",
    ] {
        let before = h.serialized();
        let log_before = h.log.len();
        let r = h.say(&name, text);
        let refusal = refusal_text(&r).unwrap_or_else(|| panic!("{text} was not refused"));
        assert!(refusal.contains("from 1 to 30"), "{text}: {refusal}");
        assert!(!refusal.contains("gives 1"), "{text}: {refusal}");
        assert_eq!(public_text(&r), "", "{text} posted something");
        assert_eq!(h.serialized(), before, "{text} changed the game");
        assert!(h.log.len() > log_before);
        let offers = h.say(&name, "trade list");
        assert!(
            !offers.iter().any(|o| o.text.contains("Trade offer #")),
            "{text}: an offer is open: {offers:?}"
        );
    }
}

/// Full-width commands (and an ideographic space) are the plain ones.
#[test]
fn fullwidth_commands_are_understood() {
    let p = players();
    let ctx = ParseContext {
        topology: Topology::get(BoardSize::Standard),
        players: &p,
    };
    for (wide, plain) in [
        ("ｒｏｌｌ", "roll"),
        ("ＥＮＤ", "end"),
        (
            "ｂｕｉｌｄ\u{3000}ｓｅｔｔｌｅｍｅｎｔ　１２",
            "build settlement 12",
        ),
        (
            "ｔｒａｄｅ ｏｆｆｅｒ ２ ｗｏｏｌ ｆｏｒ １ ｏｒｅ ｔｏ ｂｏｂ",
            "trade offer 2 wool for 1 ore to bob",
        ),
        (
            "ｂａｎｋ ４ ｏｒｅ ｆｏｒ １ ｗｏｏｌ",
            "bank 4 ore for 1 wool",
        ),
        ("ｒｏｂｂｅｒ Ｃ３ ｓｅａｔ ２", "robber C3 seat 2"),
        ("ｗüｒｆｅｌｎ", "roll"),
        ("/ｃａｔａｎ ｈａｎｄ", "hand"),
    ] {
        let got = parse(wide, Some(&ctx));
        assert!(got.is_ok(), "{wide}: {got:?}");
        assert_eq!(got, parse(plain, Some(&ctx)), "{wide}");
    }
}

#[test]
fn a_fullwidth_roll_rolls_at_the_table() {
    let mut h = main_phase();
    // Finish the turn so that the next player is about to roll.
    let seat = h.state().current();
    h.play(seat, &Action::EndTurn);
    let g = h.state();
    assert_eq!(*g.phase(), Phase::BeforeRoll);
    let next = h.display_name(g.current());
    let version = g.version();
    let r = h.say(&next, "ｒｏｌｌ");
    assert_no_refusal(&r, "ｒｏｌｌ");
    assert_eq!(
        h.state().version(),
        version + 1,
        "the full-width roll was not applied"
    );
}
