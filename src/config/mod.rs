//! The bot's configuration file (`config.toml`, see `config.example.toml`) and its environment
//! overrides. Every problem becomes one [`ConfigError`] whose message says what to fix, because a
//! self-hoster reads it once in a terminal or a container log.
//!
//! Over 600 lines only with its tests (about 350 lines of code).

use std::path::{Path, PathBuf};

use serde::Deserialize;
use thiserror::Error;

mod discord;
mod matrix;

pub use discord::{DiscordEnv, SHARD_COUNT_ENV, SHARDS_ENV, ShardRange, Sharding};
pub use matrix::{MatrixConfig, MatrixEnv, MatrixLogin, RecoveryKey};

/// Where the bot looks for its configuration when `--config` is not given.
pub const DEFAULT_CONFIG_PATH: &str = "config.toml";
/// Environment variable holding the bot token; it wins over the file.
pub const TOKEN_ENV: &str = "DISCORD_TOKEN";
/// The longest think time a host may give expert bots (10 s a move is already very slow).
pub const MAX_BOT_THINK_MS: u64 = 10_000;

/// Environment variable holding the data directory; it wins over the file (handy in Docker).
pub const DATA_DIR_ENV: &str = "CATAN_DATA_DIR";

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error(
        "config file {path} not found: copy config.example.toml to {path} (or pass --config PATH)"
    )]
    NotFound { path: String },
    #[error("cannot read config file {path}: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("config file {path} is not valid TOML: {reason}")]
    Malformed { path: String, reason: String },
    #[error(
        "no bot token and no [matrix] section: for Discord set `token` in {path} or the DISCORD_TOKEN environment variable (Discord developer portal → your application → Bot → Reset Token); for Matrix add a [matrix] section (see config.example.toml)"
    )]
    MissingToken { path: String },
    #[error("invalid setting `{field}` from {from}: {reason}")]
    Invalid {
        /// Where the value came from: the file or the environment variable.
        from: Source,
        field: &'static str,
        reason: String,
    },
}

/// Where a setting's value came from, so a message about it points at the right place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(String),
    Env(&'static str),
    Default,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::File(path) => write!(f, "config file {path}"),
            Source::Env(var) => write!(f, "environment variable {var}"),
            Source::Default => f.write_str("the default"),
        }
    }
}

/// Where the settings that can come from the environment came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sources {
    pub token: Source,
    pub data_dir: Source,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// One line of text per event (colours only on a terminal).
    #[default]
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// What to do with a private reply addressed to someone other than the player whose interaction
/// is being answered (e.g. the victim of a robbery). Discord can only show ephemeral messages in
/// answer to that user's own interaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PrivateNotices {
    /// Send it as a direct message (silently skipped if the user refuses DMs).
    #[default]
    Dm,
    /// Drop it: the player sees their hand with the "My hand" button or `/catan hand`.
    Drop,
}

/// The whole configuration, after defaults and environment overrides.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The Discord bot token; empty when Discord is not configured (Matrix only).
    pub token: String,
    pub data_dir: PathBuf,
    /// Guilds to register `/catan` in instantly; empty = register globally.
    pub guild_ids: Vec<u64>,
    /// Start each game in its own public thread instead of the channel.
    pub game_threads: bool,
    pub private_notices: PrivateNotices,
    /// Minimum time between two edits of one message (Discord rate-limits edits).
    pub edit_debounce_ms: u64,
    /// Answer an interaction with "thinking…" if the table has not answered after this long
    /// (Discord's hard limit is 3 s).
    pub defer_after_ms: u64,
    pub log_level: String,
    pub log_format: LogFormat,
    /// Base URL that replaces `https://discord.com` for REST calls (a proxy, or a fake in tests).
    pub proxy_url: Option<String>,
    /// Which gateway shards this process runs (`[discord]`); default: all of them.
    pub sharding: Sharding,
    pub table: TableDefaults,
    pub sources: Sources,
    /// The Matrix account, when the `[matrix]` section (or `MATRIX_HOMESERVER`) configures one.
    pub matrix: Option<MatrixConfig>,
}

impl Config {
    /// Whether a Discord token is configured.
    pub fn discord_enabled(&self) -> bool {
        !self.token.is_empty()
    }
}

