//! Routing of inputs (text, buttons, reactions, clock ticks) to the hosted games, and the
//! replies each accepted input produces. The rules live in the engine, negotiation in
//! `offers`, texts in `messages`; this module only wires them together.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Action, Event, Game, Phase, Resource, Seat};

use super::Table;
use super::command::{self, Command, TradeCommand};
use super::lobby::{self, LobbySettings, Setting};
use super::messages;
use super::offers::{self, Offer};
use super::record::{GameMeta, META_SCHEMA, SeatUser, Started};
use super::reply::{Button, Caller, GameId, PlaceKind, Reaction, Reply, ReplyKind, UserId};
use super::rules_help;
use super::session::{ApplyError, Session};
use super::timer;

const MAX_SUGGESTIONS: usize = 25;

fn refuse(caller: &Caller, text: impl Into<String>) -> Vec<Reply> {
    vec![Reply::refusal(caller.user, text)]
}

fn private_to_caller(caller: &Caller, text: impl Into<String>) -> Reply {
    Reply::private(caller.user, text).to_caller()
}

pub fn text(table: &mut Table, caller: &Caller, text: &str, now_ms: u64) -> Vec<Reply> {
    let parsed = {
        let session = table
            .by_place
            .get(&caller.place)
            .and_then(|id| table.sessions.get(id));
        let ctx = session.and_then(Session::parse_context);
        command::parse(text, ctx.as_ref())
    };
    match parsed {
        Ok(cmd) => run(table, caller, cmd, now_ms),
        Err(e) => {
            let game = table.by_place.get(&caller.place).copied();
            let mut r = Reply::refusal(caller.user, e.to_string());
            r.game = game;
            vec![r]
        }
    }
}

fn run(table: &mut Table, caller: &Caller, cmd: Command, now_ms: u64) -> Vec<Reply> {
    match cmd {
        Command::Help => vec![private_to_caller(caller, rules_help::help())],
        Command::Rules(topic) => vec![private_to_caller(
            caller,
            rules_help::rules(topic.as_deref()),
        )],
        Command::New(settings) => new_lobby(table, caller, &settings, now_ms),
        Command::Set(settings) => set_settings(table, caller, &settings),
        Command::Join => join(table, caller),
        Command::Leave => leave(table, caller),
        Command::Start => start(table, caller, now_ms),
        Command::Abandon => abandon(table, caller),
        Command::Status => status(table, caller),
        Command::Hand => hand(table, caller),
        Command::Board => board(table, caller),
        Command::Log => {
            let Some(s) = session_in(table, caller.place) else {
                return refuse(caller, NO_GAME);
            };
            let lines: Vec<&String> = s.recent().collect();
            let text = if lines.is_empty() {
                "Nothing has happened yet.".to_string()
            } else {
                lines
                    .iter()
                    .map(|l| l.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            vec![private_to_caller(caller, text).with_game(s.id())]
        }
        Command::Action(action) => {
            let Some((id, seat)) = seated(table, caller) else {
                return seat_refusal(table, caller);
            };
            act(table, id, seat, &action, Some(caller), now_ms, None)
        }
        Command::Bank {
            give,
            give_amount,
            get,
            get_amount,
        } => bank(table, caller, give, give_amount, get, get_amount, now_ms),
        Command::Trade(tc) => trade(table, caller, tc, now_ms),
    }
}

const NO_GAME: &str = "There is no game in this place. Start one with `new`, or type `help`.";

fn session_in(table: &Table, place: u64) -> Option<&Session> {
    table
        .by_place
        .get(&place)
        .and_then(|id| table.sessions.get(id))
}

/// The caller's running game and seat.
fn seated(table: &Table, caller: &Caller) -> Option<(GameId, Seat)> {
    let s = session_in(table, caller.place)?;
    s.game()?;
    Some((s.id(), s.seat_of(caller.user)?))
}

/// Why [`seated`] failed, in words.
fn seat_refusal(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return refuse(caller, NO_GAME);
    };
    let names = s.names().join(", ");
    let text = if s.game().is_none() {
        format!("The game has not started yet (joined: {names}); the host types `start`.")
    } else {
        format!("You are not playing in this game (players: {names}).")
    };
    let mut r = Reply::refusal(caller.user, text);
    r.game = Some(s.id());
    vec![r]
}

/// The caller's own hand, privately.
fn hand(table: &Table, caller: &Caller) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let text = table
        .sessions
        .get(&id)
        .and_then(|s| s.game())
        .map(|g| messages::hand_text(g, seat))
        .unwrap_or_default();
    vec![private_to_caller(caller, text).with_game(id)]
}

// ---------------------------------------------------------------------------------------
// Lobby

fn lobby_buttons(id: GameId) -> Vec<Button> {
    vec![
        Button {
            id: button_id(id, "join", 0),
            label: "Join".into(),
        },
        Button {
            id: button_id(id, "start", 0),
            label: "Start".into(),
        },
    ]
}

