//! The command language shared by every adapter, in both directions: [`parse`] turns what a
//! player types into a [`Command`] (engine actions mapped one-to-one), and [`command_for`]
//! turns an engine [`Action`] back into the text that would ask for it (buttons, tests).
//!
//! Parsing is forgiving about form (`8-13` or `13 8`, `2 wool 1 ore` or `wool wool ore`,
//! 5th- and 6th-edition names, `@mentions`) and strict about meaning: anything else is refused
//! with a message saying what is expected.

use thiserror::Error;

pub mod card_names;
mod numbers;

use super::lobby::{self, Setting};
use super::names;
use super::questions;
use super::reply::{PlaceKind, UserId};
use crate::bots::BotLevel;
use crate::engine::{
    Action, DevCard, EdgeId, HexId, Resource, Resources, Seat, Topology, VertexId,
};
use crate::i18n::InWords;

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

/// Why a line could not be understood. Each message says what is expected, in the current
/// language (see [`ParseError::text`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", self.text())]
pub enum ParseError {
    Empty,
    Unknown(String),
    /// `problem` is already in the language of the moment it was made.
    Usage {
        problem: String,
        usage: &'static str,
    },
    NoGame,
    /// A road between two intersections that do not touch; `neighbours` are those of `a`.
    NotNeighbours {
        a: String,
        b: String,
        neighbours: String,
        usage: &'static str,
    },
}

