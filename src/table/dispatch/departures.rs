//! Players who leave the place of their game (on Matrix: the room's `leave`, a kick or a ban),
//! as the adapter reports them, and their return.
//!
//! In the lobby a leaver is unseated (the lobby closes when no person is left). In a running
//! game the seat is treated like an absent player's, by the game's `afk` setting: a bot plays
//! it (`bot`), the turn timer moves for it (`auto`, when there is a timer), or the game waits
//! (`wait`). A player who comes back takes the seat back with any move of theirs, as after
//! `away`. When every person has left, the game is abandoned: bots would play on in an empty
//! room.
//!
//! Leaving happens once: the leave is recorded in the meta record (`GameMeta::left`) in the same
//! write as its stand-in, so a repeated leave, or the same leave read again after a restart,
//! changes nothing and is not announced twice.

use super::records::reveal;
use super::seating::lobby_reply;
use crate::bots::{Bot, BotLevel};
use crate::table::Table;
use crate::table::bot_seats::is_bot_user;
use crate::table::lobby::AfkPolicy;
use crate::table::public_record::Outcome;
use crate::table::reply::{GameId, PlaceId, Reply, UserId};

/// `user` left `place`. The replies tell the place what follows; none when nothing changed
/// (no game there, not a player of it, or their leave is known already).
pub fn player_left(table: &mut Table, place: PlaceId, user: UserId) -> Vec<Reply> {
    let Some(&id) = table.by_place.get(&place) else {
        return Vec::new();
    };
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(seat) = s.seat_of(user) else {
        return Vec::new();
    };
    if is_bot_user(user) || s.meta.finished || s.meta.left.contains(&user) {
        return Vec::new();
    }
    let name = s.name(seat);
    if s.game().is_none() {
        return leave_lobby(table, id, user, name);
    }
    let everyone_gone = s
        .meta
        .seats
        .iter()
        .filter(|u| !is_bot_user(u.user) && u.user != user)
        .all(|u| s.meta.left.contains(&u.user));
    if everyone_gone {
        return abandon_empty(table, id, name);
    }
    leave_game(table, id, user, name)
}

/// `user` is in `place` again: their leave is forgotten (a later one counts anew). A bot
/// standing in keeps the seat until they move or say `back`.
pub fn player_returned(table: &mut Table, place: PlaceId, user: UserId) -> Vec<Reply> {
    let Some(&id) = table.by_place.get(&place) else {
        return Vec::new();
    };
    let Some(s) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    if !s.meta.left.contains(&user) {
        return Vec::new();
    }
    let Some(seat) = s.seat_of(user) else {
        return Vec::new();
    };
    let name = s.name(seat);
    let before = s.meta.clone();
    s.meta.left.retain(|u| *u != user);
    if let Err(e) = s.save_meta_or_restore(&*table.store, before) {
        tracing::warn!(
            game = id,
            "could not save a player's return to the room: {e}"
        );
        return Vec::new();
    }
    let text = if s.meta.stand_in(user).is_some() {
        crate::t!("departures-back-bot", name = name)
    } else {
        crate::t!("departures-back", name = name)
    };
    vec![Reply::public(place, text).with_game(id)]
}

/// Unseats a player from a lobby, passing the host's part to the first person left; closes
/// the lobby when no person is left.
fn leave_lobby(table: &mut Table, id: GameId, user: UserId, name: String) -> Vec<Reply> {
    let Some(s) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    let place = s.place();
    let first_person = s
        .meta
        .seats
        .iter()
        .find(|u| u.user != user && !is_bot_user(u.user))
        .map(|u| u.user);
    let Some(next_host) = first_person else {
        if let Err(e) = table.store.remove_game(id) {
            tracing::warn!(game = id, "could not close a lobby everyone left: {e}");
            return Vec::new();
        }
        table.forget(id);
        let text = crate::t!("departures-lobby-closed", name = name, game = id);
        return vec![Reply::public(place, text).with_game(id)];
    };
    let before = s.meta.clone();
    s.meta.seats.retain(|u| u.user != user);
    if s.meta.host == user {
        s.meta.host = next_host;
    }
    s.refresh_players();
    if let Err(e) = s.save_meta_or_restore(&*table.store, before) {
        return not_saved(place, id, &name, e);
    }
    let mut reply = lobby_reply(s, &crate::t!("departures-lobby-left", name = name));
    // Nobody asked: the lobby message is edited (or posted), not an answer to anyone.
    reply.reply_to_caller = false;
    vec![reply]
}

