//! Where replies that answer no particular input go (timer ticks, start-up notices): to the
//! adapter of the platform each reply's place or user belongs to. A registry: each adapter
//! registers its [`Platform`] before it connects, so hosting names no platform and a new one
//! only registers.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};

use super::HostError;
use super::delivery_order::OrderedReplies;
use super::platform::Platform;
use super::reach::Reachability;
use crate::table::Audience;

/// Delivers a batch of replies on one platform.
pub type Outlet =
    Arc<dyn Fn(OrderedReplies) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// Batches kept per platform while it is not connected yet; beyond this they are dropped
/// (logged): the table keeps the state, and players see it with their next command.
const WAITING_KEPT: usize = 1_000;

/// The registered platforms, each with its outlet once it is connected, and whether each can
/// be reached now.
#[derive(Default)]
pub struct Outlets {
    registry: Mutex<Vec<Entry>>,
    reach: Reachability,
}

struct Entry {
    platform: Platform,
    outlet: Option<Outlet>,
    /// Batches for the platform while it is still connecting (the homeserver is down at start,
    /// say), in order; their delivery tickets hold later replies for the same places back, so
    /// nothing overtakes them.
    waiting: Vec<OrderedReplies>,
}

impl Outlets {
    fn registry(&self) -> MutexGuard<'_, Vec<Entry>> {
        // Short, panic-free critical sections.
        self.registry.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Announces `platform`: from now on its part of every batch is kept for it until it
    /// connects. Registering it again changes nothing; a platform whose ids would meet a
    /// registered one's is refused (one id, one platform).
    pub fn register(&self, platform: Platform) -> Result<(), HostError> {
        let mut registry = self.registry();
        register_in(&mut registry, platform)?;
        self.reach.register(platform);
        Ok(())
    }

    /// Whether each registered platform can be reached (its adapter says; the timer watches).
    pub fn reachability(&self) -> &Reachability {
        &self.reach
    }

    /// Connects the adapter of `platform` (registering it if it is not yet; the first outlet
    /// wins) and hands it, in order, what waited for it.
    pub fn connect(&self, platform: Platform, outlet: Outlet) -> Result<(), HostError> {
        let backlog = {
            let mut registry = self.registry();
            let entry = register_in(&mut registry, platform)?;
            if entry.outlet.is_some() {
                tracing::debug!(%platform, "outlet already connected");
            } else {
                entry.outlet = Some(outlet.clone());
            }
            std::mem::take(&mut entry.waiting)
        };
        if !backlog.is_empty() {
            tokio::spawn(async move {
                for batch in backlog {
                    outlet(batch).await;
                }
            });
        }
        Ok(())
    }

    /// Hands each registered platform its part of `batch` (in registration order); a part for
    /// a platform still connecting waits for it. Replies for ids no registered platform owns
    /// are logged and dropped.
    pub async fn deliver(&self, batch: OrderedReplies) {
        let mut now = Vec::new();
        let rest = {
            let mut registry = self.registry();
            let mut rest = batch;
            for entry in registry.iter_mut() {
                let (ours, others) = rest.split(|id| entry.platform.owns(id));
                rest = others;
                if ours.replies.is_empty() {
                    continue;
                }
                match &entry.outlet {
                    Some(outlet) => now.push((outlet.clone(), ours)),
                    None if entry.waiting.len() < WAITING_KEPT => entry.waiting.push(ours),
                    None => {
                        tracing::warn!(platform = %entry.platform, "not connected: replies dropped");
                    }
                }
            }
            rest
        };
        if !rest.replies.is_empty() {
            let ids: Vec<u64> = rest.replies.iter().map(addressee).collect();
            tracing::warn!(?ids, "replies for ids no registered platform owns: dropped");
        }
        // Dropping `rest` frees its tickets: nothing waits for what is never sent.
        drop(rest);
        for (outlet, part) in now {
            outlet(part).await;
        }
    }
}

/// The entry of `platform`, added if it is new.
fn register_in(registry: &mut Vec<Entry>, platform: Platform) -> Result<&mut Entry, HostError> {
    if let Some(i) = registry.iter().position(|e| e.platform == platform) {
        return Ok(&mut registry[i]);
    }
    if let Some(taken) = registry.iter().find(|e| e.platform.overlaps(&platform)) {
        return Err(HostError::PlatformOverlap {
            platform: platform.name(),
            registered: taken.platform.name(),
        });
    }
    let new = registry.len();
    registry.push(Entry {
        platform,
        outlet: None,
        waiting: Vec::new(),
    });
    Ok(&mut registry[new])
}

