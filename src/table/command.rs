//! The command language shared by every adapter, in both directions: [`parse`] turns what a
//! player types into a [`Command`] (engine actions mapped one-to-one), and [`command_for`]
//! turns an engine [`Action`] back into the text that would ask for it (buttons, tests).
//!
//! Parsing is forgiving about form (`8-13` or `13 8`, `2 wool 1 ore` or `wool wool ore`,
//! 5th- and 6th-edition names, `@mentions`) and strict about meaning: anything else is refused
//! with a message saying what is expected.
//!
//! Long (about 640 lines) because it is the parser's one dispatch over every command word; the
//! families of arguments live in `command/`.

pub mod card_names;
mod cards;
mod community;
mod numbers;
pub mod questions;
mod trade;

use cards::parse_resource_list;
pub use cards::{counted_resources, parse_resources, resources_words, written_resources};
pub use trade::bank;
use trade::{parse_bank, parse_trade};

use super::lobby::{self, Setting};
use super::names;
use super::reply::{PlaceKind, UserId};
use crate::bots::BotLevel;
use crate::engine::{
    Action, DevCard, EdgeId, HexId, Resource, Resources, Seat, Topology, VertexId,
};
use crate::i18n::{InWords, excerpt};

pub use super::parse_error::ParseError;

/// What the parser needs to know about a running game: its board labels and its players.
#[derive(Clone, Copy, Debug)]
pub struct ParseContext<'a> {
    pub topology: &'a Topology,
    /// Players in seat order: chat user id and display name.
    pub players: &'a [(UserId, String)],
}

/// One parsed command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Open a lobby in this place with these settings.
    New(Vec<Setting>),
    /// Change lobby settings (host only).
    Set(Vec<Setting>),
    Join,
    Leave,
    Start,
    Abandon,
    /// After a won game: a lobby with the same settings, inviting the same players.
    Rematch,
    /// An engine action, exactly as the engine will receive it.
    Action(Action),
    /// A trade with the supply; the table works out the rate (`give_amount` is what the player
    /// typed, checked against the rate; `None` means "at my rate").
    Bank {
        give: Resource,
        give_amount: Option<u8>,
        get: Resource,
        get_amount: u8,
    },
    Trade(TradeCommand),
    Hand,
    Board,
    Status,
    /// `stats`: the game's numbers so far (dice, cards, robber, trades) and its graph.
    Stats,
    Log,
    /// The game's public record so far, as a file (see `public_record`).
    Export,
    Help,
    /// `rules` alone lists the topics; `rules <topic>` explains one; anything else is a
    /// question for the rules desk (lowercased).
    Rules(Option<String>),
    /// A rules topic chosen from a list (never typed: typed topics are `Rules`).
    RulesTopic(super::rules_help::Topic),
    /// `moves`: what the caller can do now.
    Moves,
    /// Lobby, host only: seat a computer player (strong unless a level is named).
    AddBot(BotLevel),
    /// Lobby, host only: unseat the named bot, or the last one added.
    RemoveBot(Option<String>),
    /// A running game: a bot plays the caller's seat until they act again or say `back`.
    Away,
    /// Take one's seat back from the bot playing it.
    Back,
    /// `build road ?` and the like: the caller's choices of a kind now.
    Choices(PlaceKind),
    /// The community's ratings: a season's ranking (the current one unless numbered).
    Leaderboard(Option<u32>),
    /// A player's record in the community (the caller's own unless named).
    Profile(Option<String>),
    /// A manager starts the community's next rating season.
    SeasonNew,
}

/// Domestic trade negotiation (see `offers`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TradeCommand {
    Offer {
        give: Resources,
        get: Resources,
        to: Option<Seat>,
    },
    Accept(u32),
    Decline(u32),
    Confirm(u32, Seat),
    Withdraw(u32),
    List,
}

pub(super) fn usage(problem: impl Into<String>, usage: &'static str) -> ParseError {
    ParseError::Usage {
        problem: problem.into(),
        usage,
    }
}

