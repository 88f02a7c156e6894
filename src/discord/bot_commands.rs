//! `/catan bot …`: computer players. Seating one in the lobby, unseating one, and letting one
//! play your seat while you are away. Like every command, a typed request to the table.

use super::commands::{CommandResult, Context, send};
use crate::bots::BotLevel;
use crate::table::{Command, Request};

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BotLevelChoice {
    #[name = "strong"]
    Strong,
    #[name = "easy"]
    Easy,
    #[name = "expert"]
    Expert,
}

/// Computer players: seat or unseat one, or let one play your seat while you are away.
#[poise::command(
    slash_command,
    subcommands("bot_add", "bot_remove", "bot_away", "bot_back"),
    subcommand_required
)]
pub(super) async fn bot(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Seat a computer player in the lobby (host only).
#[poise::command(slash_command, rename = "add")]
async fn bot_add(
    ctx: Context<'_>,
    #[description = "How well it plays (strong if left out)"] level: Option<BotLevelChoice>,
) -> CommandResult {
    let level = match level {
        Some(BotLevelChoice::Easy) => BotLevel::Easy,
        Some(BotLevelChoice::Expert) => BotLevel::Expert,
        Some(BotLevelChoice::Strong) | None => BotLevel::Strong,
    };
    send(ctx, Request::Command(Command::AddBot(level))).await
}

/// Unseat a computer player from the lobby (host only).
#[poise::command(slash_command, rename = "remove")]
async fn bot_remove(
    ctx: Context<'_>,
    #[description = "The bot's name (the last one added if left out)"] name: Option<String>,
) -> CommandResult {
    let name = name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    send(ctx, Request::Command(Command::RemoveBot(name))).await
}

/// Let a bot play your seat until you are back.
#[poise::command(slash_command, rename = "away")]
async fn bot_away(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Away)).await
}

/// Take your seat back from the bot playing it.
#[poise::command(slash_command, rename = "back")]
async fn bot_back(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Back)).await
}
