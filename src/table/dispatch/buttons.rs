//! Button presses, routed to the command they stand for.
//!
//! A button's id carries the game version it was made at. Within the turn its message
//! belongs to, a press does what it says if that is legal now (a stale version alone is no
//! reason: players press End turn after building). A button whose effect is not idempotent
//! (Roll, End turn, Buy, and an offer's Accept, Decline, Confirm and Withdraw, whose numbers
//! a later turn may use again) is refused when its message belongs to an earlier turn, naming
//! the live turn; harmless ones (My hand, the board, the menus, which open from what is legal
//! now) keep working from any message. See DESIGN.md, stale clicks.

use super::actions::button_id;
use super::rematch::rematch;
use super::trades::trade;
use super::{menus, refuse, run};
use crate::engine::{Action, Game, Seat};
use crate::table::Table;
use crate::table::command::{Command, TradeCommand};
use crate::table::reply::{Caller, GameId, Reply, TurnControl, TurnStamp};
use crate::table::session::Session;

pub fn button(table: &mut Table, caller: &Caller, custom_id: &str, now_ms: u64) -> Vec<Reply> {
    let not_ours = || refuse(caller, crate::t!("buttons-not-ours"));
    let parts: Vec<&str> = custom_id.split(':').collect();
    let [prefix, game, action, version] = parts.as_slice() else {
        return not_ours();
    };
    // The version says when the button was made: a press does what it says if that is legal
    // now (otherwise the engine's refusal says why), unless it would repeat or misdirect an
    // earlier turn's move (see the module docs).
    let (Ok(game), Ok(made_at)) = (game.parse::<GameId>(), version.parse::<u64>()) else {
        return not_ours();
    };
    if *prefix != "catan" {
        return not_ours();
    }
    // The one button of a game that is over.
    if *action == "rematch" {
        return rematch(table, caller, Some(game), now_ms);
    }
    if table.by_place.get(&caller.place) != Some(&game) {
        return refuse(caller, crate::t!("buttons-game-gone"));
    }
    let pieces: Vec<&str> = action.split('-').collect();
    let number = |i: usize| pieces.get(i).and_then(|p| p.parse::<u32>().ok());
    if once_per_turn(pieces[0])
        && let Some(refusal) = earlier_turn(table, caller, game, made_at)
    {
        return refusal;
    }
    match (pieces[0], number(1), number(2)) {
        ("roll", None, None) => run(table, caller, Command::Action(Action::Roll), now_ms),
        ("end", None, None) => run(table, caller, Command::Action(Action::EndTurn), now_ms),
        ("buy", None, None) => run(table, caller, Command::Action(Action::BuyDevCard), now_ms),
        (word, None, None) if let Some(kind) = menus::MenuKind::parse(word) => {
            menus::open_menu(table, caller, kind)
        }
        ("hand", None, None) => run(table, caller, Command::Hand, now_ms),
        ("board", None, None) => run(table, caller, Command::Board, now_ms),
        ("status", None, None) => run(table, caller, Command::Status, now_ms),
        ("join", None, None) => run(table, caller, Command::Join, now_ms),
        ("start", None, None) => run(table, caller, Command::Start, now_ms),
        ("addbot", None, None) => run(table, caller, Command::AddBot(Default::default()), now_ms),
        ("leave", None, None) => run(table, caller, Command::Leave, now_ms),
        ("abandon", None, None) => run(table, caller, Command::Abandon, now_ms),
        ("accept", Some(o), None) => trade(table, caller, TradeCommand::Accept(o), now_ms),
        ("decline", Some(o), None) => trade(table, caller, TradeCommand::Decline(o), now_ms),
        ("withdraw", Some(o), None) => trade(table, caller, TradeCommand::Withdraw(o), now_ms),
        ("confirm", Some(o), Some(s)) if s < 6 => {
            trade(table, caller, TradeCommand::Confirm(o, s as Seat), now_ms)
        }
        _ => not_ours(),
    }
}

/// A turn message's control used without its button (Matrix: a reaction) on the message
/// `on` stamps: judged exactly as that message's button, so a roll or end turn from an earlier
/// turn's message is refused. A message remembered without a stamp (by an older build) acts
/// on the live turn, as it always did.
pub fn turn_control(
    table: &mut Table,
    caller: &Caller,
    control: TurnControl,
    on: Option<TurnStamp>,
    now_ms: u64,
) -> Vec<Reply> {
    let (word, command) = match control {
        TurnControl::Roll => ("roll", Command::Action(Action::Roll)),
        TurnControl::BuyCard => ("buy", Command::Action(Action::BuyDevCard)),
        TurnControl::EndTurn => ("end", Command::Action(Action::EndTurn)),
        TurnControl::Hand => ("hand", Command::Hand),
    };
    match on {
        Some(stamp) => button(
            table,
            caller,
            &button_id(stamp.game, word, stamp.made_at),
            now_ms,
        ),
        None => run(table, caller, command, now_ms),
    }
}

/// Buttons whose press must not be repeated from an earlier turn's message: it would roll,
/// end or buy again in a later turn, or answer an offer that reused an earlier number.
fn once_per_turn(action: &str) -> bool {
    matches!(
        action,
        "roll" | "end" | "buy" | "accept" | "decline" | "withdraw" | "confirm"
    )
}

/// Whether something made at game version `made_at` belongs to a turn before the current
/// one: a turn ended since (every End turn moves the live turn message on, also into and
/// through special building). A version the game has not reached is not ours either. For a
/// game resumed without its full history, only the actions it knows count.
pub(super) fn made_in_earlier_turn(s: &Session, g: &Game, made_at: u64) -> bool {
    if made_at > g.version() {
        return true;
    }
    let history = s.history();
    let known_from = g.version().saturating_sub(history.len() as u64);
    let skip = usize::try_from(made_at.saturating_sub(known_from)).unwrap_or(usize::MAX);
    history
        .iter()
        .skip(skip)
        .any(|r| r.action == Action::EndTurn)
}

/// The refusal for a press on an earlier turn's message, naming the live turn; `None` when
/// the button is from the current turn (or there is no running game to compare with).
fn earlier_turn(table: &Table, caller: &Caller, game: GameId, made_at: u64) -> Option<Vec<Reply>> {
    let s = table.sessions.get(&game)?;
    let g = s.game()?;
    if g.winner().is_some() || !made_in_earlier_turn(s, g, made_at) {
        return None;
    }
    let names = s.names();
    let who = g
        .waiting_for()
        .first()
        .and_then(|w| names.get(*w as usize))
        .cloned()
        .unwrap_or_default();
    let mut r = Reply::refusal(
        caller.user,
        crate::t!("buttons-earlier-turn", turn = g.turn(), name = who),
    );
    r.game = Some(game);
    Some(vec![r])
}
