//! The table: hosting games in chat places — lobby, seats, the command language, trade offers,
//! timers, and turning engine events into replies. Platform-neutral (see DESIGN.md): adapters
//! translate their platform's inputs into [`Caller`] + typed text, a typed [`Request`] (slash
//! commands), a button, a menu choice or a reaction, call a [`Table`] entry point, and post
//! the returned [`Reply`]s.
//!
//! Module map: `command` (the command language, both directions), `request` (typed requests,
//! their typed fields resolved like the language's labels), `questions` (`moves` and
//! `build road ?`), `lobby` (game settings before the start), `offers` (domestic trade
//! negotiation), `messages` (event and state texts), `rules_help` (short rule answers), `rules_desk`
//! (free rules questions answered from our knowledge base), `timer`
//! (deadlines and auto-actions), `record` (what is stored), `session` (one hosted game), `load`
//! (resuming stored games at start-up), `dispatch` (routing inputs to sessions), `game_stats`,
//! `timeline` and `summary` (what is counted during a game, per turn, and its summary at the
//! end), `names` (player names), `fairness` and `public_record` (secret seeds, commitments, the verifiable record).

pub mod bot_seats;
pub mod command;
pub mod command_words;
mod dispatch;
pub mod fairness;
pub mod game_stats;
pub mod helper_command;
pub mod helper_messages;
mod ids;
mod load;
pub mod lobby;
pub mod messages;
pub mod names;
pub mod offers;
pub mod parse_error;
pub mod place_order;
pub mod public_record;
pub mod rating_input;
pub mod record;
pub mod refusals;
pub mod reply;
pub mod request;
pub mod rules_desk;
pub mod rules_help;
mod session;
pub mod summary;
pub mod timeline;
pub mod timer;
pub mod typed_hints;

use std::collections::{BTreeMap, HashMap};

use thiserror::Error;

use crate::engine::{self, Game};
use crate::i18n::{self, Lang};
use crate::store::{Store, StoreError};

pub use command::{Command, ParseError, command_for};
pub use reply::{
    Attachment, Audience, Button, Caller, GameId, Hint, LiveSlot, Menu, MenuOption, Picture,
    PlaceId, PlaceKind, Reaction, Reply, ReplyKind, TurnControl, TurnStamp, UserId,
};
pub use request::{Piece, Request};

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
    /// A lobby not started this long after it was opened is closed (`None`: never).
    pub lobby_expiry_ms: Option<u64>,
    /// People who are not playing get at most one board picture per place this often.
    pub onlooker_board_every_ms: u64,
    /// Where unseeded games get their secret seed: the OS, except in tests.
    pub seed_source: fairness::SeedSource,
    /// How long bots wait after the last move before they move (so people can follow).
    pub bot_delay_ms: u64,
    /// The expert bots' think time per move (turned into a fixed amount of search).
    pub bot_think_ms: u64,
    /// How long a bot's trade offer stays open for people's answers, whatever else happens
    /// meanwhile (an offer only bots can answer is settled at the bot's next move).
    pub bot_offer_wait_ms: u64,
    /// The language of a game opened by someone whose own language is unknown.
    pub default_lang: Lang,
}

/// Bots move this long after the last move unless configured otherwise.
pub const DEFAULT_BOT_DELAY_MS: u64 = 2_000;

/// A bot's trade offer waits this long for people's answers unless configured otherwise.
pub const DEFAULT_BOT_OFFER_WAIT_MS: u64 = 20_000;

/// Lobbies close after a day without a start.
pub const DEFAULT_LOBBY_EXPIRY_MS: u64 = 24 * 60 * timer::MINUTE_MS;

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            snapshot_every: 50,
            render_boards: true,
            default_timer_minutes: None,
            lobby_expiry_ms: Some(DEFAULT_LOBBY_EXPIRY_MS),
            onlooker_board_every_ms: timer::MINUTE_MS,
            seed_source: fairness::SeedSource::Os,
            bot_delay_ms: DEFAULT_BOT_DELAY_MS,
            bot_think_ms: crate::bots::expert::DEFAULT_THINK_MS,
            bot_offer_wait_ms: DEFAULT_BOT_OFFER_WAIT_MS,
            default_lang: Lang::EN,
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
    /// When someone not playing was last shown the board, per place with a game.
    onlooker_boards: HashMap<PlaceId, u64>,
    /// Secret seeds for games whose host chose none.
    seeds: fairness::Seeds,
    next_id: GameId,
    problems: Vec<LoadProblem>,
    /// The live message ids of the last games that left memory (their final edits).
    recently_finished: std::collections::VecDeque<(GameId, Vec<(LiveSlot, u64)>)>,
    /// Games whose automatic move failed, with when to try again (see `dispatch::tick`).
    tick_retries: HashMap<GameId, dispatch::TickRetry>,
    /// Public messages about damaged stored games, for their places (see `load.rs`).
    notices: Vec<Reply>,
}

