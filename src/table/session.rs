//! One hosted game: its table record, its engine state, and the durable way to change them.
//! Every accepted action is applied to a copy, appended to the store (flushed), and only then
//! becomes the game: a failed write leaves the game exactly as before.
//!
//! Long (about 610 lines before its tests) because it is a running game's state at the table and
//! every change to it (apply, load, record), kept together so one write per action is easy to
//! see.

use std::collections::VecDeque;

use crate::engine::{Action, Event, Game, Phase, RuleError, Seat};
use crate::store::{GameWrite, Store, StoreError, StoredGame};

use super::GameSummary;
use super::command::ParseContext;
use super::game_stats::GameStats;
use super::messages;
use super::offers::Offer;
use super::record::{
    ActionRecord, FinishedRecord, GameMeta, OfferRecord, Snapshot, decode_action, decode_meta,
    decode_offer, decode_snapshot, encode_action, encode_finished, encode_meta, encode_offer,
    encode_snapshot,
};
use super::reply::{GameId, PlaceId, UserId};
use super::timer::{self, MINUTE_MS};

/// How many public lines `log` keeps.
const RECENT_LINES: usize = 30;

/// What an accepted action did.
#[derive(Debug)]
pub struct Applied {
    pub events: Vec<Event>,
    /// Open offers the action ended (the turn or the trading phase is over): withdrawn.
    pub ended_offers: Vec<Offer>,
}

/// Why an action did not happen.
#[derive(Debug)]
pub enum ApplyError {
    /// The game has not started (no engine state to act on).
    NotStarted,
    Rule(RuleError),
    Store(StoreError),
}

/// A trade a bot offered on its turn: open (people answer until the wait is over) or closed
/// (confirmed or withdrawn; the bot offers once a turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotOffer {
    pub turn: u32,
    /// The open offer's number; `None` once it closed.
    pub open: Option<u32>,
    pub made_ms: u64,
}

pub struct Session {
    pub meta: GameMeta,
    game: Option<Game>,
    /// Actions accepted so far (the next action's log index).
    log_len: u64,
    last_activity_ms: u64,
    /// When the turn clock started again (the game's platform was back after its players could
    /// not reach the bot): the deadline counts from it while it is after the last action. In
    /// memory only: after a restart the clocks start again once the platform is reached.
    clock_from_ms: u64,
    reminded: bool,
    /// Recent public lines, for `log`.
    recent: VecDeque<String>,
    /// Cached `(user, name)` per seat.
    players: Vec<(UserId, String)>,
    /// Public lines of the live turn message, its headline first (rebuilt from the log
    /// after a restart, as far as the log since the last snapshot reaches).
    pub turn_lines: Vec<String>,
    /// Counts for the end-of-game summary (kept with each snapshot).
    stats: GameStats,
    /// Offer records to remove when the turn's offers are cleared: closed offers (their records
    /// keep their numbers taken until then), and stale records found at start-up.
    retired_offers: Vec<u32>,
    /// The meta record still held the offers (written before offers had records of their
    /// own): they are written as records at start-up.
    legacy_offers: bool,
    /// Every accepted action, for the game's public record (`fairness`).
    history: Vec<ActionRecord>,
    /// The meta record as it is on disk, while memory holds a change that the game's next
    /// write carries (`stage_meta`): a player's return from `away` goes down with the move
    /// that brought them back, in one write.
    staged_from: Option<GameMeta>,
    /// The offer a bot made this turn (kept in memory: after a restart a bot may offer once
    /// more, and its open offer gets a fresh wait).
    pub bot_offer: Option<BotOffer>,
}

