//! A player on an encrypting client, as Element users are: matrix-sdk with end-to-end
//! encryption and its own in-memory store, logged in on the device its registration made. It
//! uploads its device keys on its first sync, then syncs in the background: it accepts every
//! invite (as a player clicks "accept"), receives room keys, and records every timeline event
//! of its rooms as it reads them (decrypted when it can).
//!
//! Everything it sends to an encrypted room is encrypted by the SDK, as Element does.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::{SyncSettings, SyncToken};
use matrix_sdk::deserialized_responses::TimelineEventKind;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::api::client::push::get_pushrules_all;
use matrix_sdk::ruma::api::client::room::create_room;
use matrix_sdk::ruma::events::AnySyncTimelineEvent;
use matrix_sdk::ruma::events::InitialStateEvent;
use matrix_sdk::ruma::events::reaction::ReactionEventContent;
use matrix_sdk::ruma::events::relation::Annotation;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::message::{MessageType, RoomMessageEventContent};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{EventId, RoomId, UserId};
use matrix_sdk::store::RoomLoadSettings;
use matrix_sdk::{Client, Room, RoomState, SessionMeta, SessionTokens};
use serde_json::Value;

use super::synapse::{Account, Synapse};
use super::{WAIT, wait_until};

/// One timeline event as this player's client read it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub room: String,
    /// The event as the client shows it (decrypted when it could be).
    pub event: Value,
    /// It came encrypted (`m.room.encrypted` on the homeserver) and was decrypted.
    pub decrypted: bool,
    /// When this client's sync brought it (for latency figures).
    pub at: Instant,
}

/// An encrypting player and its background sync.
pub struct EncryptedPlayer {
    pub account: Account,
    pub client: Client,
    seen: Arc<Mutex<Vec<Seen>>>,
    sync: tokio::task::JoinHandle<()>,
}

impl Drop for EncryptedPlayer {
    fn drop(&mut self) {
        self.sync.abort();
    }
}

impl EncryptedPlayer {
    /// Logs in on `account`'s device, uploads its keys (first sync) and starts syncing.
    pub async fn start(synapse: &Synapse, account: Account) -> EncryptedPlayer {
        let client = Client::builder()
            .homeserver_url(synapse.base_url())
            .build()
            .await
            .expect("build a matrix-sdk client");
        let session = MatrixSession {
            meta: SessionMeta {
                user_id: UserId::parse(account.user_id.as_str()).expect("user id"),
                device_id: account.device_id.as_str().into(),
            },
            tokens: SessionTokens {
                access_token: account.access_token.clone(),
                refresh_token: None,
            },
        };
        client
            .matrix_auth()
            .restore_session(session, RoomLoadSettings::default())
            .await
            .expect("restore the player's session");
        // The first sync uploads the device keys (sent before and after it).
        let first = client
            .sync_once(SyncSettings::default().token(SyncToken::NoToken))
            .await
            .expect("first sync");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sync = tokio::spawn(sync_loop(client.clone(), first.next_batch, seen.clone()));
        EncryptedPlayer {
            account,
            client,
            seen,
            sync,
        }
    }

    pub fn user_id(&self) -> &str {
        &self.account.user_id
    }

    /// Creates an encrypted private room (as Element does by default); returns its id.
    pub async fn create_encrypted_room(&self, name: &str) -> String {
        let mut request = create_room::v3::Request::new();
        request.name = Some(name.to_string());
        request.preset = Some(create_room::v3::RoomPreset::PrivateChat);
        request.initial_state = vec![
            InitialStateEvent::with_empty_state_key(
                RoomEncryptionEventContent::with_recommended_defaults(),
            )
            .to_raw_any(),
        ];
        let room = self
            .client
            .create_room(request)
            .await
            .expect("create an encrypted room");
        room.room_id().to_string()
    }

    /// Starts a direct chat with `user` as Element's "start chat" does (encrypted, invite
    /// marked direct); returns its id.
    pub async fn create_dm(&self, user: &str) -> String {
        let user = UserId::parse(user).expect("user id");
        let room = self
            .client
            .create_dm(&user)
            .await
            .expect("create a direct chat");
        room.room_id().to_string()
    }

    /// The client's room `room`, once it knows it as joined.
    pub async fn joined(&self, room: &str) -> Room {
        let id = RoomId::parse(room).expect("room id");
        wait_until(&format!("{} in {room}", self.user_id()), WAIT, async || {
            self.client
                .get_room(&id)
                .filter(|r| r.state() == RoomState::Joined)
        })
        .await
    }

    pub async fn invite(&self, room: &str, user: &str) {
        let user = UserId::parse(user).expect("user id");
        self.joined(room)
            .await
            .invite_user_by_id(&user)
            .await
            .expect("invite");
    }

