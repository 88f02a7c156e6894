//! The Discord adapter: a thin translation between Discord (poise 0.7 / serenity 0.12) and the
//! table. No game logic lives here.
//!
//! - [`config`]: the config file and environment overrides (shared with Matrix: `crate::config`).
//! - `commands`: `/catan …` slash commands → the table's typed requests; autocomplete.
//! - `events`: button presses and trade-offer reactions.
//! - `deliver` / `message`: the table's replies → Discord messages (ephemeral when private).
//! - Shared with other platforms (`crate::hosting`): the table handle, delivery order, debounced
//!   edits and the timer task; `crate::serve` starts this adapter.

mod bot;
mod bot_commands;
mod caller;
#[cfg(test)]
mod command_size;
mod commands;
pub use crate::config;
mod deliver;
mod error;
mod events;
mod help;
mod helper_commands;
mod hints;
mod host;
mod interact;
mod localize;
pub(crate) mod logging;
pub use logging::default_directives as default_log_directives;
mod message;
mod origin;
mod shards;

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, GuildId, HttpBuilder};

use tokio::sync::mpsc::UnboundedReceiver;

use self::bot::Bot;
use self::config::Config;
pub use self::error::BotError;
pub use self::host::PLATFORM;
use self::host::TableHandle;
use self::shards::{OwnGuildsOnly, OwnedShards};
use crate::hosting::Outlets;

/// Permissions the invite link asks for: send messages, embed links, attach files, add
/// reactions, read message history, create public threads, send messages in threads.
pub const INVITE_PERMISSIONS: u64 = 309_237_762_112;

/// The link that adds the bot to a server, with the scopes and permissions it needs.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}&scope=bot%20applications.commands&permissions={INVITE_PERMISSIONS}"
    )
}

/// Only non-privileged intents: slash commands need no message content.
fn intents() -> GatewayIntents {
    GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGE_REACTIONS
}

/// Closes the gateway connection politely if there is one (Discord then shows the bot offline
/// at once); never waits long for it.
pub async fn disconnect(shards: &OnceLock<Arc<serenity::ShardManager>>) {
    if let Some(shards) = shards.get()
        && tokio::time::timeout(Duration::from_secs(2), shards.shutdown_all())
            .await
            .is_err()
    {
        tracing::debug!("the gateway connection did not close in time");
    }
}

/// Reaches Discord, then serves until serenity gives up (a fatal gateway error). Dropped at a
/// stop signal.
pub async fn connect_and_serve(
    config: &Config,
    table: TableHandle,
    outlets: Arc<Outlets>,
    links: UnboundedReceiver<logging::Link>,
    shards: &OnceLock<Arc<serenity::ShardManager>>,
) -> Result<(), BotError> {
    // Before anything waits: from here on, the timer's replies for Discord wait for it.
    outlets.register(PLATFORM)?;
    let http = || {
        let mut http = HttpBuilder::new(&config.token);
        if let Some(url) = &config.proxy_url {
            // The proxy replaces https://discord.com; requests only go through it with
            // serenity's own rate limiter off (Discord's limits are then handled by the proxy).
            http = http.proxy(url.clone()).ratelimiter_disabled(true);
        }
        http.build()
    };
    let gateway = reach_discord(&http(), config).await?;
    let owned = OwnedShards::resolve(&config.sharding, gateway.shards);
    tracing::info!(
        first = owned.first,
        last = owned.last,
        total = owned.total,
        "running gateway {owned}"
    );
    tokio::spawn(logging::report_connection(links));

    let guild_ids = config.guild_ids.clone();
    let bot_config = config.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(events::handle(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                if guild_ids.is_empty() {
                    poise::builtins::register_globally(&ctx.http, commands).await?;
                } else {
                    for id in &guild_ids {
                        poise::builtins::register_in_guild(&ctx.http, commands, GuildId::new(*id))
                            .await?;
                    }
                }
                tracing::info!(user = %ready.user.name, "connected to Discord, /catan registered");
                tracing::info!("invite link: {}", invite_url(ready.application.id.get()));
                let bot = Arc::new(Bot::new(table, bot_config, ctx.http.clone()));
                let outlet_bot = bot.clone();
                outlets.connect(
                    PLATFORM,
                    Arc::new(move |replies| {
                        let bot = outlet_bot.clone();
                        Box::pin(async move { deliver::deliver(&bot, None, replies).await })
                    }),
                )?;
                tokio::spawn(host::post_startup_notices(bot.clone()));
                Ok(bot)
            })
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http(), intents())
        .framework(OwnGuildsOnly::new(framework, owned))
        .await?;
    let _ = shards.set(client.shard_manager.clone());
    // serenity's range is inclusive of its end too (`4..7` starts shards 4, 5, 6 and 7).
    Ok(client
        .start_shard_range(owned.first..owned.last, owned.total)
        .await?)
}

/// Waits until Discord answers (which also checks the token and tells the recommended shard
/// count). While it cannot be reached, says so in one line and tries again after a growing
/// pause; a refused token is fatal.
async fn reach_discord(
    http: &serenity::Http,
    config: &Config,
) -> Result<serenity::BotGateway, BotError> {
    let mut wait_s = 5;
    loop {
        let cause = match http.get_bot_gateway().await {
            Ok(gateway) => return Ok(gateway),
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)))
                if matches!(response.status_code.as_u16(), 401 | 403) =>
            {
                return Err(BotError::TokenRejected {
                    from: config.sources.token.clone(),
                    reason: format!("{} {}", response.status_code, response.error.message),
                });
            }
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) => {
                format!("HTTP {}", response.status_code)
            }
            Err(e) => logging::root_cause(&e),
        };
        tracing::warn!("cannot reach Discord ({cause}), retrying in {wait_s} s");
        tokio::time::sleep(Duration::from_secs(wait_s)).await;
        wait_s = (wait_s * 2).min(60);
    }
}

async fn on_error(error: poise::FrameworkError<'_, Arc<Bot>, BotError>) {
    match error {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!("start-up failed: {error}");
        }
        other => {
            tracing::warn!("command error: {other}");
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!("reporting a command error failed: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::serenity_prelude::Permissions;

    #[test]
    fn invite_permissions_are_exactly_what_the_bot_needs() {
        let needed = Permissions::SEND_MESSAGES
            | Permissions::EMBED_LINKS
            | Permissions::ATTACH_FILES
            | Permissions::ADD_REACTIONS
            | Permissions::READ_MESSAGE_HISTORY
            | Permissions::CREATE_PUBLIC_THREADS
            | Permissions::SEND_MESSAGES_IN_THREADS;
        assert_eq!(needed.bits(), INVITE_PERMISSIONS);
        let readme = include_str!("../../README.md");
        assert!(readme.contains(&format!("permissions={INVITE_PERMISSIONS}")));
        assert!(invite_url(5).contains("client_id=5&scope=bot%20applications.commands"));
    }

    #[test]
    fn intents_are_not_privileged() {
        assert!(!intents().intersects(
            GatewayIntents::MESSAGE_CONTENT
                | GatewayIntents::GUILD_MEMBERS
                | GatewayIntents::GUILD_PRESENCES
        ));
        assert!(intents().contains(GatewayIntents::GUILD_MESSAGE_REACTIONS));
    }
}
