//! The homeserver calls the adapter makes. Events are written as JSON (the shapes are in the
//! Matrix spec) and sent through the SDK's room (`Room::send_raw`, `send_attachment`), which
//! encrypts them when the room is encrypted; the SDK knows every room from the syncs it
//! processes (`sync.rs`) and keeps it in its store across restarts.

use matrix_sdk::Client;
use matrix_sdk::attachment::{AttachmentConfig, AttachmentInfo, BaseImageInfo, Thumbnail};
use matrix_sdk::ruma::api::client::keys::get_keys;
use matrix_sdk::ruma::api::client::profile::get_profile;
use matrix_sdk::ruma::api::client::redact::redact_event;
use matrix_sdk::ruma::api::client::relations::get_relating_events_with_rel_type;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::api::client::state::get_state_event_for_key;
use matrix_sdk::ruma::events::InitialStateEvent;
use matrix_sdk::ruma::events::StateEventType;
use matrix_sdk::ruma::events::relation::RelationType;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::member::MembershipState;
use matrix_sdk::ruma::events::room::power_levels::UserPowerLevel;
use matrix_sdk::ruma::{EventId, OwnedRoomId, OwnedUserId, RoomId, TransactionId, UInt, UserId};
use serde_json::{Value, json};

use super::error::MatrixError;
use super::format::Mention;
use super::sync;
use crate::hosting::pictures;

/// A message's text: plain `body` and HTML `formatted_body`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub plain: String,
    pub html: String,
    /// Users the message mentions (pings).
    pub mentions: Vec<String>,
    /// The message must reach a person (their turn, a discard, an offer to them, a robbery):
    /// sent as `m.text`, which the default push rules notify. Everything else is an
    /// `m.notice`, which they keep quiet (`.m.rule.suppress_notices` comes before any
    /// mention rule) and which other bots never take for a command.
    pub notify: bool,
}

