//! Group commit: concurrent writers share one `flush()` instead of each issuing its own.
//!
//! Every write takes a sequence number once applied. A writer then needs a flush that *started*
//! after its write was applied. One writer at a time flushes, covering every write applied
//! before it began; the others wait and return as soon as a flush covers them. A failed flush
//! covers nobody: the waiters retry (one of them flushes again) and the flusher gets its error.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

#[derive(Default)]
struct State {
    /// Sequence number of the last applied write.
    applied: u64,
    /// Every write with a sequence number up to this one is flushed.
    flushed: u64,
    /// A flush is under way.
    flushing: bool,
}

#[derive(Default)]
pub struct FlushGate {
    state: Mutex<State>,
    flush_done: Condvar,
}

impl FlushGate {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is plain counters, always consistent: a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Records an applied write; call while writes are serialized, right after applying it.
    pub fn applied(&self) -> u64 {
        let mut state = self.lock();
        state.applied += 1;
        state.applied
    }

    /// Returns once write `seq` is flushed, calling `flush` itself if no flush under way covers
    /// it.
    pub fn wait_flushed<E>(&self, seq: u64, flush: impl Fn() -> Result<(), E>) -> Result<(), E> {
        let mut state = self.lock();
        loop {
            if state.flushed >= seq {
                return Ok(());
            }
            if !state.flushing {
                state.flushing = true;
                let target = state.applied;
                drop(state);
                let result = flush();
                let mut after = self.lock();
                after.flushing = false;
                if result.is_ok() {
                    after.flushed = after.flushed.max(target);
                }
                drop(after);
                self.flush_done.notify_all();
                return result;
            }
            state = self
                .flush_done
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn a_flush_covers_only_writes_applied_before_it() {
        let gate = FlushGate::default();
        let flushes = AtomicU64::new(0);
        let flush = || -> Result<(), ()> {
            flushes.fetch_add(1, Ordering::SeqCst);
            Ok(())
        };
        let first = gate.applied();
        let second = gate.applied();
        gate.wait_flushed(first, flush).unwrap();
        // That flush started after both were applied: the second is covered without a flush.
        gate.wait_flushed(second, flush).unwrap();
        assert_eq!(flushes.load(Ordering::SeqCst), 1);
        let third = gate.applied();
        gate.wait_flushed(third, flush).unwrap();
        assert_eq!(flushes.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_failed_flush_covers_nobody() {
        let gate = FlushGate::default();
        let seq = gate.applied();
        assert_eq!(
            gate.wait_flushed(seq, || Err("disk gone")),
            Err("disk gone")
        );
        let retried = AtomicU64::new(0);
        gate.wait_flushed(seq, || -> Result<(), ()> {
            retried.fetch_add(1, Ordering::SeqCst);
            Ok(())
        })
        .unwrap();
        assert_eq!(retried.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn concurrent_writers_each_return_after_a_covering_flush() {
        let gate = Arc::new(FlushGate::default());
        // What the "disk" has: the applied count at the start of the last flush.
        let durable = Arc::new(AtomicU64::new(0));
        let applied = Arc::new(Mutex::new(0u64));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (gate, durable, applied) = (gate.clone(), durable.clone(), applied.clone());
                std::thread::spawn(move || {
                    for _ in 0..200 {
                        let seq = {
                            let mut count = applied.lock().unwrap();
                            *count += 1;
                            gate.applied()
                        };
                        gate.wait_flushed(seq, || -> Result<(), ()> {
                            let now = *applied.lock().unwrap();
                            durable.fetch_max(now, Ordering::SeqCst);
                            Ok(())
                        })
                        .unwrap();
                        assert!(durable.load(Ordering::SeqCst) >= seq);
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(durable.load(Ordering::SeqCst), 1600);
    }
}
