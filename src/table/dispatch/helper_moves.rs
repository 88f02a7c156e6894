//! The helper's legal uses (Helpers of Catan) as choices: for `helper ?`, the autocomplete of
//! `/catan helper` and the `moves` lines. Every choice is the command text of one of the
//! caller's legal actions (the inverse of the parser), so choosing it is accepted.

use super::*;
use crate::table::command::ParseContext;
use crate::table::helper_command::helper_command_for;

/// The helper choices of `seat` now as (value, description), the value being the words after
/// `helper` (`use jean ore`, `flip`, `exchange lin`), in the order of the legal actions.
pub(super) fn helper_choices(g: &Game, seat: Seat, names: &[String]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for group in helper_groups(g, seat, names) {
        for rest in &group.rests {
            let value = if rest.is_empty() {
                group.head.clone()
            } else {
                format!("{} {rest}", group.head)
            };
            out.push((value.clone(), format!("{value} · {}", group.what)));
        }
    }
    out
}

/// The helper commands open to `seat` with the same beginning (`use jean`, `exchange`): the
/// words that may follow it and what the command does.
pub(super) struct HelperGroup {
    /// The command without `helper`: `use jean`, `flip`, `exchange`.
    pub head: String,
    /// What may follow the head, one per legal action (empty: the head alone).
    pub rests: Vec<String>,
    /// What it does, in a few words.
    pub what: String,
}

/// The legal helper actions of `seat`, grouped by [`HelperGroup::head`].
pub(super) fn helper_groups(g: &Game, seat: Seat, names: &[String]) -> Vec<HelperGroup> {
    if g.helpers.is_none() {
        return Vec::new();
    }
    // Values only ever name players by what resolves back to them (`names::address`), which
    // does not depend on chat user ids.
    let players: Vec<(UserId, String)> = names.iter().map(|n| (0, n.clone())).collect();
    let ctx = ParseContext {
        topology: g.topology(),
        players: &players,
    };
    let own = g.helper_of(seat).map(|h| h.helper);
    let own_name = own.map(|h| h.name()).unwrap_or("your helper");
    let mut groups: Vec<HelperGroup> = Vec::new();
    for action in g.legal_actions(seat) {
        let Some(text) = helper_command_for(&action, &ctx) else {
            continue;
        };
        let words = text.strip_prefix("helper ").unwrap_or(&text);
        let (head, rest, what) = match &action {
            Action::UseHelper(u) => {
                let head = format!("use {}", u.helper().name().to_lowercase());
                let rest = words
                    .strip_prefix(head.as_str())
                    .unwrap_or_default()
                    .trim()
                    .to_string();
                (head, rest, u.helper().summary().to_string())
            }
            _ => {
                let (verb, rest) = words.split_once(' ').unwrap_or((words, ""));
                let what = match verb {
                    "flip" => format!("keep {own_name}, turned to side B"),
                    "exchange" => format!("return {own_name} and take one from the display"),
                    "decline" => format!("let {own_name}'s chance pass"),
                    "keep" => "the development card you keep".to_string(),
                    "take" => "the card you take".to_string(),
                    "give" => "one card back to each player who gave you one".to_string(),
                    other => other.to_string(),
                };
                (verb.to_string(), rest.to_string(), what)
            }
        };
        match groups.iter_mut().find(|g| g.head == head) {
            Some(group) => {
                if !group.rests.contains(&rest) {
                    group.rests.push(rest);
                }
            }
            None => groups.push(HelperGroup {
                head,
                rests: vec![rest],
                what,
            }),
        }
    }
    groups
}

/// Keeps the helper choices whose value and description hold every word of `partial`.
pub(super) fn narrow_helper(
    choices: Vec<(String, String)>,
    partial: &str,
) -> Vec<(String, String)> {
    let words: Vec<String> = partial
        .split_whitespace()
        .map(|w| w.to_lowercase())
        .collect();
    choices
        .into_iter()
        .filter(|(_, d)| {
            let d = d.to_lowercase();
            words.iter().all(|w| d.contains(w.as_str()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Helper;
    use crate::engine::testkit::TestGame;
    use crate::table::command::{self, Command};

    fn names() -> Vec<String> {
        vec!["alice".into(), "bob".into(), "carol".into()]
    }

    /// Each choice parses back to one of the seat's legal actions.
    fn all_parse_back_to_legal(g: &Game, seat: Seat) {
        let players: Vec<(UserId, String)> = names().into_iter().map(|n| (7, n)).collect();
        let ctx = ParseContext {
            topology: g.topology(),
            players: &players,
        };
        let legal = g.legal_actions(seat);
        for (value, _) in helper_choices(g, seat, &names()) {
            let parsed = command::parse(&format!("helper {value}"), Some(&ctx));
            match parsed {
                Ok(Command::Action(a)) => assert!(legal.contains(&a), "{value}: {a:?}"),
                other => panic!("{value}: {other:?}"),
            }
        }
    }

    #[test]
    fn jean_offers_each_resource_and_everything_parses_back() {
        let mut t = TestGame::main_phase_with_helpers(3);
        t.helper(0, Helper::Jean);
        t.g.turn = 3;
        let choices = helper_choices(&t.g, 0, &names());
        let values: Vec<&str> = choices.iter().map(|(v, _)| v.as_str()).collect();
        assert!(values.contains(&"use jean ore"), "{values:?}");
        assert!(choices.iter().all(|(v, d)| d.starts_with(v.as_str())));
        all_parse_back_to_legal(&t.g, 0);
        // Another seat, not on turn, has nothing to choose.
        assert!(helper_choices(&t.g, 1, &names()).is_empty());
        let narrowed = narrow_helper(choices, "jean ORE");
        let values: Vec<&str> = narrowed.iter().map(|(v, _)| v.as_str()).collect();
        assert_eq!(values, ["use jean ore"]);
    }

    #[test]
    fn no_choices_without_helpers() {
        let t = TestGame::main_phase(3);
        assert!(helper_choices(&t.g, 0, &names()).is_empty());
    }
}
