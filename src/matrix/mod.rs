//! The Matrix adapter (matrix-sdk 0.18, no encryption): a thin translation between a Matrix
//! homeserver and the table, beside `discord/` and `console/`. No game logic lives here.
//!
//! - `client`: the homeserver calls (post, edit, react, upload, join, direct rooms).
//! - `inbound`: invites, `!catan …` commands, reactions and their removal → table inputs.
//! - `deliver` / `format`: the table's replies → `m.notice` (HTML), `m.image`, edits.
//! - `state`: what survives a restart (session, sync position, handled events, id mapping,
//!   direct rooms, reactions); `ids`: Matrix ids as the table's numbers.
//! - Shared with Discord (`crate::hosting`): the table handle, delivery order, debounced
//!   edits and the timer task.
//!
//! The sync loop is ours, not the SDK's: each `/sync` answer is handled event by event, then
//! its position saved; a dropped connection is retried with backoff for ever.

mod bot;
mod client;
mod deliver;
mod error;
mod format;
mod help;
mod ids;
mod inbound;
mod login;
mod state;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::config::RequestConfig;
use matrix_sdk::ruma::UInt;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::sync::sync_events;

use self::bot::MatrixBot;
pub use self::error::MatrixError;
use self::inbound::TimelineEvent;
use self::state::State;
use crate::config::MatrixConfig;
use crate::hosting::{Outlets, Platform, TableHandle};

/// How long one `/sync` waits for news on the homeserver.
const SYNC_WAIT: Duration = Duration::from_secs(30);
/// Events per room one `/sync` may bring (the homeserver's default is 10).
const TIMELINE_LIMIT: u32 = 100;
/// Events read back per room when more happened while the bot was away than a sync brings.
const GAP_READ_MAX: usize = 2_000;

/// Logs in, then serves the rooms the bot is in until the process stops. Returns only on a
/// fatal error (a refused login).
pub async fn serve(
    settings: &MatrixConfig,
    data_dir: &Path,
    table: TableHandle,
    outlets: Arc<Outlets>,
) -> Result<(), MatrixError> {
    let dir = data_dir.join("matrix");
    let state = tokio::task::block_in_place(|| State::open(&dir))?;
    let client = login::login(settings, &dir).await?;
    let bot = Arc::new(MatrixBot::new(
        client,
        table,
        settings.user.clone(),
        settings.rooms.clone(),
        state,
        Duration::from_millis(settings.edit_debounce_ms),
    ));
    if bot.state().sync_token().is_none() {
        // First start: what happened before the bot was here is history, not commands.
        let now = sync_until_answered(&bot.client, None, Duration::ZERO).await;
        for room in now.rooms.invite.keys() {
            inbound::accept_invite(&bot, room.as_str()).await;
        }
        bot.state().save_sync_token(&now.next_batch, 0)?;
    }
    let outlet_bot = bot.clone();
    outlets.connect(
        Platform::Matrix,
        Arc::new(move |replies| {
            let bot = outlet_bot.clone();
            Box::pin(async move { deliver::deliver(&bot, replies).await })
        }),
    );
    post_startup_notices(&bot).await;
    tracing::info!(user = %settings.user, homeserver = %settings.homeserver, "serving Matrix");
    loop {
        let since = bot.state().sync_token().map(str::to_string);
        let response = sync_until_answered(&bot.client, since, SYNC_WAIT).await;
        handle(&bot, response).await?;
    }
}

/// One `/sync`, repeated with a growing pause while the homeserver cannot be reached.
async fn sync_until_answered(
    client: &Client,
    since: Option<String>,
    wait: Duration,
) -> sync_events::v3::Response {
    let mut pause_s = 1;
    loop {
        let mut filter = FilterDefinition::default();
        filter.room.timeline.limit = Some(UInt::from(TIMELINE_LIMIT));
        let mut request = sync_events::v3::Request::new();
        request.filter = Some(filter.into());
        request.since = since.clone();
        request.timeout = Some(wait);
        // The long poll must not outlast the HTTP timeout (30 s by default).
        let config = RequestConfig::new().timeout(wait + Duration::from_secs(30));
        match client.send(request).with_request_config(config).await {
            Ok(response) => return response,
            Err(e) => {
                tracing::warn!("cannot reach the homeserver ({e}), retrying in {pause_s} s");
                tokio::time::sleep(Duration::from_secs(pause_s)).await;
                pause_s = (pause_s * 2).min(60);
            }
        }
    }
}

/// Handles one sync answer: invites, then each room's new events in order; then saves the
/// position (an event handled before a crash is skipped when the batch comes again).
async fn handle(
    bot: &Arc<MatrixBot>,
    response: sync_events::v3::Response,
) -> Result<(), MatrixError> {
    for room in response.rooms.invite.keys() {
        inbound::accept_invite(bot, room.as_str()).await;
    }
    let handled_until = bot.state().handled_until_ms();
    let mut newest = handled_until;
    for (room, joined) in &response.rooms.join {
        let mut events: Vec<TimelineEvent> = joined
            .timeline
            .events
            .iter()
            .filter_map(|raw| raw.deserialize_as_unchecked().ok())
            .collect();
        // More happened since the last position than one sync brings (the bot was away):
        // read the gap first. Not on the first sync of a room just joined (`handled_until`
        // is then older than the room, or the bot's own join stops the reading).
        if joined.timeline.limited
            && handled_until > 0
            && let Some(gap_end) = &joined.timeline.prev_batch
        {
            let mut gap = read_gap(bot, room.as_str(), gap_end, handled_until).await;
            gap.append(&mut events);
            events = gap;
        }
        for event in events {
            newest = newest.max(event.origin_server_ts);
            inbound::handle_event(bot, room.as_str(), event).await;
        }
    }
    bot.state().save_sync_token(&response.next_batch, newest)?;
    Ok(())
}

/// Events of `room` before `from` back to what was handled before (by the homeserver's
/// time), the bot's own join, or [`GAP_READ_MAX`] events; oldest first.
async fn read_gap(
    bot: &MatrixBot,
    room: &str,
    from: &str,
    handled_until: u64,
) -> Vec<TimelineEvent> {
    let mut gap = Vec::new();
    let mut from = from.to_string();
    'pages: while gap.len() < GAP_READ_MAX {
        let (page, next) = match client::page_back(&bot.client, room, &from).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(
                    room,
                    "reading what happened while the bot was away failed: {e}"
                );
                break;
            }
        };
        for value in page {
            let Ok(event) = serde_json::from_value::<TimelineEvent>(value) else {
                continue;
            };
            let own_join = event.kind == "m.room.member"
                && event.state_key.as_deref() == Some(bot.me.as_str());
            if event.origin_server_ts <= handled_until || own_join {
                break 'pages;
            }
            gap.push(event);
        }
        match next {
            Some(next) if next != from => from = next,
            _ => break,
        }
    }
    if gap.len() >= GAP_READ_MAX {
        tracing::warn!(
            room,
            "more than {GAP_READ_MAX} events arrived while the bot was away; older ones are not read"
        );
    }
    gap.reverse();
    gap
}

/// Posts the table's start-up notices for Matrix rooms (games found damaged at start-up).
async fn post_startup_notices(bot: &Arc<MatrixBot>) {
    match bot
        .table
        .call_quiet_replies(|t| t.startup_notices().to_vec())
        .await
    {
        Ok(notices) => {
            let (ours, _) = notices.split(|id| Platform::of(id) == Platform::Matrix);
            deliver::deliver(bot, ours).await;
        }
        Err(e) => tracing::error!("reading the start-up notices failed: {e}"),
    }
}
