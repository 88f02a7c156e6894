//! The table as the Discord adapter sees it: the shared [`TableHandle`] and the start-up
//! notices and open offers for Discord's channels.

use std::sync::Arc;

pub use crate::table::{PlaceKind, Reaction, Table};

use super::bot::Bot;
use super::deliver::deliver;
pub use crate::hosting::TableHandle;
use crate::hosting::{Platform, offers};

/// Posts the table's start-up notices (stored games the store found damaged, resumed at their
/// last verified move or refused) in their channels, and edits every open trade offer's
/// message to what it should show now, once connected.
pub async fn post_startup_notices(bot: Arc<Bot>) {
    match offers::startup_batch(&bot.table, Platform::Discord).await {
        Ok(ours) => deliver(&bot, None, ours).await,
        Err(e) => tracing::error!("reading the start-up notices failed: {e}"),
    }
}
