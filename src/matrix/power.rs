//! Told, not logged: when a room's power levels forbid the bot to post, to react (the turn
//! message's 🎲 🛒 ✅ 🃏, an offer's ✅ ❌) or to take back its own reactions, someone who can
//! fix it hears of it in plain words: the room, if the bot may post there, else the person who
//! invited the bot, in a direct room. The host's log has it too.
//!
//! Once per room and problem: the problems told are recorded (durably, in `state.rs`) before
//! the notice goes out; a check finding the same ones says nothing, also after a restart. A
//! problem fixed is forgotten, so it is told again if it comes back. Checked for every joined
//! room at start-up, and whenever a sync brings a room's power levels, encryption or the
//! bot's own membership.

use matrix_sdk::Room;
use matrix_sdk::ruma::UserId;
use matrix_sdk::ruma::events::MessageLikeEventType;
use matrix_sdk::ruma::events::room::power_levels::{RoomPowerLevels, UserPowerLevel};
use matrix_sdk::sync::JoinedRoomUpdate;
use serde_json::Value;

use super::bot::MatrixBot;
use super::client;
use super::error::MatrixError;
use super::format;
use super::ids::Kind;
use crate::table::Caller;

/// Something the bot may not do in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Post messages: nothing it says reaches the room.
    Post,
    /// Add reactions: the turn message's and offers' reactions are missing.
    React,
    /// Redact its own events: closed offers keep their ✅ ❌.
    Redact,
}

impl Problem {
    /// The name it is recorded under.
    fn key(self) -> &'static str {
        match self {
            Problem::Post => "post",
            Problem::React => "react",
            Problem::Redact => "redact",
        }
    }
}

/// A problem with the levels behind it: the bot's and the one the action needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missing {
    pub problem: Problem,
    pub have: i64,
    pub need: i64,
}

/// What `levels` forbid `me`. In an encrypted room messages and reactions are both sent as
/// `m.room.encrypted`, so that type's level is what counts for them. When the bot may not
/// post, that alone is reported: it is told elsewhere, and the rest is moot until it is fixed.
pub fn problems(levels: &RoomPowerLevels, me: &UserId, encrypted: bool) -> Vec<Missing> {
    let have = match levels.for_user(me) {
        // A room creator (room version 12) may do anything.
        UserPowerLevel::Infinite => return Vec::new(),
        UserPowerLevel::Int(level) => i64::from(level),
        // A kind of level newer than this code: taken as allowed, so nobody is told wrongly.
        _ => return Vec::new(),
    };
    let sent = |plain: MessageLikeEventType| {
        if encrypted {
            MessageLikeEventType::RoomEncrypted
        } else {
            plain
        }
    };
    let checks = [
        (Problem::Post, sent(MessageLikeEventType::RoomMessage)),
        (Problem::React, sent(MessageLikeEventType::Reaction)),
        (Problem::Redact, MessageLikeEventType::RoomRedaction),
    ];
    let missing: Vec<Missing> = checks
        .into_iter()
        .map(|(problem, kind)| Missing {
            problem,
            have,
            need: i64::from(levels.for_message(kind)),
        })
        .filter(|m| m.have < m.need)
        .collect();
    match missing.iter().find(|m| m.problem == Problem::Post) {
        Some(post) => vec![*post],
        None => missing,
    }
}

/// Remembers who invited the bot to a room (from the invite's stripped state), to tell them
/// if the bot may not post there.
pub fn remember_inviter(bot: &MatrixBot, room: &str, invite_state: &[Value]) {
    let inviter = invite_state.iter().find_map(|e| {
        (e["type"] == "m.room.member" && e["state_key"] == bot.me.as_str())
            .then(|| e["sender"].as_str())
            .flatten()
    });
    if let Some(inviter) = inviter
        && let Err(e) = bot.state().remember_inviter(room, inviter)
    {
        tracing::warn!(room, "could not remember who invited the bot: {e}");
    }
}

/// Whether a sync's update of a room may change what the bot may do there.
pub fn may_change(bot: &MatrixBot, update: &JoinedRoomUpdate) -> bool {
    let state = match &update.state {
        matrix_sdk::sync::State::Before(events) | matrix_sdk::sync::State::After(events) => {
            events.iter().map(|e| e.json().get()).collect::<Vec<_>>()
        }
    };
    let timeline = update.timeline.events.iter().map(|e| e.raw().json().get());
    state.into_iter().chain(timeline).any(|raw| {
        let Ok(event) = serde_json::from_str::<Value>(raw) else {
            return false;
        };
        match event["type"].as_str() {
            Some("m.room.power_levels" | "m.room.encryption") => true,
            Some("m.room.member") => event["state_key"] == bot.me.as_str(),
            _ => false,
        }
    })
}

/// Checks every room the bot is in (at start-up).
pub async fn check_all(bot: &MatrixBot) {
    for room in bot.client.joined_rooms() {
        check(bot, &room).await;
    }
}

