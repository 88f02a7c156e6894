//! Seating: opening a game, lobby settings, joining and leaving, starting and abandoning.

use super::actions::button_id;
use super::records::{dice_line, reveal};
use super::turn_message::prompt;
use super::{bots, no_game, refuse, session_in};
use crate::engine::Game;
use crate::table::lobby::{LobbySettings, Setting};
use crate::table::public_record::Outcome;
use crate::table::record::{GameMeta, META_SCHEMA, SeatUser, Started};
use crate::table::reply::{Button, Caller, GameId, Hint, PlaceId, Reply, ReplyKind};
use crate::table::session::Session;
use crate::table::{Table, fairness, lobby, names, timer};

/// Unstarted lobbies one player may host at once (each holds a place and a stored record).
pub const MAX_LOBBIES_PER_HOST: usize = 3;

pub(super) fn lobby_buttons(id: GameId) -> Vec<Button> {
    [
        ("join", crate::t!("seating-button-join")),
        ("leave", crate::t!("seating-button-leave")),
        ("addbot", crate::t!("seating-button-add-bot")),
        ("start", crate::t!("seating-button-start")),
        ("abandon", crate::t!("seating-button-abandon")),
    ]
    .into_iter()
    .map(|(action, label)| Button {
        id: button_id(id, action, 0),
        label,
    })
    .collect()
}

pub(super) fn lobby_text(s: &Session) -> String {
    let names = s.names();
    let host = s
        .meta
        .seats
        .iter()
        .find(|u| u.user == s.meta.host)
        .map(|u| u.name.clone())
        .unwrap_or_default();
    let settings = &s.meta.settings;
    let needed = lobby::MIN_PLAYERS as usize;
    let state = if names.len() < needed {
        crate::t!("seating-lobby-waiting", count = needed)
    } else {
        crate::t!("seating-lobby-ready", host = host.clone())
    };
    crate::t!(
        "seating-lobby",
        game = s.id(),
        host = host,
        settings = settings.describe(),
        seated = names.len(),
        seats = settings.max_players,
        names = names.join(", "),
        state = state
    )
}

/// The lobby message (one per game, edited in place); `news` says what just changed.
pub(super) fn lobby_reply(s: &Session, news: &str) -> Reply {
    // The news goes last: a terminal, which cannot edit, then prints only the changed lines.
    let mut r = Reply::public(s.place(), format!("{}\n{}", lobby_text(s), news.trim()))
        .with_game(s.id())
        .with_kind(ReplyKind::Lobby { game: s.id() })
        .with_hints(vec![Hint::Join, Hint::Start]);
    r.buttons = lobby_buttons(s.id());
    r.to_caller()
}

pub(super) fn new_lobby(
    table: &mut Table,
    caller: &Caller,
    changes: &[Setting],
    now_ms: u64,
) -> Vec<Reply> {
    if let Some(s) = session_in(table, caller.place) {
        let text = if s.game().is_some() {
            crate::t!("seating-already-running-here", game = s.id())
        } else {
            crate::t!("seating-already-lobby-here", game = s.id())
        };
        return refuse(caller, text);
    }
    let hosted: Vec<GameId> = table
        .sessions
        .values()
        .filter(|s| s.game().is_none() && s.meta.host == caller.user)
        .map(Session::id)
        .collect();
    if hosted.len() >= MAX_LOBBIES_PER_HOST {
        let list: Vec<String> = hosted
            .iter()
            .map(|id| crate::t!("seating-game-id", game = *id))
            .collect();
        return refuse(
            caller,
            crate::t!(
                "seating-too-many-lobbies",
                count = hosted.len(),
                games = list.join(", ")
            ),
        );
    }
    let mut settings = LobbySettings::new(table.options.default_timer_minutes);
    // The opener's language unless they chose one (`lang de`); its texts start here.
    settings.lang = crate::i18n::current();
    settings.apply(changes);
    let _lang = crate::i18n::scope(settings.lang);
    let id = table.next_id;
    let meta = GameMeta {
        schema: META_SCHEMA,
        id,
        place: caller.place,
        host: caller.user,
        created_ms: now_ms,
        settings,
        seats: vec![SeatUser {
            user: caller.user,
            name: names::table_name(&caller.name, caller.user, &[]),
        }],
        started: None,
        offers: Vec::new(),
        next_offer: 1,
        live_messages: Vec::new(),
        bots: Vec::new(),
        stand_ins: Vec::new(),
        left: Vec::new(),
        community: caller.community,
        bot_offered: None,
        finished: false,
    };
    let mut session = Session::new_lobby(meta);
    let bot_news = match bots::bot_count(changes).map(|n| bots::set_bot_count(&mut session, n)) {
        Some(Err(e)) => return refuse(caller, e),
        Some(Ok(news)) => news,
        None => String::new(),
    };
    session.refresh_players();
    if let Err(e) = session.save_meta(&*table.store) {
        return refuse(
            caller,
            crate::t!("seating-game-not-saved", error = e.to_string()),
        );
    }
    table.next_id += 1;
    let note = if session.meta.settings.max_players == 2 {
        format!("{}\n", crate::t!("seating-two-player-note"))
    } else {
        String::new()
    };
    let opened = crate::t!("seating-opened", name = caller.name.clone());
    let reply = lobby_reply(&session, &format!("{opened} {bot_news}{note}"));
    table.insert_session(session);
    vec![reply]
}

