//! A fake Discord on loopback for end-to-end tests of the real bot binary.
//!
//! - REST: a small hand-written HTTP/1.1 server (keep-alive, Content-Length or chunked bodies)
//!   that records every request (method, path, JSON body, multipart files) and answers the
//!   endpoints the bot uses with plausible JSON.
//! - Gateway: a tokio-tungstenite WebSocket server that sends Hello, reads Identify, sends READY,
//!   acknowledges heartbeats and dispatches the events a test injects.
//!
//! The bot reaches it through serenity's REST proxy setting (`proxy_url`), and learns the
//! gateway address from `GET /api/v10/gateway`.
#![allow(dead_code)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD_ID: u64 = 900_000_000_000_000_003;
pub const CHANNEL_ID: u64 = 900_000_000_000_000_004;
/// The internal event that makes a gateway session close.
const CLOSE_SESSION: &str = "(close)";
const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

/// A file sent in a multipart request.
#[derive(Clone, Debug)]
pub struct FilePart {
    pub field: String,
    pub filename: String,
    pub bytes: Vec<u8>,
}

/// One recorded REST request.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    /// Path without the query string, e.g. `/api/v10/channels/1/messages`.
    pub path: String,
    pub query: String,
    /// The JSON body (or the multipart `payload_json` part).
    pub json: Option<Value>,
    pub files: Vec<FilePart>,
    /// The id the fake gave the message this request created, if any.
    pub created_message: Option<u64>,
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
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }
    /// custom_ids of every button in the payload.
    pub fn button_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        if let Some(rows) = self.payload()["components"].as_array() {
            for row in rows {
                if let Some(buttons) = row["components"].as_array() {
                    for b in buttons {
                        if let Some(id) = b["custom_id"].as_str() {
                            ids.push(id.to_string());
                        }
                    }
                }
            }
        }
        ids
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
    /// Something the whole channel can see: a channel message, or a non-ephemeral answer.
    pub fn is_public_message(&self) -> bool {
        let channel_message = self.method == "POST"
            && self.path.starts_with("/api/v10/channels/")
            && self.path.ends_with("/messages");
        let edit = self.method == "PATCH" && self.path.starts_with("/api/v10/channels/");
        let answer = (self.path.starts_with("/api/v10/interactions/")
            && self.json.as_ref().is_some_and(|j| j["type"] == 4))
            || (self.path.starts_with("/api/v10/webhooks/") && self.method == "POST");
        channel_message || edit || (answer && !self.is_ephemeral())
    }
}

#[derive(Default)]
struct State {
    requests: Vec<Request>,
    next_id: u64,
    /// The bot's current gateway session: where injected events go.
    session: Option<mpsc::UnboundedSender<(String, Value)>>,
    identifies: Vec<Value>,
    /// DM channels opened by the bot: channel id → recipient.
    dm_channels: HashMap<u64, u64>,
    /// Users known to the fake, for GET /users/{id}.
    users: HashMap<u64, Value>,
}

