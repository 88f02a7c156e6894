//! Where an action's events go. A table needs every event to tell the players what happened; a
//! random playout (`simulate`, `bench`, the bots' rollouts) needs none, and building them (the
//! `Vec`s in `Produced`, `RobberBlocked`, `MustDiscard`, …) cost about a tenth of its time. The
//! engine's action functions are generic over this trait, so each caller gets its own compiled
//! copy: `Vec<Event>` records exactly as before, [`NoEvents`] compiles the events away.

use crate::Event;

/// A receiver of the events an action produces.
pub trait EventSink {
    /// Whether events are kept at all.
    const RECORDS: bool;

    /// Takes one event already built (the sink's primitive).
    fn push(&mut self, event: Event);

    /// Takes the event `make` builds, calling it only when events are kept. The engine emits
    /// every event this way: with [`NoEvents`] nothing is built, allocated or dropped (an
    /// event built and then dropped still cost a call to its generic drop).
    #[inline(always)]
    fn record(&mut self, make: impl FnOnce() -> Event) {
        if Self::RECORDS {
            self.push(make());
        }
    }
}

/// Records every event, in order.
impl EventSink for Vec<Event> {
    const RECORDS: bool = true;

    #[inline(always)]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// Records nothing and costs nothing: for playouts whose events nobody reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoEvents;

impl EventSink for NoEvents {
    const RECORDS: bool = false;

    #[inline(always)]
    fn push(&mut self, _event: Event) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vec_records_in_order_and_no_events_never_builds() {
        let mut v: Vec<Event> = Vec::new();
        v.push(Event::TurnEnded { seat: 1 });
        EventSink::push(&mut v, Event::TurnEnded { seat: 2 });
        v.record(|| Event::KnightDiscarded { seat: 3 });
        assert_eq!(
            v,
            vec![
                Event::TurnEnded { seat: 1 },
                Event::TurnEnded { seat: 2 },
                Event::KnightDiscarded { seat: 3 },
            ]
        );
        let mut built = false;
        NoEvents.record(|| {
            built = true;
            Event::TurnEnded { seat: 0 }
        });
        assert!(!built, "NoEvents must not build the event");
    }
}
