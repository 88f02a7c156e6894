//! The table as the Discord adapter sees it: the shared [`TableHandle`] and the start-up
//! notices for Discord's channels.

use std::sync::Arc;

pub use crate::table::{PlaceKind, Reaction, Table};

use super::bot::Bot;
use super::deliver::deliver;
use crate::hosting::Platform;
pub use crate::hosting::TableHandle;

/// Posts the table's start-up notices (stored games the store found damaged, resumed at their
/// last verified move or refused) in their channels, once connected.
pub async fn post_startup_notices(bot: Arc<Bot>) {
    match bot
        .table
        .call_replies(|t| t.startup_notices().to_vec())
        .await
    {
        Ok(notices) => {
            let (ours, _) = notices.split(|id| Platform::of(id) == Platform::Discord);
            deliver(&bot, None, ours).await
        }
        Err(e) => tracing::error!("reading the start-up notices failed: {e}"),
    }
}
