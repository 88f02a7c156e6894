//! [`Store`] on sled 0.34.7: one tree (layout in `keys.rs`), every write flushed before it
//! returns, multi-key changes as one atomic `Batch`, and sled's start-up snapshot repaired
//! before every open.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::keys::{self, FINISHED_TAG, LOG_TAG, META_TAG, SNAPSHOT_TAG};
use super::{GameId, Store, StoreError, StoredGame, dir, repair};

/// The layout this build writes and reads. Bump it with a migration when the layout changes;
/// an older build refuses a newer directory instead of misreading it.
pub const SCHEMA_VERSION: u32 = 1;

/// The sled-backed store. Safe to share between threads.
pub struct SledStore {
    db: sled::Db,
    dir: PathBuf,
    /// Serializes check-then-write (e.g. "is this the next index?") so checks see a settled log.
    /// The flush happens after it is released, so concurrent writers can share one flush.
    write_lock: Mutex<()>,
    repaired: Vec<PathBuf>,
}

impl SledStore {
    /// Opens (or creates) the store in `dir`, first removing sled's half-written start-up
    /// snapshots that would otherwise make the open fail forever (see `repair.rs`).
    pub fn open(dir: impl AsRef<Path>) -> Result<SledStore, StoreError> {
        let dir = dir.as_ref();
        let repaired = {
            let _lock = dir::lock(dir)?;
            repair::repair_snapshot_files(dir)?
        };
        let db = sled::Config::new()
            .path(dir)
            .open()
            .map_err(|e| dir::classify_open_error(dir, e))?;
        check_schema(&db)?;
        Ok(SledStore {
            db,
            dir: dir.to_path_buf(),
            write_lock: Mutex::new(()),
            repaired,
        })
    }

    /// The damaged snapshot files removed before this open (already logged with a warning).
    pub fn repaired_files(&self) -> &[PathBuf] {
        &self.repaired
    }

    /// The data directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Runs a check-then-write under the write lock, then flushes so the write is durable
    /// against a killed process before returning.
    fn write<T>(&self, apply: impl FnOnce() -> Result<T, StoreError>) -> Result<T, StoreError> {
        let result = {
            let _guard = self
                .write_lock
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            apply()?
        };
        self.db.flush()?;
        Ok(result)
    }

    /// Ok if the game exists and is not finished.
    fn require_open_game(&self, id: GameId) -> Result<(), StoreError> {
        if self.db.contains_key(keys::game_key(FINISHED_TAG, id))? {
            Err(StoreError::Finished(id))
        } else if !self.db.contains_key(keys::game_key(META_TAG, id))? {
            Err(StoreError::UnknownGame(id))
        } else {
            Ok(())
        }
    }

    /// How many actions the game's latest snapshot covers (0 without one).
    fn snapshot_upto(&self, id: GameId) -> Result<u64, StoreError> {
        match self.db.get(keys::game_key(SNAPSHOT_TAG, id))? {
            None => Ok(0),
            Some(value) => keys::decode_snapshot(&value)
                .map(|(upto, _)| upto)
                .ok_or_else(|| short_snapshot(id)),
        }
    }

    /// The index the game's next action must have.
    fn next_index(&self, id: GameId) -> Result<u64, StoreError> {
        let after_snapshot = self.snapshot_upto(id)?;
        let after_log = match self.db.scan_prefix(keys::game_key(LOG_TAG, id)).next_back() {
            None => 0,
            Some(entry) => {
                let (key, _) = entry?;
                let (_, index) = keys::parse_log_key(&key)
                    .ok_or_else(|| StoreError::Corrupt(format!("malformed log key {key:?}")))?;
                index.saturating_add(1)
            }
        };
        Ok(after_snapshot.max(after_log))
    }

    /// Adds removals of every log entry of `id` with index below `upto` to `batch`.
    fn remove_log_below(
        &self,
        batch: &mut sled::Batch,
        id: GameId,
        upto: u64,
    ) -> Result<(), StoreError> {
        for entry in self.db.range(keys::log_key(id, 0)..keys::log_key(id, upto)) {
            let (key, _) = entry?;
            batch.remove(key);
        }
        Ok(())
    }

    /// Adds removals of a game's meta, snapshot and whole log to `batch`.
    fn remove_live_records(&self, batch: &mut sled::Batch, id: GameId) -> Result<(), StoreError> {
        batch.remove(&keys::game_key(META_TAG, id));
        batch.remove(&keys::game_key(SNAPSHOT_TAG, id));
        for entry in self.db.scan_prefix(keys::game_key(LOG_TAG, id)) {
            let (key, _) = entry?;
            batch.remove(key);
        }
        Ok(())
    }
}

impl Store for SledStore {
    fn put_meta(&self, id: GameId, meta: &[u8]) -> Result<(), StoreError> {
        self.write(|| {
            if self.db.contains_key(keys::game_key(FINISHED_TAG, id))? {
                return Err(StoreError::Finished(id));
            }
            self.db.insert(keys::game_key(META_TAG, id), meta)?;
            Ok(())
        })
    }

    fn append_action(&self, id: GameId, index: u64, action: &[u8]) -> Result<(), StoreError> {
        self.write(|| {
            self.require_open_game(id)?;
            let expected = self.next_index(id)?;
            if index != expected {
                return Err(StoreError::OutOfOrder {
                    id,
                    expected,
                    got: index,
                });
            }
            self.db.insert(keys::log_key(id, index), action)?;
            Ok(())
        })
    }

