//! Errors of the Discord adapter.

use poise::serenity_prelude as serenity;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum BotError {
    #[error("Discord request failed: {0}")]
    Discord(#[from] Box<serenity::Error>),
    #[error("the game host task failed: {0}")]
    TableTask(String),
    #[error("cannot open the game store: {0}")]
    Open(String),
}

impl From<serenity::Error> for BotError {
    fn from(e: serenity::Error) -> Self {
        BotError::Discord(Box::new(e))
    }
}
