//! `/catan` and its subcommands. Each one only writes the table's command text from its options
//! (`/catan build road place:8-13` → `build road 8-13`) and hands it to the table; the table
//! checks everything and explains refusals. Places are autocompleted from the caller's legal
//! moves.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{
    AutoArchiveDuration, AutocompleteChoice, ChannelType, CreateAutocompleteResponse, CreateThread,
    User,
};

use super::bot::Bot;
use super::caller::{caller, with_locale};
use super::deliver::{Answer, Origin};
use super::error::BotError;
use super::host::PlaceKind;
use super::interact::answer;
use crate::i18n::Lang;

pub type Context<'a> = poise::Context<'a, Arc<Bot>, BotError>;
pub(super) type CommandResult = Result<(), BotError>;

/// Discord shows at most 25 autocomplete choices and 100 characters per choice name.
const MAX_CHOICES: usize = 25;
const MAX_CHOICE_NAME: usize = 100;

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
    with_locale(
        caller(place, &i.user, i.member.as_deref()),
        &i.locale,
        i.guild_locale.as_deref(),
    )
}

/// Sends `text` to the table as `ctx`'s author in `ctx`'s channel and posts the replies.
pub(super) async fn send(ctx: Context<'_>, text: String) -> CommandResult {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let i = app.interaction;
    let who = interaction_caller(i, i.channel_id);
    let origin = Origin {
        id: i.id,
        token: i.token.clone(),
        channel: i.channel_id,
        user: i.user.id,
        answer: Answer::Pending,
        component: false,
        on_ephemeral: false,
        lang: who.lang,
        guild: i.guild_id,
    };
    answer(ctx.data(), origin, move |t, now| {
        t.handle_text(&who, &text, now)
    })
    .await;
    Ok(())
}

/// A player reference the table understands: a mention of the picked user.
fn mention(user: &User) -> String {
    format!("<@{}>", user.id)
}

// ---------------------------------------------------------------- choices

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ResourceChoice {
    #[name = "brick"]
    Brick,
    #[name = "lumber"]
    Lumber,
    #[name = "wool"]
    Wool,
    #[name = "grain"]
    Grain,
    #[name = "ore"]
    Ore,
}

