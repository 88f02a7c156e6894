//! Errors of the Discord adapter.

use poise::serenity_prelude as serenity;
use thiserror::Error;

use super::config::Source;
use crate::hosting::HostError;

#[derive(Debug, Error)]
pub enum BotError {
    #[error("Discord request failed: {0}")]
    Discord(#[from] Box<serenity::Error>),
    #[error(transparent)]
    Host(#[from] HostError),
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