pub(super) const U_ROAD: &str = "build road 8-13";
pub(super) const U_SETTLEMENT: &str = "build settlement 12";
pub(super) const U_CITY: &str = "build city 12";
const U_BUILD: &str = "build road 8-13 | build settlement 12 | build city 12";
pub(super) const U_KNIGHT: &str = "play knight C3 bob";
pub(super) const U_ROAD_BUILDING: &str = "play road-building 8-13 13-9";
const U_INVENTION: &str = "play invention wool ore";
const U_MONOPOLY: &str = "play monopoly ore";
const U_PLAY: &str = "play knight C3 bob | play road-building 8-13 13-9 | play invention wool ore | play monopoly ore";
pub(super) const U_ROBBER: &str = "robber C3 bob";
pub(super) const U_DISCARD: &str = "discard 2 wool 1 ore";
pub(super) const U_BANK: &str = "bank 4 ore for 1 wool";
const U_TRADE: &str = "trade offer 1 wool for 1 ore [to bob] | trade accept 1 | trade decline 1 | trade confirm 1 bob | trade withdraw 1 | trade list";
const U_ADDBOT: &str = "addbot [easy|strong|expert]";
const U_REMOVEBOT: &str = "removebot [name]";
pub(super) const U_OFFER: &str = "trade offer 1 wool for 1 ore [to bob]";
pub(super) const U_CONFIRM: &str = "trade confirm 1 bob";

/// The example commands of the refusals, for tests that they parse in every language.
#[cfg(test)]
pub(super) fn examples() -> [&'static str; 10] {
    [
        U_ROAD,
        U_SETTLEMENT,
        U_CITY,
        U_KNIGHT,
        U_ROAD_BUILDING,
        U_INVENTION,
        U_MONOPOLY,
        U_ROBBER,
        U_DISCARD,
        U_BANK,
    ]
}

/// Parses one line. `ctx` is the running game of the caller's place, if any; commands that
/// name board places or players need it.
pub fn parse(text: &str, ctx: Option<&ParseContext>) -> Result<Command, ParseError> {
    // Typed the way names are compared: full-width `ｒｏｌｌ` is `roll` (see `names`).
    let cleaned = names::command_text(text);
    let mut words: Vec<&str> = cleaned.split_whitespace().collect();
    // Adapters may pass the command with its prefix (`/catan roll`, `!catan roll`).
    if let Some(first) = words.first() {
        let f = first.trim_start_matches(['/', '!']).to_ascii_lowercase();
        if f == "catan" {
            words.remove(0);
        }
    }
    parse_words(&words, ctx)
}

/// What a player typed into one field of a command whose head is fixed (`/catan helper`'s
/// `use jean ore` after `helper`): read as a typed line is, in the same words.
pub fn parse_headed(
    head: &'static str,
    typed: &str,
    ctx: Option<&ParseContext>,
) -> Result<Command, ParseError> {
    let cleaned = names::command_text(typed);
    let mut words: Vec<&str> = vec![head];
    words.extend(cleaned.split_whitespace());
    parse_words(&words, ctx)
}

/// Parses a line's words (cleaned, without any `/catan` prefix), in any language's command
/// words.
fn parse_words(words: &[&str], ctx: Option<&ParseContext>) -> Result<Command, ParseError> {
    let words = super::command_words::to_english(words);
    parse_english(&words, ctx)
}

