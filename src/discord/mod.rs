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
mod connection;
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
mod refusal;
mod shards;

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{GatewayIntents, GuildId, HttpBuilder};

use self::bot::Bot;
use self::config::Config;
pub use self::error::{BotError, Refusal};
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

/// Reaches Discord, then serves until serenity gives up or Discord refuses what the bot cannot
/// run without (its token, slash commands, intents, shard layout: a [`Refusal`], which ends
/// the process). Dropped at a stop signal.
pub async fn connect_and_serve(
    config: &Config,
    table: TableHandle,
    outlets: Arc<Outlets>,
    links: logging::Links,
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
    let layout = connection::Layout {
        owned,
        recommended: gateway.shards,
        count_configured: config.sharding.count.is_some(),
    };
    let watch = connection::watch(links.rx, layout, outlets.reachability());

    // What the setup below could not do: registering the commands, above all.
    let (setup_failed, mut setup_failure) = tokio::sync::mpsc::unbounded_channel();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| Box::pin(events::handle(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup({
            let setup = Setup {
                config: config.clone(),
                table,
                outlets: outlets.clone(),
                failed: setup_failed,
            };
            move |ctx, ready, framework| Box::pin(set_up(ctx, ready, framework, setup))
        })
        .build();

    let mut client = serenity::ClientBuilder::new_with_http(http(), intents())
        .framework(OwnGuildsOnly::new(framework, owned, links.tx))
        .await?;
    let _ = shards.set(client.shard_manager.clone());
    // serenity's range is inclusive of its end too (`4..7` starts shards 4, 5, 6 and 7).
    let served = client.start_shard_range(owned.first..owned.last, owned.total);
    tokio::select! {
        served = served => match served {
            Err(serenity::Error::Gateway(e)) => {
                match Refusal::of_gateway(&e, &config.sources.token, intents()) {
                    Some(refused) => Err(refused.into()),
                    None => Err(serenity::Error::Gateway(e).into()),
                }
            }
            other => Ok(other?),
        },
        refused = watch => Err(refused.into()),
        Some(failed) = setup_failure.recv() => Err(failed),
    }
}

/// What the setup needs, moved into it.
struct Setup {
    config: Config,
    table: TableHandle,
    outlets: Arc<Outlets>,
    /// What fails goes here too: poise would only log it and keep the bot connected without
    /// its commands, every event waiting for a setup that never comes.
    failed: tokio::sync::mpsc::UnboundedSender<BotError>,
}

/// The setup poise runs at the first READY: registers `/catan`, then connects the adapter.
async fn set_up(
    ctx: &serenity::Context,
    ready: &serenity::Ready,
    framework: &poise::Framework<Arc<Bot>, BotError>,
    setup: Setup,
) -> Result<Arc<Bot>, BotError> {
    let Setup {
        config,
        table,
        outlets,
        failed,
    } = setup;
    let set_up = async {
        register(ctx, ready, framework, &config).await?;
        tracing::info!(user = %ready.user.name, "connected to Discord, /catan registered");
        tracing::info!("invite link: {}", invite_url(ready.application.id.get()));
        let bot = Arc::new(Bot::new(table, config, ctx.http.clone()));
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
    };
    let result: Result<Arc<Bot>, BotError> = set_up.await;
    result.map_err(|e| {
        // The caller ends the process with it; poise only logs its copy (debug).
        let words = e.to_string();
        let _ = failed.send(e);
        BotError::Setup(words)
    })
}

/// Registers the commands where the config says (globally, or in each listed server); a
/// refusal says what Discord refused.
async fn register(
    ctx: &serenity::Context,
    ready: &serenity::Ready,
    framework: &poise::Framework<Arc<Bot>, BotError>,
    config: &Config,
) -> Result<(), Refusal> {
    let commands = &framework.options().commands;
    let names: Vec<String> = commands.iter().map(|c| c.name.to_string()).collect();
    let refused = |e: serenity::Error, guild| {
        let invite = invite_url(ready.application.id.get());
        refusal::of_registration(&e, &names, guild, &config.sources.token, invite)
    };
    if config.guild_ids.is_empty() {
        return poise::builtins::register_globally(&ctx.http, commands)
            .await
            .map_err(|e| refused(e, None));
    }
    for id in &config.guild_ids {
        let guild = GuildId::new(*id);
        poise::builtins::register_in_guild(&ctx.http, commands, guild)
            .await
            .map_err(|e| refused(e, Some(guild)))?;
    }
    Ok(())
}

/// Waits until Discord answers (which also checks the token and tells the recommended shard
/// count). While it cannot be reached, says so in one line and tries again after a growing
/// pause; a refused token, or an answer no retry changes, is a [`Refusal`].
async fn reach_discord(
    http: &serenity::Http,
    config: &Config,
) -> Result<serenity::BotGateway, BotError> {
    let mut wait_s = 5;
    loop {
        let cause = match http.get_bot_gateway().await {
            Ok(gateway) => return Ok(gateway),
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) => {
                let status = response.status_code.as_u16();
                let reason = format!("{} {}", response.status_code, response.error.message);
                match status {
                    401 | 403 => {
                        return Err(Refusal::Token {
                            from: config.sources.token.clone(),
                            reason,
                        }
                        .into());
                    }
                    // Rate limits and time-outs pass; other client errors do not.
                    400..=499 if !matches!(status, 408 | 429) => {
                        return Err(Refusal::Gateway {
                            reason,
                            advice: gateway_advice(config),
                        }
                        .into());
                    }
                    _ => format!("HTTP {}", response.status_code),
                }
            }
            Err(e) => logging::root_cause(&e),
        };
        tracing::warn!("cannot reach Discord ({cause}), retrying in {wait_s} s");
        tokio::time::sleep(Duration::from_secs(wait_s)).await;
        wait_s = (wait_s * 2).min(60);
    }
}

/// What to check when `GET /gateway/bot` is refused.
fn gateway_advice(config: &Config) -> String {
    match &config.proxy_url {
        Some(url) => format!(
            "check proxy_url ({url}): it must forward to Discord's REST API (https://discord.com)"
        ),
        None => "this is Discord's side or this build's — report it".to_string(),
    }
}

async fn on_error(error: poise::FrameworkError<'_, Arc<Bot>, BotError>) {
    match error {
        // Handed to `connect_and_serve` by the setup itself, which ends the process with it.
        poise::FrameworkError::Setup { error, .. } => {
            tracing::debug!("{error}");
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