    fn put_snapshot(&self, id: GameId, upto: u64, state: &[u8]) -> Result<(), StoreError> {
        self.write(|| {
            self.require_open_game(id)?;
            let min = self.snapshot_upto(id)?;
            let max = self.next_index(id)?;
            if upto < min || upto > max {
                return Err(StoreError::SnapshotOutOfRange { id, upto, min, max });
            }
            let mut batch = sled::Batch::default();
            batch.insert(
                &keys::game_key(SNAPSHOT_TAG, id),
                keys::encode_snapshot(upto, state),
            );
            self.remove_log_below(&mut batch, id, upto)?;
            self.db.apply_batch(batch)?;
            Ok(())
        })
    }

    fn finish_game(&self, id: GameId, record: &[u8]) -> Result<(), StoreError> {
        self.write(|| {
            self.require_open_game(id)?;
            let mut batch = sled::Batch::default();
            self.remove_live_records(&mut batch, id)?;
            batch.insert(&keys::game_key(FINISHED_TAG, id), record);
            self.db.apply_batch(batch)?;
            Ok(())
        })
    }

    fn remove_game(&self, id: GameId) -> Result<(), StoreError> {
        self.write(|| {
            let mut batch = sled::Batch::default();
            self.remove_live_records(&mut batch, id)?;
            batch.remove(&keys::game_key(FINISHED_TAG, id));
            self.db.apply_batch(batch)?;
            Ok(())
        })
    }

    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let mut games = BTreeMap::new();
        for entry in self.db.scan_prefix([META_TAG]) {
            let (key, meta) = entry?;
            let id = keys::parse_game_key(&key)
                .ok_or_else(|| StoreError::Corrupt(format!("malformed meta key {key:?}")))?;
            games.insert(
                id,
                StoredGame {
                    id,
                    meta: meta.to_vec(),
                    snapshot: None,
                    actions: Vec::new(),
                },
            );
        }
        for entry in self.db.scan_prefix([SNAPSHOT_TAG]) {
            let (key, value) = entry?;
            let id = keys::parse_game_key(&key)
                .ok_or_else(|| StoreError::Corrupt(format!("malformed snapshot key {key:?}")))?;
            let game = games.get_mut(&id).ok_or_else(|| orphan(id, "a snapshot"))?;
            let (upto, state) = keys::decode_snapshot(&value).ok_or_else(|| short_snapshot(id))?;
            game.snapshot = Some((upto, state.to_vec()));
        }
        for entry in self.db.scan_prefix([LOG_TAG]) {
            let (key, action) = entry?;
            let (id, index) = keys::parse_log_key(&key)
                .ok_or_else(|| StoreError::Corrupt(format!("malformed log key {key:?}")))?;
            let game = games
                .get_mut(&id)
                .ok_or_else(|| orphan(id, "logged actions"))?;
            let expected = match game.actions.last() {
                Some((last, _)) => last + 1,
                None => game.snapshot.as_ref().map_or(0, |(upto, _)| *upto),
            };
            if index != expected {
                return Err(StoreError::Corrupt(format!(
                    "game {id}: logged action {index} found where action {expected} was expected"
                )));
            }
            game.actions.push((index, action.to_vec()));
        }
        Ok(games.into_values().collect())
    }

    fn finished_games(&self) -> Result<Vec<(GameId, Vec<u8>)>, StoreError> {
        self.db
            .scan_prefix([FINISHED_TAG])
            .map(|entry| {
                let (key, record) = entry?;
                let id = keys::parse_game_key(&key).ok_or_else(|| {
                    StoreError::Corrupt(format!("malformed finished-game key {key:?}"))
                })?;
                Ok((id, record.to_vec()))
            })
            .collect()
    }

    fn size_on_disk(&self) -> Result<u64, StoreError> {
        Ok(dir::size_on_disk(&self.dir)?)
    }
}

/// Writes the schema key into a new store; refuses a store of another schema.
fn check_schema(db: &sled::Db) -> Result<(), StoreError> {
    let Some(value) = db.get(keys::SCHEMA)? else {
        if !db.is_empty() {
            return Err(StoreError::Corrupt(
                "the directory holds data but no schema version; is it a catan-bot data directory?"
                    .into(),
            ));
        }
        db.insert(keys::SCHEMA, &SCHEMA_VERSION.to_be_bytes())?;
        db.flush()?;
        return Ok(());
    };
    let found = <[u8; 4]>::try_from(value.as_ref())
        .map(u32::from_be_bytes)
        .map_err(|_| StoreError::Corrupt(format!("malformed schema version {value:?}")))?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::Schema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    if found < SCHEMA_VERSION {
        return Err(StoreError::Corrupt(format!(
            "schema version {found} is older than any this build can read ({SCHEMA_VERSION})"
        )));
    }
    Ok(())
}

fn orphan(id: GameId, what: &str) -> StoreError {
    StoreError::Corrupt(format!("game {id} has {what} but no meta record"))
}

fn short_snapshot(id: GameId) -> StoreError {
    StoreError::Corrupt(format!("game {id}: snapshot record is too short"))
}

#[cfg(test)]
#[path = "sled_store_tests.rs"]
mod tests;