fn parse_english(words: &[&str], ctx: Option<&ParseContext>) -> Result<Command, ParseError> {
    // A rules question is free text: a trailing `?` asks the desk, not for choices.
    if let Some((&head, rest)) = words.split_first()
        && matches!(
            head.trim_start_matches('/').to_ascii_lowercase().as_str(),
            "rules" | "rule"
        )
    {
        return Ok(Command::Rules(
            (!rest.is_empty()).then(|| rest.join(" ").to_lowercase()),
        ));
    }
    if let Some(question) = questions::parse(words, ctx)? {
        return Ok(question);
    }
    let Some((&head, rest)) = words.split_first() else {
        return Err(ParseError::Empty);
    };
    let head_lc = head.trim_start_matches('/').to_ascii_lowercase();
    let need = || ctx.ok_or(ParseError::NoGame);
    match head_lc.as_str() {
        "new" | "create" => Ok(Command::New(lobby::parse_settings(rest)?)),
        "set" => {
            if rest.is_empty() {
                return Err(usage(
                    crate::t!("command-say-setting"),
                    lobby::SETTINGS_USAGE,
                ));
            }
            Ok(Command::Set(lobby::parse_settings(rest)?))
        }
        "join" | "sit" => no_args(rest, Command::Join, "join"),
        "leave" => no_args(rest, Command::Leave, "leave"),
        "start" => no_args(rest, Command::Start, "start"),
        "abandon" | "cancel" => no_args(rest, Command::Abandon, "abandon"),
        "rematch" => no_args(rest, Command::Rematch, "rematch"),
        "addbot" | "add-bot" => match rest {
            [] => Ok(Command::AddBot(BotLevel::default())),
            [level] => {
                level
                    .parse()
                    .map(Command::AddBot)
                    .map_err(|e: crate::bots::UnknownLevel| {
                        usage(
                            crate::t!("command-unknown-bot-level", level = excerpt(&e.0)),
                            U_ADDBOT,
                        )
                    })
            }
            _ => Err(usage(crate::t!("command-addbot-args"), U_ADDBOT)),
        },
        "removebot" | "remove-bot" | "kickbot" => match rest {
            [] => Ok(Command::RemoveBot(None)),
            [name] => Ok(Command::RemoveBot(Some(name.to_string()))),
            _ => Err(usage(crate::t!("command-removebot-args"), U_REMOVEBOT)),
        },
        "away" => no_args(rest, Command::Away, "away"),
        "back" => no_args(rest, Command::Back, "back"),
        "roll" | "r" => no_args(rest, Command::Action(Action::Roll), "roll"),
        "end" | "done" | "pass" => {
            let rest_ok =
                rest.is_empty() || (rest.len() == 1 && rest[0].eq_ignore_ascii_case("turn"));
            if rest_ok {
                Ok(Command::Action(Action::EndTurn))
            } else {
                Err(usage(
                    crate::t!(
                        "command-no-arguments",
                        command = super::command_words::say("end")
                    ),
                    "end",
                ))
            }
        }
        "buy" => {
            let text = rest.join(" ").to_ascii_lowercase();
            match text.as_str() {
                "" | "card" | "dev" | "devcard" | "dev card" | "development card"
                | "development" | "a card" | "a development card" => {
                    Ok(Command::Action(Action::BuyDevCard))
                }
                _ => Err(usage(crate::t!("command-buy-only-cards"), "buy")),
            }
        }
        "build" => parse_build(rest, need()?),
        "road" => parse_road(rest, need()?).map(|e| Command::Action(Action::BuildRoad(e))),
        "settlement" | "settle" => parse_one_vertex(rest, need()?, U_SETTLEMENT)
            .map(|v| Command::Action(Action::BuildSettlement(v))),
        "city" => {
            parse_one_vertex(rest, need()?, U_CITY).map(|v| Command::Action(Action::BuildCity(v)))
        }
        "play" => parse_play(rest, need()?),
        "helper" | "helpers" => super::helper_command::parse_helper(rest, need()?),
        "knight" => parse_knight(rest, need()?),
        "robber" | "rob" | "move" => {
            let rest = if rest
                .first()
                .is_some_and(|w| w.eq_ignore_ascii_case("robber"))
            {
                &rest[1..]
            } else {
                rest
            };
            let (hex, victim) = parse_robber_args(rest, need()?, U_ROBBER)?;
            Ok(Command::Action(Action::MoveRobber { hex, victim }))
        }
        "discard" => {
            let cards = parse_resources(rest, U_DISCARD)?;
            Ok(Command::Action(Action::Discard(cards)))
        }
        "bank" | "maritime" => parse_bank(rest),
        "trade" => parse_trade(rest, ctx),
        "hand" | "cards" => no_args(rest, Command::Hand, "hand"),
        "board" | "map" => no_args(rest, Command::Board, "board"),
        "status" | "score" | "scores" | "settings" | "lobby" => {
            no_args(rest, Command::Status, "status")
        }
        "stats" | "statistics" => no_args(rest, Command::Stats, "stats"),
        "leaderboard" | "ranking" | "rankings" | "top" => community::parse_leaderboard(rest),
        "profile" => Ok(community::parse_profile(rest)),
        "season" => community::parse_season(rest),
        "log" | "history" => no_args(rest, Command::Log, "log"),
        "export" | "record" => no_args(rest, Command::Export, "export"),
        "help" | "?" | "commands" => Ok(Command::Help),
        _ => Err(ParseError::Unknown(head.to_string())),
    }
}

