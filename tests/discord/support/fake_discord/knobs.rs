//! Knobs for tests of what Discord refuses and of a network cut: REST answers replaced by
//! errors (a refused registration, a refused token), a gateway that closes every session
//! with a given close code, and a gateway that goes away and comes back on the same address.

use serde_json::Value;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

use super::*;

/// The fake's refusals, kept in its state.
#[derive(Default)]
pub(super) struct Knobs {
    /// (method, path end, status, body): the first match answers instead of the fake.
    refusals: Vec<(String, String, u16, Value)>,
    /// Every REST request is answered 401, as for a reset token.
    token_refused: bool,
    /// Gateway sessions are closed with this code after their Identify.
    close_code: Option<u16>,
    /// The gateway's accept loop while it listens.
    listening: Option<JoinHandle<()>>,
}

impl FakeDiscord {
    /// `method` requests whose path ends with `path_end` get `status` and `body` from now on.
    pub fn refuse(&self, method: &str, path_end: &str, status: u16, body: Value) {
        lock(&self.state)
            .knobs
            .refusals
            .push((method.into(), path_end.into(), status, body));
    }

    /// Command registrations (`PUT …/commands`) are answered `status` with Discord's `body`.
    pub fn refuse_commands(&self, status: u16, body: Value) {
        self.refuse("PUT", "/commands", status, body);
    }

    /// Every REST request is answered 401 Unauthorized from now on.
    pub fn refuse_token(&self) {
        lock(&self.state).knobs.token_refused = true;
    }

    /// Discord closes every gateway session with `code` after its Identify from now on, and
    /// the open ones now (4004 a refused token, 4014 disallowed intents, 4011 sharding
    /// required…).
    pub fn close_gateway_with(&self, code: u16) {
        let mut s = lock(&self.state);
        s.knobs.close_code = Some(code);
        for (_, session) in std::mem::take(&mut s.sessions) {
            let _ = session
                .events
                .send((CLOSE_SESSION.to_string(), json!(code)));
        }
    }

    /// The gateway listens again on its address after [`FakeDiscord::close_gateway`].
    pub async fn reopen_gateway(&self) {
        let old = lock(&self.state).knobs.listening.take();
        if let Some(old) = old {
            // The old loop drops its listener when it ends.
            let _ = old.await;
        }
        let address = self.gateway_url.trim_start_matches("ws://").to_string();
        let listener = TcpListener::bind(&address)
            .await
            .unwrap_or_else(|e| panic!("the gateway's address {address} is taken: {e}"));
        self.gateway_closed.send_replace(false);
        self.listen_gateway(listener);
    }

    /// Accepts gateway connections on `listener` until [`FakeDiscord::close_gateway`].
    pub(super) fn listen_gateway(&self, listener: TcpListener) {
        let f = self.clone();
        let mut closed = self.gateway_closed.subscribe();
        let task = tokio::spawn(async move {
            loop {
                let stream = tokio::select! {
                    accepted = listener.accept() => match accepted {
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
        lock(&self.state).knobs.listening = Some(task);
    }

    /// The refusal that answers `r`, if a knob says so.
    pub(super) fn refusal_for(&self, r: &Request) -> Option<(u16, Option<Value>)> {
        let s = lock(&self.state);
        if s.knobs.token_refused {
            return Some((
                401,
                Some(json!({"message": "401: Unauthorized", "code": 0})),
            ));
        }
        s.knobs
            .refusals
            .iter()
            .find(|(method, end, _, _)| *method == r.method && r.path.ends_with(end.as_str()))
            .map(|(_, _, status, body)| (*status, Some(body.clone())))
    }

    /// The close code sessions get after their Identify, if any.
    pub(super) fn close_code(&self) -> Option<u16> {
        lock(&self.state).knobs.close_code
    }
}
