//! The Matrix adapter (matrix-sdk 0.18, end-to-end encryption with the SDK's SQLite store): a
//! thin translation between a Matrix homeserver and the table, beside `discord/` and
//! `console/`. No game logic lives here.
//!
//! - `client`: the homeserver calls (post, edit, react, upload, join, direct rooms).
//! - `inbound`: invites, `!catan …` commands, reactions and their removal → table inputs;
//!   `membership`: players who leave the room or come back → the table's `player_left` /
//!   `player_returned`.
//! - `power`: what the room's power levels forbid the bot (posting, reacting, redacting),
//!   told once per room and problem where someone can see it (the room, else the inviter).
//! - `deliver` / `format`: the table's replies → `m.notice` (HTML), `m.image`, edits.
//! - `login`: the session and the SDK's store (crypto keys), one device for good.
//! - `identity`: the bot's cross-signing identity and key backup, made once (its recovery key
//!   printed once for the host), restored with that key if the store is lost.
//! - `state`: what survives a restart (session, sync position, handled events, id mapping,
//!   direct rooms, reactions); `ids`: Matrix ids as the table's numbers.
//! - Shared with Discord (`crate::hosting`): the table handle, delivery order, debounced
//!   edits and the timer task.
//! - `sync`: the sync loop. The SDK processes each `/sync` answer (keys, devices, room state)
//!   and decrypts it; the adapter handles it event by event, then saves its position; a
//!   dropped connection is retried for ever, with `backoff`'s pauses (1 s up to 8 s, jittered).

mod backoff;
mod bot;
mod client;
mod deliver;
mod error;
mod format;
mod help;
mod identity;
mod ids;
pub use self::ids::{MATRIX_ID_BIT, PLATFORM};
mod inbound;
mod login;
mod membership;
mod power;
mod state;
mod sync;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use self::bot::MatrixBot;
pub use self::error::MatrixError;
use self::state::State;
use crate::config::MatrixConfig;
use crate::hosting::{Outlets, TableHandle, offers};

/// Logs in, then serves the rooms the bot is in until the process stops. Returns only on a
/// fatal error (a refused login).
pub async fn serve(
    settings: &MatrixConfig,
    data_dir: &Path,
    table: TableHandle,
    outlets: Arc<Outlets>,
) -> Result<(), MatrixError> {
    // Before anything waits: from here on, the timer's replies for Matrix wait for it.
    outlets.register(PLATFORM)?;
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
    sync::prepare(&bot, outlets.reachability()).await?;
    // After a first sync: a new device has uploaded its keys by then.
    match identity::establish(&bot.client, settings, &dir).await {
        Ok(outcome) => tracing::debug!(?outcome, "the bot's Matrix identity"),
        // The bot still plays; clients that trust only cross-signed devices may ignore it.
        Err(e) => tracing::error!("{e}"),
    }
    let outlet_bot = bot.clone();
    outlets.connect(
        PLATFORM,
        Arc::new(move |replies| {
            let bot = outlet_bot.clone();
            Box::pin(async move { deliver::deliver(&bot, replies).await })
        }),
    )?;
    post_startup_notices(&bot).await;
    tracing::info!(user = %settings.user, homeserver = %settings.homeserver, "serving Matrix");
    sync::run(&bot, outlets.reachability()).await
}

/// Posts the table's start-up notices for Matrix rooms (games found damaged at start-up) and
/// edits every open trade offer's message to what it should show now.
async fn post_startup_notices(bot: &Arc<MatrixBot>) {
    match offers::startup_batch(&bot.table, PLATFORM).await {
        Ok(ours) => deliver::deliver(bot, ours).await,
        Err(e) => tracing::error!("reading the start-up notices failed: {e}"),
    }
}