fn lobby_text(s: &Session) -> String {
    let names = s.names();
    let host = s
        .meta
        .seats
        .iter()
        .find(|u| u.user == s.meta.host)
        .map(|u| u.name.clone())
        .unwrap_or_default();
    format!(
        "Lobby (game {}): {}.\nPlayers ({}/{}): {}. Host: {host}.\nType `join` to sit down; the host types `start`.",
        s.id(),
        s.meta.settings.describe(),
        names.len(),
        s.meta.settings.max_players,
        names.join(", ")
    )
}

fn lobby_reply(s: &Session, prefix: &str) -> Reply {
    let mut r = Reply::public(s.place(), format!("{prefix}{}", lobby_text(s))).with_game(s.id());
    r.buttons = lobby_buttons(s.id());
    r.to_caller()
}

fn new_lobby(table: &mut Table, caller: &Caller, changes: &[Setting], now_ms: u64) -> Vec<Reply> {
    if let Some(s) = session_in(table, caller.place) {
        let what = if s.game().is_some() {
            "a running game"
        } else {
            "an open lobby"
        };
        return refuse(
            caller,
            format!(
                "There is already {what} here (game {}): one game per place. Join it, or the host or a manager can `abandon` it.",
                s.id()
            ),
        );
    }
    let mut settings = LobbySettings::new(table.options.default_timer_minutes);
    settings.apply(changes);
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
            name: clean_name(&caller.name, caller.user),
        }],
        started: None,
        offers: Vec::new(),
        next_offer: 1,
        finished: false,
    };
    let session = Session::new_lobby(meta);
    if let Err(e) = session.save_meta(&*table.store) {
        return refuse(
            caller,
            format!("The game could not be saved ({e}); try again."),
        );
    }
    table.next_id += 1;
    let note = if session.meta.settings.max_players == 2 {
        "(2 players: a casual game; the rules are written for 3 or more.)\n"
    } else {
        ""
    };
    let reply = lobby_reply(&session, &format!("{} opened a game. {note}", caller.name));
    table.insert_session(session);
    vec![reply]
}

/// A display name usable in commands: trimmed, no line breaks, not empty.
fn clean_name(name: &str, user: UserId) -> String {
    let n: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .to_string();
    if n.is_empty() {
        format!("player{user}")
    } else {
        n
    }
}

/// Applies a lobby change under the host's or a joiner's authority, saving the meta record;
/// on a failed save the lobby stays as it was.
fn change_lobby(
    table: &mut Table,
    caller: &Caller,
    change: impl FnOnce(&mut Session) -> Result<String, String>,
) -> Vec<Reply> {
    let Some(&id) = table.by_place.get(&caller.place) else {
        return refuse(caller, NO_GAME);
    };
    let Some(session) = table.sessions.get_mut(&id) else {
        return refuse(caller, NO_GAME);
    };
    if session.game().is_some() {
        return refuse(
            caller,
            "The game is already running: lobby commands work before `start`.",
        );
    }
    let before = session.meta.clone();
    let prefix = match change(session) {
        Ok(p) => p,
        Err(msg) => return refuse(caller, msg),
    };
    session.refresh_players();
    if let Err(e) = session.save_meta(&*table.store) {
        session.meta = before;
        session.refresh_players();
        return refuse(
            caller,
            format!("The lobby could not be saved ({e}); try again."),
        );
    }
    vec![lobby_reply(session, &prefix)]
}

fn set_settings(table: &mut Table, caller: &Caller, changes: &[Setting]) -> Vec<Reply> {
    let user = caller.user;
    change_lobby(table, caller, |s| {
        if s.meta.host != user {
            return Err("Only the host can change the settings.".into());
        }
        let mut next = s.meta.settings.clone();
        next.apply(changes);
        if (next.max_players as usize) < s.meta.seats.len() {
            return Err(format!(
                "{} players have joined already; the table can't be smaller than that.",
                s.meta.seats.len()
            ));
        }
        s.meta.settings = next;
        Ok("Settings changed. ".into())
    })
}

fn join(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let name = clean_name(&caller.name, caller.user);
    let user = caller.user;
    change_lobby(table, caller, |s| {
        if s.seat_of(user).is_some() {
            return Err("You have already joined.".into());
        }
        if s.meta.seats.len() >= s.meta.settings.max_players as usize {
            return Err(format!(
                "The table is full ({} players).",
                s.meta.settings.max_players
            ));
        }
        let name = unique_name(&name, &s.names());
        s.meta.seats.push(SeatUser {
            user,
            name: name.clone(),
        });
        Ok(format!("{name} joined. "))
    })
}

/// Names identify players in commands, so two players never share one.
fn unique_name(name: &str, taken: &[String]) -> String {
    let clash = |n: &str| taken.iter().any(|t| t.eq_ignore_ascii_case(n));
    if !clash(name) {
        return name.to_string();
    }
    (2..)
        .map(|i| format!("{name}{i}"))
        .find(|n| !clash(n))
        .unwrap_or_else(|| name.to_string())
}

