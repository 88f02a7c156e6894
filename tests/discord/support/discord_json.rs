//! JSON shapes of Discord objects and gateway events, as the fake sends them to the bot.

use serde_json::{Value, json};

use super::fake_discord::{APP_ID, BOT_ID, GUILD_ID};

const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

pub fn bot_user() -> Value {
    json!({"id": BOT_ID.to_string(), "username": "catan-bot", "discriminator": "0",
           "global_name": null, "avatar": null, "bot": true, "verified": true, "mfa_enabled": false})
}

pub fn user_json(id: u64, name: &str) -> Value {
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "global_name": name,
           "avatar": null, "bot": false})
}

pub fn member_json(id: u64, name: &str, permissions: &str) -> Value {
    json!({"user": user_json(id, name), "nick": null, "roles": [], "joined_at": TIMESTAMP,
           "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": permissions})
}

pub fn thread_json(id: u64, parent: &str, name: &str) -> Value {
    json!({"id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(), "name": name,
           "parent_id": parent, "position": 0, "permission_overwrites": [], "nsfw": false,
           "thread_metadata": {"archived": false, "auto_archive_duration": 10080, "locked": false,
                                "archive_timestamp": TIMESTAMP}})
}

/// A message as Discord returns it, carrying what was sent (no attachments).
pub fn message_json(id: u64, channel: u64, payload: &Value) -> Value {
    message_with_attachments(id, channel, payload, &[])
}

/// An attachment as Discord describes it.
pub fn attachment_json(id: u64, filename: &str, size: usize) -> Value {
    json!({
        "id": id.to_string(), "filename": filename, "size": size,
        "url": format!("https://cdn.fake/attachments/{id}/{filename}"),
        "proxy_url": format!("https://media.fake/attachments/{id}/{filename}"),
        "content_type": "image/png",
    })
}

/// A message as Discord returns it: `payload`'s content, flags, components and embeds, with
/// these attachments.
pub fn message_with_attachments(
    id: u64,
    channel: u64,
    payload: &Value,
    attachments: &[Value],
) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": bot_user(),
        "content": payload["content"].as_str().unwrap_or(""), "timestamp": TIMESTAMP,
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": attachments, "pinned": false, "type": 0,
        "embeds": payload.get("embeds").cloned().unwrap_or(json!([])),
        "flags": payload["flags"].as_u64().unwrap_or(0),
        "components": payload.get("components").cloned().unwrap_or(json!([])),
        "application_id": APP_ID.to_string(),
    })
}

/// `event` (an interaction or a reaction) moved to `channel` of guild `guild`.
pub fn in_guild(mut event: Value, guild: u64, channel: u64) -> Value {
    event["guild_id"] = json!(guild.to_string());
    event["channel_id"] = json!(channel.to_string());
    if event.get("channel").is_some() {
        event["channel"]["id"] = json!(channel.to_string());
    }
    if event.get("authorizing_integration_owners").is_some() {
        event["authorizing_integration_owners"]["0"] = json!(guild.to_string());
    }
    event
}

/// A slash-command option tree below the top-level command: `["build", "road"]` +
/// `[("place", "12-13")]`.
pub fn command_options(path: &[&str], options: &[(&str, Value)], focused: Option<&str>) -> Value {
    let leaf: Vec<Value> = options
        .iter()
        .map(|(name, value)| {
            let kind = match value {
                Value::Number(_) => 4,
                Value::Bool(_) => 5,
                _ => 3,
            };
            let mut o = json!({"name": name, "type": kind, "value": value});
            if focused == Some(*name) {
                o["focused"] = json!(true);
            }
            o
        })
        .collect();
    let mut tree = Value::Array(leaf);
    for (depth, name) in path.iter().enumerate().rev() {
        // The innermost name is a subcommand (1); names above it are groups (2).
        let kind = if depth == path.len() - 1 { 1 } else { 2 };
        tree = json!([{"name": name, "type": kind, "options": tree}]);
    }
    tree
}

/// Common fields of an interaction from `user` in `channel`, in the user's client language
/// (`_locale` in the test's member JSON, which Discord does not have; else `en-US`).
fn interaction_base(id: u64, token: &str, channel: u64, member: &Value) -> Value {
    let locale = member["_locale"].as_str().unwrap_or("en-US");
    json!({
        "id": id.to_string(), "application_id": APP_ID.to_string(),
        "guild_id": GUILD_ID.to_string(), "channel_id": channel.to_string(),
        "channel": {"id": channel.to_string(), "type": 0},
        "member": member, "token": token, "version": 1, "app_permissions": "2248473465835073",
        "locale": locale, "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()}, "context": 0,
        "attachment_size_limit": 8388608,
    })
}

/// INTERACTION_CREATE for `/<path…> <options>` (type 2), or its autocomplete (type 4): the
/// path starts with the top-level command (`["catan-move", "build", "road"]`).
pub fn command_interaction(
    id: u64,
    token: &str,
    channel: u64,
    member: &Value,
    path: &[&str],
    options: &[(&str, Value)],
    autocomplete: Option<&str>,
) -> Value {
    let mut i = interaction_base(id, token, channel, member);
    i["type"] = json!(if autocomplete.is_some() { 4 } else { 2 });
    let (command, below) = path.split_first().expect("a command path");
    i["data"] = json!({
        "id": "800000000000000001", "name": command, "type": 1,
        "options": command_options(below, options, autocomplete),
        "guild_id": GUILD_ID.to_string(),
    });
    i
}

/// INTERACTION_CREATE for a button press (type 3) on `message`.
pub fn button_interaction(
    id: u64,
    token: &str,
    channel: u64,
    member: &Value,
    custom_id: &str,
    message: &Value,
) -> Value {
    let mut i = interaction_base(id, token, channel, member);
    i["type"] = json!(3);
    i["data"] = json!({"custom_id": custom_id, "component_type": 2});
    i["message"] = message.clone();
    i
}

/// MESSAGE_REACTION_ADD by `member` on `message`.
pub fn reaction_add(channel: u64, message: u64, member: &Value, emoji: &str) -> Value {
    json!({
        "user_id": member["user"]["id"], "channel_id": channel.to_string(),
        "message_id": message.to_string(), "guild_id": GUILD_ID.to_string(), "member": member,
        "emoji": {"id": null, "name": emoji}, "burst": false, "type": 0,
    })
}

/// INTERACTION_CREATE for a choice in a string select menu (component type 3) on `message`.
pub fn select_interaction(
    id: u64,
    token: &str,
    channel: u64,
    member: &Value,
    custom_id: &str,
    values: &[String],
    message: &Value,
) -> Value {
    let mut i = interaction_base(id, token, channel, member);
    i["type"] = json!(3);
    i["data"] = json!({"custom_id": custom_id, "component_type": 3, "values": values});
    i["message"] = message.clone();
    i
}

/// MESSAGE_REACTION_REMOVE by user `user` on `message` (Discord sends no member with it).
pub fn reaction_remove(channel: u64, message: u64, user: u64, emoji: &str) -> Value {
    json!({
        "user_id": user.to_string(), "channel_id": channel.to_string(),
        "message_id": message.to_string(), "guild_id": GUILD_ID.to_string(),
        "emoji": {"id": null, "name": emoji}, "burst": false, "type": 0,
    })
}
