//! Small input edges (issue 38, item 13). Cards given as counts (a slash command's options)
//! are summed without overflow: one resource listed many times with huge counts is refused,
//! the game unchanged.

use crate::table_support;

use catan_bot::engine::Resource;
use catan_bot::table::Request;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

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
