//! `/catan` and its subcommands. Each one turns its options into the table's typed
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
//! `autocomplete`. `/catan` has 25 subcommands, Discord's most: a new one needs a group.

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
    let mut commands = vec![catan()];
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
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "lobby::new",
        "lobby::join",
        "lobby::leave",
        "lobby::start",
        "moves::roll",
        "moves::build",
        "moves::buy",
        "moves::play",
        "moves::robber",
        "moves::discard",
        "trade::trade",
        "trade::bank",
        "moves::end",
        "info::hand",
        "info::board",
        "info::status",
        "info::stats",
        "info::rules",
        "info::help",
        "game::game",
        "community::leaderboard",
        "community::profile",
        "community::season",
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

    #[test]
    fn command_tree_fits_discord_limits() {
        let tree = all();
        let catan = &tree[0];
        assert_eq!(catan.name, "catan");
        assert!(catan.subcommands.len() <= 25);
        let names: Vec<&str> = catan.subcommands.iter().map(|c| c.name.as_ref()).collect();
        for expected in [
            "new",
            "join",
            "leave",
            "start",
            "roll",
            "build",
            "buy",
            "play",
            "robber",
            "discard",
            "trade",
            "bank",
            "end",
            "hand",
            "board",
            "status",
            "stats",
            "rules",
            "help",
            "game",
            "leaderboard",
            "profile",
            "season",
            "bot",
            "helper",
        ] {
            assert!(names.contains(&expected), "missing /catan {expected}");
        }
        let group = |name: &str| {
            let sub = catan.subcommands.iter().find(|c| c.name == name);
            let sub = sub.unwrap_or_else(|| panic!("no /catan {name}"));
            sub.subcommands
                .iter()
                .map(|c| c.name.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(group("game"), ["abandon", "rematch", "log", "export"]);
        assert_eq!(group("season"), ["new"]);
        for sub in &catan.subcommands {
            assert!(sub.description.as_deref().is_some_and(|d| d.len() <= 100));
            assert!(sub.subcommands.len() <= 25);
        }
    }
}
