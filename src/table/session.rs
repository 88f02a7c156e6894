//! One hosted game: its table record, its engine state, and the durable way to change them.
//! Every accepted action is applied to a copy, appended to the store (flushed), and only then
//! becomes the game: a failed write leaves the game exactly as before.

use std::collections::VecDeque;

use crate::engine::{Action, Event, Game, Phase, RuleError, Seat};
use crate::store::{Store, StoreError, StoredGame};

use super::GameSummary;
use super::command::ParseContext;
use super::messages;
use super::offers::Offer;
use super::record::{
    ActionRecord, FinishedRecord, GameMeta, Snapshot, decode_action, decode_meta, decode_snapshot,
    encode_action, encode_finished, encode_meta, encode_snapshot,
};
use super::reply::{GameId, PlaceId, UserId};
use super::timer::{self, MINUTE_MS};

/// How many public lines `log` keeps.
const RECENT_LINES: usize = 30;

/// Why an action did not happen.
#[derive(Debug)]
pub enum ApplyError {
    Rule(RuleError),
    Store(StoreError),
}

pub struct Session {
    pub meta: GameMeta,
    game: Option<Game>,
    /// Actions accepted so far (the next action's log index).
    log_len: u64,
    last_activity_ms: u64,
    reminded: bool,
    /// Recent public lines, for `log`.
    recent: VecDeque<String>,
    /// Cached `(user, name)` per seat.
    players: Vec<(UserId, String)>,
    /// Every accepted action, for the game's public record (`fairness`).
    history: Vec<ActionRecord>,
}

impl Session {
    pub fn new_lobby(meta: GameMeta) -> Session {
        let mut s = Session {
            last_activity_ms: meta.created_ms,
            meta,
            game: None,
            log_len: 0,
            reminded: false,
            recent: VecDeque::new(),
            players: Vec::new(),
            history: Vec::new(),
        };
        s.refresh_players();
        s
    }

    /// Rebuilds a stored game: snapshot + replay of the log. `Ok(None)` for finished games.
    pub fn resume(stored: &StoredGame) -> Result<Option<Session>, String> {
        let meta = decode_meta(&stored.meta)?;
        if meta.finished {
            return Ok(None);
        }
        let mut session = Session::new_lobby(meta);
        let Some(started) = session.meta.started.clone() else {
            return Ok(Some(session));
        };
        session.last_activity_ms = started.at_ms;
        let mut game = match &stored.snapshot {
            Some((upto, bytes)) => {
                let snap = decode_snapshot(bytes)?;
                session.log_len = *upto;
                session.last_activity_ms = snap.last_activity_ms;
                session.history = snap.history;
                snap.game
            }
            None => Game::new(started.settings.clone(), started.seed),
        };
        let names = session.names();
        for (index, bytes) in &stored.actions {
            if *index < session.log_len {
                continue; // already in the snapshot
            }
            if *index != session.log_len {
                return Err(format!(
                    "action log has a gap: expected action {}, found {index}",
                    session.log_len
                ));
            }
            let rec = decode_action(bytes)?;
            let events = game
                .apply(rec.seat, &rec.action)
                .map_err(|e| format!("action {index} no longer applies: {e}"))?;
            for ev in &events {
                if let Some(line) = messages::event_public(ev, &game, &names) {
                    session.push_recent(line);
                }
            }
            session.log_len += 1;
            session.last_activity_ms = rec.at_ms;
            session.history.push(rec);
        }
        session.game = Some(game);
        session.drop_stale_offers();
        Ok(Some(session))
    }

    pub fn id(&self) -> GameId {
        self.meta.id
    }

