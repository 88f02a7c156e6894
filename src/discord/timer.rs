//! The timer task: sleeps until the table's next deadline (turn reminders, automatic moves),
//! calls `tick`, and posts what it says. Woken early whenever a table call may have moved the
//! deadline.

use std::sync::Arc;
use std::time::Duration;

use super::bot::{Bot, now_ms};
use super::deliver::deliver;

pub async fn run(bot: Arc<Bot>) {
    loop {
        let next = match bot.with_table(|t| t.next_deadline()).await {
            Ok(next) => next,
            Err(e) => {
                tracing::error!("reading the next deadline failed: {e}");
                Some(now_ms() + 60_000)
            }
        };
        let wake = bot.timer_wake.notified();
        match next {
            None => wake.await,
            Some(deadline) => {
                let wait = Duration::from_millis(deadline.saturating_sub(now_ms()));
                tokio::select! {
                    () = wake => continue,
                    () = tokio::time::sleep(wait) => {}
                }
                match bot.with_table(|t| t.tick(now_ms())).await {
                    Ok(replies) => deliver(&bot, None, replies).await,
                    Err(e) => tracing::error!("timer tick failed: {e}"),
                }
            }
        }
    }
}
