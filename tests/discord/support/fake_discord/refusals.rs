//! The fake refuses what Discord refuses ([`crate::support::limits`], plus the refusals that
//! depend on earlier requests: an interaction answered twice, a 21st reaction, a reaction on an
//! ephemeral message, an edit that leaves a message empty), and every refusal fails the test:
//! at the next wait for a request, or when the test's last handle on the fake is dropped.
//! A test that provokes refusals on purpose takes them ([`FakeDiscord::take_violations`]).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::{Arc, Mutex};

use serde_json::Value;

use super::*;
use crate::support::limits::{self, Violation, messages};

/// Distinct reactions one message may carry.
pub const MAX_REACTIONS: usize = 20;

/// One request Discord would have refused.
#[derive(Clone, Debug)]
pub struct Refused {
    pub method: String,
    pub path: String,
    pub violation: Violation,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} → {}",
            self.method,
            self.path,
            self.violation.body()
        )
    }
}

/// What the fake remembers to refuse as Discord would, and what it refused.
#[derive(Default)]
pub(super) struct Refusals {
    refused: Vec<Refused>,
    /// Interactions whose initial response was accepted.
    answered: HashSet<u64>,
    /// Interaction tokens whose original response is ephemeral.
    ephemeral_originals: HashSet<String>,
    /// Tokens of an ephemeral defer not followed up yet: the first follow-up replaces it.
    ephemeral_defers: HashSet<String>,
    /// Ephemeral messages the bot was told the id of.
    ephemeral: HashSet<u64>,
    /// The distinct reactions the bot put on each message.
    reactions: HashMap<u64, BTreeSet<String>>,
}

/// Fails the test when its last handle on the fake goes, if Discord would have refused
/// something nobody took (and the test is not failing already).
pub(super) struct Watch(Arc<Mutex<State>>);

impl Drop for Watch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let refused = std::mem::take(&mut lock(&self.0).refusals.refused);
        assert!(refused.is_empty(), "{}", report(&refused));
    }
}

fn report(refused: &[Refused]) -> String {
    let lines: Vec<String> = refused.iter().map(|r| format!("  {r}")).collect();
    format!(
        "Discord would have refused {} request(s) the bot made:\n{}",
        refused.len(),
        lines.join("\n")
    )
}

fn flags(payload: &Value) -> u64 {
    payload["flags"].as_u64().unwrap_or(0)
}

impl FakeDiscord {
    /// This handle, watched: the test's handles (and their clones) fail the test on drop if a
    /// refusal was left untaken. The fake's own tasks hold unwatched handles.
    pub(super) fn watched(mut self) -> FakeDiscord {
        self.watch = Some(Arc::new(Watch(self.state.clone())));
        self
    }

    /// Every refusal so far.
    pub fn violations(&self) -> Vec<Refused> {
        lock(&self.state).refusals.refused.clone()
    }

    /// Every refusal so far, which no longer fails the test: for tests that provoke them.
    pub fn take_violations(&self) -> Vec<Refused> {
        std::mem::take(&mut lock(&self.state).refusals.refused)
    }

    /// Fails the test at once if Discord would have refused a request.
    pub fn assert_within_limits(&self) {
        let refused = self.violations();
        if !refused.is_empty() && !std::thread::panicking() {
            self.take_violations();
            panic!("{}", report(&refused));
        }
    }

    /// [`FakeDiscord::answer`], unless Discord would refuse the request: then its error.
    pub(super) fn answer_within_limits(&self, r: &mut Request) -> (u16, Option<Value>) {
        let path = r.path.trim_start_matches("/api/v10/").to_string();
        let segments: Vec<&str> = path.split('/').collect();
        let json = r.json.clone().unwrap_or(Value::Null);
        let sizes: Vec<usize> = r.files.iter().map(|f| f.bytes.len()).collect();
        let checked = limits::check_request(&r.method, &segments, &json, &sizes)
            .and_then(|()| self.check_with_memory(&r.method, &segments, &json, r.files.len()));
        if let Err(violation) = checked {
            let refused = Refused {
                method: r.method.clone(),
                path: r.path.clone(),
                violation,
            };
            eprintln!("fake Discord refused {refused}");
            let answer = (refused.violation.status, Some(refused.violation.body()));
            lock(&self.state).refusals.refused.push(refused);
            return answer;
        }
        let answer = self.answer(r);
        if answer.0 < 300 {
            self.remember(&r.method, &segments, &json, answer.1.as_ref());
        }
        answer
    }