/// Defaults for the table, from the `[table]` section.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TableDefaults {
    /// Minutes a player has for a turn before reminders and then an automatic move; 0 = no timer.
    pub turn_timer_minutes: u32,
    /// Hours a lobby may wait for its start before it is closed; 0 = lobbies never expire.
    pub lobby_expiry_hours: u32,
    /// Milliseconds computer players wait after the last move before they move.
    pub bot_delay_ms: u64,
    /// Think time of an expert bot per decision, in milliseconds of one core (turned into a
    /// fixed amount of search, so decisions replay; see `bots::expert::Think`).
    pub bot_think_ms: u64,
    /// The language of a game whose opener's language the platform does not say (Matrix
    /// always; Discord users whose client language has no catalog).
    #[serde(deserialize_with = "crate::i18n::deserialize_known")]
    pub lang: crate::i18n::Lang,
}

impl Default for TableDefaults {
    fn default() -> Self {
        TableDefaults {
            turn_timer_minutes: 0,
            lobby_expiry_hours: 24,
            bot_delay_ms: crate::table::DEFAULT_BOT_DELAY_MS,
            bot_think_ms: crate::bots::expert::DEFAULT_THINK_MS,
            lang: crate::i18n::Lang::EN,
        }
    }
}

/// The file as written; every field optional so defaults apply.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawConfig {
    token: Option<String>,
    data_dir: Option<PathBuf>,
    log_level: Option<String>,
    log_format: LogFormat,
    proxy_url: Option<String>,
    game_threads: bool,
    private_notices: PrivateNotices,
    edit_debounce_ms: Option<u64>,
    defer_after_ms: Option<u64>,
    commands: RawCommands,
    discord: discord::RawDiscord,
    table: TableDefaults,
    matrix: Option<matrix::RawMatrix>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawCommands {
    guild_ids: Vec<u64>,
}

/// The environment variables that override the file, passed in so tests need not mutate the
/// process environment.
#[derive(Clone, Debug, Default)]
pub struct Env {
    pub token: Option<String>,
    pub data_dir: Option<String>,
    pub discord: DiscordEnv,
    pub matrix: MatrixEnv,
}

impl Env {
    pub fn from_process() -> Env {
        Env {
            token: std::env::var(TOKEN_ENV).ok(),
            data_dir: std::env::var(DATA_DIR_ENV).ok(),
            discord: DiscordEnv::from_process(),
            matrix: MatrixEnv::from_process(),
        }
    }
}

impl Config {
    /// Loads the configuration. With `path` given the file must exist; without it,
    /// `config.toml` is read if present, else everything comes from defaults + environment.
    pub fn load(path: Option<&Path>, env: &Env) -> Result<Config, ConfigError> {
        let (shown, text) = match path {
            Some(p) => (p.display().to_string(), Some(read(p)?)),
            None => {
                let p = Path::new(DEFAULT_CONFIG_PATH);
                if p.exists() {
                    (DEFAULT_CONFIG_PATH.to_string(), Some(read(p)?))
                } else {
                    (DEFAULT_CONFIG_PATH.to_string(), None)
                }
            }
        };
        match text {
            Some(text) => Config::parse(&shown, &text, env),
            None if env.token.as_deref().is_some_and(|t| !t.trim().is_empty())
                || env.matrix.homeserver.is_some() =>
            {
                Config::parse(&shown, "", env)
            }
            None => Err(ConfigError::NotFound { path: shown }),
        }
    }

