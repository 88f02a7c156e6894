//! How the table's hints read on Discord: the button to press first, the slash command as
//! the precise way (never the console's typed words).

use crate::table::Hint;

/// One hint in Discord's words.
pub fn discord_hint(hint: &Hint) -> String {
    match hint {
        Hint::Join => "**Join** (or `/catan join`)".into(),
        Hint::Start => "**Start** when everyone is in (host; `/catan start`)".into(),
        Hint::New => "`/catan new` opens the next game".into(),
        Hint::PlaceSettlement { examples } => format!(
            "**Place settlement** to pick a spot (or `/catan build settlement`{})",
            example(examples)
        ),
        Hint::PlaceRoad { examples } => format!(
            "**Place road** to pick a road (or `/catan build road`{})",
            example(examples)
        ),
        Hint::Roll => "**Roll**".into(),
        Hint::Build => "**Build** (roads, settlements, cities, cards)".into(),
        Hint::BuyCard => "**Build** → development card (or `/catan buy`)".into(),
        Hint::PlayCard => "**Play card**".into(),
        Hint::Trade => {
            "**Trade** (bank, or an offer to everyone; `/catan trade offer` for any mix)".into()
        }
        Hint::EndTurn => "**End turn**".into(),
        Hint::Discard => "**Discard** to choose the cards (or `/catan discard`)".into(),
        Hint::MoveRobber => "**Move robber** to choose a hex and whom to rob".into(),
        Hint::AnswerOffer { .. } => {
            "react ✅ to accept or ❌ to decline (remove it to take it back)".into()
        }
        Hint::ConfirmOffer { .. } => "the offerer picks a partner with the buttons".into(),
        Hint::Hand => "**My hand**".into(),
        Hint::Help => "`/catan help`".into(),
        Hint::Rules => "`/catan rules` for the rules topics".into(),
    }
}

fn example(examples: &[String]) -> String {
    match examples.first() {
        Some(e) => format!(", e.g. `{e}`"),
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
                examples: vec!["12".into()],
            },
            Hint::PlaceRoad {
                examples: vec!["12-13".into()],
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
            Hint::Hand,
            Hint::Help,
            Hint::Rules,
        ];
        for h in &all {
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
        }
    }
}
