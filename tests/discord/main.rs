//! The Discord adapter's tests in one test binary (one link instead of one per file): the bot's
//! process against a fake Discord (REST and gateway) in `support`.

mod support;

mod discord_bots;
mod discord_config;
mod discord_e2e;
mod discord_full_game;
mod discord_german;
mod discord_helpers;
mod discord_limits;
mod discord_offer_restart;
mod discord_offline_timers;
mod discord_ratings;
mod discord_shards;
mod discord_startup;
mod discord_stats;
mod discord_stop;
mod discord_typed;
