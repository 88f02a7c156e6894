//! Key layout of the sled tree. Everything lives in one tree so that every multi-key change
//! (snapshot + log truncation, removing or finishing a game) is a single atomic `Batch`.
//!
//! A one-byte tag, then big-endian integers, so that a prefix scan returns a game's actions in
//! index order and games in id order:
//!
//! | key                                 | value                              |
//! |-------------------------------------|------------------------------------|
//! | `v`                                 | schema version, u32 BE             |
//! | `m` ++ game id (u64 BE)             | the table's meta record            |
//! | `s` ++ game id                      | `upto` (u64 BE) ++ snapshot bytes  |
//! | `l` ++ game id ++ index (u64 BE)    | one action                         |
//! | `f` ++ game id                      | compact final record of a finished game |
//! | `o` ++ game id ++ offer (u32 BE)    | one open trade offer (schema 2)    |
//! | `h` ++ game id                      | the game's head: write counters (schema 2) |
//! | `c` ++ community (u64) ++ slot (u32) | one record of a community's ratings (`crate::community`) |
//!
//! From schema 2 on, every value except `v` is sealed (`envelope.rs`): a checksum over key and
//! value, and the game's write number it was written at.

use super::GameId;

pub const SCHEMA: &[u8] = b"v";
pub const META_TAG: u8 = b'm';
pub const SNAPSHOT_TAG: u8 = b's';
pub const LOG_TAG: u8 = b'l';
pub const FINISHED_TAG: u8 = b'f';
pub const OFFER_TAG: u8 = b'o';
pub const HEAD_TAG: u8 = b'h';
/// Community records are not per game: the game checks of `verify.rs` never scan them, so a
/// directory written before them reads the same.
pub const COMMUNITY_TAG: u8 = b'c';

/// `tag ++ id`: the key of a per-game record, or the prefix of a game's log.
pub fn game_key(tag: u8, id: GameId) -> [u8; 9] {
    let mut key = [0u8; 9];
    key[0] = tag;
    key[1..].copy_from_slice(&id.to_be_bytes());
    key
}

/// `l ++ id ++ index`.
pub fn log_key(id: GameId, index: u64) -> [u8; 17] {
    let mut key = [0u8; 17];
    key[..9].copy_from_slice(&game_key(LOG_TAG, id));
    key[9..].copy_from_slice(&index.to_be_bytes());
    key
}

/// `o ++ id ++ offer`.
pub fn offer_key(id: GameId, offer: u32) -> [u8; 13] {
    let mut key = [0u8; 13];
    key[..9].copy_from_slice(&game_key(OFFER_TAG, id));
    key[9..].copy_from_slice(&offer.to_be_bytes());
    key
}

/// `c ++ community ++ slot`.
pub fn community_key(community: u64, slot: u32) -> [u8; 13] {
    let mut key = [0u8; 13];
    key[..9].copy_from_slice(&game_key(COMMUNITY_TAG, community));
    key[9..].copy_from_slice(&slot.to_be_bytes());
    key
}

/// The slot of a community key, or `None` if the key has another shape.
pub fn parse_community_slot(key: &[u8]) -> Option<u32> {
    if key.len() != 13 || key[0] != COMMUNITY_TAG {
        return None;
    }
    let slot: [u8; 4] = key[9..13].try_into().ok()?;
    Some(u32::from_be_bytes(slot))
}

/// `(game id, offer)` of an offer key, or `None` if the key has another shape.
pub fn parse_offer_key(key: &[u8]) -> Option<(GameId, u32)> {
    if key.len() != 13 || key[0] != OFFER_TAG {
        return None;
    }
    let id: [u8; 8] = key[1..9].try_into().ok()?;
    let offer: [u8; 4] = key[9..13].try_into().ok()?;
    Some((GameId::from_be_bytes(id), u32::from_be_bytes(offer)))
}

/// The game id of a `tag ++ id` key, or `None` if the key has another shape.
pub fn parse_game_key(key: &[u8]) -> Option<GameId> {
    let id: [u8; 8] = key.get(1..9)?.try_into().ok()?;
    (key.len() == 9).then(|| GameId::from_be_bytes(id))
}

/// `(game id, index)` of a log key, or `None` if the key has another shape.
pub fn parse_log_key(key: &[u8]) -> Option<(GameId, u64)> {
    if key.len() != 17 || key[0] != LOG_TAG {
        return None;
    }
    let id: [u8; 8] = key[1..9].try_into().ok()?;
    let index: [u8; 8] = key[9..17].try_into().ok()?;
    Some((GameId::from_be_bytes(id), u64::from_be_bytes(index)))
}

/// A snapshot value: `upto ++ bytes`.
pub fn encode_snapshot(upto: u64, state: &[u8]) -> Vec<u8> {
    let mut value = Vec::with_capacity(8 + state.len());
    value.extend_from_slice(&upto.to_be_bytes());
    value.extend_from_slice(state);
    value
}

/// Splits a snapshot value into `(upto, bytes)`, or `None` if it is too short.
pub fn decode_snapshot(value: &[u8]) -> Option<(u64, &[u8])> {
    let upto: [u8; 8] = value.get(..8)?.try_into().ok()?;
    Some((u64::from_be_bytes(upto), &value[8..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_keys_sort_by_game_then_index() {
        let mut keys = [
            log_key(2, 0),
            log_key(1, 256),
            log_key(1, 1),
            log_key(1, u64::MAX),
            log_key(0, 9),
        ];
        keys.sort();
        let parsed: Vec<_> = keys.iter().map(|k| parse_log_key(k).unwrap()).collect();
        assert_eq!(
            parsed,
            vec![(0, 9), (1, 1), (1, 256), (1, u64::MAX), (2, 0)]
        );
    }

    #[test]
    fn keys_round_trip_and_reject_other_shapes() {
        assert_eq!(parse_game_key(&game_key(META_TAG, 77)), Some(77));
        assert_eq!(parse_log_key(&log_key(5, 6)), Some((5, 6)));
        assert_eq!(parse_game_key(SCHEMA), None);
        assert_eq!(parse_game_key(&log_key(5, 6)), None);
        assert_eq!(parse_log_key(&game_key(LOG_TAG, 5)), None);
        assert_eq!(parse_offer_key(&offer_key(5, 300)), Some((5, 300)));
        assert_eq!(parse_offer_key(&log_key(5, 6)), None);
        assert_eq!(parse_game_key(&offer_key(5, 6)), None);
        assert_eq!(parse_community_slot(&community_key(5, 7)), Some(7));
        assert_eq!(parse_community_slot(&offer_key(5, 7)), None);
    }

    #[test]
    fn snapshot_values_round_trip() {
        let value = encode_snapshot(42, b"state");
        assert_eq!(decode_snapshot(&value), Some((42, &b"state"[..])));
        assert_eq!(
            decode_snapshot(&encode_snapshot(0, b"")),
            Some((0, &b""[..]))
        );
        assert_eq!(decode_snapshot(b"short"), None);
    }
}
