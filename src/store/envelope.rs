//! Sealed values (schema 2). sled checks its own log, but when it meets a damaged message it
//! quietly cuts recovery short there; and a value could in principle come back damaged. So every
//! value the store writes carries a checksum over its key and bytes, and the game's version (a
//! count of its changes) it was written at; and each game has a head record, rewritten in the
//! same batch as every change of the game, saying how far the game got. `verify.rs` checks them
//! at start-up.
//!
//! Layout: `crc32 (u32 LE) ++ version (u64 LE) ++ payload`, the crc over
//! `key ++ version ++ payload` (so a value that turns up under another key fails too).

/// Bytes a seal adds in front of the payload.
const SEAL_LEN: usize = 12;

fn checksum(key: &[u8], version: u64, payload: &[u8]) -> u32 {
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(key);
    hasher.update(&version.to_le_bytes());
    hasher.update(payload);
    hasher.finalize()
}

/// `payload` sealed for `key`, written at version `version`.
pub fn seal(key: &[u8], version: u64, payload: &[u8]) -> Vec<u8> {
    let mut value = Vec::with_capacity(SEAL_LEN + payload.len());
    value.extend_from_slice(&checksum(key, version, payload).to_le_bytes());
    value.extend_from_slice(&version.to_le_bytes());
    value.extend_from_slice(payload);
    value
}

/// `(version, payload)` of a sealed value, or `None` if it is too short or fails its checksum.
pub fn unseal<'a>(key: &[u8], value: &'a [u8]) -> Option<(u64, &'a [u8])> {
    let crc = u32::from_le_bytes(value.get(..4)?.try_into().ok()?);
    let version = u64::from_le_bytes(value.get(4..SEAL_LEN)?.try_into().ok()?);
    let payload = &value[SEAL_LEN..];
    (checksum(key, version, payload) == crc).then_some((version, payload))
}

/// How far a game got, rewritten (sealed) with every change of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Head {
    /// The game's version: +1 per change. Never reused, even when the game is removed.
    pub version: u64,
    /// The version of the game's current meta record.
    pub meta_version: u64,
    /// How many actions the game has (snapshot count plus logged actions after it).
    pub actions: u64,
}

impl Head {
    pub fn encode(&self, key: &[u8]) -> Vec<u8> {
        let mut payload = [0u8; 16];
        payload[..8].copy_from_slice(&self.meta_version.to_le_bytes());
        payload[8..].copy_from_slice(&self.actions.to_le_bytes());
        seal(key, self.version, &payload)
    }

    /// `None` if the value is damaged.
    pub fn decode(key: &[u8], value: &[u8]) -> Option<Head> {
        let (version, payload) = unseal(key, value)?;
        let payload: &[u8; 16] = payload.try_into().ok()?;
        Some(Head {
            version,
            meta_version: u64::from_le_bytes(payload[..8].try_into().ok()?),
            actions: u64::from_le_bytes(payload[8..].try_into().ok()?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_values_round_trip() {
        let value = seal(b"key", 7, b"payload");
        assert_eq!(unseal(b"key", &value), Some((7, &b"payload"[..])));
        assert_eq!(
            unseal(b"k", &seal(b"k", 0, b"")),
            Some((0, &b""[..])),
            "empty payload"
        );
    }

    #[test]
    fn any_flipped_bit_or_other_key_or_truncation_is_detected() {
        let value = seal(b"key", 7, b"payload");
        for byte in 0..value.len() {
            for bit in 0..8 {
                let mut damaged = value.clone();
                damaged[byte] ^= 1 << bit;
                assert_eq!(unseal(b"key", &damaged), None, "byte {byte} bit {bit}");
            }
        }
        assert_eq!(unseal(b"kez", &value), None);
        for len in 0..value.len() {
            assert_eq!(unseal(b"key", &value[..len]), None, "cut to {len}");
        }
    }

    #[test]
    fn heads_round_trip_and_reject_damage() {
        let head = Head {
            version: 9,
            meta_version: 4,
            actions: 120,
        };
        let value = head.encode(b"h1");
        assert_eq!(Head::decode(b"h1", &value), Some(head));
        assert_eq!(Head::decode(b"h2", &value), None);
        let mut damaged = value.clone();
        damaged[20] ^= 0x10;
        assert_eq!(Head::decode(b"h1", &damaged), None);
        // A sealed value of another length is not a head.
        assert_eq!(Head::decode(b"h1", &seal(b"h1", 9, b"short")), None);
    }
}
