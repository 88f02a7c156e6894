//! Getting the console game going: the players' callers (by name, so a resumed game keeps
//! each name on its seat), creating and starting a new game or resuming the stored one, and
//! the words that tell a new user how to play here.

use std::io::Write;

use crate::bots::BotLevel;
use crate::table::bot_seats::is_bot_user;
use crate::table::messages::colour;
use crate::table::{Caller, GameSummary, Table};

use super::output::Printer;
use super::{PLACE, now_ms};

/// The caller that asks for things every player may see (`status`, `board`, `help`): seated
/// nowhere, so nothing private is shown for it.
pub const EVERYONE: u64 = 0;

/// One caller per name in `names`. A stored game keeps its users: each name gets the user id
/// stored for it; a game stored with other names is refused, naming them.
pub fn callers(table: &Table, names: &[String]) -> anyhow::Result<Vec<Caller>> {
    let Some(stored) = table.game_in(PLACE) else {
        return Ok(names
            .iter()
            .enumerate()
            .map(|(i, n)| Caller::new(PLACE, i as u64 + 1, n.clone()))
            .collect());
    };
    let known = |name: &str| {
        stored
            .players
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
    };
    let given = |name: &str| names.iter().any(|n| n.eq_ignore_ascii_case(name));
    let started = stored.version.is_some();
    let strangers = stored
        .players
        .iter()
        .any(|(u, n)| !given(n) && !is_bot_user(*u));
    let newcomers = names.iter().any(|n| known(n).is_none());
    if strangers || (started && newcomers) {
        let seats: Vec<&str> = stored
            .players
            .iter()
            .filter(|(u, _)| !is_bot_user(*u))
            .map(|(_, n)| n.as_str())
            .collect();
        anyhow::bail!(
            "the stored game {} is played by {}, not by {}. Run again with --players {} (in any \
             order) to resume it, or with another --data directory for a new game.",
            stored.id,
            seats.join(", "),
            names.join(", "),
            seats.join(",")
        );
    }
    let mut next = stored.players.iter().map(|(u, _)| *u).max().unwrap_or(0) + 1;
    Ok(names
        .iter()
        .map(|n| match known(n) {
            Some((user, stored_name)) => Caller::new(PLACE, *user, stored_name.clone()),
            None => {
                next += 1;
                Caller::new(PLACE, next - 1, n.clone())
            }
        })
        .collect())
}

/// Creates and starts the console game unless one is stored already (then resumes it). Safe
/// to repeat after an interrupted start: it only does the missing steps. Only the start is
/// printed (the lobby is an implementation detail here), and refusals.
/// Computer players for a new console game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bots {
    pub count: u8,
    pub level: BotLevel,
}

pub fn ensure_game(
    table: &mut Table,
    callers: &[Caller],
    new_game_settings: &str,
    bots: Bots,
    printer: &mut Printer<impl Write>,
) -> anyhow::Result<()> {
    let Some(first) = callers.first() else {
        anyhow::bail!("no players");
    };
    if let Some(g) = table.game_in(PLACE)
        && let Some(v) = g.version
    {
        printer.note(&crate::t!(
            "console-resumed",
            game = g.id.to_string(),
            version = v.to_string()
        ))?;
        let status = table.handle_text(&everyone(), "status", now_ms());
        printer.replies(&status)?;
        return Ok(());
    }
    if table.game_in(PLACE).is_none() {
        let seats = callers.len() + bots.count as usize;
        let text = format!("new players {seats} {new_game_settings}");
        let r = table.handle_text(first, text.trim(), now_ms());
        printer.refusals(&r)?;
        if r.iter().any(|r| r.is_refusal()) {
            anyhow::bail!("the game could not be created");
        }
        for _ in 0..bots.count {
            let r = table.handle_text(first, &format!("addbot {}", bots.level), now_ms());
            printer.refusals(&r)?;
        }
    }
    let joined: Vec<u64> = table
        .game_in(PLACE)
        .map(|g| g.players.iter().map(|(u, _)| *u).collect())
        .unwrap_or_default();
    for c in callers.iter().filter(|c| !joined.contains(&c.user)) {
        let r = table.handle_text(c, "join", now_ms());
        printer.refusals(&r)?;
    }
    // The host is whoever opened the lobby: the first to join.
    let host = joined
        .first()
        .and_then(|u| callers.iter().find(|c| c.user == *u))
        .unwrap_or(first);
    let r = table.handle_text(host, "start", now_ms());
    printer.replies(&r)?;
    match table.game_in(PLACE).and_then(|g| g.version) {
        Some(_) => Ok(()),
        None => anyhow::bail!("the game could not be started"),
    }
}

