//! Routing of inputs (text, buttons, reactions, clock ticks) to the hosted games, and the
//! replies each accepted input produces. The rules live in the engine, negotiation in
//! `offers`, texts in `messages`; this module only wires them together.

use crate::engine::Seat;

use super::Table;
use super::command::{self, Command, ParseError, TradeCommand};
use super::messages;
use super::reply::{Caller, GameId, Hint, Reply, ReplyKind};
use super::request::Request;
use super::rules_help;
use super::session::Session;
use actions::{act, bank};
use info::{board, rules, status};
use records::export;
use rematch::rematch;
use seating::{abandon, join, leave, new_lobby, set_settings, start};
use trades::trade;

mod actions;
mod bots;
mod buttons;
mod community;
mod departures;
mod game_end;
mod helper_moves;
mod info;
mod menus;
mod moves;
mod records;
mod rematch;
mod seating;
mod stats;
mod suggest;
mod timer_ticks;
mod trades;
mod turn_message;

pub use buttons::{button, turn_control};
pub use departures::{player_left, player_returned};
pub use menus::choice;
pub use seating::expire_lobbies;
pub use suggest::suggest;
pub use timer_ticks::{TickRetry, next_deadline, tick};
pub use trades::{live_posted, offer_posted, open_offer_updates, reaction, reaction_removed};

pub(super) const MAX_SUGGESTIONS: usize = 25;

pub(super) fn refuse(caller: &Caller, text: impl Into<String>) -> Vec<Reply> {
    vec![Reply::refusal(caller.user, text)]
}

pub(super) fn private_to_caller(caller: &Caller, text: impl Into<String>) -> Reply {
    Reply::private(caller.user, text).to_caller()
}

pub fn text(table: &mut Table, caller: &Caller, text: &str, now_ms: u64) -> Vec<Reply> {
    let parsed = {
        let ctx = session_in(table, caller.place).and_then(Session::parse_context);
        command::parse(text, ctx.as_ref())
    };
    understood(table, caller, parsed, now_ms)
}

/// A typed request (a slash command's options): what was typed into its fields (places,
/// names) is resolved against the game here, refused in the words a typed line would get.
pub fn request(table: &mut Table, caller: &Caller, request: Request, now_ms: u64) -> Vec<Reply> {
    let resolved = {
        let ctx = session_in(table, caller.place).and_then(Session::parse_context);
        request.resolve(ctx.as_ref())
    };
    understood(table, caller, resolved, now_ms)
}

/// Runs what an input was understood as, or says why it was not.
fn understood(
    table: &mut Table,
    caller: &Caller,
    parsed: Result<Command, ParseError>,
    now_ms: u64,
) -> Vec<Reply> {
    match parsed {
        Ok(cmd) => run(table, caller, cmd, now_ms),
        Err(e) => {
            let game = table.by_place.get(&caller.place).copied();
            let mut r = Reply::refusal(caller.user, e.to_string());
            r.game = game;
            if e == ParseError::NoGame {
                r.hints = vec![Hint::New, Hint::Help];
            }
            let mut replies = vec![r];
            moves::add_to_refusal(&mut replies, moves::parse_hint(table, caller, &e));
            replies
        }
    }
}

