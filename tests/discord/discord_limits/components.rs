//! Component limits: action rows, buttons, select menus; modals; autocomplete answers.

use serde_json::{Value, json};

use super::{assert_refused, edge, text};
use crate::support::limits::Violation;
use crate::support::limits::components::{autocomplete, components, modal};

fn button(id: &str) -> Value {
    json!({"type": 2, "style": 1, "label": "Go", "custom_id": id})
}

fn row(parts: Vec<Value>) -> Value {
    json!({"type": 1, "components": parts})
}

fn message(rows: Vec<Value>) -> Result<(), Violation> {
    components(&json!({"components": rows}))
}

/// `n` select options with distinct values.
fn options(n: usize) -> Vec<Value> {
    (0..n)
        .map(|i| json!({"label": "l", "value": i.to_string()}))
        .collect()
}

/// A message with one string select of `fields` (custom_id `s` unless given).
fn select(fields: Value) -> Result<(), Violation> {
    let mut s = json!({"type": 3, "custom_id": "s", "options": options(1)});
    for (k, v) in fields.as_object().unwrap() {
        s[k] = v.clone();
    }
    message(vec![row(vec![s])])
}

#[test]
fn at_most_5_action_rows() {
    let rows = |n: usize| message((0..n).map(|i| row(vec![button(&i.to_string())])).collect());
    edge(5, rows, "components", "BASE_TYPE_MAX_LENGTH");
}

#[test]
fn a_row_holds_1_to_5_buttons_or_one_select() {
    let buttons = |n: usize| message(vec![row((0..n).map(|i| button(&i.to_string())).collect())]);
    edge(
        5,
        buttons,
        "components.0.components",
        "BASE_TYPE_MAX_LENGTH",
    );
    assert_refused(
        &buttons(0).unwrap_err(),
        "components.0.components",
        "BASE_TYPE_BAD_LENGTH",
    );
    let one_select = json!({"type": 3, "custom_id": "s", "options": options(1)});
    assert!(message(vec![row(vec![one_select.clone()])]).is_ok());
    assert_refused(
        &message(vec![row(vec![one_select, button("b")])]).unwrap_err(),
        "components.0.components",
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    );
}