fn leave(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return refuse(caller, NO_GAME);
    };
    if s.game().is_some() {
        return refuse(
            caller,
            "You can't leave a running game; the host or a manager can `abandon` it.",
        );
    }
    if s.seat_of(caller.user).is_none() {
        return refuse(caller, "You have not joined this game.");
    }
    if s.meta.seats.len() == 1 {
        let id = s.id();
        return close_game(
            table,
            caller,
            id,
            format!("{} left; the lobby is closed.", caller.name),
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
        Ok(format!("{name} left. "))
    })
}

fn close_game(table: &mut Table, caller: &Caller, id: GameId, text: String) -> Vec<Reply> {
    if let Err(e) = table.store.remove_game(id) {
        return refuse(
            caller,
            format!("The game could not be removed ({e}); try again."),
        );
    }
    if let Some(s) = table.sessions.remove(&id) {
        table.by_place.remove(&s.place());
        table.offer_messages.retain(|_, (g, _)| *g != id);
    }
    vec![Reply::public(caller.place, text).with_game(id).to_caller()]
}

fn abandon(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let Some(s) = session_in(table, caller.place) else {
        return refuse(caller, NO_GAME);
    };
    if s.meta.host != caller.user && !caller.is_manager {
        return refuse(
            caller,
            "Only the host or someone who manages this place can abandon the game.",
        );
    }
    let id = s.id();
    close_game(
        table,
        caller,
        id,
        format!("{} abandoned the game.", caller.name),
    )
}

/// The seed of a game whose host did not choose one: mixed from the clock and the game id.
fn derive_seed(now_ms: u64, id: GameId, place: u64) -> u64 {
    let mut x = now_ms ^ id.rotate_left(32) ^ place.rotate_left(17) ^ 0x9E37_79B9_7F4A_7C15;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn start(table: &mut Table, caller: &Caller, now_ms: u64) -> Vec<Reply> {
    let Some(&id) = table.by_place.get(&caller.place) else {
        return refuse(caller, NO_GAME);
    };
    let Some(session) = table.sessions.get_mut(&id) else {
        return refuse(caller, NO_GAME);
    };
    if session.game().is_some() {
        return refuse(caller, "The game is already running.");
    }
    if session.meta.host != caller.user {
        return refuse(caller, "Only the host can start the game.");
    }
    let players = session.meta.seats.len();
    if players < lobby::MIN_PLAYERS as usize {
        return refuse(
            caller,
            "At least 2 players are needed (3 to 6 for the real game); others type `join`.",
        );
    }
    let before = session.meta.clone();
    let seed = session
        .meta
        .settings
        .seed
        .unwrap_or_else(|| derive_seed(now_ms, id, caller.place));
    let mut seat_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EA7_5EA7);
    session.meta.seats.shuffle(&mut seat_rng);
    let settings = session.meta.settings.engine_settings(players as u8);
    let mut notes = Vec::new();
    if players == 2 {
        notes.push("A 2-player casual game: the rules are written for 3 or more.".to_string());
    }
    if settings.layout != session.meta.settings.board {
        notes.push(
            "The beginner map is for 3–4 players, so this game uses the variable setup.".into(),
        );
    }
    session.meta.started = Some(Started {
        seed,
        at_ms: now_ms,
        settings: settings.clone(),
    });
    session.refresh_players();
    if let Err(e) = session.save_meta(&*table.store) {
        session.meta = before;
        session.refresh_players();
        return refuse(
            caller,
            format!("The game could not be saved ({e}); try again."),
        );
    }
    let game = Game::new(settings, seed);
    session.begin(game, now_ms);
    let mut text = format!(
        "The game begins! Seat order: {}. {}.",
        session.names().join(", "),
        session.meta.settings.describe_rules()
    );
    for n in notes {
        text.push_str(&format!("\n{n}"));
    }
    let place = session.place();
    let mut replies = vec![Reply::public(place, text).with_game(id).to_caller()];
    replies.extend(prompt(table, id, true, true));
    replies
}

// ---------------------------------------------------------------------------------------
// Information

