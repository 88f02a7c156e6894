//! Where replies that answer no particular input go (timer ticks, start-up notices): to the
//! adapter of the platform each reply's place or user belongs to.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use super::Platform;
use super::delivery_order::OrderedReplies;

/// Delivers a batch of replies on one platform.
pub type Outlet =
    Arc<dyn Fn(OrderedReplies) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// Batches kept per platform while it is not connected yet; beyond this they are dropped
/// (logged): the table keeps the state, and players see it with their next command.
const WAITING_KEPT: usize = 1_000;

/// Each running adapter's outlet, set once it is connected.
#[derive(Default)]
pub struct Outlets {
    discord: OnceLock<Outlet>,
    matrix: OnceLock<Outlet>,
    /// Batches for a platform that is still connecting (the homeserver is down at start, say),
    /// in order; their delivery tickets hold later replies for the same places back, so
    /// nothing overtakes them.
    waiting: Mutex<HashMap<Platform, Vec<OrderedReplies>>>,
}

impl Outlets {
    fn slot(&self, platform: Platform) -> &OnceLock<Outlet> {
        match platform {
            Platform::Discord => &self.discord,
            Platform::Matrix => &self.matrix,
        }
    }

    fn waiting(&self) -> MutexGuard<'_, HashMap<Platform, Vec<OrderedReplies>>> {
        // Short, panic-free critical sections.
        self.waiting.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers the adapter of `platform` (the first registration wins) and hands it what
    /// waited for it.
    pub fn connect(&self, platform: Platform, outlet: Outlet) {
        let backlog = {
            let mut waiting = self.waiting();
            if self.slot(platform).set(outlet.clone()).is_err() {
                tracing::debug!(?platform, "outlet already connected");
            }
            waiting.remove(&platform).unwrap_or_default()
        };
        if !backlog.is_empty() {
            tokio::spawn(async move {
                for batch in backlog {
                    outlet(batch).await;
                }
            });
        }
    }

    /// Hands each platform its part of `batch`; a part for a platform still connecting waits
    /// for it.
    pub async fn deliver(&self, batch: OrderedReplies) {
        let (matrix, discord) = batch.split(|id| Platform::of(id) == Platform::Matrix);
        for (part, platform) in [(discord, Platform::Discord), (matrix, Platform::Matrix)] {
            if part.replies.is_empty() {
                continue;
            }
            let outlet = {
                let mut waiting = self.waiting();
                match self.slot(platform).get() {
                    Some(outlet) => outlet.clone(),
                    None => {
                        let queue = waiting.entry(platform).or_default();
                        if queue.len() < WAITING_KEPT {
                            queue.push(part);
                        } else {
                            tracing::warn!(?platform, "not connected: replies dropped");
                        }
                        continue;
                    }
                }
            };
            outlet(part).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hosting::MATRIX_ID_BIT;
    use crate::hosting::delivery_order::DeliveryOrder;
    use crate::table::Reply;

    #[tokio::test]
    async fn replies_for_a_platform_still_connecting_wait_for_it() {
        let outlets = Outlets::default();
        let order = Arc::new(DeliveryOrder::default());
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let discord_tx = tx.clone();
        outlets.connect(
            Platform::Discord,
            Arc::new(move |b: OrderedReplies| {
                let tx = discord_tx.clone();
                Box::pin(async move {
                    let _ = tx.send(("discord", b.replies.len()));
                })
            }),
        );
        let batch = order.order(vec![
            Reply::public(5, "discord"),
            Reply::public(MATRIX_ID_BIT | 5, "matrix"),
            Reply::public(MATRIX_ID_BIT | 6, "matrix"),
        ]);
        outlets.deliver(batch).await;
        assert_eq!(rx.recv().await, Some(("discord", 1)));
        assert!(rx.try_recv().is_err(), "Matrix is not connected yet");
        outlets.connect(
            Platform::Matrix,
            Arc::new(move |b: OrderedReplies| {
                let tx = tx.clone();
                Box::pin(async move {
                    let _ = tx.send(("matrix", b.replies.len()));
                })
            }),
        );
        assert_eq!(
            rx.recv().await,
            Some(("matrix", 2)),
            "delivered on connecting"
        );
    }
}