    pub fn place(&self) -> PlaceId {
        self.meta.place
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|(_, n)| n.clone()).collect()
    }

    pub fn name(&self, seat: Seat) -> String {
        self.players
            .get(seat as usize)
            .map(|(_, n)| n.clone())
            .unwrap_or_else(|| format!("seat {seat}"))
    }

    pub fn user(&self, seat: Seat) -> Option<UserId> {
        self.players.get(seat as usize).map(|(u, _)| *u)
    }

    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.players
            .iter()
            .position(|(u, _)| *u == user)
            .map(|p| p as Seat)
    }

    pub fn refresh_players(&mut self) {
        self.players = self
            .meta
            .seats
            .iter()
            .map(|s| (s.user, s.name.clone()))
            .collect();
    }

    /// The parsing context of the running game.
    pub fn parse_context(&self) -> Option<ParseContext<'_>> {
        self.game.as_ref().map(|g| ParseContext {
            topology: g.topology(),
            players: &self.players,
        })
    }

    pub fn summary(&self) -> GameSummary {
        GameSummary {
            id: self.meta.id,
            place: self.meta.place,
            players: self.players.clone(),
            version: self.game.as_ref().map(|g| g.version),
            finished: self.meta.finished,
        }
    }

    pub fn offer_messages(&self) -> Vec<(u32, u64)> {
        self.meta
            .offers
            .iter()
            .filter_map(|o| o.message_id.map(|m| (o.id, m)))
            .collect()
    }

    /// Every accepted action so far (empty before the start, or for a game resumed from a
    /// snapshot written before histories were kept).
    pub fn history(&self) -> &[ActionRecord] {
        &self.history
    }

    pub fn recent(&self) -> impl Iterator<Item = &String> {
        self.recent.iter()
    }

    pub fn push_recent(&mut self, line: String) {
        if self.recent.len() == RECENT_LINES {
            self.recent.pop_front();
        }
        self.recent.push_back(line);
    }

    /// Writes the meta record (flushed).
    pub fn save_meta(&self, store: &dyn Store) -> Result<(), StoreError> {
        store.put_meta(self.meta.id, &encode_meta(&self.meta))
    }

    /// Saves the meta record; if the store refuses, puts `before` back so that memory keeps
    /// matching what is on disk.
    pub fn save_meta_or_restore(
        &mut self,
        store: &dyn Store,
        before: GameMeta,
    ) -> Result<(), StoreError> {
        let saved = self.save_meta(store);
        if saved.is_err() {
            self.meta = before;
            self.refresh_players();
        }
        saved
    }

    /// Starts the engine game (the meta record must already say `started`).
    pub fn begin(&mut self, game: Game, now_ms: u64) {
        self.game = Some(game);
        self.log_len = 0;
        self.last_activity_ms = now_ms;
        self.reminded = false;
    }

    /// Applies `action` for `seat` durably. On any error nothing changed.
    pub fn apply(
        &mut self,
        store: &dyn Store,
        seat: Seat,
        action: &Action,
        now_ms: u64,
        snapshot_every: u64,
    ) -> Result<Vec<Event>, ApplyError> {
        let Some(current) = self.game.as_ref() else {
            return Err(ApplyError::Rule(RuleError::Invalid(
                "The game has not started yet: the host types `start`.".into(),
            )));
        };
        let mut next = current.clone();
        let events = next.apply(seat, action).map_err(ApplyError::Rule)?;
        let rec = ActionRecord {
            seat,
            action: action.clone(),
            at_ms: now_ms,
        };
        store
            .append_action(self.meta.id, self.log_len, &encode_action(&rec))
            .map_err(ApplyError::Store)?;
        self.log_len += 1;
        self.last_activity_ms = now_ms;
        self.reminded = false;
        self.history.push(rec);
        let finished = next.winner().is_some();
        let snap_due = snapshot_every > 0 && self.log_len.is_multiple_of(snapshot_every);
        if snap_due && !finished {
            let snap = Snapshot {
                game: next.clone(),
                last_activity_ms: now_ms,
                history: self.history.clone(),
            };
            // The action itself is durable already; a failed snapshot only means a longer
            // replay at the next start.
            if let Err(e) = store.put_snapshot(self.meta.id, self.log_len, &encode_snapshot(&snap))
            {
                tracing::warn!(game = self.meta.id, error = %e, "snapshot failed");
            }
        }
        self.game = Some(next);
        let names = self.names();
        if let Some(g) = self.game.as_ref() {
            let lines: Vec<String> = events
                .iter()
                .filter_map(|ev| messages::event_public(ev, g, &names))
                .collect();
            for line in lines {
                self.push_recent(line);
            }
        }
        if finished {
            self.finish(store);
        }
        Ok(events)
    }

    /// Compacts a finished game into its final record. The winning action is durable in the
    /// log already; if this fails, the next start-up finds the game finished and retries.
    pub fn finish(&mut self, store: &dyn Store) {
        let Some(game) = self.game.clone() else {
            return;
        };
        self.meta.finished = true;
        self.meta.offers.clear();
        let rec = FinishedRecord {
            meta: self.meta.clone(),
            game,
            actions: self.log_len,
            history: self.history.clone(),
        };
        if let Err(e) = store.finish_game(self.meta.id, &encode_finished(&rec)) {
            tracing::warn!(game = self.meta.id, error = %e, "could not compact the finished game");
        }
    }

    /// Offers end with the turn (or whenever trading is over). Returns the withdrawn ones.
    pub fn drop_stale_offers(&mut self) -> Vec<Offer> {
        let Some(g) = self.game.as_ref() else {
            return Vec::new();
        };
        let trading = g.phase == Phase::Main;
        let turn = g.turn;
        let (keep, gone): (Vec<Offer>, Vec<Offer>) = std::mem::take(&mut self.meta.offers)
            .into_iter()
            .partition(|o| trading && o.turn == turn);
        self.meta.offers = keep;
        gone
    }

    fn timer_ms(&self) -> Option<u64> {
        self.meta
            .settings
            .timer_minutes
            .map(|m| m as u64 * MINUTE_MS)
    }

    /// The turn deadline, when the game is running with a timer.
    pub fn deadline(&self) -> Option<u64> {
        let game = self.game.as_ref()?;
        if game.winner().is_some() || self.meta.finished {
            return None;
        }
        Some(self.last_activity_ms + self.timer_ms()?)
    }

    /// When the reminder is due, unless already sent.
    pub fn reminder_due(&self) -> Option<u64> {
        if self.reminded {
            return None;
        }
        Some(timer::reminder_at(self.deadline()?, self.timer_ms()?))
    }

    pub fn set_reminded(&mut self) {
        self.reminded = true;
    }

    pub fn next_deadline(&self) -> Option<u64> {
        self.reminder_due().or_else(|| self.deadline())
    }
}