fn no_args(rest: &[&str], cmd: Command, name: &'static str) -> Result<Command, ParseError> {
    if rest.is_empty() {
        Ok(cmd)
    } else {
        Err(usage(
            crate::t!(
                "command-no-arguments",
                command = super::command_words::say(name)
            ),
            name,
        ))
    }
}

fn parse_build(rest: &[&str], ctx: &ParseContext) -> Result<Command, ParseError> {
    let Some((&what, args)) = rest.split_first() else {
        return Err(usage(crate::t!("command-say-what-to-build"), U_BUILD));
    };
    match what.to_ascii_lowercase().as_str() {
        "road" | "roads" => parse_road(args, ctx).map(|e| Command::Action(Action::BuildRoad(e))),
        "settlement" | "settlements" | "settle" | "house" => {
            parse_one_vertex(args, ctx, U_SETTLEMENT)
                .map(|v| Command::Action(Action::BuildSettlement(v)))
        }
        "city" | "cities" => {
            parse_one_vertex(args, ctx, U_CITY).map(|v| Command::Action(Action::BuildCity(v)))
        }
        "card" | "dev" | "development" => Err(usage(crate::t!("command-cards-are-bought"), "buy")),
        other => Err(usage(
            crate::t!("command-not-buildable", what = excerpt(other)),
            U_BUILD,
        )),
    }
}

pub(super) fn parse_road(args: &[&str], ctx: &ParseContext) -> Result<EdgeId, ParseError> {
    let edges = parse_edges(args, ctx.topology, U_ROAD)?;
    match edges.as_slice() {
        [e] => Ok(*e),
        [] => Err(usage(crate::t!("command-road-where"), U_ROAD)),
        _ => Err(usage(crate::t!("command-one-road"), U_ROAD)),
    }
}

/// Parses road places: pairs of intersection numbers, written `8-13`, `8 13` or `13-8`.
pub(super) fn parse_edges(
    args: &[&str],
    topo: &Topology,
    usage_text: &'static str,
) -> Result<Vec<EdgeId>, ParseError> {
    let mut numbers = Vec::new();
    for word in args {
        for part in word.split('-').filter(|p| !p.is_empty()) {
            numbers.push(parse_vertex_label(part, topo, usage_text)?);
        }
    }
    if numbers.len() % 2 != 0 {
        return Err(usage(crate::t!("command-road-two-ends"), usage_text));
    }
    numbers
        .chunks(2)
        .map(|pair| {
            topo.edge_between(pair[0], pair[1])
                .ok_or_else(|| ParseError::NotNeighbours {
                    a: topo.vertex_label(pair[0]),
                    b: topo.vertex_label(pair[1]),
                    neighbours: neighbours_text(topo, pair[0]),
                    usage: usage_text,
                })
        })
        .collect()
}

/// `8, 12 and 17`: the intersections next to `v`.
fn neighbours_text(topo: &Topology, v: VertexId) -> String {
    let mut labels: Vec<VertexId> = topo
        .vertex_neighbors
        .get(v as usize)
        .cloned()
        .unwrap_or_default();
    labels.sort_unstable();
    let labels: Vec<String> = labels.iter().map(|&n| topo.vertex_label(n)).collect();
    match labels.split_last() {
        Some((last, rest)) if !rest.is_empty() => crate::t!(
            "command-list-and",
            first = rest.join(", "),
            last = last.clone()
        ),
        Some((last, _)) => last.clone(),
        None => crate::t!("command-list-nothing"),
    }
}

fn parse_vertex_label(
    word: &str,
    topo: &Topology,
    usage_text: &'static str,
) -> Result<VertexId, ParseError> {
    topo.parse_vertex(word).ok_or_else(|| {
        usage(
            crate::t!(
                "command-not-intersection",
                word = excerpt(word),
                count = topo.vertex_count()
            ),
            usage_text,
        )
    })
}

