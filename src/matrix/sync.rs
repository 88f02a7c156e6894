//! The sync loop. matrix-sdk processes every `/sync` answer (`Client::sync_once`): to-device
//! events carrying room keys, device lists, one-time keys, room state and encryption; and it
//! decrypts the timeline. The adapter then handles the (decrypted) events of each answer one
//! by one and saves the position in its own state log, so the at-most-once guarantee of
//! `state.rs` holds whatever the SDK keeps.
//!
//! The position is ours, not the SDK's: each sync names the token the state log holds.
//!
//! Each answer or failure also says whether the homeserver can be reached (the timer holds
//! Matrix games' timers while it cannot: `hosting::reach`).

use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::config::{SyncSettings, SyncToken};
use matrix_sdk::deserialized_responses::TimelineEvent as SdkEvent;
use matrix_sdk::room::MessagesOptions;
use matrix_sdk::ruma::UInt;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::store::StateStoreDataKey;
use matrix_sdk::sync::SyncResponse;
use matrix_sdk::{Client, Room};

use super::PLATFORM;
use super::backoff::Backoff;
use super::bot::MatrixBot;
use super::client;
use super::error::MatrixError;
use super::inbound::{self, TimelineEvent};
use super::power;
use crate::hosting::reach::Reachability;
use serde_json::Value;

/// How long one `/sync` waits for news on the homeserver.
const SYNC_WAIT: Duration = Duration::from_secs(30);
/// Events per room one `/sync` may bring (the homeserver's default is 10).
const TIMELINE_LIMIT: u32 = 100;
/// Events read back per room when more happened while the bot was away than a sync brings.
const GAP_READ_MAX: usize = 2_000;
/// Events one `/messages` page asks for.
const GAP_PAGE: u32 = 100;

/// Before the first handled sync: on a first start, one sync whose events are history (not
/// commands) and whose invites are accepted. Also when the SDK's store is new while the
/// adapter has a position (a data directory from a build without encryption, or a store
/// moved aside): the SDK must learn the rooms, their members and encryption before the bot
/// sends; the events of that sync are not handled either (the saved position brings them).
pub async fn prepare(bot: &Arc<MatrixBot>, reach: &Reachability) -> Result<(), MatrixError> {
    let first_start = bot.state().sync_token().is_none();
    let sdk_fresh = matches!(
        bot.client
            .state_store()
            .get_kv_data(StateStoreDataKey::SyncToken)
            .await,
        Ok(None)
    );
    if !first_start && !sdk_fresh {
        return Ok(());
    }
    let now = sync_until_answered(&bot.client, None, Duration::ZERO, reach).await;
    accept_invites(bot, &now).await;
    if first_start {
        bot.state().save_sync_token(&now.next_batch, 0)?;
    }
    Ok(())
}

/// Syncs and handles what each answer brings, for ever (returns only when the state log
/// cannot be written).
pub async fn run(bot: &Arc<MatrixBot>, reach: &Reachability) -> Result<(), MatrixError> {
    power::check_all(bot).await;
    loop {
        let since = bot.state().sync_token().map(str::to_string);
        let response = sync_until_answered(&bot.client, since, SYNC_WAIT, reach).await;
        handle(bot, response).await?;
    }
}