#[test]
fn button_label_is_at_most_80() {
    let labelled = |n: usize| {
        message(vec![row(vec![
            json!({"type": 2, "style": 2, "label": text(n), "custom_id": "b"}),
        ])])
    };
    edge(
        80,
        labelled,
        "components.0.components.0.label",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn custom_id_is_1_to_100() {
    let at = "components.0.components.0.custom_id";
    edge(
        100,
        |n| message(vec![row(vec![button(&text(n))])]),
        at,
        "BASE_TYPE_BAD_LENGTH",
    );
    assert_refused(
        &message(vec![row(vec![button("")])]).unwrap_err(),
        at,
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        100,
        |n| select(json!({"custom_id": text(n)})),
        at,
        "BASE_TYPE_BAD_LENGTH",
    );
}

#[test]
fn custom_ids_are_unique_in_a_message() {
    assert!(message(vec![row(vec![button("a")]), row(vec![button("b")])]).is_ok());
    assert_refused(
        &message(vec![row(vec![button("a")]), row(vec![button("a")])]).unwrap_err(),
        "components.1.components.0.custom_id",
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    );
}

#[test]
fn a_link_button_has_a_url_and_no_custom_id() {
    let link = |extra: Value| {
        let mut b = json!({"type": 2, "style": 5, "label": "Rules"});
        for (k, v) in extra.as_object().unwrap() {
            b[k] = v.clone();
        }
        message(vec![row(vec![b])])
    };
    let at = "components.0.components.0";
    assert!(link(json!({"url": "https://example.org"})).is_ok());
    assert_refused(
        &link(json!({})).unwrap_err(),
        &format!("{at}.url"),
        "BASE_TYPE_REQUIRED",
    );
    assert_refused(
        &link(json!({"url": "https://example.org", "custom_id": "x"})).unwrap_err(),
        &format!("{at}.custom_id"),
        "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
    );
    let with_url =
        json!({"type": 2, "style": 1, "label": "Go", "custom_id": "g", "url": "https://x"});
    assert_refused(
        &message(vec![row(vec![with_url])]).unwrap_err(),
        &format!("{at}.url"),
        "BUTTON_COMPONENT_URL_NOT_ALLOWED",
    );
}

#[test]
fn a_select_has_1_to_25_options() {
    let at = "components.0.components.0.options";
    edge(
        25,
        |n| select(json!({"options": options(n)})),
        at,
        "BASE_TYPE_MAX_LENGTH",
    );
    assert_refused(
        &select(json!({"options": []})).unwrap_err(),
        at,
        "BASE_TYPE_BAD_LENGTH",
    );
}

#[test]
fn select_option_label_value_and_description() {
    let at = "components.0.components.0.options.0";
    let one = |o: Value| select(json!({"options": [o]}));
    edge(
        100,
        |n| one(json!({"label": text(n), "value": "v"})),
        &format!("{at}.label"),
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        100,
        |n| one(json!({"label": "l", "value": text(n)})),
        &format!("{at}.value"),
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        100,
        |n| one(json!({"label": "l", "value": "v", "description": text(n)})),
        &format!("{at}.description"),
        "BASE_TYPE_MAX_LENGTH",
    );
    assert_refused(
        &one(json!({"label": "", "value": "v"})).unwrap_err(),
        &format!("{at}.label"),
        "BASE_TYPE_BAD_LENGTH",
    );
}

#[test]
fn select_option_values_are_unique() {
    let same = vec![
        json!({"label": "a", "value": "v"}),
        json!({"label": "b", "value": "v"}),
    ];
    assert_refused(
        &select(json!({"options": same})).unwrap_err(),
        "components.0.components.0.options.1.value",
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
    );
}

#[test]
fn select_placeholder_is_at_most_150() {
    edge(
        150,
        |n| select(json!({"placeholder": text(n)})),
        "components.0.components.0.placeholder",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn min_values_at_most_max_values_at_most_the_options() {
    let at = "components.0.components.0.max_values";
    let code = "SELECT_COMPONENT_MAX_VALUES_INVALID";
    edge(
        3,
        |max| select(json!({"options": options(3), "min_values": 1, "max_values": max})),
        at,
        code,
    );
    assert!(select(json!({"options": options(3), "min_values": 2, "max_values": 2})).is_ok());
    assert_refused(
        &select(json!({"options": options(3), "min_values": 3, "max_values": 2})).unwrap_err(),
        at,
        code,
    );
}

/// A modal with `rows` text inputs, the first with `input`'s fields.
fn modal_with(
    title: String,
    custom_id: String,
    rows: usize,
    input: Value,
) -> Result<(), Violation> {
    let rows: Vec<Value> = (0..rows)
        .map(|i| {
            let mut t = json!({"type": 4, "custom_id": format!("t{i}"), "label": "L", "style": 1});
            if i == 0 {
                for (k, v) in input.as_object().unwrap() {
                    t[k] = v.clone();
                }
            }
            row(vec![t])
        })
        .collect();
    modal(&json!({"title": title, "custom_id": custom_id, "components": rows}))
}

#[test]
fn modal_title_45_custom_id_100_and_5_rows() {
    let t = || "T".to_string();
    let c = || "m".to_string();
    edge(
        45,
        |n| modal_with(text(n), c(), 1, json!({})),
        "title",
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        100,
        |n| modal_with(t(), text(n), 1, json!({})),
        "custom_id",
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        5,
        |n| modal_with(t(), c(), n, json!({})),
        "components",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn text_input_label_45_value_4000_placeholder_100() {
    let input = |fields: Value| modal_with("T".into(), "m".into(), 1, fields);
    let at = "components.0.components.0";
    edge(
        45,
        |n| input(json!({"label": text(n)})),
        &format!("{at}.label"),
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        4000,
        |n| input(json!({"value": text(n)})),
        &format!("{at}.value"),
        "BASE_TYPE_MAX_LENGTH",
    );
    edge(
        100,
        |n| input(json!({"placeholder": text(n)})),
        &format!("{at}.placeholder"),
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn autocomplete_at_most_25_choices_of_name_100_and_value_100() {
    let choices = |n: usize| -> Vec<Value> { vec![json!({"name": "n", "value": "v"}); n] };
    edge(
        25,
        |n| autocomplete(&json!({"choices": choices(n)})),
        "choices",
        "BASE_TYPE_MAX_LENGTH",
    );
    let one = |name: String, value: String| {
        autocomplete(&json!({"choices": [{"name": name, "value": value}]}))
    };
    edge(
        100,
        |n| one(text(n), "v".into()),
        "choices.0.name",
        "BASE_TYPE_BAD_LENGTH",
    );
    assert_refused(
        &one(String::new(), "v".into()).unwrap_err(),
        "choices.0.name",
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        100,
        |n| one("n".into(), text(n)),
        "choices.0.value",
        "BASE_TYPE_MAX_LENGTH",
    );
}