pub(super) fn parse_one_vertex(
    args: &[&str],
    ctx: &ParseContext,
    usage_text: &'static str,
) -> Result<VertexId, ParseError> {
    match args {
        [one] => parse_vertex_label(one, ctx.topology, usage_text),
        [] => Err(usage(crate::t!("command-say-intersection"), usage_text)),
        _ => Err(usage(crate::t!("command-one-intersection"), usage_text)),
    }
}

pub(super) fn parse_hex_label(
    word: &str,
    topo: &Topology,
    usage_text: &'static str,
) -> Result<HexId, ParseError> {
    topo.parse_hex(word).ok_or_else(|| {
        let first = topo.hex_labels.first().cloned().unwrap_or_default();
        let last = topo.hex_labels.last().cloned().unwrap_or_default();
        usage(
            crate::t!(
                "command-not-hex",
                word = excerpt(word),
                first = first,
                last = last
            ),
            usage_text,
        )
    })
}

/// `C3 [victim]` for the robber and knights.
fn parse_robber_args(
    args: &[&str],
    ctx: &ParseContext,
    usage_text: &'static str,
) -> Result<(HexId, Option<Seat>), ParseError> {
    let (hex, victim) = args.split_first().map_or(("", &[][..]), |(h, v)| (*h, v));
    let victim = victim.join(" ");
    robber_target(hex, Some(victim.as_str()), ctx, usage_text)
}

/// The robber's hex label and the victim's name or mention, as typed (an empty or missing
/// victim is none).
pub(super) fn robber_target(
    hex: &str,
    victim: Option<&str>,
    ctx: &ParseContext,
    usage_text: &'static str,
) -> Result<(HexId, Option<Seat>), ParseError> {
    if hex.is_empty() {
        return Err(usage(crate::t!("command-robber-where"), usage_text));
    }
    let hex = parse_hex_label(hex, ctx.topology, usage_text)?;
    let victim = match victim.filter(|v| !v.is_empty()) {
        Some(v) => Some(parse_player(v, ctx, usage_text)?),
        None => None,
    };
    Ok((hex, victim))
}

/// A player: a `<@id>` mention, `seat N` (from 1, in seat order) or the exact table name
/// (compared under [`names::key`], so case and `@` don't matter). See [`names`].
pub fn parse_player(
    text: &str,
    ctx: &ParseContext,
    usage_text: &'static str,
) -> Result<Seat, ParseError> {
    names::resolve(text, ctx.players)
        .map(|seat| seat as Seat)
        .map_err(|e| not_a_player(&e, ctx, usage_text))
}

/// The seat of the chat user `user` (picked, not typed: a platform's user option), refused
/// as a mention of someone not playing is.
pub fn player_by_id(
    user: UserId,
    ctx: &ParseContext,
    usage_text: &'static str,
) -> Result<Seat, ParseError> {
    ctx.players
        .iter()
        .position(|(id, _)| *id == user)
        .map(|seat| seat as Seat)
        .ok_or_else(|| not_a_player(&names::NameError::NotAPlayer, ctx, usage_text))
}

/// Why a player could not be found, with the players there are.
fn not_a_player(e: &names::NameError, ctx: &ParseContext, usage_text: &'static str) -> ParseError {
    usage(
        crate::t!(
            "command-name-player",
            problem = e.to_string(),
            players = names::roster(ctx.players)
        ),
        usage_text,
    )
}

