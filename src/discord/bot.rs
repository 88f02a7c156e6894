//! The adapter's shared state: the table (see [`TableHandle`]), the configuration, what the
//! adapter remembers about posted trade offers, and the edit queue.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, MessageId};

use super::config::Config;
use super::edits::EditQueue;
use super::error::BotError;
use super::host::{Table, TableHandle};

/// Everything the commands and event handlers share (poise's user data).
pub struct Bot {
    pub table: TableHandle,
    pub config: Config,
    pub http: Arc<Http>,
    /// Where each open trade offer was posted: (game, offer) → (channel, message).
    offers: Mutex<HashMap<(u64, u32), (ChannelId, MessageId)>>,
    pub edits: Arc<EditQueue>,
}

impl Bot {
    pub fn new(table: TableHandle, config: Config, http: Arc<Http>) -> Bot {
        let edits = Arc::new(EditQueue::new(
            http.clone(),
            std::time::Duration::from_millis(config.edit_debounce_ms),
        ));
        Bot {
            table,
            config,
            http,
            offers: Mutex::new(HashMap::new()),
            edits,
        }
    }

    /// Runs `f` on the table for a player's input (wakes the timer: deadlines may move).
    pub async fn with_table<R, F>(&self, f: F) -> Result<R, BotError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> R + Send + 'static,
    {
        self.table.call(f).await
    }

    pub fn remember_offer(&self, game: u64, offer: u32, channel: ChannelId, message: MessageId) {
        self.offers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert((game, offer), (channel, message));
    }

    pub fn offer_message(&self, game: u64, offer: u32) -> Option<(ChannelId, MessageId)> {
        self.offers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&(game, offer))
            .copied()
    }
}

/// Milliseconds since the Unix epoch: the table's clock.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