impl ParseError {
    /// The message in the current language; the expected form shows the language's command
    /// words (see [`command_words::say`](super::command_words::say)).
    pub fn text(&self) -> String {
        match self {
            ParseError::Empty => crate::t!("command-empty"),
            ParseError::Unknown(word) => crate::t!("command-unknown", word = word.as_str()),
            ParseError::Usage { problem, usage } => crate::t!(
                "command-usage",
                problem = problem.as_str(),
                usage = super::command_words::say(usage)
            ),
            ParseError::NoGame => crate::t!("command-no-game"),
            ParseError::NotNeighbours {
                a, b, neighbours, ..
            } => crate::t!(
                "command-not-neighbours",
                a = a.as_str(),
                b = b.as_str(),
                neighbours = neighbours.as_str()
            ),
        }
    }
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
const U_ADDBOT: &str = "addbot [easy|strong]";
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
                            crate::t!("command-unknown-bot-level", level = e.0),
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
            crate::t!("command-not-buildable", what = other),
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
                word = word,
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
            crate::t!("command-not-hex", word = word, first = first, last = last),
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

/// Resource lists: `2 wool 1 ore`, `wool wool ore`, `2 wool and ore`, `2wool`.
pub fn parse_resources(args: &[&str], usage_text: &'static str) -> Result<Resources, ParseError> {
    let mut out = Resources::default();
    for r in parse_resource_list(args, usage_text)? {
        out[r] += 1;
    }
    Ok(out)
}

/// Like [`parse_resources`], one entry per card, in the order typed. Every count is checked
/// against [`numbers::CARDS`] as typed, so a huge one is refused, never wrapped.
fn parse_resource_list(
    args: &[&str],
    usage_text: &'static str,
) -> Result<Vec<Resource>, ParseError> {
    let mut out = Resources::default();
    let mut list = Vec::new();
    // A count typed on its own, waiting for its resource.
    let mut pending: Option<u32> = None;
    for word in args {
        let w = word.to_ascii_lowercase();
        if w == "and" || w == "+" || w == "&" {
            continue;
        }
        // `2 wool`, `2wool`, `2x wool`, `2xwool`
        let (count, name) = match numbers::leading_digits(&w) {
            Some((digits, rest)) => {
                if pending.is_some() {
                    return Err(usage(
                        crate::t!("command-two-numbers", word = *word),
                        usage_text,
                    ));
                }
                let count = numbers::card_count(digits)
                    .ok_or_else(|| bad_count(digits.to_string(), usage_text))?;
                let name = rest.trim_start_matches('x');
                if name.is_empty() {
                    pending = Some(count);
                    continue;
                }
                (count, name.to_string())
            }
            None => (pending.take().unwrap_or(1), w.clone()),
        };
        let Some(r) = card_names::resource(&name) else {
            return Err(usage(
                crate::t!("command-not-resource", word = *word),
                usage_text,
            ));
        };
        let total = u32::from(out[r]) + count;
        if total > numbers::CARDS.1 {
            return Err(bad_count(
                format!("{total} {r}", r = r.in_words()),
                usage_text,
            ));
        }
        out[r] = total as u8;
        list.extend(std::iter::repeat_n(r, count as usize));
    }
    if pending.is_some() {
        return Err(usage(
            crate::t!("command-number-needs-resource"),
            usage_text,
        ));
    }
    if list.is_empty() {
        return Err(usage(crate::t!("command-say-which-cards"), usage_text));
    }
    Ok(list)
}

/// Cards given as counts per resource (a slash command's number options): zero counts are
/// left out, and each count is held to the range a typed one is (see [`numbers::CARDS`]).
pub fn counted_resources(
    counts: &[(Resource, u32)],
    usage_text: &'static str,
) -> Result<Resources, ParseError> {
    let mut out = Resources::default();
    for &(r, n) in counts.iter().filter(|(_, n)| *n > 0) {
        let total = u32::from(out[r]) + n;
        if total > numbers::CARDS.1 {
            return Err(bad_count(n.to_string(), usage_text));
        }
        out[r] = total as u8;
    }
    if out.total() == 0 {
        return Err(usage(crate::t!("command-say-which-cards"), usage_text));
    }
    Ok(out)
}

/// Cards a player wrote into one field (`1 wool 1 brick`, `2 Wolle und Erz`), read as the
/// cards of a typed line are.
pub fn written_resources(typed: &str, usage_text: &'static str) -> Result<Resources, ParseError> {
    let cleaned = names::command_text(typed);
    let mut words: Vec<&str> = vec!["cards"];
    words.extend(cleaned.split_whitespace());
    // Connectors in any language (`und`) as on a typed line; `cards` is a head no language
    // translates, so no card word is taken for a command word.
    let words = super::command_words::to_english(&words);
    parse_resources(&words[1..], usage_text)
}

/// `cards` (as typed) is not a count of cards, naming the allowed range.
fn bad_count(cards: String, usage_text: &'static str) -> ParseError {
    let (low, high) = numbers::CARDS;
    usage(
        crate::t!("command-bad-count", cards = cards, low = low, high = high),
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
            crate::t!("command-not-playable", card = rest.join(" "))
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
                        crate::t!("command-monopoly-not-resource", word = *one),
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

/// `bank 4 ore for 1 wool`, `bank ore for wool`, `bank 3 ore for wool`.
fn parse_bank(rest: &[&str]) -> Result<Command, ParseError> {
    let Some(pos) = rest.iter().position(|w| w.eq_ignore_ascii_case("for")) else {
        return Err(usage(crate::t!("command-bank-for"), U_BANK));
    };
    let side = |words: &[&str]| -> Result<(Option<u8>, Resource), ParseError> {
        let cards = parse_resources(words, U_BANK)?;
        let kinds: Vec<(Resource, u8)> = cards.iter().collect();
        match kinds.as_slice() {
            [(r, n)] => {
                let explicit = words.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()));
                Ok((explicit.then_some(*n), *r))
            }
            _ => Err(usage(crate::t!("command-bank-one-kind"), U_BANK)),
        }
    };
    let (give_amount, give) = side(&rest[..pos])?;
    let (get_amount, get) = side(&rest[pos + 1..])?;
    bank(give, give_amount, get, get_amount.unwrap_or(1))
}

/// A trade with the supply, refused when it would give and get the same resource.
pub fn bank(
    give: Resource,
    give_amount: Option<u8>,
    get: Resource,
    get_amount: u8,
) -> Result<Command, ParseError> {
    if give == get {
        return Err(usage(
            crate::t!(
                "command-bank-same",
                give = give.in_words(),
                get = get.in_words()
            ),
            U_BANK,
        ));
    }
    Ok(Command::Bank {
        give,
        give_amount,
        get,
        get_amount,
    })
}

fn parse_offer_id(word: Option<&&str>, usage_text: &'static str) -> Result<u32, ParseError> {
    let Some(w) = word else {
        return Err(usage(crate::t!("command-say-offer"), usage_text));
    };
    numbers::in_range(w.trim_start_matches('#'), 1, u64::from(u32::MAX))
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| usage(crate::t!("command-not-offer-number", word = *w), usage_text))
}

