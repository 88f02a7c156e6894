//! The table: hosting games in chat places — lobby, seats, the command language, trade offers,
//! timers, and turning engine events into replies. Platform-neutral (see DESIGN.md): adapters
//! translate their platform's inputs into [`Caller`] + text/button/reaction, call a [`Table`]
//! entry point, and post the returned [`Reply`]s.
//!
//! Module map: `command` (the command language, both directions), `questions` (`moves` and
//! `build road ?`), `lobby` (game settings before the start), `offers` (domestic trade
//! negotiation), `messages` (event and state texts), `rules_help` (short rule answers), `timer`
//! (deadlines and auto-actions), `record` (what is stored), `session` (one hosted game),
//! `dispatch` (routing inputs to sessions).

pub mod command;
mod dispatch;
pub mod lobby;
pub mod messages;
pub mod offers;
pub mod questions;
pub mod record;
pub mod reply;
pub mod rules_help;
mod session;
pub mod timer;

use std::collections::{BTreeMap, HashMap};

use thiserror::Error;

use crate::engine::Game;
use crate::store::{Store, StoreError};

pub use command::{Command, ParseError, command_for};
pub use reply::{
    Audience, Button, Caller, GameId, PlaceId, PlaceKind, Reaction, Reply, ReplyKind, UserId,
};

use session::Session;

/// How a [`Table`] behaves; the same for every game it hosts.
#[derive(Clone, Debug)]
pub struct TableOptions {
    /// A snapshot of the game state is stored every this many actions (the log between
    /// snapshots is replayed on start-up).
    pub snapshot_every: u64,
    /// Attach board pictures to turn starts and `board` replies. Off for fast tests.
    pub render_boards: bool,
    /// The turn timer a new game gets when its host does not choose one (minutes).
    pub default_timer_minutes: Option<u32>,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            snapshot_every: 50,
            render_boards: true,
            default_timer_minutes: None,
        }
    }
}

/// Why the table could not open.
#[derive(Debug, Error)]
pub enum TableError {
    #[error("the game store failed: {0}")]
    Store(#[from] StoreError),
}

/// A stored game that could not be resumed at start-up (it stays in the store untouched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    pub game: GameId,
    pub reason: String,
}

/// A short public summary of one hosted game, for adapters and tools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    pub id: GameId,
    pub place: PlaceId,
    /// Seated (or joined, in the lobby) players in seat order: user id and display name.
    pub players: Vec<(UserId, String)>,
    /// `None` while in the lobby.
    pub version: Option<u64>,
    pub finished: bool,
}

/// Hosts any number of games, each bound to one chat place. Single-threaded by design: an
/// adapter owns it behind one lock or task and calls it with one input at a time.
pub struct Table {
    store: Box<dyn Store>,
    options: TableOptions,
    sessions: BTreeMap<GameId, Session>,
    by_place: HashMap<PlaceId, GameId>,
    /// Posted trade offer messages: message id → (game, offer).
    offer_messages: HashMap<u64, (GameId, u32)>,
    next_id: GameId,
    problems: Vec<LoadProblem>,
}

impl Table {
    /// Opens the table on a store, loading and resuming every unfinished game (timers included).
    pub fn open(store: Box<dyn Store>, options: TableOptions) -> Result<Table, TableError> {
        let stored = store.load_all()?;
        let finished = store.finished_games()?;
        let mut table = Table {
            store,
            options,
            sessions: BTreeMap::new(),
            by_place: HashMap::new(),
            offer_messages: HashMap::new(),
            next_id: 1,
            problems: Vec::new(),
        };
        if let Some((last, _)) = finished.last() {
            table.next_id = last + 1;
        }
        for sg in stored {
            table.next_id = table.next_id.max(sg.id + 1);
            match Session::resume(&sg) {
                Ok(Some(mut session)) if session.game().is_some_and(|g| g.winner().is_some()) => {
                    // Won, but killed before the game was compacted.
                    session.finish(&*table.store);
                }
                Ok(Some(session)) => table.insert_session(session),
                Ok(None) => {} // marked finished: nothing to resume
                Err(reason) => {
                    tracing::warn!(game = sg.id, %reason, "stored game could not be resumed");
                    table.problems.push(LoadProblem {
                        game: sg.id,
                        reason,
                    });
                }
            }
        }
        Ok(table)
    }

    /// One line of the command language from `caller` in `caller.place`.
    pub fn handle_text(&mut self, caller: &Caller, text: &str, now_ms: u64) -> Vec<Reply> {
        dispatch::text(self, caller, text, now_ms)
    }

    /// A button press; `custom_id` as made by the table: `catan:<game>:<action>:<version>`.
    pub fn handle_button(&mut self, caller: &Caller, custom_id: &str, now_ms: u64) -> Vec<Reply> {
        dispatch::button(self, caller, custom_id, now_ms)
    }

    /// A reaction on a posted trade offer message (Reaction::Accept = ✅, Reaction::Decline = ❌).
    pub fn handle_reaction(
        &mut self,
        caller: &Caller,
        message_id: u64,
        reaction: Reaction,
        now_ms: u64,
    ) -> Vec<Reply> {
        dispatch::reaction(self, caller, message_id, reaction, now_ms)
    }

    /// The adapter reports the message id under which a ReplyKind::TradeOffer reply was posted
    /// (stored durably so reactions keep working after a restart).
    pub fn offer_posted(&mut self, game: u64, offer: u32, message_id: u64) {
        dispatch::offer_posted(self, game, offer, message_id)
    }

    /// Timers: reminders and auto-actions whose deadline has passed.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Reply> {
        dispatch::tick(self, now_ms)
    }

    /// The earliest moment [`Table::tick`] has something to do.
    pub fn next_deadline(&self) -> Option<u64> {
        self.sessions
            .values()
            .filter_map(|s| s.next_deadline())
            .min()
    }

    /// Autocomplete: the caller's legal places of a kind, as (value, description) pairs,
    /// e.g. ("23", "23 · grain 6 · ore 8 · 3:1 port"); filtered by `partial`, at most 25.
    /// Kinds that depend on an earlier option carry it ([`PlaceKind::Victim`] the robber's
    /// hex). Every value offered is accepted when used in its command.
    pub fn suggest(
        &self,
        caller: &Caller,
        kind: PlaceKind,
        partial: &str,
    ) -> Vec<(String, String)> {
        dispatch::suggest(self, caller, kind, partial)
    }

    /// Stored games that could not be resumed when the table opened.
    pub fn load_problems(&self) -> &[LoadProblem] {
        &self.problems
    }

    /// The game hosted in `place` (lobby or running), if any.
    pub fn game_in(&self, place: PlaceId) -> Option<GameSummary> {
        let id = *self.by_place.get(&place)?;
        self.sessions.get(&id).map(Session::summary)
    }

    /// Every hosted game.
    pub fn games(&self) -> Vec<GameSummary> {
        self.sessions.values().map(Session::summary).collect()
    }

    /// The full engine state of a running game, hidden cards included. For tests and tools;
    /// never show it to players (use [`Game::view`]).
    pub fn game_state(&self, game: GameId) -> Option<&Game> {
        self.sessions.get(&game)?.game()
    }

    /// Bytes the store uses on disk (for status output).
    pub fn store_size(&self) -> Option<u64> {
        self.store.size_on_disk().ok()
    }

    fn insert_session(&mut self, session: Session) {
        for (offer, message) in session.offer_messages() {
            self.offer_messages.insert(message, (session.id(), offer));
        }
        self.by_place.insert(session.place(), session.id());
        self.sessions.insert(session.id(), session);
    }
}
