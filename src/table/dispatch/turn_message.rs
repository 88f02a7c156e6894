//! The live turn message: one public message per turn, posted when the turn starts (it pings
//! whoever must act) and edited as the turn goes on — the turn's events so far, what is
//! awaited now, the buttons that fit now, and the board when it changed. New public messages
//! are kept for what needs a ping or a reaction target (turn starts, discards, offers, the end).

use super::actions::button_id;
use super::info::render;
use crate::engine::{Action, Event, Game, Phase};
use crate::table::reply::{Button, GameId, Hint, Reply, ReplyKind, TurnStamp};
use crate::table::{Table, messages};

/// Most recent lines a turn message shows (Discord allows 2,000 characters per message).
const MAX_LINES: usize = 18;

/// Events after which the board looks different.
pub(super) fn changes_board(e: &Event) -> bool {
    matches!(
        e,
        Event::RoadBuilt { .. }
            | Event::SettlementBuilt { .. }
            | Event::CityBuilt { .. }
            | Event::RobberMoved { .. }
    )
}

/// The game's live turn message now: a new one (`fresh`: pings who must act) or an edit of
/// the current one; with the board when `image`.
pub(super) fn prompt(table: &Table, id: GameId, fresh: bool, image: bool) -> Vec<Reply> {
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(g) = s.game() else {
        return Vec::new();
    };
    let names = s.acting_names();
    let over = g.winner().is_some();
    let mut lines: Vec<String> = s.turn_lines.clone();
    if lines.len() > MAX_LINES {
        let dropped = lines.len() - MAX_LINES;
        lines.drain(1..=dropped);
        lines.insert(1, "…".into());
    }
    if !over {
        lines.push(format!("▶ {}", messages::waiting_text(g, &names)));
    }
    let mut r = Reply::public(s.place(), lines.join("\n")).with_game(id);
    r.kind = if fresh {
        ReplyKind::TurnStart
    } else {
        ReplyKind::TurnUpdate { game: id }
    };
    r.turn_stamp = Some(TurnStamp {
        game: id,
        made_at: g.version(),
    });
    if fresh {
        r.mention = g
            .waiting_for()
            .iter()
            .filter_map(|&w| s.to_ping(w))
            .collect();
    }
    if image {
        r.image = render(table, s);
    }
    // A bot's turn: nothing to hint; the buttons left are those for anyone (a hand, an
    // offer to the bot).
    let bots_only = g.waiting_for().iter().all(|w| s.bot_at(*w).is_some());
    if !over && bots_only {
        r.buttons = turn_buttons(g, id);
        r.buttons.retain(|b| {
            matches!(
                b.id.split(':').nth(2),
                Some("hand" | "trade" | "board" | "status")
            )
        });
    } else if !over {
        r.buttons = turn_buttons(g, id);
        // A hint never names a button the message does not have.
        r.hints = messages::waiting_hints(g)
            .into_iter()
            .filter(|h| {
                hint_button(h).is_none_or(|action| {
                    r.buttons
                        .iter()
                        .any(|b| b.id.split(':').nth(2) == Some(action))
                })
            })
            .collect();
        r.deadline_ms = s.deadline();
    }
    vec![r]
}

/// The turn button a hint stands for, if it has one.
fn hint_button(hint: &Hint) -> Option<&'static str> {
    match hint {
        Hint::PlaceSettlement { .. } | Hint::PlaceRoad { .. } | Hint::Build | Hint::BuyCard => {
            Some("build")
        }
        Hint::Roll => Some("roll"),
        Hint::PlayCard => Some("play"),
        Hint::Trade => Some("trade"),
        Hint::EndTurn => Some("end"),
        Hint::Discard => Some("discard"),
        Hint::MoveRobber => Some("robber"),
        Hint::Hand => Some("hand"),
        Hint::Helper => Some("helper"),
        Hint::Join
        | Hint::Start
        | Hint::New
        | Hint::AnswerOffer { .. }
        | Hint::ConfirmOffer { .. }
        | Hint::Help
        | Hint::Rules => None,
    }
}

/// The buttons for what the awaited player(s) can do now. Menus open per clicker from their
/// own legal actions, so one public button serves whoever presses it.
///
/// Only public facts choose the buttons: **Build** is there whenever building is the phase's
/// business and **Play card** whenever the player holds a development card (their count is
/// public), so nobody learns from the buttons what a hand holds. The menus say what is
/// possible.
fn turn_buttons(g: &Game, id: GameId) -> Vec<Button> {
    let waiting = g.waiting_for();
    let legal: Vec<Action> = waiting.iter().flat_map(|&w| g.legal_actions(w)).collect();
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    let button = |action: &str, label: String| Button {
        id: button_id(id, action, g.version()),
        label,
    };
    let mut out = Vec::new();
    // A pending helper step is all the game waits for: its menu, and the hand.
    if g.helper_pending().is_some() && g.winner().is_none() {
        out.push(button("helper", crate::t!("turn_message-button-helper")));
        out.push(button("hand", crate::t!("turn_message-button-hand")));
        return out;
    }
    match g.phase() {
        Phase::Setup {
            road_from: None, ..
        } => out.push(button(
            "build",
            crate::t!("turn_message-button-place-settlement"),
        )),
        Phase::Setup { .. } => {
            out.push(button("build", crate::t!("turn_message-button-place-road")))
        }
        Phase::BeforeRoll => out.push(button("roll", crate::t!("turn_message-button-roll"))),
        Phase::Discard { .. } => {
            out.push(button("discard", crate::t!("turn_message-button-discard")))
        }
        Phase::MoveRobber => out.push(button("robber", crate::t!("turn_message-button-robber"))),
        Phase::Main | Phase::SpecialBuild { .. } => {
            out.push(button("build", crate::t!("turn_message-button-build")));
            if *g.phase() == Phase::Main {
                out.push(button("trade", crate::t!("turn_message-button-trade")));
            }
        }
        Phase::Finished { .. } => return out,
    }
    if messages::may_hold_a_playable_card(g) {
        out.push(button("play", crate::t!("turn_message-button-play")));
    }
    // The helper: whenever its holder may be about to use it (holding one is public; whether
    // a use is open can depend on the hand, so the menu says).
    let helper_turn =
        matches!(g.phase(), Phase::BeforeRoll | Phase::Main) || g.helper_pending().is_some();
    if helper_turn && waiting.iter().any(|&w| g.helper_of(w).is_some()) {
        out.push(button("helper", crate::t!("turn_message-button-helper")));
    }
    if has(|a| *a == Action::EndTurn) {
        out.push(button("end", crate::t!("turn_message-button-end")));
    }
    // Always there, also in setup: the starting resources arrive with the second settlement.
    out.push(button("hand", crate::t!("turn_message-button-hand")));
    out
}
