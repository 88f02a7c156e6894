//! A refused start is loud: when Discord refuses the command registration, the token, the
//! intents, the shard layout or the gateway address, `catan-bot run` stops in order (the table
//! closed, as at a normal stop), prints one line saying what was refused and what to do, and
//! exits with that refusal's status; it never stays connected without its commands. Each test
//! waits for the process to end by itself (a deadline only guards against a hang).

use crate::support;

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;
use support::bot_process::write_config;
use support::fake_discord::*;

/// How a bot process that ended by itself ended.
struct Ended {
    status: ExitStatus,
    /// The log (standard output).
    log: String,
    stderr: String,
}

/// Runs the bot against `fake` until it exits by itself.
async fn run_until_it_ends(fake: &FakeDiscord, dir: &Path, extra: &str) -> Ended {
    let config = write_config(dir, &fake.rest_url, extra);
    let (log, err) = (dir.join("bot.log"), dir.join("bot.err"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
        .arg("run")
        .arg("--config")
        .arg(&config)
        .env_remove("DISCORD_TOKEN")
        .env_remove("CATAN_DATA_DIR")
        .env_remove("DISCORD_SHARDS")
        .env_remove("DISCORD_SHARD_COUNT")
        .env("RUST_LOG", "warn,catan_bot=debug")
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&log).expect("log file"))
        .stderr(std::fs::File::create(&err).expect("stderr file"))
        .spawn()
        .expect("start the bot");
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the bot kept running; log:\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    Ended {
        status,
        log: std::fs::read_to_string(&log).unwrap_or_default(),
        stderr: std::fs::read_to_string(&err).unwrap_or_default(),
    }
}

/// The refusal's exit status, one `error:` line with every needle, an orderly stop, no other
/// ERROR line, and no gateway session left open.
async fn assert_refused(fake: &FakeDiscord, ended: &Ended, code: i32, needles: &[&str]) {
    let Ended {
        status,
        log,
        stderr,
    } = ended;
    assert_eq!(
        status.code(),
        Some(code),
        "exit status; stderr:\n{stderr}\nlog:\n{log}"
    );
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line on stderr:\n{stderr}\nlog:\n{log}");
    assert!(lines[0].starts_with("error: "), "{stderr}");
    for needle in needles {
        assert!(lines[0].contains(needle), "`{needle}` missing: {stderr}");
    }
    assert!(
        log.contains("stopped"),
        "the table was closed in order:\n{log}"
    );
    assert!(
        !log.lines().any(|l| l.contains(" ERROR ")),
        "the refusal is said once, on stderr, not in serenity's words too:\n{log}"
    );
    assert!(!log.contains("/catan registered"), "{log}");
    fake.wait_for_shards(&[]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_commands_stop_the_bot() {
    let fake = FakeDiscord::start().await;
    fake.refuse_commands(
        400,
        json!({
            "message": "Invalid Form Body", "code": 50035,
            "errors": {"0": {"_errors": [{
                "code": "APPLICATION_COMMAND_TOO_LARGE",
                "message": "Command exceeds maximum size (4000)"
            }]}}
        }),
    );
    let dir = tempfile::tempdir().expect("tmp");
    let ended = run_until_it_ends(&fake, dir.path(), "").await;
    assert_refused(
        &fake,
        &ended,
        11,
        &[
            "error: Discord refused the slash commands: /catan: Command exceeds maximum size \
           (4000); this build cannot run on Discord — report it",
        ],
    )
    .await;
    // It was connected when it registered, and left.
    assert_eq!(fake.identify_count(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_refused_in_a_server_name_it() {
    let fake = FakeDiscord::start().await;
    fake.refuse_commands(403, json!({"message": "Missing Access", "code": 50001}));
    let dir = tempfile::tempdir().expect("tmp");
    let ended = run_until_it_ends(&fake, dir.path(), "").await;
    assert_refused(
        &fake,
        &ended,
        12,
        &[
            &format!(
                "Discord refused the slash commands in server {GUILD_ID} (403 Forbidden Missing \
                 Access): add the bot to that server with its invite link"
            ),
            &format!("client_id={APP_ID}"),
            "remove the server from [commands] guild_ids",
        ],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_refused_by_rest_names_its_source() {
    let fake = FakeDiscord::start().await;
    fake.refuse_token();
    let dir = tempfile::tempdir().expect("tmp");
    let ended = run_until_it_ends(&fake, dir.path(), "").await;
    assert_refused(
        &fake,
        &ended,
        10,
        &[
            "error: Discord refused the bot token from config file",
            "(401 Unauthorized",
            "set `token` in the config file or DISCORD_TOKEN to the token from the Discord \
             Developer Portal",
        ],
    )
    .await;
    assert_eq!(fake.identify_count(), 0, "it never reached the gateway");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_close_codes_that_no_reconnection_heals_stop_the_bot() {
    let cases: [(u16, i32, &[&str]); 5] = [
        (
            4004,
            10,
            &[
                "Discord refused the bot token from config file",
                "(gateway close code 4004",
            ],
        ),
        (
            4013,
            13,
            &[
                "Discord refused the gateway intents GUILDS | GUILD_MESSAGE_REACTIONS (close \
                 code 4013: invalid intents)",
                "report it",
            ],
        ),
        (
            4014,
            13,
            &[
                "(close code 4014: disallowed intents)",
                "check your application there (Bot → Privileged Gateway Intents)",
            ],
        ),
        (
            4010,
            14,
            &["Discord refused the shard layout shard 0 of 1 (close code 4010, invalid shard)"],
        ),
        (
            4011,
            14,
            &[
                "Discord requires more shards (close code 4011",
                "start the bot again: it runs as many shards as Discord recommends",
            ],
        ),
    ];
    for (close, code, needles) in cases {
        let fake = FakeDiscord::start().await;
        fake.close_gateway_with(close);
        let dir = tempfile::tempdir().expect("tmp");
        let ended = run_until_it_ends(&fake, dir.path(), "").await;
        assert_refused(&fake, &ended, code, needles).await;
        assert!(fake.identify_count() >= 1, "close code {close}");
        assert!(
            !fake
                .requests()
                .iter()
                .any(|r| r.method == "PUT" && r.path.ends_with("/commands")),
            "close code {close}: never registered"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_gateway_address_points_at_the_proxy_setting() {
    let fake = FakeDiscord::start().await;
    fake.refuse(
        "GET",
        "/gateway/bot",
        404,
        json!({"message": "404: Not Found", "code": 0}),
    );
    let dir = tempfile::tempdir().expect("tmp");
    let ended = run_until_it_ends(&fake, dir.path(), "").await;
    assert_refused(
        &fake,
        &ended,
        15,
        &[
            "Discord refused to tell the gateway address (404 Not Found 404: Not Found)",
            &format!("check proxy_url ({})", fake.rest_url),
        ],
    )
    .await;
}
