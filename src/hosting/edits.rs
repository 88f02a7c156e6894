//! Debounced edits of posted messages, leading edge: an edit of a message not edited within the
//! debounce window goes out at once (a roll shows without delay); what arrives within the
//! window after it is merged into one trailing edit with the latest content, sent when the
//! window ends. So a message is edited at most once per window (chat platforms rate-limit
//! edits) and always ends up showing the latest content. Edits of one message are sent one at
//! a time, by one task per message being edited, so a slow edit (a board upload) is never
//! overtaken by a later one. Each adapter supplies how an edit is sent ([`Editor`]) and what
//! identifies a message.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::time::Instant;

/// Sends one edit: message, new content → a short reason on failure (logged).
pub type Editor<M, C> =
    Arc<dyn Fn(M, C) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send>> + Send + Sync>;

pub struct EditQueue<M, C> {
    editor: Editor<M, C>,
    debounce: Duration,
    /// Messages whose window is open (an edit task runs for each), with the content still to
    /// be sent when the window ends, if any.
    open: Mutex<HashMap<M, Option<C>>>,
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
            open: Mutex::new(HashMap::new()),
        }
    }

    /// Makes `message` show `content`: at once when its window is closed, else at the end of
    /// the window, unless a later call replaces this content first.
    pub fn submit(self: &Arc<Self>, message: M, content: C) {
        let mut open = self.open();
        if let Some(waiting) = open.get_mut(&message) {
            *waiting = Some(content);
            return;
        }
        open.insert(message.clone(), Some(content));
        drop(open);
        let queue = self.clone();
        tokio::spawn(async move { queue.edit_while_submitted(message).await });
    }

    /// The task of one message: sends what is waiting, then keeps the window open for the
    /// debounce time after each edit's start; ends, closing the window, after a window in
    /// which nothing was submitted.
    async fn edit_while_submitted(&self, message: M) {
        let mut close = CloseOnUnwind {
            open: &self.open,
            message: Some(message.clone()),
        };
        loop {
            let content = {
                let mut open = self.open();
                match open.get_mut(&message).and_then(Option::take) {
                    Some(content) => content,
                    None => {
                        // Under the same lock as `submit`: a submit either came before (and
                        // was sent) or finds the window closed (and starts a task).
                        open.remove(&message);
                        close.message = None;
                        return;
                    }
                }
            };
            let started = Instant::now();
            if let Err(e) = (self.editor)(message.clone(), content).await {
                tracing::warn!(?message, "editing a message failed: {e}");
            }
            tokio::time::sleep_until(started + self.debounce).await;
        }
    }

    fn open(&self) -> MutexGuard<'_, HashMap<M, Option<C>>> {
        // Short, panic-free critical sections.
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Closes a message's window when its task ends other than by closing it (a panicking editor,
/// a cancelled task), so later edits of that message are not stuck behind it.
struct CloseOnUnwind<'a, M: Eq + Hash, C> {
    open: &'a Mutex<HashMap<M, Option<C>>>,
    message: Option<M>,
}

