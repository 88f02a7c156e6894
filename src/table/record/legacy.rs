//! Finished records as builds before bots wrote them: the whole [`GameMeta`] in bincode, in
//! the shape it had then. Frozen here so that the live types can grow (new meta fields are
//! JSON inside the tagged format of `record.rs`); never change these structs.

use serde::{Deserialize, Serialize};

use super::{ActionRecord, FinishedRecord, GameMeta, OfferRecord, SeatUser, Started};
use crate::engine::{Game, LayoutKind, Resources, Seat};
use crate::table::lobby::LobbySettings;
use crate::table::offers::Offer;
use crate::table::reply::{GameId, LiveSlot, PlaceId, UserId};

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
    offers: Vec<OfferV1>,
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
                friendly_robber: false,
                balanced_dice: false,
                lang: Default::default(),
                rated: None,
            },
            seats: m.seats,
            started: m.started,
            offers: m.offers.into_iter().map(Offer::from).collect(),
            next_offer: m.next_offer,
            finished: m.finished,
            live_messages: m.live_messages,
            bots: Vec::new(),
            stand_ins: Vec::new(),
            left: Vec::new(),
            community: None,
            bot_offered: None,
        }
    }
}

/// `Offer` before counter-offers, as bincode stored it in offer records and old meta records.
/// (Serialize: tests write old records with it.)
#[derive(Serialize, Deserialize)]
pub(super) struct OfferV1 {
    id: u32,
    from: Seat,
    to: Option<Seat>,
    give: Resources,
    get: Resources,
    accepted: Vec<Seat>,
    declined: Vec<Seat>,
    message_id: Option<u64>,
    turn: u32,
}

impl From<OfferV1> for Offer {
    fn from(o: OfferV1) -> Offer {
        Offer {
            id: o.id,
            from: o.from,
            to: o.to,
            give: o.give,
            get: o.get,
            accepted: o.accepted,
            declined: o.declined,
            message_id: o.message_id,
            turn: o.turn,
            counters: None,
        }
    }
}

/// An offer record before offer records were tagged JSON.
#[derive(Serialize, Deserialize)]
pub(super) enum OfferRecordV1 {
    Open(OfferV1),
    Closed,
}

pub(super) fn decode_offer(bytes: &[u8]) -> Result<OfferRecord, String> {
    match bincode::deserialize(bytes) {
        Ok(OfferRecordV1::Open(o)) => Ok(OfferRecord::Open(o.into())),
        Ok(OfferRecordV1::Closed) => Ok(OfferRecord::Closed),
        Err(e) => Err(format!("offer record unreadable: {e}")),
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

#[cfg(test)]
mod tests {
    use super::super::{decode_offer, encode_offer};
    use super::*;

    fn old_offer() -> OfferV1 {
        OfferV1 {
            id: 4,
            from: 1,
            to: Some(2),
            give: Resources([1, 0, 0, 0, 0]),
            get: Resources([0, 0, 0, 0, 2]),
            accepted: vec![2],
            declined: vec![3],
            message_id: Some(99),
            turn: 7,
        }
    }

    /// An offer record written by a build before counter-offers (bincode) still reads, and an
    /// open counter-offer keeps its link through its own record.
    #[test]
    fn offer_records_of_older_builds_read_and_counters_keep_their_link() {
        let old = bincode::serialize(&OfferRecordV1::Open(old_offer())).expect("old record");
        let Ok(OfferRecord::Open(offer)) = decode_offer(&old) else {
            panic!("an old open offer record reads");
        };
        assert_eq!((offer.id, offer.to, offer.turn), (4, Some(2), 7));
        assert_eq!((offer.accepted, offer.declined), (vec![2], vec![3]));
        assert_eq!(offer.counters, None);
        let closed = bincode::serialize(&OfferRecordV1::Closed).expect("old record");
        assert_eq!(decode_offer(&closed), Ok(OfferRecord::Closed));

        let counter = Offer {
            counters: Some(3),
            ..Offer::from(old_offer())
        };
        let record = OfferRecord::Open(counter);
        assert_eq!(decode_offer(&encode_offer(&record)), Ok(record));
        assert!(decode_offer(b"COJ1{").is_err());
    }
}
