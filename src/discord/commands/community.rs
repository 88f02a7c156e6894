//! `/catan-ratings leaderboard`, `profile` and `season new`: the server's ratings
//! (`crate::community`; the server is the community). Typed requests to the table like every
//! command; the answers go to the asker only, a new season is announced in the channel.

use super::{CommandResult, Context, send};
use crate::table::{Command, Request};

/// This server's ratings: leaderboard, profiles, seasons.
#[poise::command(
    slash_command,
    rename = "catan-ratings",
    guild_only,
    subcommands("leaderboard", "profile", "season"),
    subcommand_required
)]
pub(super) async fn catan_ratings(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Show this server's rating leaderboard: the top ten and your rank.
#[poise::command(slash_command)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which season (the current one if left out)"]
    #[min = 1]
    season: Option<u32>,
) -> CommandResult {
    send(ctx, Request::Command(Command::Leaderboard(season))).await
}

/// Show a player's record on this server: games, wins, rating and its trend, resources.
#[poise::command(slash_command)]
async fn profile(
    ctx: Context<'_>,
    #[description = "Whose record: a name or a mention (yours if left out)"]
    #[max_length = 100]
    player: Option<String>,
) -> CommandResult {
    // Typed as the other player fields are: the table resolves a mention or a name.
    send(ctx, Request::Command(Command::Profile(player))).await
}

/// Rating seasons of this server.
#[poise::command(slash_command, subcommands("season_new"), subcommand_required)]
async fn season(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Start the next rating season (Manage Server); earlier seasons stay readable.
#[poise::command(slash_command, rename = "new")]
async fn season_new(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::SeasonNew)).await
}
