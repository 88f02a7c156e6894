//! Small input edges (issue 38, item 13). A refusal quotes at most a short excerpt of what was
//! typed (`catan_bot::i18n::excerpt`: 60 characters, the last one `…` when cut), however long
//! the input: a 1 MiB line gets a reply of a few hundred bytes, not of 1 MiB. And cards given
//! as counts (a slash command's options) are summed without overflow: one resource listed many
//! times with huge counts is refused, the game unchanged.

use crate::table_support;

use catan_bot::engine::Resource;
use catan_bot::i18n::EXCERPT_CHARS;
use catan_bot::table::Request;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use std::cell::RefCell;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// The longest a refusal may be, whatever was typed: the longest refusal of short input (with
/// the expected form of `helper …`: over 500 bytes) and a few quotes of at most 60 characters
/// of up to 4 bytes each.
const MAX_REFUSAL_BYTES: usize = 1_500;

/// The excerpt a refusal quotes of `typed` when it is longer than the excerpt.
fn quoted_start(typed: &str) -> String {
    let start: String = typed.chars().take(EXCERPT_CHARS - 1).collect();
    format!("{start}…")
}

#[test]
fn a_one_mebibyte_line_gets_a_short_refusal_quoting_its_start() {
    let mut h = Harness::started(&NAMES, "seed 3", quiet_options());
    let long = "x".repeat(1 << 20);
    let before = h.serialized();
    let r = h.say("alice", &long);
    let text = refusal_text(&r).expect("an unknown command is refused");
    assert!(text.len() < 500, "a reply of {} bytes", text.len());
    assert!(
        text.contains(&format!("`{}`", quoted_start(&long))),
        "{text}"
    );
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(h.serialized(), before, "the game changed");
    // After a command word: as long as the refusal of one typed letter, but for the excerpt.
    for head in [
        "build",
        "build settlement",
        "robber",
        "discard 2",
        "helper use",
        "trade accept",
        "play monopoly",
        "addbot",
        "profile",
    ] {
        let short = refusal_text(&h.say("alice", &format!("{head} x")))
            .unwrap_or_else(|| panic!("`{head} x` was not refused"));
        let r = h.say("alice", &format!("{head} {long}"));
        let text = refusal_text(&r).unwrap_or_else(|| panic!("`{head} x…` was not refused"));
        assert_eq!(
            text,
            short.replacen('x', &quoted_start(&long), 1),
            "`{head} x…`"
        );
        assert!(r.iter().all(|r| r.text.len() < 1_000), "`{head} x…`: {r:?}");
        assert_eq!(h.serialized(), before, "`{head} x…` changed the game");
    }
    // Many long words: a refusal quotes one excerpt, not every word.
    let words = vec!["y".repeat(5_000); 200].join(" ");
    let r = h.say("alice", &format!("play {words}"));
    let text = refusal_text(&r).expect("refused");
    assert!(text.len() < 500, "{} bytes: {text}", text.len());
}

#[test]
fn long_lobby_settings_are_quoted_short() {
    let mut h = Harness::empty(&NAMES, quiet_options());
    let long = "7".repeat(1 << 20);
    for line in [
        format!("new {long}"),
        format!("new players 3 {long} 2"),
        format!("new board {long}"),
        format!("new seed {long}"),
        format!("new players {long}"),
        format!("new lang {long}"),
    ] {
        let r = h.say("alice", &line);
        let head: String = line.chars().take(30).collect();
        let text = refusal_text(&r).unwrap_or_else(|| panic!("`{head}…` was not refused"));
        assert!(text.len() < 500, "`{head}…`: {} bytes", text.len());
        assert!(text.contains(&quoted_start(&long)), "`{head}…`: {text}");
    }
    assert!(h.table().game_in(PLACE).is_none(), "no lobby was opened");
}

#[test]
fn a_discard_listing_one_resource_many_times_is_refused_never_wrapped() {
    let mut h = Harness::started(&NAMES, "seed 3", quiet_options());
    let caller = h.caller("alice");
    for (counts, says) in [
        // `1 + u32::MAX` wrapped to 0 in a release build (and panicked with overflow checks).
        (
            vec![(Resource::Wool, 1), (Resource::Wool, u32::MAX)],
            "`4294967295` is not a possible number of cards: each count must be from 1 to 30",
        ),
        (
            vec![(Resource::Wool, u32::MAX); 10_000],
            "`4294967295` is not a possible number of cards",
        ),
        (
            vec![(Resource::Ore, 30); 10_000],
            "The counts of ore add up to 60 cards: the counts of one resource may add up to at \
             most 30",
        ),
        (
            vec![
                (Resource::Grain, 20),
                (Resource::Lumber, 3),
                (Resource::Grain, 11),
            ],
            "The counts of grain add up to 31 cards",
        ),
    ] {
        let before = h.serialized();
        let now = h.now;
        let r = h
            .table_mut()
            .handle_command(&caller, Request::Discard(counts.clone()), now);
        let text = refusal_text(&r).unwrap_or_else(|| panic!("{:?} was not refused", &counts[..2]));
        assert!(text.contains(says), "{:?}: {text}", &counts[..2]);
        assert_eq!(public_text(&r), "", "posted something");
        assert_eq!(h.serialized(), before, "the game changed");
    }
    // Typed, the same sum is refused in the same words.
    let r = h.say("alice", "discard 20 grain 3 lumber 11 grain");
    let text = refusal_text(&r).expect("refused");
    assert!(
        text.contains("The counts of grain add up to 31 cards"),
        "{text}"
    );
}

