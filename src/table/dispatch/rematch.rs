//! Rematch: after a won game, a new lobby in the same place with the same settings. Whoever
//! asks first opens it as host and sits down; the other players of the finished game are
//! invited (pinged) and sit down by asking for the rematch too, or with Join.
//!
//! Invited, not seated for them: a player who has gone would otherwise hold a seat, and the
//! new game would wait for them at every turn. Bots cannot ask: the finished game's bots sit
//! down in the new lobby at once, with their names and levels. Only the finished game's players may ask: a
//! rematch is theirs (anyone can still open a new game). The seed is not carried over, even a
//! chosen one: the same seed would deal the same board, deck and dice again.

use super::actions::button_id;
use super::seating::{join, lobby_reply, new_lobby};
use super::{bots, refuse, session_in};
use crate::bots::BotLevel;
use crate::table::Table;
use crate::table::lobby::{LobbySettings, Setting};
use crate::table::record::{GameMeta, SeatUser, decode_finished};
use crate::table::reply::{Button, Caller, GameId, Reply};

/// The Rematch button of a finished game's summary.
pub(crate) fn rematch_button(game: GameId) -> Button {
    Button {
        id: button_id(game, "rematch", 0),
        label: crate::t!("rematch-button"),
    }
}

/// A rematch of `game` (from its button), or of the latest game won in the caller's place.
pub(super) fn rematch(
    table: &mut Table,
    caller: &Caller,
    game: Option<GameId>,
    now_ms: u64,
) -> Vec<Reply> {
    let found = match game {
        Some(id) => finished_game(table, |m| m.id == id),
        None => finished_game(table, |m| m.place == caller.place),
    };
    let previous = match found {
        Ok(Some(meta)) => meta,
        Ok(None) => {
            return refuse(caller, crate::t!("rematch-no-finished-game"));
        }
        Err(e) => {
            return refuse(caller, crate::t!("rematch-not-read", error = e.to_string()));
        }
    };
    if previous.place != caller.place {
        return refuse(caller, crate::t!("rematch-other-place", game = previous.id));
    }
    if !previous.seats.iter().any(|s| s.user == caller.user) {
        let names: Vec<&str> = previous.seats.iter().map(|s| s.name.as_str()).collect();
        return refuse(
            caller,
            crate::t!(
                "rematch-only-players",
                game = previous.id,
                names = names.join(", ")
            ),
        );
    }
    if let Some(s) = session_in(table, caller.place) {
        if s.game().is_none() {
            // A lobby is open here (the rematch, once someone asked): sit down in it.
            return join(table, caller);
        }
        return refuse(caller, crate::t!("rematch-game-running", game = s.id()));
    }
    // The rematch counts towards the same community, whatever the button's caller knew.
    let mut opener = caller.clone();
    opener.community = caller.community.or(previous.community);
    let mut replies = new_lobby(table, &opener, &same_settings(&previous.settings), now_ms);
    if replies.iter().any(Reply::is_refusal) {
        return replies;
    }
    // Bots cannot ask for the rematch: the same bots (names and levels) sit down at once.
    let bots: Vec<(String, BotLevel)> = previous
        .seats
        .iter()
        .filter_map(|u| Some((u.name.clone(), previous.seated_bot(u.user)?.level)))
        .collect();
    if !bots.is_empty() {
        match bots::seat_again(table, caller.place, &bots) {
            Ok(news) => {
                let opened = crate::t!("seating-opened", name = caller.name.clone());
                if let (Some(lobby), Some(s)) =
                    (replies.first_mut(), session_in(table, caller.place))
                {
                    lobby.text = lobby_reply(s, &format!("{opened} {news}")).text;
                }
            }
            Err(e) => replies.push(refuse(caller, e).remove(0)),
        }
    }
    let invited: Vec<&SeatUser> = previous
        .seats
        .iter()
        .filter(|s| s.user != caller.user && previous.seated_bot(s.user).is_none())
        .collect();
    if let Some(lobby) = replies.first_mut() {
        let names: Vec<&str> = invited.iter().map(|s| s.name.as_str()).collect();
        lobby.text = if names.is_empty() {
            crate::t!(
                "rematch-lobby-no-one-invited",
                game = previous.id,
                lobby = lobby.text.clone()
            )
        } else {
            crate::t!(
                "rematch-lobby",
                game = previous.id,
                lobby = lobby.text.clone(),
                names = names.join(", ")
            )
        };
        lobby.mention = invited.iter().map(|s| s.user).collect();
    }
    replies
}

/// Every lobby setting of a finished game except its seed, as settings to open a lobby with.
/// Destructured in full so that a new setting cannot be forgotten here.
fn same_settings(settings: &LobbySettings) -> Vec<Setting> {
    let LobbySettings {
        max_players,
        board,
        vp_target,
        discard_limit,
        timer_minutes,
        seed: _,
        afk,
        helpers,
        friendly_robber,
        balanced_dice,
        lang,
        rated,
    } = settings;
    let rated = rated.map(Setting::Rated);
    vec![
        Setting::Players(*max_players),
        Setting::Board(*board),
        Setting::VpTarget(*vp_target),
        Setting::DiscardLimit(*discard_limit),
        Setting::Timer(*timer_minutes),
        Setting::Afk(*afk),
        Setting::Helpers(*helpers),
        Setting::FriendlyRobber(*friendly_robber),
        Setting::BalancedDice(*balanced_dice),
        Setting::Lang(*lang),
    ]
    .into_iter()
    .chain(rated)
    .collect()
}

/// The latest finished game whose record matches `wanted`: one still in memory, or one from
/// the store (after a restart). Reading the store's finished records is a scan, acceptable for
/// a command asked once per game.
fn finished_game(
    table: &Table,
    wanted: impl Fn(&GameMeta) -> bool,
) -> Result<Option<GameMeta>, String> {
    let in_memory = table
        .sessions
        .values()
        .filter(|s| s.meta.finished && wanted(&s.meta))
        .map(|s| s.meta.clone())
        .max_by_key(|m| m.id);
    if in_memory.is_some() {
        return Ok(in_memory);
    }
    let stored = table.store.finished_games().map_err(|e| e.to_string())?;
    Ok(stored
        .iter()
        .rev()
        .filter_map(|(id, bytes)| match decode_finished(bytes) {
            Ok(record) => Some(record.meta),
            Err(reason) => {
                tracing::warn!(game = id, %reason, "finished game unreadable");
                None
            }
        })
        .find(|m| wanted(m)))
}
