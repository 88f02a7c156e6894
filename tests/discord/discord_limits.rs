//! The fake Discord enforces Discord's limits (`support/limits.rs`): each limit is accepted at
//! its value and refused just over it, with Discord's error. Most tests call the pure checks
//! with small JSON bodies; `over_http` sends requests to the running fake, and checks that a
//! refusal fails the test that caused it.

use serde_json::{Value, json};

use crate::support::limits::Violation;

mod commands;
mod components;
mod messages;
mod over_http;

/// `n` characters, two bytes each (limits count characters, not bytes).
pub fn text(n: usize) -> String {
    "é".repeat(n)
}

/// Asserts `check(limit)` is accepted and `check(limit + 1)` refused at `path` (dot-joined)
/// with the field error `code`; returns the refusal.
pub fn edge(
    limit: usize,
    check: impl Fn(usize) -> Result<(), Violation>,
    path: &str,
    code: &str,
) -> Violation {
    if let Err(v) = check(limit) {
        panic!("refused at the limit {limit}: {v}");
    }
    let v = check(limit + 1).expect_err("accepted just over the limit");
    assert_refused(&v, path, code);
    v
}

/// Asserts `v` is an Invalid Form Body error at `path` with the field error `code`.
pub fn assert_refused(v: &Violation, path: &str, code: &str) {
    assert_eq!(
        (v.status, v.code, v.path.join("."), v.field_code.as_str()),
        (400, 50035, path.to_string(), code),
        "{v}"
    );
}

/// A valid chat-input command of exactly `size` characters as Discord counts them (name,
/// description, one option, and choices filling the rest), `size` ≥ 5.
pub fn command_of_size(size: usize) -> Value {
    let mut rest = size - 4;
    let mut choices = Vec::new();
    while rest > 0 {
        let take = rest.min(200);
        let name = take.min(100);
        choices.push(json!({"name": text(name), "value": "v".repeat(take - name)}));
        rest -= take;
    }
    json!({
        "name": "c", "description": "d", "type": 1,
        "options": [{"type": 3, "name": "o", "description": "d", "choices": choices}],
    })
}

/// The bot's own commands, as it registers them: Discord accepts them (a refusal fails the
/// wait), and each is within 4,000 characters in every locale.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_commands_fit_in_every_locale() {
    use crate::support::bot_process::{BotProcess, write_config};
    use crate::support::fake_discord::FakeDiscord;
    use crate::support::limits::commands::{MAX_COMMAND_SIZE, sizes};

    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), &fake.rest_url, "");
    let _bot = BotProcess::start(&config, dir.path().join("bot.log"));
    let registration = fake
        .wait_for("the command registration", |r| {
            r.method == "PUT" && r.path.ends_with("/commands")
        })
        .await;
    let commands = registration.json.unwrap();
    let commands = commands.as_array().unwrap();
    assert_eq!(
        commands.len(),
        4,
        "/catan, /catan-move, /catan-trade, /catan-ratings"
    );
    for command in commands {
        let sizes = sizes(command);
        println!("/{} size per locale: {sizes:?}", command["name"]);
        assert!(
            sizes.iter().all(|(_, size)| *size <= MAX_COMMAND_SIZE),
            "/{} is over {MAX_COMMAND_SIZE} characters: {sizes:?}",
            command["name"]
        );
    }
}
