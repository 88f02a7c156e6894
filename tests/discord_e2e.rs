//! End-to-end: the real `catan-bot run` binary (poise/serenity) against a fake Discord on
//! loopback. See tests/support/fake_discord.rs.

mod support;

use serde_json::json;
use support::bot_process::{BotProcess, write_config};
use support::fake_discord::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_connects_registers_and_answers() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), &fake.rest_url, "");
    let _bot = BotProcess::start(&config, dir.path().join("bot.log"));

    fake.wait_for_identify(1).await;
    let identify = &fake.identifies()[0];
    assert!(
        identify["d"]["token"]
            .as_str()
            .unwrap()
            .ends_with("fake.bot.token")
    );
    let intents = identify["d"]["intents"].as_u64().unwrap();
    assert_eq!(intents & (1 << 15), 0, "no MESSAGE_CONTENT intent");
    assert_ne!(intents & (1 << 10), 0, "GUILD_MESSAGE_REACTIONS intent");

    let registration = fake
        .wait_for("command registration", |r| {
            r.method == "PUT" && r.path.ends_with(&format!("/guilds/{GUILD_ID}/commands"))
        })
        .await;
    let commands = registration.json.unwrap();
    assert_eq!(commands[0]["name"], "catan");

    let alice = member_json(11, "alice", "0");
    let id = fake.new_id();
    fake.dispatch(
        "INTERACTION_CREATE",
        command_interaction(id, "tok-1", CHANNEL_ID, &alice, &["hand"], &[], None),
    );
    let answer = fake
        .wait_for("answer to /catan hand", |r| r.is_callback_for(id))
        .await;
    assert!(answer.is_ephemeral(), "{:?}", answer.json);
    let _ = json!(null);
}
