//! Durable storage of games (sled 0.34.7). Byte-level and narrow on purpose: the table decides
//! what a record means; another backend could implement [`Store`] if sled ever fails us.
//!
//! See STORE-NOTES.md for sled's measured failure modes this module defends against.
//!
//! Durability, precisely: a write returns after sled's `flush()`, which survives a killed
//! process (tested by SIGKILLing writers, `tests/store/store_crash.rs`) but is not an fsync: sled
//! fsyncs from a background thread about every 500 ms, so a power loss or host crash can lose
//! the last half second. `flush_async` is never used (it hangs with several calls in flight).
//! A kill while sled opens can leave a half-written `snap.*.generating` file that sled would
//! refuse forever; [`SledStore::open`] removes such files first (`tests/store/store_repair.rs`).
//! Back up by copying the data directory while the bot is stopped.
//!
//! Communities' ratings (`crate::community`) are records beside the games (`keys.rs`: `c`),
//! written with the final record of the game that moves them (`GameWrite::community`, one
//! batch) or on their own for a new season (`Store::put_community`); the game checks of
//! `load_all` never look at them, so directories written before them read the same.
//!
//! Failed writes: sled stays failed after one failed write (a full disk); the next write reopens
//! it and first undoes whatever the failed writes left (`pending.rs`), so the store recovers
//! without a restart as soon as the disk allows, holding exactly the acknowledged writes.
//!
//! Damage: every value is sealed with a checksum, each game has a head record saying how far it
//! got (`envelope.rs`), and an acknowledgement log outside sled's log (`ack_log.rs`) notes every
//! acknowledged write. [`Store::load_all`] checks all three and says per game what it found
//! ([`Integrity`]): sled silently cuts its recovery short at a damaged message, and this is how
//! that roll-back is told apart from an intact game.

mod ack_log;
mod dir;
mod envelope;
#[cfg(test)]
mod faults;
mod flush_gate;
mod keys;
mod migrate;
mod pending;
pub mod repair;
mod sled_store;
mod verify;
mod write;

use std::path::PathBuf;

use thiserror::Error;

pub use ack_log::FILE_NAME as ACK_LOG_FILE;
pub use sled_store::{SCHEMA_VERSION, SledStore};
pub use write::GameWrite;

/// Waits (at most a couple of seconds) until no store of this or another process holds `dir`,
/// for tools and tests that open sled's files themselves right after closing a store: sled's
/// lock outlives its handle a little.
pub fn wait_until_free(dir: &std::path::Path) -> Result<(), StoreError> {
    dir::lock(dir).map(drop)
}

/// Identifies one game for its whole life.
pub type GameId = u64;

/// A stored game as found on start-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub id: GameId,
    /// The table's record of the game: settings, seed, seats, chat bindings, timers.
    pub meta: Vec<u8>,
    /// The latest snapshot, with the number of actions it includes.
    pub snapshot: Option<(u64, Vec<u8>)>,
    /// Actions logged after the snapshot, in order, with their index (0-based, whole game).
    /// Always contiguous, starting at the snapshot's count (or 0 without a snapshot).
    pub actions: Vec<(u64, Vec<u8>)>,
    /// Open trade offers (the table's records), by offer number.
    pub offers: Vec<(u32, Vec<u8>)>,
    /// What the start-up checks found. Unless [`Integrity::Damaged`] or [`Integrity::Lost`],
    /// the records above are verified and consistent.
    pub integrity: Integrity,
}

impl StoredGame {
    /// How many actions the stored records hold (the snapshot's count plus the logged ones).
    pub fn action_count(&self) -> u64 {
        let base = self.snapshot.as_ref().map_or(0, |(upto, _)| *upto);
        base + self.actions.len() as u64
    }
}

/// What the start-up checks found for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Integrity {
    /// Every record verified, and the game holds every acknowledged write.
    Intact,
    /// Every record verified, but acknowledged writes made after them are missing (sled cut its
    /// log short at damage): the records are the game as it was some writes earlier.
    Truncated {
        /// Actions the game had at its last acknowledged write.
        acknowledged_actions: u64,
    },
    /// Every record verified, but the acknowledgement log, the only witness of lost writes,
    /// was missing or damaged: writes lost before this start cannot be ruled out. (Reported
    /// again at every start until the game's next move, like moves found lost.)
    Unverified,
    /// Records fail their checks (checksum, sequence, head): the game cannot be resumed
    /// safely. `meta` is still filled in if the meta record passed its checksum (it may be an
    /// older version: good enough to tell where the game was played).
    Damaged { reason: String },
    /// The acknowledgement log knows the game, the store has none of it. Only `id` is set.
    Lost {
        /// Actions the game had at its last acknowledged write.
        acknowledged_actions: u64,
    },
}

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("storage error: {0}")]
    Sled(#[from] sled::Error),
    #[error("i/o error in the data directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot write to the data directory {dir}: {source}")]
    NotWritable {
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "another catan-bot is using {dir} (one process per data directory); stop it or choose \
         another directory"
    )]
    Locked { dir: PathBuf },
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    #[error(
        "the store is closed after a failed write and could not be reopened yet; the next write \
         tries again"
    )]
    Closed,
    #[error("the write was not saved: the store failed meanwhile and undid it")]
    Undone,
    #[error(
        "data directory was written by a newer catan-bot (schema {found}, this build reads {supported})"
    )]
    Schema { found: u32, supported: u32 },
    #[error("this store keeps no community records")]
    NoCommunities,
    #[error("game {0} is not stored: write its record with put_meta first")]
    UnknownGame(GameId),
    #[error("game {0} is finished: its log and snapshot are closed")]
    Finished(GameId),
    #[error("game {id}: action index {got} is out of order, the next one must be {expected}")]
    OutOfOrder { id: GameId, expected: u64, got: u64 },
    #[error(
        "game {id}: a snapshot of {upto} actions is refused, it must cover between {min} (the \
         current snapshot) and {max} (every logged action) actions"
    )]
    SnapshotOutOfRange {
        id: GameId,
        upto: u64,
        min: u64,
        max: u64,
    },
}

