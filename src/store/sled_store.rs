//! [`Store`] on sled 0.34.7: one tree (layout in `keys.rs`), every change of a game one atomic
//! `Batch` with the game's head, flushed before it returns, and noted in the acknowledgement log.
//! sled's start-up snapshot is repaired before every open, and sled is reopened after a failed
//! write (see `pending.rs`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError, RwLock};

use super::ack_log::{Ack, AckHistory, AckLog};
use super::envelope::{self, Head};
use super::flush_gate::FlushGate;
use super::keys::{self, FINISHED_TAG, HEAD_TAG, LOG_TAG, META_TAG, OFFER_TAG, SNAPSHOT_TAG};
use super::pending::{Pending, Undo};
use super::{GameId, GameWrite, Store, StoreError, StoredGame, dir, migrate, repair, verify};

/// The layout this build writes and reads. Bump it with a migration when the layout changes;
/// an older build refuses a newer directory instead of misreading it. Schema 1 (values without
/// seals, no heads) is migrated on open (`migrate.rs`).
pub const SCHEMA_VERSION: u32 = 2;

/// The sled-backed store. Safe to share between threads.
pub struct SledStore {
    dir: PathBuf,
    /// `None` between dropping a failed database and reopening it successfully.
    db: RwLock<Option<sled::Db>>,
    /// Serializes check-then-write (e.g. "is this the next index?") and recovery, so checks see
    /// a settled log. The flush happens after it is released, so writers can share one flush.
    writer: Mutex<Writer>,
    flush_gate: FlushGate,
    pending: Pending,
    acks: AckLog,
    /// The acknowledgement log as found at open, for [`Store::load_all`]'s checks.
    history: AckHistory,
    repaired: Vec<PathBuf>,
    #[cfg(test)]
    faults: super::faults::Faults,
}

#[derive(Default)]
struct Writer {
    /// Per game, the highest version the acknowledgement log knew at open: new writes
    /// number above it even if sled lost writes, so a damaged game is reported only until its
    /// next write.
    version_floor: HashMap<GameId, u64>,
    /// Undos of failed writes still to apply (in order), if a recovery failed half-way.
    backlog: Vec<Undo>,
}

/// One key written (`Some`) or removed (`None`) by a batch.
type Op = (Vec<u8>, Option<Vec<u8>>);

/// One change of one game, collected by a `build` closure of [`SledStore::write_game`].
struct Change {
    version: u64,
    head: Head,
    ops: Vec<Op>,
}

impl Change {
    /// Writes `payload` under `key`, sealed with this change's version.
    fn put(&mut self, key: &[u8], payload: &[u8]) {
        let value = envelope::seal(key, self.version, payload);
        self.ops.push((key.to_vec(), Some(value)));
    }

    fn remove(&mut self, key: &[u8]) {
        self.ops.push((key.to_vec(), None));
    }
}

