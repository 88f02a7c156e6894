//! Answering one interaction: call the table off the async threads, defer if it is slow (the
//! 3-second rule), then post the replies.

use std::sync::Arc;
use std::time::Duration;

use super::bot::{Bot, now_ms};
use super::deliver::{Origin, deliver};
use super::host::Table;
use crate::table::Reply;

/// Returns whether the table refused (the game did not change).
pub async fn answer<F>(bot: &Arc<Bot>, mut origin: Origin, call: F) -> bool
where
    F: FnOnce(&mut Table, u64) -> Vec<Reply> + Send + 'static,
{
    if bot.config.defer_after_ms == 0 {
        // 0 = always "thinking…" first (slow hosts; also how the tests exercise this path).
        if let Err(e) = origin.defer(bot).await {
            tracing::warn!("deferring an interaction failed: {e}");
        }
    }
    let work = bot.table.call_replies(move |t| call(t, now_ms()));
    tokio::pin!(work);
    let defer_after = Duration::from_millis(bot.config.defer_after_ms);
    let result = tokio::select! {
        r = &mut work => r,
        () = tokio::time::sleep(defer_after) => {
            if let Err(e) = origin.defer(bot).await {
                tracing::warn!("deferring an interaction failed: {e}");
            }
            work.await
        }
    };
    match result {
        Ok(replies) => {
            let refused = replies.any_refusal();
            deliver(bot, Some(&mut origin), replies).await;
            refused
        }
        Err(e) => {
            tracing::error!("table call failed: {e}");
            // The bot itself failed (not a rule or bad input, which the table explains).
            let lang = origin.lang.unwrap_or_default();
            let text = crate::i18n::text_in(lang, "discord-internal-failure", None);
            if let Err(e) = origin.finish(bot, &text).await {
                tracing::warn!("answering an interaction failed: {e}");
            }
            true
        }
    }
}
