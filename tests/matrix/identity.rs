//! The bot's Matrix identity, against a real Synapse (tests/matrix/matrix_support), with the real
//! `catan-bot` binary (what it prints is what a host sees).
//!
//! Checked: after the first start the bot's device is cross-signed by its own identity, as an
//! encrypting player's client sees it; key backup is on (a backup version exists on the
//! homeserver); the recovery key is printed exactly once across two starts, and the second
//! start makes no new identity and no new backup; a bot whose Matrix data directory is lost
//! comes back, with the recovery key from the config, on a new device signed by the same
//! identity (a wrong key is one clear line, and replaces nothing); a wrong password on a fresh
//! data directory gives one clear line and exit code 1.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};

use crate::matrix_support::{Account, EncryptedPlayer, Player, Synapse, WAIT, wait_until};
use matrix_sdk::ruma::UserId;
use reqwest::Method;
use serde_json::Value;

/// What the bot logs once it serves Matrix (after its identity is set up).
const SERVING: &str = "serving Matrix";
/// matrix-sdk's warning when its first key query about its own account races the upload of
/// a new device's keys (in its own first sync, not in anything the bot does): harmless.
const SDK_RACE: &str = "Our own device might have been deleted";
/// The heading the recovery key is printed under.
const KEY_HEADING: &str = "Matrix recovery key";

/// The bot as a child process, its output in files; killed if still running when dropped.
struct BotProcess {
    child: Child,
    stdout: PathBuf,
    stderr: PathBuf,
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl BotProcess {
    /// Starts `catan-bot run` on `config`; `name` names its output files in `dir`.
    fn start(dir: &Path, config: &Path, name: &str, env: &[(&str, &str)]) -> BotProcess {
        let stdout = dir.join(format!("{name}.stdout"));
        let stderr = dir.join(format!("{name}.stderr"));
        let child = Command::new(env!("CARGO_BIN_EXE_catan-bot"))
            .arg("run")
            .arg("--config")
            .arg(config)
            .env_remove("DISCORD_TOKEN")
            .env_remove("CATAN_DATA_DIR")
            .env_remove("MATRIX_HOMESERVER")
            .env_remove("MATRIX_USER")
            .env_remove("MATRIX_PASSWORD")
            .env_remove("MATRIX_ACCESS_TOKEN")
            .env_remove("MATRIX_RECOVERY_KEY")
            .env_remove("RUST_LOG")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&stdout).expect("create the stdout file"))
            .stderr(std::fs::File::create(&stderr).expect("create the stderr file"))
            .spawn()
            .expect("start catan-bot");
        BotProcess {
            child,
            stdout,
            stderr,
        }
    }

    fn stdout(&self) -> String {
        std::fs::read_to_string(&self.stdout).unwrap_or_default()
    }

    fn stderr(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// Waits until the bot says it serves Matrix (panics with its output if it exits first).
    async fn wait_serving(&mut self) {
        let what = format!("the bot to log {SERVING:?}");
        wait_until(&what, WAIT, async || {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "the bot exited ({status}) before serving; stdout:\n{}\nstderr:\n{}",
                    self.stdout(),
                    self.stderr()
                );
            }
            self.stdout().contains(SERVING).then_some(())
        })
        .await
    }

    /// Waits for the process to end by itself.
    async fn wait_exit(&mut self) -> ExitStatus {
        wait_until("the bot to exit", WAIT, async || {
            self.child.try_wait().expect("poll the bot")
        })
        .await
    }

    /// An orderly stop (SIGTERM, as systemd or `docker stop` send), waited for.
    async fn stop(mut self) -> (String, String) {
        let pid = i32::try_from(self.child.id()).expect("pid");
        // SAFETY: kill(2) on our own child's pid; no memory is involved.
        let sent = unsafe { libc::kill(pid, libc::SIGTERM) };
        assert_eq!(sent, 0, "SIGTERM to the bot failed");
        let status = self.wait_exit().await;
        assert!(status.success(), "the bot's orderly stop failed: {status}");
        (self.stdout(), self.stderr())
    }
}

/// A config for the bot on `synapse` as `user` with `password`, its data in `dir/data`.
fn write_config(dir: &Path, synapse: &Synapse, user: &str, password: &str) -> PathBuf {
    let path = dir.join("config.toml");
    let text = format!(
        "data_dir = \"{}\"\n\
         log_level = \"info\"\n\
         [matrix]\n\
         homeserver = \"{}\"\n\
         user = \"{user}\"\n\
         password = \"{password}\"\n",
        dir.join("data").display(),
        synapse.base_url(),
    );
    std::fs::write(&path, text).expect("write the config");
    path
}

