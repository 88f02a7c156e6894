//! A fake Discord on loopback for end-to-end tests of the real bot binary.
//!
//! - REST: a small hand-written HTTP/1.1 server (keep-alive, Content-Length or chunked bodies,
//!   [`super::http_body`]) that records every request (method, path, JSON body, multipart
//!   files) and answers the endpoints the bot uses with plausible JSON.
//! - Channel messages: what each posted message shows now (content, components, embeds,
//!   attachments), after every edit (`PATCH`, or an interaction's UPDATE_MESSAGE on it), so a
//!   test can read the channel as a player sees it.
//! - Gateway: a tokio-tungstenite WebSocket server that sends Hello, reads Identify, sends READY,
//!   acknowledges heartbeats and dispatches the events a test injects (slash commands, button
//!   presses, select-menu choices, reactions added and removed). Several sessions at once, one
//!   per shard, as Discord: an event of a guild goes only to the session of the shard that owns
//!   it, `(guild_id >> 22) % shard_count` (guild-less events to shard 0): `fake_discord/gateway.rs`.
//! - Limits: every request is checked against Discord's limits (`support/limits.rs`) and
//!   refused as Discord would; a refusal fails the test (`fake_discord/refusals.rs`).
//!
//! The bot reaches it through serenity's REST proxy setting (`proxy_url`), and learns the
//! gateway address from `GET /api/v10/gateway`.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, mpsc};

pub use super::components::*;
pub use super::discord_json::*;
pub use super::http_body::FilePart;
use super::http_body::{parse_body, read_body};
pub use super::recorded::*;

mod gateway;
mod knobs;
mod refusals;

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD_ID: u64 = 900_000_000_000_000_003;
pub const CHANNEL_ID: u64 = 900_000_000_000_000_004;
/// The internal event that makes a gateway session close.
const CLOSE_SESSION: &str = "(close)";

#[derive(Default)]
struct State {
    requests: Vec<Request>,
    next_id: u64,
    /// The open gateway sessions by shard id: where injected events go.
    sessions: BTreeMap<u64, Session>,
    /// Numbers the sessions, so a closing one removes only itself.
    sessions_opened: u64,
    /// The shard count `GET /gateway/bot` recommends.
    recommended_shards: u64,
    identifies: Vec<Value>,
    /// DM channels opened by the bot: channel id → recipient.
    dm_channels: HashMap<u64, u64>,
    /// Users known to the fake, for GET /users/{id}.
    users: HashMap<u64, Value>,
    /// Channel messages by id (ids grow with time: this is posting order).
    messages: BTreeMap<u64, ShownMessage>,
    /// Component interactions sent to the bot: interaction id → the message it was on.
    interactions: HashMap<u64, OnMessage>,
    /// What Discord would refuse next, and what the fake refused.
    refusals: refusals::Refusals,
    /// Refusals and the gateway's listener (`fake_discord/knobs.rs`).
    knobs: knobs::Knobs,
}

/// One open gateway session.
struct Session {
    number: u64,
    /// The shard count it identified with.
    total: u64,
    events: mpsc::UnboundedSender<(String, Value)>,
}

#[derive(Clone)]
pub struct FakeDiscord {
    pub rest_url: String,
    pub gateway_url: String,
    state: Arc<Mutex<State>>,
    /// Set by [`FakeDiscord::close_gateway`]: the gateway stops listening for good.
    gateway_closed: tokio::sync::watch::Sender<bool>,
    /// Woken whenever a request is recorded.
    recorded: Arc<Notify>,
    /// Set on the test's handles only: see [`FakeDiscord::take_violations`].
    watch: Option<Arc<refusals::Watch>>,
}

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

