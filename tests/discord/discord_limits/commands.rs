//! Application command registration limits.

use serde_json::{Value, json};

use super::{assert_refused, command_of_size, edge, text};
use crate::support::limits::commands::{MAX_COMMAND_SIZE, command, commands, sizes};

/// A command with `options` under it.
fn with_options(options: Value) -> Value {
    json!({"name": "c", "description": "d", "options": options})
}

fn string_option(name: &str, required: bool) -> Value {
    json!({"type": 3, "name": name, "description": "d", "required": required})
}

fn sub(name: &str, options: Value) -> Value {
    json!({"type": 1, "name": name, "description": "d", "options": options})
}

fn group(name: &str, options: Value) -> Value {
    json!({"type": 2, "name": name, "description": "d", "options": options})
}

#[test]
fn command_name_is_1_to_32_characters() {
    let named = |n: usize| command(&json!({"name": text(n), "description": "d"}));
    edge(32, named, "name", "APPLICATION_COMMAND_INVALID_NAME");
    assert_refused(
        &named(0).unwrap_err(),
        "name",
        "APPLICATION_COMMAND_INVALID_NAME",
    );
    assert_refused(
        &command(&json!({"description": "d"})).unwrap_err(),
        "name",
        "BASE_TYPE_REQUIRED",
    );
}

#[test]
fn command_names_are_lowercase_words_of_the_allowed_characters() {
    let named = |name: &str| command(&json!({"name": name, "description": "d"}));
    for ok in ["catan", "a-b_c'd", "würfeln", "ходить", "खेल", "เล่น", "x1"] {
        assert!(named(ok).is_ok(), "{ok}");
    }
    for bad in ["Catan", "two words", "a.b", "ÄRGER", "emoji🎲"] {
        assert_refused(
            &named(bad).unwrap_err(),
            "name",
            "APPLICATION_COMMAND_INVALID_NAME",
        );
    }
    // Context-menu commands may have capitals and spaces, and no description.
    assert!(command(&json!({"type": 2, "name": "Show Hand", "description": ""})).is_ok());
}

#[test]
fn command_description_is_1_to_100_characters() {
    let described = |n: usize| command(&json!({"name": "c", "description": text(n)}));
    edge(100, described, "description", "BASE_TYPE_BAD_LENGTH");
    assert_refused(
        &described(0).unwrap_err(),
        "description",
        "BASE_TYPE_BAD_LENGTH",
    );
}

#[test]
fn option_name_and_description_obey_the_same_limits() {
    let opt = |name: String, description: String| {
        command(&with_options(
            json!([{"type": 3, "name": name, "description": description}]),
        ))
    };
    edge(
        32,
        |n| opt(text(n), "d".into()),
        "options.0.name",
        "APPLICATION_COMMAND_INVALID_NAME",
    );
    edge(
        100,
        |n| opt("o".into(), text(n)),
        "options.0.description",
        "BASE_TYPE_BAD_LENGTH",
    );
    assert_refused(
        &opt("Big".into(), "d".into()).unwrap_err(),
        "options.0.name",
        "APPLICATION_COMMAND_INVALID_NAME",
    );
}