impl Text {
    /// The content of an `m.text` (if it must notify) or `m.notice` with this text.
    fn content(&self) -> Value {
        json!({
            "msgtype": if self.notify { "m.text" } else { "m.notice" },
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

/// Sends an event of `kind` with `content` to `room` (encrypted if the room is); returns its
/// event id.
async fn send(
    client: &Client,
    room: &str,
    kind: &str,
    content: &Value,
) -> Result<String, MatrixError> {
    let sent = sync::room(client, room)?
        .send_raw(kind, content.clone())
        .await?;
    Ok(sent.response.event_id.to_string())
}

/// Posts a message; returns its event id.
pub async fn post(client: &Client, room: &str, text: &Text) -> Result<String, MatrixError> {
    send(client, room, "m.room.message", &text.content()).await
}

/// Replaces the content of the message `event` (an `m.replace` edit, which never notifies).
pub async fn edit(
    client: &Client,
    room: &str,
    event: &str,
    text: &Text,
) -> Result<(), MatrixError> {
    let mut content = text.content();
    content["body"] = json!(format!("* {}", text.plain));
    content["formatted_body"] = json!(format!("* {}", text.html));
    // Pings are not repeated by an edit.
    content["m.mentions"] = json!({});
    content["m.new_content"] = text.content();
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

/// Redacts every `m.reaction` that `me` made on `event` (asked of the homeserver, so this
/// needs no memory of them).
pub async fn redact_own_reactions(
    client: &Client,
    room: &str,
    event: &str,
    me: &str,
) -> Result<(), MatrixError> {
    let event_id =
        EventId::parse(event).map_err(|e| MatrixError::BadId(format!("{event}: {e}")))?;
    // Every annotation, not only `m.reaction`: in an encrypted room a reaction's type on the
    // homeserver is `m.room.encrypted` (its relation stays in the clear).
    let request = get_relating_events_with_rel_type::v1::Request::new(
        room_id(room)?,
        event_id,
        RelationType::Annotation,
    );
    let response = client.send(request).await?;
    for raw in &response.chunk {
        let Ok(reaction) = serde_json::from_str::<Value>(raw.json().get()) else {
            continue;
        };
        let Some(id) = reaction["event_id"]
            .as_str()
            .filter(|_| reaction["sender"] == me)
        else {
            continue;
        };
        let id = EventId::parse(id).map_err(|e| MatrixError::BadId(format!("{id}: {e}")))?;
        let redact = redact_event::v3::Request::new(room_id(room)?, id, TransactionId::new());
        client.send(redact).await?;
    }
    Ok(())
}

/// Uploads `bytes` and posts them as `m.image` (PNG) or `m.file`; in an encrypted room the
/// file is encrypted before the upload (the key travels in the encrypted event).
pub async fn post_file(
    client: &Client,
    room: &str,
    name: &str,
    bytes: Vec<u8>,
) -> Result<String, MatrixError> {
    post_image(client, room, name, bytes, None).await
}

/// Like [`post_file`], with a thumbnail for an image: Element shows the thumbnail inline and
/// the full picture when clicked, so a board does not fill the scroll-back. The thumbnail is
/// uploaded (encrypted in an encrypted room) with the image; the event's `info` carries its
/// size and source.
pub async fn post_image(
    client: &Client,
    room: &str,
    name: &str,
    bytes: Vec<u8>,
    thumbnail: Option<pictures::Thumbnail>,
) -> Result<String, MatrixError> {
    let is_png = name.ends_with(".png");
    let mime = if is_png {
        mime::IMAGE_PNG
    } else if name.ends_with(".json") {
        mime::APPLICATION_JSON
    } else {
        mime::APPLICATION_OCTET_STREAM
    };
    let mut config = AttachmentConfig::new();
    if is_png {
        let (width, height) = png_size(&bytes);
        config = config.info(AttachmentInfo::Image(BaseImageInfo {
            width: Some(UInt::from(width)),
            height: Some(UInt::from(height)),
            size: UInt::new(bytes.len() as u64),
            ..BaseImageInfo::default()
        }));
        config = config.thumbnail(thumbnail.map(sdk_thumbnail));
    }
    let sent = sync::room(client, room)?
        .send_attachment(name, &mime, bytes, config)
        .await?;
    Ok(sent.event_id.to_string())
}

/// A PNG thumbnail as the SDK sends it.
fn sdk_thumbnail(t: pictures::Thumbnail) -> Thumbnail {
    Thumbnail {
        content_type: mime::IMAGE_PNG,
        width: UInt::from(t.width),
        height: UInt::from(t.height),
        size: UInt::new(t.png.len() as u64).unwrap_or(UInt::MAX),
        data: t.png,
    }
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

/// Joins a room the bot was invited to (through the SDK, which then knows it as joined).
pub async fn join(client: &Client, room: &str) -> Result<(), MatrixError> {
    client.join_room_by_id(&room_id(room)?).await?;
    Ok(())
}

/// Creates a direct room with `user` (invited, marked direct), encrypted when the user has
/// devices with published keys (an encrypting client can read it; a keyless one could not);
/// returns its id.
pub async fn create_dm(client: &Client, user: &str) -> Result<String, MatrixError> {
    let user = user_id(user)?;
    let mut request = create_room::v3::Request::new();
    request.invite = vec![user.clone()];
    request.is_direct = true;
    request.preset = Some(create_room::v3::RoomPreset::TrustedPrivateChat);
    request.name = Some("Catan: your hand".to_string());
    if has_device_keys(client, &user).await? {
        request.initial_state = vec![
            InitialStateEvent::with_empty_state_key(
                RoomEncryptionEventContent::with_recommended_defaults(),
            )
            .to_raw_any(),
        ];
    }
    let room = client.create_room(request).await?;
    Ok(room.room_id().to_string())
}

/// A direct room the bot already shares with `user` (marked direct in the bot's `m.direct`,
/// as one a player opened with the bot is once the bot joined it), with the player still in
/// it and nobody else: Element shows the player one chat with the bot, not two.
pub async fn existing_dm(client: &Client, user: &str) -> Option<String> {
    let user = user_id(user).ok()?;
    for room in client.get_dm_rooms(&user) {
        let joined = matches!(
            room.get_member_no_sync(&user).await,
            Ok(Some(member)) if *member.membership() == MembershipState::Join
        );
        if joined && room.active_members_count() == 2 {
            return Some(room.room_id().to_string());
        }
    }
    None
}

/// Whether `user` has at least one device with published encryption keys.
async fn has_device_keys(client: &Client, user: &UserId) -> Result<bool, MatrixError> {
    let mut request = get_keys::v3::Request::new();
    request.device_keys.insert(user.to_owned(), Vec::new());
    let response = client.send(request).await?;
    Ok(response
        .device_keys
        .get(user)
        .is_some_and(|devices| !devices.is_empty()))
}

/// `user` as a mention in `room`: their display name there (the SDK's member list, asked of
/// the homeserver once if it is not loaded), else their id's local part.
pub async fn mention(client: &Client, room: &str, user: &str) -> Mention {
    let name = match (sync::room(client, room), user_id(user)) {
        (Ok(room), Ok(id)) => match room.get_member(&id).await {
            Ok(Some(member)) => Some(member.name().to_string()),
            Ok(None) => None,
            Err(e) => {
                tracing::debug!(user, "the member's name could not be read: {e}");
                None
            }
        },
        _ => None,
    };
    Mention {
        user_id: user.to_string(),
        name: name
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| super::bot::local_part(user)),
    }
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
/// needs, 50 by default, or a creator of the room): such a user may abandon any game there
/// and start a new rating season.
pub async fn is_manager(client: &Client, room: &str, user: &str) -> bool {
    let Ok(room_id) = room_id(room) else {
        return false;
    };
    // A room creator of room version 12 has unlimited power and is not listed in the power
    // levels: the SDK's view of the room knows the creators.
    if let Ok(user_id) = user_id(user)
        && let Some(joined) = client.get_room(&room_id)
        && let Ok(levels) = joined.power_levels().await
        && matches!(levels.for_user(&user_id), UserPowerLevel::Infinite)
    {
        return true;
    }
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
