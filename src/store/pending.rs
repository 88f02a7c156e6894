//! Writes applied to sled but not yet acknowledged, each with the values its keys had before.
//!
//! Why: after one failed write (a full disk, say) sled 0.34.7 keeps failing every write and
//! flush, even once the disk has room again: the first I/O error is kept in its config's
//! `global_error`, checked by every later write, and reset only by `PageCache::start`, that
//! is by opening the database again (after every handle of the old one is dropped, since sled
//! locks its directory). And a write that failed may still have reached the disk, in part or
//! whole (sled writes its buffers from background threads, and an error can come after the
//! bytes landed). So the store registers every write's undo before applying it; a write that ends
//! in an error leaves its undo here, and recovery (`SledStore::recover`) reopens sled and
//! restores those values, newest first: afterwards the disk holds exactly the acknowledged
//! writes, as the table (which kept its state on the error) believes.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use super::StoreError;

/// What one write changes, as the values to put back: `None` means the key was absent.
#[derive(Clone, Debug)]
pub struct Undo {
    restore: Vec<(Vec<u8>, Option<sled::IVec>)>,
}

impl Undo {
    /// Reads the current values of `keys` (before a write changes them).
    pub fn capture<'k>(
        db: &sled::Db,
        keys: impl IntoIterator<Item = &'k [u8]>,
    ) -> Result<Undo, StoreError> {
        let restore = keys
            .into_iter()
            .map(|key| Ok((key.to_vec(), db.get(key)?)))
            .collect::<Result<_, StoreError>>()?;
        Ok(Undo { restore })
    }

    /// The batch that puts the captured values back.
    pub fn batch(&self) -> sled::Batch {
        let mut batch = sled::Batch::default();
        for (key, value) in &self.restore {
            match value {
                Some(value) => batch.insert(key.as_slice(), value.clone()),
                None => batch.remove(key.as_slice()),
            }
        }
        batch
    }
}

/// Identifies one registered write.
pub type Ticket = u64;

#[derive(Default)]
struct State {
    /// A write failed since the last recovery: sled must be reopened before the next write.
    failed: bool,
    next_ticket: Ticket,
    undo: BTreeMap<Ticket, Undo>,
}

/// The registry of unacknowledged writes.
#[derive(Default)]
pub struct Pending {
    state: Mutex<State>,
}

impl Pending {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Plain data, consistent after every step: a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a write about to be applied. Call with writes serialized.
    pub fn register(&self, undo: Undo) -> Ticket {
        let mut state = self.lock();
        state.next_ticket += 1;
        let ticket = state.next_ticket;
        state.undo.insert(ticket, undo);
        ticket
    }

    /// Notes that a write failed: the next write recovers first.
    pub fn mark_failed(&self) {
        self.lock().failed = true;
    }

    pub fn is_failed(&self) -> bool {
        self.lock().failed
    }

    /// The write `ticket` is durable. If a recovery has not undone it meanwhile, runs
    /// `acknowledge` (atomically with respect to recoveries) and returns true.
    pub fn settle(&self, ticket: Ticket, acknowledge: impl FnOnce()) -> bool {
        let mut state = self.lock();
        if state.undo.remove(&ticket).is_none() {
            return false;
        }
        acknowledge();
        true
    }

    /// For a recovery: every registered undo, oldest first. Their writes will not be
    /// acknowledged any more ([`Pending::settle`] returns false).
    pub fn take_all(&self) -> Vec<Undo> {
        std::mem::take(&mut self.lock().undo)
            .into_values()
            .collect()
    }

    /// The recovery succeeded.
    pub fn clear_failed(&self) {
        self.lock().failed = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_puts_back_values_and_absence() {
        let dir = tempfile::tempdir().unwrap();
        let db = sled::open(dir.path()).unwrap();
        db.insert(b"a", b"old").unwrap();
        let undo = Undo::capture(&db, [&b"a"[..], &b"b"[..]]).unwrap();
        db.insert(b"a", b"new").unwrap();
        db.insert(b"b", b"new").unwrap();
        db.apply_batch(undo.batch()).unwrap();
        assert_eq!(db.get(b"a").unwrap().as_deref(), Some(&b"old"[..]));
        assert_eq!(db.get(b"b").unwrap(), None);
    }

    #[test]
    fn a_taken_write_is_never_acknowledged() {
        let pending = Pending::default();
        let dir = tempfile::tempdir().unwrap();
        let db = sled::open(dir.path()).unwrap();
        let first = pending.register(Undo::capture(&db, [&b"a"[..]]).unwrap());
        let second = pending.register(Undo::capture(&db, [&b"b"[..]]).unwrap());
        let mut acknowledged = Vec::new();
        assert!(pending.settle(first, || acknowledged.push(first)));
        pending.mark_failed();
        assert!(pending.is_failed());
        assert_eq!(pending.take_all().len(), 1);
        assert!(!pending.settle(second, || acknowledged.push(second)));
        assert_eq!(acknowledged, [first]);
        pending.clear_failed();
        assert!(!pending.is_failed());
    }
}
