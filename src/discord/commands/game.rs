//! `/catan game …`: what is done to a game as a whole and rarely — abandon it, play it again,
//! its latest moves, its public record. One group, so that `/catan` stays within Discord's 25
//! subcommands (the ratings' commands took the freed places).

use super::{CommandResult, Context};

/// The game as a whole: abandon, rematch, its latest moves, its public record.
#[poise::command(
    slash_command,
    subcommands(
        "super::lobby::abandon",
        "super::lobby::rematch",
        "super::info::log",
        "super::info::export"
    ),
    subcommand_required
)]
pub(super) async fn game(_: Context<'_>) -> CommandResult {
    Ok(())
}
