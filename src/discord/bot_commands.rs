//! `/catan bot …`: computer players. Seating one in the lobby, unseating one, and letting one
//! play your seat while you are away. Like every command, only the table's command text.

use super::commands::{CommandResult, Context, send};

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BotLevelChoice {
    #[name = "strong"]
    Strong,
    #[name = "easy"]
    Easy,
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
    let text = match level {
        Some(BotLevelChoice::Easy) => "addbot easy",
        Some(BotLevelChoice::Strong) | None => "addbot strong",
    };
    send(ctx, text.into()).await
}

/// Unseat a computer player from the lobby (host only).
#[poise::command(slash_command, rename = "remove")]
async fn bot_remove(
    ctx: Context<'_>,
    #[description = "The bot's name (the last one added if left out)"] name: Option<String>,
) -> CommandResult {
    let text = match name {
        Some(n) => format!("removebot {}", n.trim()),
        None => "removebot".into(),
    };
    send(ctx, text).await
}

/// Let a bot play your seat until you are back.
#[poise::command(slash_command, rename = "away")]
async fn bot_away(ctx: Context<'_>) -> CommandResult {
    send(ctx, "away".into()).await
}

/// Take your seat back from the bot playing it.
#[poise::command(slash_command, rename = "back")]
async fn bot_back(ctx: Context<'_>) -> CommandResult {
    send(ctx, "back".into()).await
}
