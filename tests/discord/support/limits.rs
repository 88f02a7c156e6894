//! Discord's limits on what a bot sends, as pure checks of request bodies: a bot that works
//! against the fake but sends something Discord refuses would break only in production.
//!
//! Each check answers as Discord does: HTTP 400 `{"code": 50035, "message": "Invalid Form
//! Body", "errors": {…}}` naming the field, or one of Discord's plain errors (50006 empty
//! message, 40005 file too large, …). Lengths are counted in characters (code points).
//! [`check_request`] picks the checks for an endpoint; the fake's refusals that depend on
//! earlier requests (answered interactions, reactions) are in `fake_discord/refusals.rs`.

use std::fmt;

use serde_json::{Map, Value, json};

pub mod commands;
pub mod components;
pub mod messages;

/// Interaction callback types that carry something to check.
const CALLBACK_MESSAGE: u64 = 4;
const CALLBACK_DEFERRED: u64 = 5;
const CALLBACK_UPDATE: u64 = 7;
const CALLBACK_AUTOCOMPLETE: u64 = 8;
const CALLBACK_MODAL: u64 = 9;

/// One refusal, as Discord would answer it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub status: u16,
    /// Discord's JSON error code (50035 for a field error).
    pub code: u64,
    pub message: String,
    /// For a field error: where in the body (`["0", "options", "2", "name"]`), with the
    /// field's own error code and message.
    pub path: Vec<String>,
    pub field_code: String,
    pub field_message: String,
}

impl Violation {
    /// An Invalid Form Body (50035) error on the field at `path`.
    pub fn field(path: &[&str], field_code: &str, field_message: impl Into<String>) -> Violation {
        Violation {
            status: 400,
            code: 50035,
            message: "Invalid Form Body".into(),
            path: path.iter().map(|p| p.to_string()).collect(),
            field_code: field_code.into(),
            field_message: field_message.into(),
        }
    }

    /// A plain error (no field), e.g. 50006 "Cannot send an empty message".
    pub fn plain(status: u16, code: u64, message: impl Into<String>) -> Violation {
        Violation {
            status,
            code,
            message: message.into(),
            path: Vec::new(),
            field_code: String::new(),
            field_message: String::new(),
        }
    }

    /// The same error one level down in the body: under `key` (a field name or an index).
    pub fn under(mut self, key: impl ToString) -> Violation {
        if self.code == 50035 {
            self.path.insert(0, key.to_string());
        }
        self
    }

    /// The JSON body Discord answers with.
    pub fn body(&self) -> Value {
        let mut body = json!({"code": self.code, "message": self.message});
        if self.code == 50035 {
            let mut errors =
                json!({"_errors": [{"code": self.field_code, "message": self.field_message}]});
            for key in self.path.iter().rev() {
                let mut level = Map::new();
                level.insert(key.clone(), errors);
                errors = Value::Object(level);
            }
            body["errors"] = errors;
        }
        body
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.status, self.code, self.message)?;
        if self.code == 50035 {
            write!(
                f,
                " at {}: {} {}",
                self.path.join("."),
                self.field_code,
                self.field_message
            )?;
        }
        Ok(())
    }
}

/// `key`'s length in characters, if it is a string.
pub fn chars(object: &Value, key: &str) -> usize {
    object[key].as_str().map_or(0, |s| s.chars().count())
}

/// An optional string field of at most `max` characters.
pub fn max_len(object: &Value, key: &str, max: usize) -> Result<(), Violation> {
    if chars(object, key) > max {
        return Err(Violation::field(
            &[key],
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length."),
        ));
    }
    Ok(())
}

/// A required string field of `min..=max` characters.
pub fn len_between(object: &Value, key: &str, min: usize, max: usize) -> Result<(), Violation> {
    if !object[key].is_string() {
        return Err(required(key));
    }
    let n = chars(object, key);
    if n < min || n > max {
        return Err(Violation::field(
            &[key],
            "BASE_TYPE_BAD_LENGTH",
            format!("Must be between {min} and {max} in length."),
        ));
    }
    Ok(())
}

/// A missing required field.
pub fn required(key: &str) -> Violation {
    Violation::field(&[key], "BASE_TYPE_REQUIRED", "This field is required")
}

/// The items of an optional array field, at most `max` of them.
pub fn items<'a>(object: &'a Value, key: &str, max: usize) -> Result<&'a [Value], Violation> {
    let list = object[key].as_array().map_or(&[][..], Vec::as_slice);
    if list.len() > max {
        return Err(Violation::field(
            &[key],
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be {max} or fewer in length."),
        ));
    }
    Ok(list)
}

/// Checks the body of one request to `segments` (the path after `/api/v10/`) with the sizes of
/// the files it carries. Empty-edit and stateful refusals are the fake's own (they need what
/// it remembers).
pub fn check_request(
    method: &str,
    segments: &[&str],
    json: &Value,
    files: &[usize],
) -> Result<(), Violation> {
    match (method, segments) {
        ("PUT", ["applications", _, "commands"]) => commands::commands(json),
        ("PUT", ["applications", _, "guilds", _, "commands"]) => commands::commands(json),
        ("POST", ["applications", _, "commands"])
        | ("POST", ["applications", _, "guilds", _, "commands"])
        | ("PATCH", ["applications", _, "commands", _])
        | ("PATCH", ["applications", _, "guilds", _, "commands", _]) => commands::command(json),
        ("POST", ["channels", _, "messages"]) | ("POST", ["webhooks", _, _]) => {
            messages::new_message(json, files)
        }
        ("PATCH", ["channels", _, "messages", _])
        | ("PATCH", ["webhooks", _, _, "messages", _]) => messages::edit(json, files),
        ("POST", ["interactions", _, _, "callback"]) => callback(json, files),
        _ => Ok(()),
    }
}

/// An interaction's initial response, by its type.
pub fn callback(json: &Value, files: &[usize]) -> Result<(), Violation> {
    let data = &json["data"];
    let checked = match json["type"].as_u64() {
        Some(CALLBACK_MESSAGE) => messages::new_message(data, files),
        Some(CALLBACK_DEFERRED) => Ok(()),
        Some(CALLBACK_UPDATE) => messages::edit(data, files),
        Some(CALLBACK_AUTOCOMPLETE) => components::autocomplete(data),
        Some(CALLBACK_MODAL) => components::modal(data),
        _ => Ok(()),
    };
    checked.map_err(|v| v.under("data"))
}