    /// Parses the text of a config file named `path` (for messages).
    pub fn parse(path: &str, text: &str, env: &Env) -> Result<Config, ConfigError> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| ConfigError::Malformed {
            path: path.to_string(),
            reason: one_line(&e.to_string()),
        })?;
        let file = Source::File(path.to_string());
        let matrix = matrix::resolve(raw.matrix, &env.matrix, &file)?;
        let sharding = discord::resolve(raw.discord, &env.discord, &file)?;
        let (token, token_source) = match env.token.as_deref().map(str::trim) {
            Some(t) if !t.is_empty() => (t.to_string(), Source::Env(TOKEN_ENV)),
            _ => match raw.token.map(|t| t.trim().to_string()) {
                Some(t) if !t.is_empty() => (t, file.clone()),
                // Matrix only.
                _ if matrix.is_some() => (String::new(), Source::Default),
                _ => {
                    return Err(ConfigError::MissingToken {
                        path: path.to_string(),
                    });
                }
            },
        };
        let invalid = |field, from: &Source, reason: &str| ConfigError::Invalid {
            from: from.clone(),
            field,
            reason: reason.to_string(),
        };
        if !token.is_empty()
            && (token.chars().any(char::is_whitespace) || token.split('.').count() != 3)
        {
            return Err(invalid(
                "token",
                &token_source,
                "a bot token looks like three dot-separated parts (xxxx.yyyy.zzzz) without spaces",
            ));
        }
        if let Some(url) = &raw.proxy_url
            && !(url.starts_with("http://") || url.starts_with("https://"))
        {
            return Err(invalid(
                "proxy_url",
                &file,
                "must start with http:// or https://",
            ));
        }
        let log_level = raw.log_level.unwrap_or_else(|| "info".to_string());
        if !["error", "warn", "info", "debug", "trace"].contains(&log_level.as_str()) {
            return Err(invalid(
                "log_level",
                &file,
                "use one of error, warn, info, debug, trace",
            ));
        }
        let defer_after_ms = raw.defer_after_ms.unwrap_or(1500);
        if defer_after_ms >= 2500 {
            return Err(invalid(
                "defer_after_ms",
                &file,
                "must be below 2500 (Discord drops interactions not answered within 3 s)",
            ));
        }
        if raw.table.bot_think_ms > MAX_BOT_THINK_MS {
            return Err(invalid(
                "bot_think_ms",
                &file,
                "must be at most 10000 (an expert bot thinks this long for every move)",
            ));
        }
        let (data_dir, data_dir_source) = match (env.data_dir.as_deref(), raw.data_dir) {
            (Some(d), _) if !d.trim().is_empty() => (PathBuf::from(d), Source::Env(DATA_DIR_ENV)),
            (_, Some(d)) => (d, file),
            (_, None) => (PathBuf::from("data"), Source::Default),
        };
        Ok(Config {
            token,
            data_dir,
            guild_ids: raw.commands.guild_ids,
            game_threads: raw.game_threads,
            private_notices: raw.private_notices,
            edit_debounce_ms: raw.edit_debounce_ms.unwrap_or(1500),
            defer_after_ms,
            log_level,
            log_format: raw.log_format,
            proxy_url: raw.proxy_url.map(|u| u.trim_end_matches('/').to_string()),
            sharding,
            table: raw.table,
            sources: Sources {
                token: token_source,
                data_dir: data_dir_source,
            },
            matrix,
        })
    }
}

fn read(path: &Path) -> Result<String, ConfigError> {
    std::fs::read_to_string(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ConfigError::NotFound {
            path: path.display().to_string(),
        },
        _ => ConfigError::Unreadable {
            path: path.display().to_string(),
            reason: e.to_string(),
        },
    })
}

