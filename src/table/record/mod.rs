//! What the table stores per game (through the byte-level [`crate::store::Store`]): the meta
//! record (JSON, small, rewritten when seats or settings change), one record per accepted
//! action (bincode, appended), snapshots (a bincode [`Game`]), and one record per trade offer
//! (bincode [`OfferRecord`], so that an offer's change writes only that offer).
//!
//! A turn timer's deadline is not rewritten on every action: each action record carries the
//! time it was accepted, and the deadline is "last activity + timer", so it survives a restart
//! without an extra write.

mod legacy;

use serde::{Deserialize, Serialize};

use super::game_stats::GameStats;
use super::lobby::LobbySettings;
use super::offers::Offer;
use super::reply::{GameId, LiveSlot, PlaceId, UserId};
use super::timeline::Timeline;
use crate::bots::Bot;
use crate::engine::{Action, Game, Seat, Settings};

/// Bumped when the stored shape changes incompatibly.
pub const META_SCHEMA: u32 = 1;

/// A player at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatUser {
    pub user: UserId,
    pub name: String,
}

/// The table's record of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    pub schema: u32,
    pub id: GameId,
    pub place: PlaceId,
    pub host: UserId,
    pub created_ms: u64,
    pub settings: LobbySettings,
    /// Joined players; in seat order once started.
    pub seats: Vec<SeatUser>,
    /// Set at the start.
    pub started: Option<Started>,
    /// Open domestic trade offers, with the message ids they were posted under. Kept in memory
    /// here, stored as one record per offer (never in the meta record, except in records
    /// written before offers had their own).
    pub offers: Vec<Offer>,
    /// The number the next offer gets. Stored offer records keep it up to date between meta
    /// writes: on load it is above every stored offer's number.
    pub next_offer: u32,
    /// The game is over; the record is kept (compacted) for history.
    pub finished: bool,
    /// Message ids of the game's live messages (lobby, turn), so they are edited in place
    /// after a restart too.
    #[serde(default)]
    pub live_messages: Vec<(LiveSlot, u64)>,
    /// Computer players seated in this game, by their user ids (see `table::bot_seats`).
    #[serde(default)]
    pub bots: Vec<(UserId, Bot)>,
    /// Bots playing for absent players (turn timer, or `away`) until those players act again.
    #[serde(default)]
    pub stand_ins: Vec<(UserId, Bot)>,
    /// The seat and turn of the last trade a bot offered: a bot offers once a turn, also
    /// across a restart.
    #[serde(default)]
    pub bot_offered: Option<(Seat, u32)>,
    /// Players who left the game's place mid-game and have not come back (see
    /// `dispatch::departures`): a repeated leave changes nothing.
    #[serde(default)]
    pub left: Vec<UserId>,
    /// The community whose ratings the game counts towards (`crate::community`), from the
    /// place it was opened in; `None` where none are kept (and in older records).
    #[serde(default)]
    pub community: Option<u64>,
}

/// What the start fixed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Started {
    pub seed: u64,
    pub at_ms: u64,
    /// The engine settings the game was created with.
    pub settings: Settings,
    /// The seed commitment posted at the start (see `fairness`); `None` for games started
    /// before commitments existed, which can't be verified.
    #[serde(default)]
    pub commitment: Option<String>,
    /// Player names in join order, before the seed shuffled them into seats.
    #[serde(default)]
    pub joined: Vec<String>,
}

/// One accepted engine action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRecord {
    pub seat: Seat,
    pub action: Action,
    /// When it was accepted (the turn timer restarts from here).
    pub at_ms: u64,
}

/// A snapshot: the game after `upto` actions, plus the time of the last one and the counts
/// for the end-of-game summary (the log they were counted from is dropped with the snapshot).
/// Stored by [`encode_snapshot`] (which places the counts over time last), never directly.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub game: Game,
    pub last_activity_ms: u64,
    pub stats: GameStats,
    /// Every action so far (the store drops the log a snapshot covers, but the game's public
    /// record needs all of them).
    pub history: Vec<ActionRecord>,
}

