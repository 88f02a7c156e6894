//! One atomic change of one game: everything a single player action changes on disk.

/// The records one player action changes, committed together by [`super::Store::commit`]:
/// after a crash either all of them are on disk or none is. Records left `None`/empty keep
/// what is stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameWrite {
    /// The table's record of the game (settings, seats, offer counter, chat ids).
    pub meta: Option<Vec<u8>>,
    /// The next action of the log, with its index (must be the next one).
    pub action: Option<(u64, Vec<u8>)>,
    /// A snapshot covering actions `0..upto` (after `action`); the log entries it covers go.
    pub snapshot: Option<(u64, Vec<u8>)>,
    /// Offer records written (or replaced).
    pub offers: Vec<(u32, Vec<u8>)>,
    /// Offer records removed (absent ones are ignored).
    pub removed_offers: Vec<u32>,
    /// The compact final record: replaces meta, snapshot, log and offers (the game is over).
    pub finished: Option<Vec<u8>>,
    /// Records of the game's community written (or replaced) with it: `(community, slot,
    /// record)`. The ratings a finished game changes go down with its final record, so a crash
    /// never keeps one without the other.
    pub community: Vec<(u64, u32, Vec<u8>)>,
}

impl GameWrite {
    /// True when the write would change nothing.
    pub fn is_empty(&self) -> bool {
        *self == GameWrite::default()
    }

    pub fn meta(meta: &[u8]) -> GameWrite {
        GameWrite {
            meta: Some(meta.to_vec()),
            ..GameWrite::default()
        }
    }

    pub fn offer(offer: u32, record: &[u8]) -> GameWrite {
        GameWrite {
            offers: vec![(offer, record.to_vec())],
            ..GameWrite::default()
        }
    }
}
