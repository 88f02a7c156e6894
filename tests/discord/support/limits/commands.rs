//! Application command registration: names, descriptions, the option tree's shape and the
//! 4,000-character total Discord counts per locale.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Violation, items, len_between, max_len};

/// Discord's cap on one command's names, descriptions and choices together, in any locale.
pub const MAX_COMMAND_SIZE: usize = 4000;
/// Chat-input commands per application (global) or per guild.
pub const MAX_COMMANDS: usize = 100;

const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;
const CHAT_INPUT: u64 = 1;

/// Where an option list sits: what it may hold.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Level {
    /// The command's own options: sub-commands and groups, or plain options.
    Command,
    /// A group's options: sub-commands only.
    Group,
    /// A sub-command's options: plain options only.
    SubCommand,
}

/// A bulk overwrite (`PUT …/commands`): every command, and at most 100 chat-input ones.
pub fn commands(body: &Value) -> Result<(), Violation> {
    let Some(list) = body.as_array() else {
        return Err(Violation::field(
            &[],
            "BASE_TYPE_ARRAY",
            "Must be an array.",
        ));
    };
    let chat_input = list
        .iter()
        .filter(|c| c["type"].as_u64().unwrap_or(CHAT_INPUT) == CHAT_INPUT)
        .count();
    if chat_input > MAX_COMMANDS {
        return Err(Violation::plain(
            400,
            30032,
            format!("Maximum number of application commands reached ({MAX_COMMANDS})"),
        ));
    }
    for (i, c) in list.iter().enumerate() {
        command(c).map_err(|v| v.under(i))?;
    }
    Ok(())
}

/// One command: its fields, its option tree, and its size in every locale it has.
pub fn command(c: &Value) -> Result<(), Violation> {
    if c["type"].as_u64().unwrap_or(CHAT_INPUT) == CHAT_INPUT {
        name(c, "name")?;
        texts(c, "description")?;
    } else {
        // Context-menu commands: any case and spaces, no description.
        len_between(c, "name", 1, 32)?;
        max_len(c, "description", 0)?;
    }
    options(c, Level::Command)?;
    let sizes = sizes(c);
    if let Some((locale, size)) = sizes.iter().find(|(_, size)| *size > MAX_COMMAND_SIZE) {
        let all: Vec<String> = sizes.iter().map(|(l, s)| format!("{l} {s}")).collect();
        return Err(Violation::field(
            &[],
            "APPLICATION_COMMAND_TOO_LARGE",
            format!(
                "Command exceeds maximum size ({MAX_COMMAND_SIZE} characters, got {size}) \
                 [{locale}; per locale: {}]",
                all.join(", ")
            ),
        ));
    }
    Ok(())
}

/// The command's size as Discord counts it (every name, description, choice name and value of
/// it, its groups, sub-commands and options), for the default texts (`"default"`) and for
/// every locale in any `*_localizations` map, where a missing localization counts the default.
pub fn sizes(c: &Value) -> Vec<(String, usize)> {
    let mut locales = BTreeSet::new();
    collect_locales(c, &mut locales);
    std::iter::once(None)
        .chain(locales.iter().map(|l| Some(l.as_str())))
        .map(|l| (l.unwrap_or("default").to_string(), size(c, l)))
        .collect()
}

fn collect_locales(v: &Value, into: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            for (key, value) in map {
                if key.ends_with("_localizations")
                    && let Some(localized) = value.as_object()
                {
                    into.extend(localized.keys().cloned());
                } else {
                    collect_locales(value, into);
                }
            }
        }
        Value::Array(list) => list.iter().for_each(|v| collect_locales(v, into)),
        _ => {}
    }
}

/// `key`'s text in `locale` (the default where it has none), in characters.
fn text_len(v: &Value, key: &str, locale: Option<&str>) -> usize {
    let localized = locale.and_then(|l| v[format!("{key}_localizations")][l].as_str());
    localized
        .or(v[key].as_str())
        .map_or(0, |s| s.chars().count())
}

