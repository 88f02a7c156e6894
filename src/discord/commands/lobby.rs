//! Opening a game and its seats: `/catan new`, `join`, `leave`, `start`, `abandon`,
//! `rematch`.

use std::sync::Arc;

use poise::serenity_prelude::{AutoArchiveDuration, ChannelType, CreateThread};

use super::super::bot::Bot;
use super::super::interact::answer;
use super::autocomplete::language_choices;
use super::choices::{AfkChoice, BoardChoice};
use super::{CommandResult, Context, interaction_caller, origin, send};
use crate::table::lobby::Setting;
use crate::table::{Command, Request};

/// The options of `/catan new`, as Discord gave them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct NewOptions {
    players: Option<u8>,
    board: Option<BoardChoice>,
    vp: Option<u8>,
    discard_limit: Option<u8>,
    timer: Option<u32>,
    seed: Option<u32>,
    bots: Option<u8>,
    afk: Option<AfkChoice>,
    helpers: Option<bool>,
    friendly_robber: Option<bool>,
    balanced_dice: Option<bool>,
    rated: Option<bool>,
    language: Option<String>,
}

impl NewOptions {
    /// The settings given, in the order the lobby applies them; a timer of 0 is none. The
    /// language is any word: the table refuses one no catalog speaks, naming those it has.
    fn request(self) -> Request {
        let settings = [
            self.players.map(Setting::Players),
            self.board.map(|b| Setting::Board(b.into())),
            self.vp.map(Setting::VpTarget),
            self.discard_limit.map(Setting::DiscardLimit),
            self.timer
                .map(|m| Setting::Timer(Some(m).filter(|&m| m > 0))),
            self.seed.map(|s| Setting::Seed(s.into())),
            self.bots.map(Setting::Bots),
            self.afk.map(|a| Setting::Afk(a.into())),
            self.helpers.map(Setting::Helpers),
            self.friendly_robber.map(Setting::FriendlyRobber),
            self.balanced_dice.map(Setting::BalancedDice),
            self.rated.map(Setting::Rated),
        ];
        Request::New {
            settings: settings.into_iter().flatten().collect(),
            lang: self.language,
        }
    }
}

/// Open a new game here; others join with /catan join.
// One parameter per Discord option: poise builds the command from this signature.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub(super) async fn new(
    ctx: Context<'_>,
    #[description = "Number of players (3–6; 2 allowed)"]
    #[min = 2]
    #[max = 6]
    players: Option<u8>,
    #[description = "Board setup"] board: Option<BoardChoice>,
    #[description = "Victory points to win"]
    #[min = 5]
    #[max = 20]
    vp: Option<u8>,
    #[description = "Hand size above which a 7 makes you discard half"]
    #[min = 5]
    #[max = 20]
    discard_limit: Option<u8>,
    #[description = "Minutes per turn before reminders and an automatic move (0 = none)"]
    #[max = 1440]
    timer: Option<u32>,
    #[description = "Game seed, to replay a known board, deck and dice"]
    #[min = 0]
    #[max = 4294967295u32]
    seed: Option<u32>,
    #[description = "Computer players to seat now (strong; more with the lobby's Add bot)"]
    #[max = 5]
    bots: Option<u8>,
    #[description = "When the turn timer runs out: a bot plays the seat, an automatic move, or wait"]
    afk: Option<AfkChoice>,
    #[description = "Play with the Helpers of Catan (each player gets a helper card)"]
    helpers: Option<bool>,
    #[description = "Friendly robber: players with 2 or fewer public points can't be blocked or robbed"]
    friendly_robber: Option<bool>,
    #[description = "Balanced dice: rolls drawn from a shuffled deck of the 36 outcomes of two dice"]
    balanced_dice: Option<bool>,
    #[description = "Whether the game moves this server's ratings (default: only without bots)"]
    rated: Option<bool>,
    #[description = "The game's language (default: the server's preferred language)"]
    #[autocomplete = "language_choices"]
    language: Option<String>,
) -> CommandResult {
    let request = NewOptions {
        players,
        board,
        vp,
        discard_limit,
        timer,
        seed,
        bots,
        afk,
        helpers,
        friendly_robber,
        balanced_dice,
        rated,
        language,
    }
    .request();
    let bot = ctx.data().clone();
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let in_thread = app.interaction.channel.as_ref().is_some_and(|c| {
        matches!(
            c.kind,
            ChannelType::PublicThread | ChannelType::PrivateThread
        )
    });
    if !bot.config.game_threads || in_thread {
        return send(ctx, request).await;
    }
    new_in_thread(ctx, &bot, request).await
}

