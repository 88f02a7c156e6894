//! The bot under test in the Matrix end-to-end tests: started in this process on its own data
//! directory (and stopped like a killed process: its tasks aborted), with its table as the
//! players' oracle.

use std::path::Path;
use std::sync::Arc;

use catan_bot::config::{MatrixConfig, MatrixLogin, Source};
use catan_bot::engine::Game;
use catan_bot::hosting::{Outlets, TableHandle, timer};
use catan_bot::store::SledStore;
use catan_bot::table::{GameSummary, LiveSlot, Table, TableOptions};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{Account, Synapse};

/// The bot under test: its table (the players' oracle) and its tasks.
pub struct Bot {
    pub table: TableHandle,
    pub tasks: Vec<tokio::task::JoinHandle<()>>,
}

pub fn settings(synapse: &Synapse, account: &Account) -> MatrixConfig {
    MatrixConfig {
        homeserver: synapse.base_url(),
        user: account.user_id.clone(),
        login: MatrixLogin::Password(account.password.clone()),
        login_source: Source::Default,
        recovery_key: None,
        rooms: Vec::new(),
        edit_debounce_ms: 50,
    }
}

pub async fn start_bot(settings: &MatrixConfig, data: &Path) -> Bot {
    let store = SledStore::open(data).expect("store opens");
    let table = Table::open(Box::new(store), TableOptions::default()).expect("table opens");
    let table = TableHandle::new(table);
    let outlets = Arc::new(Outlets::default());
    // As `catan-bot run` does: registered before the timer starts.
    outlets
        .register(catan_bot::matrix::PLATFORM)
        .expect("Matrix registers");
    let timer = tokio::spawn(timer::run(table.clone(), outlets.clone()));
    let (settings, data, handle) = (settings.clone(), data.to_path_buf(), table.clone());
    let serve = tokio::spawn(async move {
        if let Err(e) = catan_bot::matrix::serve(&settings, &data, handle, outlets).await {
            panic!("the Matrix adapter stopped: {e}");
        }
    });
    Bot {
        table,
        tasks: vec![timer, serve],
    }
}

pub async fn stop_bot(bot: Bot) {
    for task in &bot.tasks {
        task.abort();
    }
    for task in bot.tasks {
        let _ = task.await;
    }
    bot.table.close().await;
}

/// The table's number for a Matrix event (as `src/matrix/ids.rs` makes it).
pub fn event_number(event: &str) -> u64 {
    let digest = Sha256::new()
        .chain_update(b"event")
        .chain_update([0u8])
        .chain_update(event.as_bytes())
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first) | (1 << 63)
}

/// The game in the room and its true state.
pub async fn oracle(table: &TableHandle) -> Option<(GameSummary, Option<Game>)> {
    table
        .call(|t| {
            let summary = t.games().into_iter().next()?;
            let game = t.game_state(summary.id).cloned();
            Some((summary, game))
        })
        .await
        .expect("table open")
}

/// The table's number for the game's live turn message and the header the message of the
/// current turn shows (`Turn 5:`, after the mentions). Right after a turn ends, the table
/// still names the finished turn's message until the new one is posted: a player reacts on
/// the message that shows the current turn, so a caller waits until the message with that
/// number shows that header.
pub async fn live_turn_message(table: &TableHandle) -> Option<(u64, String)> {
    table
        .call(|t| {
            let game = t.games().into_iter().next()?;
            let number = t.live_message(game.id, LiveSlot::Turn)?;
            let turn = t.game_state(game.id)?.view(None).turn;
            Some((number, format!("Turn {turn}:")))
        })
        .await
        .expect("table open")
}

pub async fn version(table: &TableHandle) -> u64 {
    match oracle(table).await {
        Some((_, Some(g))) => g.view(None).version,
        _ => 0,
    }
}

pub fn body(event: &Value) -> &str {
    event["content"]["body"].as_str().unwrap_or("")
}
