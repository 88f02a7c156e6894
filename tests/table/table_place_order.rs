//! Lists of places are best first (issue 24): setup hints, `build settlement ?` and Discord's
//! autocomplete order corners by pips (then variety and ports) and show the pip total.

use crate::table_support;

use catan_bot::table::{Hint, PlaceKind};
use table_support::*;

/// The pip total in a description such as `23 · 11 pips · grain 6 · ore 8`.
fn pips_of(description: &str) -> u32 {
    description
        .split(" · ")
        .find_map(|part| part.strip_suffix(" pips").or(part.strip_suffix(" pip")))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no pip total in {description:?}"))
}

fn assert_best_first(pips: &[u32], what: &str) {
    assert!(pips.len() > 3, "{what}: {pips:?}");
    assert!(pips.windows(2).all(|w| w[0] >= w[1]), "{what}: {pips:?}");
    assert!(pips[0] > pips[pips.len() - 1], "{what}: {pips:?}");
}

#[test]
fn setup_places_are_listed_best_first_with_their_pips() {
    let mut h = Harness::started(&["alice", "bob", "carol"], "seed 3", quiet_options());
    let first = h.display_name(h.state().current());

    // `build settlement ?`: one line per corner, best first, each with its pips.
    let r = h.say(&first, "build settlement ?");
    let text = r
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    let pips: Vec<u32> = text.lines().skip(1).map(pips_of).collect();
    assert_best_first(&pips, "build settlement ?");

    // Autocomplete (Discord, Matrix has the listing): the same order.
    let caller = h.caller(&first);
    let found = h.table().suggest(&caller, PlaceKind::Settlement, "");
    let auto: Vec<u32> = found.iter().map(|(_, d)| pips_of(d)).collect();
    assert_best_first(&auto, "autocomplete");
    assert_eq!(auto[0], pips[0]);

    // The turn message's hint names the best spots first, with their pips.
    let hint = h
        .log
        .iter()
        .rev()
        .flat_map(|r| r.hints.iter())
        .find_map(|h| match h {
            Hint::PlaceSettlement { examples } => Some(examples.clone()),
            _ => None,
        })
        .expect("a settlement hint");
    assert!(!hint.is_empty());
    assert_eq!(u32::from(hint[0].pips), pips[0], "{hint:?}");
    assert!(hint.windows(2).all(|w| w[0].pips >= w[1].pips), "{hint:?}");
    let typed = catan_bot::table::typed_hints::typed_hint(
        &Hint::PlaceSettlement {
            examples: hint.clone(),
        },
        "",
    );
    assert!(
        typed.starts_with(&format!(
            "`build settlement {}` · {} pips",
            hint[0].place, hint[0].pips
        )),
        "{typed}"
    );
}
