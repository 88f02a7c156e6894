//! Errors of the Discord adapter.

use poise::serenity_prelude as serenity;
use thiserror::Error;

use super::config::Source;

#[derive(Debug, Error)]
pub enum BotError {
    #[error("Discord request failed: {0}")]
    Discord(#[from] Box<serenity::Error>),
    #[error("the game host task failed: {0}")]
    TableTask(String),
    #[error("cannot open the game store: {0}")]
    Open(String),
    #[error("cannot listen for stop signals: {0}")]
    Signals(String),
    #[error("the bot is stopping")]
    Stopping,
    #[error(
        "Discord refused the bot token from {from} ({reason}); copy a fresh one from the Discord developer portal (your application → Bot → Reset Token)"
    )]
    TokenRejected { from: Source, reason: String },
}

impl From<serenity::Error> for BotError {
    fn from(e: serenity::Error) -> Self {
        BotError::Discord(Box::new(e))
    }
}
