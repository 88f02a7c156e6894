//! Failures injected into a [`super::SledStore`] under test (unit tests only): sled itself has
//! no switch to make a flush fail, so the store asks this before every flush and reopen.

use std::sync::{Mutex, MutexGuard, PoisonError};

use super::StoreError;

/// Failures to inject, each used once.
#[derive(Default)]
pub struct Faults {
    state: Mutex<FaultState>,
}

#[derive(Default)]
struct FaultState {
    next_flush: Option<FlushFault>,
    failing_reopens: u32,
}

#[derive(Clone, Copy)]
pub enum FlushFault {
    /// The flush fails before anything reaches the disk.
    Fail,
    /// The write reaches the disk, but the flush still reports an error (a "ghost" write).
    FlushThenFail,
}

fn injected() -> StoreError {
    StoreError::Io(std::io::Error::other("injected failure"))
}

impl Faults {
    fn state(&self) -> MutexGuard<'_, FaultState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn fail_next_flush(&self, fault: FlushFault) {
        self.state().next_flush = Some(fault);
    }

    pub fn fail_reopens(&self, count: u32) {
        self.state().failing_reopens = count;
    }

    pub fn before_flush(&self, db: &sled::Db) -> Result<(), StoreError> {
        match self.state().next_flush.take() {
            None => Ok(()),
            Some(FlushFault::Fail) => Err(injected()),
            Some(FlushFault::FlushThenFail) => {
                db.flush()?;
                Err(injected())
            }
        }
    }

    pub fn before_reopen(&self) -> Result<(), StoreError> {
        let mut state = self.state();
        if state.failing_reopens == 0 {
            return Ok(());
        }
        state.failing_reopens -= 1;
        Err(injected())
    }
}