/// The recovery keys printed in `output` (the line after each heading).
fn printed_keys(output: &str) -> Vec<String> {
    let lines: Vec<&str> = output.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.contains(KEY_HEADING))
        .filter_map(|(i, _)| lines.get(i + 1).map(|k| k.trim().to_string()))
        .collect()
}

/// The log lines at warning level or worse in a bot's output until it was told to stop (what
/// its stop logs is not this file's concern).
fn complaints(output: &str) -> Vec<&str> {
    output
        .lines()
        .take_while(|l| !l.contains("INFO catan_bot::serve: stopping"))
        .filter(|l| l.contains(" ERROR ") || l.contains(" WARN "))
        .filter(|l| !l.contains(SDK_RACE))
        .collect()
}

/// The bot's own view of its account: the saved session's access token as a plain client.
fn bot_client(synapse: &Synapse, data: &Path, account: &Account) -> Player {
    let session: Value = serde_json::from_slice(
        &std::fs::read(data.join("matrix").join("session.json")).expect("the saved session"),
    )
    .expect("a JSON session");
    let mut account = account.clone();
    account.access_token = session["access_token"]
        .as_str()
        .expect("an access token")
        .to_string();
    account.device_id = session["device_id"]
        .as_str()
        .expect("a device id")
        .to_string();
    Player::new(synapse, account)
}

/// The current key backup version on the homeserver, if any.
async fn backup_version(bot: &Player) -> Option<String> {
    let url = bot.v3(&["room_keys", "version"]);
    let (status, answer) = bot.try_request(Method::GET, url, None).await;
    if !status.is_success() {
        return None;
    }
    answer["version"].as_str().map(str::to_string)
}

/// The bot's master cross-signing key as the homeserver publishes it.
async fn master_key(player: &Player, bot: &str) -> Option<Value> {
    let body = serde_json::json!({ "device_keys": { bot: [] } });
    let answer = player
        .request(Method::POST, player.v3(&["keys", "query"]), Some(&body))
        .await;
    answer["master_keys"].get(bot).map(|k| k["keys"].clone())
}

