//! What arrives from the homeserver: invites (joined), `!catan …` commands, reactions (on the
//! live turn message: the common actions; on a trade offer: an answer) and their removal
//! (a redaction of the reaction: the answer taken back). Events arrive decrypted (the SDK
//! decrypts them in `sync.rs`); one the bot cannot decrypt is answered with a notice asking
//! its sender to send it again, never with silence.
//!
//! Every handled event is first marked in the adapter's state, durably: a restart that reads a
//! sync batch again (the position is saved after the batch) skips what was handled, so no move
//! is made twice.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;

use super::bot::MatrixBot;
use super::client;
use super::deliver::deliver;
use super::error::MatrixError;
use super::format::{self, PREFIX, turn_reaction_control};
use super::help;
use super::ids::Kind;
use super::state::KnownReaction;
use crate::hosting::delivery_order::OrderedReplies;
use crate::hosting::now_ms;
use crate::table::command::{self, Command};
use crate::table::{Caller, Reaction, Reply, Table, TurnStamp};

/// The fields of a timeline event the adapter reads.
#[derive(Debug, Deserialize)]
pub struct TimelineEvent {
    pub event_id: String,
    pub sender: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub content: Value,
    /// Where a redaction points before room version 11 (later: in `content`).
    pub redacts: Option<String>,
    /// The homeserver's time of the event.
    #[serde(default)]
    pub origin_server_ts: u64,
    /// Set on state events (a membership's user).
    pub state_key: Option<String>,
    /// The homeserver's notes on the event; on a state event, `prev_content`: the state it
    /// replaced (a membership before its change).
    #[serde(default)]
    pub unsigned: Value,
    /// Set when this is an `m.room.encrypted` event the bot has no keys for.
    #[serde(skip)]
    pub undecryptable: Option<Undecryptable>,
}

/// Why an encrypted event stayed closed: its Megolm session, and the SDK's reason.
#[derive(Debug, Clone)]
pub struct Undecryptable {
    pub session: String,
    pub reason: String,
}

/// Joins a room the bot was invited to (if it plays there), retrying a few times: the join
/// can race the invite on a busy homeserver.
pub async fn accept_invite(bot: &MatrixBot, room: &str) -> bool {
    if !bot.allowed(room) {
        tracing::info!(room, "invited to a room not in [matrix] rooms: ignored");
        return false;
    }
    for attempt in 1..=3u64 {
        match client::join(&bot.client, room).await {
            Ok(()) => {
                tracing::info!(room, "joined");
                return true;
            }
            Err(e) => {
                tracing::warn!(room, attempt, "joining failed: {e}");
                tokio::time::sleep(std::time::Duration::from_secs(attempt)).await;
            }
        }
    }
    false
}

/// Handles one timeline event of `room`, once.
pub async fn handle_event(bot: &Arc<MatrixBot>, room: &str, event: TimelineEvent) {
    if event.sender == bot.me || !bot.allowed(room) || bot.state().is_seen(&event.event_id) {
        return;
    }
    tracing::debug!(room, event = %event.event_id, kind = %event.kind, sender = %event.sender, "event");
    if let Err(e) = dispatch(bot, room, &event).await {
        tracing::warn!(room, event = %event.event_id, "handling an event failed: {e}");
    }
}

