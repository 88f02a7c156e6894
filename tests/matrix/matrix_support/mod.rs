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
    mut check: impl AsyncFnMut() -> Option<T>,
) -> T {
    // The wall clock, not tokio's: the bound must hold even in a test with a paused clock.
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        if Instant::now() >= deadline {
            panic!("timed out after {timeout:?} waiting for {what}");
        }
        tokio::time::sleep(POLL).await;
    }
}