pub(super) fn run(table: &mut Table, caller: &Caller, cmd: Command, now_ms: u64) -> Vec<Reply> {
    // What only the caller sees is in their own language when the platform says it.
    let _own_lang = match cmd {
        Command::Help
        | Command::Rules(_)
        | Command::RulesTopic(_)
        | Command::Hand
        | Command::Log
        | Command::Moves
        | Command::Leaderboard(_)
        | Command::Profile(_)
        | Command::Choices(_) => caller.lang.map(crate::i18n::scope),
        _ => None,
    };
    match cmd {
        Command::Help => vec![private_to_caller(caller, rules_help::help())],
        Command::Rules(query) => rules(caller, query.as_deref()),
        Command::RulesTopic(topic) => vec![private_to_caller(caller, rules_help::topic(topic))],
        Command::New(settings) => new_lobby(table, caller, &settings, now_ms),
        Command::Set(settings) => set_settings(table, caller, &settings),
        Command::Join => join(table, caller),
        Command::Leave => leave(table, caller),
        Command::Start => start(table, caller, now_ms),
        Command::Abandon => abandon(table, caller),
        Command::Rematch => rematch(table, caller, None, now_ms),
        Command::Status => status(table, caller),
        Command::Stats => stats::stats(table, caller),
        Command::Hand => hand(table, caller),
        Command::Board => board(table, caller, now_ms),
        Command::Export => export(table, caller),
        Command::Log => {
            let Some(s) = session_in(table, caller.place) else {
                return no_game(caller);
            };
            let lines: Vec<&String> = s.recent().collect();
            let text = if lines.is_empty() {
                crate::t!("mod-nothing-yet")
            } else {
                lines
                    .iter()
                    .map(|l| l.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            vec![private_to_caller(caller, text).with_game(s.id())]
        }
        Command::Action(action) => {
            let Some((id, seat)) = seated(table, caller) else {
                return seat_refusal(table, caller);
            };
            let mut replies = bots::welcome_back(table, caller, false);
            if replies.iter().any(Reply::is_refusal) {
                return replies;
            }
            let action = moves::with_only_victim(table, id, seat, action);
            let mut acted = act(table, id, seat, &action, Some(caller), now_ms, None);
            if acted.iter().any(Reply::is_refusal) {
                // Refused: the game is as before, so its legal places are still the ones to name.
                let hint = moves::place_hint(table, id, seat, &action);
                moves::add_to_refusal(&mut acted, hint);
            }
            replies.extend(acted);
            replies.extend(bots::save_return(table, caller));
            replies
        }
        Command::Moves => moves::moves(table, caller),
        Command::Choices(kind) => moves::choices(table, caller, &kind),
        Command::Bank {
            give,
            give_amount,
            get,
            get_amount,
        } => {
            let mut replies = bots::welcome_back(table, caller, false);
            if !replies.iter().any(Reply::is_refusal) {
                replies.extend(bank(
                    table,
                    caller,
                    give,
                    give_amount,
                    get,
                    get_amount,
                    now_ms,
                ));
            }
            replies.extend(bots::save_return(table, caller));
            replies
        }
        Command::Trade(tc) => {
            let mut replies = match tc {
                TradeCommand::List => Vec::new(),
                _ => bots::welcome_back(table, caller, false),
            };
            if replies.iter().any(Reply::is_refusal) {
                return replies;
            }
            replies.extend(trade(table, caller, tc, now_ms));
            replies.extend(bots::save_return(table, caller));
            // Bots answer a new offer at once.
            let posted = replies.iter().find_map(|r| match (&r.kind, r.game) {
                (ReplyKind::TradeOffer { offer, .. }, Some(game)) => Some((game, *offer)),
                _ => None,
            });
            if let Some((game, offer)) = posted {
                replies.extend(bots::answer_offer(table, game, offer, now_ms));
            }
            replies
        }
        Command::AddBot(level) => bots::add_bot(table, caller, level),
        Command::RemoveBot(name) => bots::remove_bot(table, caller, name.as_deref()),
        Command::Away => bots::away(table, caller),
        Command::Back => bots::welcome_back(table, caller, true),
        Command::Leaderboard(season) => community::leaderboard(table, caller, season),
        Command::Profile(who) => community::profile(table, caller, who.as_deref()),
        Command::SeasonNew => community::season_new(table, caller, now_ms),
    }
}

/// There is no game where the caller wrote; the hints say how to open one (each platform in
/// its own words).
pub(super) fn no_game(caller: &Caller) -> Vec<Reply> {
    let mut r = Reply::refusal(caller.user, crate::t!("mod-no-game"));
    r.hints = vec![Hint::New, Hint::Help];
    vec![r]
}

pub(super) fn session_in(table: &Table, place: u64) -> Option<&Session> {
    table
        .by_place
        .get(&place)
        .and_then(|id| table.sessions.get(id))
}

/// The caller's running game and seat.
pub(super) fn seated(table: &Table, caller: &Caller) -> Option<(GameId, Seat)> {
    let s = session_in(table, caller.place)?;
    s.game()?;
    Some((s.id(), s.seat_of(caller.user)?))
}

/// Why [`seated`] failed, in words.
pub(super) fn seat_refusal(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    let names = s.names().join(", ");
    let text = if s.game().is_none() {
        crate::t!("mod-not-started", names = names)
    } else {
        crate::t!("mod-not-playing", names = names)
    };
    let mut r = Reply::refusal(caller.user, text);
    r.game = Some(s.id());
    vec![r]
}

/// The caller's own hand, privately.
pub(super) fn hand(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let text = table
        .sessions
        .get(&id)
        .and_then(|s| s.game())
        .map(|g| messages::hand_text(g, seat))
        .unwrap_or_default();
    vec![private_to_caller(caller, text).with_game(id)]
}

#[cfg(test)]
mod tests {
    use super::actions::button_id;

    #[test]
    fn button_ids_fit_discord() {
        let id = button_id(u64::MAX, "confirm-4294967295-5", u64::MAX);
        assert!(id.len() <= 100, "{id}");
    }
}
