//! Finished records as builds before bots wrote them: the whole [`GameMeta`] in bincode, in
//! the shape it had then. Frozen here so that the live types can grow (new meta fields are
//! JSON inside the tagged format of `record.rs`); never change these structs.

use serde::{Deserialize, Serialize};

use super::lobby::LobbySettings;
use super::offers::Offer;
use super::record::{ActionRecord, FinishedRecord, GameMeta, SeatUser, Started};
use super::reply::{GameId, LiveSlot, PlaceId, UserId};
use crate::engine::{Game, LayoutKind};

/// `LobbySettings` before the afk policy and the Helpers of Catan.
#[derive(Serialize, Deserialize)]
pub(super) struct LobbySettingsV1 {
    max_players: u8,
    board: LayoutKind,
    vp_target: u8,
    discard_limit: u8,
    timer_minutes: Option<u32>,
    seed: Option<u64>,
}

/// `GameMeta` before bots.
/// (Serialize: tests write old records with it.)
#[derive(Serialize, Deserialize)]
pub(super) struct GameMetaV1 {
    schema: u32,
    id: GameId,
    place: PlaceId,
    host: UserId,
    created_ms: u64,
    settings: LobbySettingsV1,
    seats: Vec<SeatUser>,
    started: Option<Started>,
    offers: Vec<Offer>,
    next_offer: u32,
    finished: bool,
    #[serde(default)]
    live_messages: Vec<(LiveSlot, u64)>,
}

impl From<GameMetaV1> for GameMeta {
    fn from(m: GameMetaV1) -> GameMeta {
        let s = m.settings;
        GameMeta {
            schema: m.schema,
            id: m.id,
            place: m.place,
            host: m.host,
            created_ms: m.created_ms,
            settings: LobbySettings {
                max_players: s.max_players,
                board: s.board,
                vp_target: s.vp_target,
                discard_limit: s.discard_limit,
                timer_minutes: s.timer_minutes,
                seed: s.seed,
                afk: Default::default(),
                helpers: false,
                lang: Default::default(),
            },
            seats: m.seats,
            started: m.started,
            offers: m.offers,
            next_offer: m.next_offer,
            finished: m.finished,
            live_messages: m.live_messages,
            bots: Vec::new(),
            stand_ins: Vec::new(),
            left: Vec::new(),
            bot_offered: None,
        }
    }
}

/// With the action history.
#[derive(Deserialize)]
struct FinishedV2 {
    meta: GameMetaV1,
    game: Game,
    actions: u64,
    history: Vec<ActionRecord>,
}

/// The first shape: no action history (bincode has no optional fields).
#[derive(Deserialize)]
struct FinishedV1 {
    meta: GameMetaV1,
    game: Game,
    actions: u64,
}

pub(super) fn decode_finished(bytes: &[u8]) -> Result<FinishedRecord, String> {
    bincode::deserialize::<FinishedV2>(bytes)
        .map(|r| FinishedRecord {
            meta: r.meta.into(),
            game: r.game,
            actions: r.actions,
            history: r.history,
        })
        .or_else(|e| {
            let old: FinishedV1 = bincode::deserialize(bytes).map_err(|_| e)?;
            Ok(FinishedRecord {
                meta: old.meta.into(),
                game: old.game,
                actions: old.actions,
                history: Vec::new(),
            })
        })
        .map_err(|e: bincode::Error| format!("finished record unreadable: {e}"))
}
