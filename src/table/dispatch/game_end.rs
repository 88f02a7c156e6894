//! The reply that ends a won game: the winning action's account with the summary, the final
//! board, the dice chart, the graph over time and the rematch button.

use crate::engine::Seat;
use crate::table::reply::{Button, Reply, ReplyKind, UserId};
use crate::table::session::Session;
use crate::table::summary::GameEndSummary;

/// Turns the public account of the winning action into the game's one summary reply: the
/// account, then the summary text; the final board attached (when `pictures`), the summary as
/// data with its dice chart, and `buttons` (the rematch). Composable: later lines (a seed
/// reveal) can still be appended to the text.
pub(super) fn game_end_reply(
    mut account: Reply,
    session: &Session,
    pictures: bool,
    buttons: Vec<Button>,
) -> Reply {
    let Some(game) = session.game() else {
        return account;
    };
    let started_ms = session.meta.started.as_ref().map_or(0, |s| s.at_ms);
    let players: Vec<(UserId, String)> = (0..game.players().len() as Seat)
        .map(|s| (session.user(s).unwrap_or(0), session.name(s)))
        .collect();
    let Some(summary) =
        GameEndSummary::new(session.id(), game, &players, session.stats(), started_ms)
    else {
        return account;
    };
    account.text = format!("{}\n{}", account.text, summary.text());
    let (mut dice_chart, mut timeline_chart) = (None, None);
    if pictures {
        let names = session.names();
        account.image = Some(crate::table::Picture {
            view: std::sync::Arc::new(game.view(None)),
            names: std::sync::Arc::new(names),
        });
        dice_chart = crate::render::render_dice_chart(&summary.dice)
            .map_err(|e| tracing::warn!(game = session.id(), error = %e, "dice chart not drawn"))
            .ok();
        timeline_chart = super::stats::timeline_png(session);
    }
    account.buttons = buttons;
    account.kind = ReplyKind::GameEnd {
        summary: Box::new(summary),
        dice_chart,
        timeline_chart,
    };
    account
}
