//! The adapter's shared state: the table (see [`TableHandle`]), the configuration and the edit
//! queue. Where trade offers were posted is the table's to remember (it survives restarts).

use std::sync::Arc;

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
}

pub use crate::hosting::now_ms;