impl SledStore {
    /// Opens (or creates) the store in `dir`, first removing sled's half-written start-up
    /// snapshots that would otherwise make the open fail forever (see `repair.rs`), and
    /// migrating a directory of an older schema.
    pub fn open(dir: impl AsRef<Path>) -> Result<SledStore, StoreError> {
        let dir = dir.as_ref();
        let (db, repaired) = open_db(dir)?;
        let (acks, history) = AckLog::open(dir)?;
        let existing = db.contains_key(keys::SCHEMA)?;
        let migrated = check_schema(&db)?;
        if history.missing && existing && migrated.is_empty() {
            tracing::warn!(
                file = %acks.path().display(),
                "the acknowledgement log was missing (restored from an incomplete backup?): \
                 moves lost before this start cannot be detected"
            );
        }
        for ack in migrated {
            acks.append(ack)?;
        }
        if history.damaged_entries > 0 {
            tracing::warn!(
                file = %acks.path().display(),
                entries = history.damaged_entries,
                "the acknowledgement log has damaged entries: lost moves of the games they \
                 were about may go unnoticed"
            );
        }
        let version_floor = history
            .latest
            .values()
            .map(|ack| (ack.game, ack.version))
            .collect();
        Ok(SledStore {
            dir: dir.to_path_buf(),
            db: RwLock::new(Some(db)),
            writer: Mutex::new(Writer {
                version_floor,
                backlog: Vec::new(),
            }),
            flush_gate: FlushGate::default(),
            pending: Pending::default(),
            acks,
            history,
            repaired,
            #[cfg(test)]
            faults: Default::default(),
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

    /// The open database, for reads.
    fn db(&self) -> Result<sled::Db, StoreError> {
        let slot = self.db.read().unwrap_or_else(PoisonError::into_inner);
        slot.clone().ok_or(StoreError::Closed)
    }

    fn lock_writer(&self) -> MutexGuard<'_, Writer> {
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Applies one change of game `id`: `build` checks the game (reading through the given
    /// database) and collects the change; it is applied with the game's new head as one batch
    /// (see [`SledStore::apply_write`]).
    fn write_game(
        &self,
        id: GameId,
        build: impl FnOnce(&sled::Db, &mut Change) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        self.apply_write(|db, writer| {
            let head_key = keys::game_key(HEAD_TAG, id);
            let head = read_head(db, id)?.unwrap_or_default();
            let floor = writer.version_floor.get(&id).copied().unwrap_or(0);
            let version = head.version.max(floor) + 1;
            let mut change = Change {
                version,
                head: Head { version, ..head },
                ops: Vec::new(),
            };
            build(db, &mut change)?;
            change
                .ops
                .push((head_key.to_vec(), Some(change.head.encode(&head_key))));
            let ack = Ack {
                game: id,
                version,
                actions: change.head.actions,
            };
            Ok((change.ops, Some(ack)))
        })
    }

    /// Applies the records `build` collects (under the writer lock, reading through the given
    /// database) as one batch, flushed (possibly together with concurrent writers), noted in
    /// the acknowledgement log when it is a game's write (`Some(ack)`), and only then
    /// acknowledged. On any error nothing is stored (see `pending.rs`).
    fn apply_write(
        &self,
        build: impl FnOnce(&sled::Db, &Writer) -> Result<(Vec<Op>, Option<Ack>), StoreError>,
    ) -> Result<(), StoreError> {
        let (ticket, seq, ack) = {
            let mut writer = self.lock_writer();
            self.recover(&mut writer)?;
            let db = self.db()?;
            let (ops, ack) = build(&db, &writer)?;
            let undo = Undo::capture(&db, ops.iter().map(|(key, _)| key.as_slice()))?;
            let mut batch = sled::Batch::default();
            for (key, value) in ops {
                match value {
                    Some(value) => batch.insert(key, value),
                    None => batch.remove(key),
                }
            }
            let ticket = self.pending.register(undo);
            if let Err(e) = db.apply_batch(batch) {
                return Err(self.failed(e.into()));
            }
            (ticket, self.flush_gate.applied(), ack)
        };
        self.flush_gate
            .wait_flushed(seq, || self.flush())
            .map_err(|e| self.failed(e))?;
        let mut logged = Ok(());
        if !self.pending.settle(ticket, || {
            if let Some(ack) = ack {
                logged = self.acks.append(ack);
            }
        }) {
            return Err(StoreError::Undone);
        }
        if let Err(e) = logged {
            // The write is durable; only the witness lags, which the checks never mistake
            // for damage.
            tracing::warn!(error = %e, "could not note a write in the acknowledgement log");
        }
        Ok(())
    }

    fn flush(&self) -> Result<(), StoreError> {
        #[cfg(test)]
        self.faults.before_flush(&self.db()?)?;
        self.db()?.flush()?;
        Ok(())
    }

    /// Marks the store failed (the next write recovers) and passes `error` on.
    fn failed(&self, error: StoreError) -> StoreError {
        if !self.pending.is_failed() {
            tracing::error!(
                dir = %self.dir.display(),
                %error,
                "a write to the game store failed; it is reopened at the next write"
            );
        }
        self.pending.mark_failed();
        error
    }

    /// After a failed write: drops sled (its error state is only cleared by opening it again),
    /// reopens it, and undoes every write that failed, newest first. Does nothing if no write
    /// failed. If it fails (the disk is still full), everything stays as it was for the next
    /// attempt.
    fn recover(&self, writer: &mut Writer) -> Result<(), StoreError> {
        if !self.pending.is_failed() && writer.backlog.is_empty() {
            return Ok(());
        }
        writer.backlog.extend(self.pending.take_all());
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        // sled releases its directory lock once its last handle and thread are gone;
        // `dir::lock` waits for that.
        *slot = None;
        #[cfg(test)]
        self.faults.before_reopen()?;
        let (db, _) = open_db(&self.dir)?;
        let undone = writer
            .backlog
            .iter()
            .rev()
            .try_for_each(|undo| db.apply_batch(undo.batch()))
            .and_then(|()| db.flush().map(|_| ()));
        // Kept even if undoing failed: the next recovery drops and reopens it again.
        *slot = Some(db);
        undone?;
        tracing::info!(
            dir = %self.dir.display(),
            undone = writer.backlog.len(),
            "the game store recovered from a failed write"
        );
        writer.backlog.clear();
        self.pending.clear_failed();
        Ok(())
    }
}

impl Store for SledStore {
    fn commit(&self, id: GameId, write: &GameWrite) -> Result<(), StoreError> {
        self.write_game(id, |db, change| {
            if db.contains_key(keys::game_key(FINISHED_TAG, id))? {
                return Err(StoreError::Finished(id));
            }
            match &write.meta {
                Some(meta) => {
                    change.put(&keys::game_key(META_TAG, id), meta);
                    change.head.meta_version = change.version;
                }
                None if !db.contains_key(keys::game_key(META_TAG, id))? => {
                    return Err(StoreError::UnknownGame(id));
                }
                None => {}
            }
            if let Some((index, action)) = &write.action {
                let expected = change.head.actions;
                if *index != expected {
                    return Err(StoreError::OutOfOrder {
                        id,
                        expected,
                        got: *index,
                    });
                }
                change.put(&keys::log_key(id, *index), action);
                change.head.actions += 1;
            }
            for (offer, record) in &write.offers {
                change.put(&keys::offer_key(id, *offer), record);
            }
            for offer in &write.removed_offers {
                change.remove(&keys::offer_key(id, *offer));
            }
            if let Some((upto, state)) = &write.snapshot {
                put_snapshot(db, change, id, *upto, state, write.action.as_ref())?;
            }
            if let Some(record) = &write.finished {
                // Removals come after the puts above in the batch, so they win.
                remove_live_records(db, change, id)?;
                if let Some((index, _)) = &write.action {
                    change.remove(&keys::log_key(id, *index));
                }
                change.put(&keys::game_key(FINISHED_TAG, id), record);
                change.head.meta_version = 0;
            }
            for (community, slot, record) in &write.community {
                change.put(&keys::community_key(*community, *slot), record);
            }
            Ok(())
        })
    }

    fn community(&self, community: u64) -> Result<Vec<(u32, Vec<u8>)>, StoreError> {
        let db = self.db()?;
        let mut records = Vec::new();
        for entry in db.scan_prefix(keys::game_key(keys::COMMUNITY_TAG, community)) {
            let (key, value) = entry?;
            let damaged =
                || StoreError::Corrupt(format!("community {community}: a record is damaged"));
            let slot = keys::parse_community_slot(&key).ok_or_else(damaged)?;
            let (_, payload) = envelope::unseal(&key, &value).ok_or_else(damaged)?;
            records.push((slot, payload.to_vec()));
        }
        Ok(records)
    }

    fn put_community(&self, community: u64, records: &[(u32, Vec<u8>)]) -> Result<(), StoreError> {
        self.apply_write(|_, _| {
            let ops = records
                .iter()
                .map(|(slot, payload)| {
                    let key = keys::community_key(community, *slot);
                    (key.to_vec(), Some(envelope::seal(&key, 0, payload)))
                })
                .collect();
            Ok((ops, None))
        })
    }

    fn remove_game(&self, id: GameId) -> Result<(), StoreError> {
        if read_head(&self.db()?, id)?.is_none() {
            return Ok(()); // never stored: nothing to remove
        }
        self.write_game(id, |db, change| {
            remove_live_records(db, change, id)?;
            change.remove(&keys::game_key(FINISHED_TAG, id));
            // The head stays, so versions keep growing if the id is used again.
            change.head.meta_version = 0;
            change.head.actions = 0;
            Ok(())
        })
    }

    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        verify::load_games(&self.db()?, &self.history)
    }

    fn finished_games(&self) -> Result<Vec<(GameId, Vec<u8>)>, StoreError> {
        verify::finished_games(&self.db()?)
    }

    fn size_on_disk(&self) -> Result<u64, StoreError> {
        Ok(dir::size_on_disk(&self.dir)?)
    }
}

/// Takes the directory lock, repairs sled's start-up snapshots, and opens sled.
fn open_db(dir: &Path) -> Result<(sled::Db, Vec<PathBuf>), StoreError> {
    let repaired = {
        let _lock = dir::lock(dir)?;
        repair::repair_snapshot_files(dir)?
    };
    let db = sled::Config::new()
        .path(dir)
        .open()
        .map_err(|e| dir::classify_open_error(dir, e))?;
    Ok((db, repaired))
}

/// The game's head, `None` if the game was never stored.
fn read_head(db: &sled::Db, id: GameId) -> Result<Option<Head>, StoreError> {
    let key = keys::game_key(HEAD_TAG, id);
    match db.get(key)? {
        None => Ok(None),
        Some(value) => Head::decode(&key, &value)
            .map(Some)
            .ok_or_else(|| StoreError::Corrupt(format!("game {id}: its head record is damaged"))),
    }
}

/// How many actions the game's latest snapshot covers (0 without one).
fn snapshot_upto(db: &sled::Db, id: GameId) -> Result<u64, StoreError> {
    let key = keys::game_key(SNAPSHOT_TAG, id);
    match db.get(key)? {
        None => Ok(0),
        Some(value) => envelope::unseal(&key, &value)
            .and_then(|(_, payload)| keys::decode_snapshot(payload))
            .map(|(upto, _)| upto)
            .ok_or_else(|| StoreError::Corrupt(format!("game {id}: its snapshot is damaged"))),
    }
}

/// Adds a snapshot of actions `0..upto` to `change` and removes the log entries it covers,
/// including the action appended by the same write (`appended`).
fn put_snapshot(
    db: &sled::Db,
    change: &mut Change,
    id: GameId,
    upto: u64,
    state: &[u8],
    appended: Option<&(u64, Vec<u8>)>,
) -> Result<(), StoreError> {
    let min = snapshot_upto(db, id)?;
    let max = change.head.actions;
    if upto < min || upto > max {
        return Err(StoreError::SnapshotOutOfRange { id, upto, min, max });
    }
    change.put(
        &keys::game_key(SNAPSHOT_TAG, id),
        &keys::encode_snapshot(upto, state),
    );
    for entry in db.range(keys::log_key(id, 0)..keys::log_key(id, upto)) {
        change.remove(&entry?.0);
    }
    if let Some((index, _)) = appended.filter(|(index, _)| *index < upto) {
        change.remove(&keys::log_key(id, *index));
    }
    Ok(())
}

/// Adds removals of a game's meta, snapshot, whole log and offers to `change`.
fn remove_live_records(db: &sled::Db, change: &mut Change, id: GameId) -> Result<(), StoreError> {
    change.remove(&keys::game_key(META_TAG, id));
    change.remove(&keys::game_key(SNAPSHOT_TAG, id));
    for tag in [LOG_TAG, OFFER_TAG] {
        for entry in db.scan_prefix(keys::game_key(tag, id)) {
            change.remove(&entry?.0);
        }
    }
    Ok(())
}

/// Writes the schema key into a new store, migrates an older one (returning the
/// acknowledgements of the migrated games), refuses a newer one.
fn check_schema(db: &sled::Db) -> Result<Vec<Ack>, StoreError> {
    let Some(value) = db.get(keys::SCHEMA)? else {
        if !db.is_empty() {
            return Err(StoreError::Corrupt(
                "the directory holds data but no schema version; is it a catan-bot data directory?"
                    .into(),
            ));
        }
        db.insert(keys::SCHEMA, &SCHEMA_VERSION.to_be_bytes())?;
        db.flush()?;
        return Ok(Vec::new());
    };
    let found = <[u8; 4]>::try_from(value.as_ref())
        .map(u32::from_be_bytes)
        .map_err(|_| StoreError::Corrupt(format!("malformed schema version {value:?}")))?;
    match found {
        SCHEMA_VERSION => Ok(Vec::new()),
        migrate::UNSEALED_SCHEMA => migrate::seal_everything(db, SCHEMA_VERSION),
        found if found > SCHEMA_VERSION => Err(StoreError::Schema {
            found,
            supported: SCHEMA_VERSION,
        }),
        found => Err(StoreError::Corrupt(format!(
            "schema version {found} is older than any this build can read ({SCHEMA_VERSION})"
        ))),
    }
}

#[cfg(test)]
#[path = "sled_store_tests.rs"]
mod sled_store_tests;

#[cfg(test)]
#[path = "sled_store_checks_tests.rs"]
mod sled_store_checks_tests;

#[cfg(test)]
#[path = "community_tests.rs"]
mod community_tests;

#[cfg(test)]
#[path = "ack_log_cut_tests.rs"]
mod ack_log_cut_tests;
