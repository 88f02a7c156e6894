//! Where replies that answer no particular input go (timer ticks, start-up notices): to the
//! adapter of the platform each reply's place or user belongs to.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};

use super::Platform;
use super::delivery_order::OrderedReplies;

/// Delivers a batch of replies on one platform.
pub type Outlet =
    Arc<dyn Fn(OrderedReplies) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// Each running adapter's outlet, set once it is connected.
pub struct Outlets {
    discord: OnceLock<Outlet>,
    matrix: OnceLock<Outlet>,
    /// The platforms this process serves: the timer starts once all are connected.
    expected: Vec<Platform>,
    connected: tokio::sync::Notify,
}

impl Outlets {
    pub fn new(expected: Vec<Platform>) -> Outlets {
        Outlets {
            discord: OnceLock::new(),
            matrix: OnceLock::new(),
            expected,
            connected: tokio::sync::Notify::new(),
        }
    }

    fn slot(&self, platform: Platform) -> &OnceLock<Outlet> {
        match platform {
            Platform::Discord => &self.discord,
            Platform::Matrix => &self.matrix,
        }
    }

    /// Resolves once every expected platform is connected, so nothing the timer says (an
    /// automatic move, a turn start) is made while its players cannot hear it.
    pub async fn all_connected(&self) {
        loop {
            let notified = self.connected.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.expected.iter().all(|p| self.slot(*p).get().is_some()) {
                return;
            }
            notified.await;
        }
    }

    /// Registers the adapter of `platform` (the first registration wins).
    pub fn connect(&self, platform: Platform, outlet: Outlet) {
        if self.slot(platform).set(outlet).is_err() {
            tracing::debug!(?platform, "outlet already connected");
        }
        self.connected.notify_waiters();
    }

    /// Hands each platform its part of `batch`. A part for a platform that is not connected
    /// (not configured, or not reached yet) is dropped: the table keeps the state, and its
    /// players see it with their next command.
    pub async fn deliver(&self, batch: OrderedReplies) {
        let (matrix, discord) = batch.split(|id| Platform::of(id) == Platform::Matrix);
        for (part, slot, platform) in [
            (discord, &self.discord, Platform::Discord),
            (matrix, &self.matrix, Platform::Matrix),
        ] {
            if part.replies.is_empty() {
                continue;
            }
            match slot.get() {
                Some(outlet) => outlet(part).await,
                None => tracing::debug!(
                    ?platform,
                    replies = part.replies.len(),
                    "not connected: replies dropped"
                ),
            }
        }
    }
}