fn addressee(reply: &crate::table::Reply) -> u64 {
    match reply.audience {
        Audience::Channel(place) => place,
        Audience::Private(user) => user,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hosting::delivery_order::DeliveryOrder;
    use crate::table::Reply;
    use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

    const TOP_TWO: u64 = 0b11 << 62;
    const LOW: Platform = Platform::new("low", TOP_TWO, 0);
    const HIGH: Platform = Platform::new("high", 1 << 63, 1 << 63);
    const H: u64 = 1 << 63;

    /// What an outlet was handed: its platform and the texts of one batch, in order.
    type Seen = (&'static str, Vec<String>);

    fn recording(platform: Platform, seen: &UnboundedSender<Seen>) -> Outlet {
        let seen = seen.clone();
        Arc::new(move |b: OrderedReplies| {
            let texts = b.replies.iter().map(|r| r.text.clone()).collect();
            let _ = seen.send((platform.name(), texts));
            Box::pin(async {})
        })
    }

    fn texts(of: &[&str]) -> Vec<String> {
        of.iter().map(|t| t.to_string()).collect()
    }

    fn two_platforms() -> (Outlets, UnboundedSender<Seen>, UnboundedReceiver<Seen>) {
        let outlets = Outlets::default();
        outlets.register(LOW).expect("low registers");
        outlets.register(HIGH).expect("high registers");
        let (tx, rx) = unbounded_channel();
        (outlets, tx, rx)
    }

    #[tokio::test]
    async fn a_batch_is_split_by_platform_keeping_its_order() {
        let (outlets, tx, mut rx) = two_platforms();
        outlets.connect(LOW, recording(LOW, &tx)).expect("low");
        outlets.connect(HIGH, recording(HIGH, &tx)).expect("high");
        let order = Arc::new(DeliveryOrder::default());
        outlets
            .deliver(order.order(vec![
                Reply::public(H | 1, "h1"),
                Reply::public(5, "l1"),
                Reply::private(H | 2, "h2"),
                Reply::private(6, "l2"),
                Reply::public(5, "l3"),
            ]))
            .await;
        assert_eq!(rx.recv().await, Some(("low", texts(&["l1", "l2", "l3"]))));
        assert_eq!(rx.recv().await, Some(("high", texts(&["h1", "h2"]))));
        assert!(rx.try_recv().is_err(), "one part per platform");
    }

    #[tokio::test]
    async fn replies_for_a_platform_still_connecting_wait_for_it_in_order() {
        let (outlets, tx, mut rx) = two_platforms();
        outlets.connect(LOW, recording(LOW, &tx)).expect("low");
        let order = Arc::new(DeliveryOrder::default());
        outlets
            .deliver(order.order(vec![
                Reply::public(5, "l1"),
                Reply::public(H | 5, "h1"),
                Reply::public(H | 6, "h2"),
            ]))
            .await;
        outlets
            .deliver(order.order(vec![Reply::public(H | 5, "h3")]))
            .await;
        assert_eq!(rx.recv().await, Some(("low", texts(&["l1"]))));
        assert!(rx.try_recv().is_err(), "high is not connected yet");
        outlets.connect(HIGH, recording(HIGH, &tx)).expect("high");
        assert_eq!(rx.recv().await, Some(("high", texts(&["h1", "h2"]))));
        assert_eq!(rx.recv().await, Some(("high", texts(&["h3"]))));
        // Connected now: the next batch goes at once.
        outlets
            .deliver(order.order(vec![Reply::public(H | 6, "h4")]))
            .await;
        assert_eq!(rx.recv().await, Some(("high", texts(&["h4"]))));
    }

    #[tokio::test]
    async fn ids_no_registered_platform_owns_are_dropped_and_hold_nothing_up() {
        let outlets = Outlets::default();
        outlets.register(LOW).expect("low registers");
        let (tx, mut rx) = unbounded_channel();
        outlets.connect(LOW, recording(LOW, &tx)).expect("low");
        let order = Arc::new(DeliveryOrder::default());
        let unowned = order.order(vec![
            Reply::public(H | 7, "nobody's"),
            Reply::public(5, "l1"),
        ]);
        outlets.deliver(unowned).await;
        assert_eq!(rx.recv().await, Some(("low", texts(&["l1"]))));
        // The dropped reply's ticket is released: a later batch for its place is not held back.
        let later = order.order(vec![Reply::public(H | 7, "later")]);
        let at_once = tokio::select! {
            biased;
            () = later.wait_turn() => true,
            () = std::future::ready(()) => false,
        };
        assert!(at_once, "the dropped batch's ticket is released");
        assert!(rx.try_recv().is_err(), "nothing else delivered");
    }

    #[tokio::test]
    async fn a_platform_whose_ids_meet_a_registered_one_is_refused() {
        let (outlets, tx, _rx) = two_platforms();
        assert!(outlets.register(LOW).is_ok(), "the same platform again");
        let half = Platform::new("half", 1 << 63, 0);
        let refused = outlets.register(half);
        assert!(
            matches!(
                refused,
                Err(HostError::PlatformOverlap {
                    platform: "half",
                    registered: "low"
                })
            ),
            "{refused:?}"
        );
        assert!(outlets.connect(half, recording(half, &tx)).is_err());
    }
}