#[test]
fn at_most_25_options_per_level() {
    let options = |n: usize| -> Vec<Value> {
        (0..n)
            .map(|i| string_option(&format!("o{i}"), false))
            .collect()
    };
    edge(
        25,
        |n| command(&with_options(json!(options(n)))),
        "options",
        "BASE_TYPE_MAX_LENGTH",
    );
    edge(
        25,
        |n| command(&with_options(json!([sub("s", json!(options(n)))]))),
        "options.0.options",
        "BASE_TYPE_MAX_LENGTH",
    );
    let subs =
        |n: usize| -> Vec<Value> { (0..n).map(|i| sub(&format!("s{i}"), json!([]))).collect() };
    edge(
        25,
        |n| command(&with_options(json!([group("g", json!(subs(n)))]))),
        "options.0.options",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn groups_hold_only_sub_commands_one_level_deep() {
    let ok = with_options(json!([group(
        "g",
        json!([sub("s", json!([string_option("o", true)]))])
    )]));
    assert!(command(&ok).is_ok());
    let option_in_group = with_options(json!([group("g", json!([string_option("o", false)]))]));
    assert_refused(
        &command(&option_in_group).unwrap_err(),
        "options.0.options",
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    );
    let group_in_group = with_options(json!([group(
        "g",
        json!([group("h", json!([sub("s", json!([]))]))])
    )]));
    assert_refused(
        &command(&group_in_group).unwrap_err(),
        "options.0.options",
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    );
    let group_in_sub = with_options(json!([sub("s", json!([group("g", json!([]))]))]));
    assert_refused(
        &command(&group_in_sub).unwrap_err(),
        "options.0.options",
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    );
}

#[test]
fn sub_commands_are_not_mixed_with_other_options() {
    let both = with_options(json!([
        group("g", json!([sub("s", json!([]))])),
        sub("t", json!([]))
    ]));
    assert!(command(&both).is_ok());
    let mixed = with_options(json!([sub("s", json!([])), string_option("o", false)]));
    assert_refused(
        &command(&mixed).unwrap_err(),
        "options",
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    );
}

#[test]
fn required_options_come_before_optional_ones() {
    let ordered = json!([string_option("a", true), string_option("b", false)]);
    assert!(command(&with_options(json!([sub("s", ordered)]))).is_ok());
    let unordered = json!([string_option("a", false), string_option("b", true)]);
    assert_refused(
        &command(&with_options(json!([sub("s", unordered)]))).unwrap_err(),
        "options.0.options",
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    );
}

/// A command whose one string option has `choices`.
fn with_choices(choices: Value) -> Value {
    with_options(json!([{"type": 3, "name": "o", "description": "d", "choices": choices}]))
}

#[test]
fn at_most_25_choices() {
    let choices = |n: usize| -> Vec<Value> {
        (0..n)
            .map(|i| json!({"name": "n", "value": i.to_string()}))
            .collect()
    };
    edge(
        25,
        |n| command(&with_choices(json!(choices(n)))),
        "options.0.choices",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn choice_name_is_1_to_100_and_value_at_most_100() {
    let choice = |name: String, value: String| {
        command(&with_choices(json!([{"name": name, "value": value}])))
    };
    edge(
        100,
        |n| choice(text(n), "v".into()),
        "options.0.choices.0.name",
        "BASE_TYPE_BAD_LENGTH",
    );
    assert_refused(
        &choice(String::new(), "v".into()).unwrap_err(),
        "options.0.choices.0.name",
        "BASE_TYPE_BAD_LENGTH",
    );
    edge(
        100,
        |n| choice("n".into(), text(n)),
        "options.0.choices.0.value",
        "BASE_TYPE_MAX_LENGTH",
    );
}

#[test]
fn localized_names_and_descriptions_obey_the_same_limits() {
    let localized = |name: &str, description: String| {
        command(&json!({
            "name": "c", "description": "d",
            "name_localizations": {"de": name}, "description_localizations": {"de": description},
        }))
    };
    edge(
        100,
        |n| localized("k", text(n)),
        "description_localizations.de",
        "BASE_TYPE_BAD_LENGTH",
    );
    assert_refused(
        &localized("Karte", "d".into()).unwrap_err(),
        "name_localizations.de",
        "APPLICATION_COMMAND_INVALID_NAME",
    );
    let choice_localized = |n: usize| {
        command(&with_choices(
            json!([{"name": "n", "name_localizations": {"de": text(n)}, "value": "v"}]),
        ))
    };
    edge(
        100,
        choice_localized,
        "options.0.choices.0.name_localizations.de",
        "BASE_TYPE_BAD_LENGTH",
    );
}

#[test]
fn a_command_is_at_most_4000_characters() {
    for size in [5, 1234, MAX_COMMAND_SIZE] {
        assert_eq!(
            sizes(&command_of_size(size)),
            [("default".to_string(), size)]
        );
    }
    let v = edge(
        MAX_COMMAND_SIZE,
        |n| commands(&json!([command_of_size(n)])),
        "0",
        "APPLICATION_COMMAND_TOO_LARGE",
    );
    assert!(
        v.field_message
            .starts_with("Command exceeds maximum size (4000 characters, got 4001)"),
        "{v}"
    );
}

#[test]
fn the_size_counts_every_locale_with_the_default_where_a_text_has_none() {
    // The default texts are 3,990 characters; a German description (1 character by default)
    // of 11 makes German 4,000, one of 12 makes it 4,001.
    let german = |n: usize| {
        let mut c = command_of_size(3990);
        c["description_localizations"] = json!({"de": text(n)});
        c
    };
    let expected = |de: usize| vec![("default".to_string(), 3990), ("de".to_string(), de)];
    assert_eq!(sizes(&german(11)), expected(4000));
    let v = edge(
        11,
        |n| commands(&json!([german(n)])),
        "0",
        "APPLICATION_COMMAND_TOO_LARGE",
    );
    assert!(v.field_message.contains("got 4001"), "{v}");
    assert!(v.field_message.contains("default 3990, de 4001"), "{v}");
    // A locale named only deep in the tree counts too; shorter texts count as they are.
    let mut c = command_of_size(3990);
    c["options"][0]["choices"][0]["name_localizations"] = json!({"fr": "x"});
    assert_eq!(
        sizes(&c),
        [("default".to_string(), 3990), ("fr".to_string(), 3891)]
    );
}

#[test]
fn at_most_100_chat_input_commands() {
    let list = |n: usize| -> Value {
        let mut list: Vec<Value> = (0..n)
            .map(|i| json!({"name": format!("c{i}"), "description": "d"}))
            .collect();
        // Context-menu commands do not count.
        list.push(json!({"type": 3, "name": "Message Menu", "description": ""}));
        Value::Array(list)
    };
    assert!(commands(&list(100)).is_ok());
    let v = commands(&list(101)).unwrap_err();
    assert_eq!((v.status, v.code), (400, 30032), "{v}");
}
