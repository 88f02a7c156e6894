//! `/catan`, `/catan-move`, `/catan-trade`, `/catan-ratings` and their subcommands. Each one turns its options into the table's typed
//! [`Request`] and hands it over (`/catan build road place:8-13` → a road at the place typed);
//! the table checks everything and explains refusals. What is chosen from a list (resources,
//! counts, settings, bot levels, rules topics) arrives typed; places and names typed into a
//! field are carried as typed for the table to resolve, and are autocompleted from the
//! caller's legal moves. No command text is written here.
//!
//! By concern: `lobby` (opening a game, seats, starting), `moves` (the game's actions),
//! `trade` (offers and the bank), `info` (hand, board, rules, help), `game` (the group of
//! rarely used game-wide commands: abandon, rematch, log, export), `community` (the server's
//! ratings: leaderboard, profile, season); `choices` (the fixed option lists) and
//! `autocomplete`. Each top-level command stays under 3,500 characters in every language
//! (`command_size`, Discord's limit is 4,000).

mod autocomplete;
mod choices;
mod community;
mod game;
mod info;
mod lobby;
mod moves;
mod trade;

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::bot::Bot;
use super::caller::{caller, with_locale};
use super::deliver::{Answer, Origin};
use super::error::BotError;
use super::interact::answer;
use crate::table::Request;

pub(super) use autocomplete::suggest;

pub type Context<'a> = poise::Context<'a, Arc<Bot>, BotError>;
pub(super) type CommandResult = Result<(), BotError>;

/// All commands to register.
pub fn all() -> Vec<poise::Command<Arc<Bot>, BotError>> {
    let mut commands = vec![
        catan(),
        moves::catan_move(),
        trade::catan_trade(),
        community::catan_ratings(),
    ];
    super::localize::localize(&mut commands);
    commands
}

/// The table's caller for a slash command's user acting in `place`, in their client's
/// language.
fn interaction_caller(
    i: &serenity::CommandInteraction,
    place: serenity::ChannelId,
) -> crate::table::Caller {
    let mut who = with_locale(
        caller(place, &i.user, i.member.as_deref()),
        &i.locale,
        i.guild_locale.as_deref(),
    );
    who.community = i.guild_id.map(|g| g.get()).or(who.community);
    who
}

/// Where the table's answer to interaction `i` goes (its replies posted in `i`'s channel).
fn origin(i: &serenity::CommandInteraction, who: &crate::table::Caller) -> Origin {
    Origin {
        id: i.id,
        token: i.token.clone(),
        channel: i.channel_id,
        user: i.user.id,
        answer: Answer::Pending,
        component: false,
        on_ephemeral: false,
        lang: who.lang,
        guild: i.guild_id,
    }
}

/// Hands `request` to the table as `ctx`'s author in `ctx`'s channel and posts the replies.
pub(super) async fn send(ctx: Context<'_>, request: Request) -> CommandResult {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let i = app.interaction;
    let who = interaction_caller(i, i.channel_id);
    let origin = origin(i, &who);
    answer(ctx.data(), origin, move |t, now| {
        t.handle_command(&who, request, now)
    })
    .await;
    Ok(())
}

/// Play Catan in this channel.
///
/// The table: opening a game and its seats, what is shown, rules, help, bots, helpers. The
/// moves, trading and ratings are commands of their own (`/catan-move`, `/catan-trade`,
/// `/catan-ratings`): Discord refuses a command whose names, descriptions and choices pass
/// 4,000 characters in any language (`command_size`).
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "lobby::new",
        "lobby::join",
        "lobby::leave",
        "lobby::start",
        "info::hand",
        "info::board",
        "info::status",
        "info::stats",
        "info::rules",
        "info::help",
        "game::game",
        "super::bot_commands::bot",
        "super::helper_commands::helper"
    ),
    subcommand_required
)]
pub async fn catan(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// `request` as the table resolves it on the standard board, alice (11) and bob (12) seated:
/// what a slash command's typed request means.
#[cfg(test)]
fn resolved(request: Request) -> Result<crate::table::Command, crate::table::ParseError> {
    use crate::engine::{BoardSize, Topology};
    use crate::table::command::ParseContext;
    let players = vec![(11, "alice".to_string()), (12, "bob".to_string())];
    let ctx = ParseContext {
        topology: Topology::get(BoardSize::Standard),
        players: &players,
    };
    request.resolve(Some(&ctx))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The subcommands of each top-level command, by name.
    fn tree() -> Vec<(String, Vec<String>)> {
        all()
            .iter()
            .map(|c| {
                let subs = c.subcommands.iter().map(|s| s.name.to_string()).collect();
                (c.name.to_string(), subs)
            })
            .collect()
    }

    #[test]
    fn commands_are_grouped_by_purpose() {
        let tree = tree();
        let names: Vec<&str> = tree.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["catan", "catan-move", "catan-trade", "catan-ratings"]
        );
        let subs = |name: &str| -> Vec<&str> {
            let (_, subs) = tree.iter().find(|(n, _)| n == name).expect("a command");
            subs.iter().map(String::as_str).collect()
        };
        assert_eq!(
            subs("catan"),
            [
                "new", "join", "leave", "start", "hand", "board", "status", "stats", "rules",
                "help", "game", "bot", "helper"
            ]
        );
        assert_eq!(
            subs("catan-move"),
            ["roll", "build", "buy", "play", "robber", "discard", "end"]
        );
        assert_eq!(
            subs("catan-trade"),
            [
                "offer", "accept", "decline", "confirm", "withdraw", "list", "bank"
            ]
        );
        assert_eq!(subs("catan-ratings"), ["leaderboard", "profile", "season"]);
        for command in all() {
            assert!(command.guild_only, "/{} outside a server", command.name);
            assert!(command.subcommands.len() <= 25);
        }
    }
}