/// Applies a lobby change under the host's or a joiner's authority, saving the meta record;
/// on a failed save the lobby stays as it was.
pub(super) fn change_lobby(
    table: &mut Table,
    caller: &Caller,
    change: impl FnOnce(&mut Session) -> Result<String, String>,
) -> Vec<Reply> {
    let Some(&id) = table.by_place.get(&caller.place) else {
        return no_game(caller);
    };
    let Some(session) = table.sessions.get_mut(&id) else {
        return no_game(caller);
    };
    if session.game().is_some() {
        return refuse(caller, crate::t!("seating-lobby-only"));
    }
    let before = session.meta.clone();
    let prefix = match change(session) {
        Ok(p) => p,
        Err(msg) => return refuse(caller, msg),
    };
    session.refresh_players();
    if let Err(e) = session.save_meta_or_restore(&*table.store, before) {
        return refuse(
            caller,
            crate::t!("seating-lobby-not-saved", error = e.to_string()),
        );
    }
    vec![lobby_reply(session, &prefix)]
}

pub(super) fn set_settings(table: &mut Table, caller: &Caller, changes: &[Setting]) -> Vec<Reply> {
    let user = caller.user;
    // A new language applies to the answer already (the lobby message is remade in it).
    let _lang = changes.iter().find_map(|c| match c {
        Setting::Lang(lang) => Some(crate::i18n::scope(*lang)),
        _ => None,
    });
    change_lobby(table, caller, |s| {
        if s.meta.host != user {
            return Err(crate::t!("seating-only-host-settings"));
        }
        let mut next = s.meta.settings.clone();
        next.apply(changes);
        if (next.max_players as usize) < s.meta.seats.len() {
            return Err(crate::t!(
                "seating-table-too-small",
                count = s.meta.seats.len()
            ));
        }
        s.meta.settings = next;
        let bot_news = match bots::bot_count(changes) {
            Some(n) => bots::set_bot_count(s, n)?,
            None => String::new(),
        };
        Ok(format!(
            "{} {bot_news}",
            crate::t!("seating-settings-changed")
        ))
    })
}

pub(super) fn join(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let user = caller.user;
    let display = caller.name.clone();
    change_lobby(table, caller, |s| {
        if s.seat_of(user).is_some() {
            return Err(crate::t!("seating-already-joined"));
        }
        if s.meta.seats.len() >= s.meta.settings.max_players as usize {
            return Err(crate::t!(
                "seating-table-full",
                count = s.meta.settings.max_players
            ));
        }
        let name = names::table_name(&display, user, &s.names());
        s.meta.seats.push(SeatUser {
            user,
            name: name.clone(),
        });
        Ok(format!("{} ", crate::t!("seating-joined", name = name)))
    })
}

pub(super) fn leave(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    if s.game().is_some() {
        return refuse(caller, crate::t!("seating-cannot-leave-running"));
    }
    if s.seat_of(caller.user).is_none() {
        return refuse(caller, crate::t!("seating-not-joined"));
    }
    if s.meta.seats.len() == 1 {
        let id = s.id();
        return close_game(
            table,
            caller,
            id,
            crate::t!("seating-left-closed", name = caller.name.clone()),
        );
    }
    let user = caller.user;
    let name = caller.name.clone();
    change_lobby(table, caller, |s| {
        s.meta.seats.retain(|u| u.user != user);
        if s.meta.host == user
            && let Some(first) = s.meta.seats.first()
        {
            s.meta.host = first.user;
        }
        Ok(format!("{} ", crate::t!("seating-left", name = name)))
    })
}

pub(super) fn close_game(
    table: &mut Table,
    caller: &Caller,
    id: GameId,
    text: String,
) -> Vec<Reply> {
    if let Err(e) = table.store.remove_game(id) {
        return refuse(
            caller,
            crate::t!("seating-game-not-removed", error = e.to_string()),
        );
    }
    table.forget(id);
    vec![Reply::public(caller.place, text).with_game(id).to_caller()]
}

/// `24 h`, `90 min`: a duration for players.
fn duration_text(ms: u64) -> String {
    let minutes = ms.div_ceil(timer::MINUTE_MS);
    if minutes >= 60 && minutes.is_multiple_of(60) {
        crate::t!("seating-duration-hours", count = minutes / 60)
    } else {
        crate::t!("seating-duration-minutes", count = minutes)
    }
}

