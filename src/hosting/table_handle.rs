//! The one table of a bot process, shared by every chat adapter's tasks and the timer.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

use super::HostError;
use super::delivery_order::{DeliveryOrder, OrderedReplies};
use crate::table::{Reply, Table};

/// The table shared by the command handlers and the timer task. The table is synchronous and
/// does durable writes, so every call runs on a blocking thread, one at a time.
///
/// Calls that may move a deadline (players' commands) wake the timer task; the timer's own
/// calls do not, or the wake-up permit they leave would end its next wait at once and the
/// task would spin.
#[derive(Clone)]
pub struct TableHandle {
    /// `None` once closed: the bot is stopping.
    table: Arc<Mutex<Option<Table>>>,
    wake: Arc<Notify>,
    calls: Arc<AtomicU64>,
    /// Replies go out per place in the order the table produced them.
    order: Arc<DeliveryOrder>,
}

fn lock(table: &Mutex<Option<Table>>) -> MutexGuard<'_, Option<Table>> {
    // A panic inside the table poisons the lock; the engine's actions are atomic, so the state
    // is still consistent and we carry on.
    table.lock().unwrap_or_else(|poisoned| {
        tracing::error!("the table panicked earlier; continuing with its last state");
        poisoned.into_inner()
    })
}

impl TableHandle {
    pub fn new(table: Table) -> TableHandle {
        TableHandle {
            table: Arc::new(Mutex::new(Some(table))),
            wake: Arc::new(Notify::new()),
            calls: Arc::new(AtomicU64::new(0)),
            order: Arc::new(DeliveryOrder::default()),
        }
    }

    /// [`TableHandle::call`] for replies to post: they get their place in the delivery order
    /// while the table is still locked.
    pub async fn call_replies<F>(&self, f: F) -> Result<OrderedReplies, HostError>
    where
        F: FnOnce(&mut Table) -> Vec<Reply> + Send + 'static,
    {
        let order = Arc::clone(&self.order);
        self.call(move |t| order.order(f(t))).await
    }

    /// [`TableHandle::call_quiet`] for replies to post (the timer's ticks).
    pub async fn call_quiet_replies<F>(&self, f: F) -> Result<OrderedReplies, HostError>
    where
        F: FnOnce(&mut Table) -> Vec<Reply> + Send + 'static,
    {
        let order = Arc::clone(&self.order);
        self.call_quiet(move |t| order.order(f(t))).await
    }

    /// Runs `f` on the table (a player's input), then wakes the timer task: the deadlines may
    /// have moved.
    pub async fn call<R, F>(&self, f: F) -> Result<R, HostError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> R + Send + 'static,
    {
        let result = self.run(true, f).await;
        self.wake.notify_one();
        result
    }

    /// Runs `f` on the table without waking the timer task (the timer's own calls).
    pub async fn call_quiet<R, F>(&self, f: F) -> Result<R, HostError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> R + Send + 'static,
    {
        self.run(false, f).await
    }

    async fn run<R, F>(&self, from_player: bool, f: F) -> Result<R, HostError>
    where
        R: Send + 'static,
        F: FnOnce(&mut Table) -> R + Send + 'static,
    {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || {
            let mut guard = lock(&table);
            if from_player {
                test_hook::hold_first_call();
            }
            guard.as_mut().map(f).ok_or(HostError::Stopping)
        })
        .await
        .map_err(task_failed)?
    }

    /// Resolves at the next wake-up by [`TableHandle::call`], or at once if one happened since
    /// the last wait (tokio keeps one permit).
    pub fn woken(&self) -> tokio::sync::futures::Notified<'_> {
        self.wake.notified()
    }

    /// How many table calls were made, for tests and diagnostics.
    pub fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }

    /// Waits for the call in progress (its action is durable when the table returns), then
    /// closes the table and its store; later calls fail with [`HostError::Stopping`].
    pub async fn close(&self) {
        let table = self.table.clone();
        let closed = tokio::task::spawn_blocking(move || drop(lock(&table).take())).await;
        if let Err(e) = closed {
            tracing::error!("closing the game store failed: {e}");
        }
        self.wake.notify_one();
    }
}

/// Why a table call's blocking task did not return. Nothing cancels those tasks but the end
/// of the runtime, which a stop (or a test killing its bot) brings: a cancelled call is the
/// stop, which callers meet quietly, not a failure to log (the timer used to log one ERROR at
/// about one stop in ten, when its call was still queued as the runtime ended).
fn task_failed(e: tokio::task::JoinError) -> HostError {
    if e.is_cancelled() {
        HostError::Stopping
    } else {
        HostError::TableTask(e.to_string())
    }
}

/// Test support, in debug builds only: with `CATAN_BOT_TEST_HOLD_DIR` set, the first player
/// call stops inside the table (lock held) until the file `release` appears in that directory,
/// after creating `held` there. The stop tests use it to send a signal mid-action.
mod test_hook {
    #[cfg(debug_assertions)]
    pub fn hold_first_call() {
        let Some(dir) = std::env::var_os("CATAN_BOT_TEST_HOLD_DIR") else {
            return;
        };
        let dir = std::path::PathBuf::from(dir);
        // Only the first call creates `held`; every later one passes.
        if std::fs::create_dir(dir.join("held")).is_err() {
            return;
        }
        tracing::info!("test hook: holding a table call");
        while !dir.join("release").exists() {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }

    #[cfg(not(debug_assertions))]
    pub fn hold_first_call() {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_cancelled_call_is_the_stop_and_a_panic_a_failure() {
        let cancelled = tokio::spawn(std::future::pending::<()>());
        cancelled.abort();
        let cancelled = cancelled.await.expect_err("cancelled");
        assert!(matches!(task_failed(cancelled), HostError::Stopping));
        let panicked = tokio::spawn(async { panic!("inside the table") })
            .await
            .expect_err("panicked");
        assert!(matches!(task_failed(panicked), HostError::TableTask(_)));
    }
}