/// Finds the development card named by the first one to three words.
fn split_card<'a>(rest: &'a [&'a str]) -> Option<(DevCard, &'a [&'a str])> {
    for n in (1..=rest.len().min(3)).rev() {
        if let Some(card) = card_names::dev_card(&rest[..n].join(" ")) {
            return Some((card, &rest[n..]));
        }
    }
    None
}

fn parse_play(rest: &[&str], ctx: &ParseContext) -> Result<Command, ParseError> {
    let Some((card, args)) = split_card(rest) else {
        let what = rest.first().copied().unwrap_or("");
        let problem = if what.is_empty() {
            crate::t!("command-say-which-card")
        } else {
            crate::t!("command-not-playable", card = excerpt(&rest.join(" ")))
        };
        return Err(usage(problem, U_PLAY));
    };
    match card {
        DevCard::Knight => parse_knight(args, ctx),
        DevCard::RoadBuilding => parse_road_building(args, ctx),
        DevCard::Invention => {
            let picks = parse_resource_list(args, U_INVENTION)?;
            match picks.as_slice() {
                [a, b] => Ok(Command::Action(Action::PlayInvention(*a, *b))),
                _ => Err(usage(
                    crate::t!("command-invention-two", count = picks.len()),
                    U_INVENTION,
                )),
            }
        }
        DevCard::Monopoly => match args {
            [one] => card_names::resource(one)
                .map(|r| Command::Action(Action::PlayMonopoly(r)))
                .ok_or_else(|| {
                    usage(
                        crate::t!("command-monopoly-not-resource", word = excerpt(one)),
                        U_MONOPOLY,
                    )
                }),
            _ => Err(usage(crate::t!("command-name-one-resource"), U_MONOPOLY)),
        },
        DevCard::VictoryPoint => Err(usage(crate::t!("command-vp-never-played"), U_PLAY)),
    }
}

/// The free roads of Road Building: one or two, `8-13 13-9`.
pub(super) fn parse_road_building(
    args: &[&str],
    ctx: &ParseContext,
) -> Result<Command, ParseError> {
    let edges = parse_edges(args, ctx.topology, U_ROAD_BUILDING)?;
    match edges.as_slice() {
        [first] => Ok(Command::Action(Action::PlayRoadBuilding {
            first: *first,
            second: None,
        })),
        [first, second] => Ok(Command::Action(Action::PlayRoadBuilding {
            first: *first,
            second: Some(*second),
        })),
        [] => Err(usage(
            crate::t!("command-free-roads-where"),
            U_ROAD_BUILDING,
        )),
        _ => Err(usage(crate::t!("command-free-roads-max"), U_ROAD_BUILDING)),
    }
}

fn parse_knight(args: &[&str], ctx: &ParseContext) -> Result<Command, ParseError> {
    let (hex, victim) = parse_robber_args(args, ctx, U_KNIGHT)?;
    Ok(Command::Action(Action::PlayKnight { hex, victim }))
}

/// The command text that asks for `action` (the inverse of [`parse`]). Domestic trades are
/// negotiated, so their text is the offer that starts the negotiation.
pub fn command_for(action: &Action, ctx: &ParseContext) -> String {
    let topo = ctx.topology;
    let name = |seat: Seat| names::address(seat as usize, ctx.players);
    let robber = |hex: HexId, victim: &Option<Seat>| {
        let label = topo
            .hex_labels
            .get(hex as usize)
            .cloned()
            .unwrap_or_default();
        match victim {
            Some(v) => format!("{label} {}", name(*v)),
            None => label,
        }
    };
    match action {
        Action::Roll => "roll".into(),
        Action::Discard(cards) => format!("discard {}", resources_words(cards)),
        Action::MoveRobber { hex, victim } => format!("robber {}", robber(*hex, victim)),
        Action::BuildRoad(e) => format!("build road {}", topo.edge_label(*e)),
        Action::BuildSettlement(v) => format!("build settlement {}", topo.vertex_label(*v)),
        Action::BuildCity(v) => format!("build city {}", topo.vertex_label(*v)),
        Action::BuyDevCard => "buy".into(),
        Action::PlayKnight { hex, victim } => format!("play knight {}", robber(*hex, victim)),
        Action::PlayRoadBuilding { first, second } => match second {
            Some(s) => format!(
                "play road-building {} {}",
                topo.edge_label(*first),
                topo.edge_label(*s)
            ),
            None => format!("play road-building {}", topo.edge_label(*first)),
        },
        Action::PlayInvention(a, b) => {
            format!("play invention {a} {b}", a = a.in_words(), b = b.in_words())
        }
        Action::PlayMonopoly(r) => format!("play monopoly {r}", r = r.in_words()),
        Action::MaritimeTrade { give, get, count } => format!(
            "bank {give} for {count} {get}",
            give = give.in_words(),
            get = get.in_words()
        ),
        Action::DomesticTrade { with, give, get } => format!(
            "trade offer {} for {} to {}",
            resources_words(give),
            resources_words(get),
            name(*with)
        ),
        Action::EndTurn => "end".into(),
        other => super::helper_command::helper_command_for(other, ctx).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests;
