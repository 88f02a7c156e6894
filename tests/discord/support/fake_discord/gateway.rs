//! The fake Discord's gateway: one WebSocket session per shard, as Discord (Hello, Identify,
//! READY, heartbeat acks, injected events). An event of a guild goes only to the session of
//! the shard that owns it, `(guild_id >> 22) % shard_count`; guild-less events to shard 0.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use super::*;

impl FakeDiscord {
    /// Discord's gateway becomes unreachable: the open session is closed (code 4000, so the
    /// client notices at once rather than at its next heartbeat) and new connections are
    /// refused. REST keeps answering.
    pub fn close_gateway(&self) {
        self.gateway_closed.send_replace(true);
        for (_, session) in std::mem::take(&mut lock(&self.state).sessions) {
            let _ = session
                .events
                .send((CLOSE_SESSION.to_string(), Value::Null));
        }
    }

    /// The shard count `GET /gateway/bot` recommends from now on (1 at first).
    pub fn recommend_shards(&self, count: u64) {
        lock(&self.state).recommended_shards = count;
    }

    /// The shard ids with an open gateway session.
    pub fn open_shards(&self) -> Vec<u64> {
        lock(&self.state).sessions.keys().copied().collect()
    }

    /// Waits until the bot has an open gateway session that identified `count` times in total.
    pub async fn wait_for_identify(&self, count: usize) {
        let deadline = Instant::now() + FAILURE_DEADLINE;
        while self.identify_count() < count {
            assert!(
                Instant::now() < deadline,
                "the bot never identified (#{count})\n{}",
                self.describe()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Sends a dispatch event on the session of the shard that owns the event's guild, as
    /// Discord does. Component interactions are remembered with the message they are on (an
    /// UPDATE_MESSAGE answer edits it).
    pub fn dispatch(&self, event: &str, data: Value) {
        self.dispatch_to(None, event, data);
    }

    /// Sends a dispatch event on shard `shard`'s session whatever its guild: what Discord never
    /// does, to check that a bot ignores events of guilds it does not own.
    pub fn dispatch_on_shard(&self, shard: u64, event: &str, data: Value) {
        self.dispatch_to(Some(shard), event, data);
    }

    /// Waits until the shards with an open gateway session are exactly `shards` (sorted).
    pub async fn wait_for_shards(&self, shards: &[u64]) {
        let deadline = Instant::now() + FAILURE_DEADLINE;
        while self.open_shards() != shards {
            assert!(
                Instant::now() < deadline,
                "no session for shards {shards:?}; open: {:?}",
                self.open_shards()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    fn dispatch_to(&self, shard: Option<u64>, event: &str, data: Value) {
        let mut s = lock(&self.state);
        if event == "INTERACTION_CREATE"
            && data["type"] == 3
            && let (Some(id), Some(message)) = (
                data["id"].as_str().and_then(|i| i.parse().ok()),
                data["message"]["id"].as_str().and_then(|i| i.parse().ok()),
            )
        {
            let ephemeral = data["message"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0;
            s.interactions.insert(
                id,
                OnMessage {
                    id: message,
                    ephemeral,
                },
            );
        }
        let guild: Option<u64> = data["guild_id"].as_str().and_then(|g| g.parse().ok());
        let session = s
            .sessions
            .iter()
            .find(|(id, session)| match shard {
                Some(shard) => **id == shard,
                None => **id == guild.map_or(0, |g| (g >> 22) % session.total),
            })
            .map(|(_, session)| session)
            .unwrap_or_else(|| panic!("no gateway session for {shard:?} / guild {guild:?}"));
        session
            .events
            .send((event.to_string(), data))
            .expect("gateway session closed");
    }

    pub(super) async fn serve_gateway(&self, stream: TcpStream) {
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
        if let Some(code) = self.close_code() {
            lock(&self.state).identifies.push(identify);
            let close = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                code: code.into(),
                reason: "refused (fake Discord)".into(),
            };
            let _ = ws.send(WsMessage::Close(Some(close))).await;
            return;
        }
        let (tx, mut rx) = mpsc::unbounded_channel();
        let shard = identify["d"]["shard"].clone();
        let (shard_id, total) = (
            shard[0].as_u64().unwrap_or(0),
            shard[1].as_u64().unwrap_or(1).max(1),
        );
        let number = {
            let mut s = lock(&self.state);
            s.identifies.push(identify);
            s.sessions_opened += 1;
            let number = s.sessions_opened;
            let session = Session {
                number,
                total,
                events: tx,
            };
            s.sessions.insert(shard_id, session);
            number
        };
        self.session_loop(&mut ws, &mut rx, [shard_id, total]).await;
        let mut s = lock(&self.state);
        if s.sessions
            .get(&shard_id)
            .is_some_and(|s| s.number == number)
        {
            s.sessions.remove(&shard_id);
        }
    }

    /// READY, then heartbeats acknowledged and injected events sent until the session ends.
    async fn session_loop(
        &self,
        ws: &mut tokio_tungstenite::WebSocketStream<TcpStream>,
        rx: &mut mpsc::UnboundedReceiver<(String, Value)>,
        shard: [u64; 2],
    ) {
        let mut seq = 1u64;
        let ready = json!({
            "op": 0, "s": seq, "t": "READY",
            "d": {
                "v": 10,
                "user": bot_user(),
                "guilds": [],
                "session_id": format!("session-{}", self.new_id()),
                "resume_gateway_url": self.gateway_url,
                "shard": shard,
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
                    Some((name, code)) if name == CLOSE_SESSION => {
                        // 4000 "unknown error" unless a knob says: a client reconnects at once.
                        let code = code.as_u64().and_then(|c| u16::try_from(c).ok()).unwrap_or(4000);
                        let close = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                            code: code.into(),
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
}