    /// The refusals that depend on what the fake saw before.
    fn check_with_memory(
        &self,
        method: &str,
        segments: &[&str],
        json: &Value,
        files: usize,
    ) -> Result<(), Violation> {
        let s = lock(&self.state);
        let shown = |id: &str| {
            id.parse::<u64>()
                .ok()
                .and_then(|id| s.messages.get(&id))
                .map(ShownMessage::json)
        };
        match (method, segments) {
            ("POST", ["interactions", id, _, "callback"]) => {
                let interaction: u64 = id.parse().unwrap_or(0);
                if s.refusals.answered.contains(&interaction) {
                    return Err(Violation::plain(
                        400,
                        40060,
                        "Interaction has already been acknowledged.",
                    ));
                }
                let updated = s.interactions.get(&interaction).map(|on| on.id);
                if json["type"] == RESPONSE_UPDATE_MESSAGE
                    && let Some(current) = updated.and_then(|m| shown(&m.to_string()))
                {
                    messages::empty_after_edit(&json["data"], files, &current)?;
                }
            }
            ("PATCH", ["channels", _, "messages", message]) => {
                if let Some(current) = shown(message) {
                    messages::empty_after_edit(json, files, &current)?;
                }
            }
            (
                "PUT",
                [
                    "channels",
                    _,
                    "messages",
                    message,
                    "reactions",
                    emoji,
                    "@me",
                ],
            ) => {
                let id: u64 = message.parse().unwrap_or(0);
                let ephemeral = s.refusals.ephemeral.contains(&id)
                    || s.interactions
                        .values()
                        .any(|on| on.id == id && on.ephemeral);
                if ephemeral {
                    return Err(Violation::plain(404, 10008, "Unknown Message"));
                }
                let on_it = s.refusals.reactions.get(&id);
                let new = on_it.is_none_or(|r| !r.contains(*emoji));
                if new && on_it.map_or(0, BTreeSet::len) >= MAX_REACTIONS {
                    return Err(Violation::plain(
                        403,
                        30010,
                        format!("Maximum number of reactions reached ({MAX_REACTIONS})"),
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Notes an accepted request for the refusals that depend on it.
    fn remember(&self, method: &str, segments: &[&str], json: &Value, answer: Option<&Value>) {
        let answered_id = answer.and_then(|a| a["id"].as_str()?.parse::<u64>().ok());
        let mut s = lock(&self.state);
        let memory = &mut s.refusals;
        match (method, segments) {
            ("POST", ["interactions", id, token, "callback"]) => {
                memory.answered.insert(id.parse().unwrap_or(0));
                let ephemeral = flags(&json["data"]) & EPHEMERAL != 0;
                match json["type"].as_u64() {
                    Some(RESPONSE_MESSAGE) if ephemeral => {
                        memory.ephemeral_originals.insert(token.to_string());
                    }
                    Some(RESPONSE_DEFERRED_MESSAGE) if ephemeral => {
                        memory.ephemeral_originals.insert(token.to_string());
                        memory.ephemeral_defers.insert(token.to_string());
                    }
                    _ => {}
                }
            }
            ("POST", ["webhooks", _, token]) => {
                let replaces_defer = memory.ephemeral_defers.remove(*token);
                if (replaces_defer || flags(json) & EPHEMERAL != 0)
                    && let Some(id) = answered_id
                {
                    memory.ephemeral.insert(id);
                }
            }
            ("GET" | "PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                if memory.ephemeral_originals.contains(*token)
                    && let Some(id) = answered_id
                {
                    memory.ephemeral.insert(id);
                }
            }
            (
                "PUT",
                [
                    "channels",
                    _,
                    "messages",
                    message,
                    "reactions",
                    emoji,
                    "@me",
                ],
            ) => {
                let id = message.parse().unwrap_or(0);
                let on_it = memory.reactions.entry(id).or_default();
                on_it.insert(emoji.to_string());
            }
            (
                "DELETE",
                [
                    "channels",
                    _,
                    "messages",
                    message,
                    "reactions",
                    emoji,
                    "@me",
                ],
            ) => {
                if let Some(on_it) = memory.reactions.get_mut(&message.parse().unwrap_or(0)) {
                    on_it.remove(*emoji);
                }
            }
            _ => {}
        }
    }
}
