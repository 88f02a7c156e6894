//! A community's records through the game store: read whole, and written either with a
//! finished game's final record (one atomic write, [`game_end_records`]) or on their own for a
//! new season ([`new_season`]). Nothing is cached: the table is single-threaded, so what the
//! store holds is current, and a restart loses nothing.

use std::collections::BTreeMap;

use thiserror::Error;

use super::CommunityId;
use super::records::{self, HEADER_SLOT, Header, Season};
use super::result::GameResult;
use crate::store::{Store, StoreError};

/// Why a community's records could not be read or written.
#[derive(Debug, Error)]
pub enum CommunityError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("community {community}: {reason}")]
    Damaged {
        community: CommunityId,
        reason: String,
    },
}

/// A community's records as read. A community without games yet has no header.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Community {
    pub header: Option<Header>,
    pub seasons: BTreeMap<u32, Season>,
}

impl Community {
    /// The current season's number (1 before the first game).
    pub fn current(&self) -> u32 {
        self.header.as_ref().map_or(1, |h| h.current)
    }

    /// Season `number`, empty if nothing was recorded in it.
    pub fn season(&self, number: u32) -> Season {
        self.seasons.get(&number).cloned().unwrap_or_default()
    }
}

/// Reads every record of `community`.
pub fn load(store: &dyn Store, community: CommunityId) -> Result<Community, CommunityError> {
    let damaged = |reason: String| CommunityError::Damaged { community, reason };
    let mut found = Community::default();
    for (slot, bytes) in store.community(community)? {
        if slot == HEADER_SLOT {
            found.header = Some(records::decode(&bytes).map_err(damaged)?);
        } else {
            found
                .seasons
                .insert(slot, records::decode(&bytes).map_err(damaged)?);
        }
    }
    Ok(found)
}

/// The records a finished game of `community` changes (for `GameWrite::community`): its
/// current season with the game recorded, and the header when this is the community's first
/// game. Empty for a game without two people: it changes nothing.
pub fn game_end_records(
    store: &dyn Store,
    community: CommunityId,
    game: &GameResult,
) -> Result<Vec<(CommunityId, u32, Vec<u8>)>, CommunityError> {
    if game.people() < 2 {
        return Ok(Vec::new());
    }
    let found = load(store, community)?;
    let mut out = Vec::new();
    let header = match found.header.clone() {
        Some(header) => header,
        None => {
            let header = Header::first(game.at_ms);
            out.push((community, HEADER_SLOT, records::encode(&header)));
            header
        }
    };
    let mut season = found.season(header.current);
    season.record(game);
    out.push((community, header.current, records::encode(&season)));
    Ok(out)
}

/// Starts season `current + 1` of `community` at `now_ms`; returns its number. The finished
/// seasons stay as they are.
pub fn new_season(
    store: &dyn Store,
    community: CommunityId,
    now_ms: u64,
) -> Result<u32, CommunityError> {
    let found = load(store, community)?;
    let mut header = found.header.unwrap_or_else(|| Header::first(now_ms));
    header.current += 1;
    header.started_ms.insert(header.current, now_ms);
    store.put_community(community, &[(HEADER_SLOT, records::encode(&header))])?;
    Ok(header.current)
}