    /// Sends a text message (encrypted in an encrypted room); returns its event id.
    pub async fn send_text(&self, room: &str, body: &str) -> String {
        let sent = self
            .joined(room)
            .await
            .send(RoomMessageEventContent::text_plain(body))
            .await
            .unwrap_or_else(|e| panic!("{} sending {body:?}: {e}", self.user_id()));
        sent.response.event_id.to_string()
    }

    /// Reacts to `event` with `key` (encrypted in an encrypted room, as Element does).
    pub async fn react(&self, room: &str, event: &str, key: &str) -> String {
        let target = EventId::parse(event).expect("event id");
        let sent = self
            .joined(room)
            .await
            .send(ReactionEventContent::new(Annotation::new(
                target,
                key.into(),
            )))
            .await
            .unwrap_or_else(|e| panic!("{} reacting {key}: {e}", self.user_id()));
        sent.response.event_id.to_string()
    }

    /// Every event this player's client read in `room`, oldest first.
    pub fn events(&self, room: &str) -> Vec<Seen> {
        self.seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .filter(|s| s.room == room)
            .cloned()
            .collect()
    }

    /// Every event this player's client read, in every room.
    pub fn all_events(&self) -> Vec<Seen> {
        self.seen.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Whether `seen` notifies this player, as Element decides for an encrypted event: this
    /// account's push rules as the homeserver gives them (`GET /pushrules/`: the defaults,
    /// nobody changed them) evaluated on the decrypted event in its room.
    pub async fn notifies(&self, seen: &Seen) -> bool {
        let rules = self
            .client
            .send(get_pushrules_all::v3::Request::new())
            .await
            .expect("the player's push rules")
            .global;
        let room = self.joined(&seen.room).await;
        let context = room
            .push_condition_room_ctx()
            .await
            .expect("the room's push context")
            .expect("the room's state is known");
        let event: Raw<AnySyncTimelineEvent> =
            Raw::from_json(serde_json::value::to_raw_value(&seen.event).expect("an event as JSON"));
        rules
            .get_actions(&event, &context)
            .await
            .iter()
            .any(|action| action.should_notify())
    }

    /// Every event `sender` sent that this player's client read, one line each: room, type,
    /// whether it was decrypted (and the Megolm session of one that was not), the body's start.
    /// What a failed wait prints.
    pub fn explain_from(&self, sender: &str) -> String {
        let lines: Vec<String> = self
            .all_events()
            .iter()
            .filter(|s| s.event["sender"] == sender)
            .map(|s| {
                let content = &s.event["content"];
                let body: String = content["body"]
                    .as_str()
                    .unwrap_or("")
                    .chars()
                    .take(60)
                    .collect();
                let state = if s.decrypted {
                    "decrypted".to_string()
                } else if s.event["type"] == "m.room.encrypted" {
                    format!("NOT DECRYPTED (session {})", content["session_id"])
                } else {
                    "plain".to_string()
                };
                format!(
                    "  {} {} {} {state} {body:?}",
                    s.room, s.event["event_id"], s.event["type"]
                )
            })
            .collect();
        format!(
            "{} read {} events from {sender}:\n{}",
            self.user_id(),
            lines.len(),
            lines.join("\n")
        )
    }

    /// Downloads the file of an `m.image` event's content and decrypts it (encrypted rooms
    /// carry a `file` with its key instead of a plain `url`).
    pub async fn download_image(&self, content: &Value) -> Vec<u8> {
        let content: RoomMessageEventContent =
            serde_json::from_value(content.clone()).expect("an m.room.message content");
        let MessageType::Image(image) = content.msgtype else {
            panic!("not an image: {:?}", content.msgtype);
        };
        let request = MediaRequestParameters {
            source: image.source,
            format: MediaFormat::File,
        };
        self.client
            .media()
            .get_media_content(&request, false)
            .await
            .expect("download and decrypt the image")
    }
}

/// Syncs for ever: accepts invites and records what each room's timeline brings.
async fn sync_loop(client: Client, mut token: String, seen: Arc<Mutex<Vec<Seen>>>) {
    loop {
        let settings = SyncSettings::default()
            .token(token.clone())
            .timeout(Duration::from_secs(5));
        let response = match client.sync_once(settings).await {
            Ok(response) => response,
            Err(e) => {
                eprintln!("player sync failed ({e}); again");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let at = Instant::now();
        token = response.next_batch;
        for room in response.rooms.invited.keys() {
            // A failed join (a race with the invite) is tried again by the next sync.
            let _ = client.join_room_by_id(room).await;
        }
        let mut found = Vec::new();
        for (room, joined) in &response.rooms.joined {
            for event in &joined.timeline.events {
                let Ok(value) = serde_json::from_str::<Value>(event.raw().json().get()) else {
                    continue;
                };
                found.push(Seen {
                    room: room.to_string(),
                    event: value,
                    decrypted: matches!(event.kind, TimelineEventKind::Decrypted(_)),
                    at,
                });
            }
        }
        seen.lock().unwrap_or_else(|p| p.into_inner()).extend(found);
    }
}
