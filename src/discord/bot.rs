//! The adapter's shared state: the table behind a mutex, the configuration, what the adapter
//! remembers about posted trade offers, and the edit queue. The table is synchronous and does
//! durable writes, so every call goes through `spawn_blocking`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, MessageId};
use tokio::sync::Notify;

use super::config::Config;
use super::edits::EditQueue;
use super::error::BotError;
use super::host::Table;

/// Everything the commands and event handlers share (poise's user data).
pub struct Bot {
    table: Arc<Mutex<Table>>,
    pub config: Config,
    pub http: Arc<Http>,
    /// Where each open trade offer was posted: (game, offer) → (channel, message).
    offers: Mutex<HashMap<(u64, u32), (ChannelId, MessageId)>>,
    pub edits: Arc<EditQueue>,
    /// Woken after every table call, because deadlines may have moved.
    pub timer_wake: Notify,
}

impl Bot {
    pub fn new(table: Table, config: Config, http: Arc<Http>) -> Bot {
        let edits = Arc::new(EditQueue::new(
            http.clone(),
            std::time::Duration::from_millis(config.edit_debounce_ms),
        ));
        Bot {
            table: Arc::new(Mutex::new(table)),
            config,
            http,
            offers: Mutex::new(HashMap::new()),
            edits,
            timer_wake: Notify::new(),
        }
    }

    /// Runs `f` on the table in a blocking thread. A panic inside the table poisons the lock;
    /// the engine's actions are atomic, so the state is still consistent and we carry on.
    pub async fn with_table<R, F>(&self, f: F) -> Result<R, BotError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> R + Send + 'static,
    {
        let table = self.table.clone();
        let result = tokio::task::spawn_blocking(move || {
            let mut guard = table.lock().unwrap_or_else(|poisoned| {
                tracing::error!("the table panicked earlier; continuing with its last state");
                poisoned.into_inner()
            });
            f(&mut guard)
        })
        .await
        .map_err(|e| BotError::TableTask(e.to_string()))?;
        self.timer_wake.notify_one();
        Ok(result)
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
