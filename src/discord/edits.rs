//! Debounced edits of posted messages: several updates of one trade offer within the debounce
//! window become one edit carrying the latest text (Discord rate-limits message edits).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, MessageId};

use super::message::{Outgoing, edit_message};

pub struct EditQueue {
    http: Arc<Http>,
    debounce: Duration,
    pending: Mutex<HashMap<MessageId, (ChannelId, Outgoing)>>,
}

impl EditQueue {
    pub fn new(http: Arc<Http>, debounce: Duration) -> EditQueue {
        EditQueue {
            http,
            debounce,
            pending: Mutex::new(HashMap::new()),
        }
    }

    /// Schedules `message` to show `content`; a later call before the edit is sent replaces
    /// this one.
    pub fn submit(self: &Arc<Self>, channel: ChannelId, message: MessageId, content: Outgoing) {
        let first = self
            .pending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(message, (channel, content))
            .is_none();
        if first {
            let queue = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(queue.debounce).await;
                queue.flush(message).await;
            });
        }
    }

    async fn flush(&self, message: MessageId) {
        let item = self
            .pending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&message);
        if let Some((channel, content)) = item
            && let Err(e) = channel
                .edit_message(&self.http, message, edit_message(&content))
                .await
        {
            tracing::warn!(%channel, %message, "editing a message failed: {e}");
        }
    }
}
