//! `/catan help` on Discord: how to play here, by buttons first and slash commands as the
//! precise way. Discord's own words (`dhelp-…` in the catalogs, German with the German command
//! names Discord shows a German client); the console has its own help in the table.

use poise::serenity_prelude::CreateEmbed;

use crate::i18n::{self, Lang};
use crate::t;

/// The sections of the help after its introduction, as (title id, text id).
const SECTIONS: [(&str, &str); 7] = [
    ("dhelp-start-name", "dhelp-start"),
    ("dhelp-bots-name", "dhelp-bots"),
    ("dhelp-turn-name", "dhelp-turn"),
    ("dhelp-trading-name", "dhelp-trading"),
    ("dhelp-commands-name", "dhelp-commands"),
    ("dhelp-helpers-name", "dhelp-helpers"),
    ("dhelp-dice-name", "dhelp-dice"),
];

/// The help embed in `lang` (shown only to the player who asked, in their client's language).
pub fn help_embed(lang: Lang) -> CreateEmbed {
    let _scope = i18n::scope(lang);
    SECTIONS.iter().fold(
        CreateEmbed::new()
            .title(t!("dhelp-title"))
            .description(t!("dhelp-intro")),
        |embed, (name, text)| embed.field(i18n::text(name, None), i18n::text(text, None), false),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every section is there in every language, and Discord's limits hold (a field's value
    /// at most 1,024 characters, the whole embed at most 6,000).
    #[test]
    fn every_section_fits_discord_in_every_language() {
        for lang in Lang::all() {
            let _scope = i18n::scope(lang);
            let mut total = t!("dhelp-title").chars().count() + t!("dhelp-intro").chars().count();
            for (name, text) in SECTIONS {
                assert!(i18n::has(name) && i18n::has(text), "{name} in {lang:?}");
                let value = i18n::text(text, None).chars().count();
                assert!(value <= 1024, "{text} in {lang:?}: {value} characters");
                total += value + i18n::text(name, None).chars().count();
            }
            assert!(total <= 6000, "{lang:?}: {total}");
        }
    }

    #[test]
    fn the_german_help_names_the_german_commands() {
        let json =
            serde_json::to_string(&help_embed(Lang::parse("de").expect("de"))).expect("json");
        assert!(
            json.contains("/catan neu") && json.contains("Würfeln"),
            "{json}"
        );
        assert!(!json.contains("/catan new"), "{json}");
    }
}
