//! Durable storage of games (sled 0.34.7). Byte-level and narrow on purpose: the table decides
//! what a record means; another backend could implement [`Store`] if sled ever fails us.
//!
//! See STORE-NOTES.md for sled's measured failure modes this module defends against.

use thiserror::Error;

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
    pub actions: Vec<(u64, Vec<u8>)>,
}

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("storage error: {0}")]
    Sled(#[from] sled::Error),
    #[error("i/o error in the data directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    #[error(
        "data directory was written by a newer catan-bot (schema {found}, this build reads {supported})"
    )]
    Schema { found: u32, supported: u32 },
}

/// What the table needs from storage. Every write returns only once it is durable against a
/// killed process (flushed).
pub trait Store: Send {
    /// Writes (or replaces) a game's table record.
    fn put_meta(&self, id: GameId, meta: &[u8]) -> Result<(), StoreError>;
    /// Appends the action with this index to the game's log.
    fn append_action(&self, id: GameId, index: u64, action: &[u8]) -> Result<(), StoreError>;
    /// Stores a snapshot covering actions `0..upto` and drops the log entries it covers.
    fn put_snapshot(&self, id: GameId, upto: u64, state: &[u8]) -> Result<(), StoreError>;
    /// Removes a game entirely (abandoned, or archived elsewhere).
    fn remove_game(&self, id: GameId) -> Result<(), StoreError>;
    /// Every stored game, for start-up.
    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// Bytes used on disk, for status output.
    fn size_on_disk(&self) -> Result<u64, StoreError>;
}