impl<M: Eq + Hash, C> Drop for CloseOnUnwind<'_, M, C> {
    fn drop(&mut self) {
        if let Some(message) = self.message.take() {
            self.open
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: Duration = Duration::from_secs(1);

    /// Edits as sent: (message, content, when the edit started after `t0`).
    type Sent = Arc<Mutex<Vec<(u32, &'static str, Duration)>>>;

    /// A queue whose editor records each edit and takes `slow` to send one whose content
    /// starts with "slow", and panics on "boom".
    fn queue(t0: Instant, slow: Duration) -> (Arc<EditQueue<u32, &'static str>>, Sent) {
        let sent: Sent = Arc::new(Mutex::new(Vec::new()));
        let log = sent.clone();
        let editor: Editor<u32, &'static str> = Arc::new(move |m, c| {
            assert_ne!(c, "boom", "the editor failed");
            log.lock().unwrap().push((m, c, t0.elapsed()));
            Box::pin(async move {
                if c.starts_with("slow") {
                    tokio::time::sleep(slow).await;
                }
                Ok(())
            })
        });
        (Arc::new(EditQueue::new(editor, WINDOW)), sent)
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Paused clock: a sleep ends exactly when every task waits, so all times are exact.
    async fn at(t0: Instant, after: Duration) {
        tokio::time::sleep_until(t0 + after).await;
    }

    #[tokio::test(start_paused = true)]
    async fn the_first_edit_is_sent_without_waiting() {
        let t0 = Instant::now();
        let (queue, sent) = queue(t0, Duration::ZERO);
        queue.submit(7, "rolled 8");
        // When it was sent is recorded by the (paused) clock, whatever runs first meanwhile.
        at(t0, ms(10_000)).await;
        assert_eq!(*sent.lock().unwrap(), vec![(7, "rolled 8", Duration::ZERO)]);
    }

    #[tokio::test(start_paused = true)]
    async fn a_burst_within_the_window_becomes_one_trailing_edit_with_the_last_content() {
        let t0 = Instant::now();
        let (queue, sent) = queue(t0, Duration::ZERO);
        queue.submit(7, "first");
        queue.submit(8, "other");
        for (t, content) in [(100, "second"), (400, "third"), (999, "fourth")] {
            at(t0, ms(t)).await;
            queue.submit(7, content);
        }
        at(t0, ms(10_000)).await;
        let mut got = sent.lock().unwrap().clone();
        got.sort_by_key(|&(m, _, t)| (m, t));
        assert_eq!(
            got,
            vec![
                (7, "first", Duration::ZERO),
                (7, "fourth", WINDOW),
                (8, "other", Duration::ZERO),
            ]
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_message_is_edited_at_most_once_per_window() {
        let t0 = Instant::now();
        let (queue, sent) = queue(t0, Duration::ZERO);
        const CONTENTS: [&str; 5] = ["a", "b", "c", "d", "e"];
        // A new content every 70 ms for 5 s (not a divisor of the window).
        for i in 0..72u64 {
            at(t0, ms(70 * i)).await;
            queue.submit(7, CONTENTS[i as usize % CONTENTS.len()]);
        }
        at(t0, ms(20_000)).await;
        let got = sent.lock().unwrap().clone();
        for pair in got.windows(2) {
            assert!(pair[1].2 - pair[0].2 >= WINDOW, "{got:?}");
        }
        assert_eq!(got.len(), 6, "at 0, 1, 2, 3, 4 and 5 s: {got:?}");
        assert_eq!(got.last().unwrap().1, CONTENTS[71 % CONTENTS.len()]);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_edit_is_never_overtaken() {
        let t0 = Instant::now();
        let (queue, sent) = queue(t0, ms(3_000));
        queue.submit(7, "slow board");
        at(t0, ms(500)).await;
        queue.submit(7, "later");
        at(t0, ms(10_000)).await;
        assert_eq!(
            *sent.lock().unwrap(),
            vec![(7, "slow board", Duration::ZERO), (7, "later", ms(3_000))]
        );
    }

    #[tokio::test(start_paused = true)]
    async fn after_a_quiet_window_the_next_edit_is_sent_at_once_again() {
        let t0 = Instant::now();
        let (queue, sent) = queue(t0, Duration::ZERO);
        queue.submit(7, "first");
        at(t0, ms(2_500)).await;
        assert!(queue.open().is_empty(), "the window closed");
        queue.submit(7, "second");
        at(t0, ms(10_000)).await;
        assert_eq!(
            *sent.lock().unwrap(),
            vec![(7, "first", Duration::ZERO), (7, "second", ms(2_500))]
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_panicking_edit_leaves_later_edits_of_its_message_working() {
        let t0 = Instant::now();
        let (queue, sent) = queue(t0, Duration::ZERO);
        queue.submit(7, "boom");
        at(t0, ms(10)).await;
        queue.submit(7, "after");
        at(t0, ms(10_000)).await;
        assert_eq!(*sent.lock().unwrap(), vec![(7, "after", ms(10))]);
    }
}