/// Records the leave of a seated player, with a stand-in when the game's `afk` is `bot`, in
/// one write, and tells the place what follows.
fn leave_game(table: &mut Table, id: GameId, user: UserId, name: String) -> Vec<Reply> {
    let Some(s) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    let place = s.place();
    let settings = &s.meta.settings;
    let policy = match (settings.afk, settings.timer_minutes) {
        // Without a timer nothing moves for an absent player: the game waits.
        (AfkPolicy::Auto, None) => AfkPolicy::Wait,
        (afk, _) => afk,
    };
    let before = s.meta.clone();
    s.meta.left.push(user);
    if policy == AfkPolicy::Bot && s.meta.stand_in(user).is_none() {
        let bot = Bot {
            level: BotLevel::Strong,
            seed: rand::random(),
        };
        s.meta.stand_ins.push((user, bot));
    }
    if let Err(e) = s.save_meta_or_restore(&*table.store, before) {
        return not_saved(place, id, &name, e);
    }
    // A bot that now plays a seat the game waits for moves at the next tick, after the
    // usual pause (an input wakes the timer task).
    let text = match policy {
        AfkPolicy::Bot => crate::t!("departures-left-bot", name = name),
        AfkPolicy::Auto => crate::t!("departures-left-auto", name = name),
        AfkPolicy::Wait => crate::t!("departures-left-wait", name = name),
    };
    vec![Reply::public(place, text).with_game(id)]
}

/// The last person left a running game: it is abandoned, its seed and record revealed as at
/// any end.
fn abandon_empty(table: &mut Table, id: GameId, name: String) -> Vec<Reply> {
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let place = s.place();
    let reveal = reveal(s, Outcome::Abandoned);
    if let Err(e) = table.store.remove_game(id) {
        tracing::warn!(game = id, "could not close a game everyone left: {e}");
        return Vec::new();
    }
    table.forget(id);
    let mut r = Reply::public(
        place,
        crate::t!("departures-everyone-left", name = name, game = id),
    )
    .with_game(id);
    if let Some(reveal) = reveal {
        r.text = format!("{}\n{}", r.text, reveal.text);
        r.file = reveal.file;
    }
    vec![r]
}