fn status(table: &Table, caller: &Caller) -> Vec<Reply> {
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

fn render(table: &Table, s: &Session) -> Option<Vec<u8>> {
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

fn board(table: &Table, caller: &Caller) -> Vec<Reply> {
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

// ---------------------------------------------------------------------------------------
// Engine actions

pub(super) fn button_id(game: GameId, action: &str, version: u64) -> String {
    format!("catan:{game}:{action}:{version}")
}

/// What the game waits for, to notice when that changes.
fn wait_state(g: &Game) -> (Phase, Seat, Vec<Seat>) {
    (g.phase.clone(), g.current, g.waiting_for())
}

/// Applies an action for `seat` and builds every reply. `caller` is absent for timer actions.
fn act(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    action: &Action,
    caller: Option<&Caller>,
    now_ms: u64,
    note: Option<String>,
) -> Vec<Reply> {
    let snapshot_every = table.options.snapshot_every;
    let Some(session) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    let Some(before) = session.game().map(wait_state) else {
        return Vec::new();
    };
    let names = session.names();
    let refusal = |text: String| -> Vec<Reply> {
        match caller {
            Some(c) => {
                let mut r = Reply::refusal(c.user, text);
                r.game = Some(id);
                vec![r]
            }
            None => Vec::new(),
        }
    };
    let events = match session.apply(&*table.store, seat, action, now_ms, snapshot_every) {
        Ok(ev) => ev,
        Err(ApplyError::Rule(e)) => return refusal(messages::name_seats(&e.to_string(), &names)),
        Err(ApplyError::Store(e)) => {
            return refusal(format!(
                "The game could not be saved ({e}); nothing happened. Try again."
            ));
        }
    };
    after_action(table, id, seat, caller, &events, before, note)
}

fn after_action(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    caller: Option<&Caller>,
    events: &[Event],
    before: (Phase, Seat, Vec<Seat>),
    note: Option<String>,
) -> Vec<Reply> {
    let Some(session) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    let names = session.names();
    let place = session.place();
    let mut replies = Vec::new();
    let Some(g) = session.game() else {
        return replies;
    };
    let caller_user = caller.map(|c| c.user);

    // Public account of what happened.
    let mut lines: Vec<String> = note.into_iter().collect();
    lines.extend(
        events
            .iter()
            .filter(|e| {
                !matches!(
                    e,
                    Event::TurnStarted { .. } | Event::SpecialBuildStarted { .. }
                )
            })
            .filter_map(|e| messages::event_public(e, g, &names)),
    );
    let won = events.iter().find_map(|e| match e {
        Event::Won { seat, .. } => Some(*seat),
        _ => None,
    });
    if won.is_some() {
        lines.push(final_scores(g, &names));
    }
    if !lines.is_empty() {
        let mut r = Reply::public(place, lines.join("\n")).with_game(id);
        r.reply_to_caller = caller.is_some();
        replies.push(r);
    }

    // Private details and updated hands: the one who acted (or the caller, for a confirmed
    // trade made in the current player's name), then everyone else an event touched.
    let mut private_seats: Vec<Seat> = Vec::new();
    let caller_seat = caller_user.and_then(|u| session.seat_of(u));
    private_seats.extend(caller_seat.or(Some(seat)));
    for e in events {
        let touched: Vec<Seat> = match e {
            Event::DomesticTraded { seat, with, .. } => vec![*seat, *with],
            _ => e.private_to(),
        };
        for s in touched {
            if !private_seats.contains(&s) {
                private_seats.push(s);
            }
        }
    }
    for s in private_seats {
        let Some(user) = session.user(s) else {
            continue;
        };
        let mut text: Vec<String> = events
            .iter()
            .filter_map(|e| messages::event_private(e, s, &names))
            .collect();
        text.push(messages::hand_text(g, s));
        let mut r = Reply::private(user, text.join("\n")).with_game(id);
        r.reply_to_caller = Some(user) == caller_user;
        replies.push(r);
    }

    // Offers end with the turn.
    let gone = session.drop_stale_offers();
    if !gone.is_empty() {
        if let Err(e) = session.save_meta(&*table.store) {
            tracing::warn!(game = id, error = %e, "could not save withdrawn offers");
        }
        for o in gone {
            table.offer_messages.retain(|_, v| *v != (id, o.id));
            replies.push(
                Reply::public(
                    place,
                    format!("Trade offer #{} is closed: the turn ended.", o.id),
                )
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: o.id,
                })
                .with_game(id),
            );
        }
    }

    if won.is_some() {
        // The place is free for a new game; the finished game stays readable until restart.
        table.by_place.remove(&place);
        table.offer_messages.retain(|_, (g, _)| *g != id);
        return replies;
    }

    let after = match table.sessions.get(&id).and_then(|s| s.game()) {
        Some(g) => wait_state(g),
        None => return replies,
    };
    if after != before {
        let new_turn = events.iter().any(|e| {
            matches!(
                e,
                Event::TurnStarted { .. } | Event::SpecialBuildStarted { .. }
            )
        });
        let new_people = after.2.iter().any(|s| !before.2.contains(s));
        let setup_placement = matches!(
            after.0,
            Phase::Setup {
                road_from: None,
                ..
            }
        );
        let image = events
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { .. }))
            || setup_placement;
        let headline = table.sessions.get(&id).and_then(|s| {
            let g = s.game()?;
            events
                .iter()
                .filter(|e| matches!(e, Event::TurnStarted { .. }))
                .find_map(|e| messages::event_public(e, g, &s.names()))
        });
        let mut prompt = prompt(table, id, new_turn || new_people || setup_placement, image);
        if let (Some(h), Some(p)) = (headline, prompt.first_mut()) {
            p.text = format!("{h} {}", p.text);
        }
        replies.extend(prompt);
    }
    replies
}