impl ResourceChoice {
    fn word(self) -> &'static str {
        match self {
            ResourceChoice::Brick => "brick",
            ResourceChoice::Lumber => "lumber",
            ResourceChoice::Wool => "wool",
            ResourceChoice::Grain => "grain",
            ResourceChoice::Ore => "ore",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BoardChoice {
    #[name = "beginner"]
    Beginner,
    #[name = "variable"]
    Variable,
    #[name = "random-tokens"]
    RandomTokens,
}

impl BoardChoice {
    fn word(self) -> &'static str {
        match self {
            BoardChoice::Beginner => "beginner",
            BoardChoice::Variable => "variable",
            BoardChoice::RandomTokens => "random-tokens",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum AfkChoice {
    #[name = "a bot plays the seat"]
    Bot,
    #[name = "an automatic move"]
    Auto,
    #[name = "wait for the player"]
    Wait,
}

impl AfkChoice {
    fn word(self) -> &'static str {
        match self {
            AfkChoice::Bot => "bot",
            AfkChoice::Auto => "auto",
            AfkChoice::Wait => "wait",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RulesTopic {
    #[name = "robber"]
    Robber,
    #[name = "7"]
    Seven,
    #[name = "ports"]
    Ports,
    #[name = "longest route"]
    LongestRoute,
    #[name = "largest army"]
    LargestArmy,
    #[name = "development cards"]
    DevelopmentCards,
    #[name = "distance rule"]
    DistanceRule,
    #[name = "trading"]
    Trading,
    #[name = "special building phase"]
    SpecialBuilding,
    #[name = "setup"]
    Setup,
    #[name = "winning"]
    Winning,
}

impl RulesTopic {
    fn words(self) -> &'static str {
        match self {
            RulesTopic::Robber => "robber",
            RulesTopic::Seven => "7",
            RulesTopic::Ports => "ports",
            RulesTopic::LongestRoute => "longest route",
            RulesTopic::LargestArmy => "largest army",
            RulesTopic::DevelopmentCards => "development cards",
            RulesTopic::DistanceRule => "distance rule",
            RulesTopic::Trading => "trading",
            RulesTopic::SpecialBuilding => "special building phase",
            RulesTopic::Setup => "setup",
            RulesTopic::Winning => "winning",
        }
    }
}

// ---------------------------------------------------------------- autocomplete

pub(super) async fn suggest(
    ctx: Context<'_>,
    kind: PlaceKind,
    partial: &str,
) -> CreateAutocompleteResponse {
    let poise::Context::Application(app) = ctx else {
        return CreateAutocompleteResponse::new();
    };
    let i = app.interaction;
    let who = with_locale(
        caller(i.channel_id, &i.user, i.member.as_deref()),
        &i.locale,
        i.guild_locale.as_deref(),
    );
    let partial = partial.to_string();
    let found = ctx
        .data()
        .with_table(move |t| t.suggest(&who, kind, &partial))
        .await
        .unwrap_or_default();
    CreateAutocompleteResponse::new().set_choices(choices(found))
}

/// Autocomplete choices from the table's (value, description) pairs, within Discord's limits.
fn choices(found: Vec<(String, String)>) -> Vec<AutocompleteChoice> {
    found
        .into_iter()
        .take(MAX_CHOICES)
        .map(|(value, description)| {
            let name: String = description.chars().take(MAX_CHOICE_NAME).collect();
            AutocompleteChoice::new(name, value)
        })
        .collect()
}

async fn settlement_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Settlement, partial).await
}
async fn city_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::City, partial).await
}
async fn road_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Road, partial).await
}
async fn robber_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Robber, partial).await
}
async fn knight_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::Knight, partial).await
}
async fn victims(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let hex = earlier_option(ctx, "hex");
    suggest(ctx, PlaceKind::Victim { hex }, partial).await
}
async fn free_road_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggest(ctx, PlaceKind::FreeRoad, partial).await
}
async fn second_road_places(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let first = earlier_option(ctx, "first");
    suggest(ctx, PlaceKind::SecondFreeRoad { first }, partial).await
}

/// What the user has filled in so far for option `name` of the command being completed (the
/// robber's hex when completing its victim); empty when not filled in yet.
fn earlier_option(ctx: Context<'_>, name: &str) -> String {
    let poise::Context::Application(app) = ctx else {
        return String::new();
    };
    app.args
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match &o.value {
            serenity::ResolvedValue::String(s) => Some(s.to_string()),
            serenity::ResolvedValue::Autocomplete { value, .. } => Some(value.to_string()),
            _ => None,
        })
        .unwrap_or_default()
}

// ---------------------------------------------------------------- /catan

/// Play Catan in this channel.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
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
        "log",
        "export",
        "rules",
        "help",
        "abandon",
        "rematch",
        "super::bot_commands::bot",
        "super::helper_commands::helper"
    ),
    subcommand_required
)]
pub async fn catan(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Open a new game here; others join with /catan join.
// One parameter per Discord option: poise builds the command from this signature.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
async fn new(
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
    #[description = "The game's language (default: the server's preferred language)"]
    #[autocomplete = "language_choices"]
    language: Option<String>,
) -> CommandResult {
    let mut text = new_text(players, board, vp, discard_limit, timer);
    if let Some(seed) = seed {
        text.push_str(&format!(" seed {seed}"));
    }
    if let Some(n) = bots {
        text.push_str(&format!(" bots {n}"));
    }
    if let Some(a) = afk {
        text.push_str(&format!(" afk {}", a.word()));
    }
    if let Some(on) = helpers {
        text.push_str(if on { " helpers on" } else { " helpers off" });
    }
    // Any word: the lobby refuses one no catalog speaks, naming those it has.
    if let Some(code) = language.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        text.push_str(&format!(" lang {code}"));
    }
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
        return send(ctx, text).await;
    }
    new_in_thread(ctx, &bot, text).await
}

/// The languages there are catalogs for, each in its own name (`Deutsch`), valued by code.
async fn language_choices(_: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let partial = partial.trim().to_lowercase();
    let found = Lang::all()
        .map(|l| (l.code().to_string(), l.native_name()))
        .filter(|(code, name)| name.to_lowercase().contains(&partial) || code.contains(&partial))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices(found))
}

