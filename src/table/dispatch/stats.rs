//! `stats`: a running game's numbers so far — the dice against what was expected, and per
//! player the cards gained, robberies suffered and made, productions the robber blocked and
//! trades — with the graph over time (also drawn for the summary at the end).
//!
//! Everything here is public (the series holds public victory points only, see
//! `table::timeline`), so anyone in the place may ask, players or not.

use super::{no_game, private_to_caller, refuse, session_in};
use crate::engine::Seat;
use crate::table::Table;
use crate::table::game_stats::DICE_TOTALS;
use crate::table::reply::{Caller, Reply};
use crate::table::session::Session;
use crate::table::timeline::Timeline;

/// The caller's answer: the numbers in words, the graph attached when boards are drawn.
pub(super) fn stats(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    if s.game().is_none() {
        return refuse(caller, crate::t!("stats-not-started"));
    }
    let mut reply = private_to_caller(caller, stats_text(s)).with_game(s.id());
    if table.options.render_boards
        && let Some(png) = timeline_png(s)
    {
        reply = reply.with_file(format!("game-{}-timeline.png", s.id()), png);
    }
    vec![reply]
}

/// The numbers so far, one fact per line.
pub fn stats_text(s: &Session) -> String {
    let Some(game) = s.game() else {
        return String::new();
    };
    let stats = s.stats();
    let timeline = &stats.timeline;
    let mut lines = vec![crate::t!("stats-head", game = s.id(), turn = game.turn())];
    let rolls = stats.rolls();
    let cells: Vec<String> = (0..DICE_TOTALS)
        .map(|i| {
            let expected = crate::render::expected_rolls(i + 2, rolls);
            format!("{}: {} ({expected:.1})", i + 2, stats.dice[i])
        })
        .collect();
    lines.push(crate::t!(
        "summary-dice",
        count = rolls,
        cells = cells.join(" · ")
    ));
    for seat in 0..game.players().len() as Seat {
        let counts = stats.seat(seat);
        lines.push(crate::t!(
            "stats-player",
            name = s.name(seat),
            vp = game.public_vp(seat),
            gained = Timeline::of(&timeline.gained, seat),
            robbed = counts.lost_to_robber,
            stole = Timeline::of(&timeline.stole, seat),
            blocked = Timeline::of(&timeline.blocked, seat),
            trades = counts.domestic_trades,
            bank = counts.bank_trades
        ));
    }
    if let Some(turn) = stats.counted_from_turn.or(timeline.from_turn) {
        lines.push(crate::t!("stats-counted-from", turn = turn));
    }
    if timeline.full() {
        lines.push(crate::t!(
            "stats-series-full",
            turns = crate::table::timeline::MAX_TURN_POINTS
        ));
    }
    lines.join("\n")
}

/// The graph over time of `s`'s game so far (`None` before a turn ended, or if it could not
/// be drawn: the text says the same numbers).
pub(super) fn timeline_png(s: &Session) -> Option<Vec<u8>> {
    let turns = &s.stats().timeline.turns;
    if turns.is_empty() {
        return None;
    }
    let points: Vec<crate::render::ChartTurn> = turns
        .iter()
        .map(|p| crate::render::ChartTurn {
            turn: p.turn,
            vp: &p.vp,
            gained: &p.gained,
        })
        .collect();
    crate::render::render_timeline(&s.names(), &points)
        .map_err(|e| tracing::warn!(game = s.id(), error = %e, "graph over time not drawn"))
        .ok()
}