fn final_scores(g: &Game, names: &[String]) -> String {
    let mut seats: Vec<Seat> = (0..g.players.len() as Seat).collect();
    seats.sort_by_key(|&s| std::cmp::Reverse(g.total_vp(s)));
    let parts: Vec<String> = seats
        .iter()
        .map(|&s| {
            let hidden = g.total_vp(s) - g.public_vp(s);
            let name = names.get(s as usize).cloned().unwrap_or_default();
            if hidden > 0 {
                format!(
                    "{name} {} VP ({hidden} from Victory Point cards)",
                    g.total_vp(s)
                )
            } else {
                format!("{name} {} VP", g.total_vp(s))
            }
        })
        .collect();
    format!("Final scores: {}.", parts.join(", "))
}

/// The message telling who must act now, with buttons; pings when `ping`, with the board
/// when `image`.
fn prompt(table: &Table, id: GameId, ping: bool, image: bool) -> Vec<Reply> {
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(g) = s.game() else {
        return Vec::new();
    };
    let waiting = g.waiting_for();
    let mut r = Reply::public(s.place(), messages::waiting_text(g, &s.names())).with_game(id);
    if ping {
        r.kind = ReplyKind::TurnStart;
        r.mention = waiting.iter().filter_map(|&w| s.user(w)).collect();
    }
    if image {
        r.image = render(table, s);
    }
    if let [only] = waiting.as_slice() {
        let legal = g.legal_actions(*only);
        for (action, name, label) in [
            (Action::Roll, "roll", "Roll"),
            (Action::BuyDevCard, "buy", "Buy card"),
            (Action::EndTurn, "end", "End turn"),
        ] {
            if legal.contains(&action) {
                r.buttons.push(Button {
                    id: button_id(id, name, g.version),
                    label: label.into(),
                });
            }
        }
    }
    r.buttons.push(Button {
        id: button_id(id, "hand", g.version),
        label: "My hand".into(),
    });
    vec![r]
}

fn bank(
    table: &mut Table,
    caller: &Caller,
    give: Resource,
    give_amount: Option<u8>,
    get: Resource,
    get_amount: u8,
    now_ms: u64,
) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some(g) = table.sessions.get(&id).and_then(|s| s.game()) else {
        return seat_refusal(table, caller);
    };
    let rate = g.trade_rate(seat, give);
    let cost = rate as u32 * get_amount as u32;
    let trading_now = g.phase == Phase::Main && g.current == seat;
    // Out of turn or phase, the engine's refusal says what is wrong.
    if trading_now
        && let Some(typed) = give_amount
        && typed as u32 != cost
    {
        return refuse(
            caller,
            format!(
                "Your rate for {give} is {rate}:1, so {get_amount} {get} costs {cost} {give}: `bank {cost} {give} for {get_amount} {get}`."
            ),
        );
    }
    let action = Action::MaritimeTrade {
        give,
        get,
        count: get_amount,
    };
    act(table, id, seat, &action, Some(caller), now_ms, None)
}

// ---------------------------------------------------------------------------------------
// Domestic trade

fn offer_buttons(id: GameId, offer: &Offer, version: u64, names: &[String]) -> Vec<Button> {
    let mut b = vec![
        Button {
            id: button_id(id, &format!("accept-{}", offer.id), version),
            label: "Accept".into(),
        },
        Button {
            id: button_id(id, &format!("decline-{}", offer.id), version),
            label: "Decline".into(),
        },
    ];
    for &s in &offer.accepted {
        b.push(Button {
            id: button_id(id, &format!("confirm-{}-{s}", offer.id), version),
            label: format!(
                "Confirm with {}",
                names.get(s as usize).cloned().unwrap_or_default()
            ),
        });
    }
    b
}

