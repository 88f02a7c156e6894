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

pub(super) fn render(table: &Table, s: &Session) -> Option<Vec<u8>> {
    if !table.options.render_boards {
        return None;
    }
    let g = s.game()?;
    match crate::render::render_board(&g.view(None), &s.names()) {
        Ok(png) => Some(png),
        Err(e) => {
            tracing::debug!(game = s.id(), error = %e, "board not rendered");
            None
        }
    }
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
    if r.image.is_none() && table.options.render_boards {
        r.text
            .push_str("\n(The board picture is not available right now.)");
    }
    vec![r]
}
