//! What every chat adapter of a bot process shares: the one table ([`TableHandle`]), the rules
//! of delivering each kind of reply ([`deliver`], over a platform's [`transport::Transport`]),
//! the order replies are delivered in ([`delivery_order`]), debounced edits ([`edits`]), the
//! timer task ([`timer`]), trade offer messages found again after a restart ([`offers`]), and
//! which platform an id belongs to ([`Platform`]), so one process can serve Discord and Matrix
//! from one table and one data directory.

pub mod deliver;
pub mod delivery_order;
pub mod edits;
pub mod offers;
mod open;
mod outlets;
pub mod pictures;
pub mod stop;
mod table_handle;
pub mod timer;
pub mod transport;

use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

pub use open::open_table;
pub use outlets::{Outlet, Outlets};
pub use table_handle::TableHandle;

/// Why a call on the shared table did not happen.
#[derive(Debug, Error)]
pub enum HostError {
    #[error("the game host task failed: {0}")]
    TableTask(String),
    #[error("the bot is stopping")]
    Stopping,
    #[error("cannot open the game store: {0}")]
    Open(String),
    #[error("cannot listen for stop signals: {0}")]
    Signals(String),
}

/// The chat platform a table id (place, user or message) belongs to.
///
/// The table speaks `u64` ids. Discord's are its snowflakes, which stay below 2^63 (they hold
/// a millisecond timestamp in the top 42 bits: 2^63 is reached in 2084). Matrix ids are strings;
/// the Matrix adapter maps each to a number with the top bit set (`matrix/ids.rs`), so ids of
/// the two platforms never meet, stored Discord games load unchanged, and game logic never
/// learns which platform it runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Platform {
    Discord,
    Matrix,
}

/// The top bit: set on every id the Matrix adapter makes.
pub const MATRIX_ID_BIT: u64 = 1 << 63;

impl Platform {
    pub fn of(id: u64) -> Platform {
        if id & MATRIX_ID_BIT != 0 {
            Platform::Matrix
        } else {
            Platform::Discord
        }
    }
}

/// Milliseconds since the Unix epoch: the table's clock.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_snowflakes_and_matrix_ids_never_meet() {
        // A snowflake made in 2080 (ms since 2015 in the top 42 bits) is still Discord's.
        let ms_2080 = (2080 - 2015) * 365 * 24 * 3600 * 1000u64;
        assert_eq!(Platform::of(ms_2080 << 22), Platform::Discord);
        assert_eq!(Platform::of(MATRIX_ID_BIT | 5), Platform::Matrix);
        assert_eq!(
            Platform::of(0),
            Platform::Discord,
            "the console's small ids"
        );
    }
}