fn not_saved(place: PlaceId, id: GameId, name: &str, e: crate::store::StoreError) -> Vec<Reply> {
    tracing::warn!(game = id, "could not save a player's leave: {e}");
    let text = crate::t!(
        "departures-not-saved",
        name = name.to_string(),
        error = e.to_string()
    );
    vec![Reply::public(place, text).with_game(id)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Seat;
    use crate::store::SledStore;
    use crate::table::TableOptions;
    use crate::table::reply::Caller;

    const PLACE: PlaceId = 77;
    const ALICE: UserId = 1;
    const BOB: UserId = 2;
    const CAROL: UserId = 3;

    fn table(dir: &std::path::Path) -> Table {
        let options = TableOptions {
            render_boards: false,
            ..TableOptions::default()
        };
        let store = SledStore::open(dir).expect("store");
        Table::open(Box::new(store), options).expect("table")
    }

    fn caller(user: UserId) -> Caller {
        let name = ["", "alice", "bob", "carol"][user as usize];
        Caller::new(PLACE, user, name)
    }

    fn say(t: &mut Table, user: UserId, text: &str) -> Vec<Reply> {
        let replies = t.handle_text(&caller(user), text, 1_000);
        assert!(
            !replies.iter().any(Reply::is_refusal),
            "{text}: {replies:?}"
        );
        replies
    }

    /// A started three-player game with these settings.
    fn started(t: &mut Table, settings: &str) -> GameId {
        say(t, ALICE, &format!("new seed 5 {settings}"));
        say(t, BOB, "join");
        say(t, CAROL, "join");
        say(t, ALICE, "start");
        t.game_in(PLACE).expect("a game").id
    }

    fn texts(replies: &[Reply]) -> String {
        replies
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn seat(t: &Table, game: GameId, user: UserId) -> Seat {
        t.games()
            .into_iter()
            .find(|g| g.id == game)
            .and_then(|g| g.players.iter().position(|(u, _)| *u == user))
            .expect("seated") as Seat
    }

    #[test]
    fn with_afk_bot_a_bot_takes_the_seat_once_and_a_restart_keeps_it() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        let game = started(&mut t, "afk bot");
        let carol = seat(&t, game, CAROL);
        let told = t.player_left(PLACE, CAROL);
        assert_eq!(told.len(), 1, "{told:?}");
        assert!(told[0].is_public());
        assert!(texts(&told).contains("carol left the room: a bot plays"));
        assert_eq!(t.bot_seats(game), vec![carol]);
        // Again, and after a restart: nothing more.
        assert!(t.player_left(PLACE, CAROL).is_empty());
        drop(t);
        let mut t = table(dir.path());
        assert_eq!(t.bot_seats(game), vec![carol]);
        assert!(t.player_left(PLACE, CAROL).is_empty());
        // Back in the room: told once; the bot keeps the seat until carol moves.
        let back = t.player_returned(PLACE, CAROL);
        assert!(texts(&back).contains("carol is back"), "{back:?}");
        assert!(t.player_returned(PLACE, CAROL).is_empty());
        assert_eq!(t.bot_seats(game), vec![carol]);
        // A new leave counts anew.
        assert_eq!(t.player_left(PLACE, CAROL).len(), 1);
    }

    #[test]
    fn with_afk_wait_the_game_waits_and_no_bot_sits_down() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        let game = started(&mut t, "afk wait");
        let told = t.player_left(PLACE, BOB);
        assert!(texts(&told).contains("the game waits for bob"), "{told:?}");
        assert!(t.bot_seats(game).is_empty());
        assert!(t.player_left(PLACE, BOB).is_empty());
    }

    #[test]
    fn with_afk_auto_the_timer_moves_only_when_there_is_one() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        started(&mut t, "afk auto timer 3");
        let told = t.player_left(PLACE, BOB);
        assert!(texts(&told).contains("turn timer"), "{told:?}");
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        started(&mut t, "afk auto timer off");
        let told = t.player_left(PLACE, BOB);
        assert!(texts(&told).contains("the game waits for bob"), "{told:?}");
    }

    #[test]
    fn in_the_lobby_a_leaver_is_unseated_and_the_host_passes_on() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        say(&mut t, ALICE, "new bots 1");
        say(&mut t, BOB, "join");
        let told = t.player_left(PLACE, ALICE);
        assert!(texts(&told).contains("alice left the room"), "{told:?}");
        assert!(!told[0].reply_to_caller);
        let lobby = t.game_in(PLACE).expect("the lobby stays");
        assert_eq!(lobby.players.len(), 2, "bob and the bot");
        assert!(!lobby.players.iter().any(|(u, _)| *u == ALICE));
        // Bob hosts now: he may start.
        say(&mut t, BOB, "start");
        assert!(t.player_left(PLACE, ALICE).is_empty(), "not seated");
    }

    #[test]
    fn a_lobby_with_no_person_left_closes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        say(&mut t, ALICE, "new bots 1");
        let told = t.player_left(PLACE, ALICE);
        assert!(texts(&told).contains("closed"), "{told:?}");
        assert!(t.game_in(PLACE).is_none());
    }

    #[test]
    fn when_everyone_left_the_game_is_abandoned() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        started(&mut t, "afk bot");
        t.player_left(PLACE, ALICE);
        t.player_left(PLACE, BOB);
        assert!(t.game_in(PLACE).is_some());
        let told = t.player_left(PLACE, CAROL);
        assert!(texts(&told).contains("abandoned"), "{told:?}");
        assert!(t.game_in(PLACE).is_none());
    }

    #[test]
    fn strangers_and_places_without_a_game_change_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut t = table(dir.path());
        assert!(t.player_left(PLACE, ALICE).is_empty());
        assert!(t.player_returned(PLACE, ALICE).is_empty());
        let game = started(&mut t, "afk bot");
        assert!(t.player_left(PLACE, 99).is_empty());
        assert!(t.player_left(PLACE + 1, ALICE).is_empty());
        assert!(t.bot_seats(game).is_empty());
    }
}
