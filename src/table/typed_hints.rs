//! How a [`Hint`] reads in the typed command language, for the platforms where players type
//! (the console; a chat prefix such as Matrix's `!catan` goes in front). Examples use places
//! that are legal on the board shown.

use super::reply::Hint;

/// The command(s) a hint stands for, each with `prefix` in front (e.g. `"!catan "`, or `""`).
pub fn typed_hint(hint: &Hint, prefix: &str) -> String {
    let c = |cmd: &str| format!("`{prefix}{cmd}`");
    let examples = |cmd: &str, examples: &[String], what: &str| match examples {
        [] => c(&format!("{cmd} <{what}>")),
        [only] => c(&format!("{cmd} {only}")),
        [first, rest @ ..] => format!("{} (or {})", c(&format!("{cmd} {first}")), rest.join(", ")),
    };
    match hint {
        Hint::Join => format!("{} to sit down", c("join")),
        Hint::Start => format!("{} (the host)", c("start")),
        Hint::New => format!("{} to open a game", c("new")),
        Hint::PlaceSettlement { examples: e } => {
            format!(
                "{}; {} lists them all",
                examples("build settlement", e, "number"),
                c("build settlement ?")
            )
        }
        Hint::PlaceRoad { examples: e } => {
            format!(
                "{}; {} lists them all",
                examples("build road", e, "a-b"),
                c("build road ?")
            )
        }
        Hint::Roll => c("roll"),
        Hint::Build => format!(
            "{} / {} / {} or {}",
            c("build road <a-b>"),
            c("build settlement <n>"),
            c("build city <n>"),
            c("buy")
        ),
        Hint::BuyCard => c("buy"),
        Hint::PlayCard => c("play <card> …"),
        Hint::Trade => format!(
            "{} or {}",
            c("bank <give> for 1 <get>"),
            c("trade offer 1 wool for 1 ore")
        ),
        Hint::EndTurn => c("end"),
        Hint::Discard => c("discard 2 wool 1 ore"),
        Hint::MoveRobber => format!(
            "{}; {} lists the hexes",
            c("robber <hex> [player]"),
            c("robber ?")
        ),
        Hint::AnswerOffer { offer } => format!(
            "{} or {}",
            c(&format!("trade accept {offer}")),
            c(&format!("trade decline {offer}"))
        ),
        Hint::ConfirmOffer { offer } => format!(
            "{} (offerer)",
            c(&format!("trade confirm {offer} <player>"))
        ),
        Hint::Hand => c("hand"),
        Hint::Help => c("help"),
        Hint::Rules => format!("{} lists the rules topics", c("rules")),
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

    #[test]
    fn examples_are_typed_with_the_prefix() {
        let h = Hint::PlaceRoad {
            examples: vec!["12-13".into(), "12-17".into()],
        };
        assert_eq!(
            typed_hint(&h, "!catan "),
            "`!catan build road 12-13` (or 12-17); `!catan build road ?` lists them all"
        );
        assert_eq!(
            typed_hints_line(&[Hint::Roll, Hint::EndTurn], ""),
            Some("→ `roll` · `end`".into())
        );
    }
}