impl Session {
    pub fn new_lobby(meta: GameMeta) -> Session {
        let mut s = Session {
            last_activity_ms: meta.created_ms,
            clock_from_ms: 0,
            meta,
            game: None,
            log_len: 0,
            reminded: false,
            recent: VecDeque::new(),
            players: Vec::new(),
            turn_lines: Vec::new(),
            stats: GameStats::default(),
            retired_offers: Vec::new(),
            legacy_offers: false,
            history: Vec::new(),
            staged_from: None,
            bot_offer: None,
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
        session.load_offers(&stored.offers);
        let Some(started) = session.meta.started.clone() else {
            return Ok(Some(session));
        };
        session.last_activity_ms = started.at_ms;
        let mut game = match &stored.snapshot {
            Some((upto, bytes)) => {
                let snap = decode_snapshot(bytes)?;
                session.log_len = *upto;
                session.last_activity_ms = snap.last_activity_ms;
                session.stats = snap.stats;
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
                    if matches!(
                        ev,
                        Event::TurnStarted { .. } | Event::SpecialBuildStarted { .. }
                    ) {
                        session.turn_lines.clear();
                    }
                    session.turn_lines.push(line.clone());
                    session.push_recent(line);
                }
            }
            session.stats.record_action(&events, &game, rec.at_ms);
            session.log_len += 1;
            session.last_activity_ms = rec.at_ms;
            session.history.push(rec);
        }
        session.game = Some(game);
        let stale = session.drop_stale_offers();
        session.retired_offers.extend(stale.iter().map(|o| o.id));
        Ok(Some(session))
    }

    /// Takes the stored offer records: open ones into memory, the others to be removed, and
    /// the next offer number above all of them.
    fn load_offers(&mut self, records: &[(u32, Vec<u8>)]) {
        if records.is_empty() {
            self.legacy_offers = !self.meta.offers.is_empty();
            return;
        }
        // Records exist: any offers in the meta record are an older copy of them.
        self.meta.offers.clear();
        for (number, bytes) in records {
            self.meta.next_offer = self.meta.next_offer.max(number.saturating_add(1));
            match decode_offer(bytes) {
                Ok(OfferRecord::Open(offer)) if offer.id == *number => self.meta.offers.push(offer),
                Ok(_) => self.retired_offers.push(*number),
                Err(e) => {
                    tracing::warn!(game = self.meta.id, offer = number, error = %e, "dropped an unreadable offer record");
                    self.retired_offers.push(*number);
                }
            }
        }
    }

