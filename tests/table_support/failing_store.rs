//! The real sled store, with writes that fail while a switch is on: a full disk, or a dry run
//! that must not change anything. Reads always work.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use catan_bot::store::{GameId, GameWrite, SledStore, Store, StoreError, StoredGame};

pub struct FailingStore {
    inner: SledStore,
    failing: Arc<AtomicBool>,
    message: &'static str,
}

impl FailingStore {
    /// A store in `dir` whose writes fail with `message` while the returned switch is set.
    pub fn open(dir: &Path, message: &'static str) -> (FailingStore, Arc<AtomicBool>) {
        let failing = Arc::new(AtomicBool::new(false));
        let store = FailingStore {
            inner: SledStore::open(dir).expect("store"),
            failing: failing.clone(),
            message,
        };
        (store, failing)
    }

    fn check(&self) -> Result<(), StoreError> {
        if self.failing.load(Ordering::SeqCst) {
            Err(StoreError::Io(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                self.message,
            )))
        } else {
            Ok(())
        }
    }
}

impl Store for FailingStore {
    fn commit(&self, id: GameId, write: &GameWrite) -> Result<(), StoreError> {
        self.check()?;
        self.inner.commit(id, write)
    }
    fn remove_game(&self, id: GameId) -> Result<(), StoreError> {
        self.check()?;
        self.inner.remove_game(id)
    }
    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.load_all()
    }
    fn finished_games(&self) -> Result<Vec<(GameId, Vec<u8>)>, StoreError> {
        self.inner.finished_games()
    }
    fn size_on_disk(&self) -> Result<u64, StoreError> {
        self.inner.size_on_disk()
    }
}
