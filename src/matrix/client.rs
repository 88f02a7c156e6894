//! The homeserver calls the adapter makes, each a plain client-server API request through
//! matrix-sdk's authenticated client. Events are written as JSON (the shapes are in the Matrix
//! spec): the adapter keeps no room state of its own beyond `state.rs`, so nothing here needs
//! the SDK's room cache, which starts empty after a restart.

use matrix_sdk::Client;
use matrix_sdk::ruma::api::client::membership::join_room_by_id;
use matrix_sdk::ruma::api::client::message::get_message_events;
use matrix_sdk::ruma::api::client::message::send_message_event;
use matrix_sdk::ruma::api::client::profile::get_profile;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::state::get_state_event_for_key;
use matrix_sdk::ruma::events::{AnyMessageLikeEventContent, MessageLikeEventType, StateEventType};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId, RoomId, TransactionId, UserId};
use serde_json::{Value, json};

use super::error::MatrixError;

/// A message's text: plain `body` and HTML `formatted_body`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub plain: String,
    pub html: String,
    /// Users the message mentions (pings).
    pub mentions: Vec<String>,
}

impl Text {
    /// The content of an `m.notice` with this text.
    fn notice(&self) -> Value {
        json!({
            "msgtype": "m.notice",
            "body": self.plain,
            "format": "org.matrix.custom.html",
            "formatted_body": self.html,
            "m.mentions": { "user_ids": self.mentions },
        })
    }
}

pub fn room_id(room: &str) -> Result<OwnedRoomId, MatrixError> {
    RoomId::parse(room).map_err(|e| MatrixError::BadId(format!("{room}: {e}")))
}

pub fn user_id(user: &str) -> Result<OwnedUserId, MatrixError> {
    UserId::parse(user).map_err(|e| MatrixError::BadId(format!("{user}: {e}")))
}

/// Sends an event of `kind` with `content` to `room`; returns its event id.
async fn send(
    client: &Client,
    room: &str,
    kind: &str,
    content: &Value,
) -> Result<String, MatrixError> {
    let body = Raw::<AnyMessageLikeEventContent>::from_json_string(content.to_string())
        .map_err(|e| MatrixError::BadId(e.to_string()))?;
    let request = send_message_event::v3::Request::new_raw(
        room_id(room)?,
        TransactionId::new(),
        MessageLikeEventType::from(kind),
        body,
    );
    let response = client.send(request).await?;
    Ok(response.event_id.to_string())
}

/// Posts a notice; returns its event id.
pub async fn post(client: &Client, room: &str, text: &Text) -> Result<String, MatrixError> {
    send(client, room, "m.room.message", &text.notice()).await
}

/// Replaces the content of the notice `event` (an `m.replace` edit).
pub async fn edit(
    client: &Client,
    room: &str,
    event: &str,
    text: &Text,
) -> Result<(), MatrixError> {
    let mut content = text.notice();
    content["body"] = json!(format!("* {}", text.plain));
    content["formatted_body"] = json!(format!("* {}", text.html));
    // Pings are not repeated by an edit.
    content["m.mentions"] = json!({});
    content["m.new_content"] = text.notice();
    content["m.new_content"]["m.mentions"] = json!({});
    content["m.relates_to"] = json!({ "rel_type": "m.replace", "event_id": event });
    send(client, room, "m.room.message", &content)
        .await
        .map(drop)
}

/// Reacts to `event` with `key`.
pub async fn react(client: &Client, room: &str, event: &str, key: &str) -> Result<(), MatrixError> {
    let content = json!({
        "m.relates_to": { "rel_type": "m.annotation", "event_id": event, "key": key }
    });
    send(client, room, "m.reaction", &content).await.map(drop)
}

