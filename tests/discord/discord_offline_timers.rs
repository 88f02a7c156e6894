//! Timers wait while players cannot act: a turn timer that runs out while the bot cannot reach
//! Discord hands nobody's seat to a stand-in; once Discord is back the turn gets its whole
//! timer again, then the stand-in plays as usual.
//!
//! The bot's clock is the test's (`CATAN_BOT_TEST_CLOCK_STEP_MS`, a debug-build hook): it
//! stands still and moves ten minutes at each SIGUSR1, and the bot's timer says when it has
//! done all that was due and waits. So "ten minutes passed offline and nothing happened" is
//! exact, whatever the machine's speed. REST keeps answering during the cut: a stand-in that
//! played would be seen.

use crate::support;

use std::path::Path;

use serde_json::json;
use support::bot_process::{BotProcess, write_config};
use support::fake_discord::*;
use support::first_turn::is_channel_post;
use support::players::{Discord, Player, wait_recorded};

/// Ten minutes per SIGUSR1.
const STEP: &str = "600000";

/// Waits until the bot's log contains `needle` (the deadline only guards against a hang).
async fn wait_for_log(bot: &BotProcess, needle: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let log = bot.log_text();
        if log.contains(needle) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never logged `{needle}`; log:\n{log}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Moves the bot's clock ten minutes and waits until its timer did what was due then.
async fn ten_minutes_pass(bot: &BotProcess, to_ms: u64) {
    bot.signal(libc::SIGUSR1);
    wait_for_log(bot, &format!("test hook: the timer waits at +{to_ms} ms")).await;
}

/// The timer's messages (reminders, stand-ins, automatic moves) since request `from`.
fn timer_messages(fake: &FakeDiscord, from: usize) -> Vec<String> {
    fake.requests()[from..]
        .iter()
        .map(|r| r.content())
        .filter(|c| c.contains('⏰'))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_timers_wait_while_discord_cannot_be_reached() {
    let fake = FakeDiscord::start().await;
    let [alice, bob, _] = Player::three_known_to(&fake);
    let dir = tempfile::tempdir().expect("tmp");
    let config = write_config(dir.path(), &fake.rest_url, "");
    let bot = BotProcess::start_with_env(
        &config,
        dir.path().join("bot.log"),
        &[("CATAN_BOT_TEST_CLOCK_STEP_MS", Path::new(STEP))],
    );
    fake.wait_for("command registration", |r| {
        r.method == "PUT" && r.path.ends_with("/commands")
    })
    .await;
    fake.wait_for_identify(1).await;
    let d = Discord { fake: fake.clone() };

    // Two players, a one-minute turn timer; whoever runs out gets a stand-in (the default).
    let start = fake.request_count();
    d.command(
        &alice,
        &["catan", "new"],
        &[("players", json!(2)), ("timer", json!(1))],
    )
    .await;
    let lobby = fake
        .wait_from(start, "the lobby", |r| {
            is_channel_post(r) && r.content().contains(alice.name)
        })
        .await
        .created_message
        .expect("posted");
    wait_recorded(&bot, lobby).await;
    let start = fake.request_count();
    d.command(&bob, &["catan", "join"], &[]).await;
    fake.wait_from(start, "bob in the lobby", |r| {
        r.edited_message() == Some(lobby) && r.content().contains(bob.name)
    })
    .await;
    let start = fake.request_count();
    d.command(&alice, &["catan", "start"], &[]).await;
    let first = fake
        .wait_from(start, "the first turn message", |r| {
            is_channel_post(r) && !r.png_files().is_empty()
        })
        .await;
    wait_recorded(&bot, first.created_message.expect("posted")).await;

    // The network goes; the bot's timer learns it.
    let cut = fake.request_count();
    fake.close_gateway();
    wait_for_log(
        &bot,
        "Discord cannot be reached: the turn timers of its games wait until it is back",
    )
    .await;
    // Ten minutes offline: the one-minute turn ran out long ago, and nothing happens.
    ten_minutes_pass(&bot, 600_000).await;
    assert_eq!(timer_messages(&fake, cut), Vec::<String>::new());

    // Back: the turn's clock starts again from the return.
    fake.reopen_gateway().await;
    fake.wait_for_identify(2).await;
    wait_for_log(
        &bot,
        "Discord is back: the turn timers of its games start again",
    )
    .await;
    assert_eq!(timer_messages(&fake, cut), Vec::<String>::new());

    // Ten minutes after the return the turn's minute is over: the stand-in plays.
    ten_minutes_pass(&bot, 1_200_000).await;
    let stand_in = fake
        .wait_from(cut, "the stand-in after the return", |r| {
            r.content().contains("⏰ Time is up for")
        })
        .await;
    assert!(
        stand_in.content().contains("a bot plays their seat"),
        "{}",
        stand_in.content()
    );
}
