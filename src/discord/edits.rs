//! Debounced edits of posted messages: several updates of one message within the debounce
//! window become one edit carrying the latest text (Discord rate-limits message edits). Edits
//! of one message are sent one at a time, so a slow edit (a board upload) is never overtaken
//! by a later one and the message ends up showing the latest content.

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
    /// Per message being edited: held while its edit is sent (waiters queue in order).
    sending: Mutex<HashMap<MessageId, Arc<tokio::sync::Mutex<()>>>>,
}

impl EditQueue {
    pub fn new(http: Arc<Http>, debounce: Duration) -> EditQueue {
        EditQueue {
            http,
            debounce,
            pending: Mutex::new(HashMap::new()),
            sending: Mutex::new(HashMap::new()),
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
        let turn = self
            .sending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(message)
            .or_default()
            .clone();
        {
            let _sending = turn.lock().await;
            // Taken only now: what was submitted while an earlier edit was in flight goes out
            // as one edit with the latest content.
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
        let mut sending = self.sending.lock().unwrap_or_else(|p| p.into_inner());
        // Ours and the map's: nobody else waits for this message.
        if Arc::strong_count(&turn) <= 2 {
            sending.remove(&message);
        }
    }
}