/// Any input, typed after any command word: no refusal is longer than [`MAX_REFUSAL_BYTES`].
#[test]
fn no_refusal_is_longer_than_a_bound_whatever_is_typed() {
    let heads = prop::sample::select(vec![
        "",
        "build",
        "build road",
        "build settlement",
        "build city",
        "play",
        "play knight",
        "play monopoly",
        "play invention",
        "play road-building",
        "robber",
        "robber C3",
        "discard",
        "discard 3",
        "bank",
        "bank ore for",
        "bank 4",
        "trade",
        "trade offer",
        "trade offer 1 wool for",
        "trade accept",
        "trade confirm 1",
        "trade withdraw",
        "helper",
        "helper use",
        "helper use jean",
        "helper give wool to",
        "helper exchange",
        "addbot",
        "removebot",
        "profile",
        "leaderboard",
        "leaderboard season",
        "set",
        "set board",
        "set afk",
        "set seed",
        "set lang",
        "roll",
        "end",
        "join",
        "seat",
        "hand",
        "rules",
        "moves",
        "status",
        "build road ?",
        "robber ?",
    ]);
    // Long runs of letters, digits, spaces, marks and 4-byte characters, or one long word and
    // then such a run.
    let junk = || {
        prop_oneof![
            prop::string::string_regex("[a-z0-9 #?=:\\-äß🐑\u{301}\n]{100,4000}").unwrap(),
            prop::string::string_regex("[a-z0-9#?:äß🐑]{100,4000}( [a-z0-9 =äß\n]{0,500})?")
                .unwrap(),
        ]
    };
    for settings in ["seed 3", "seed 3 lang de"] {
        let h = RefCell::new(Harness::started(&NAMES, settings, quiet_options()));
        let config = regressions_beside_source(ProptestConfig::with_cases(96));
        let mut runner = TestRunner::new(config);
        runner
            .run(&(heads.clone(), junk()), |(head, junk)| {
                let line = format!("{head} {junk}");
                let mut h = h.borrow_mut();
                for name in NAMES {
                    for r in h.say(name, &line).iter().filter(|r| r.is_refusal()) {
                        prop_assert!(
                            r.text.len() <= MAX_REFUSAL_BYTES,
                            "{settings}: `{head} …` ({} bytes typed): a refusal of {} bytes: {}",
                            line.len(),
                            r.text.len(),
                            r.text
                        );
                    }
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A table with no game: the same bound for the lobby's settings, a long word typed as a key
/// or as the value of any of them, after settings that hold.
#[test]
fn no_lobby_refusal_is_longer_than_a_bound() {
    let h = RefCell::new(Harness::empty(&NAMES, quiet_options()));
    let before = prop::sample::select(vec![
        "",
        "players 3",
        "players 3 vp 10",
        "board",
        "players",
        "vp",
        "discard",
        "timer",
        "helpers",
        "friendly",
        "balanced",
        "rated",
        "afk",
        "lang",
        "bots",
        "seed",
        "players 3 afk",
    ]);
    let long = prop::string::string_regex("[a-z0-9äß🐑]{100,4000}( [a-z0-9]{1,8}){0,2}").unwrap();
    let mut runner = TestRunner::new(regressions_beside_source(ProptestConfig::with_cases(96)));
    runner
        .run(&(before, long), |(before, long)| {
            let mut h = h.borrow_mut();
            let line = format!("new {before} {long}");
            let r = h.say("alice", &line);
            if h.table().game_in(PLACE).is_some() {
                h.say("alice", "abandon");
            }
            for r in r.iter().filter(|r| r.is_refusal()) {
                prop_assert!(
                    r.text.len() <= MAX_REFUSAL_BYTES,
                    "`new {before} …` ({} bytes typed): {} bytes: {}",
                    line.len(),
                    r.text.len(),
                    r.text
                );
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
