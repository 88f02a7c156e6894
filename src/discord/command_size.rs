//! How Discord measures a slash command: the combined length of every name, description and
//! choice name and value of one command, its sub-commands, groups and options included, must
//! stay within 4,000 characters, or Discord refuses the whole registration
//! (`APPLICATION_COMMAND_TOO_LARGE`) and the bot serves nothing. Discord counts it once for the
//! default locale and once for every locale the command is localized into, where a missing
//! localization counts as the default text.
//!
//! Measured on the JSON the bot sends (`create_application_commands`), so what is counted is
//! exactly what Discord receives.

use std::collections::BTreeMap;

use serde_json::Value;

/// Discord's limit for one command.
pub const DISCORD_LIMIT: usize = 4_000;

/// Our own ceiling: the limit less room for the next options and translations.
pub const CEILING: usize = 3_500;

/// The default locale's key in [`sizes`].
pub const DEFAULT_LOCALE: &str = "default";

/// One command's size for the default locale and for every locale it is localized into.
pub fn sizes(command: &Value) -> BTreeMap<String, usize> {
    let mut locales = Vec::new();
    collect_locales(command, &mut locales);
    let mut out = BTreeMap::new();
    out.insert(DEFAULT_LOCALE.to_string(), size(command, None));
    for locale in locales {
        let n = size(command, Some(&locale));
        out.insert(locale, n);
    }
    out
}

/// Every locale named in any `*_localizations` map of `v`.
fn collect_locales(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (key, value) in map {
                if key.ends_with("_localizations")
                    && let Value::Object(locales) = value
                {
                    for locale in locales.keys() {
                        if !out.contains(locale) {
                            out.push(locale.clone());
                        }
                    }
                }
                collect_locales(value, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| collect_locales(i, out)),
        _ => {}
    }
}

/// The length of `key` of `node` as `locale` reads it (its localization, else the default).
fn text_len(node: &Value, key: &str, locale: Option<&str>) -> usize {
    let localized = locale.and_then(|l| node.get(format!("{key}_localizations"))?.get(l));
    let text = localized.or_else(|| node.get(key)).and_then(Value::as_str);
    text.map_or(0, |t| t.chars().count())
}

/// A command or option: its name and description, its choices, its options.
fn size(node: &Value, locale: Option<&str>) -> usize {
    let own = text_len(node, "name", locale) + text_len(node, "description", locale);
    let choices: usize = node
        .get("choices")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| text_len(c, "name", locale) + value_len(c.get("value")))
        .sum();
    let options: usize = node
        .get("options")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|o| size(o, locale))
        .sum();
    own + choices + options
}

/// A choice's value as Discord reads it: a string's characters, a number's digits.
fn value_len(value: Option<&Value>) -> usize {
    match value {
        Some(Value::String(s)) => s.chars().count(),
        Some(other @ Value::Number(_)) => other.to_string().len(),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn counts_names_descriptions_and_choices_per_locale() {
        let command = json!({
            "name": "catan", "description": "Play",
            "name_localizations": {"de": "catan"},
            "description_localizations": {"de": "Spiele"},
            "options": [{
                "name": "roll", "description": "Roll the dice",
                "options": [{"name": "n", "description": "How",
                    "choices": [{"name": "one", "value": 1, "name_localizations": {"de": "eins"}}]}]
            }]
        });
        let sizes = sizes(&command);
        // catan 5 + Play 4 + roll 4 + Roll the dice 13 + n 1 + How 3 + one 3 + "1" 1.
        assert_eq!(sizes[DEFAULT_LOCALE], 34);
        // German: Spiele 6 instead of Play, eins 4 instead of one.
        assert_eq!(sizes["de"], 37);
    }

    /// Every command the bot registers fits Discord's limit, with our headroom, in every
    /// language (printed, so a reviewer sees how much room is left).
    #[test]
    fn every_registered_command_fits_with_headroom_in_every_locale() {
        let commands = poise::builtins::create_application_commands(&super::super::commands::all());
        assert!(commands.len() <= 100, "Discord allows 100 global commands");
        let mut too_big = Vec::new();
        for command in &commands {
            let json = serde_json::to_value(command).expect("a command serializes");
            let name = json["name"].as_str().unwrap_or("?").to_string();
            for (locale, total) in sizes(&json) {
                println!(
                    "/{name} [{locale}]: {total} characters (Discord's limit {DISCORD_LIMIT})"
                );
                if locale == DEFAULT_LOCALE {
                    for sub in json["options"].as_array().into_iter().flatten() {
                        let sub_name = sub["name"].as_str().unwrap_or("?");
                        println!("  /{name} {sub_name}: {}", size(sub, None));
                    }
                }
                if total > CEILING {
                    too_big.push(format!("/{name} [{locale}]: {total}"));
                }
            }
        }
        assert!(too_big.is_empty(), "over {CEILING} characters: {too_big:?}");
    }
}