/// Checks one room's power levels; tells what is newly forbidden, once.
pub async fn check(bot: &MatrixBot, room: &Room) {
    let room_id = room.room_id().to_string();
    if !bot.allowed(&room_id) {
        return;
    }
    if let Err(e) = check_room(bot, room, &room_id).await {
        tracing::warn!(room = room_id, "checking what the bot may do failed: {e}");
    }
}

async fn check_room(bot: &MatrixBot, room: &Room, room_id: &str) -> Result<(), MatrixError> {
    // Not known yet (the room's state comes with a later sync): checked then.
    let Ok(levels) = room.power_levels().await else {
        return Ok(());
    };
    let me = client::user_id(&bot.me)?;
    let found = problems(&levels, &me, room.encryption_state().is_encrypted());
    let keys: Vec<String> = found.iter().map(|m| m.problem.key().to_string()).collect();
    let told: Vec<String> = bot.state().told(room_id).to_vec();
    let new: Vec<Missing> = found
        .into_iter()
        .filter(|m| !told.iter().any(|k| k == m.problem.key()))
        .collect();
    // Recorded first: a crash between this and the notice loses the notice, never repeats it.
    bot.state().set_told(room_id, &keys)?;
    for missing in new {
        tracing::warn!(
            room = room_id,
            problem = ?missing.problem,
            have = missing.have,
            need = missing.need,
            "the room's power levels forbid the bot something; telling the room or its inviter"
        );
        tell(bot, room, room_id, missing).await?;
    }
    Ok(())
}

/// Says what is missing: in the room if the bot may post there, else to the inviter.
async fn tell(
    bot: &MatrixBot,
    room: &Room,
    room_id: &str,
    missing: Missing,
) -> Result<(), MatrixError> {
    let place = bot.number(Kind::Room, room_id)?;
    let lang = bot
        .table
        .call_quiet(move |t| t.lang_at(&Caller::new(place, 0, "")))
        .await?;
    let (have, need) = (missing.have, missing.need);
    let room_name = room.name().unwrap_or_else(|| room_id.to_string());
    let text = {
        // The language scope is left before any await.
        let _scope = crate::i18n::scope(lang);
        match missing.problem {
            Problem::React => crate::t!("mx-power-cannot-react", have = have, need = need),
            Problem::Redact => crate::t!("mx-power-cannot-redact", have = have, need = need),
            Problem::Post => crate::t!(
                "mx-power-cannot-post",
                room = room_name,
                have = have,
                need = need
            ),
        }
    };
    if missing.problem != Problem::Post {
        client::post(&bot.client, room_id, &format::text(&text)).await?;
        return Ok(());
    }
    let Some(inviter) = bot.state().inviter(room_id).map(str::to_string) else {
        tracing::warn!(
            room = room_id,
            "the bot may not post in this room and does not know who invited it: nobody told"
        );
        return Ok(());
    };
    let dm = bot.dm_room(&inviter).await?;
    client::post(&bot.client, &dm, &format::text(&text)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::events::room::power_levels::RoomPowerLevelsEventContent;
    use matrix_sdk::ruma::room_version_rules::AuthorizationRules;
    use matrix_sdk::ruma::{Int, OwnedUserId};

    fn int(n: i32) -> Int {
        Int::from(n)
    }

    fn levels(change: impl FnOnce(&mut RoomPowerLevelsEventContent)) -> RoomPowerLevels {
        let rules = AuthorizationRules::V1;
        let mut content = RoomPowerLevelsEventContent::new(&rules);
        change(&mut content);
        RoomPowerLevels::new(content.into(), &rules, Vec::new())
    }

    #[test]
    fn what_the_levels_forbid_the_bot() {
        let me: OwnedUserId = UserId::parse("@catan:hs").expect("a user id");
        let me = me.as_ref();
        let kinds = |l: &RoomPowerLevels, encrypted| -> Vec<(Problem, i64, i64)> {
            problems(l, me, encrypted)
                .into_iter()
                .map(|m| (m.problem, m.have, m.need))
                .collect()
        };
        assert!(kinds(&levels(|_| {}), false).is_empty(), "the defaults");
        let reactions = levels(|c| {
            c.events
                .insert(MessageLikeEventType::Reaction.into(), int(50));
        });
        assert_eq!(kinds(&reactions, false), [(Problem::React, 0, 50)]);
        // Encrypted, a reaction is an `m.room.encrypted` event: allowed.
        assert!(kinds(&reactions, true).is_empty());
        let muted = levels(|c| {
            c.events_default = int(10);
            c.events
                .insert(MessageLikeEventType::Reaction.into(), int(50));
        });
        assert_eq!(kinds(&muted, false), [(Problem::Post, 0, 10)], "post alone");
        assert_eq!(kinds(&muted, true), [(Problem::Post, 0, 10)]);
        let no_redactions = levels(|c| {
            c.events
                .insert(MessageLikeEventType::RoomRedaction.into(), int(20));
        });
        assert_eq!(kinds(&no_redactions, true), [(Problem::Redact, 0, 20)]);
        let promoted = levels(|c| {
            c.events_default = int(10);
            c.users.insert(me.to_owned(), int(10));
        });
        assert!(kinds(&promoted, false).is_empty());
    }
}