/// How many finished games' live message ids are kept (see [`Table::live_message`]).
const RECENTLY_FINISHED: usize = 64;

impl Table {
    /// Opens the table on a store, loading and resuming every unfinished game (timers included).
    pub fn open(store: Box<dyn Store>, options: TableOptions) -> Result<Table, TableError> {
        let stored = store.load_all()?;
        let finished = store.finished_games()?;
        let seeds = fairness::Seeds::new(&options.seed_source);
        let mut table = Table {
            store,
            options,
            sessions: BTreeMap::new(),
            by_place: HashMap::new(),
            offer_messages: HashMap::new(),
            onlooker_boards: HashMap::new(),
            seeds,
            next_id: 1,
            problems: Vec::new(),
            tick_retries: HashMap::new(),
            recently_finished: std::collections::VecDeque::new(),
            notices: Vec::new(),
        };
        if let Some((last, _)) = finished.last() {
            table.next_id = last + 1;
        }
        load::resume_all(&mut table, stored);
        Ok(table)
    }

    /// One line of the command language from `caller` in `caller.place`.
    pub fn handle_text(&mut self, caller: &Caller, text: &str, now_ms: u64) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_at(caller));
        let replies = dispatch::text(self, caller, text, now_ms);
        self.forget_finished(replies)
    }

    /// A typed request from a platform's structured input (a slash command's options): no
    /// text is parsed; what the player typed into a field (a place, a name) is resolved
    /// against the game here and refused in the words a typed line would get.
    pub fn handle_command(&mut self, caller: &Caller, request: Request, now_ms: u64) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_at(caller));
        let replies = dispatch::request(self, caller, request, now_ms);
        self.forget_finished(replies)
    }

    /// A button press; `custom_id` as made by the table: `catan:<game>:<action>:<version>`.
    pub fn handle_button(&mut self, caller: &Caller, custom_id: &str, now_ms: u64) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_at(caller));
        let replies = dispatch::button(self, caller, custom_id, now_ms);
        self.forget_finished(replies)
    }

    /// A turn message's control used without its button (Matrix: a reaction), on the
    /// message with stamp `on` ([`Reply::turn_stamp`]): the same rules as the button.
    pub fn handle_turn_control(
        &mut self,
        caller: &Caller,
        control: TurnControl,
        on: Option<TurnStamp>,
        now_ms: u64,
    ) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_at(caller));
        let replies = dispatch::turn_control(self, caller, control, on, now_ms);
        self.forget_finished(replies)
    }

    /// Options chosen in a menu the table offered ([`Reply::menu`]): the menu's id and the
    /// chosen options' values (several only where the menu asks for several).
    pub fn handle_choice(
        &mut self,
        caller: &Caller,
        menu_id: &str,
        values: &[String],
        now_ms: u64,
    ) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_at(caller));
        let replies = dispatch::choice(self, caller, menu_id, values, now_ms);
        self.forget_finished(replies)
    }

    /// A reaction on a posted trade offer message (Reaction::Accept = ✅, Reaction::Decline = ❌).
    pub fn handle_reaction(
        &mut self,
        caller: &Caller,
        message_id: u64,
        reaction: Reaction,
        now_ms: u64,
    ) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_at(caller));
        let replies = dispatch::reaction(self, caller, message_id, reaction, now_ms);
        self.forget_finished(replies)
    }

    /// A reaction taken back from a posted trade offer message: withdraws that answer.
    pub fn handle_reaction_removed(
        &mut self,
        caller: &Caller,
        message_id: u64,
        reaction: Reaction,
    ) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_at(caller));
        dispatch::reaction_removed(self, caller, message_id, reaction)
    }

    /// `user` left `place` (on Matrix: left the room, or was kicked or banned). In a lobby they
    /// are unseated; in a running game their seat is treated like an absent player's, by the
    /// game's `afk` setting. Once: a leave already known changes nothing and says nothing.
    pub fn player_left(&mut self, place: PlaceId, user: UserId) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_in(place));
        let replies = dispatch::player_left(self, place, user);
        self.forget_finished(replies)
    }

    /// `user` is in `place` again after a leave: the place is told; a move of theirs takes the
    /// seat back from a bot standing in.
    pub fn player_returned(&mut self, place: PlaceId, user: UserId) -> Vec<Reply> {
        let _lang = i18n::scope(self.lang_in(place));
        dispatch::player_returned(self, place, user)
    }

    /// The language of the game in `place`, else the host's default.
    fn lang_in(&self, place: PlaceId) -> Lang {
        self.by_place
            .get(&place)
            .map_or(self.options.default_lang, |id| self.lang_of(*id))
    }

    /// The adapter reports the message id under which a ReplyKind::TradeOffer reply was posted
    /// (stored durably so reactions keep working after a restart).
    pub fn offer_posted(&mut self, game: u64, offer: u32, message_id: u64) {
        dispatch::offer_posted(self, game, offer, message_id)
    }

    /// The message id a trade offer was posted under, if known (also after a restart).
    pub fn offer_message(&self, game: GameId, offer: u32) -> Option<u64> {
        self.offer_messages
            .iter()
            .find(|(_, v)| **v == (game, offer))
            .map(|(message, _)| *message)
    }

    /// Every posted open trade offer's message as it should read now: after a restart an
    /// adapter edits them in place (an edit made just before it may never have been sent).
    pub fn open_offer_updates(&self) -> Vec<Reply> {
        dispatch::open_offer_updates(self)
    }

    /// The adapter reports the message id under which a game's live message (lobby, turn
    /// message) was posted; later updates of that slot edit it, also after a restart.
    pub fn live_posted(&mut self, game: GameId, slot: LiveSlot, message_id: u64) {
        dispatch::live_posted(self, game, slot, message_id)
    }

    /// The message id a game's live message was posted under, if known.
    /// (A game that just ended has left memory, but its last replies still edit its live
    /// messages: their ids are kept for a while.)
    pub fn live_message(&self, game: GameId, slot: LiveSlot) -> Option<u64> {
        let live = match self.sessions.get(&game) {
            Some(s) => &s.meta.live_messages,
            None => self
                .recently_finished
                .iter()
                .find(|(g, _)| *g == game)
                .map(|(_, live)| live)?,
        };
        live.iter().find(|(k, _)| *k == slot).map(|(_, id)| *id)
    }

    /// Timers: reminders and auto-actions whose deadline has passed, and expired lobbies.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Reply> {
        self.tick_except(now_ms, &|_| false)
    }

    /// [`Table::tick`] but for the games at the places `held` holds: their timers wait (their
    /// chat platform cannot be reached, so their players cannot act either).
    pub fn tick_except(&mut self, now_ms: u64, held: &dyn Fn(PlaceId) -> bool) -> Vec<Reply> {
        let mut replies = dispatch::expire_lobbies(self, now_ms, held);
        replies.extend(dispatch::tick(self, now_ms, held));
        self.forget_finished(replies)
    }

    /// The earliest moment [`Table::tick`] has something to do.
    pub fn next_deadline(&self) -> Option<u64> {
        self.next_deadline_except(&|_| false)
    }

    /// The earliest moment [`Table::tick_except`] has something to do with `held`.
    pub fn next_deadline_except(&self, held: &dyn Fn(PlaceId) -> bool) -> Option<u64> {
        dispatch::next_deadline(self, held)
    }

    /// Starts the turn clocks of the games at the places `on` again at `now_ms` (their
    /// platform is back): each timed turn gets its whole timer from now. How many moved.
    pub fn restart_turn_clocks(&mut self, now_ms: u64, on: &dyn Fn(PlaceId) -> bool) -> usize {
        self.sessions
            .values_mut()
            .filter(|s| on(s.place()))
            .map(|s| s.restart_clock(now_ms))
            .filter(|&moved| moved)
            .count()
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
        let _lang = i18n::scope(self.private_lang(caller));
        dispatch::suggest(self, caller, kind, partial)
    }

    /// The language of what only `caller` sees: their own, else their place's.
    pub fn private_lang(&self, caller: &Caller) -> Lang {
        caller.lang.unwrap_or_else(|| self.lang_at(caller))
    }

    /// The language `caller` is answered in at their place (and a game opened there starts
    /// in): the game's there, else the place's preferred one, else their own, else the host's
    /// default.
    pub fn lang_at(&self, caller: &Caller) -> Lang {
        self.by_place
            .get(&caller.place)
            .and_then(|id| self.sessions.get(id))
            .map(|s| s.meta.settings.lang)
            .or(caller.place_lang)
            .or(caller.lang)
            .unwrap_or(self.options.default_lang)
    }

    /// The language of a game's public messages (the default for a game no longer held).
    pub fn lang_of(&self, game: GameId) -> Lang {
        self.sessions
            .get(&game)
            .map_or(self.options.default_lang, |s| s.meta.settings.lang)
    }

    /// The seats of a running game that a bot plays now (seated bots and stand-ins).
    pub fn bot_seats(&self, game: GameId) -> Vec<engine::Seat> {
        let Some(s) = self.sessions.get(&game) else {
            return Vec::new();
        };
        (0..s.names().len() as engine::Seat)
            .filter(|&seat| s.bot_at(seat).is_some())
            .collect()
    }

    /// Stored games that could not be resumed when the table opened.
    pub fn load_problems(&self) -> &[LoadProblem] {
        &self.problems
    }

    /// Public messages to post once connected, one in the place of each stored game the store
    /// found damaged: resumed at its last verified move (which it names) or refused.
    pub fn startup_notices(&self) -> &[Reply] {
        &self.notices
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

    /// The open trade offers of a game, oldest first (empty for a game not held).
    pub fn open_offers(&self, game: GameId) -> &[offers::Offer] {
        self.sessions
            .get(&game)
            .map_or(&[], |s| s.meta.offers.as_slice())
    }

    /// Bytes the store uses on disk (for status output).
    pub fn store_size(&self) -> Option<u64> {
        self.store.size_on_disk().ok()
    }

    /// The final state of a finished game, read from the store (finished games leave memory
    /// once their last replies are made). For tests and tools; it holds every hidden card.
    pub fn finished_state(&self, game: GameId) -> Option<Game> {
        let records = self.store.finished_games().ok()?;
        let (_, bytes) = records.into_iter().find(|(id, _)| *id == game)?;
        record::decode_finished(&bytes).ok().map(|r| r.game)
    }

    /// Drops the sessions of games these replies finished: their place is free and their record
    /// is compacted in the store, so nothing needs them in memory.
    fn forget_finished(&mut self, replies: Vec<Reply>) -> Vec<Reply> {
        let replies = bot_seats::drop_bot_audience(replies);
        let mut ids: Vec<GameId> = replies.iter().filter_map(|r| r.game).collect();
        ids.dedup();
        for id in ids {
            if self.sessions.get(&id).is_some_and(|s| s.meta.finished) {
                self.forget(id);
            }
        }
        replies
    }

    /// Removes a game from memory: its session, its place binding (if still its own), its
    /// posted offers and its board rate limit.
    fn forget(&mut self, id: GameId) {
        if let Some(s) = self.sessions.remove(&id) {
            if self.recently_finished.len() == RECENTLY_FINISHED {
                self.recently_finished.pop_front();
            }
            self.recently_finished
                .push_back((id, s.meta.live_messages.clone()));
            if self.by_place.get(&s.place()) == Some(&id) {
                self.by_place.remove(&s.place());
            }
            if !self.by_place.contains_key(&s.place()) {
                self.onlooker_boards.remove(&s.place());
            }
            self.offer_messages.retain(|_, (g, _)| *g != id);
        }
    }

    fn insert_session(&mut self, session: Session) {
        for (offer, message) in session.offer_messages() {
            self.offer_messages.insert(message, (session.id(), offer));
        }
        self.by_place.insert(session.place(), session.id());
        self.sessions.insert(session.id(), session);
    }
}
