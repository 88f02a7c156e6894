//! Durable storage of games (sled 0.34.7). Byte-level and narrow on purpose: the table decides
//! what a record means; another backend could implement [`Store`] if sled ever fails us.
//!
//! See STORE-NOTES.md for sled's measured failure modes this module defends against.

mod dir;
mod keys;
pub mod repair;
mod sled_store;

use std::path::PathBuf;

use thiserror::Error;

pub use sled_store::{SCHEMA_VERSION, SledStore};

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
        "data directory was written by a newer catan-bot (schema {found}, this build reads {supported})"
    )]
    Schema { found: u32, supported: u32 },
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
/// Writes that would break a game's log (gaps, rewrites) are refused and change nothing.
pub trait Store: Send + Sync {
    /// Writes (or replaces) a game's table record. Creates the game.
    fn put_meta(&self, id: GameId, meta: &[u8]) -> Result<(), StoreError>;
    /// Appends the action with this index to the game's log. The index must be the next one:
    /// the count of the latest snapshot or one past the last logged action.
    fn append_action(&self, id: GameId, index: u64, action: &[u8]) -> Result<(), StoreError>;
    /// Stores a snapshot covering actions `0..upto` and drops the log entries it covers, at once.
    /// `upto` may not go below the current snapshot nor beyond the logged actions.
    fn put_snapshot(&self, id: GameId, upto: u64, state: &[u8]) -> Result<(), StoreError>;
    /// Replaces a game's meta, snapshot and log with one compact final record (sled never
    /// reclaims much space, so finished games should not keep their log). Not in `load_all`.
    fn finish_game(&self, id: GameId, record: &[u8]) -> Result<(), StoreError>;
    /// Removes a game entirely (abandoned, or archived elsewhere), finished or not.
    fn remove_game(&self, id: GameId) -> Result<(), StoreError>;
    /// Every unfinished stored game, for start-up, in id order.
    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// The final records of finished games, in id order.
    fn finished_games(&self) -> Result<Vec<(GameId, Vec<u8>)>, StoreError>;
    /// Bytes used on disk, for status output.
    fn size_on_disk(&self) -> Result<u64, StoreError>;
}
