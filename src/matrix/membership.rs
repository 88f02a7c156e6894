//! Who left and who came back: a player's `m.room.member` event (their own leave, a kick or a
//! ban; a join after one of those) becomes the table's `player_left` / `player_returned`. The
//! table decides what follows (a bot takes the seat, the game waits, the lobby loses a seat)
//! and what the room is told; this module only translates.
//!
//! Once: the event is marked handled before the table hears of it (a restart that reads the
//! timeline again skips it), only a change of membership counts (a ban after a leave, a new
//! display name, is not a second leave or a return), and the table itself ignores a leave it
//! knows.

use std::sync::Arc;

use serde_json::Value;

use super::bot::MatrixBot;
use super::error::MatrixError;
use super::ids::Kind;
use super::inbound::{TimelineEvent, mark, play};

/// What a membership event means for the game in the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    Left,
    Returned,
}

/// The change from the membership before (`None`: unknown) to the one now.
pub fn change(before: Option<&str>, now: &str) -> Option<Change> {
    let was_in = match before {
        Some(before) => before == "join",
        // Unknown: a leave is taken as one (the table ignores a leave it knows), a join too
        // (the table ignores the return of someone who never left).
        None => now != "join",
    };
    match now {
        "leave" | "ban" if was_in => Some(Change::Left),
        "join" if !was_in => Some(Change::Returned),
        _ => None,
    }
}

fn membership(content: &Value) -> Option<&str> {
    content.get("membership").and_then(Value::as_str)
}

/// Handles an `m.room.member` event of `room` about someone other than the bot.
pub async fn handle(
    bot: &Arc<MatrixBot>,
    room: &str,
    event: &TimelineEvent,
) -> Result<(), MatrixError> {
    let Some(user) = event.state_key.as_deref().filter(|u| *u != bot.me) else {
        return Ok(());
    };
    let Some(now) = membership(&event.content) else {
        return Ok(());
    };
    let before = event.unsigned.get("prev_content").and_then(membership);
    let Some(change) = change(before, now) else {
        return Ok(());
    };
    mark(bot, event)?;
    tracing::info!(room, user, ?change, "membership");
    let place = bot.number(Kind::Room, room)?;
    let player = bot.number(Kind::User, user)?;
    match change {
        Change::Left => play(bot, move |t, _| t.player_left(place, player)).await,
        Change::Returned => play(bot, move |t, _| t.player_returned(place, player)).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_change_of_membership_counts() {
        assert_eq!(change(Some("join"), "leave"), Some(Change::Left));
        assert_eq!(change(Some("join"), "ban"), Some(Change::Left));
        assert_eq!(change(None, "leave"), Some(Change::Left));
        // Banned after leaving: not a second leave.
        assert_eq!(change(Some("leave"), "ban"), None);
        // An invite declined: never was in.
        assert_eq!(change(Some("invite"), "leave"), None);
        assert_eq!(change(Some("leave"), "join"), Some(Change::Returned));
        assert_eq!(change(Some("invite"), "join"), Some(Change::Returned));
        // A new display name or avatar.
        assert_eq!(change(Some("join"), "join"), None);
        assert_eq!(change(Some("join"), "invite"), None);
    }
}