fn size(v: &Value, locale: Option<&str>) -> usize {
    let own = text_len(v, "name", locale) + text_len(v, "description", locale);
    let choices: usize = v["choices"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|choice| {
            let value = match &choice["value"] {
                Value::String(s) => s.chars().count(),
                Value::Null => 0,
                other => other.to_string().chars().count(),
            };
            text_len(choice, "name", locale) + value
        })
        .sum();
    let options: usize = v["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| size(o, locale))
        .sum();
    own + choices + options
}

/// Whether `c` may be in a command or option name: `[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]`,
/// lowercase where it has case. (Rust's `is_alphabetic` is a little wider than `\p{L}`.)
pub fn name_char(c: char) -> bool {
    let allowed = matches!(c, '-' | '_' | '\'')
        || c.is_alphabetic()
        || c.is_numeric()
        || ('\u{0900}'..='\u{097F}').contains(&c)
        || ('\u{0E00}'..='\u{0E7F}').contains(&c);
    allowed && c.to_lowercase().eq(std::iter::once(c))
}

/// A chat-input command or option name at `key`, and its localizations.
fn name(v: &Value, key: &str) -> Result<(), Violation> {
    let ok = |s: &str| (1..=32).contains(&s.chars().count()) && s.chars().all(name_char);
    match v[key].as_str() {
        None => return Err(super::required(key)),
        Some(s) if !ok(s) => return Err(invalid_name(&[key])),
        Some(_) => {}
    }
    let localizations = format!("{key}_localizations");
    for (locale, text) in v[&localizations].as_object().into_iter().flatten() {
        if !text.as_str().is_some_and(ok) {
            return Err(invalid_name(&[&localizations, locale]));
        }
    }
    Ok(())
}

fn invalid_name(path: &[&str]) -> Violation {
    Violation::field(
        path,
        "APPLICATION_COMMAND_INVALID_NAME",
        "Command name is invalid",
    )
}

/// A 1–100 character text at `key` (a description, a choice name) and its localizations.
fn texts(v: &Value, key: &str) -> Result<(), Violation> {
    len_between(v, key, 1, 100)?;
    let localizations = format!("{key}_localizations");
    for (locale, text) in v[&localizations].as_object().into_iter().flatten() {
        len_between(&serde_json::json!({"t": text}), "t", 1, 100).map_err(|mut e| {
            e.path = vec![localizations.clone(), locale.clone()];
            e
        })?;
    }
    Ok(())
}

/// The option list of `parent`, which sits at `level`.
fn options(parent: &Value, level: Level) -> Result<(), Violation> {
    let list = items(parent, "options", 25)?;
    let kinds: Vec<u64> = list
        .iter()
        .map(|o| o["type"].as_u64().unwrap_or(0))
        .collect();
    let nesting = |k: &u64| *k == SUB_COMMAND || *k == SUB_COMMAND_GROUP;
    let shape_error = match level {
        Level::Command if kinds.iter().any(nesting) && !kinds.iter().all(nesting) => Some(
            "Sub-command and sub-command group option types are mutually exclusive to all other types",
        ),
        Level::Group if kinds.iter().any(|k| *k != SUB_COMMAND) => {
            Some("Sub-command groups may only contain sub-commands")
        }
        Level::SubCommand if kinds.iter().any(nesting) => {
            Some("Sub-commands and groups may only be nested one group deep")
        }
        _ => None,
    };
    if let Some(message) = shape_error {
        return Err(Violation::field(
            &["options"],
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            message,
        ));
    }
    let mut optional_seen = false;
    for (i, o) in list.iter().enumerate() {
        let within = |v: Violation| v.under(i).under("options");
        option(o).map_err(within)?;
        let kind = o["type"].as_u64().unwrap_or(0);
        if kind == SUB_COMMAND {
            options(o, Level::SubCommand).map_err(within)?;
        } else if kind == SUB_COMMAND_GROUP {
            options(o, Level::Group).map_err(within)?;
        } else if o["required"].as_bool().unwrap_or(false) {
            if optional_seen {
                return Err(Violation::field(
                    &["options"],
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                ));
            }
        } else {
            optional_seen = true;
        }
    }
    Ok(())
}

/// One option's own fields and choices (not its sub-options).
fn option(o: &Value) -> Result<(), Violation> {
    if !o["type"].as_u64().is_some_and(|k| (1..=11).contains(&k)) {
        return Err(Violation::field(
            &["type"],
            "BASE_TYPE_CHOICES",
            "Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.",
        ));
    }
    name(o, "name")?;
    texts(o, "description")?;
    let choices = items(o, "choices", 25)?;
    for (i, choice) in choices.iter().enumerate() {
        let within = |v: Violation| v.under(i).under("choices");
        texts(choice, "name").map_err(within)?;
        max_len(choice, "value", 100).map_err(within)?;
    }
    Ok(())
}
