//! What Discord can refuse at start-up that the bot cannot run without: the token, the slash
//! commands, the gateway intents, the shard layout, the gateway address. Each stops the process
//! in order (stored games closed as at a normal stop) with one line saying what was refused
//! and what to do, and an exit status of its own, so a restart policy shows it and a host can
//! tell the causes apart (README, "Run"). Connected but without commands, the bot would look
//! alive and answer nothing.

use poise::serenity_prelude as serenity;
use serenity::{GatewayError, GatewayIntents, GuildId};
use thiserror::Error;

use super::config::Source;

/// A refused start, with the exit status it ends the process with.
#[derive(Debug, Error)]
pub enum Refusal {
    #[error(
        "Discord refused the bot token from {from} ({reason}): set `token` in the config file or DISCORD_TOKEN to the token from the Discord Developer Portal (your application → Bot → Reset Token)"
    )]
    Token { from: Source, reason: String },
    /// Discord refused what this build sends (a 400 on the registration).
    #[error(
        "Discord refused the slash commands: {details}; this build cannot run on Discord — report it"
    )]
    Commands { details: String },
    /// A server in `[commands] guild_ids` that the bot may not register in.
    #[error(
        "Discord refused the slash commands in server {guild} ({reason}): add the bot to that server with its invite link {invite}, or remove the server from [commands] guild_ids"
    )]
    CommandsInServer {
        guild: GuildId,
        reason: String,
        invite: String,
    },
    /// Registering failed otherwise (Discord unreachable or failing right after connecting).
    #[error(
        "registering the slash commands failed ({reason}); the bot stops rather than run without them — the restart tries again"
    )]
    CommandsFailed { reason: String },
    /// Gateway close code 4013 or 4014.
    #[error("Discord refused the gateway intents {asked} (close code {code}: {meaning}): {advice}")]
    Intents {
        code: u16,
        asked: String,
        meaning: &'static str,
        advice: String,
    },
    /// Gateway close code 4011: a shard with too many servers.
    #[error(
        "Discord requires more shards (close code 4011, sharding required: {total} shard(s) hold too many servers): {advice}"
    )]
    ShardingRequired { total: u32, advice: String },
    /// Gateway close code 4010.
    #[error(
        "Discord refused the shard layout {shards} (close code 4010, invalid shard): check [discord] shards and shard_count (DISCORD_SHARDS, DISCORD_SHARD_COUNT)"
    )]
    InvalidShard { shards: String },
    /// `GET /gateway/bot` answered with an error that retrying does not heal.
    #[error("Discord refused to tell the gateway address ({reason}): {advice}")]
    Gateway { reason: String, advice: String },
}

/// Exit statuses of a refused start (1 is every other failure, a broken config say).
pub mod exit {
    pub const TOKEN: u8 = 10;
    pub const COMMANDS: u8 = 11;
    pub const COMMANDS_IN_SERVER: u8 = 12;
    pub const INTENTS: u8 = 13;
    pub const SHARDS: u8 = 14;
    pub const OTHER: u8 = 15;
}

impl Refusal {
    pub fn exit_code(&self) -> u8 {
        match self {
            Refusal::Token { .. } => exit::TOKEN,
            Refusal::Commands { .. } => exit::COMMANDS,
            Refusal::CommandsInServer { .. } => exit::COMMANDS_IN_SERVER,
            Refusal::Intents { .. } => exit::INTENTS,
            Refusal::ShardingRequired { .. } | Refusal::InvalidShard { .. } => exit::SHARDS,
            Refusal::CommandsFailed { .. } | Refusal::Gateway { .. } => exit::OTHER,
        }
    }

    /// The refusal behind a gateway error that ends serenity's client, if it is one.
    pub fn of_gateway(
        error: &GatewayError,
        token_from: &Source,
        intents: GatewayIntents,
    ) -> Option<Refusal> {
        let (code, meaning) = match error {
            GatewayError::InvalidAuthentication => {
                return Some(Refusal::Token {
                    from: token_from.clone(),
                    reason: "gateway close code 4004: authentication failed".into(),
                });
            }
            GatewayError::InvalidGatewayIntents => (4013, "invalid intents"),
            GatewayError::DisallowedGatewayIntents => (4014, "disallowed intents"),
            _ => return None,
        };
        Some(intents_refused(code, meaning, intents))
    }
}

/// Which intents were asked for, and what the host can do about their refusal.
fn intents_refused(code: u16, meaning: &'static str, intents: GatewayIntents) -> Refusal {
    let privileged = intents
        & (GatewayIntents::GUILD_MEMBERS
            | GatewayIntents::GUILD_PRESENCES
            | GatewayIntents::MESSAGE_CONTENT);
    let advice = if code == 4013 {
        "this build asks for intents Discord does not know — report it".to_string()
    } else if privileged.is_empty() {
        "none of them is privileged, so no switch in the Developer Portal should be needed — check your application there (Bot → Privileged Gateway Intents) and report it".to_string()
    } else {
        format!(
            "enable {} for your application in the Discord Developer Portal (Bot → Privileged Gateway Intents)",
            names(privileged)
        )
    };
    Refusal::Intents {
        code,
        asked: names(intents),
        meaning,
        advice,
    }
}

