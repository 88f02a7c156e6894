//! Runs the real `catan-bot` binary against the fake Discord.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The bot as a child process; killed when dropped.
pub struct BotProcess {
    child: Child,
    pub log: PathBuf,
}

/// Writes a config file for a bot that talks to the fake at `rest_url`, storing games in
/// `dir/data`. Edits are debounced 50 ms unless `extra` sets `edit_debounce_ms`.
pub fn write_config(dir: &Path, rest_url: &str, extra: &str) -> PathBuf {
    let path = dir.join("config.toml");
    let debounce = if extra.contains("edit_debounce_ms") {
        ""
    } else {
        "edit_debounce_ms = 50\n"
    };
    let text = format!(
        "token = \"fake.bot.token\"\n\
         data_dir = \"{}\"\n\
         proxy_url = \"{rest_url}\"\n\
         log_level = \"debug\"\n\
         {debounce}\
         {extra}\n\
         [commands]\n\
         guild_ids = [{}]\n",
        dir.join("data").display(),
        super::fake_discord::GUILD_ID
    );
    std::fs::write(&path, text).unwrap();
    path
}

impl BotProcess {
    pub fn start(config: &Path, log: PathBuf) -> BotProcess {
        BotProcess::start_with_env(config, log, &[])
    }

    /// Like [`BotProcess::start`], with extra environment variables.
    pub fn start_with_env(config: &Path, log: PathBuf, env: &[(&str, &Path)]) -> BotProcess {
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_catan-bot"));
        command.envs(env.iter().copied());
        let child = command
            .arg("run")
            .arg("--config")
            .arg(config)
            .env_remove("DISCORD_TOKEN")
            .env_remove("CATAN_DATA_DIR")
            .env_remove("DISCORD_SHARDS")
            .env_remove("DISCORD_SHARD_COUNT")
            .env("RUST_LOG", "warn,catan_bot=debug")
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .unwrap();
        BotProcess { child, log }
    }

    /// SIGKILL: the harshest stop, as a crash or `docker kill` would do.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends a signal (e.g. `libc::SIGTERM`) to the bot.
    pub fn signal(&self, signal: i32) {
        let pid = i32::try_from(self.child.id()).expect("pid");
        // SAFETY: kill(2) on our own child's pid; no memory is involved.
        let result = unsafe { libc::kill(pid, signal) };
        assert_eq!(result, 0, "kill({pid}, {signal}) failed");
    }

    /// Waits until the bot has exited, however long that takes, and returns how it ended.
    pub fn wait(&mut self) -> std::process::ExitStatus {
        self.child.wait().expect("waiting for the bot")
    }

    /// Whether the bot is still running (it has not exited).
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The process id, e.g. to read its CPU time in /proc (`benches/idle.rs`; no test needs it).
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