fn trade(table: &mut Table, caller: &Caller, tc: TradeCommand, now_ms: u64) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some(session) = table.sessions.get_mut(&id) else {
        return refuse(caller, NO_GAME);
    };
    let names = session.names();
    let place = session.place();
    let Some(g) = session.game() else {
        return refuse(caller, NO_GAME);
    };
    let version = g.version;
    let hand = messages::hand_text(g, seat);
    match tc {
        TradeCommand::List => {
            let text = if session.meta.offers.is_empty() {
                "No open trade offers.".to_string()
            } else {
                session
                    .meta
                    .offers
                    .iter()
                    .map(|o| offers::describe(o, &names))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            vec![private_to_caller(caller, text).with_game(id)]
        }
        TradeCommand::Offer { give, get, to } => {
            let to = match offers::check_new(g, &names, seat, &give, &get, to) {
                Ok(to) => to,
                Err(e) => return refuse(caller, e.to_string()),
            };
            let offer = Offer {
                id: session.meta.next_offer,
                from: seat,
                to,
                give,
                get,
                accepted: Vec::new(),
                declined: Vec::new(),
                message_id: None,
                turn: g.turn,
            };
            let before = session.meta.clone();
            session.meta.next_offer += 1;
            session.meta.offers.push(offer.clone());
            if let Err(e) = session.save_meta(&*table.store) {
                session.meta = before;
                return refuse(
                    caller,
                    format!("The offer could not be saved ({e}); try again."),
                );
            }
            let mut public = Reply::public(place, offers::describe(&offer, &names))
                .with_kind(ReplyKind::TradeOffer {
                    game: id,
                    offer: offer.id,
                })
                .with_game(id);
            public.buttons = offer_buttons(id, &offer, version, &names);
            public.mention = to.and_then(|t| session.user(t)).into_iter().collect();
            vec![
                public,
                private_to_caller(caller, format!("Offer #{} posted.\n{hand}", offer.id))
                    .with_game(id),
            ]
        }
        TradeCommand::Accept(n) | TradeCommand::Decline(n) => {
            let accepting = matches!(tc, TradeCommand::Accept(_));
            let Some(pos) = session.meta.offers.iter().position(|o| o.id == n) else {
                return refuse(caller, offers::OfferError::NoSuchOffer(n).to_string());
            };
            if let Err(e) =
                offers::check_response(g, &names, &session.meta.offers[pos], seat, accepting)
            {
                return refuse(caller, e.to_string());
            }
            let before = session.meta.clone();
            let o = &mut session.meta.offers[pos];
            o.accepted.retain(|&s| s != seat);
            o.declined.retain(|&s| s != seat);
            if accepting {
                o.accepted.push(seat);
            } else {
                o.declined.push(seat);
            }
            let o = o.clone();
            if let Err(e) = session.save_meta(&*table.store) {
                session.meta = before;
                return refuse(
                    caller,
                    format!("Your answer could not be saved ({e}); try again."),
                );
            }
            let verb = if accepting { "accepted" } else { "declined" };
            let mut update = Reply::public(place, offers::describe(&o, &names))
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: o.id,
                })
                .with_game(id);
            update.buttons = offer_buttons(id, &o, version, &names);
            vec![
                update,
                private_to_caller(caller, format!("You {verb} offer #{n}.\n{hand}")).with_game(id),
            ]
        }
        TradeCommand::Withdraw(n) => {
            let Some(pos) = session.meta.offers.iter().position(|o| o.id == n) else {
                return refuse(caller, offers::OfferError::NoSuchOffer(n).to_string());
            };
            let o = session.meta.offers[pos].clone();
            if o.from != seat {
                return refuse(
                    caller,
                    offers::OfferError::NotMaker {
                        id: n,
                        maker: names.get(o.from as usize).cloned().unwrap_or_default(),
                        what: "withdraw",
                    }
                    .to_string(),
                );
            }
            let before = session.meta.clone();
            session.meta.offers.remove(pos);
            if let Err(e) = session.save_meta(&*table.store) {
                session.meta = before;
                return refuse(
                    caller,
                    format!("The change could not be saved ({e}); try again."),
                );
            }
            table.offer_messages.retain(|_, v| *v != (id, n));
            vec![
                Reply::public(
                    place,
                    format!("Trade offer #{n} was withdrawn by {}.", caller.name),
                )
                .with_kind(ReplyKind::TradeOfferUpdate { game: id, offer: n })
                .with_game(id),
                private_to_caller(caller, format!("Offer #{n} withdrawn.\n{hand}")).with_game(id),
            ]
        }
        TradeCommand::Confirm(n, acceptor) => {
            let Some(o) = session.meta.offers.iter().find(|o| o.id == n).cloned() else {
                return refuse(caller, offers::OfferError::NoSuchOffer(n).to_string());
            };
            let (actor, action) = match offers::confirm(g, &names, &o, seat, acceptor) {
                Ok(x) => x,
                Err(e) => return refuse(caller, e.to_string()),
            };
            let mut replies = act(table, id, actor, &action, Some(caller), now_ms, None);
            if replies.iter().any(Reply::is_refusal) {
                return replies;
            }
            if let Some(session) = table.sessions.get_mut(&id) {
                let had = session.meta.offers.len();
                session.meta.offers.retain(|x| x.id != n);
                if session.meta.offers.len() != had
                    && let Err(e) = session.save_meta(&*table.store)
                {
                    tracing::warn!(game = id, error = %e, "could not save closed offer");
                }
            }
            table.offer_messages.retain(|_, v| *v != (id, n));
            let other = names.get(acceptor as usize).cloned().unwrap_or_default();
            replies.insert(
                0,
                Reply::public(
                    place,
                    format!(
                        "Trade offer #{n} is done: {} traded with {other}.",
                        caller.name
                    ),
                )
                .with_kind(ReplyKind::TradeOfferUpdate { game: id, offer: n })
                .with_game(id),
            );
            replies
        }
    }
}

