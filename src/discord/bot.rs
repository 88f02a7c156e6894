//! The adapter's shared state: the table (see [`TableHandle`]), the configuration, what the
//! adapter remembers about posted trade offers, and the edit queue.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, MessageId};

use super::config::Config;
use super::error::BotError;
use super::host::{Table, TableHandle};
use super::message::{Outgoing, edit_message};
use crate::hosting::edits::{EditQueue, Editor};

/// Everything the commands and event handlers share (poise's user data).
pub struct Bot {
    pub table: TableHandle,
    pub config: Config,
    pub http: Arc<Http>,
    /// Where each open trade offer was posted: (game, offer) → (channel, message).
    offers: Mutex<HashMap<(u64, u32), (ChannelId, MessageId)>>,
    pub edits: Arc<EditQueue<(ChannelId, MessageId), Outgoing>>,
}

impl Bot {
    pub fn new(table: TableHandle, config: Config, http: Arc<Http>) -> Bot {
        let edit_http = http.clone();
        let editor: Editor<(ChannelId, MessageId), Outgoing> =
            Arc::new(move |(channel, message), content| {
                let http = edit_http.clone();
                Box::pin(async move {
                    channel
                        .edit_message(&http, message, edit_message(&content))
                        .await
                        .map(drop)
                        .map_err(|e| e.to_string())
                })
            });
        let edits = Arc::new(EditQueue::new(
            editor,
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
        Ok(self.table.call(f).await?)
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

pub use crate::hosting::now_ms;