/// What the table needs from storage. Every write returns only once it is durable against a
/// killed process (flushed), and is atomic: after a crash it is either wholly there or absent.
/// A write that returns an error is not stored (if it reached the disk, it is undone before the
/// next write). Writes that would break a game's log (gaps, rewrites) are refused and change
/// nothing.
pub trait Store: Send + Sync {
    /// Applies every record of `write` to game `id` as one atomic, flushed write: after a
    /// crash it is wholly there or absent. One player action is one commit, so a crash can
    /// never separate an action from the offers it closes or the meta record it changes.
    /// Refused, changing nothing, when it would break the game's log (see below) or the game
    /// is unknown (no meta stored or given) or finished.
    fn commit(&self, id: GameId, write: &GameWrite) -> Result<(), StoreError>;
    /// Writes (or replaces) a game's table record. Creates the game.
    fn put_meta(&self, id: GameId, meta: &[u8]) -> Result<(), StoreError> {
        self.commit(id, &GameWrite::meta(meta))
    }
    /// Appends the action with this index to the game's log. The index must be the next one:
    /// the count of the latest snapshot or one past the last logged action.
    fn append_action(&self, id: GameId, index: u64, action: &[u8]) -> Result<(), StoreError> {
        let write = GameWrite {
            action: Some((index, action.to_vec())),
            ..GameWrite::default()
        };
        self.commit(id, &write)
    }
    /// Stores a snapshot covering actions `0..upto` and drops the log entries it covers, at once.
    /// `upto` may not go below the current snapshot nor beyond the logged actions.
    fn put_snapshot(&self, id: GameId, upto: u64, state: &[u8]) -> Result<(), StoreError> {
        let write = GameWrite {
            snapshot: Some((upto, state.to_vec())),
            ..GameWrite::default()
        };
        self.commit(id, &write)
    }
    /// Replaces a game's meta, snapshot and log with one compact final record (sled never
    /// reclaims much space, so finished games should not keep their log). Not in `load_all`.
    fn finish_game(&self, id: GameId, record: &[u8]) -> Result<(), StoreError> {
        let write = GameWrite {
            finished: Some(record.to_vec()),
            ..GameWrite::default()
        };
        self.commit(id, &write)
    }
    /// Removes a game entirely (abandoned, or archived elsewhere), finished or not.
    fn remove_game(&self, id: GameId) -> Result<(), StoreError>;
    /// Writes (or replaces) one open trade offer of a running game.
    fn put_offer(&self, id: GameId, offer: u32, record: &[u8]) -> Result<(), StoreError> {
        self.commit(id, &GameWrite::offer(offer, record))
    }
    /// Removes these offers of a game at once (absent ones are ignored).
    fn remove_offers(&self, id: GameId, offers: &[u32]) -> Result<(), StoreError> {
        let write = GameWrite {
            removed_offers: offers.to_vec(),
            ..GameWrite::default()
        };
        self.commit(id, &write)
    }
    /// Every record of `community` (its ratings, see `crate::community`), by slot. A store
    /// that keeps none (a test double) has none.
    fn community(&self, community: u64) -> Result<Vec<(u32, Vec<u8>)>, StoreError> {
        let _ = community;
        Ok(Vec::new())
    }
    /// Writes (or replaces) records of one community on their own (a new season), as one
    /// atomic, flushed write. Ratings a game changes go with the game's own write instead
    /// ([`GameWrite::community`]).
    fn put_community(&self, community: u64, records: &[(u32, Vec<u8>)]) -> Result<(), StoreError> {
        let _ = (community, records);
        Err(StoreError::NoCommunities)
    }
    /// Every unfinished stored game, for start-up, in id order, each with what its checks
    /// found (see [`Integrity`]).
    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// The final records of finished games, in id order (empty if damaged: the id stays taken).
    fn finished_games(&self) -> Result<Vec<(GameId, Vec<u8>)>, StoreError>;
    /// Bytes used on disk, for status output.
    fn size_on_disk(&self) -> Result<u64, StoreError>;
}
