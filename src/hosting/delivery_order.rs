//! Delivery in table order: the posts and edits for one chat place go out in the order the
//! table produced them, whichever task delivers them.
//!
//! Each input is handled on its own task. Without an order, a turn's first update (say a
//! `/catan roll` typed right after the previous player ended the turn) could be delivered
//! while the new turn message is still being uploaded: the update would look up the live
//! message, find the previous turn's, and rewrite it. So every batch of replies takes a
//! [`Ticket`] per place while the table is still locked (the table's order), and waits for its
//! turn before posting there. Other places are not held up; private replies of the batch go
//! out after its channel replies, as before.
//!
//! Chat adapters share this: any of them posts live messages that later replies edit.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

use crate::table::{Audience, PlaceId, Reply};

/// The tickets given out per place (see the module docs).
#[derive(Default)]
pub struct DeliveryOrder {
    lines: Mutex<HashMap<PlaceId, Line>>,
    changed: Notify,
}

/// One place's queue: tickets below `served` are done; `finished` holds done tickets that
/// finished out of turn (dropped before their turn came, e.g. a task that failed).
#[derive(Default)]
struct Line {
    next: u64,
    served: u64,
    finished: BTreeSet<u64>,
}

/// A place in one place's delivery queue. Dropping it (delivered or not) lets the next go.
pub struct Ticket {
    order: Arc<DeliveryOrder>,
    place: PlaceId,
    number: u64,
}

/// Replies with the tickets for the places they post in.
pub struct OrderedReplies {
    pub replies: Vec<Reply>,
    tickets: Vec<Ticket>,
}

impl DeliveryOrder {
    fn lines(&self) -> MutexGuard<'_, HashMap<PlaceId, Line>> {
        // The map is updated by short, panic-free critical sections.
        self.lines.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Takes the next ticket for `place`. Call it where the order is decided (under the
    /// table's lock).
    pub fn take(self: &Arc<Self>, place: PlaceId) -> Ticket {
        let mut lines = self.lines();
        let line = lines.entry(place).or_default();
        let number = line.next;
        line.next += 1;
        Ticket {
            order: Arc::clone(self),
            place,
            number,
        }
    }

    /// Tickets for every channel `replies` post in (under the table's lock, like
    /// [`DeliveryOrder::take`]).
    pub fn order(self: &Arc<Self>, replies: Vec<Reply>) -> OrderedReplies {
        let mut places: Vec<PlaceId> = replies
            .iter()
            .filter_map(|r| match r.audience {
                Audience::Channel(place) => Some(place),
                Audience::Private(_) => None,
            })
            .collect();
        places.sort_unstable();
        places.dedup();
        let tickets = places.into_iter().map(|p| self.take(p)).collect();
        OrderedReplies { replies, tickets }
    }

    fn is_turn(&self, place: PlaceId, number: u64) -> bool {
        self.lines().get(&place).is_none_or(|l| l.served >= number)
    }

    fn finish(&self, place: PlaceId, number: u64) {
        let mut lines = self.lines();
        let Some(line) = lines.get_mut(&place) else {
            return;
        };
        line.finished.insert(number);
        while line.finished.remove(&line.served) {
            line.served += 1;
        }
        if line.served == line.next {
            // Nothing outstanding: forget the place (memory stays bounded by busy places).
            lines.remove(&place);
        }
        drop(lines);
        self.changed.notify_waiters();
    }
}

impl Ticket {
    /// Resolves once every earlier ticket of this place is done.
    pub async fn turn(&self) {
        loop {
            let notified = self.order.changed.notified();
            tokio::pin!(notified);
            // Registered before the check, so a change between the two is not missed.
            notified.as_mut().enable();
            if self.order.is_turn(self.place, self.number) {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.order.finish(self.place, self.number);
    }
}

impl std::fmt::Debug for OrderedReplies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OrderedReplies")
            .field("replies", &self.replies)
            .field("tickets", &self.tickets.len())
            .finish()
    }
}

impl OrderedReplies {
    /// Replies that need no order (start-up notices posted before any input).
    pub fn unordered(replies: Vec<Reply>) -> OrderedReplies {
        OrderedReplies {
            replies,
            tickets: Vec::new(),
        }
    }

    /// Waits until every earlier batch for the same places is delivered. Keep `self` (its
    /// tickets) alive until this batch is delivered too.
    pub async fn wait_turn(&self) {
        for t in &self.tickets {
            t.turn().await;
        }
    }

    /// Splits the batch in two by the reply's addressee (a place or a user id): those for which
    /// `first` holds, and the rest, each with the tickets of its own places. Used to hand each
    /// chat platform its part of a batch that spans several (a timer tick).
    pub fn split(self, first: impl Fn(u64) -> bool) -> (OrderedReplies, OrderedReplies) {
        let addressee = |r: &Reply| match r.audience {
            Audience::Channel(place) => place,
            Audience::Private(user) => user,
        };
        let (a, b): (Vec<Reply>, Vec<Reply>) =
            self.replies.into_iter().partition(|r| first(addressee(r)));
        let (ta, tb) = self.tickets.into_iter().partition(|t| first(t.place));
        (
            OrderedReplies {
                replies: a,
                tickets: ta,
            },
            OrderedReplies {
                replies: b,
                tickets: tb,
            },
        )
    }

    /// Whether any reply is a refusal.
    pub fn any_refusal(&self) -> bool {
        self.replies.iter().any(Reply::is_refusal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(order: &Arc<DeliveryOrder>, places: &[PlaceId]) -> OrderedReplies {
        order.order(places.iter().map(|&p| Reply::public(p, "x")).collect())
    }

    #[tokio::test]
    async fn later_batches_wait_for_earlier_ones_in_the_same_place_only() {
        let order = Arc::new(DeliveryOrder::default());
        let first = batch(&order, &[1, 1]);
        let second = batch(&order, &[1]);
        let elsewhere = batch(&order, &[2]);
        // Another place goes at once; the first batch too.
        elsewhere.wait_turn().await;
        first.wait_turn().await;
        assert!(
            !order.is_turn(1, 1),
            "the second waits while the first is out"
        );
        let (tx, rx) = tokio::sync::oneshot::channel();
        let waiter = tokio::spawn(async move {
            second.wait_turn().await;
            let _ = tx.send(());
        });
        drop(first);
        rx.await.expect("the second batch got its turn");
        waiter.await.expect("joined");
        drop(elsewhere);
        assert!(order.lines().is_empty(), "done places are forgotten");
    }

    #[tokio::test]
    async fn a_ticket_dropped_out_of_turn_does_not_let_later_ones_jump_the_queue() {
        let order = Arc::new(DeliveryOrder::default());
        let a = order.take(7);
        let b = order.take(7);
        let c = order.take(7);
        drop(b); // failed before its turn
        assert!(!order.is_turn(7, 2), "c still waits for a");
        drop(a);
        c.turn().await;
        drop(c);
        assert!(order.lines().is_empty());
    }

    #[tokio::test]
    async fn a_split_batch_keeps_each_places_ticket_with_its_replies() {
        let order = Arc::new(DeliveryOrder::default());
        let (odd, even) = batch(&order, &[1, 2, 3]).split(|id| id % 2 == 1);
        assert_eq!(odd.replies.len(), 2);
        assert_eq!(even.replies.len(), 1);
        let later = batch(&order, &[2]);
        drop(odd);
        assert!(
            !order.is_turn(2, 1),
            "place 2 still waits for the even half"
        );
        drop(even);
        later.wait_turn().await;
    }
}