/// toml's messages span several lines (with a source excerpt); keep the gist on one line.
fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('|') && !l.chars().all(|c| c == '^'))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "MTIz.abc.def";

    fn no_env() -> Env {
        Env::default()
    }

    #[test]
    fn minimal_file_gets_defaults() {
        let c = Config::parse("c.toml", &format!("token = \"{TOKEN}\""), &no_env()).unwrap();
        assert_eq!(c.token, TOKEN);
        assert_eq!(c.data_dir, PathBuf::from("data"));
        assert!(c.guild_ids.is_empty());
        assert!(!c.game_threads);
        assert_eq!(c.private_notices, PrivateNotices::Dm);
        assert_eq!(c.log_level, "info");
        assert_eq!(c.proxy_url, None);
    }

    #[test]
    fn example_config_parses() {
        let text = include_str!("../../config.example.toml");
        let env = Env {
            token: Some(TOKEN.into()),
            data_dir: None,
            ..Env::default()
        };
        let c = Config::parse("config.example.toml", text, &env).unwrap();
        assert_eq!(c.token, TOKEN);
        assert_eq!(c.matrix, None);
        // Its [matrix] section, switched on, configures Matrix alone (no Discord token).
        let matrix_on: String = text
            .lines()
            .map(|l| match l.strip_prefix("# ") {
                Some(rest) if rest.starts_with("[matrix]") => rest,
                Some(rest)
                    if ["homeserver", "user ", "password"]
                        .iter()
                        .any(|k| rest.starts_with(k)) =>
                {
                    rest
                }
                _ => l,
            })
            .collect::<Vec<_>>()
            .join("\n");
        let c = Config::parse("config.example.toml", &matrix_on, &no_env()).unwrap();
        assert!(!c.discord_enabled());
        let m = c.matrix.expect("matrix configured");
        assert_eq!(m.user, "@catan:example.org");
        assert_eq!(m.login, MatrixLogin::Password("a long password".into()));
    }

    #[test]
    fn environment_wins_over_file() {
        let env = Env {
            token: Some("env.tok.en".into()),
            data_dir: Some("/data".into()),
            ..Env::default()
        };
        let text = format!("token = \"{TOKEN}\"\ndata_dir = \"here\"");
        let c = Config::parse("c.toml", &text, &env).unwrap();
        assert_eq!(c.token, "env.tok.en");
        assert_eq!(c.data_dir, PathBuf::from("/data"));
    }

    #[test]
    fn full_file_is_read() {
        let text = format!(
            "token = \"{TOKEN}\"\ndata_dir = \"/var/lib/catan\"\nlog_level = \"debug\"\n\
             proxy_url = \"http://127.0.0.1:9/\"\ngame_threads = true\nprivate_notices = \"drop\"\n\
             edit_debounce_ms = 200\n[commands]\nguild_ids = [1, 2]\n[table]\nturn_timer_minutes = 5\nlobby_expiry_hours = 3\nbot_delay_ms = 700\nbot_think_ms = 150\nlang = \"de\"\n"
        );
        let c = Config::parse("c.toml", &text, &no_env()).unwrap();
        assert_eq!(c.guild_ids, vec![1, 2]);
        assert!(c.game_threads);
        assert_eq!(c.private_notices, PrivateNotices::Drop);
        assert_eq!(c.proxy_url.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(c.edit_debounce_ms, 200);
        assert_eq!(c.table.turn_timer_minutes, 5);
        assert_eq!(c.table.lobby_expiry_hours, 3);
        assert_eq!(c.table.bot_delay_ms, 700);
        assert_eq!(c.table.bot_think_ms, 150);
        assert_eq!(c.table.lang.code(), "de");
    }

    #[test]
    fn discord_section_sets_the_shards() {
        let text = format!("token = \"{TOKEN}\"\n[discord]\nshards = \"2-3\"\nshard_count = 4\n");
        let c = Config::parse("c.toml", &text, &no_env()).unwrap();
        assert_eq!(c.sharding.range, Some(ShardRange { first: 2, last: 3 }));
        assert_eq!(c.sharding.count, Some(4));
        let text = format!("token = \"{TOKEN}\"\n[discord]\nshards = \"4\"\nshard_count = 4\n");
        let e = Config::parse("c.toml", &text, &no_env()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid setting `shards` from config file c.toml: shard 4 does not exist with \
             shard_count = 4 (shards are numbered 0 to 3)"
        );
        let c = Config::parse("c.toml", &format!("token = \"{TOKEN}\""), &no_env()).unwrap();
        assert_eq!(c.sharding, Sharding::default());
    }

    #[test]
    fn missing_token_says_where_to_put_it() {
        let e = Config::parse("c.toml", "data_dir = \"x\"", &no_env()).unwrap_err();
        assert!(matches!(e, ConfigError::MissingToken { .. }));
        let msg = e.to_string();
        assert!(
            msg.contains("DISCORD_TOKEN") && msg.contains("c.toml"),
            "{msg}"
        );
        // An empty environment variable does not count as a token.
        let env = Env {
            token: Some("  ".into()),
            data_dir: None,
            ..Env::default()
        };
        assert!(matches!(
            Config::parse("c.toml", "", &env),
            Err(ConfigError::MissingToken { .. })
        ));
    }

    #[test]
    fn malformed_toml_is_one_line() {
        let e = Config::parse("c.toml", "token = \"unterminated", &no_env()).unwrap_err();
        assert!(matches!(e, ConfigError::Malformed { .. }));
        assert!(!e.to_string().contains('\n'), "{e}");
    }

    #[test]
    fn unknown_keys_and_bad_values_are_refused() {
        let e = Config::parse(
            "c.toml",
            &format!("token = \"{TOKEN}\"\ntokne = 1"),
            &no_env(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("tokne"), "{e}");
        let e = Config::parse(
            "c.toml",
            &format!("token = \"{TOKEN}\"\nlog_level = \"loud\""),
            &no_env(),
        )
        .unwrap_err();
        assert!(matches!(
            e,
            ConfigError::Invalid {
                field: "log_level",
                ..
            }
        ));
        let e = Config::parse("c.toml", "token = \"has space.a.b\"", &no_env()).unwrap_err();
        assert!(matches!(e, ConfigError::Invalid { field: "token", .. }));
        let e = Config::parse(
            "c.toml",
            &format!("token = \"{TOKEN}\"\nproxy_url = \"127.0.0.1\""),
            &no_env(),
        )
        .unwrap_err();
        assert!(matches!(
            e,
            ConfigError::Invalid {
                field: "proxy_url",
                ..
            }
        ));
        let e = Config::parse(
            "c.toml",
            &format!("token = \"{TOKEN}\"\n[table]\nbot_think_ms = 60000"),
            &no_env(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("at most 10000"), "{e}");
    }

    #[test]
    fn a_bad_token_names_where_it_came_from() {
        let env = Env {
            token: Some("not-a-token".into()),
            data_dir: None,
            ..Env::default()
        };
        let text = format!("token = \"{TOKEN}\"");
        let e = Config::parse("c.toml", &text, &env).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid setting `token` from environment variable DISCORD_TOKEN: a bot token looks \
             like three dot-separated parts (xxxx.yyyy.zzzz) without spaces"
        );
        let e = Config::parse("c.toml", "token = \"not-a-token\"", &no_env()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("invalid setting `token` from config file c.toml:"),
            "{e}"
        );
    }

    #[test]
    fn sources_are_recorded() {
        let c = Config::parse("c.toml", &format!("token = \"{TOKEN}\""), &no_env()).unwrap();
        assert_eq!(c.sources.token, Source::File("c.toml".into()));
        assert_eq!(c.sources.data_dir, Source::Default);
        let env = Env {
            token: Some(TOKEN.into()),
            data_dir: Some("/d".into()),
            ..Env::default()
        };
        let c = Config::parse("c.toml", "data_dir = \"x\"", &env).unwrap();
        assert_eq!(c.sources.token, Source::Env(TOKEN_ENV));
        assert_eq!(c.sources.data_dir, Source::Env(DATA_DIR_ENV));
        let c = Config::parse(
            "c.toml",
            "data_dir = \"x\"",
            &Env {
                token: Some(TOKEN.into()),
                data_dir: None,
                ..Env::default()
            },
        )
        .unwrap();
        assert_eq!(c.sources.data_dir, Source::File("c.toml".into()));
    }

    #[test]
    fn log_format_is_text_or_json() {
        let c = Config::parse("c.toml", &format!("token = \"{TOKEN}\""), &no_env()).unwrap();
        assert_eq!(c.log_format, LogFormat::Text);
        let text = format!("token = \"{TOKEN}\"\nlog_format = \"json\"");
        let c = Config::parse("c.toml", &text, &no_env()).unwrap();
        assert_eq!(c.log_format, LogFormat::Json);
        let text = format!("token = \"{TOKEN}\"\nlog_format = \"xml\"");
        let e = Config::parse("c.toml", &text, &no_env()).unwrap_err();
        assert!(e.to_string().contains("json"), "{e}");
    }

    #[test]
    fn missing_file_is_reported() {
        let e = Config::load(Some(Path::new("/nonexistent/catan.toml")), &no_env()).unwrap_err();
        assert_eq!(
            e,
            ConfigError::NotFound {
                path: "/nonexistent/catan.toml".into()
            }
        );
    }
}