fn new_text(
    players: Option<u8>,
    board: Option<BoardChoice>,
    vp: Option<u8>,
    discard_limit: Option<u8>,
    timer: Option<u32>,
) -> String {
    let mut text = "new".to_string();
    if let Some(p) = players {
        text.push_str(&format!(" players {p}"));
    }
    if let Some(b) = board {
        text.push_str(&format!(" board {}", b.word()));
    }
    if let Some(v) = vp {
        text.push_str(&format!(" vp {v}"));
    }
    if let Some(d) = discard_limit {
        text.push_str(&format!(" discard {d}"));
    }
    match timer {
        Some(0) => text.push_str(" timer off"),
        Some(t) => text.push_str(&format!(" timer {t}")),
        None => {}
    }
    text
}

/// With `game_threads`, each game gets its own public thread: the lobby opens there and the
/// command's answer points to it.
async fn new_in_thread(ctx: Context<'_>, bot: &Arc<Bot>, text: String) -> CommandResult {
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
    let mut origin = Origin {
        id: i.id,
        token: i.token.clone(),
        channel: i.channel_id,
        user: i.user.id,
        answer: Answer::Pending,
        component: false,
        on_ephemeral: false,
        lang: who.lang,
        guild: i.guild_id,
    };
    origin
        .say_public(bot, &{
            let _lang = crate::i18n::scope(origin.lang.unwrap_or_default());
            crate::t!(
                "discord-new-game-thread",
                thread = format!("<#{}>", thread.id)
            )
        })
        .await?;
    let refused = answer(bot, origin, move |t, now| t.handle_text(&who, &text, now)).await;
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
async fn join(ctx: Context<'_>) -> CommandResult {
    send(ctx, "join".into()).await
}

/// Leave the game being set up here.
#[poise::command(slash_command)]
async fn leave(ctx: Context<'_>) -> CommandResult {
    send(ctx, "leave".into()).await
}

/// Start the game (host only): seats are shuffled and setup begins.
#[poise::command(slash_command)]
async fn start(ctx: Context<'_>) -> CommandResult {
    send(ctx, "start".into()).await
}

/// Roll the dice.
#[poise::command(slash_command)]
async fn roll(ctx: Context<'_>) -> CommandResult {
    send(ctx, "roll".into()).await
}

/// Build a road, settlement or city.
#[poise::command(
    slash_command,
    subcommands("build_road", "build_settlement", "build_city"),
    subcommand_required
)]
async fn build(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Build a road between two intersections.
#[poise::command(slash_command, rename = "road")]
async fn build_road(
    ctx: Context<'_>,
    #[description = "The road's two intersections, e.g. 8-13"]
    #[autocomplete = "road_places"]
    place: String,
) -> CommandResult {
    send(ctx, format!("build road {}", place.trim())).await
}

/// Build a settlement on an intersection.
#[poise::command(slash_command, rename = "settlement")]
async fn build_settlement(
    ctx: Context<'_>,
    #[description = "Intersection number"]
    #[autocomplete = "settlement_places"]
    place: String,
) -> CommandResult {
    send(ctx, format!("build settlement {}", place.trim())).await
}

/// Upgrade one of your settlements to a city.
#[poise::command(slash_command, rename = "city")]
async fn build_city(
    ctx: Context<'_>,
    #[description = "Intersection of your settlement"]
    #[autocomplete = "city_places"]
    place: String,
) -> CommandResult {
    send(ctx, format!("build city {}", place.trim())).await
}

/// Buy a development card.
#[poise::command(slash_command)]
async fn buy(ctx: Context<'_>) -> CommandResult {
    send(ctx, "buy".into()).await
}

/// Play a development card.
#[poise::command(
    slash_command,
    subcommands("play_knight", "play_road_building", "play_invention", "play_monopoly"),
    subcommand_required
)]
async fn play(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Knight: move the robber and steal a card.
#[poise::command(slash_command, rename = "knight")]
async fn play_knight(
    ctx: Context<'_>,
    #[description = "Hex to move the robber to, e.g. C3"]
    #[autocomplete = "knight_places"]
    hex: String,
    #[description = "Player to steal from"]
    #[autocomplete = "victims"]
    victim: Option<String>,
) -> CommandResult {
    send(ctx, robber_text("play knight", &hex, victim.as_deref())).await
}

/// Road building: place two free roads.
#[poise::command(slash_command, rename = "road-building")]
async fn play_road_building(
    ctx: Context<'_>,
    #[description = "First road, e.g. 8-13"]
    #[autocomplete = "free_road_places"]
    first: String,
    #[description = "Second road, e.g. 13-9"]
    #[autocomplete = "second_road_places"]
    second: Option<String>,
) -> CommandResult {
    let mut text = format!("play road-building {}", first.trim());
    if let Some(second) = second {
        text.push(' ');
        text.push_str(second.trim());
    }
    send(ctx, text).await
}

/// Invention (year of plenty): take two resources from the bank.
#[poise::command(slash_command, rename = "invention")]
async fn play_invention(
    ctx: Context<'_>,
    #[description = "First resource"] first: ResourceChoice,
    #[description = "Second resource"] second: ResourceChoice,
) -> CommandResult {
    send(
        ctx,
        format!("play invention {} {}", first.word(), second.word()),
    )
    .await
}

/// Monopoly: every player gives you all their cards of one resource.
#[poise::command(slash_command, rename = "monopoly")]
async fn play_monopoly(
    ctx: Context<'_>,
    #[description = "Resource to claim"] resource: ResourceChoice,
) -> CommandResult {
    send(ctx, format!("play monopoly {}", resource.word())).await
}

/// Move the robber after a 7 and steal a card.
#[poise::command(slash_command)]
async fn robber(
    ctx: Context<'_>,
    #[description = "Hex to move the robber to, e.g. C3"]
    #[autocomplete = "robber_places"]
    hex: String,
    #[description = "Player to steal from"]
    #[autocomplete = "victims"]
    victim: Option<String>,
) -> CommandResult {
    send(ctx, robber_text("robber", &hex, victim.as_deref())).await
}

fn robber_text(verb: &str, hex: &str, victim: Option<&str>) -> String {
    match victim.map(str::trim).filter(|v| !v.is_empty()) {
        Some(v) => format!("{verb} {} {v}", hex.trim()),
        None => format!("{verb} {}", hex.trim()),
    }
}

/// Discard half your hand after a 7 (give the counts to discard).
#[poise::command(slash_command)]
async fn discard(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 99]
    brick: Option<u32>,
    #[min = 0]
    #[max = 99]
    lumber: Option<u32>,
    #[min = 0]
    #[max = 99]
    wool: Option<u32>,
    #[min = 0]
    #[max = 99]
    grain: Option<u32>,
    #[min = 0]
    #[max = 99]
    ore: Option<u32>,
) -> CommandResult {
    send(ctx, discard_text([brick, lumber, wool, grain, ore])).await
}

