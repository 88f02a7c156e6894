//! The one place that names the table implementation and opens it from the configuration.

pub use crate::table::{PlaceKind, Reaction, Table, TableOptions};

use super::config::Config;
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
        lobby_expiry_ms: match config.table.lobby_expiry_hours {
            0 => None,
            h => Some(h as u64 * 3_600_000),
        },
        ..TableOptions::default()
    };
    let store = crate::store::SledStore::open(&config.data_dir)
        .map_err(|e| BotError::Open(format!("{} ({})", e, config.data_dir.display())))?;
    Table::open(Box::new(store), options).map_err(|e| BotError::Open(e.to_string()))
}
