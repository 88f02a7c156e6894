//! What every chat adapter of a bot process shares: the one table ([`TableHandle`]), the rules
//! of delivering each kind of reply ([`deliver`], over a platform's [`transport::Transport`]),
//! the order replies are delivered in ([`delivery_order`]), debounced edits ([`edits`]), the
//! timer task ([`timer`]), trade offer messages found again after a restart ([`offers`]), and
//! the id space: which platform an id belongs to ([`Platform`], each adapter declares its own)
//! and where replies for it go ([`Outlets`]) and whether it can be reached now ([`reach`]:
//! timers wait while it cannot), so one process serves every platform from one table and one
//! data directory, and a new platform changes nothing here.

pub mod deliver;
pub mod delivery_order;
pub mod edits;
pub mod offers;
mod open;
mod outlets;
pub mod pictures;
mod platform;
pub mod reach;
pub mod stop;
mod table_handle;
pub mod test_clock;
pub mod timer;
pub mod transport;

use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

pub use open::open_table;
pub use outlets::{Outlet, Outlets};
pub use platform::Platform;
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
    /// Two adapters claim some of the same ids (see the id space in [`Platform`]).
    #[error(
        "the {platform} adapter's ids overlap the {registered} adapter's: each platform needs its own id range"
    )]
    PlatformOverlap {
        platform: &'static str,
        registered: &'static str,
    },
}

/// Milliseconds since the Unix epoch: the table's clock (in debug builds, the tests' own when
/// they ask for it: [`test_clock`]).
pub fn now_ms() -> u64 {
    test_clock::now_ms().unwrap_or_else(system_ms)
}

fn system_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