/// With `game_threads`, each game gets its own public thread: the lobby opens there and the
/// command's answer points to it.
async fn new_in_thread(ctx: Context<'_>, bot: &Arc<Bot>, request: Request) -> CommandResult {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let i = app.interaction;
    let name = format!("Catan — {}", i.user.display_name());
    let thread = i
        .channel_id
        .create_thread(
            &bot.http,
            CreateThread::new(name)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek),
        )
        .await?;
    let who = interaction_caller(i, thread.id);
    let mut origin = origin(i, &who);
    origin
        .say_public(bot, &{
            let _lang = crate::i18n::scope(origin.lang.unwrap_or_default());
            crate::t!(
                "discord-new-game-thread",
                thread = format!("<#{}>", thread.id)
            )
        })
        .await?;
    let refused = answer(bot, origin, move |t, now| {
        t.handle_command(&who, request, now)
    })
    .await;
    if refused {
        // Keep the channel tidy: no empty thread for a game that was not created. Needs
        // Manage Threads, which the invite does not ask for: without it the thread stays.
        if let Err(e) = thread.id.delete(&bot.http).await {
            tracing::info!("could not delete the unused thread {}: {e}", thread.id);
        }
    }
    Ok(())
}

/// Take a seat in the game being set up here.
#[poise::command(slash_command)]
pub(super) async fn join(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Join)).await
}

/// Leave the game being set up here.
#[poise::command(slash_command)]
pub(super) async fn leave(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Leave)).await
}

/// Start the game (host only): seats are shuffled and setup begins.
#[poise::command(slash_command)]
pub(super) async fn start(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Start)).await
}

/// Abandon the game here (host, or someone who can manage the channel).
#[poise::command(slash_command)]
pub(super) async fn abandon(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Abandon)).await
}

/// Play the game that just ended here again, with the same players and settings.
#[poise::command(slash_command)]
pub(super) async fn rematch(ctx: Context<'_>) -> CommandResult {
    send(ctx, Request::Command(Command::Rematch)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::LayoutKind;
    use crate::table::lobby::AfkPolicy;

    #[test]
    fn new_lists_the_given_settings_typed() {
        assert_eq!(
            NewOptions::default().request(),
            Request::New {
                settings: Vec::new(),
                lang: None
            }
        );
        let request = NewOptions {
            players: Some(4),
            board: Some(BoardChoice::Variable),
            vp: Some(12),
            discard_limit: Some(9),
            timer: Some(5),
            seed: Some(7),
            bots: Some(2),
            afk: Some(AfkChoice::Wait),
            helpers: Some(true),
            friendly_robber: Some(true),
            balanced_dice: Some(true),
            rated: Some(true),
            language: Some("de".into()),
        }
        .request();
        assert_eq!(
            request,
            Request::New {
                settings: vec![
                    Setting::Players(4),
                    Setting::Board(LayoutKind::Variable),
                    Setting::VpTarget(12),
                    Setting::DiscardLimit(9),
                    Setting::Timer(Some(5)),
                    Setting::Seed(7),
                    Setting::Bots(2),
                    Setting::Afk(AfkPolicy::Wait),
                    Setting::Helpers(true),
                    Setting::FriendlyRobber(true),
                    Setting::BalancedDice(true),
                    Setting::Rated(true),
                ],
                lang: Some("de".into()),
            }
        );
    }

    #[test]
    fn a_timer_of_zero_is_none() {
        let request = NewOptions {
            timer: Some(0),
            ..NewOptions::default()
        }
        .request();
        assert_eq!(
            request.resolve(None),
            Ok(Command::New(vec![Setting::Timer(None)]))
        );
    }
}
