//! The one place that names the table implementation and opens it from the configuration.

pub use crate::table::{PlaceKind, Reaction, Table, TableOptions};

use std::sync::Arc;

use super::bot::Bot;
use super::config::Config;
use super::deliver::deliver;
use super::error::BotError;

/// Opens the store in the data directory and the table on it (resuming every stored game).
pub fn open_table(config: &Config) -> Result<Table, BotError> {
    std::fs::create_dir_all(&config.data_dir).map_err(|e| {
        BotError::Open(format!(
            "cannot create data directory {}: {e}",
            config.data_dir.display()
        ))
    })?;
    let options = TableOptions {
        default_timer_minutes: match config.table.turn_timer_minutes {
            0 => None,
            m => Some(m),
        },
        ..TableOptions::default()
    };
    let store = crate::store::SledStore::open(&config.data_dir)
        .map_err(|e| BotError::Open(format!("{} ({})", e, config.data_dir.display())))?;
    Table::open(Box::new(store), options).map_err(|e| BotError::Open(e.to_string()))
}

/// Posts the table's start-up notices (stored games the store found damaged, resumed at their
/// last verified move or refused) in their channels, once connected.
pub async fn post_startup_notices(bot: Arc<Bot>) {
    match bot.with_table(|t| t.startup_notices().to_vec()).await {
        Ok(notices) => deliver(&bot, None, notices).await,
        Err(e) => tracing::error!("reading the start-up notices failed: {e}"),
    }
}
