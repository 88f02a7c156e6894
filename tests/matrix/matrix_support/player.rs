//! A human player as a test sees one: a plain-HTTP Matrix client (client-server API v3) with
//! the few calls a person makes in Element: create and join rooms, write, react, take a
//! reaction back, read the room, accept invites, look at an image.
//!
//! Every call panics on an HTTP error with the request, the player and Synapse's answer; use
//! [`Player::try_request`] where a test expects a refusal.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use reqwest::{Method, StatusCode, Url};
use serde_json::{Value, json};

use super::synapse::{Account, Synapse};

/// How many events one `/messages` page asks for.
const PAGE: u32 = 100;

/// A pending invite, as `/sync` shows it (`rooms.invite`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub room_id: String,
    /// Who invited this player.
    pub inviter: String,
    /// `is_direct: true` in the invite's `m.room.member` content: a direct (private) room.
    pub is_direct: bool,
}

/// A registered account and an HTTP client logged in as it.
pub struct Player {
    pub account: Account,
    base: Url,
    http: reqwest::Client,
    /// Makes transaction ids unique within this player (with a random part across players and
    /// runs, since Synapse deduplicates sends by access token and transaction id).
    next_txn: AtomicU64,
}

impl Player {
    /// A player for an account already registered on `synapse`.
    pub fn new(synapse: &Synapse, account: Account) -> Player {
        let base = Url::parse(&synapse.base_url()).expect("Synapse's base URL parses");
        let http = reqwest::Client::builder()
            // Only against a hang: every call here answers at once (no long-polling).
            .timeout(Duration::from_secs(30))
            .build()
            .expect("build the HTTP client");
        Player {
            account,
            base,
            http,
            next_txn: AtomicU64::new(0),
        }
    }

    /// Registers `username` (with a password derived from it) and returns its player.
    pub async fn register(synapse: &Synapse, username: &str) -> Player {
        let account = synapse
            .register(username, &format!("{username}-password"))
            .await;
        Player::new(synapse, account)
    }

    /// `@username:server`.
    pub fn user_id(&self) -> &str {
        &self.account.user_id
    }

    /// Creates an unencrypted private room named `name` (`private_chat` preset: invite only)
    /// and returns its id.
    pub async fn create_room(&self, name: &str) -> String {
        let body = json!({ "name": name, "preset": "private_chat", "visibility": "private" });
        let answer = self
            .request(Method::POST, self.v3(&["createRoom"]), Some(&body))
            .await;
        string(&answer, "room_id")
    }

    pub async fn invite(&self, room_id: &str, user_id: &str) {
        let url = self.v3(&["rooms", room_id, "invite"]);
        self.request(Method::POST, url, Some(&json!({ "user_id": user_id })))
            .await;
    }

    /// Joins a room by id or alias; returns the room id.
    pub async fn join(&self, room_id_or_alias: &str) -> String {
        let url = self.v3(&["join", room_id_or_alias]);
        let answer = self.request(Method::POST, url, Some(&json!({}))).await;
        string(&answer, "room_id")
    }

    /// Sends a message event of any type (`m.room.message`, `m.reaction`, ...); returns its id.
    pub async fn send_event(&self, room_id: &str, event_type: &str, content: &Value) -> String {
        let txn = self.txn_id();
        let url = self.v3(&["rooms", room_id, "send", event_type, &txn]);
        let answer = self.request(Method::PUT, url, Some(content)).await;
        string(&answer, "event_id")
    }

    /// Sends a plain text message (`m.text`, as a person types it); returns its event id.
    pub async fn send_text(&self, room_id: &str, body: &str) -> String {
        let content = json!({ "msgtype": "m.text", "body": body });
        self.send_event(room_id, "m.room.message", &content).await
    }

    /// Reacts to `event_id` with `key` (an emoji); returns the reaction's event id.
    pub async fn react(&self, room_id: &str, event_id: &str, key: &str) -> String {
        let content = json!({
            "m.relates_to": { "rel_type": "m.annotation", "event_id": event_id, "key": key }
        });
        self.send_event(room_id, "m.reaction", &content).await
    }

