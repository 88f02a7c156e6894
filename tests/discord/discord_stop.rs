//! `catan-bot run` stops when asked — SIGTERM or Ctrl-C (SIGINT) — in every state: connected,
//! reconnecting after the gateway went away, Discord unreachable from the start, and in the
//! middle of a game action (which is durable before the process ends). Each test waits on the
//! process's exit itself, never on a duration; what it logged is checked too (plain lines, no
//! terminal colour codes in a file; JSON lines with `log_format = "json"`).

use crate::support;

use std::path::Path;

use serde_json::json;
use support::bot_process::{BotProcess, write_config};
use support::fake_discord::*;

/// Waits until the bot's log contains `needle` (the failure deadline only guards against a
/// hang; no result depends on it).
async fn wait_for_log(bot: &BotProcess, needle: &str) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let log = bot.log_text();
        if log.contains(needle) {
            return log;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never logged `{needle}`; log:\n{log}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Starts the bot against the fake and waits until it registered `/catan`.
async fn start_connected(fake: &FakeDiscord, dir: &Path, env: &[(&str, &Path)]) -> BotProcess {
    let config = write_config(dir, &fake.rest_url, "");
    let bot = BotProcess::start_with_env(&config, dir.join("bot.log"), env);
    fake.wait_for("command registration", |r| {
        r.method == "PUT" && r.path.ends_with("/commands")
    })
    .await;
    bot
}

/// Sends `signal` and waits for the exit; asserts an orderly end and returns the log.
async fn stop(bot: BotProcess, signal: i32) -> String {
    bot.signal(signal);
    stop_after_signal(bot).await
}

/// Waits for the exit of a bot that was signalled; asserts an orderly end, returns the log.
async fn stop_after_signal(mut bot: BotProcess) -> String {
    let (bot, status) = tokio::task::spawn_blocking(move || {
        let status = bot.wait();
        (bot, status)
    })
    .await
    .expect("waiting task");
    let log = bot.log_text();
    assert!(status.success(), "exit {status:?}; log:\n{log}");
    assert!(log.contains("stopped"), "{log}");
    assert!(
        !log.contains('\u{1b}'),
        "no colour codes in a log file:\n{log}"
    );
    log
}

/// A URL where nothing listens: connections are refused.
fn dead_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    drop(listener);
    url
}

/// The log's lines that say Discord cannot be reached.
fn unreachable_lines(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|l| l.contains("cannot reach Discord"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_connected() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("tmp");
    let bot = start_connected(&fake, dir.path(), &[]).await;
    let log = stop(bot, libc::SIGTERM).await;
    assert!(log.contains("stopping"), "{log}");
    assert!(unreachable_lines(&log).is_empty(), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_discord_is_unreachable() {
    let dir = tempfile::tempdir().expect("tmp");
    let config = write_config(dir.path(), &dead_url(), "");
    let bot = BotProcess::start(&config, dir.path().join("bot.log"));
    wait_for_log(&bot, "cannot reach Discord").await;
    let log = stop(bot, libc::SIGTERM).await;
    let lines = unreachable_lines(&log);
    // One plain line per attempt: the cause in words and when the next attempt comes.
    assert!(
        lines[0].ends_with("cannot reach Discord (connection refused), retrying in 5 s"),
        "{log}"
    );
    assert!(!log.contains("Shard"), "no serenity internals:\n{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_while_reconnecting() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("tmp");
    let bot = start_connected(&fake, dir.path(), &[]).await;
    fake.wait_for_identify(1).await;
    fake.close_gateway();
    let log = wait_for_log(&bot, "cannot reach Discord").await;
    let line = unreachable_lines(&log)[0].to_string();
    assert!(
        line.ends_with("cannot reach Discord (connection refused), retrying in 5 s"),
        "{log}"
    );
    let log = stop(bot, libc::SIGINT).await;
    assert!(
        !log.contains("[Shard Queuer]"),
        "serenity's own retry lines are replaced:\n{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_mid_action_ends_after_the_action_is_durable() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("tmp");
    let hold = dir.path().join("hold");
    std::fs::create_dir(&hold).expect("hold dir");
    let bot = start_connected(&fake, dir.path(), &[("CATAN_BOT_TEST_HOLD_DIR", &hold)]).await;
    fake.wait_for_identify(1).await;

    // `/catan new` reaches the table, which holds it (debug-build test hook) inside the call.
    let alice = member_json(11, "alice", "0");
    fake.dispatch(
        "INTERACTION_CREATE",
        command_interaction(
            fake.new_id(),
            "tok-new",
            CHANNEL_ID,
            &alice,
            &["catan", "new"],
            &[("players", json!(2))],
            None,
        ),
    );
    while !hold.join("held").exists() {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    bot.signal(libc::SIGTERM);
    wait_for_log(&bot, "stopping").await;
    // The bot got the signal while the action was in flight; now let the action finish.
    std::fs::write(hold.join("release"), b"").expect("release");
    stop_after_signal(bot).await;

    // The lobby the interrupted command created is in the store.
    let store = catan_bot::store::SledStore::open(dir.path().join("data")).expect("store");
    let options = catan_bot::table::TableOptions {
        render_boards: false,
        ..Default::default()
    };
    let table = catan_bot::table::Table::open(Box::new(store), options).expect("table");
    let game = table.game_in(CHANNEL_ID).expect("the lobby was saved");
    assert_eq!(game.players.len(), 1, "{game:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_are_one_object_per_line() {
    let dir = tempfile::tempdir().expect("tmp");
    let config = write_config(dir.path(), &dead_url(), "log_format = \"json\"");
    let bot = BotProcess::start(&config, dir.path().join("bot.log"));
    wait_for_log(&bot, "cannot reach Discord").await;
    let log = stop(bot, libc::SIGTERM).await;
    let messages: Vec<String> = log
        .lines()
        .map(|line| {
            let v: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            v["fields"]["message"].as_str().unwrap_or("").to_string()
        })
        .collect();
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("cannot reach Discord ("))
    );
    assert!(messages.iter().any(|m| m == "stopped"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_discord_refuses_is_one_line_naming_its_source() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("tmp");
    let config = write_config(dir.path(), &fake.rest_url, "");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .arg("run")
        .arg("--config")
        .arg(&config)
        .env("DISCORD_TOKEN", "rejected.bot.token")
        .env_remove("CATAN_DATA_DIR")
        .output()
        .expect("run");
    // A refused token's own exit status (`discord_startup.rs` has the other refusals).
    assert_eq!(out.status.code(), Some(10));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("error: Discord refused the bot token from environment variable DISCORD_TOKEN (401 Unauthorized"),
        "{stderr}"
    );
}