/// `discard 2 wool 1 ore` from counts in resource order (brick, lumber, wool, grain, ore).
fn discard_text(counts: [Option<u32>; 5]) -> String {
    let names = ["brick", "lumber", "wool", "grain", "ore"];
    let mut text = "discard".to_string();
    for (count, name) in counts.iter().zip(names) {
        if let Some(n) = count.filter(|&n| n > 0) {
            text.push_str(&format!(" {n} {name}"));
        }
    }
    text
}

/// Trade with other players.
#[poise::command(
    slash_command,
    subcommands(
        "trade_offer",
        "trade_accept",
        "trade_decline",
        "trade_confirm",
        "trade_withdraw",
        "trade_list"
    ),
    subcommand_required
)]
async fn trade(_: Context<'_>) -> CommandResult {
    Ok(())
}

/// Offer cards to the other players (they answer with ✅ / ❌ reactions).
#[poise::command(slash_command, rename = "offer")]
async fn trade_offer(
    ctx: Context<'_>,
    #[description = "What you give, e.g. 1 wool 1 brick"] give: String,
    #[description = "What you want, e.g. 1 ore"] want: String,
    #[description = "Offer only to this player"] to: Option<User>,
) -> CommandResult {
    let mut text = format!("trade offer {} for {}", give.trim(), want.trim());
    if let Some(to) = to {
        text.push_str(&format!(" to {}", mention(&to)));
    }
    send(ctx, text).await
}

