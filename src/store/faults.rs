//! Failures injected into a [`super::SledStore`] under test (unit tests only): sled itself has
//! no switch to make a flush fail, so the store asks this before every flush and reopen; and
//! crash points inside an acknowledgement-log append ([`AckFaults`]), where a test stops the
//! append as a kill would and then reopens the directory.

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

/// Where the next acknowledgement-log append stops, as if the process were killed there: the
/// append returns an error and the test drops the log (or store) without using it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AppendCrash {
    /// Only the first this many bytes of the entry reach the file.
    TornEntry(usize),
    /// The entry is written, the header's new count is not.
    BeforeCount,
}

/// The crash point of the next acknowledgement-log append, used once.
#[derive(Default)]
pub struct AckFaults {
    next: Mutex<Option<AppendCrash>>,
}

/// The error of an append stopped at a crash point.
pub fn crashed() -> std::io::Error {
    std::io::Error::other("injected crash")
}

impl AckFaults {
    fn next(&self) -> MutexGuard<'_, Option<AppendCrash>> {
        self.next.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn crash_next_append(&self, crash: AppendCrash) {
        *self.next() = Some(crash);
    }

    /// At the entry's write: how many of its bytes to write before stopping, if it is torn.
    pub fn torn_entry(&self) -> Option<usize> {
        let mut next = self.next();
        match *next {
            Some(AppendCrash::TornEntry(bytes)) => {
                *next = None;
                Some(bytes)
            }
            _ => None,
        }
    }

    /// Between the entry and its count: stops there if asked to.
    pub fn before_count(&self) -> std::io::Result<()> {
        let mut next = self.next();
        if *next == Some(AppendCrash::BeforeCount) {
            *next = None;
            return Err(crashed());
        }
        Ok(())
    }
}
