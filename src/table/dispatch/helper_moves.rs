//! The helper's legal uses (Helpers of Catan) as choices: for `helper ?`, the autocomplete of
//! `/catan helper` and the `moves` lines. Every choice is the command text of one of the
//! caller's legal actions (the inverse of the parser), so choosing it is accepted.

use crate::engine::{Action, Game, Seat};
use crate::t;
use crate::table::command::ParseContext;
use crate::table::command_words::say;
use crate::table::helper_command::helper_command_for;
use crate::table::reply::UserId;

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
            // The value is what the parser reads back; the description is in the player's
            // command words (`nutze jean Erz`).
            let shown = say(&value);
            out.push((value, format!("{shown} · {}", group.what)));
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
    /// The legal action of each of [`HelperGroup::rests`], in the same order (so a menu
    /// acts without reading its text back).
    pub actions: Vec<Action>,
    /// What it does, in a few words.
    pub what: String,
}

/// The legal helper actions of `seat`, grouped by [`HelperGroup::head`].
pub(super) fn helper_groups(g: &Game, seat: Seat, names: &[String]) -> Vec<HelperGroup> {
    if g.helpers().is_none() {
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
    let own_name = own.map_or_else(|| t!("helper-your-helper"), |h| h.name().to_string());
    let own_name = own_name.as_str();
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
                (head, rest, crate::i18n::words::helper_summary(u.helper()))
            }
            _ => {
                let (verb, rest) = words.split_once(' ').unwrap_or((words, ""));
                let what = match verb {
                    "flip" => t!("helper-what-flip", helper = own_name),
                    "exchange" => t!("helper-what-exchange", helper = own_name),
                    "decline" => t!("helper-what-decline", helper = own_name),
                    "keep" => t!("helper-what-keep"),
                    "take" => t!("helper-what-take"),
                    "give" => t!("helper-what-give"),
                    other => other.to_string(),
                };
                (verb.to_string(), rest.to_string(), what)
            }
        };
        match groups.iter_mut().find(|g| g.head == head) {
            Some(group) => {
                if !group.rests.contains(&rest) {
                    group.rests.push(rest);
                    group.actions.push(action);
                }
            }
            None => groups.push(HelperGroup {
                head,
                rests: vec![rest],
                actions: vec![action],
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
        .filter(|(v, d)| {
            let both = format!("{v} {d}").to_lowercase();
            words.iter().all(|w| both.contains(w.as_str()))
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
        crate::engine::testkit::set_turn(&mut t.g, 3);
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

    /// In German the choices are shown in German command words, and what is shown is
    /// understood as the same legal action.
    #[test]
    fn german_choices_are_shown_in_german_and_parse_back() {
        let mut t = TestGame::main_phase_with_helpers(3);
        t.helper(0, Helper::Nassir);
        crate::engine::testkit::set_turn(&mut t.g, 3);
        let players: Vec<(UserId, String)> = names().into_iter().map(|n| (7, n)).collect();
        let ctx = ParseContext {
            topology: t.g.topology(),
            players: &players,
        };
        let legal = t.g.legal_actions(0);
        let _de = crate::i18n::scope(crate::i18n::Lang::parse("de").expect("de"));
        let choices = helper_choices(&t.g, 0, &names());
        assert!(!choices.is_empty());
        for (_, shown) in choices {
            let (words, what) = shown.split_once(" · ").expect("words · what");
            assert!(words.starts_with("nutze nassir "), "{shown}");
            assert!(what.contains("verlange"), "{shown}");
            match command::parse(&format!("helfer {words}"), Some(&ctx)) {
                Ok(Command::Action(a)) => assert!(legal.contains(&a), "{words}: {a:?}"),
                other => panic!("{words}: {other:?}"),
            }
        }
    }

    #[test]
    fn no_choices_without_helpers() {
        let t = TestGame::main_phase(3);
        assert!(helper_choices(&t.g, 0, &names()).is_empty());
    }
}
