//! Debounced edits of posted messages: several updates of one message within the debounce
//! window become one edit carrying the latest content (chat platforms rate-limit edits). Edits
//! of one message are sent one at a time, so a slow edit (a board upload) is never overtaken
//! by a later one and the message ends up showing the latest content. Each adapter supplies
//! how an edit is sent ([`Editor`]) and what identifies a message.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Sends one edit: message, new content → a short reason on failure (logged).
pub type Editor<M, C> =
    Arc<dyn Fn(M, C) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send>> + Send + Sync>;

pub struct EditQueue<M, C> {
    editor: Editor<M, C>,
    debounce: Duration,
    pending: Mutex<HashMap<M, C>>,
    /// Per message being edited: held while its edit is sent (waiters queue in order).
    sending: Mutex<HashMap<M, Arc<tokio::sync::Mutex<()>>>>,
}

impl<M, C> EditQueue<M, C>
where
    M: Clone + Eq + Hash + std::fmt::Debug + Send + Sync + 'static,
    C: Send + 'static,
{
    pub fn new(editor: Editor<M, C>, debounce: Duration) -> EditQueue<M, C> {
        EditQueue {
            editor,
            debounce,
            pending: Mutex::new(HashMap::new()),
            sending: Mutex::new(HashMap::new()),
        }
    }

    /// Schedules `message` to show `content`; a later call before the edit is sent replaces
    /// this one.
    pub fn submit(self: &Arc<Self>, message: M, content: C) {
        let first = self
            .pending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(message.clone(), content)
            .is_none();
        if first {
            let queue = self.clone();
            tokio::spawn(async move {
                tokio::time::sleep(queue.debounce).await;
                queue.flush(message).await;
            });
        }
    }

    async fn flush(&self, message: M) {
        let turn = self
            .sending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(message.clone())
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
            if let Some(content) = item
                && let Err(e) = (self.editor)(message.clone(), content).await
            {
                tracing::warn!(?message, "editing a message failed: {e}");
            }
        }
        let mut sending = self.sending.lock().unwrap_or_else(|p| p.into_inner());
        // Ours and the map's: nobody else waits for this message.
        if Arc::strong_count(&turn) <= 2 {
            sending.remove(&message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn updates_within_the_window_become_one_edit_with_the_latest_content() {
        let sent = Arc::new(Mutex::new(Vec::new()));
        let log = sent.clone();
        let editor: Editor<u32, &'static str> = Arc::new(move |m, c| {
            log.lock().unwrap().push((m, c));
            Box::pin(async { Ok(()) })
        });
        let queue = Arc::new(EditQueue::new(editor, Duration::from_secs(1)));
        queue.submit(7, "first");
        queue.submit(7, "second");
        queue.submit(8, "other");
        // Paused clock: the sleep ends exactly when every task waits.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let mut got = sent.lock().unwrap().clone();
        got.sort();
        assert_eq!(got, vec![(7, "second"), (8, "other")]);
    }
}
