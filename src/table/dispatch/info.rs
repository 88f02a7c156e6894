//! Information on request: status, the board picture.

use super::seating::lobby_text;
use super::{no_game, private_to_caller, refuse, seat_refusal, session_in};
use crate::table::reply::{Caller, Hint, Picture, Reply};
use crate::table::session::Session;
use crate::table::{Table, messages, rules_help};

/// A rules topic or a free question, answered to the caller alone.
pub(super) fn rules(caller: &Caller, query: Option<&str>) -> Vec<Reply> {
    match rules_help::rules(query) {
        rules_help::RulesAnswer::Answer(text) => vec![private_to_caller(caller, text)],
        rules_help::RulesAnswer::Unknown(text) => {
            vec![private_to_caller(caller, text).with_hints(vec![Hint::Rules])]
        }
        rules_help::RulesAnswer::Refused(why) => refuse(caller, why),
    }
}

pub(super) fn status(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    let text = match s.game() {
        None => lobby_text(s),
        Some(g) => {
            let mut t = messages::status_text(g, &s.names());
            if let Some(seat) = s.seat_of(caller.user) {
                t.push('\n');
                t.push_str(&messages::hand_text(g, seat));
            }
            t
        }
    };
    vec![private_to_caller(caller, text).with_game(s.id())]
}

/// The public board picture, to be drawn by the adapter outside the table's lock.
pub(super) fn render(table: &Table, s: &Session) -> Option<Picture> {
    if !table.options.render_boards {
        return None;
    }
    let g = s.game()?;
    Some(Picture {
        view: std::sync::Arc::new(g.view(None)),
        names: std::sync::Arc::new(s.names()),
    })
}

/// The board, publicly. Players may ask any time; everyone else shares one board per
/// [`super::super::TableOptions::onlooker_board_every_ms`] per place, since each is a large
/// picture posted to the whole place.
pub(super) fn board(table: &mut Table, caller: &Caller, now_ms: u64) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    if s.game().is_none() {
        return seat_refusal(table, caller);
    }
    if s.seat_of(caller.user).is_none() {
        let every = table.options.onlooker_board_every_ms;
        if let Some(&last) = table.onlooker_boards.get(&caller.place)
            && now_ms < last.saturating_add(every)
        {
            let wait_s = (last + every - now_ms).div_ceil(1000);
            return refuse(
                caller,
                crate::t!(
                    "info-onlooker-board-wait",
                    every = every.div_ceil(1000),
                    wait = wait_s
                ),
            );
        }
        table.onlooker_boards.insert(caller.place, now_ms);
    }
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    let Some(g) = s.game() else {
        return seat_refusal(table, caller);
    };
    let mut r = Reply::public(s.place(), messages::waiting_text(g, &s.names()))
        .with_game(s.id())
        .to_caller();
    r.image = render(table, s);
    vec![r]
}