fn parse_trade(rest: &[&str], ctx: Option<&ParseContext>) -> Result<Command, ParseError> {
    let Some((&verb, args)) = rest.split_first() else {
        return Err(usage(crate::t!("command-say-trade"), U_TRADE));
    };
    let ctx = ctx.ok_or(ParseError::NoGame)?;
    let one_id = |name: &'static str, make: fn(u32) -> TradeCommand| {
        if args.len() > 1 {
            return Err(usage(
                crate::t!(
                    "command-one-offer-number",
                    command = super::command_words::say(&format!("trade {name}"))
                ),
                U_TRADE,
            ));
        }
        parse_offer_id(args.first(), U_TRADE).map(|id| Command::Trade(make(id)))
    };
    match verb.to_ascii_lowercase().as_str() {
        "offer" | "propose" => parse_offer(args, ctx),
        "accept" | "yes" => one_id("accept", TradeCommand::Accept),
        "decline" | "reject" | "no" => one_id("decline", TradeCommand::Decline),
        "withdraw" | "cancel" => one_id("withdraw", TradeCommand::Withdraw),
        "confirm" => {
            let id = parse_offer_id(args.first(), U_CONFIRM)?;
            if args.len() < 2 {
                return Err(usage(crate::t!("command-say-whose"), U_CONFIRM));
            }
            let seat = parse_player(&args[1..].join(" "), ctx, U_CONFIRM)?;
            Ok(Command::Trade(TradeCommand::Confirm(id, seat)))
        }
        "list" | "offers" => no_args(args, Command::Trade(TradeCommand::List), "trade list"),
        other => Err(usage(
            crate::t!("command-not-trade-command", word = other),
            U_TRADE,
        )),
    }
}

fn parse_offer(args: &[&str], ctx: &ParseContext) -> Result<Command, ParseError> {
    let Some(pos) = args.iter().position(|w| w.eq_ignore_ascii_case("for")) else {
        return Err(usage(crate::t!("command-offer-for"), U_OFFER));
    };
    let after = &args[pos + 1..];
    let to_pos = after.iter().position(|w| w.eq_ignore_ascii_case("to"));
    let (want_words, to) = match to_pos {
        Some(p) => {
            let who = after[p + 1..].join(" ");
            if who.is_empty() {
                return Err(usage(crate::t!("command-offer-to"), U_OFFER));
            }
            (&after[..p], Some(parse_player(&who, ctx, U_OFFER)?))
        }
        None => (after, None),
    };
    let give = parse_resources(&args[..pos], U_OFFER)?;
    let get = parse_resources(want_words, U_OFFER)?;
    Ok(Command::Trade(TradeCommand::Offer { give, get, to }))
}

