//! Information on request: status, the board picture.

use super::*;

pub(super) fn status(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return refuse(caller, NO_GAME);
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

pub(super) fn board(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return refuse(caller, NO_GAME);
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
