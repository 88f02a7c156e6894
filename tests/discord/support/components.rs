//! Reading message components (action rows of buttons and string select menus) out of the
//! JSON the bot sends, so tests can see what a player would click.

use serde_json::Value;

/// A button (component type 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonView {
    pub custom_id: String,
    pub label: String,
}

/// A string select menu (component type 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectView {
    pub custom_id: String,
    pub placeholder: String,
    pub min_values: u64,
    pub max_values: u64,
    pub options: Vec<OptionView>,
}

/// One option of a select menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionView {
    pub label: String,
    pub value: String,
    pub description: String,
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or("").to_string()
}

/// Every component inside the action rows of `components`.
fn parts(components: &Value) -> Vec<&Value> {
    components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .collect()
}

/// The buttons of `components`, in order.
pub fn buttons(components: &Value) -> Vec<ButtonView> {
    parts(components)
        .into_iter()
        .filter(|c| c["type"] == 2)
        .map(|b| ButtonView {
            custom_id: text(b, "custom_id"),
            label: text(b, "label"),
        })
        .collect()
}

/// The string select menus of `components`, in order.
pub fn selects(components: &Value) -> Vec<SelectView> {
    parts(components)
        .into_iter()
        .filter(|c| c["type"] == 3)
        .map(|s| SelectView {
            custom_id: text(s, "custom_id"),
            placeholder: text(s, "placeholder"),
            min_values: s["min_values"].as_u64().unwrap_or(1),
            max_values: s["max_values"].as_u64().unwrap_or(1),
            options: s["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| OptionView {
                    label: text(o, "label"),
                    value: text(o, "value"),
                    description: text(o, "description"),
                })
                .collect(),
        })
        .collect()
}

/// The custom_ids of `components`' buttons.
pub fn button_ids(components: &Value) -> Vec<String> {
    buttons(components)
        .into_iter()
        .map(|b| b.custom_id)
        .collect()
}

/// The game version a `catan:<game>:<action>:<version>` id was made at.
pub fn id_version(custom_id: &str) -> Option<u64> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    match parts.as_slice() {
        ["catan", _, _, version] => version.parse().ok(),
        _ => None,
    }
}

/// The action word of a `catan:<game>:<action>:<version>` id (`roll`, `build`, …).
pub fn id_action(custom_id: &str) -> Option<&str> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    match parts.as_slice() {
        ["catan", _, action, _] => Some(*action),
        _ => None,
    }
}