/// Closes every lobby that was not started within the table's lobby expiry, with a public
/// message in its place. A lobby whose removal from the store fails still leaves memory (it
/// expires again, at once, after the next restart) so that a failing store can't make the
/// timer spin on it. Lobbies at the places `held` holds wait (their platform cannot be reached).
pub fn expire_lobbies(
    table: &mut Table,
    now_ms: u64,
    held: &dyn Fn(PlaceId) -> bool,
) -> Vec<Reply> {
    let expiry = table.options.lobby_expiry_ms;
    let expired: Vec<(GameId, PlaceId)> = table
        .sessions
        .values()
        .filter(|s| s.game().is_none() && !held(s.place()))
        .filter(|s| timer::lobby_deadline(s.meta.created_ms, expiry).is_some_and(|d| now_ms >= d))
        .map(|s| (s.id(), s.place()))
        .collect();
    let mut replies = Vec::new();
    for (id, place) in expired {
        let _lang = crate::i18n::scope(table.lang_of(id));
        if let Err(e) = table.store.remove_game(id) {
            tracing::warn!(game = id, error = %e, "could not remove an expired lobby");
        }
        table.forget(id);
        let after = duration_text(expiry.unwrap_or(0));
        replies.push(
            Reply::public(
                place,
                crate::t!("seating-lobby-expired", game = id, after = after),
            )
            .with_game(id),
        );
    }
    replies
}

pub(super) fn abandon(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return no_game(caller);
    };
    if s.meta.host != caller.user && !caller.is_manager {
        return refuse(caller, crate::t!("seating-only-host-abandon"));
    }
    let id = s.id();
    // A started game reveals its seed and record, as at a normal end.
    let reveal = reveal(s, Outcome::Abandoned);
    let mut replies = close_game(
        table,
        caller,
        id,
        crate::t!("seating-abandoned", name = caller.name.clone()),
    );
    if let (Some(reveal), Some(closed)) = (reveal, replies.first_mut())
        && !closed.is_refusal()
    {
        closed.text = format!("{}\n{}", closed.text, reveal.text);
        closed.file = reveal.file;
    }
    replies
}

pub(super) fn start(table: &mut Table, caller: &Caller, now_ms: u64) -> Vec<Reply> {
    let Some(&id) = table.by_place.get(&caller.place) else {
        return no_game(caller);
    };
    let Some(session) = table.sessions.get_mut(&id) else {
        return no_game(caller);
    };
    let seeds = &mut table.seeds;
    if session.game().is_some() {
        return refuse(caller, crate::t!("seating-already-running"));
    }
    if session.meta.host != caller.user {
        return refuse(caller, crate::t!("seating-only-host-start"));
    }
    let players = session.meta.seats.len();
    if players < lobby::MIN_PLAYERS as usize {
        return refuse(caller, crate::t!("seating-too-few-players"));
    }
    let host_seed = session.meta.settings.seed;
    let seed = match host_seed {
        Some(seed) => seed,
        None => match seeds.draw() {
            Ok(seed) => seed,
            Err(e) => {
                return refuse(
                    caller,
                    crate::t!("seating-could-not-start", error = e.to_string()),
                );
            }
        },
    };
    let before = session.meta.clone();
    let joined: Vec<String> = session.meta.seats.iter().map(|s| s.name.clone()).collect();
    fairness::seat_order(seed, &mut session.meta.seats);
    let settings = session.meta.settings.engine_settings(players as u8);
    let mut notes = Vec::new();
    if players == 2 {
        notes.push(crate::t!("seating-two-player-start"));
    }
    if settings.layout != session.meta.settings.board {
        notes.push(crate::t!("seating-beginner-map-too-small"));
    }
    let commitment = fairness::commitment(id, seed);
    session.meta.started = Some(Started {
        seed,
        at_ms: now_ms,
        settings: settings.clone(),
        commitment: Some(commitment.clone()),
        joined,
    });
    session.refresh_players();
    if let Err(e) = session.save_meta_or_restore(&*table.store, before) {
        return refuse(
            caller,
            crate::t!("seating-game-not-saved", error = e.to_string()),
        );
    }
    let game = Game::new(settings, seed);
    session.begin(game, now_ms);
    let mut text = crate::t!(
        "seating-begins",
        names = session.names().join(", "),
        rules = session.meta.settings.describe_rules()
    );
    for n in notes {
        text.push_str(&format!("\n{n}"));
    }
    text.push_str(&format!("\n{}", dice_line(id, host_seed, &commitment)));
    let place = session.place();
    // The lobby message becomes the start message: no more Join/Start buttons.
    let mut replies = vec![
        Reply::public(place, text)
            .with_game(id)
            .with_kind(ReplyKind::Lobby { game: id })
            .to_caller(),
    ];
    replies.extend(prompt(table, id, true, true));
    replies
}
