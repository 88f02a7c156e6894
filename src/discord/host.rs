//! The table as the Discord adapter sees it: the shared [`TableHandle`], Discord's share of the
//! table's ids ([`PLATFORM`]), and the start-up notices and open offers for Discord's channels.

use std::sync::Arc;

pub use crate::table::{PlaceKind, Reaction, Table};

use super::bot::Bot;
use super::deliver::deliver;
pub use crate::hosting::TableHandle;
use crate::hosting::{Platform, offers};

/// Discord's ids: snowflakes as they are, the ones with the top two bits clear (the id space is
/// described at `hosting::Platform`). A snowflake holds milliseconds since 2015 in its top 42
/// bits, so it stays below 2^62 until about 2049; stored games keep their ids. (Before, Discord
/// took every id without the top bit; the `01` range is left for a third platform.)
pub const PLATFORM: Platform = Platform::new("Discord", 0b11 << 62, 0);

/// Posts the table's start-up notices (stored games the store found damaged, resumed at their
/// last verified move or refused) in their channels, and edits every open trade offer's
/// message to what it should show now, once connected.
pub async fn post_startup_notices(bot: Arc<Bot>) {
    match offers::startup_batch(&bot.table, PLATFORM).await {
        Ok(ours) => deliver(&bot, None, ours).await,
        Err(e) => tracing::error!("reading the start-up notices failed: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::bot_seats::BOT_USERS;

    #[test]
    fn snowflakes_until_2049_are_discords_and_nothing_else_is() {
        // Milliseconds since 2015 in the top 42 bits: a snowflake made at the end of 2048.
        let ms_2048 = 34 * 365 * 24 * 3600 * 1000u64;
        assert!(PLATFORM.owns(ms_2048 << 22 | 0x3F_FFFF));
        assert!(PLATFORM.owns(0), "the console's small ids");
        assert!(
            !PLATFORM.owns(1 << 62),
            "the range left for a third platform"
        );
        assert!(!PLATFORM.owns(1 << 63), "Matrix's ids");
        assert!(!PLATFORM.owns(BOT_USERS.start) && !PLATFORM.owns(BOT_USERS.end - 1));
    }
}