    /// Start-up housekeeping of the offer records: writes offers that only the meta record
    /// held, and removes the records of closed and stale offers. Best effort: the game is
    /// correct either way, and the next start-up tries again.
    pub fn tidy_stored_offers(&mut self, store: &dyn Store) {
        if self.legacy_offers {
            let records: Vec<(u32, Vec<u8>)> = self
                .meta
                .offers
                .iter()
                .map(|o| (o.id, encode_offer(&OfferRecord::Open(o.clone()))))
                .collect();
            let write = GameWrite {
                offers: records,
                ..GameWrite::default()
            };
            let saved = self.commit(store, write);
            match saved {
                Ok(()) => self.legacy_offers = false,
                Err(e) => {
                    tracing::warn!(game = self.meta.id, error = %e, "could not store the offers on their own")
                }
            }
        }
        self.retire_offers(store, &[]);
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

    /// When the last action was accepted (the game's start before any).
    pub fn last_activity_ms(&self) -> u64 {
        self.last_activity_ms
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
            version: self.game.as_ref().map(|g| g.version()),
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

    /// What was counted for the end-of-game summary.
    pub fn stats(&self) -> &GameStats {
        &self.stats
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

    /// Keeps a change of the meta record (made in memory; `before` is the record as on disk)
    /// for the game's next write, so that it goes down in one write with the action it
    /// belongs to. [`Session::flush_staged`] writes it alone if no other write came.
    pub fn stage_meta(&mut self, before: GameMeta) {
        if self.staged_from.is_none() {
            self.staged_from = Some(before);
        }
    }

    /// Writes a staged meta change that no other write carried (e.g. the move it came with was
    /// refused). On failure the staged change is undone in memory too.
    pub fn flush_staged(&mut self, store: &dyn Store) -> Result<(), StoreError> {
        if self.staged_from.is_none() {
            return Ok(());
        }
        self.commit(store, GameWrite::default())
    }

    /// Commits `write` with the meta record when a change is staged, as one write. On
    /// failure a staged change is undone in memory (disk has neither).
    fn commit(&mut self, store: &dyn Store, mut write: GameWrite) -> Result<(), StoreError> {
        if self.staged_from.is_some() && write.meta.is_none() {
            write.meta = Some(encode_meta(&self.meta));
        }
        let committed = store.commit(self.meta.id, &write);
        if let (Err(_), Some(on_disk)) = (&committed, self.staged_from.take()) {
            self.meta = on_disk;
            self.refresh_players();
        }
        committed
    }

    /// Writes the meta record (flushed).
    pub fn save_meta(&mut self, store: &dyn Store) -> Result<(), StoreError> {
        let meta = encode_meta(&self.meta);
        self.commit(store, GameWrite::meta(&meta))
    }

    /// Saves the meta record; if the store refuses, puts `before` back so that memory keeps
    /// matching what is on disk.
    pub fn save_meta_or_restore(
        &mut self,
        store: &dyn Store,
        before: GameMeta,
    ) -> Result<(), StoreError> {
        self.stage_meta(before);
        self.flush_staged(store)
    }

    /// Writes one open offer's record (flushed).
    pub fn save_offer(&mut self, store: &dyn Store, offer: &Offer) -> Result<(), StoreError> {
        let record = encode_offer(&OfferRecord::Open(offer.clone()));
        self.commit(store, GameWrite::offer(offer.id, &record))
    }

    /// Saves offer `number` as it is in memory now; if the store refuses, puts `before` back so
    /// that memory keeps matching what is on disk.
    pub fn save_offer_or_restore(
        &mut self,
        store: &dyn Store,
        number: u32,
        before: GameMeta,
    ) -> Result<(), StoreError> {
        let Some(offer) = self.meta.offers.iter().find(|o| o.id == number).cloned() else {
            return Ok(());
        };
        let staged = self.staged_from.is_some();
        let saved = self.save_offer(store, &offer);
        if saved.is_err() && !staged {
            self.meta = before;
            self.refresh_players();
        }
        saved
    }

    /// Marks offer `number` closed on disk (already gone from memory). Its record is removed
    /// with the turn's offers, keeping its number taken until then. If the store refuses,
    /// puts `before` back.
    pub fn close_offer_or_restore(
        &mut self,
        store: &dyn Store,
        number: u32,
        before: GameMeta,
    ) -> Result<(), StoreError> {
        let staged = self.staged_from.is_some();
        let closed = self.commit(
            store,
            GameWrite::offer(number, &encode_offer(&OfferRecord::Closed)),
        );
        match closed {
            Ok(()) => self.retired_offers.push(number),
            Err(_) if !staged => {
                self.meta = before;
                self.refresh_players();
            }
            Err(_) => {}
        }
        closed
    }

    /// Offers that ended (`gone`, e.g. with the turn): removes their records and those of the
    /// offers closed before, with the meta record so that the next offer number survives
    /// them. Failures are logged; the records are retried at the next clearing.
    pub fn retire_offers(&mut self, store: &dyn Store, gone: &[Offer]) {
        self.retired_offers.extend(gone.iter().map(|o| o.id));
        if self.retired_offers.is_empty() {
            return;
        }
        let write = GameWrite {
            meta: Some(encode_meta(&self.meta)),
            removed_offers: self.retired_offers.clone(),
            ..GameWrite::default()
        };
        match self.commit(store, write) {
            Ok(()) => self.retired_offers.clear(),
            Err(e) => {
                tracing::warn!(game = self.meta.id, error = %e, "could not clear ended offers")
            }
        }
    }

    /// Starts the engine game (the meta record must already say `started`).
    pub fn begin(&mut self, game: Game, now_ms: u64) {
        self.game = Some(game);
        self.log_len = 0;
        self.last_activity_ms = now_ms;
        self.reminded = false;
        self.stats = GameStats::default();
    }

    /// Applies `action` for `seat` durably, with everything it changes in one write: the
    /// action, the meta change `change_meta` makes (e.g. closing the offer a trade settles),
    /// a staged meta change, the offers it ends, a due snapshot, or the final record when it
    /// wins the game (with the community's ratings it moves, `rating_input`). On any error nothing changed, in memory or on disk.
    pub fn apply(
        &mut self,
        store: &dyn Store,
        seat: Seat,
        action: &Action,
        now_ms: u64,
        snapshot_every: u64,
        change_meta: impl FnOnce(&mut GameMeta),
    ) -> Result<Applied, ApplyError> {
        let Some(current) = self.game.as_ref() else {
            return Err(ApplyError::NotStarted);
        };
        let mut next = current.clone();
        let events = next.apply(seat, action).map_err(ApplyError::Rule)?;
        let rec = ActionRecord {
            seat,
            action: action.clone(),
            at_ms: now_ms,
        };
        let mut meta = self.meta.clone();
        change_meta(&mut meta);
        let mut removed = self.retired_offers.clone();
        removed.extend(
            self.meta
                .offers
                .iter()
                .filter(|o| !meta.offers.iter().any(|kept| kept.id == o.id))
                .map(|o| o.id),
        );
        let ended_offers = stale_offers(&mut meta, &next);
        removed.extend(ended_offers.iter().map(|o| o.id));
        let mut stats = self.stats.clone();
        stats.record_action(&events, &next, now_ms);
        let log_len = self.log_len + 1;
        self.history.push(rec.clone());
        let finished = next.winner().is_some();
        let mut write = GameWrite {
            action: Some((self.log_len, encode_action(&rec))),
            ..GameWrite::default()
        };
        if finished {
            meta.finished = true;
            meta.offers.clear();
            write.finished = Some(encode_finished(&FinishedRecord {
                meta: meta.clone(),
                game: next.clone(),
                actions: log_len,
                history: self.history.clone(),
            }));
            // The ratings the game moves go down with its final record, never apart.
            write.community = super::rating_input::community_records(
                store,
                &meta,
                &next,
                &stats,
                &self.history,
                now_ms,
            );
        } else {
            if snapshot_every > 0 && log_len.is_multiple_of(snapshot_every) {
                let snap = Snapshot {
                    game: next.clone(),
                    last_activity_ms: now_ms,
                    stats: stats.clone(),
                    history: self.history.clone(),
                };
                write.snapshot = Some((log_len, encode_snapshot(&snap)));
            }
            if !removed.is_empty() || meta != self.meta {
                write.meta = Some(encode_meta(&meta));
                write.removed_offers = removed;
            }
        }
        if let Err(e) = self.commit(store, write) {
            self.history.pop();
            return Err(ApplyError::Store(e));
        }
        self.meta = meta;
        self.refresh_players();
        self.retired_offers.clear();
        self.log_len = log_len;
        self.last_activity_ms = now_ms;
        self.reminded = false;
        self.stats = stats;
        let names = self.names();
        let lines: Vec<String> = events
            .iter()
            .filter_map(|ev| messages::event_public(ev, &next, &names))
            .collect();
        for line in lines {
            self.push_recent(line);
        }
        self.game = Some(next);
        Ok(Applied {
            events,
            ended_offers,
        })
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
        match self.game.as_ref() {
            Some(g) => stale_offers(&mut self.meta, g),
            None => Vec::new(),
        }
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
        Some(self.last_activity_ms.max(self.clock_from_ms) + self.timer_ms()?)
    }

    /// Starts the turn clock again at `now_ms`: a whole timer from now, its reminder
    /// included, and a bot's open offer waits its whole time again. Whether a timed turn's
    /// clock moved.
    pub fn restart_clock(&mut self, now_ms: u64) -> bool {
        if self.game.is_none() || self.meta.finished {
            return false;
        }
        if let Some(offer) = &mut self.bot_offer
            && offer.open.is_some()
        {
            offer.made_ms = offer.made_ms.max(now_ms);
        }
        if self.timer_ms().is_none() || now_ms <= self.last_activity_ms.max(self.clock_from_ms) {
            return false;
        }
        self.clock_from_ms = now_ms;
        self.reminded = false;
        true
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

    /// The next reminder, or the deadline unless the game waits for absent players (`afk wait`).
    pub fn next_deadline(&self) -> Option<u64> {
        let acts = self.meta.settings.afk != super::lobby::AfkPolicy::Wait;
        self.reminder_due()
            .or_else(|| self.deadline().filter(|_| acts))
    }
}

/// Takes the offers that `game` no longer allows out of `meta` (offers end with the turn, or
/// whenever trading is over) and returns them.
fn stale_offers(meta: &mut GameMeta, game: &Game) -> Vec<Offer> {
    let trading = *game.phase() == Phase::Main;
    let (keep, gone): (Vec<Offer>, Vec<Offer>) = std::mem::take(&mut meta.offers)
        .into_iter()
        .partition(|o| trading && o.turn == game.turn());
    meta.offers = keep;
    gone
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Resources;
    use crate::store::SledStore;
    use crate::table::lobby::LobbySettings;
    use crate::table::record::META_SCHEMA;

    fn lobby_meta(offers: Vec<Offer>, next_offer: u32) -> GameMeta {
        GameMeta {
            schema: META_SCHEMA,
            id: 1,
            place: 5,
            host: 1,
            created_ms: 0,
            settings: LobbySettings::new(None),
            seats: Vec::new(),
            started: None,
            offers,
            next_offer,
            finished: false,
            live_messages: Vec::new(),
            bots: Vec::new(),
            stand_ins: Vec::new(),
            left: Vec::new(),
            community: None,
            bot_offered: None,
        }
    }

    fn offer(id: u32) -> Offer {
        Offer {
            id,
            from: 0,
            to: None,
            give: Resources([1, 0, 0, 0, 0]),
            get: Resources([0, 1, 0, 0, 0]),
            accepted: Vec::new(),
            declined: Vec::new(),
            message_id: Some(70 + id as u64),
            turn: 0,
            counters: None,
        }
    }

    fn resumed(store: &SledStore) -> Session {
        let stored = store.load_all().unwrap();
        Session::resume(&stored[0]).unwrap().expect("not finished")
    }

    #[test]
    fn offers_kept_in_an_old_meta_record_get_records_of_their_own() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        // As written before offers had records: the meta record holds them.
        let old = serde_json::to_vec(&lobby_meta(vec![offer(1), offer(2)], 3)).unwrap();
        store.put_meta(1, &old).unwrap();
        let mut session = resumed(&store);
        assert_eq!(session.meta.offers, [offer(1), offer(2)]);
        session.tidy_stored_offers(&store);
        // The next meta write drops them from the meta record; the records keep them.
        session.save_meta(&store).unwrap();
        let stored = &store.load_all().unwrap()[0];
        assert_eq!(stored.offers.len(), 2);
        assert_eq!(resumed(&store).meta.offers, [offer(1), offer(2)]);
    }

    #[test]
    fn closed_offers_keep_their_numbers_taken_and_are_cleared_at_start_up() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let mut session = Session::new_lobby(lobby_meta(Vec::new(), 1));
        session.save_meta(&store).unwrap();
        for id in [1, 2, 3] {
            session.meta.offers.push(offer(id));
            session.meta.next_offer = id + 1;
            session.save_offer(&store, &offer(id)).unwrap();
        }
        // #3, the newest, is withdrawn: only its closed record says the number was used.
        let before = session.meta.clone();
        session.meta.offers.retain(|o| o.id != 3);
        session.close_offer_or_restore(&store, 3, before).unwrap();
        let mut again = resumed(&store);
        assert_eq!(again.meta.offers, [offer(1), offer(2)]);
        assert_eq!(
            again.meta.next_offer, 4,
            "number 3 is never given out again"
        );
        again.tidy_stored_offers(&store);
        let stored = &store.load_all().unwrap()[0];
        assert_eq!(
            stored.offers.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            [1, 2],
            "the closed record is cleared"
        );
        assert_eq!(
            resumed(&store).meta.next_offer,
            4,
            "the meta record has it now"
        );
    }
}
