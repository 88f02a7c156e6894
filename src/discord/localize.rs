//! Slash commands in every language there is a catalog for: Discord shows each user the
//! command, option and choice names and descriptions in their client's language.
//!
//! The English names live in the command definitions (poise builds them from the code); the
//! other languages come from the catalogs, under ids made from the command's path:
//! `dc-catan-build-road-name`, `…-desc`, an option's `dc-catan-new-players-name` / `-desc`, a
//! choice's `dc-choice-<value>`. A language lacking an id keeps the English one there.

use std::borrow::Cow;

use crate::i18n::{self, Lang};

type Command = poise::Command<std::sync::Arc<super::bot::Bot>, super::error::BotError>;

/// Discord's name for the language of a catalog (Discord spells some with a region).
pub fn discord_locale(lang: Lang) -> &'static str {
    match lang.code() {
        "en" => "en-US",
        "es" => "es-ES",
        "pt" => "pt-BR",
        "sv" => "sv-SE",
        "zh" => "zh-CN",
        code => code,
    }
}

/// Adds every non-English language's names and descriptions to `commands` (recursively).
pub fn localize(commands: &mut [Command]) {
    for command in commands {
        localize_command(command, "dc");
    }
}

fn localize_command(command: &mut Command, parent: &str) {
    let path = format!("{parent}-{}", command.name);
    add(&mut command.name_localizations, &format!("{path}-name"));
    add(
        &mut command.description_localizations,
        &format!("{path}-desc"),
    );
    for p in &mut command.parameters {
        let option = format!("{path}-{}", p.name);
        add(&mut p.name_localizations, &format!("{option}-name"));
        add(&mut p.description_localizations, &format!("{option}-desc"));
        for choice in p.choices.to_mut() {
            let id = format!("dc-choice-{}", choice.name.to_lowercase().replace(' ', "-"));
            add(&mut choice.localizations, &id);
        }
    }
    for sub in &mut command.subcommands {
        localize_command(sub, &path);
    }
}

type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

fn add(list: &mut Localizations, id: &str) {
    for lang in Lang::all().filter(|l| *l != Lang::EN) {
        let _lang = i18n::scope(lang);
        if i18n::has(id) {
            list.to_mut()
                .push((discord_locale(lang).into(), i18n::text(id, None).into()));
        }
    }
}

/// The catalog ids of every command, option and choice (what a new language translates).
#[cfg(test)]
fn catalog_ids(commands: &[Command]) -> Vec<String> {
    fn walk(command: &Command, parent: &str, out: &mut Vec<String>) {
        let path = format!("{parent}-{}", command.name);
        out.push(format!("{path}-name"));
        out.push(format!("{path}-desc"));
        for p in &command.parameters {
            out.push(format!("{path}-{}-name", p.name));
            out.push(format!("{path}-{}-desc", p.name));
            for c in p.choices.iter() {
                out.push(format!(
                    "dc-choice-{}",
                    c.name.to_lowercase().replace(' ', "-")
                ));
            }
        }
        for sub in &command.subcommands {
            walk(sub, &path, out);
        }
    }
    let mut out = Vec::new();
    for c in commands {
        walk(c, "dc", &mut out);
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord's rule for command and option names (lower case where the script has case).
    fn valid_name(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name
                .chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && name.to_lowercase() == name
    }

    #[test]
    fn every_command_option_and_choice_speaks_german_within_discord_limits() {
        let commands = super::super::commands::all();
        let de = Lang::parse("de").expect("German catalog");
        let _de = i18n::scope(de);
        let missing: Vec<String> = catalog_ids(&commands)
            .into_iter()
            .filter(|id| !i18n::has(id))
            .collect();
        assert!(missing.is_empty(), "German lacks {missing:?}");
        fn check(c: &Command) {
            for (locale, name) in c.name_localizations.iter() {
                assert_eq!(locale.as_ref(), "de");
                assert!(valid_name(name), "bad command name {name:?}");
            }
            for (_, d) in c.description_localizations.iter() {
                assert!((1..=100).contains(&d.chars().count()), "{d:?}");
            }
            let mut names: Vec<&str> = Vec::new();
            for p in &c.parameters {
                for (_, name) in p.name_localizations.iter() {
                    assert!(valid_name(name), "bad option name {name:?}");
                    assert!(!names.contains(&name.as_ref()), "option {name} twice");
                    names.push(name);
                }
                for (_, d) in p.description_localizations.iter() {
                    assert!((1..=100).contains(&d.chars().count()), "{d:?}");
                }
                for choice in p.choices.iter() {
                    for (_, label) in choice.localizations.iter() {
                        assert!((1..=100).contains(&label.chars().count()));
                    }
                }
            }
            let subs: Vec<String> = c
                .subcommands
                .iter()
                .flat_map(|s| s.name_localizations.iter().map(|(_, n)| n.to_string()))
                .collect();
            let mut unique = subs.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(
                unique.len(),
                subs.len(),
                "two subcommands share a German name"
            );
            c.subcommands.iter().for_each(check);
        }
        commands.iter().for_each(check);
        assert!(!commands[0].description_localizations.is_empty());
    }
}
