//! How the table's hints read on Discord: the button to press first, the slash command as
//! the precise way (never the console's typed words).

use crate::t;
use crate::table::Hint;

/// One hint in Discord's words.
pub fn discord_hint(hint: &Hint) -> String {
    match hint {
        Hint::Join => t!("dchint-join"),
        Hint::Start => t!("dchint-start"),
        Hint::New => t!("dchint-new"),
        Hint::PlaceSettlement { examples } => {
            t!("dchint-place-settlement", example = example(examples))
        }
        Hint::PlaceRoad { examples } => t!("dchint-place-road", example = example(examples)),
        Hint::Roll => t!("dchint-roll"),
        Hint::Build => t!("dchint-build"),
        Hint::BuyCard => t!("dchint-buy-card"),
        Hint::PlayCard => t!("dchint-play-card"),
        Hint::Trade => t!("dchint-trade"),
        Hint::EndTurn => t!("dchint-end-turn"),
        Hint::Discard => t!("dchint-discard"),
        Hint::MoveRobber => t!("dchint-move-robber"),
        Hint::AnswerOffer { .. } => t!("dchint-answer-offer"),
        Hint::ConfirmOffer { .. } => t!("dchint-confirm-offer"),
        Hint::Helper => t!("dchint-helper"),
        Hint::Hand => t!("dchint-hand"),
        Hint::Help => t!("dchint-help"),
        Hint::Rules => t!("dchint-rules"),
    }
}

/// The best example place (they come best first), with its pips.
fn example(examples: &[crate::table::reply::PlaceExample]) -> String {
    match examples.first() {
        Some(e) => format!(
            "{} · {}",
            t!("dchint-example", place = e.place.as_str()),
            crate::table::place_order::pips_text(e.pips)
        ),
        None => String::new(),
    }
}

/// The hints as one line under a message: `→ **Roll** · **Play card**`.
pub fn discord_hints_line(hints: &[Hint]) -> Option<String> {
    if hints.is_empty() {
        return None;
    }
    let parts: Vec<String> = hints.iter().map(discord_hint).collect();
    Some(format!("→ {}", parts.join(" · ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No Discord player sees the console's typed language.
    #[test]
    fn hints_name_buttons_or_slash_commands_only() {
        let all = [
            Hint::Join,
            Hint::Start,
            Hint::New,
            Hint::PlaceSettlement {
                examples: vec![crate::table::reply::PlaceExample {
                    place: "12".into(),
                    pips: 9,
                }],
            },
            Hint::PlaceRoad {
                examples: vec![crate::table::reply::PlaceExample {
                    place: "12-13".into(),
                    pips: 9,
                }],
            },
            Hint::Roll,
            Hint::Build,
            Hint::BuyCard,
            Hint::PlayCard,
            Hint::Trade,
            Hint::EndTurn,
            Hint::Discard,
            Hint::MoveRobber,
            Hint::AnswerOffer { offer: 1 },
            Hint::ConfirmOffer { offer: 1 },
            Hint::Helper,
            Hint::Hand,
            Hint::Help,
            Hint::Rules,
        ];
        let de = crate::i18n::Lang::parse("de").expect("German catalog");
        for (lang, h) in [crate::i18n::Lang::EN, de]
            .into_iter()
            .flat_map(|l| all.iter().map(move |h| (l, h)))
        {
            let _lang = crate::i18n::scope(lang);
            let text = discord_hint(h);
            // Code spans are the odd pieces between backticks: only slash commands and
            // example places (numbers) may be quoted.
            for span in text.split('`').skip(1).step_by(2) {
                assert!(
                    span.starts_with("/catan") || span.starts_with(|c: char| c.is_ascii_digit()),
                    "{h:?}: {text}"
                );
            }
            assert!(!text.to_lowercase().contains("type"), "{h:?}: {text}");
            assert!(!text.to_lowercase().contains("tippe"), "{h:?}: {text}");
        }
    }
}