/// How long a test waits for something the bot should do before it fails: a failure deadline
/// only (nothing waits for it to pass), generous for a loaded machine.
const FAILURE_DEADLINE: Duration = Duration::from_secs(120);

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let fake = FakeDiscord {
            rest_url: format!("http://{}", rest.local_addr().unwrap()),
            gateway_url: format!("ws://{}", gateway.local_addr().unwrap()),
            state: Arc::new(Mutex::new(State {
                next_id: 1_000_000_000_000_000_000,
                recommended_shards: 1,
                ..State::default()
            })),
            recorded: Arc::new(Notify::new()),
            gateway_closed: tokio::sync::watch::channel(false).0,
            watch: None,
        };
        let f = fake.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = rest.accept().await {
                let f = f.clone();
                tokio::spawn(async move {
                    let _ = f.serve_http(stream).await;
                });
            }
        });
        fake.listen_gateway(gateway);
        fake.watched()
    }

    pub fn new_id(&self) -> u64 {
        let mut s = lock(&self.state);
        s.next_id += 1;
        s.next_id
    }

    pub fn requests(&self) -> Vec<Request> {
        lock(&self.state).requests.clone()
    }

    pub fn request_count(&self) -> usize {
        lock(&self.state).requests.len()
    }

    /// What channel message `id` shows now.
    pub fn message(&self, id: u64) -> Option<ShownMessage> {
        lock(&self.state).messages.get(&id).cloned()
    }

    /// Every message posted in `channel`, in posting order, as it shows now.
    pub fn channel_messages(&self, channel: u64) -> Vec<ShownMessage> {
        lock(&self.state)
            .messages
            .values()
            .filter(|m| m.channel == channel)
            .cloned()
            .collect()
    }

    /// The recipient, if `r` posts into a DM channel the bot opened.
    pub fn dm_recipient(&self, r: &Request) -> Option<u64> {
        let channel: u64 = r
            .path
            .strip_prefix("/api/v10/channels/")?
            .split('/')
            .next()?
            .parse()
            .ok()?;
        lock(&self.state).dm_channels.get(&channel).copied()
    }

    pub fn identify_count(&self) -> usize {
        lock(&self.state).identifies.len()
    }

    pub fn identifies(&self) -> Vec<Value> {
        lock(&self.state).identifies.clone()
    }

    pub fn add_user(&self, user: Value) {
        let id: u64 = user["id"].as_str().unwrap().parse().unwrap();
        lock(&self.state).users.insert(id, user);
    }

    /// Waits (up to a generous failure deadline) until some recorded request satisfies `pred`,
    /// and returns the first such request.
    pub async fn wait_for(&self, what: &str, pred: impl Fn(&Request) -> bool) -> Request {
        self.wait_from(0, what, pred).await
    }

    /// Like [`FakeDiscord::wait_for`], among requests recorded from index `start` on.
    pub async fn wait_from(
        &self,
        start: usize,
        what: &str,
        pred: impl Fn(&Request) -> bool,
    ) -> Request {
        self.wait_index_from(start, what, pred).await.1
    }

    /// Like [`FakeDiscord::wait_from`], with the request's index.
    pub async fn wait_index_from(
        &self,
        start: usize,
        what: &str,
        pred: impl Fn(&Request) -> bool,
    ) -> (usize, Request) {
        let deadline = Instant::now() + FAILURE_DEADLINE;
        loop {
            // Register for the wake-up before looking, so a request recorded in between wakes us.
            let recorded = self.recorded.notified();
            tokio::pin!(recorded);
            recorded.as_mut().enable();
            let found = {
                let s = lock(&self.state);
                s.requests
                    .iter()
                    .enumerate()
                    .skip(start)
                    .find(|(_, r)| pred(r))
                    .map(|(i, r)| (i, r.clone()))
            };
            self.assert_within_limits();
            if let Some(found) = found {
                return found;
            }
            assert!(
                Instant::now() < deadline,
                "fake Discord never saw: {what}\nrequests so far:\n{}",
                self.describe()
            );
            let _ = tokio::time::timeout_at(deadline.into(), recorded).await;
        }
    }

    /// One line per recorded request, for failure messages.
    pub fn describe(&self) -> String {
        lock(&self.state)
            .requests
            .iter()
            .map(|r| {
                // What a reader needs to follow the game: the message text, whole.
                let content = r.content();
                let shown = if content.is_empty() {
                    r.json
                        .as_ref()
                        .map(|j| j.to_string().chars().take(300).collect::<String>())
                        .unwrap_or_default()
                } else {
                    format!("{content:?}")
                };
                format!("{} {} {shown} files={}", r.method, r.path, r.files.len())
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn record(&self, request: Request) {
        lock(&self.state).requests.push(request);
        self.recorded.notify_waiters();
    }

    // ------------------------------------------------------------------ REST

    async fn serve_http(&self, stream: TcpStream) -> std::io::Result<()> {
        let mut reader = BufReader::new(stream);
        loop {
            let mut request_line = String::new();
            if reader.read_line(&mut request_line).await? == 0 {
                return Ok(());
            }
            let mut parts = request_line.split_whitespace();
            let method = parts.next().unwrap_or("").to_string();
            let target = parts.next().unwrap_or("").to_string();
            let mut headers = HashMap::new();
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).await? == 0 {
                    return Ok(());
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some((k, v)) = line.split_once(':') {
                    headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
                }
            }
            let body = read_body(&mut reader, &headers).await?;
            let path = match target.split_once('?') {
                Some((path, _query)) => path.to_string(),
                None => target.clone(),
            };
            let content_type = headers.get("content-type").cloned().unwrap_or_default();
            let (json, files) = parse_body(&content_type, &body);
            let mut request = Request {
                method,
                path,
                json,
                files,
                created_message: None,
                on_message: None,
            };
            // A token containing "rejected" is refused, as Discord refuses a reset token.
            let rejected = headers
                .get("authorization")
                .is_some_and(|token| token.contains("rejected"));
            let (status, response) = if rejected {
                (
                    401,
                    Some(json!({"message": "401: Unauthorized", "code": 0})),
                )
            } else if let Some(refused) = self.refusal_for(&request) {
                refused
            } else {
                self.answer_within_limits(&mut request)
            };
            self.record(request);
            let body = response.map(|v| v.to_string()).unwrap_or_default();
            let reason = match status {
                204 => "No Content",
                400 => "Bad Request",
                401 => "Unauthorized",
                403 => "Forbidden",
                404 => "Not Found",
                _ => "OK",
            };
            let head = format!(
                "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: keep-alive\r\n\r\n",
                body.len()
            );
            let stream = reader.get_mut();
            stream.write_all(head.as_bytes()).await?;
            stream.write_all(body.as_bytes()).await?;
            stream.flush().await?;
        }
    }

    /// The fake's answer to one request: (status, JSON body). Channel messages it creates or
    /// edits are kept as [`ShownMessage`]s.
    fn answer(&self, r: &mut Request) -> (u16, Option<Value>) {
        let segments: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
        let method = r.method.as_str();
        match (method, segments.as_slice()) {
            ("GET", ["gateway"]) => (200, Some(json!({"url": self.gateway_url}))),
            ("GET", ["gateway", "bot"]) => (
                200,
                Some(json!({
                    "url": self.gateway_url, "shards": lock(&self.state).recommended_shards,
                    "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
                })),
            ),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                let guild = segments.get(3).map(|g| g.to_string());
                let commands = r.json.clone().unwrap_or(json!([]));
                let echoed: Vec<Value> = commands
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|mut c| {
                        c["id"] = json!(self.new_id().to_string());
                        c["application_id"] = json!(APP_ID.to_string());
                        c["version"] = json!("1");
                        c["type"] = c.get("type").cloned().unwrap_or(json!(1));
                        c["default_member_permissions"] = Value::Null;
                        if let Some(g) = &guild {
                            c["guild_id"] = json!(g);
                        }
                        c
                    })
                    .collect();
                (200, Some(Value::Array(echoed)))
            }
            ("POST", ["interactions", id, _, "callback"]) => {
                let interaction: u64 = id.parse().unwrap_or(0);
                let on = lock(&self.state).interactions.get(&interaction).copied();
                r.on_message = on;
                if r.response_type() == Some(RESPONSE_UPDATE_MESSAGE)
                    && let Some(on) = on
                {
                    // Updates the message the component was on (kept only if it is a channel
                    // message; ephemeral ones live in the test's own view).
                    self.edit(on.id, &r.payload(), &[]);
                }
                (204, None)
            }
            ("POST", ["webhooks", _, _]) => {
                let id = self.new_id();
                r.created_message = Some(id);
                (200, Some(message_json(id, CHANNEL_ID, &r.payload())))
            }
            ("PATCH", ["webhooks", _, _, "messages", _])
            | ("GET", ["webhooks", _, _, "messages", _]) => {
                let id = self.new_id();
                (200, Some(message_json(id, CHANNEL_ID, &r.payload())))
            }
            ("POST", ["channels", channel, "messages"]) => {
                let channel = channel.parse().unwrap_or(CHANNEL_ID);
                let shown = self.post(channel, &r.payload(), &r.files);
                r.created_message = Some(shown.id);
                (200, Some(shown.json()))
            }
            ("PATCH", ["channels", _, "messages", message]) => {
                let id = message.parse().unwrap_or(1);
                match self.edit(id, &r.payload(), &r.files) {
                    Some(shown) => (200, Some(shown.json())),
                    // Discord answers 404 Unknown Message; the bot must cope.
                    None => (
                        404,
                        Some(json!({"message": "Unknown Message", "code": 10008})),
                    ),
                }
            }
            ("PUT", ["channels", _, "messages", _, "reactions", _, "@me"])
            | ("DELETE", ["channels", _, "messages", _, "reactions", _, "@me"]) => (204, None),
            ("POST", ["channels", parent, "threads"]) => {
                let id = self.new_id();
                let name = r.payload()["name"].as_str().unwrap_or("thread").to_string();
                (200, Some(thread_json(id, parent, &name)))
            }
            ("DELETE", ["channels", channel]) => (
                200,
                Some(thread_json(
                    channel.parse().unwrap_or(1),
                    &CHANNEL_ID.to_string(),
                    "deleted",
                )),
            ),
            ("POST", ["users", "@me", "channels"]) => {
                let id = self.new_id();
                let recipient = r.payload()["recipient_id"]
                    .as_str()
                    .unwrap_or("1")
                    .to_string();
                let recipient_id = recipient.parse().unwrap_or(1);
                lock(&self.state).dm_channels.insert(id, recipient_id);
                let user = user_json(recipient_id, "someone");
                (
                    200,
                    Some(
                        json!({"id": id.to_string(), "type": 1, "recipients": [user], "last_message_id": null}),
                    ),
                )
            }
            ("GET", ["users", id]) => {
                let id: u64 = id.parse().unwrap_or(1);
                let known = lock(&self.state).users.get(&id).cloned();
                (200, Some(known.unwrap_or_else(|| user_json(id, "someone"))))
            }
            _ => (
                404,
                Some(json!({"message": "Unknown endpoint (fake Discord)", "code": 0})),
            ),
        }
    }

    /// A new channel message.
    fn post(&self, channel: u64, payload: &Value, files: &[FilePart]) -> ShownMessage {
        let id = self.new_id();
        let attachments = files
            .iter()
            .map(|f| (self.new_id(), f.filename.clone(), f.bytes.len()))
            .collect();
        let pinged = payload["allowed_mentions"]["users"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|u| u.as_str().and_then(|u| u.parse().ok()))
            .collect();
        let mut s = lock(&self.state);
        let shown = ShownMessage {
            id,
            channel,
            content: payload["content"].as_str().unwrap_or("").to_string(),
            flags: payload["flags"].as_u64().unwrap_or(0),
            components: payload.get("components").cloned().unwrap_or(json!([])),
            embeds: payload.get("embeds").cloned().unwrap_or(json!([])),
            attachments,
            pinged,
            edits: 0,
        };
        s.messages.insert(id, shown.clone());
        shown
    }

    /// An edit of message `id`, as Discord applies it: fields sent replace the old ones;
    /// attachments change only when `attachments` is sent (those kept by id, plus new files).
    fn edit(&self, id: u64, payload: &Value, files: &[FilePart]) -> Option<ShownMessage> {
        let new_ids: Vec<u64> = files.iter().map(|_| self.new_id()).collect();
        let mut s = lock(&self.state);
        let m = s.messages.get_mut(&id)?;
        if let Some(content) = payload.get("content") {
            m.content = content.as_str().unwrap_or("").to_string();
        }
        if let Some(components) = payload.get("components") {
            m.components = components.clone();
        }
        if let Some(embeds) = payload.get("embeds") {
            m.embeds = embeds.clone();
        }
        if let Some(keep) = payload.get("attachments").and_then(Value::as_array) {
            let kept: Vec<u64> = keep
                .iter()
                .filter_map(|a| match &a["id"] {
                    Value::String(s) => s.parse().ok(),
                    Value::Number(n) => n.as_u64(),
                    _ => None,
                })
                .collect();
            m.attachments.retain(|(a, _, _)| kept.contains(a));
            for (f, new_id) in files.iter().zip(new_ids) {
                m.attachments
                    .push((new_id, f.filename.clone(), f.bytes.len()));
            }
        }
        m.edits += 1;
        Some(m.clone())
    }
}