/// Uploads `bytes` and posts them as `m.image` (PNG) or `m.file`.
pub async fn post_file(
    client: &Client,
    room: &str,
    name: &str,
    bytes: Vec<u8>,
) -> Result<String, MatrixError> {
    let is_png = name.ends_with(".png");
    let mime = if is_png {
        mime::IMAGE_PNG
    } else if name.ends_with(".json") {
        mime::APPLICATION_JSON
    } else {
        mime::APPLICATION_OCTET_STREAM
    };
    let size = bytes.len();
    let (width, height) = if is_png { png_size(&bytes) } else { (0, 0) };
    let uploaded = client.media().upload(&mime, bytes, None).await?;
    let mut content = json!({
        "msgtype": if is_png { "m.image" } else { "m.file" },
        "body": name,
        "filename": name,
        "url": uploaded.content_uri.to_string(),
        "info": { "mimetype": mime.essence_str(), "size": size },
    });
    if is_png {
        content["info"]["w"] = json!(width);
        content["info"]["h"] = json!(height);
    }
    send(client, room, "m.room.message", &content).await
}

/// Width and height from a PNG's header (0, 0 if it is not one).
fn png_size(png: &[u8]) -> (u32, u32) {
    let word = |at: usize| {
        png.get(at..at + 4)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u32::from_be_bytes)
    };
    (word(16), word(20))
}

/// One page of `room`'s events before `from` (newest first) and where the next page starts.
pub async fn page_back(
    client: &Client,
    room: &str,
    from: &str,
) -> Result<(Vec<Value>, Option<String>), MatrixError> {
    let mut request = get_message_events::v3::Request::backward(room_id(room)?);
    request.from = Some(from.to_string());
    request.limit = 100u32.into();
    let response = client.send(request).await?;
    let events = response
        .chunk
        .iter()
        .filter_map(|raw| serde_json::from_str(raw.json().get()).ok())
        .collect();
    Ok((events, response.end))
}

/// Joins a room the bot was invited to.
pub async fn join(client: &Client, room: &str) -> Result<(), MatrixError> {
    client
        .send(join_room_by_id::v3::Request::new(room_id(room)?))
        .await?;
    Ok(())
}

/// Creates an unencrypted direct room with `user` (invited, marked direct); returns its id.
pub async fn create_dm(client: &Client, user: &str) -> Result<String, MatrixError> {
    let mut request = create_room::v3::Request::new();
    request.invite = vec![user_id(user)?];
    request.is_direct = true;
    request.preset = Some(create_room::v3::RoomPreset::TrustedPrivateChat);
    request.name = Some("Catan: your hand".to_string());
    let response = client.send(request).await?;
    Ok(response.room_id.to_string())
}

/// The user's display name, if they set one.
pub async fn display_name(client: &Client, user: &str) -> Option<String> {
    let response = client
        .send(get_profile::v3::Request::new(user_id(user).ok()?))
        .await
        .ok()?;
    response
        .get("displayname")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// Whether `user` may manage `room` (power level at least what changing the room's state
/// needs, 50 by default): such a user may abandon any game there.
pub async fn is_manager(client: &Client, room: &str, user: &str) -> bool {
    let Ok(room_id) = room_id(room) else {
        return false;
    };
    let request = get_state_event_for_key::v3::Request::new(
        room_id,
        StateEventType::RoomPowerLevels,
        String::new(),
    );
    let Ok(response) = client.send(request).await else {
        return false;
    };
    let Ok(levels) = serde_json::from_str::<Value>(response.event_or_content.get()) else {
        return false;
    };
    let level = |v: Option<&Value>, default: i64| v.and_then(Value::as_i64).unwrap_or(default);
    let user_level = level(
        levels.get("users").and_then(|u| u.get(user)),
        level(levels.get("users_default"), 0),
    );
    user_level >= level(levels.get("state_default"), 50)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_size_reads_the_header() {
        let img = image::RgbaImage::new(7, 5);
        let mut png = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .expect("encode");
        assert_eq!(png_size(&png), (7, 5));
        assert_eq!(png_size(b"nope"), (0, 0));
    }
}