pub fn reaction(
    table: &mut Table,
    caller: &Caller,
    message_id: u64,
    reaction: Reaction,
    now_ms: u64,
) -> Vec<Reply> {
    let Some(&(game, offer)) = table.offer_messages.get(&message_id) else {
        return Vec::new(); // a reaction on some other message: not ours to answer
    };
    if table.by_place.get(&caller.place) != Some(&game) {
        return Vec::new();
    }
    let tc = match reaction {
        Reaction::Accept => TradeCommand::Accept(offer),
        Reaction::Decline => TradeCommand::Decline(offer),
    };
    trade(table, caller, tc, now_ms)
}

pub fn offer_posted(table: &mut Table, game: GameId, offer: u32, message_id: u64) {
    let Some(session) = table.sessions.get_mut(&game) else {
        return;
    };
    let Some(o) = session.meta.offers.iter_mut().find(|o| o.id == offer) else {
        return;
    };
    o.message_id = Some(message_id);
    if let Err(e) = session.save_meta(&*table.store) {
        tracing::warn!(game, error = %e, "could not save an offer's message id");
    }
    table.offer_messages.insert(message_id, (game, offer));
}

// ---------------------------------------------------------------------------------------
// Buttons

pub fn button(table: &mut Table, caller: &Caller, custom_id: &str, now_ms: u64) -> Vec<Reply> {
    const NOT_OURS: &str = "This button is not one of this game's buttons.";
    let parts: Vec<&str> = custom_id.split(':').collect();
    let [prefix, game, action, version] = parts.as_slice() else {
        return refuse(caller, NOT_OURS);
    };
    let (Ok(game), Ok(version)) = (game.parse::<GameId>(), version.parse::<u64>()) else {
        return refuse(caller, NOT_OURS);
    };
    if *prefix != "catan" {
        return refuse(caller, NOT_OURS);
    }
    if table.by_place.get(&caller.place) != Some(&game) {
        return refuse(
            caller,
            "This button belongs to a game that is over or not hosted here any more.",
        );
    }
    let current = table
        .sessions
        .get(&game)
        .and_then(|s| s.game())
        .map(|g| g.version);
    let stale = |table: &mut Table, cmd: Command| {
        if let Some(cur) = current
            && cur != version
        {
            let mut r = Reply::refusal(
                caller.user,
                format!(
                    "This button is from an earlier moment of the game (move {version}; the game is at move {cur} now), so nothing was done. Use the buttons on the latest message, or type the command."
                ),
            );
            r.game = Some(game);
            return vec![r];
        }
        run(table, caller, cmd, now_ms)
    };
    let pieces: Vec<&str> = action.split('-').collect();
    let number = |i: usize| pieces.get(i).and_then(|p| p.parse::<u32>().ok());
    match (pieces[0], number(1), number(2)) {
        ("roll", None, None) => stale(table, Command::Action(Action::Roll)),
        ("end", None, None) => stale(table, Command::Action(Action::EndTurn)),
        ("buy", None, None) => stale(table, Command::Action(Action::BuyDevCard)),
        ("hand", None, None) => run(table, caller, Command::Hand, now_ms),
        ("board", None, None) => run(table, caller, Command::Board, now_ms),
        ("status", None, None) => run(table, caller, Command::Status, now_ms),
        ("join", None, None) => run(table, caller, Command::Join, now_ms),
        ("start", None, None) => run(table, caller, Command::Start, now_ms),
        ("accept", Some(o), None) => trade(table, caller, TradeCommand::Accept(o), now_ms),
        ("decline", Some(o), None) => trade(table, caller, TradeCommand::Decline(o), now_ms),
        ("withdraw", Some(o), None) => trade(table, caller, TradeCommand::Withdraw(o), now_ms),
        ("confirm", Some(o), Some(s)) if s < 6 => {
            trade(table, caller, TradeCommand::Confirm(o, s as Seat), now_ms)
        }
        _ => refuse(caller, NOT_OURS),
    }
}

// ---------------------------------------------------------------------------------------
// Timers

pub fn tick(table: &mut Table, now_ms: u64) -> Vec<Reply> {
    let ids: Vec<GameId> = table.sessions.keys().copied().collect();
    let mut replies = Vec::new();
    for id in ids {
        let Some(s) = table.sessions.get(&id) else {
            continue;
        };
        if s.meta.finished {
            continue;
        }
        let (Some(deadline), Some(g)) = (s.deadline(), s.game()) else {
            continue;
        };
        if now_ms >= deadline {
            for seat in g.waiting_for() {
                let Some(s) = table.sessions.get(&id) else {
                    break;
                };
                let Some(action) = s.game().and_then(|g| timer::auto_action(g, seat)) else {
                    continue;
                };
                let note = format!(
                    "⏰ Time is up for {}: the table acted for them (`{}`).",
                    s.name(seat),
                    s.parse_context()
                        .map(|ctx| command::command_for(&action, &ctx))
                        .unwrap_or_default()
                );
                replies.extend(act(table, id, seat, &action, None, now_ms, Some(note)));
            }
        } else if s.reminder_due().is_some_and(|at| now_ms >= at) {
            let left_s = deadline.saturating_sub(now_ms).div_ceil(1000);
            let waiting = g.waiting_for();
            let mut r = Reply::public(
                s.place(),
                format!(
                    "⏰ {}: {} s left before the table acts for you. {}",
                    waiting
                        .iter()
                        .map(|&w| s.name(w))
                        .collect::<Vec<_>>()
                        .join(", "),
                    left_s,
                    messages::waiting_text(g, &s.names())
                ),
            )
            .with_kind(ReplyKind::TurnStart)
            .with_game(id);
            r.mention = waiting.iter().filter_map(|&w| s.user(w)).collect();
            replies.push(r);
            if let Some(s) = table.sessions.get_mut(&id) {
                s.set_reminded();
            }
        }
    }
    replies
}

