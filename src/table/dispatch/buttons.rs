//! Button presses, routed to the command they stand for.

use super::*;

pub fn button(table: &mut Table, caller: &Caller, custom_id: &str, now_ms: u64) -> Vec<Reply> {
    let not_ours = || refuse(caller, crate::t!("buttons-not-ours"));
    let parts: Vec<&str> = custom_id.split(':').collect();
    let [prefix, game, action, version] = parts.as_slice() else {
        return not_ours();
    };
    // The version only says when the button was made: a press does what it says if that is
    // legal now; otherwise the engine's refusal says why (DESIGN.md, stale clicks).
    let (Ok(game), Ok(_made_at)) = (game.parse::<GameId>(), version.parse::<u64>()) else {
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
