//! The bot under test in the Matrix end-to-end tests: started in this process on its own data
//! directory (and stopped like a killed process: its tasks aborted), with its table as the
//! players' oracle.

use std::path::Path;
use std::sync::{Arc, Mutex};

use catan_bot::config::{MatrixConfig, MatrixLogin, Source};
use catan_bot::engine::Game;
use catan_bot::hosting::{Outlets, TableHandle, timer};
use catan_bot::store::SledStore;
use catan_bot::table::{GameSummary, LiveSlot, Table, TableOptions};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tracing_subscriber::EnvFilter;

use super::{Account, Synapse};

/// The bot under test: its table (the players' oracle) and the runtime its tasks run on.
///
/// The bot runs on a runtime of its own, as a process would: stopping it shuts that runtime
/// down, which drops every task the bot ever spawned (its sync, its deliveries and debounced
/// edits, the SDK's own tasks) and so its client and crypto store. Aborting only the tasks the
/// test started left those running: a "stopped" bot kept syncing, answering and encrypting
/// with the same device beside its successor, whose Olm sessions it then forked, so a player
/// could miss a room key.
pub struct Bot {
    pub table: TableHandle,
    /// The warnings and errors the bot logged, as a host's log shows them.
    pub log: HostLog,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for Bot {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
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
    let log = HostLog::default();
    let dispatch = log.dispatch();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("bot-under-test")
        // Every thread of the bot logs to the test's output and to its host log.
        .on_thread_start(move || {
            std::mem::forget(tracing::dispatcher::set_default(&dispatch));
        })
        .enable_all()
        .build()
        .expect("the bot's runtime");
    runtime.spawn(timer::run(table.clone(), outlets.clone()));
    let (settings, data, handle) = (settings.clone(), data.to_path_buf(), table.clone());
    runtime.spawn(async move {
        if let Err(e) = catan_bot::matrix::serve(&settings, &data, handle, outlets).await {
            panic!("the Matrix adapter stopped: {e}");
        }
    });
    Bot {
        table,
        log,
        runtime: Some(runtime),
    }
}

/// Stops the bot like a killed process: every task of its runtime is dropped (work already
/// running on a blocking thread finishes first), then its table is closed.
pub async fn stop_bot(mut bot: Bot) {
    if let Some(runtime) = bot.runtime.take() {
        tokio::task::spawn_blocking(move || runtime.shutdown_timeout(STOP_WAIT))
            .await
            .expect("the bot's runtime shuts down");
    }
    bot.table.close().await;
}

/// The WARN and ERROR lines a host would see in the bot's log (the product's default filter,
/// `catan_bot::discord::default_log_directives`), one `LEVEL target: message` line each.
#[derive(Clone, Default)]
pub struct HostLog {
    lines: Arc<Mutex<Vec<String>>>,
}

impl HostLog {
    pub fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// A subscriber for the bot's threads: the test's output (`RUST_LOG`) and this log.
    fn dispatch(&self) -> tracing::Dispatch {
        use tracing_subscriber::Layer;
        use tracing_subscriber::layer::SubscriberExt;
        let host = EnvFilter::new(catan_bot::discord::default_log_directives("info"));
        let subscriber = tracing_subscriber::registry()
            .with(
                tracing_subscriber::fmt::layer()
                    .with_test_writer()
                    .with_filter(EnvFilter::from_default_env()),
            )
            .with(self.clone().with_filter(host));
        tracing::Dispatch::new(subscriber)
    }
}

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for HostLog {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        let level = *event.metadata().level();
        if level > tracing::Level::WARN {
            return;
        }
        let mut message = String::new();
        event.record(
            &mut |field: &tracing::field::Field, value: &dyn std::fmt::Debug| {
                if field.name() == "message" {
                    message = format!("{value:?}");
                }
            },
        );
        let line = format!("{level} {}: {message}", event.metadata().target());
        self.lines
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(line);
    }
}

/// How long [`stop_bot`] waits for the bot's blocking work (a store write, an SQLite call) to
/// finish. Only a hang bound: those finish in milliseconds.
const STOP_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

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