    /// Redacts `event_id` (how a client takes a reaction back); returns the redaction's id.
    pub async fn redact(&self, room_id: &str, event_id: &str) -> String {
        let txn = self.txn_id();
        let url = self.v3(&["rooms", room_id, "redact", event_id, &txn]);
        let answer = self.request(Method::PUT, url, Some(&json!({}))).await;
        string(&answer, "event_id")
    }

    /// Every event of the room this player may see, oldest first: `/messages` backwards from
    /// now, page by page until the start of the room, then reversed.
    pub async fn messages(&self, room_id: &str) -> Vec<Value> {
        let mut events = Vec::new();
        let mut from: Option<String> = None;
        loop {
            let mut url = self.v3(&["rooms", room_id, "messages"]);
            url.query_pairs_mut()
                .append_pair("dir", "b")
                .append_pair("limit", &PAGE.to_string());
            if let Some(token) = &from {
                url.query_pairs_mut().append_pair("from", token);
            }
            let mut page = self.request(Method::GET, url, None).await;
            let chunk = match page["chunk"].take() {
                Value::Array(chunk) => chunk,
                other => panic!("/messages answer has no chunk array: {other}"),
            };
            let done = chunk.is_empty();
            events.extend(chunk);
            // No `end` means there is nothing further back.
            match page["end"].as_str() {
                Some(end) if !done => from = Some(end.to_owned()),
                _ => break,
            }
        }
        events.reverse();
        events
    }

    /// The ids of the rooms this player has joined.
    pub async fn joined_rooms(&self) -> Vec<String> {
        let answer = self
            .request(Method::GET, self.v3(&["joined_rooms"]), None)
            .await;
        answer["joined_rooms"]
            .as_array()
            .expect("joined_rooms is an array")
            .iter()
            .map(|id| id.as_str().expect("a room id is a string").to_owned())
            .collect()
    }

    /// The invites waiting for this player, from a fresh (sinceless) `/sync`.
    pub async fn invited_rooms(&self) -> Vec<Invite> {
        let sync = self.sync().await;
        let Some(invites) = sync["rooms"]["invite"].as_object() else {
            return Vec::new();
        };
        let mut found: Vec<Invite> = invites
            .iter()
            .map(|(room_id, room)| {
                let me = room["invite_state"]["events"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|event| {
                        event["type"] == "m.room.member" && event["state_key"] == self.user_id()
                    });
                Invite {
                    room_id: room_id.clone(),
                    inviter: me
                        .and_then(|event| event["sender"].as_str())
                        .unwrap_or_default()
                        .to_owned(),
                    is_direct: me.is_some_and(|event| event["content"]["is_direct"] == true),
                }
            })
            .collect();
        found.sort_by(|a, b| a.room_id.cmp(&b.room_id));
        found
    }

    /// Joins every room this player is invited to; returns their ids.
    pub async fn accept_all_invites(&self) -> Vec<String> {
        let mut joined = Vec::new();
        for invite in self.invited_rooms().await {
            joined.push(self.join(&invite.room_id).await);
        }
        joined
    }

    /// The room of a pending direct invite (`is_direct: true`) from `inviter`, if there is one:
    /// how a player finds the private room a bot opened with them. Poll it with
    /// [`super::wait_until`].
    pub async fn direct_invite_from(&self, inviter: &str) -> Option<String> {
        self.invited_rooms()
            .await
            .into_iter()
            .find(|invite| invite.is_direct && invite.inviter == inviter)
            .map(|invite| invite.room_id)
    }

    /// Whether this player was invited to `room_id` (already joined) as a direct room: its
    /// invite `m.room.member` event, still in the room's history, says `is_direct: true`.
    pub async fn is_direct_room(&self, room_id: &str) -> bool {
        self.messages(room_id).await.iter().any(|event| {
            event["type"] == "m.room.member"
                && event["state_key"] == self.user_id()
                && event["content"]["membership"] == "invite"
                && event["content"]["is_direct"] == true
        })
    }