/// The caller for commands that are nobody's in particular.
pub fn everyone() -> Caller {
    Caller::new(PLACE, EVERYONE, "everyone")
}

/// How to play here: the seats with their colours, how to type, and whether the game is kept.
pub fn banner(game: &GameSummary, kept: bool) -> Vec<String> {
    let seats: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .map(|(seat, (_, name))| format!("{name} ({})", colour(seat as u8)))
        .collect();
    let example = game
        .players
        .iter()
        .find(|(u, _)| !is_bot_user(*u))
        .map(|(_, n)| n.as_str())
        .unwrap_or("alice");
    let mut lines = vec![
        crate::t!("console-seats", seats = seats.join(", ")),
        crate::t!("console-how-to-type", example = example),
    ];
    if !kept {
        lines.push(crate::t!("console-not-kept"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;
    use crate::table::TableOptions;

    fn table(dir: &std::path::Path) -> Table {
        let store = SledStore::open(dir).expect("store");
        let options = TableOptions {
            render_boards: false,
            ..TableOptions::default()
        };
        Table::open(Box::new(store), options).expect("table")
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn start(dir: &std::path::Path, list: &[&str]) {
        let mut t = table(dir);
        let cs = callers(&t, &names(list)).expect("callers");
        let mut out = Vec::new();
        let mut p = Printer::new(&mut out, &cs, dir.join("boards"), false, false);
        ensure_game(&mut t, &cs, "seed 3", Bots::default(), &mut p).expect("started");
    }

    #[test]
    fn a_resumed_game_keeps_each_name_on_its_seat() {
        let dir = tempfile::tempdir().expect("tmp");
        start(dir.path(), &["alice", "bob", "carol"]);
        let t = table(dir.path());
        let stored = t.game_in(PLACE).expect("game").players;
        // The same names in another order get the users stored for them.
        let cs = callers(&t, &names(&["Carol", "alice", "bob"])).expect("same names");
        for c in &cs {
            let (user, name) = stored
                .iter()
                .find(|(_, n)| n.eq_ignore_ascii_case(&c.name))
                .expect("stored");
            assert_eq!((c.user, &c.name), (*user, name));
        }
        // Other names are refused, naming the stored ones.
        let err = callers(&t, &names(&["alice", "bob", "dave"])).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("--players alice,bob,carol"), "{text}");
        assert!(callers(&t, &names(&["alice", "bob"])).is_err());
        assert!(callers(&t, &names(&["alice", "bob", "carol", "dave"])).is_err());
    }

    #[test]
    fn banner_names_colours_quit_and_a_lost_game() {
        let game = GameSummary {
            id: 1,
            place: PLACE,
            players: vec![(2, "bob".into()), (1, "alice".into())],
            version: Some(0),
            finished: false,
        };
        let text = banner(&game, false).join("\n");
        assert!(text.contains("bob (red), alice (blue)"), "{text}");
        assert!(
            text.contains("`quit`") && text.contains("`bob: moves`"),
            "{text}"
        );
        assert!(text.contains("not kept"), "{text}");
        assert!(!banner(&game, true).join("\n").contains("not kept"));
    }
}