async fn dispatch(
    bot: &Arc<MatrixBot>,
    room: &str,
    event: &TimelineEvent,
) -> Result<(), MatrixError> {
    match event.kind.as_str() {
        "m.room.message" => match command_text(&event.content) {
            Some(text) => {
                mark(bot, event)?;
                command(bot, room, &event.sender, text).await
            }
            None => Ok(()),
        },
        "m.reaction" => reaction(bot, room, event).await,
        "m.room.redaction" => redaction(bot, room, event).await,
        "m.room.member" => super::membership::handle(bot, room, event).await,
        "m.room.encrypted" => match &event.undecryptable {
            Some(why) => undecryptable(bot, room, event, why).await,
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

pub(super) fn mark(bot: &MatrixBot, event: &TimelineEvent) -> Result<(), MatrixError> {
    Ok(bot.state().mark_seen(&event.event_id)?)
}

/// The command in a player's message: `!catan roll` → `roll` (`!catan` alone → `help`).
/// Notices are never commands (bots post notices: no loops).
pub fn command_text(content: &Value) -> Option<String> {
    if content.get("msgtype").and_then(Value::as_str) != Some("m.text") {
        return None;
    }
    let body = content.get("body").and_then(Value::as_str)?.trim();
    let head = body.get(..PREFIX.len())?;
    if !head.eq_ignore_ascii_case(PREFIX) {
        return None;
    }
    let rest = &body[PREFIX.len()..];
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return None;
    }
    let rest = rest.trim();
    Some(if rest.is_empty() { "help" } else { rest }.to_string())
}

async fn command(
    bot: &Arc<MatrixBot>,
    room: &str,
    sender: &str,
    text: String,
) -> Result<(), MatrixError> {
    let caller = bot.caller(room, sender).await?;
    // `help`, `?`, `hilfe`…: Matrix's own help, in the room's language.
    if matches!(command::parse(&text, None), Ok(Command::Help)) {
        let lang = bot.table.call_quiet(move |t| t.lang_at(&caller)).await?;
        client::post(&bot.client, room, &format::text(&help::text(lang))).await?;
        return Ok(());
    }
    play(bot, move |t, now| t.handle_text(&caller, &text, now)).await
}

/// Runs one input on the table, in arrival order, and delivers its replies in the background
/// (their order is kept by the delivery tickets).
pub(super) async fn play<F>(bot: &Arc<MatrixBot>, f: F) -> Result<(), MatrixError>
where
    F: FnOnce(&mut Table, u64) -> Vec<Reply> + Send + 'static,
{
    let replies: OrderedReplies = bot.table.call_replies(move |t| f(t, now_ms())).await?;
    let bot = bot.clone();
    tokio::spawn(async move { deliver(&bot, replies).await });
    Ok(())
}

/// An event the bot cannot decrypt (sent before it had the room's key, or to devices that
/// left it out): it may be a command, so the room is told and the sender asked to resend,
/// once per sender and Megolm session (a missing session hides every message sent with it).
async fn undecryptable(
    bot: &Arc<MatrixBot>,
    room: &str,
    event: &TimelineEvent,
    why: &Undecryptable,
) -> Result<(), MatrixError> {
    mark(bot, event)?;
    tracing::warn!(
        room,
        event = %event.event_id,
        sender = %event.sender,
        session = %why.session,
        reason = %why.reason,
        "cannot decrypt a message (no key for it); asking its sender to send it again"
    );
    if !bot.first_undecryptable(room, &event.sender, &why.session) {
        return Ok(());
    }
    let caller = bot.caller(room, &event.sender).await?;
    let name = caller.name.clone();
    let lang = bot.table.call_quiet(move |t| t.lang_at(&caller)).await?;
    let text = {
        let _scope = crate::i18n::scope(lang);
        crate::t!("mx-cannot-decrypt", name = name)
    };
    let mut notice = format::text(&text);
    notice.mentions = vec![event.sender.clone()];
    client::post(&bot.client, room, &notice).await?;
    Ok(())
}

fn vote(key: &str) -> Option<Reaction> {
    match key.trim_end_matches('\u{fe0f}') {
        "✅" => Some(Reaction::Accept),
        "❌" => Some(Reaction::Decline),
        _ => None,
    }
}

async fn reaction(
    bot: &Arc<MatrixBot>,
    room: &str,
    event: &TimelineEvent,
) -> Result<(), MatrixError> {
    let relation = event.content.get("m.relates_to");
    let field = |name| {
        relation
            .and_then(|r| r.get(name))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let (Some(target), Some(key)) = (field("event_id"), field("key")) else {
        return Ok(());
    };
    if turn_reaction_control(&key).is_none() && vote(&key).is_none() {
        return Ok(());
    }
    mark(bot, event)?;
    bot.state().remember_reaction(
        &event.event_id,
        KnownReaction {
            target: target.clone(),
            key: key.clone(),
            sender: event.sender.clone(),
        },
    )?;
    let caller = bot.caller(room, &event.sender).await?;
    let message = bot.number(Kind::Event, &target)?;
    let turn_message = bot.state().turn_message(&target);
    play(bot, move |t, now| {
        on_reaction(t, &caller, message, turn_message, &key, now)
    })
    .await
}

/// A reaction on a turn message (`turn_message`: its stamp, if the bot knows the message as
/// one) is one of its controls, judged as that message's button would be (a roll or end turn
/// on an earlier turn's message is refused); on a trade offer, an answer.
fn on_reaction(
    t: &mut Table,
    caller: &Caller,
    message: u64,
    turn_message: Option<Option<TurnStamp>>,
    key: &str,
    now: u64,
) -> Vec<Reply> {
    if let (Some(stamp), Some(control)) = (turn_message, turn_reaction_control(key)) {
        return t.handle_turn_control(caller, control, stamp, now);
    }
    match vote(key) {
        Some(vote) => t.handle_reaction(caller, message, vote, now),
        None => Vec::new(),
    }
}

async fn redaction(
    bot: &Arc<MatrixBot>,
    room: &str,
    event: &TimelineEvent,
) -> Result<(), MatrixError> {
    let target = event.redacts.clone().or_else(|| {
        event
            .content
            .get("redacts")
            .and_then(Value::as_str)
            .map(str::to_string)
    });
    let Some(known) = target.and_then(|t| bot.state().reaction(&t).cloned()) else {
        return Ok(());
    };
    let Some(vote) = vote(&known.key) else {
        return Ok(());
    };
    // Only the reaction's author takes it back.
    if known.sender != event.sender {
        return Ok(());
    }
    mark(bot, event)?;
    let caller = bot.caller(room, &event.sender).await?;
    let message = bot.number(Kind::Event, &known.target)?;
    play(bot, move |t, _| {
        t.handle_reaction_removed(&caller, message, vote)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_text_messages_with_the_prefix_are_commands() {
        let text = |body: &str| json!({ "msgtype": "m.text", "body": body });
        assert_eq!(command_text(&text("!catan roll")), Some("roll".into()));
        assert_eq!(
            command_text(&text("  !CATAN  build road 1-2 ")),
            Some("build road 1-2".into())
        );
        assert_eq!(command_text(&text("!catan")), Some("help".into()));
        assert_eq!(command_text(&text("!catanroll")), None);
        assert_eq!(command_text(&text("hello")), None);
        assert_eq!(command_text(&text("!cat")), None);
        assert_eq!(
            command_text(&json!({ "msgtype": "m.notice", "body": "!catan roll" })),
            None,
            "notices are never commands"
        );
    }
}