    /// A `/sync` from scratch (no `since`), answering at once (`timeout=0`). A filter keeps only
    /// the newest timeline event per room: what the callers want is room lists and invites.
    pub async fn sync(&self) -> Value {
        let mut url = self.v3(&["sync"]);
        url.query_pairs_mut()
            .append_pair("timeout", "0")
            .append_pair("filter", r#"{"room":{"timeline":{"limit":1}}}"#);
        self.request(Method::GET, url, None).await
    }

    /// Uploads `bytes` to the media repository; returns its `mxc://` URI.
    pub async fn upload(&self, bytes: Vec<u8>, content_type: &str) -> String {
        let url = self.url(&["_matrix", "media", "v3", "upload"]);
        let request = self
            .http
            .post(url.clone())
            .bearer_auth(&self.account.access_token)
            .header(reqwest::header::CONTENT_TYPE, content_type)
            .body(bytes);
        let (status, answer) = self.send(request).await;
        assert!(
            status.is_success(),
            "POST {url} as {}: HTTP {status}: {answer}",
            self.user_id()
        );
        string(&answer, "content_uri")
    }

    /// Downloads an `mxc://server/media_id` URI through the authenticated media API
    /// (`/_matrix/client/v1/media/download`, bearer token): what Element does to show an image.
    pub async fn download_media(&self, mxc_uri: &str) -> Vec<u8> {
        let (server, media_id) = mxc_uri
            .strip_prefix("mxc://")
            .and_then(|rest| rest.split_once('/'))
            .unwrap_or_else(|| panic!("not an mxc://server/media_id URI: {mxc_uri}"));
        let url = self.url(&[
            "_matrix", "client", "v1", "media", "download", server, media_id,
        ]);
        let response = self
            .http
            .get(url.clone())
            .bearer_auth(&self.account.access_token)
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: {e}"));
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: reading the body: {e}"));
        assert!(
            status.is_success(),
            "GET {url} as {}: HTTP {status}: {}",
            self.user_id(),
            String::from_utf8_lossy(&bytes)
        );
        bytes.to_vec()
    }

    /// `{base}/_matrix/client/v3/` followed by `segments`, each percent-encoded as one path
    /// segment (room ids, event ids and aliases hold `!`, `$`, `#`, `:` and in old room
    /// versions `/`).
    pub fn v3(&self, segments: &[&str]) -> Url {
        let mut all = vec!["_matrix", "client", "v3"];
        all.extend_from_slice(segments);
        self.url(&all)
    }

    /// `{base}/` followed by `segments`, each percent-encoded as one path segment.
    pub fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        url.path_segments_mut()
            .expect("an http URL has path segments")
            .clear()
            .extend(segments);
        url
    }

    /// Sends an authenticated request and returns its status and JSON answer (a JSON string
    /// holding the raw body when it is not JSON), without judging the status.
    pub async fn try_request(
        &self,
        method: Method,
        url: Url,
        body: Option<&Value>,
    ) -> (StatusCode, Value) {
        let mut request = self
            .http
            .request(method, url)
            .bearer_auth(&self.account.access_token);
        if let Some(body) = body {
            request = request.json(body);
        }
        self.send(request).await
    }

    /// Like [`Player::try_request`], and panics unless the answer is a success.
    pub async fn request(&self, method: Method, url: Url, body: Option<&Value>) -> Value {
        let what = format!("{method} {url} as {}", self.user_id());
        let (status, answer) = self.try_request(method, url, body).await;
        assert!(status.is_success(), "{what}: HTTP {status}: {answer}");
        answer
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> (StatusCode, Value) {
        let response = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("request as {}: {e}", self.user_id()));
        let status = response.status();
        let text = response
            .text()
            .await
            .unwrap_or_else(|e| panic!("reading an answer as {}: {e}", self.user_id()));
        let answer = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, answer)
    }

    /// A transaction id unique to this player (counter) and to this run (random part).
    fn txn_id(&self) -> String {
        let n = self.next_txn.fetch_add(1, Ordering::Relaxed);
        format!("catan-{n}-{:016x}", rand::random::<u64>())
    }
}

/// `answer[field]` as a string, or a panic showing the answer.
fn string(answer: &Value, field: &str) -> String {
    answer[field]
        .as_str()
        .unwrap_or_else(|| panic!("answer has no string {field}: {answer}"))
        .to_owned()
}
