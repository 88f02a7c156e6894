//! Matrix ids (rooms, users, events: strings) as the table's numbers.
//!
//! A number is the first 8 bytes of SHA-256 over the kind and the id, with the top bit set
//! ([`MATRIX_ID_BIT`]): the same id always gives the same number (nothing to look up to route
//! an incoming event), the numbers never meet Discord's snowflakes, and a collision between
//! two of a deployment's ids is as likely as guessing a 63-bit secret. The way back (number →
//! id, to post or edit) is remembered in the adapter's state (`state.rs`) before the number is
//! first given to the table.

use sha2::{Digest, Sha256};

use crate::hosting::Platform;

/// The top bit: set on every id the Matrix adapter makes.
pub const MATRIX_ID_BIT: u64 = 1 << 63;

/// Matrix's ids: those with the top bit set (the id space is described at `hosting::Platform`).
/// Unchanged since the adapter began, so stored ids keep routing here.
pub const PLATFORM: Platform = Platform::new("Matrix", MATRIX_ID_BIT, MATRIX_ID_BIT);

/// What an id names; part of the hash so a room and an event never share a number.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Room,
    User,
    Event,
}

/// The table's number for a Matrix id.
pub fn number(kind: Kind, id: &str) -> u64 {
    let tag = match kind {
        Kind::Room => "room",
        Kind::User => "user",
        Kind::Event => "event",
    };
    let digest = Sha256::new()
        .chain_update(tag.as_bytes())
        .chain_update([0u8])
        .chain_update(id.as_bytes())
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first) | MATRIX_ID_BIT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_stable_matrix_tagged_and_kind_specific() {
        let a = number(Kind::Room, "!abc:hs");
        assert_eq!(a, number(Kind::Room, "!abc:hs"));
        assert_ne!(a, number(Kind::Event, "!abc:hs"));
        assert_ne!(a, number(Kind::Room, "!abd:hs"));
        assert!(PLATFORM.owns(a));
        assert!(!crate::discord::PLATFORM.owns(a));
    }

    #[test]
    fn matrix_ids_never_meet_discords() {
        assert!(!PLATFORM.overlaps(&crate::discord::PLATFORM));
        assert!(PLATFORM.owns(u64::MAX) && !PLATFORM.owns((1 << 63) - 1));
    }
}