/// Accept a trade offer.
#[poise::command(slash_command, rename = "accept")]
async fn trade_accept(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
) -> CommandResult {
    send(ctx, format!("trade accept {offer}")).await
}

/// Decline a trade offer.
#[poise::command(slash_command, rename = "decline")]
async fn trade_decline(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
) -> CommandResult {
    send(ctx, format!("trade decline {offer}")).await
}

/// Make the trade with one player who accepted your offer.
#[poise::command(slash_command, rename = "confirm")]
async fn trade_confirm(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
    #[description = "The player who accepted"] player: User,
) -> CommandResult {
    send(ctx, format!("trade confirm {offer} {}", mention(&player))).await
}

/// Withdraw your trade offer.
#[poise::command(slash_command, rename = "withdraw")]
async fn trade_withdraw(
    ctx: Context<'_>,
    #[description = "Offer number"]
    #[min = 1]
    #[max = 4294967295u32]
    offer: u32,
) -> CommandResult {
    send(ctx, format!("trade withdraw {offer}")).await
}

/// List the open trade offers.
#[poise::command(slash_command, rename = "list")]
async fn trade_list(ctx: Context<'_>) -> CommandResult {
    send(ctx, "trade list".into()).await
}

/// Trade with the bank at your best rate (4:1, or 3:1 / 2:1 at your ports).
#[poise::command(slash_command)]
async fn bank(
    ctx: Context<'_>,
    #[description = "Resource you give"] give: ResourceChoice,
    #[description = "Resource you get"] get: ResourceChoice,
    #[description = "How many cards you get (default 1)"]
    #[min = 1]
    #[max = 9]
    count: Option<u8>,
) -> CommandResult {
    send(ctx, bank_text(give, get, count)).await
}

fn bank_text(give: ResourceChoice, get: ResourceChoice, count: Option<u8>) -> String {
    format!(
        "bank {} for {} {}",
        give.word(),
        count.unwrap_or(1),
        get.word()
    )
}

/// End your turn.
#[poise::command(slash_command)]
async fn end(ctx: Context<'_>) -> CommandResult {
    send(ctx, "end".into()).await
}

/// Show your hand (only you see it).
#[poise::command(slash_command)]
async fn hand(ctx: Context<'_>) -> CommandResult {
    send(ctx, "hand".into()).await
}

/// Show the board.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> CommandResult {
    send(ctx, "board".into()).await
}

/// Show the game's status: scores, whose turn, what is awaited.
#[poise::command(slash_command)]
async fn status(ctx: Context<'_>) -> CommandResult {
    send(ctx, "status".into()).await
}

/// Show the latest moves.
#[poise::command(slash_command)]
async fn log(ctx: Context<'_>) -> CommandResult {
    send(ctx, "log".into()).await
}

/// Get the game's public record (every move and announcement) as a file.
#[poise::command(slash_command)]
async fn export(ctx: Context<'_>) -> CommandResult {
    send(ctx, "export".into()).await
}

/// Play the game that just ended here again, with the same players and settings.
#[poise::command(slash_command)]
async fn rematch(ctx: Context<'_>) -> CommandResult {
    send(ctx, "rematch".into()).await
}

/// Explain a rule, or answer a rules question.
#[poise::command(slash_command)]
async fn rules(
    ctx: Context<'_>,
    #[description = "Topic"] topic: Option<RulesTopic>,
    #[description = "A rules question in your own words"]
    #[max_length = 300]
    question: Option<String>,
) -> CommandResult {
    send(ctx, rules_text(topic, question.as_deref())).await
}

/// The table's `rules` command for the options given: a question wins over a topic.
fn rules_text(topic: Option<RulesTopic>, question: Option<&str>) -> String {
    match (question.map(str::trim).filter(|q| !q.is_empty()), topic) {
        (Some(q), _) => format!("rules {q}"),
        (None, Some(t)) => format!("rules {}", t.words()),
        (None, None) => "rules".to_string(),
    }
}

