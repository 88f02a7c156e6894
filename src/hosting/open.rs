//! Opening the table a bot process hosts its games on, from the configuration.

use super::HostError;
use crate::config::Config;
use crate::table::{Table, TableOptions};

/// Opens the store in the data directory and the table on it (resuming every stored game).
pub fn open_table(config: &Config) -> Result<Table, HostError> {
    let dir = || {
        format!(
            "{} (data_dir, from {})",
            config.data_dir.display(),
            config.sources.data_dir
        )
    };
    std::fs::create_dir_all(&config.data_dir)
        .map_err(|e| HostError::Open(format!("cannot create data directory {}: {e}", dir())))?;
    let options = TableOptions {
        default_timer_minutes: match config.table.turn_timer_minutes {
            0 => None,
            m => Some(m),
        },
        lobby_expiry_ms: match config.table.lobby_expiry_hours {
            0 => None,
            h => Some(h as u64 * 3_600_000),
        },
        bot_delay_ms: config.table.bot_delay_ms,
        bot_think_ms: config.table.bot_think_ms,
        default_lang: config.table.lang,
        ..TableOptions::default()
    };
    let store = crate::store::SledStore::open(&config.data_dir)
        .map_err(|e| HostError::Open(format!("{e} ({})", dir())))?;
    Table::open(Box::new(store), options).map_err(|e| HostError::Open(e.to_string()))
}
