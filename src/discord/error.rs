//! Errors of the Discord adapter.

use poise::serenity_prelude as serenity;
use thiserror::Error;

pub use super::refusal::Refusal;
use crate::hosting::HostError;

#[derive(Debug, Error)]
pub enum BotError {
    #[error("Discord request failed: {0}")]
    Discord(#[from] Box<serenity::Error>),
    #[error(transparent)]
    Host(#[from] HostError),
    /// Discord refused something the bot cannot run without: the process stops.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// What poise is told of a failed setup (the error itself ends the process).
    #[error("start-up failed: {0}")]
    Setup(String),
}

impl From<serenity::Error> for BotError {
    fn from(e: serenity::Error) -> Self {
        BotError::Discord(Box::new(e))
    }
}
