//! Test support for the Matrix end-to-end tests: a real Synapse homeserver on 127.0.0.1
//! (`synapse`), plain-HTTP Matrix clients that act as human players (`player`), and
//! encrypting players on matrix-sdk, as Element users are (`encrypted_player`).
//!
//! A test starts with `let Some(synapse) = Synapse::start().await else { return };`: without a
//! Synapse venv the test is skipped locally, and fails under CI (where `CI` is set).
// Each test file uses a different part of this module.
#![allow(dead_code, unused_imports)]

pub mod bot;
pub mod encrypted_game;
pub mod encrypted_moves;
pub mod encrypted_player;
pub mod player;
pub mod synapse;

use std::time::{Duration, Instant};

pub use encrypted_player::EncryptedPlayer;
pub use player::{Invite, Player};
pub use synapse::{Account, Synapse};

/// Sends the bot's logs to the test's output (`RUST_LOG=catan_bot=debug` shows the bot's side).
pub fn log_to_test() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
}

/// Whether `event` is `user` joining the room.
pub fn is_join(event: &serde_json::Value, user: &str) -> bool {
    event["type"] == "m.room.member"
        && event["state_key"] == user
        && event["content"]["membership"] == "join"
}

/// Waits until `viewer` (a plain client) sees `user` join `room`.
pub async fn wait_joined(viewer: &Player, room: &str, user: &str) {
    wait_until("the bot joins the room", WAIT, async || {
        viewer
            .messages(room)
            .await
            .iter()
            .any(|e| is_join(e, user))
            .then_some(())
    })
    .await;
}

/// Waits until `viewer` (an encrypting client) sees `user` join `room`.
pub async fn wait_joined_encrypted(viewer: &EncryptedPlayer, room: &str, user: &str) {
    wait_until("the bot joins the encrypted room", WAIT, async || {
        viewer
            .events(room)
            .iter()
            .any(|s| is_join(&s.event, user))
            .then_some(())
    })
    .await;
}

/// The default bound for [`wait_until`]. Generous on purpose: it only turns a hang into a clear
/// failure, and a slow machine must never turn a correct run into a failing one.
pub const WAIT: Duration = Duration::from_secs(60);

/// How often [`wait_until`] asks again.
const POLL: Duration = Duration::from_millis(150);

/// Polls `check` until it returns `Some`, and returns that value; panics naming `what` if
/// `timeout` passes first. Nothing in these tests sleeps "long enough": every wait for another
/// party (the bot, another player, Synapse) goes through here.
pub async fn wait_until<T>(
    what: &str,
    timeout: Duration,
    check: impl AsyncFnMut() -> Option<T>,
) -> T {
    wait_until_or_explain(what, timeout, check, String::new).await
}

/// [`wait_until`], and on a timeout the panic also carries `explain()`: what the waiting
/// party saw instead, so a failure explains itself.
pub async fn wait_until_or_explain<T>(
    what: &str,
    timeout: Duration,
    mut check: impl AsyncFnMut() -> Option<T>,
    explain: impl FnOnce() -> String,
) -> T {
    // The wall clock, not tokio's: the bound must hold even in a test with a paused clock.
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        if Instant::now() >= deadline {
            panic!(
                "timed out after {timeout:?} waiting for {what}\n{}",
                explain()
            );
        }
        tokio::time::sleep(POLL).await;
    }
}