#[derive(Clone)]
pub struct FakeDiscord {
    pub rest_url: String,
    pub gateway_url: String,
    state: Arc<Mutex<State>>,
    /// Set by [`FakeDiscord::close_gateway`]: the gateway stops listening for good.
    gateway_closed: tokio::sync::watch::Sender<bool>,
}

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let fake = FakeDiscord {
            rest_url: format!("http://{}", rest.local_addr().unwrap()),
            gateway_url: format!("ws://{}", gateway.local_addr().unwrap()),
            state: Arc::new(Mutex::new(State {
                next_id: 1_000_000_000_000_000_000,
                ..State::default()
            })),
            gateway_closed: tokio::sync::watch::channel(false).0,
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
        let f = fake.clone();
        let mut closed = fake.gateway_closed.subscribe();
        tokio::spawn(async move {
            loop {
                let stream = tokio::select! {
                    accepted = gateway.accept() => match accepted {
                        Ok((stream, _)) => stream,
                        Err(_) => return,
                    },
                    // Dropping the listener: new connections are refused.
                    _ = closed.wait_for(|closed| *closed) => return,
                };
                let f = f.clone();
                tokio::spawn(async move {
                    f.serve_gateway(stream).await;
                });
            }
        });
        fake
    }

    /// Discord's gateway becomes unreachable: the open session is closed (code 4000, so the
    /// client notices at once rather than at its next heartbeat) and new connections are
    /// refused. REST keeps answering.
    pub fn close_gateway(&self) {
        self.gateway_closed.send_replace(true);
        if let Some(session) = lock(&self.state).session.take() {
            let _ = session.send((CLOSE_SESSION.to_string(), Value::Null));
        }
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
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(r) = self.requests().into_iter().skip(start).find(|r| pred(r)) {
                return r;
            }
            assert!(
                Instant::now() < deadline,
                "fake Discord never saw: {what}\nrequests so far:\n{}",
                self.describe()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the bot has an open gateway session that identified `count` times in total.
    pub async fn wait_for_identify(&self, count: usize) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.identify_count() < count {
            assert!(
                Instant::now() < deadline,
                "the bot never identified (#{count})\n{}",
                self.describe()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// One line per recorded request, for failure messages.
    pub fn describe(&self) -> String {
        self.requests()
            .iter()
            .map(|r| {
                format!(
                    "{} {} {} files={}",
                    r.method,
                    r.path,
                    r.json
                        .as_ref()
                        .map(|j| j.to_string().chars().take(300).collect::<String>())
                        .unwrap_or_default(),
                    r.files.len()
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Sends a dispatch event on the bot's current gateway session.
    pub fn dispatch(&self, event: &str, data: Value) {
        let s = lock(&self.state);
        let session = s.session.as_ref().expect("no gateway session");
        session
            .send((event.to_string(), data))
            .expect("gateway session closed");
    }

    // ------------------------------------------------------------------ gateway

    async fn serve_gateway(&self, stream: TcpStream) {
        let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
            return;
        };
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
        if ws.send(WsMessage::text(hello.to_string())).await.is_err() {
            return;
        }
        // Identify.
        let identify = loop {
            match ws.next().await {
                Some(Ok(WsMessage::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                    if v["op"] == 2 {
                        break v;
                    }
                }
                Some(Ok(_)) => continue,
                _ => return,
            }
        };
        let (tx, mut rx) = mpsc::unbounded_channel();
        {
            let mut s = lock(&self.state);
            s.identifies.push(identify);
            s.session = Some(tx);
        }
        let mut seq = 1u64;
        let ready = json!({
            "op": 0, "s": seq, "t": "READY",
            "d": {
                "v": 10,
                "user": bot_user(),
                "guilds": [],
                "session_id": format!("session-{}", self.new_id()),
                "resume_gateway_url": self.gateway_url,
                "shard": [0, 1],
                "application": {"id": APP_ID.to_string(), "flags": 0},
            }
        });
        if ws.send(WsMessage::text(ready.to_string())).await.is_err() {
            return;
        }
        loop {
            tokio::select! {
                incoming = ws.next() => match incoming {
                    Some(Ok(WsMessage::Text(t))) => {
                        let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                        if v["op"] == 1 {
                            let ack = json!({"op": 11, "d": null, "s": null, "t": null});
                            if ws.send(WsMessage::text(ack.to_string())).await.is_err() {
                                return;
                            }
                        }
                    }
                    Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => {}
                },
                event = rx.recv() => match event {
                    Some((name, _)) if name == CLOSE_SESSION => {
                        // 4000 "unknown error": a client reconnects at once.
                        let close = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                            code: 4000.into(),
                            reason: "gateway going away".into(),
                        };
                        let _ = ws.send(WsMessage::Close(Some(close))).await;
                        return;
                    }
                    Some((name, data)) => {
                        seq += 1;
                        let frame = json!({"op": 0, "s": seq, "t": name, "d": data});
                        if ws.send(WsMessage::text(frame.to_string())).await.is_err() {
                            return;
                        }
                    }
                    None => return,
                }
            }
        }
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
            let (path, query) = match target.split_once('?') {
                Some((p, q)) => (p.to_string(), q.to_string()),
                None => (target.clone(), String::new()),
            };
            let content_type = headers.get("content-type").cloned().unwrap_or_default();
            let (json, files) = parse_body(&content_type, &body);
            let mut request = Request {
                method,
                path,
                query,
                json,
                files,
                created_message: None,
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
            } else {
                self.answer(&mut request)
            };
            lock(&self.state).requests.push(request);
            let body = response.map(|v| v.to_string()).unwrap_or_default();
            let reason = match status {
                204 => "No Content",
                401 => "Unauthorized",
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

    /// The fake's answer to one request: (status, JSON body).
    fn answer(&self, r: &mut Request) -> (u16, Option<Value>) {
        let segments: Vec<&str> = r.path.trim_start_matches("/api/v10/").split('/').collect();
        let method = r.method.as_str();
        match (method, segments.as_slice()) {
            ("GET", ["gateway"]) => (200, Some(json!({"url": self.gateway_url}))),
            ("GET", ["gateway", "bot"]) => (
                200,
                Some(json!({
                    "url": self.gateway_url, "shards": 1,
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
            ("POST", ["interactions", _, _, "callback"]) => (204, None),
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
                let id = self.new_id();
                r.created_message = Some(id);
                let channel = channel.parse().unwrap_or(CHANNEL_ID);
                (200, Some(message_json(id, channel, &r.payload())))
            }
            ("PATCH", ["channels", channel, "messages", message]) => {
                let channel = channel.parse().unwrap_or(CHANNEL_ID);
                let id = message.parse().unwrap_or(1);
                (200, Some(message_json(id, channel, &r.payload())))
            }
            ("PUT", ["channels", _, "messages", _, "reactions", _, "@me"]) => (204, None),
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
}

async fn read_body(
    reader: &mut BufReader<TcpStream>,
    headers: &HashMap<String, String>,
) -> std::io::Result<Vec<u8>> {
    if headers
        .get("transfer-encoding")
        .is_some_and(|v| v.eq_ignore_ascii_case("chunked"))
    {
        let mut body = Vec::new();
        loop {
            let mut size_line = String::new();
            reader.read_line(&mut size_line).await?;
            let size = usize::from_str_radix(size_line.trim().split(';').next().unwrap_or("0"), 16)
                .unwrap_or(0);
            if size == 0 {
                let mut end = String::new();
                reader.read_line(&mut end).await?;
                return Ok(body);
            }
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).await?;
            body.extend_from_slice(&chunk[..size]);
        }
    }
    let len: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).await?;
    Ok(body)
}

/// JSON body, or multipart form data with a `payload_json` part and files.
fn parse_body(content_type: &str, body: &[u8]) -> (Option<Value>, Vec<FilePart>) {
    if let Some(boundary) = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
    {
        let boundary = boundary.trim_matches('"');
        let mut json = None;
        let mut files = Vec::new();
        for part in split_multipart(body, boundary) {
            let Some(split) = find(part, b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..split]).to_string();
            let data = &part[split + 4..];
            let field = header_param(&head, "name").unwrap_or_default();
            match header_param(&head, "filename") {
                Some(filename) => files.push(FilePart {
                    field,
                    filename,
                    bytes: data.to_vec(),
                }),
                None if field == "payload_json" => json = serde_json::from_slice(data).ok(),
                None => {}
            }
        }
        return (json, files);
    }
    (serde_json::from_slice(body).ok(), Vec::new())
}

fn split_multipart<'a>(body: &'a [u8], boundary: &str) -> Vec<&'a [u8]> {
    let delimiter = format!("--{boundary}");
    let d = delimiter.as_bytes();
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, d) {
        rest = &rest[start + d.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let rest_trimmed = rest.strip_prefix(b"\r\n").unwrap_or(rest);
        let end = find(rest_trimmed, d).unwrap_or(rest_trimmed.len());
        let part = &rest_trimmed[..end];
        parts.push(part.strip_suffix(b"\r\n").unwrap_or(part));
        rest = &rest_trimmed[end..];
    }
    parts
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn header_param(head: &str, name: &str) -> Option<String> {
    let key = format!("{name}=\"");
    let disposition = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))?;
    disposition.split(';').map(str::trim).find_map(|p| {
        p.strip_prefix(&key)
            .map(|v| v.trim_end_matches('"').to_string())
    })
}

// ---------------------------------------------------------------------- JSON shapes

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

fn thread_json(id: u64, parent: &str, name: &str) -> Value {
    json!({"id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(), "name": name,
           "parent_id": parent, "position": 0, "permission_overwrites": [], "nsfw": false,
           "thread_metadata": {"archived": false, "auto_archive_duration": 10080, "locked": false,
                                "archive_timestamp": TIMESTAMP}})
}

/// A message as Discord returns it, carrying what was sent.
pub fn message_json(id: u64, channel: u64, payload: &Value) -> Value {
    json!({
        "id": id.to_string(), "channel_id": channel.to_string(), "author": bot_user(),
        "content": payload["content"].as_str().unwrap_or(""), "timestamp": TIMESTAMP,
        "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
        "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
        "flags": payload["flags"].as_u64().unwrap_or(0),
        "components": payload.get("components").cloned().unwrap_or(json!([])),
        "application_id": APP_ID.to_string(),
    })
}

/// A slash-command option tree: `["build", "road"]` + `[("place", "12-13")]`.
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

/// Common fields of an interaction from `user` in `channel`.
fn interaction_base(id: u64, token: &str, channel: u64, member: &Value) -> Value {
    json!({
        "id": id.to_string(), "application_id": APP_ID.to_string(),
        "guild_id": GUILD_ID.to_string(), "channel_id": channel.to_string(),
        "channel": {"id": channel.to_string(), "type": 0},
        "member": member, "token": token, "version": 1, "app_permissions": "2248473465835073",
        "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()}, "context": 0,
        "attachment_size_limit": 8388608,
    })
}

/// INTERACTION_CREATE for `/catan <path…> <options>` (type 2), or its autocomplete (type 4).
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
    i["data"] = json!({
        "id": "800000000000000001", "name": "catan", "type": 1,
        "options": command_options(path, options, autocomplete),
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