/// A snapshot as stored: the counts over time after everything else, so that a snapshot
/// written before they existed is exactly the bytes without them (bincode cannot default a
/// field; it only ignores trailing bytes).
#[derive(Serialize)]
struct SnapshotOut<'a> {
    game: &'a Game,
    last_activity_ms: u64,
    stats: &'a GameStats,
    history: &'a [ActionRecord],
    timeline: &'a Timeline,
}

/// [`SnapshotOut`] read back.
#[derive(Deserialize)]
struct SnapshotIn {
    game: Game,
    last_activity_ms: u64,
    stats: GameStats,
    history: Vec<ActionRecord>,
    timeline: Timeline,
}

/// A snapshot as stored before the counts over time existed (same bytes without `timeline`).
#[derive(Deserialize)]
struct SnapshotWithoutTimeline {
    game: Game,
    last_activity_ms: u64,
    stats: GameStats,
    history: Vec<ActionRecord>,
}

/// A snapshot as stored before the action history existed (same bytes without `history`).
#[derive(Deserialize)]
struct SnapshotWithoutHistory {
    game: Game,
    last_activity_ms: u64,
    stats: GameStats,
}

/// A snapshot as stored before the summary counts existed (same bytes without `stats`).
#[derive(Deserialize)]
struct SnapshotWithoutStats {
    game: Game,
    last_activity_ms: u64,
}

/// The one compact record kept for a finished game (its log is dropped by the store).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FinishedRecord {
    pub meta: GameMeta,
    pub game: Game,
    /// How many actions the game took.
    pub actions: u64,
    /// Every action of the game, for its public record and `catan-bot verify`.
    pub history: Vec<ActionRecord>,
}

/// Finished records start with this tag; the meta record inside is JSON, so that it can gain
/// fields (bincode cannot skip or default a field). Older records start with the meta's schema
/// number (1), so the two never meet.
const FINISHED_TAG: &[u8; 4] = b"CFR3";

/// A finished record after the tag.
#[derive(Serialize, Deserialize)]
struct FinishedTagged {
    meta_json: Vec<u8>,
    game: Game,
    actions: u64,
    history: Vec<ActionRecord>,
}

pub fn encode_finished(r: &FinishedRecord) -> Vec<u8> {
    let tagged = FinishedTagged {
        meta_json: serde_json::to_vec(&r.meta).unwrap_or_default(),
        game: r.game.clone(),
        actions: r.actions,
        history: r.history.clone(),
    };
    let mut bytes = FINISHED_TAG.to_vec();
    bytes.extend(bincode::serialize(&tagged).unwrap_or_default());
    bytes
}

pub fn decode_finished(bytes: &[u8]) -> Result<FinishedRecord, String> {
    let Some(tagged) = bytes.strip_prefix(FINISHED_TAG) else {
        return legacy::decode_finished(bytes);
    };
    let r: FinishedTagged =
        bincode::deserialize(tagged).map_err(|e| format!("finished record unreadable: {e}"))?;
    Ok(FinishedRecord {
        meta: decode_meta(&r.meta_json)?,
        game: r.game,
        actions: r.actions,
        history: r.history,
    })
}

/// The stored form of one trade offer. A closed offer keeps a small record until the turn's
/// offers are cleared, so that its number is never given out again after a restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OfferRecord {
    Open(Offer),
    Closed,
}

/// Offer records start with this tag and are JSON after it, so that an offer can gain fields
/// (a counter-offer's link did). Older records are bincode and start with the enum's variant
/// number (0 or 1 as a little-endian u32), so the two never meet.
const OFFER_TAG: &[u8; 4] = b"COJ1";

pub fn encode_offer(record: &OfferRecord) -> Vec<u8> {
    let mut bytes = OFFER_TAG.to_vec();
    // Plain owned data: serialization cannot fail.
    bytes.extend(serde_json::to_vec(record).unwrap_or_default());
    bytes
}

pub fn decode_offer(bytes: &[u8]) -> Result<OfferRecord, String> {
    let Some(json) = bytes.strip_prefix(OFFER_TAG) else {
        return legacy::decode_offer(bytes);
    };
    serde_json::from_slice(json).map_err(|e| format!("offer record unreadable: {e}"))
}

