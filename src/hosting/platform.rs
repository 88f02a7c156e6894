//! Which chat platform a table id belongs to: a [`Platform`] each adapter declares in its own
//! module (`discord::PLATFORM`, `matrix::PLATFORM`) and registers with
//! [`Outlets`](super::Outlets), so hosting code never names a platform.
//!
//! # The id space
//!
//! The table speaks `u64` ids for places, users and messages, and never learns which platform
//! an id is from. Each platform owns the ids whose top bits equal its tag (see
//! [`Platform::new`]); no two platforms' ranges overlap (registering one that would is refused),
//! so one process serves every platform from one table and one data directory:
//!
//! | top bits | owner | why |
//! |----------|-------|-----|
//! | `00` | Discord (`discord::PLATFORM`) | snowflakes as they are: a millisecond timestamp (since 2015) in the top 42 bits keeps them below 2^62 until about 2049, and stored games load unchanged |
//! | `1x` | Matrix (`matrix::PLATFORM`) | string ids hashed to 63 bits with the top bit set; ids stored since the adapter began must keep routing here |
//! | `01` | free: the next platform takes it | except `table::bot_seats::BOT_USERS` (`0x7FFF_FF00_0000_0000`, 2^16 ids), the table's own computer players, which no adapter may give out |
//!
//! The console serves itself and posts through no outlet; its small ids fall in `00`.

use std::fmt;

/// A chat platform's share of the id space: the ids `id` with `id & mask == tag`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Platform {
    name: &'static str,
    mask: u64,
    tag: u64,
}

impl Platform {
    /// The platform called `name` (for logs) owning every id whose bits under `mask` equal
    /// `tag`. Made in a `const`, so a `tag` with bits outside `mask` fails the build.
    pub const fn new(name: &'static str, mask: u64, tag: u64) -> Platform {
        assert!(
            tag & !mask == 0,
            "a platform's tag has bits outside its mask"
        );
        Platform { name, mask, tag }
    }

    /// Whether `id` (a place, user or message) is this platform's.
    pub const fn owns(&self, id: u64) -> bool {
        id & self.mask == self.tag
    }

    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Whether some id would belong to both: the tags agree on every bit both masks test.
    pub const fn overlaps(&self, other: &Platform) -> bool {
        (self.tag ^ other.tag) & self.mask & other.mask == 0
    }
}

impl fmt::Debug for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (ids & {:#018x} == {:#018x})",
            self.name, self.mask, self.tag
        )
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP_TWO: u64 = 0b11 << 62;
    const LOW: Platform = Platform::new("low", TOP_TWO, 0);
    const HIGH: Platform = Platform::new("high", 1 << 63, 1 << 63);
    const NEXT: Platform = Platform::new("next", TOP_TWO, 0b01 << 62);

    #[test]
    fn each_id_has_at_most_one_owner_among_disjoint_ranges() {
        for id in [
            0,
            5,
            (1 << 62) - 1,
            1 << 62,
            u64::MAX >> 1,
            1 << 63,
            u64::MAX,
        ] {
            let owners = [LOW, HIGH, NEXT].iter().filter(|p| p.owns(id)).count();
            assert_eq!(owners, 1, "{id:#x}");
        }
        assert!(LOW.owns(42) && !NEXT.owns(42) && !HIGH.owns(42));
        assert!(NEXT.owns(1 << 62) && !LOW.owns(1 << 62));
    }

    #[test]
    fn overlapping_ranges_are_told_apart_from_disjoint_ones() {
        assert!(!LOW.overlaps(&HIGH) && !LOW.overlaps(&NEXT) && !NEXT.overlaps(&HIGH));
        // Everything below 2^63 meets both `00` and `01`.
        let half = Platform::new("half", 1 << 63, 0);
        assert!(half.overlaps(&LOW) && half.overlaps(&NEXT) && !half.overlaps(&HIGH));
        assert!(LOW.overlaps(&LOW));
        assert_eq!(format!("{NEXT}"), "next");
    }
}