/// How to play with this bot.
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> CommandResult {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let who = interaction_caller(app.interaction, app.interaction.channel_id);
    let lang = ctx
        .data()
        .table
        .call_quiet(move |t| t.private_lang(&who))
        .await?;
    let reply = poise::CreateReply::default()
        .embed(super::help::help_embed(lang))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Abandon the game here (host, or someone who can manage the channel).
#[poise::command(slash_command)]
async fn abandon(ctx: Context<'_>) -> CommandResult {
    send(ctx, "abandon".into()).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_text_lists_given_settings() {
        assert_eq!(new_text(None, None, None, None, None), "new");
        assert_eq!(
            new_text(
                Some(4),
                Some(BoardChoice::Variable),
                Some(12),
                Some(9),
                Some(5)
            ),
            "new players 4 board variable vp 12 discard 9 timer 5"
        );
    }

    #[test]
    fn bank_and_robber_texts() {
        assert_eq!(
            bank_text(ResourceChoice::Ore, ResourceChoice::Wool, None),
            "bank ore for 1 wool"
        );
        assert_eq!(
            bank_text(ResourceChoice::Grain, ResourceChoice::Brick, Some(2)),
            "bank grain for 2 brick"
        );
        assert_eq!(robber_text("robber", " C3 ", Some("bob")), "robber C3 bob");
        assert_eq!(
            robber_text("play knight", "A1", Some(" ")),
            "play knight A1"
        );
        assert_eq!(new_text(None, None, None, None, Some(0)), "new timer off");
    }

    #[test]
    fn discard_text_skips_zero_and_missing() {
        assert_eq!(
            discard_text([None, Some(0), Some(2), None, Some(1)]),
            "discard 2 wool 1 ore"
        );
    }

    #[test]
    fn choices_respect_discord_limits() {
        let found: Vec<(String, String)> = (0..40)
            .map(|i| (i.to_string(), format!("{i} · {}", "x".repeat(150))))
            .collect();
        let c = choices(found);
        assert_eq!(c.len(), MAX_CHOICES);
        let json = serde_json::to_value(&c[3]).unwrap();
        assert_eq!(json["value"], "3");
        assert_eq!(
            json["name"].as_str().unwrap().chars().count(),
            MAX_CHOICE_NAME
        );
    }

    #[test]
    fn rules_takes_a_topic_or_a_question_of_the_desk_s_length() {
        assert_eq!(rules_text(None, None), "rules");
        assert_eq!(rules_text(Some(RulesTopic::Seven), None), "rules 7");
        assert_eq!(
            rules_text(Some(RulesTopic::Seven), Some(" can I move the thief? ")),
            "rules can I move the thief?"
        );
        assert_eq!(
            rules_text(Some(RulesTopic::Ports), Some("  ")),
            "rules ports"
        );
        let tree = all();
        let rules = tree[0]
            .subcommands
            .iter()
            .find(|c| c.name == "rules")
            .expect("/catan rules");
        let question = rules
            .parameters
            .iter()
            .find(|p| p.name == "question")
            .expect("question option");
        assert!(!question.required);
        let option = question
            .create_as_slash_command_option()
            .expect("a slash option");
        let json = serde_json::to_value(&option).expect("option as JSON");
        assert_eq!(
            json["max_length"],
            crate::table::rules_desk::MAX_QUESTION_CHARS
        );
        assert!(rules.parameters.iter().any(|p| p.name == "topic"));
    }

    #[test]
    fn command_tree_fits_discord_limits() {
        let tree = all();
        let catan = &tree[0];
        assert_eq!(catan.name, "catan");
        assert!(catan.subcommands.len() <= 25);
        let names: Vec<&str> = catan.subcommands.iter().map(|c| c.name.as_ref()).collect();
        for expected in [
            "new", "join", "leave", "start", "roll", "build", "buy", "play", "robber", "discard",
            "trade", "bank", "end", "hand", "board", "status", "log", "export", "rules", "help",
            "abandon", "rematch", "bot", "helper",
        ] {
            assert!(names.contains(&expected), "missing /catan {expected}");
        }
        for sub in &catan.subcommands {
            assert!(sub.description.as_deref().is_some_and(|d| d.len() <= 100));
            assert!(sub.subcommands.len() <= 25);
        }
    }
}
