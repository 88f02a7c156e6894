//! How a [`Hint`] reads in the typed command language, for the platforms where players type
//! (the console; a chat prefix such as Matrix's `!catan` goes in front). Examples use places
//! that are legal on the board shown.

use super::command_words::say;
use super::place_order::pips_text;
use super::reply::{Hint, PlaceExample};

/// The command(s) a hint stands for, each with `prefix` in front (e.g. `"!catan "`, or `""`),
/// in the current language's command words (see [`say`]).
pub fn typed_hint(hint: &Hint, prefix: &str) -> String {
    use crate::t;
    let c = |cmd: &str| format!("`{prefix}{}`", say(cmd));
    // The best place first, each with its pips: `build settlement 23` · 11 pips (or …).
    let examples = |cmd: &str, examples: &[PlaceExample], what: &str| match examples {
        [] => c(&format!("{cmd} <{what}>")),
        [only] => format!(
            "{} · {}",
            c(&format!("{cmd} {}", only.place)),
            pips_text(only.pips)
        ),
        [first, rest @ ..] => t!(
            "hints-or-examples",
            cmd = format!(
                "{} · {}",
                c(&format!("{cmd} {}", first.place)),
                pips_text(first.pips)
            ),
            others = rest
                .iter()
                .map(|e| format!("{} · {}", e.place, pips_text(e.pips)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    match hint {
        Hint::Join => t!("hints-join", cmd = c("join")),
        Hint::Start => t!("hints-start", cmd = c("start")),
        Hint::New => t!("hints-new", cmd = c("new")),
        Hint::PlaceSettlement { examples: e } => t!(
            "hints-lists-all",
            cmd = examples("build settlement", e, "number"),
            list = c("build settlement ?")
        ),
        Hint::PlaceRoad { examples: e } => t!(
            "hints-lists-all",
            cmd = examples("build road", e, "a-b"),
            list = c("build road ?")
        ),
        Hint::Roll => c("roll"),
        Hint::Build => t!(
            "hints-build",
            road = c("build road <a-b>"),
            settlement = c("build settlement <n>"),
            city = c("build city <n>"),
            buy = c("buy")
        ),
        Hint::BuyCard => c("buy"),
        Hint::PlayCard => c("play <card> …"),
        Hint::Trade => t!(
            "hints-either",
            a = c("bank <give> for 1 <get>"),
            b = c("trade offer 1 wool for 1 ore")
        ),
        Hint::EndTurn => c("end"),
        // Public: what to discard is each player's own choice, from a hand only they see.
        Hint::Discard => c("discard <card> …"),
        Hint::MoveRobber => t!(
            "hints-robber",
            cmd = c("robber <hex> [player]"),
            list = c("robber ?")
        ),
        Hint::AnswerOffer { offer } => t!(
            "hints-either",
            a = c(&format!("trade accept {offer}")),
            b = c(&format!("trade decline {offer}"))
        ),
        Hint::ConfirmOffer { offer } => t!(
            "hints-confirm",
            cmd = c(&format!("trade confirm {offer} <player>"))
        ),
        Hint::Helper => t!("hints-helper", cmd = c("helper ?")),
        Hint::Hand => c("hand"),
        Hint::Help => c("help"),
        Hint::Rules => t!("hints-rules", cmd = c("rules")),
    }
}

/// One line listing what the hints stand for: `→ roll · play <card> …`.
pub fn typed_hints_line(hints: &[Hint], prefix: &str) -> Option<String> {
    if hints.is_empty() {
        return None;
    }
    let parts: Vec<String> = hints.iter().map(|h| typed_hint(h, prefix)).collect();
    Some(format!("→ {}", parts.join(" · ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(place: &str, pips: u8) -> PlaceExample {
        PlaceExample {
            place: place.into(),
            pips,
        }
    }

    #[test]
    fn examples_are_typed_with_the_prefix_and_their_pips() {
        let h = Hint::PlaceRoad {
            examples: vec![ex("12-13", 9), ex("12-17", 1)],
        };
        assert_eq!(
            typed_hint(&h, "!catan "),
            "`!catan build road 12-13` · 9 pips (or 12-17 · 1 pip); `!catan build road ?` lists them all"
        );
        let h = Hint::PlaceSettlement {
            examples: vec![ex("23", 11)],
        };
        assert_eq!(
            typed_hint(&h, ""),
            "`build settlement 23` · 11 pips; `build settlement ?` lists them all"
        );
        assert_eq!(
            typed_hints_line(&[Hint::Roll, Hint::EndTurn], ""),
            Some("→ `roll` · `end`".into())
        );
    }

    #[test]
    fn german_hints_show_german_commands_that_parse() {
        let de = crate::i18n::Lang::parse("de").expect("German catalog");
        let _de = crate::i18n::scope(de);
        let h = Hint::PlaceRoad {
            examples: vec![ex("12-13", 9), ex("12-17", 1)],
        };
        assert_eq!(
            typed_hint(&h, ""),
            "`baue straße 12-13` · 9 Wurfchancen (oder 12-17 · 1 Wurfchance); `baue straße ?` zeigt alle"
        );
        assert_eq!(
            typed_hints_line(&[Hint::Roll, Hint::EndTurn], ""),
            Some("→ `würfeln` · `ende`".into())
        );
        assert_eq!(
            typed_hint(&Hint::AnswerOffer { offer: 2 }, ""),
            "`annehmen 2` oder `ablehnen 2`"
        );
    }
}