/// Whether `device` of `bot` is cross-signed by its owner, as `player`'s client sees it
/// (asked again until it is: the client learns of new signatures by its own key queries).
async fn cross_signed(player: &EncryptedPlayer, bot: &str, device: &str) -> bool {
    let user = UserId::parse(bot).expect("user id");
    let encryption = player.client.encryption();
    let identity = encryption
        .request_user_identity(&user)
        .await
        .expect("ask for the bot's identity");
    if identity.is_none() {
        return false;
    }
    let devices = encryption
        .get_user_devices(&user)
        .await
        .expect("the bot's devices");
    devices
        .get(device.into())
        .is_some_and(|d| d.is_cross_signed_by_owner())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_signs_its_device_backs_up_its_keys_and_shows_the_key_once() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    let account = synapse.register("catanbot", "bot-password-1").await;
    let player =
        EncryptedPlayer::start(&synapse, synapse.register("alice", "pw-alice").await).await;
    let plain_player = Player::new(&synapse, player.account.clone());
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = write_config(dir.path(), &synapse, &account.user_id, &account.password);
    let data = dir.path().join("data");

    // First start: identity, backup, recovery key shown.
    let mut first = BotProcess::start(dir.path(), &config, "first", &[]);
    first.wait_serving().await;
    let bot = bot_client(&synapse, &data, &account);
    let device = bot.account.device_id.clone();
    let signed = wait_until("the bot's device to be cross-signed", WAIT, async || {
        cross_signed(&player, &account.user_id, &device)
            .await
            .then_some(())
    })
    .await;
    assert_eq!(signed, ());
    let version = backup_version(&bot).await.expect("a key backup version");
    let master = master_key(&plain_player, &account.user_id)
        .await
        .expect("a master key");
    let (first_out, first_err) = first.stop().await;
    let keys = printed_keys(&first_out);
    assert_eq!(keys.len(), 1, "one key at the first start:\n{first_out}");
    assert_eq!(
        complaints(&first_out),
        Vec::<&str>::new(),
        "a quiet first start"
    );
    let key = keys[0].clone();
    assert!(
        key.split_whitespace().count() >= 12,
        "a recovery key in groups: {key:?}"
    );
    assert!(
        first_out.contains("Keep it") || first_out.contains("keep it"),
        "where to keep it is said:\n{first_out}"
    );
    assert_eq!(
        first_out.matches(key.as_str()).count() + first_err.matches(key.as_str()).count(),
        1,
        "the key is printed once, not also logged"
    );

    // Second start with the same store: nothing new.
    let mut second = BotProcess::start(dir.path(), &config, "second", &[]);
    second.wait_serving().await;
    let (second_out, _) = second.stop().await;
    assert!(
        !second_out.contains(KEY_HEADING) && !second_out.contains(&key),
        "no key at a later start:\n{second_out}"
    );
    assert_eq!(
        complaints(&second_out),
        Vec::<&str>::new(),
        "a quiet restart"
    );
    assert_eq!(
        bot_client(&synapse, &data, &account).account.device_id,
        device
    );
    assert_eq!(
        backup_version(&bot).await.as_deref(),
        Some(version.as_str())
    );
    assert_eq!(
        master_key(&plain_player, &account.user_id).await.as_ref(),
        Some(&master),
        "the same identity"
    );

    // The Matrix data directory lost, and a wrong recovery key: said, and the bot plays on.
    std::fs::rename(data.join("matrix"), dir.path().join("matrix-lost"))
        .expect("move the Matrix data aside");
    let wrong_key = "EsTj 3yST y93F SLpB jJsz eAXc 2XzA ygD3 w69H fGaN TKBj jXEd";
    let mut wrong = BotProcess::start(
        dir.path(),
        &config,
        "wrong-key",
        &[("MATRIX_RECOVERY_KEY", wrong_key)],
    );
    wrong.wait_serving().await;
    let (wrong_out, _) = wrong.stop().await;
    let said = complaints(&wrong_out);
    assert_eq!(said.len(), 1, "one line about the key: {said:#?}");
    for part in ["recovery key", "MATRIX_RECOVERY_KEY", "does not fit"] {
        assert!(said[0].contains(part), "{part:?} in {:?}", said[0]);
    }
    assert!(!said[0].contains(wrong_key), "the key itself is not logged");
    assert_eq!(
        master_key(&plain_player, &account.user_id).await.as_ref(),
        Some(&master),
        "a wrong key replaces nothing"
    );

    // Again lost; the right key: a new device, restored.
    std::fs::rename(data.join("matrix"), dir.path().join("matrix-lost-again"))
        .expect("move the Matrix data aside");
    let mut third = BotProcess::start(
        dir.path(),
        &config,
        "third",
        &[("MATRIX_RECOVERY_KEY", key.as_str())],
    );
    third.wait_serving().await;
    let restored = bot_client(&synapse, &data, &account);
    let new_device = restored.account.device_id.clone();
    assert_ne!(new_device, device, "a lost store means a new device");
    wait_until("the new device to be cross-signed", WAIT, async || {
        cross_signed(&player, &account.user_id, &new_device)
            .await
            .then_some(())
    })
    .await;
    assert_eq!(
        master_key(&plain_player, &account.user_id).await.as_ref(),
        Some(&master),
        "recovered, not replaced: the same identity"
    );
    assert_eq!(
        backup_version(&restored).await.as_deref(),
        Some(version.as_str())
    );
    let (third_out, _) = third.stop().await;
    assert!(
        printed_keys(&third_out).is_empty(),
        "no new key after a recovery:\n{third_out}"
    );
    assert_eq!(
        complaints(&third_out),
        Vec::<&str>::new(),
        "a quiet recovery"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_password_on_a_fresh_data_directory_is_one_clear_line() {
    let Some(synapse) = Synapse::start().await else {
        return;
    };
    let account = synapse.register("catanbot", "the-right-password").await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = write_config(dir.path(), &synapse, &account.user_id, "a-wrong-password");
    let mut bot = BotProcess::start(dir.path(), &config, "wrong", &[]);
    let status = bot.wait_exit().await;
    let (out, err) = (bot.stdout(), bot.stderr());
    eprintln!("stdout:\n{out}\nstderr:\n{err}");
    assert_eq!(
        status.code(),
        Some(1),
        "a refused login ends the bot: {status}"
    );
    let problems: Vec<&str> = out
        .lines()
        .chain(err.lines())
        .filter(|l| l.contains("ERROR") || l.contains("WARN") || l.starts_with("error"))
        .collect();
    assert_eq!(
        problems.len(),
        1,
        "one line about the refusal: {problems:#?}"
    );
    let line = problems[0];
    for part in [
        account.user_id.as_str(),
        "refused",
        "password",
        "config.toml",
    ] {
        assert!(line.contains(part), "{part:?} in {line:?}");
    }
    assert!(
        !dir.path().join("data/matrix/session.json").exists(),
        "no session saved from a refused login"
    );
}
