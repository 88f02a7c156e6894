//! Message components (action rows of buttons and select menus), modals, and autocomplete
//! answers.

use std::collections::HashSet;

use serde_json::Value;

use super::{Violation, items, len_between, max_len};

const ACTION_ROW: u64 = 1;
const BUTTON: u64 = 2;
const STRING_SELECT: u64 = 3;
const TEXT_INPUT: u64 = 4;
/// User, role, mentionable and channel selects: no options of their own.
const AUTO_SELECTS: [u64; 4] = [5, 6, 7, 8];
const LINK_STYLE: u64 = 5;
const PREMIUM_STYLE: u64 = 6;
/// The flag of the newer component layout, which has other rules (the bot does not use it).
const COMPONENTS_V2: u64 = 1 << 15;

/// The `components` of message `m`: at most 5 rows, each 1–5 buttons or one select, every
/// custom_id unique in the message.
pub fn components(m: &Value) -> Result<(), Violation> {
    if m["flags"].as_u64().unwrap_or(0) & COMPONENTS_V2 != 0 {
        return Ok(());
    }
    let rows = items(m, "components", 5)?;
    let mut ids = HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        action_row(row, &mut ids).map_err(|v| v.under(i).under("components"))?;
    }
    Ok(())
}

fn width_exceeded() -> Violation {
    Violation::field(
        &["components"],
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
        "The specified component exceeds the maximum width",
    )
}

fn action_row(row: &Value, ids: &mut HashSet<String>) -> Result<(), Violation> {
    if row["type"].as_u64() != Some(ACTION_ROW) {
        return Err(Violation::field(
            &["type"],
            "UNION_TYPE_CHOICES",
            "Value of field \"type\" must be one of (1,).",
        ));
    }
    let parts = items(row, "components", 5)?;
    if parts.is_empty() {
        return Err(Violation::field(
            &["components"],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.",
        ));
    }
    let selects = parts
        .iter()
        .filter(|c| c["type"].as_u64() != Some(BUTTON))
        .count();
    if selects > 0 && parts.len() > 1 {
        return Err(width_exceeded());
    }
    for (i, part) in parts.iter().enumerate() {
        let within = |v: Violation| v.under(i).under("components");
        match part["type"].as_u64() {
            Some(BUTTON) => button(part).map_err(within)?,
            Some(STRING_SELECT) => string_select(part).map_err(within)?,
            Some(k) if AUTO_SELECTS.contains(&k) => auto_select(part).map_err(within)?,
            _ => {
                return Err(within(Violation::field(
                    &["type"],
                    "UNION_TYPE_CHOICES",
                    "Value of field \"type\" must be one of (2, 3, 5, 6, 7, 8).",
                )));
            }
        }
        if let Some(id) = part["custom_id"].as_str()
            && !ids.insert(id.to_string())
        {
            return Err(within(Violation::field(
                &["custom_id"],
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )));
        }
    }
    Ok(())
}

fn button(b: &Value) -> Result<(), Violation> {
    max_len(b, "label", 80)?;
    match b["style"].as_u64() {
        Some(LINK_STYLE) => {
            if b["url"].as_str().is_none_or(str::is_empty) {
                return Err(super::required("url"));
            }
            if !b["custom_id"].is_null() {
                return Err(Violation::field(
                    &["custom_id"],
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A link button cannot have a custom id",
                ));
            }
        }
        Some(PREMIUM_STYLE) => {}
        _ => {
            len_between(b, "custom_id", 1, 100)?;
            if !b["url"].is_null() {
                return Err(Violation::field(
                    &["url"],
                    "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                    "Only a link button can have a url",
                ));
            }
        }
    }
    Ok(())
}

/// min_values ≤ max_values ≤ `most`, both within Discord's 0–25 and 1–25.
fn min_max(s: &Value, most: u64) -> Result<(), Violation> {
    let min = s["min_values"].as_u64().unwrap_or(1);
    let max = s["max_values"].as_u64().unwrap_or(1);
    if min > 25 {
        return Err(Violation::field(
            &["min_values"],
            "NUMBER_TYPE_MAX",
            "int value should be less than or equal to 25.",
        ));
    }
    if max == 0 || max > 25 {
        return Err(Violation::field(
            &["max_values"],
            "NUMBER_TYPE_MAX",
            "int value should be between 1 and 25.",
        ));
    }
    if min > max || max > most {
        return Err(Violation::field(
            &["max_values"],
            "SELECT_COMPONENT_MAX_VALUES_INVALID",
            format!(
                "min_values ({min}) must be at most max_values ({max}), which must be at most \
                 the number of options ({most})"
            ),
        ));
    }
    Ok(())
}

fn auto_select(s: &Value) -> Result<(), Violation> {
    len_between(s, "custom_id", 1, 100)?;
    max_len(s, "placeholder", 150)?;
    min_max(s, 25)
}

fn string_select(s: &Value) -> Result<(), Violation> {
    len_between(s, "custom_id", 1, 100)?;
    max_len(s, "placeholder", 150)?;
    let options = items(s, "options", 25)?;
    if options.is_empty() {
        return Err(Violation::field(
            &["options"],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 25 in length.",
        ));
    }
    let mut values = HashSet::new();
    for (i, o) in options.iter().enumerate() {
        let within = |v: Violation| v.under(i).under("options");
        len_between(o, "label", 1, 100).map_err(within)?;
        len_between(o, "value", 1, 100).map_err(within)?;
        max_len(o, "description", 100).map_err(within)?;
        if !values.insert(o["value"].as_str().unwrap_or_default()) {
            return Err(within(Violation::field(
                &["value"],
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "Select component option value must be unique",
            )));
        }
    }
    min_max(s, options.len() as u64)
}

/// A modal (interaction response type 9): title ≤ 45, custom_id ≤ 100, 1–5 rows of one text
/// input each (label ≤ 45, value ≤ 4,000, placeholder ≤ 100).
pub fn modal(data: &Value) -> Result<(), Violation> {
    len_between(data, "title", 1, 45)?;
    len_between(data, "custom_id", 1, 100)?;
    let rows = items(data, "components", 5)?;
    if rows.is_empty() {
        return Err(Violation::field(
            &["components"],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.",
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let parts = items(row, "components", 1)
            .map_err(|_| width_exceeded())
            .map_err(|v| v.under(i).under("components"))?;
        for (j, input) in parts.iter().enumerate() {
            text_input(input)
                .map_err(|v| v.under(j).under("components").under(i).under("components"))?;
        }
    }
    Ok(())
}

fn text_input(t: &Value) -> Result<(), Violation> {
    if t["type"].as_u64() != Some(TEXT_INPUT) {
        return Err(Violation::field(
            &["type"],
            "UNION_TYPE_CHOICES",
            "Value of field \"type\" must be one of (4,).",
        ));
    }
    len_between(t, "custom_id", 1, 100)?;
    len_between(t, "label", 1, 45)?;
    max_len(t, "value", 4000)?;
    max_len(t, "placeholder", 100)
}

/// An autocomplete answer (interaction response type 8): ≤ 25 choices, name 1–100, value ≤ 100.
pub fn autocomplete(data: &Value) -> Result<(), Violation> {
    let choices = items(data, "choices", 25)?;
    for (i, choice) in choices.iter().enumerate() {
        let within = |v: Violation| v.under(i).under("choices");
        len_between(choice, "name", 1, 100).map_err(within)?;
        max_len(choice, "value", 100).map_err(within)?;
    }
    Ok(())
}