/// The meta record, without the offers (they have records of their own).
pub fn encode_meta(meta: &GameMeta) -> Vec<u8> {
    let without_offers = GameMeta {
        offers: Vec::new(),
        ..meta.clone()
    };
    // A plain struct of owned data: serialization cannot fail.
    serde_json::to_vec(&without_offers).unwrap_or_default()
}

pub fn decode_meta(bytes: &[u8]) -> Result<GameMeta, String> {
    let meta: GameMeta =
        serde_json::from_slice(bytes).map_err(|e| format!("meta record unreadable: {e}"))?;
    if meta.schema > META_SCHEMA {
        return Err(format!(
            "meta record has schema {}, this build reads {META_SCHEMA}",
            meta.schema
        ));
    }
    Ok(meta)
}

pub fn encode_action(rec: &ActionRecord) -> Vec<u8> {
    bincode::serialize(rec).unwrap_or_default()
}

pub fn decode_action(bytes: &[u8]) -> Result<ActionRecord, String> {
    bincode::deserialize(bytes).map_err(|e| format!("action record unreadable: {e}"))
}

pub fn encode_snapshot(s: &Snapshot) -> Vec<u8> {
    let out = SnapshotOut {
        game: &s.game,
        last_activity_ms: s.last_activity_ms,
        stats: &s.stats,
        history: &s.history,
        timeline: &s.stats.timeline,
    };
    bincode::serialize(&out).unwrap_or_default()
}

/// A snapshot from its stored parts. Without a `timeline` (stored before the series existed)
/// the series starts at the snapshot's turn.
fn assemble(
    game: Game,
    last_activity_ms: u64,
    mut stats: GameStats,
    history: Vec<ActionRecord>,
    timeline: Option<Timeline>,
) -> Snapshot {
    stats.timeline = timeline.unwrap_or_else(|| Timeline::from(game.turn()));
    Snapshot {
        game,
        last_activity_ms,
        stats,
        history,
    }
}