/// One `/sync` (from `since`, or from scratch), repeated while the homeserver cannot be
/// reached, after a pause of at most a few seconds ([`Backoff`]).
async fn sync_until_answered(
    client: &Client,
    since: Option<String>,
    wait: Duration,
    reach: &Reachability,
) -> SyncResponse {
    let mut backoff = Backoff::from_entropy();
    loop {
        let mut filter = FilterDefinition::default();
        filter.room.timeline.limit = Some(UInt::from(TIMELINE_LIMIT));
        let token = since
            .clone()
            .map_or(SyncToken::NoToken, SyncToken::Specific);
        let settings = SyncSettings::default()
            .filter(Filter::FilterDefinition(filter))
            .timeout(wait)
            .token(token);
        match client.sync_once(settings).await {
            Ok(response) => {
                reach.reachable(PLATFORM);
                return response;
            }
            Err(e) => {
                reach.unreachable(PLATFORM);
                let pause = backoff.next_pause();
                tracing::warn!(
                    "cannot sync with the homeserver ({e}), retrying in {:.1} s",
                    pause.as_secs_f64()
                );
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// Handles one sync answer: invites, then each room's new events in order; then saves the
/// position (an event handled before a crash is skipped when the batch comes again).
async fn handle(bot: &Arc<MatrixBot>, response: SyncResponse) -> Result<(), MatrixError> {
    accept_invites(bot, &response).await;
    let handled_until = bot.state().handled_until_ms();
    let mut newest = handled_until;
    for (room_id, joined) in &response.rooms.joined {
        let room = room_id.as_str();
        let mut events: Vec<TimelineEvent> =
            joined.timeline.events.iter().filter_map(ours).collect();
        skip_undecryptable_history(bot, room, &mut events);
        // More happened since the last position than one sync brings (the bot was away):
        // read the gap first. Not in a room the bot joined in this very batch (one it just
        // made or was invited to): nothing before its own join is the bot's to read, and the
        // SDK has not stored that room's state yet, so reading would fail noisily.
        if joined.timeline.limited
            && handled_until > 0
            && !events.iter().any(|e| is_own_join(bot, e))
            && let Some(gap_end) = &joined.timeline.prev_batch
            && let Some(sdk_room) = bot.client.get_room(room_id)
        {
            let mut gap = read_gap(bot, &sdk_room, gap_end, handled_until).await;
            gap.append(&mut events);
            events = gap;
        }
        for event in events {
            newest = newest.max(event.origin_server_ts);
            inbound::handle_event(bot, room, event).await;
        }
        if power::may_change(bot, joined)
            && let Some(sdk_room) = bot.client.get_room(room_id)
        {
            power::check(bot, &sdk_room).await;
        }
    }
    bot.state().save_sync_token(&response.next_batch, newest)?;
    Ok(())
}

/// Joins the rooms the bot is invited to, remembering who invited it to each.
async fn accept_invites(bot: &MatrixBot, response: &SyncResponse) {
    for (room, invited) in &response.rooms.invited {
        let state: Vec<Value> = invited
            .invite_state
            .events
            .iter()
            .filter_map(|e| serde_json::from_str(e.json().get()).ok())
            .collect();
        power::remember_inviter(bot, room.as_str(), &state);
        if inbound::accept_invite(bot, room.as_str()).await
            && let Some(player) = direct_inviter(bot, &state)
        {
            // The player's own direct chat with the bot: their private replies go there
            // from now on, rather than into a second one the bot would make.
            if let Err(e) = bot.state().remember_dm(player, room.as_str()) {
                tracing::warn!(room = %room, "could not remember a direct room: {e}");
            }
        }
    }
}

/// Who invited the bot to a direct chat (an invite marked `is_direct`, as Element's "start
/// a chat" makes), from the invite's state.
fn direct_inviter<'a>(bot: &MatrixBot, invite_state: &'a [Value]) -> Option<&'a str> {
    invite_state.iter().find_map(|e| {
        let own = e["type"] == "m.room.member" && e["state_key"] == bot.me.as_str();
        (own && e["content"]["is_direct"] == true)
            .then(|| e["sender"].as_str())
            .flatten()
    })
}

/// Drops the undecryptable events sent before the bot's own join in this batch (the first
/// sync of a room just joined brings its recent history): their keys were never meant for
/// the bot, so asking their senders to resend would be noise.
fn skip_undecryptable_history(bot: &MatrixBot, room: &str, events: &mut Vec<TimelineEvent>) {
    let Some(join) = events.iter().rposition(|e| is_own_join(bot, e)) else {
        return;
    };
    let before = events.len();
    let mut index = 0;
    events.retain(|e| {
        index += 1;
        index > join || e.undecryptable.is_none()
    });
    if events.len() < before {
        tracing::debug!(
            room,
            skipped = before - events.len(),
            "encrypted history from before the bot joined cannot be read: skipped"
        );
    }
}

/// Whether `event` is the bot joining the room.
fn is_own_join(bot: &MatrixBot, event: &TimelineEvent) -> bool {
    event.kind == "m.room.member"
        && event.state_key.as_deref() == Some(bot.me.as_str())
        && event.content.get("membership").and_then(|m| m.as_str()) == Some("join")
}

/// The fields the adapter reads of an event as the SDK gives it: decrypted when it could be,
/// else the `m.room.encrypted` event marked undecryptable.
fn ours(event: &SdkEvent) -> Option<TimelineEvent> {
    let mut found: TimelineEvent = serde_json::from_str(event.raw().json().get()).ok()?;
    if let matrix_sdk::deserialized_responses::TimelineEventKind::UnableToDecrypt {
        utd_info, ..
    } = &event.kind
    {
        found.undecryptable = Some(inbound::Undecryptable {
            session: utd_info.session_id.clone().unwrap_or_default(),
            reason: format!("{:?}", utd_info.reason),
        });
    }
    Some(found)
}

/// Events of `room` before `from` back to what was handled before (by the homeserver's
/// time), the bot's own join, or [`GAP_READ_MAX`] events; oldest first. The SDK decrypts
/// them (the keys came with earlier syncs).
async fn read_gap(
    bot: &MatrixBot,
    room: &Room,
    from: &str,
    handled_until: u64,
) -> Vec<TimelineEvent> {
    let room_id = room.room_id().to_string();
    let mut gap = Vec::new();
    let mut from = from.to_string();
    'pages: while gap.len() < GAP_READ_MAX {
        let mut options = MessagesOptions::backward().from(from.as_str());
        options.limit = UInt::from(GAP_PAGE);
        let page = match room.messages(options).await {
            Ok(page) => page,
            Err(e) => {
                tracing::warn!(
                    room = room_id,
                    "reading what happened while the bot was away failed: {e}"
                );
                break;
            }
        };
        for event in page.chunk.iter().filter_map(ours) {
            let own_join = event.kind == "m.room.member"
                && event.state_key.as_deref() == Some(bot.me.as_str());
            if event.origin_server_ts <= handled_until || own_join {
                break 'pages;
            }
            gap.push(event);
        }
        match page.end {
            Some(next) if next != from => from = next,
            _ => break,
        }
    }
    if gap.len() >= GAP_READ_MAX {
        tracing::warn!(
            room = room_id,
            "more than {GAP_READ_MAX} events arrived while the bot was away; older ones are not read"
        );
    }
    gap.reverse();
    gap
}

/// The SDK's room for `room`, which it knows from the syncs (joined, with its members and
/// encryption).
pub fn room(client: &Client, room: &str) -> Result<Room, MatrixError> {
    client
        .get_room(&client::room_id(room)?)
        .ok_or_else(|| MatrixError::UnknownRoom(room.to_string()))
}
