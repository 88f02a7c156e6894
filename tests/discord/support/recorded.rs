//! What the fake Discord records: every REST request, and what each channel message shows now.

use serde_json::{Value, json};

use super::components::*;
use super::discord_json::{attachment_json, message_with_attachments};
use super::fake_discord::APP_ID;
use super::http_body::FilePart;

/// Interaction callback types (Discord's InteractionResponseType).
pub const RESPONSE_MESSAGE: u64 = 4;
pub const RESPONSE_DEFERRED_MESSAGE: u64 = 5;
pub const RESPONSE_DEFERRED_UPDATE: u64 = 6;
pub const RESPONSE_UPDATE_MESSAGE: u64 = 7;
pub const RESPONSE_AUTOCOMPLETE: u64 = 8;

/// Message flag: only the interaction's user sees the message.
pub const EPHEMERAL: u64 = 64;

/// The message a component interaction was used on: its id and whether it was ephemeral.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnMessage {
    pub id: u64,
    pub ephemeral: bool,
}

/// One recorded REST request.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// Path without the query string, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    /// The JSON body (or the multipart `payload_json` part).
    pub json: Option<Value>,
    pub files: Vec<FilePart>,
    /// The id the fake gave the message this request created, if any.
    pub created_message: Option<u64>,
    /// For an interaction callback: the message the interaction's component was on.
    pub on_message: Option<OnMessage>,
}

impl Request {
    /// The message payload of an interaction callback (`data`), or the body itself.
    pub fn payload(&self) -> Value {
        match &self.json {
            Some(v) if v.get("type").is_some() && v.get("data").is_some() => v["data"].clone(),
            Some(v) => v.clone(),
            None => Value::Null,
        }
    }
    pub fn content(&self) -> String {
        self.payload()["content"].as_str().unwrap_or("").to_string()
    }
    pub fn flags(&self) -> u64 {
        self.payload()["flags"].as_u64().unwrap_or(0)
    }
    /// Whether only the interaction's user sees what this request shows: an ephemeral
    /// message, or an update of a message that was ephemeral.
    pub fn is_ephemeral(&self) -> bool {
        match (self.response_type(), self.on_message) {
            (Some(RESPONSE_UPDATE_MESSAGE), Some(on)) => on.ephemeral,
            _ => self.flags() & EPHEMERAL != 0,
        }
    }
    /// The callback type, for an interaction callback.
    pub fn response_type(&self) -> Option<u64> {
        if !self.path.starts_with("/api/v10/interactions/") {
            return None;
        }
        self.json.as_ref().and_then(|j| j["type"].as_u64())
    }
    /// custom_ids of every button in the payload.
    pub fn button_ids(&self) -> Vec<String> {
        button_ids(&self.payload()["components"])
    }
    pub fn buttons(&self) -> Vec<ButtonView> {
        buttons(&self.payload()["components"])
    }
    /// The string select menus in the payload.
    pub fn selects(&self) -> Vec<SelectView> {
        selects(&self.payload()["components"])
    }
    pub fn png_files(&self) -> Vec<&FilePart> {
        self.files
            .iter()
            .filter(|f| f.bytes.starts_with(b"\x89PNG"))
            .collect()
    }
    /// An interaction callback (`POST /interactions/{id}/{token}/callback`).
    pub fn is_callback_for(&self, interaction: u64) -> bool {
        self.method == "POST"
            && self
                .path
                .starts_with(&format!("/api/v10/interactions/{interaction}/"))
            && self.path.ends_with("/callback")
    }
    /// A follow-up or an edit of the original response, with this interaction token.
    pub fn is_followup_for(&self, token: &str) -> bool {
        self.path
            .starts_with(&format!("/api/v10/webhooks/{APP_ID}/{token}"))
    }
    /// A new message in a channel (bot token).
    pub fn is_channel_post(&self) -> bool {
        self.method == "POST"
            && self.path.starts_with("/api/v10/channels/")
            && self.path.ends_with("/messages")
    }
    /// An edit of a channel message (bot token).
    pub fn is_channel_edit(&self) -> bool {
        self.method == "PATCH" && self.path.starts_with("/api/v10/channels/")
    }
    /// The message a channel edit changes.
    pub fn edited_message(&self) -> Option<u64> {
        if !self.is_channel_edit() {
            return None;
        }
        self.path.rsplit('/').next()?.parse().ok()
    }
    /// Something the whole channel can see: a channel message or an edit of one, a
    /// non-ephemeral answer, or an update of a public message.
    pub fn is_public_message(&self) -> bool {
        let answer = match self.response_type() {
            Some(RESPONSE_MESSAGE) | Some(RESPONSE_UPDATE_MESSAGE) => true,
            _ => self.path.starts_with("/api/v10/webhooks/") && self.method == "POST",
        };
        self.is_channel_post() || self.is_channel_edit() || (answer && !self.is_ephemeral())
    }
}

/// What one channel message shows now.
#[derive(Clone, Debug)]
pub struct ShownMessage {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub flags: u64,
    pub components: Value,
    pub embeds: Value,
    /// (attachment id, file name, size in bytes)
    pub attachments: Vec<(u64, String, usize)>,
    /// Users the message was allowed to ping when posted.
    pub pinged: Vec<u64>,
    /// Edits it received (PATCH, or UPDATE_MESSAGE of an interaction on it).
    pub edits: usize,
}

impl ShownMessage {
    pub fn buttons(&self) -> Vec<ButtonView> {
        buttons(&self.components)
    }
    pub fn button_ids(&self) -> Vec<String> {
        button_ids(&self.components)
    }
    pub fn has_board(&self) -> bool {
        self.attachments
            .iter()
            .any(|(_, name, _)| name.ends_with(".png"))
    }
    /// The message as Discord would put it in an interaction on it.
    pub fn json(&self) -> Value {
        let attachments: Vec<Value> = self
            .attachments
            .iter()
            .map(|(id, name, size)| attachment_json(*id, name, *size))
            .collect();
        let payload = json!({"content": self.content, "flags": self.flags,
                             "components": self.components, "embeds": self.embeds});
        message_with_attachments(self.id, self.channel, &payload, &attachments)
    }
}