/// Reads a snapshot; one stored before the summary counts existed still loads, with counts that
/// say from which turn they start. (Older builds read new snapshots too: bincode ignores the
/// trailing counts.)
pub fn decode_snapshot(bytes: &[u8]) -> Result<Snapshot, String> {
    let unreadable = |e: bincode::Error| format!("snapshot unreadable: {e}");
    if let Ok(s) = bincode::deserialize::<SnapshotIn>(bytes) {
        return Ok(assemble(
            s.game,
            s.last_activity_ms,
            s.stats,
            s.history,
            Some(s.timeline),
        ));
    }
    if let Ok(s) = bincode::deserialize::<SnapshotWithoutTimeline>(bytes) {
        return Ok(assemble(
            s.game,
            s.last_activity_ms,
            s.stats,
            s.history,
            None,
        ));
    }
    if let Ok(s) = bincode::deserialize::<SnapshotWithoutHistory>(bytes) {
        return Ok(assemble(
            s.game,
            s.last_activity_ms,
            s.stats,
            Vec::new(),
            None,
        ));
    }
    let old: SnapshotWithoutStats = bincode::deserialize(bytes).map_err(unreadable)?;
    Ok(Snapshot {
        stats: GameStats::counted_from(old.game.turn(), old.last_activity_ms),
        game: old.game,
        last_activity_ms: old.last_activity_ms,
        history: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Resources;

    #[test]
    fn records_round_trip() {
        let meta = GameMeta {
            schema: META_SCHEMA,
            id: 7,
            place: 99,
            host: 1,
            created_ms: 5,
            settings: LobbySettings::new(Some(3)),
            seats: vec![SeatUser {
                user: 1,
                name: "alice".into(),
            }],
            started: Some(Started {
                seed: 42,
                at_ms: 6,
                settings: Settings::default(),
                commitment: Some("c0ffee".into()),
                joined: vec!["alice".into()],
            }),
            offers: Vec::new(),
            next_offer: 1,
            live_messages: Vec::new(),
            bots: Vec::new(),
            stand_ins: Vec::new(),
            left: Vec::new(),
            community: None,
            bot_offered: None,
            finished: false,
        };
        assert_eq!(decode_meta(&encode_meta(&meta)), Ok(meta.clone()));
        // Offers are stored on their own: the meta record stays the same size with any number.
        let offer = Offer {
            id: 4,
            from: 1,
            to: None,
            give: Resources([1, 0, 0, 0, 0]),
            get: Resources([0, 0, 0, 0, 2]),
            accepted: vec![2],
            declined: Vec::new(),
            message_id: Some(99),
            turn: 7,
            counters: None,
        };
        let mut busy = meta.clone();
        busy.offers = vec![offer.clone(); 50];
        assert_eq!(encode_meta(&busy), encode_meta(&meta));
        for record in [OfferRecord::Open(offer), OfferRecord::Closed] {
            assert_eq!(decode_offer(&encode_offer(&record)), Ok(record));
        }
        assert!(decode_offer(&[9, 9]).is_err());
        let rec = ActionRecord {
            seat: 2,
            action: Action::Discard(Resources([1, 2, 0, 0, 1])),
            at_ms: 123,
        };
        assert_eq!(decode_action(&encode_action(&rec)), Ok(rec.clone()));
        let game = Game::new(Settings::default(), 9);
        let snap = decode_snapshot(&encode_snapshot(&Snapshot {
            game: game.clone(),
            last_activity_ms: 4,
            stats: GameStats::default(),
            history: vec![rec.clone()],
        }))
        .map(|s| {
            (
                bincode::serialize(&s.game).unwrap_or_default(),
                s.last_activity_ms,
                s.history,
            )
        });
        assert_eq!(
            snap,
            Ok((bincode::serialize(&game).unwrap_or_default(), 4, vec![rec]))
        );
    }

    #[test]
    fn records_from_before_the_history_are_still_read() {
        let game = Game::new(Settings::default(), 9);
        let old = bincode::serialize(&(&game, 4u64)).unwrap_or_default();
        let snap = decode_snapshot(&old).map(|s| (s.last_activity_ms, s.history.len()));
        assert_eq!(snap, Ok((4, 0)));
        let old_json: &[u8] = br#"{"schema":1,"id":3,"place":4,"host":5,"created_ms":6,
                "settings":{"max_players":4,"board":"Variable","vp_target":10,
                "discard_limit":7,"timer_minutes":null,"seed":null},"seats":[],
                "started":{"seed":8,"at_ms":9,"settings":{"players":4,"layout":"Variable",
                "vp_target":10,"discard_limit":7,"helpers":false}},
                "offers":[],"next_offer":1,"finished":true}"#;
        let meta: GameMeta = decode_meta(old_json).expect("an old meta record");
        let started = meta.started.clone().expect("started");
        assert_eq!((started.commitment, started.joined.len()), (None, 0));
        assert_eq!(meta.settings.afk, super::super::lobby::AfkPolicy::Auto);
        // Finished records of that time: the meta in bincode, without and with the history.
        let meta_v1: legacy::GameMetaV1 = serde_json::from_slice(old_json).expect("the old shape");
        let old = bincode::serialize(&(&meta_v1, &game, 12u64)).unwrap_or_default();
        let fin = decode_finished(&old).map(|f| (f.actions, f.history.len(), f.meta.id));
        assert_eq!(fin, Ok((12, 0, 3)));
        let history = vec![ActionRecord {
            seat: 0,
            action: Action::Roll,
            at_ms: 1,
        }];
        let old = bincode::serialize(&(&meta_v1, &game, 12u64, &history)).unwrap_or_default();
        let fin = decode_finished(&old).map(|f| (f.actions, f.history, f.meta.finished));
        assert_eq!(fin, Ok((12, history, true)));
    }

    #[test]
    fn snapshots_keep_their_counts_and_old_ones_still_load() {
        let mut game = Game::new(Settings::default(), 3);
        crate::engine::testkit::set_turn(&mut game, 17);
        let mut stats = GameStats::default();
        stats.dice[5] = 4;
        let snap = Snapshot {
            game: game.clone(),
            last_activity_ms: 99,
            stats: stats.clone(),
            history: Vec::new(),
        };
        let back = decode_snapshot(&encode_snapshot(&snap)).expect("new snapshot");
        assert_eq!(back.stats, stats);
        // The counts over time travel too; a snapshot written before them loads with a series
        // that starts at its turn.
        let mut timed = snap.clone();
        timed
            .stats
            .timeline
            .turns
            .push(crate::table::timeline::TurnPoint {
                turn: 16,
                vp: vec![3, 4],
                gained: vec![2, 0],
            });
        timed.stats.timeline.blocked = vec![0, 1];
        let back = decode_snapshot(&encode_snapshot(&timed)).expect("timed snapshot");
        assert_eq!(back.stats.timeline, timed.stats.timeline);
        let before_timeline =
            bincode::serialize(&(&game, 99u64, &stats, Vec::<ActionRecord>::new()))
                .expect("serialize");
        let back = decode_snapshot(&before_timeline).expect("snapshot before the timeline");
        assert_eq!(back.stats.dice, stats.dice);
        assert_eq!(back.stats.timeline, Timeline::from(17));
        // Bytes written by the build before the counts: the game and time only.
        let old = bincode::serialize(&(&game, 99u64)).expect("serialize");
        let back = decode_snapshot(&old).expect("old snapshot loads");
        assert_eq!(back.last_activity_ms, 99);
        assert_eq!(back.game.turn(), 17);
        assert_eq!(back.stats, GameStats::counted_from(17, 99));
        // And an older build reads the new bytes (the counts are trailing bytes to it).
        let new = encode_snapshot(&snap);
        let read_by_old: SnapshotWithoutStats = bincode::deserialize(&new).expect("old reader");
        assert_eq!(read_by_old.last_activity_ms, 99);
    }

    #[test]
    fn finished_records_keep_bots_and_every_meta_field() {
        let mut meta = decode_meta(&encode_meta(&GameMeta {
            schema: META_SCHEMA,
            id: 5,
            place: 6,
            host: 7,
            created_ms: 8,
            settings: LobbySettings::new(Some(2)),
            seats: Vec::new(),
            started: None,
            offers: Vec::new(),
            next_offer: 3,
            live_messages: vec![(LiveSlot::Turn, 44)],
            bots: Vec::new(),
            stand_ins: Vec::new(),
            left: Vec::new(),
            community: None,
            bot_offered: None,
            finished: true,
        }))
        .expect("meta");
        let bot = Bot {
            level: crate::bots::BotLevel::Easy,
            seed: 99,
        };
        meta.bots.push((1234, bot));
        meta.stand_ins.push((7, bot));
        let rec = FinishedRecord {
            meta: meta.clone(),
            game: Game::new(Settings::default(), 4),
            actions: 0,
            history: Vec::new(),
        };
        let back = decode_finished(&encode_finished(&rec)).expect("decodes");
        assert_eq!(back.meta, meta);
        assert!(decode_finished(b"CFR3\x01").is_err());
    }

    #[test]
    fn damaged_records_are_reported_not_panicked() {
        assert!(decode_meta(b"{not json").is_err());
        assert!(decode_action(&[1, 2]).is_err());
        assert!(decode_snapshot(&[0xff; 3]).is_err());
        let mut future = encode_meta(&GameMeta {
            schema: 99,
            id: 1,
            place: 1,
            host: 1,
            created_ms: 0,
            settings: LobbySettings::new(None),
            seats: Vec::new(),
            started: None,
            offers: Vec::new(),
            next_offer: 1,
            live_messages: Vec::new(),
            bots: Vec::new(),
            stand_ins: Vec::new(),
            left: Vec::new(),
            community: None,
            bot_offered: None,
            finished: false,
        });
        assert!(decode_meta(&future).unwrap_err().contains("schema 99"));
        future.clear();
        assert!(decode_meta(&future).is_err());
    }
}