/// "2 wool 1 ore": the command-language form of a resource list.
pub fn resources_words(r: &Resources) -> String {
    r.iter()
        .map(|(res, n)| format!("{n} {res}", res = res.in_words()))
        .collect::<Vec<_>>()
        .join(" ")
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
mod tests {
    use super::*;
    use crate::engine::BoardSize;

    fn players() -> Vec<(UserId, String)> {
        vec![
            (11, "alice".into()),
            (22, "Bob".into()),
            (33, "carol".into()),
        ]
    }

    fn with_ctx<T>(f: impl FnOnce(&ParseContext) -> T) -> T {
        let p = players();
        let ctx = ParseContext {
            topology: Topology::get(BoardSize::Standard),
            players: &p,
        };
        f(&ctx)
    }

    fn p(text: &str) -> Result<Command, ParseError> {
        with_ctx(|ctx| parse(text, Some(ctx)))
    }

    fn act(text: &str) -> Action {
        match p(text) {
            Ok(Command::Action(a)) => a,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn topo() -> &'static Topology {
        Topology::get(BoardSize::Standard)
    }

    #[test]
    fn roads_in_any_order_and_separator() {
        let t = topo();
        let e = t
            .edge_between(7, 12)
            .expect("8-13 is an edge on the standard board");
        for text in [
            "build road 8-13",
            "build road 13-8",
            "build road 8 13",
            "road 13 8",
        ] {
            assert_eq!(act(text), Action::BuildRoad(e), "{text}");
        }
    }

    #[test]
    fn road_between_non_neighbours_is_refused_with_reason() {
        let err = p("build road 1-40").unwrap_err();
        assert!(err.to_string().contains("not neighbours"), "{err}");
        let err = p("build road 99-100").unwrap_err();
        assert!(err.to_string().contains("numbered 1 to 54"), "{err}");
        let err = p("build road 12").unwrap_err();
        assert!(err.to_string().contains("two intersections"), "{err}");
    }

    #[test]
    fn road_examples_are_roads_on_every_board() {
        let p = players();
        for size in [BoardSize::Standard, BoardSize::Extended] {
            let ctx = ParseContext {
                topology: Topology::get(size),
                players: &p,
            };
            for example in [U_ROAD, U_ROAD_BUILDING, "play road-building 8-13"] {
                assert!(
                    matches!(parse(example, Some(&ctx)), Ok(Command::Action(_))),
                    "{example} on {size:?}"
                );
            }
        }
    }

    #[test]
    fn non_neighbours_are_refused_naming_the_neighbours() {
        let err = p("build road 12-13").unwrap_err();
        assert_eq!(
            err,
            ParseError::NotNeighbours {
                a: "12".into(),
                b: "13".into(),
                neighbours: "8 and 17".into(),
                usage: U_ROAD
            }
        );
        assert!(
            err.to_string().contains(": 12 neighbours 8 and 17."),
            "{err}"
        );
        let err = p("play road-building 8-13 14-15").unwrap_err();
        assert!(
            matches!(
                err,
                ParseError::NotNeighbours {
                    usage: U_ROAD_BUILDING,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn settlements_cities_and_buy() {
        assert_eq!(act("build settlement 12"), Action::BuildSettlement(11));
        assert_eq!(act("settle 1"), Action::BuildSettlement(0));
        assert_eq!(act("build city 54"), Action::BuildCity(53));
        assert_eq!(act("buy"), Action::BuyDevCard);
        assert_eq!(act("buy development card"), Action::BuyDevCard);
        assert_eq!(act("Roll"), Action::Roll);
        assert_eq!(act("end turn"), Action::EndTurn);
        assert!(p("build settlement 55").is_err());
        assert!(
            p("build castle 5")
                .unwrap_err()
                .to_string()
                .contains("castle")
        );
        assert!(p("buy road").is_err());
    }

    #[test]
    fn resources_in_every_form() {
        let want = Resources([0, 0, 2, 0, 1]);
        for text in [
            "discard 2 wool 1 ore",
            "discard wool wool ore",
            "discard 2 sheep and 1 stone",
            "discard 2wool, ore",
        ] {
            assert_eq!(act(text), Action::Discard(want), "{text}");
        }
        let err = p("discard 2 gold").unwrap_err();
        assert!(
            err.to_string().contains("`gold` is not a resource"),
            "{err}"
        );
        assert!(p("discard 2").is_err());
        assert!(p("discard").is_err());
        assert!(p("discard 0 wool").is_err());
    }

    #[test]
    fn cards_in_both_editions() {
        assert_eq!(
            act("play year of plenty wheat wood"),
            Action::PlayInvention(Resource::Grain, Resource::Lumber)
        );
        assert_eq!(
            act("play invention 2 ore"),
            Action::PlayInvention(Resource::Ore, Resource::Ore)
        );
        assert_eq!(
            act("play monopoly sheep"),
            Action::PlayMonopoly(Resource::Wool)
        );
        let e1 = topo().edge_between(7, 12).unwrap_or_default();
        let e2 = topo().edge_between(12, 8).unwrap_or_default();
        assert_eq!(
            act("play road building 8-13 13-9"),
            Action::PlayRoadBuilding {
                first: e1,
                second: Some(e2)
            }
        );
        assert_eq!(
            act("play road-building 8-13"),
            Action::PlayRoadBuilding {
                first: e1,
                second: None
            }
        );
        assert!(
            p("play invention ore")
                .unwrap_err()
                .to_string()
                .contains("exactly 2")
        );
        assert!(
            p("play vp")
                .unwrap_err()
                .to_string()
                .contains("never played")
        );
        assert!(p("play chess").is_err());
    }

    #[test]
    fn robber_and_knight_targets() {
        let c3 = topo().parse_hex("C3").unwrap_or_default();
        assert_eq!(
            act("robber C3 bob"),
            Action::MoveRobber {
                hex: c3,
                victim: Some(1)
            }
        );
        assert_eq!(
            act("move robber c3 @Bob"),
            Action::MoveRobber {
                hex: c3,
                victim: Some(1)
            }
        );
        assert_eq!(
            act("robber C3 <@33>"),
            Action::MoveRobber {
                hex: c3,
                victim: Some(2)
            }
        );
        assert_eq!(
            act("robber C3"),
            Action::MoveRobber {
                hex: c3,
                victim: None
            }
        );
        assert_eq!(
            act("play knight C3 seat 3"),
            Action::PlayKnight {
                hex: c3,
                victim: Some(2)
            }
        );
        assert!(
            p("robber C3 dave")
                .unwrap_err()
                .to_string()
                .contains("1 alice, 2 Bob, 3 carol")
        );
        // Exact names only: a prefix could name the wrong player.
        assert!(p("robber C3 car").is_err());
        assert!(p("robber Z9 bob").unwrap_err().to_string().contains("A1"));
        assert!(p("robber C3 <@99>").is_err());
    }

    #[test]
    fn bank_trades() {
        assert_eq!(
            p("bank 4 ore for 1 wool"),
            Ok(Command::Bank {
                give: Resource::Ore,
                give_amount: Some(4),
                get: Resource::Wool,
                get_amount: 1
            })
        );
        assert_eq!(
            p("bank ore for 2 wool"),
            Ok(Command::Bank {
                give: Resource::Ore,
                give_amount: None,
                get: Resource::Wool,
                get_amount: 2
            })
        );
        assert!(p("bank 4 ore for 4 ore").is_err());
        assert!(p("bank 4 ore").is_err());
        assert!(p("bank 2 ore 2 wool for grain").is_err());
    }

    #[test]
    fn trade_commands() {
        assert_eq!(
            p("trade offer 1 wool for 1 ore to bob"),
            Ok(Command::Trade(TradeCommand::Offer {
                give: Resources::one(Resource::Wool),
                get: Resources::one(Resource::Ore),
                to: Some(1)
            }))
        );
        assert_eq!(
            p("trade accept 3"),
            Ok(Command::Trade(TradeCommand::Accept(3)))
        );
        assert_eq!(
            p("trade decline #3"),
            Ok(Command::Trade(TradeCommand::Decline(3)))
        );
        assert_eq!(
            p("trade confirm 3 carol"),
            Ok(Command::Trade(TradeCommand::Confirm(3, 2)))
        );
        assert_eq!(
            p("trade withdraw 1"),
            Ok(Command::Trade(TradeCommand::Withdraw(1)))
        );
        assert_eq!(p("trade list"), Ok(Command::Trade(TradeCommand::List)));
        assert!(p("trade accept x").is_err());
        assert!(p("trade confirm 3").is_err());
        assert!(p("trade offer 1 wool").is_err());
        assert!(p("trade dance").is_err());
    }

    #[test]
    fn game_commands_need_a_game() {
        assert_eq!(parse("build road 1-2", None), Err(ParseError::NoGame));
        assert_eq!(parse("roll", None), Ok(Command::Action(Action::Roll)));
        assert_eq!(parse("/catan join", None), Ok(Command::Join));
        assert_eq!(parse("Rematch", None), Ok(Command::Rematch));
        assert!(parse("rematch now", None).is_err());
        assert_eq!(parse("export", None), Ok(Command::Export));
        assert_eq!(parse("   ", None), Err(ParseError::Empty));
        assert!(matches!(parse("dance", None), Err(ParseError::Unknown(_))));
    }

    #[test]
    fn command_for_round_trips_every_kind() {
        let t = topo();
        let e1 = t.edge_between(7, 12).unwrap_or_default();
        let e2 = t.edge_between(12, 8).unwrap_or_default();
        let actions = vec![
            Action::Roll,
            Action::EndTurn,
            Action::BuyDevCard,
            Action::Discard(Resources([1, 0, 2, 0, 1])),
            Action::MoveRobber {
                hex: 4,
                victim: Some(2),
            },
            Action::MoveRobber {
                hex: 4,
                victim: None,
            },
            Action::BuildRoad(e1),
            Action::BuildSettlement(7),
            Action::BuildCity(53),
            Action::PlayKnight {
                hex: 18,
                victim: Some(0),
            },
            Action::PlayRoadBuilding {
                first: e1,
                second: Some(e2),
            },
            Action::PlayRoadBuilding {
                first: e2,
                second: None,
            },
            Action::PlayInvention(Resource::Brick, Resource::Brick),
            Action::PlayMonopoly(Resource::Grain),
        ];
        for a in actions {
            let text = with_ctx(|ctx| command_for(&a, ctx));
            assert_eq!(act(&text), a, "{text}");
        }
        let bank = with_ctx(|ctx| {
            command_for(
                &Action::MaritimeTrade {
                    give: Resource::Ore,
                    get: Resource::Wool,
                    count: 2,
                },
                ctx,
            )
        });
        assert_eq!(
            p(&bank),
            Ok(Command::Bank {
                give: Resource::Ore,
                give_amount: None,
                get: Resource::Wool,
                get_amount: 2
            })
        );
    }
}