// ---------------------------------------------------------------------------------------
// Autocomplete

pub fn suggest(
    table: &Table,
    caller: &Caller,
    kind: PlaceKind,
    partial: &str,
) -> Vec<(String, String)> {
    let Some((id, seat)) = seated(table, caller) else {
        return Vec::new();
    };
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(g) = s.game() else {
        return Vec::new();
    };
    let topo = g.topology();
    let names = s.names();
    let mut out: Vec<(String, String)> = Vec::new();
    let mut push = |value: String, desc: String| {
        if !out.iter().any(|(v, _)| *v == value) {
            out.push((value, desc));
        }
    };
    for a in g.legal_actions(seat) {
        match (kind, &a) {
            (PlaceKind::Settlement, Action::BuildSettlement(v))
            | (PlaceKind::City, Action::BuildCity(v)) => push(
                topo.vertex_label(*v),
                messages::vertex_text(topo, &g.layout, *v),
            ),
            (PlaceKind::Road, Action::BuildRoad(e))
            | (PlaceKind::Road, Action::PlayRoadBuilding { first: e, .. }) => {
                let [a, b] = topo.edge_vertices[*e as usize];
                push(
                    topo.edge_label(*e),
                    format!(
                        "{} · from {} to {}",
                        topo.edge_label(*e),
                        messages::vertex_text(topo, &g.layout, a),
                        messages::vertex_text(topo, &g.layout, b)
                    ),
                )
            }
            (PlaceKind::Robber, Action::MoveRobber { hex, .. })
            | (PlaceKind::Robber, Action::PlayKnight { hex, .. }) => push(
                topo.hex_labels[*hex as usize].clone(),
                messages::hex_text(topo, &g.layout, *hex),
            ),
            (
                PlaceKind::Victim,
                Action::MoveRobber {
                    victim: Some(v), ..
                },
            )
            | (
                PlaceKind::Victim,
                Action::PlayKnight {
                    victim: Some(v), ..
                },
            ) => {
                let n = names.get(*v as usize).cloned().unwrap_or_default();
                let cards = g
                    .players
                    .get(*v as usize)
                    .map(|p| p.hand.total())
                    .unwrap_or(0);
                push(n.clone(), format!("{n} · {cards} cards"))
            }
            _ => {}
        }
    }
    // Typing a label narrows by label (`1` → 1, 10–19; a road by either end); typing words
    // searches the descriptions (`ore`, `port`, a player's name).
    let p = partial.trim().to_lowercase();
    let by_label = p.chars().next().is_some_and(|c| c.is_ascii_digit())
        || (kind == PlaceKind::Robber && p.len() <= 2);
    let mut matching: Vec<(String, String)> = out
        .into_iter()
        .filter(|(v, d)| {
            let v = v.to_lowercase();
            if p.is_empty() {
                true
            } else if by_label {
                v.starts_with(&p)
                    || (kind == PlaceKind::Road && v.split('-').any(|x| x.starts_with(&p)))
            } else {
                d.to_lowercase().contains(&p)
            }
        })
        .collect();
    // Exact prefix matches first, then the rest, each in label order.
    matching.sort_by_key(|(v, _)| {
        let lc = v.to_lowercase();
        let nums: Vec<u32> = lc.split('-').filter_map(|x| x.parse().ok()).collect();
        (!lc.starts_with(&p), nums, lc)
    });
    matching.truncate(MAX_SUGGESTIONS);
    matching
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stay_unique_and_usable() {
        let taken = vec!["bob".to_string(), "Bob2".to_string()];
        assert_eq!(unique_name("Bob", &taken), "Bob3");
        assert_eq!(unique_name("carol", &taken), "carol");
        assert_eq!(clean_name("  ali\nce ", 7), "alice");
        assert_eq!(clean_name(" \t", 7), "player7");
    }

    #[test]
    fn seeds_differ_by_game_and_time() {
        let a = derive_seed(1000, 1, 5);
        assert_ne!(a, derive_seed(1001, 1, 5));
        assert_ne!(a, derive_seed(1000, 2, 5));
        assert_eq!(a, derive_seed(1000, 1, 5));
    }

    #[test]
    fn button_ids_fit_discord() {
        let id = button_id(u64::MAX, "confirm-4294967295-5", u64::MAX);
        assert!(id.len() <= 100, "{id}");
    }
}