/// `GUILDS | GUILD_MESSAGE_REACTIONS`.
fn names(intents: GatewayIntents) -> String {
    intents
        .iter_names()
        .map(|(name, _)| name)
        .collect::<Vec<_>>()
        .join(" | ")
}

/// What a failed registration of `commands` (their names, in the order sent) means; `guild` is
/// where it was registered (`None`: globally).
pub fn of_registration(
    error: &serenity::Error,
    commands: &[String],
    guild: Option<GuildId>,
    token_from: &Source,
    invite: String,
) -> Refusal {
    let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = error else {
        return Refusal::CommandsFailed {
            reason: super::logging::root_cause(error),
        };
    };
    let status = response.status_code.as_u16();
    let reason = format!("{} {}", response.status_code, response.error.message);
    match (status, guild) {
        (401, _) => Refusal::Token {
            from: token_from.clone(),
            reason,
        },
        (403 | 404, Some(guild)) => Refusal::CommandsInServer {
            guild,
            reason,
            invite,
        },
        (400..=499, _) if status != 429 => Refusal::Commands {
            details: form_errors(&response.error, commands),
        },
        _ => Refusal::CommandsFailed { reason },
    }
}

/// Discord's complaints, each under the command it is about: `/catan: Command exceeds maximum
/// size (4000)`. A path such as `0.options.2.name` starts with the command's index in what was
/// sent.
fn form_errors(error: &serenity::DiscordJsonError, commands: &[String]) -> String {
    if error.errors.is_empty() {
        return format!("{} (code {})", error.message, error.code);
    }
    error
        .errors
        .iter()
        .map(|e| {
            let (first, rest) = e.path.split_once('.').unwrap_or((&e.path, ""));
            let command = first
                .parse::<usize>()
                .ok()
                .and_then(|i| commands.get(i))
                .map_or_else(|| e.path.clone(), |name| format!("/{name}"));
            let at = if rest.is_empty() || !command.starts_with('/') {
                String::new()
            } else {
                format!(" (at {rest})")
            };
            format!("{command}{at}: {}", e.message)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json_error(body: serde_json::Value) -> serenity::DiscordJsonError {
        serde_json::from_value(body).expect("Discord's error shape")
    }

    #[test]
    fn form_errors_name_the_command() {
        let error = json_error(serde_json::json!({
            "message": "Invalid Form Body", "code": 50035,
            "errors": {"0": {"_errors": [
                {"code": "APPLICATION_COMMAND_TOO_LARGE", "message": "Command exceeds maximum size (4000)"}
            ]}, "1": {"options": {"2": {"description": {"_errors": [
                {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 100 or fewer in length."}
            ]}}}}}
        }));
        let names = ["catan".to_string(), "other".to_string()];
        assert_eq!(
            form_errors(&error, &names),
            "/catan: Command exceeds maximum size (4000); /other (at options.2.description): \
             Must be 100 or fewer in length."
        );
        let bare = json_error(serde_json::json!({"message": "Invalid Form Body", "code": 50035}));
        assert_eq!(form_errors(&bare, &names), "Invalid Form Body (code 50035)");
    }

    #[test]
    fn every_refusal_has_its_own_exit_status_and_words() {
        let from = Source::Env("DISCORD_TOKEN");
        let intents = GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGE_REACTIONS;
        let token = Refusal::of_gateway(&GatewayError::InvalidAuthentication, &from, intents)
            .expect("a refusal");
        assert_eq!(token.exit_code(), exit::TOKEN);
        assert!(token.to_string().contains("DISCORD_TOKEN"), "{token}");
        let disallowed =
            Refusal::of_gateway(&GatewayError::DisallowedGatewayIntents, &from, intents)
                .expect("a refusal");
        assert_eq!(disallowed.exit_code(), exit::INTENTS);
        assert!(
            disallowed
                .to_string()
                .starts_with("Discord refused the gateway intents GUILDS | GUILD_MESSAGE_REACTIONS (close code 4014"),
            "{disallowed}"
        );
        let content = GatewayIntents::GUILDS | GatewayIntents::MESSAGE_CONTENT;
        let asked = intents_refused(4014, "disallowed intents", content).to_string();
        assert!(
            asked.contains("enable MESSAGE_CONTENT for your application"),
            "{asked}"
        );
        assert!(Refusal::of_gateway(&GatewayError::OverloadedShard, &from, intents).is_none());
    }
}
