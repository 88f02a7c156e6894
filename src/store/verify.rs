//! Start-up checks of the stored games: every value's seal, each game's records against its
//! head (meta version, action count, no gap in the log), and the head against the game's last
//! acknowledged write (`ack_log.rs`). The outcome per game is an [`Integrity`]; one damaged
//! game never keeps the others from loading.

use std::collections::BTreeMap;

use super::ack_log::{Ack, AckHistory};
use super::envelope::{self, Head};
use super::keys::{self, FINISHED_TAG, HEAD_TAG, LOG_TAG, META_TAG, OFFER_TAG, SNAPSHOT_TAG};
use super::{GameId, Integrity, StoreError, StoredGame};

/// A record as read: `None` if it failed its seal.
type Checked<T> = Option<T>;

/// Everything found under one game id.
#[derive(Default)]
struct Found {
    head: Option<Checked<Head>>,
    meta: Option<Checked<(u64, Vec<u8>)>>,
    snapshot: Option<Checked<(u64, Vec<u8>)>>,
    actions: Vec<(u64, Checked<Vec<u8>>)>,
    offers: Vec<(u32, Checked<Vec<u8>>)>,
    finished: bool,
}

impl Found {
    fn has_live_records(&self) -> bool {
        self.meta.is_some()
            || self.snapshot.is_some()
            || !self.actions.is_empty()
            || !self.offers.is_empty()
    }
}

/// Reads and checks every unfinished game (see [`super::Store::load_all`]).
pub fn load_games(db: &sled::Db, acks: &AckHistory) -> Result<Vec<StoredGame>, StoreError> {
    let mut found: BTreeMap<GameId, Found> = BTreeMap::new();
    let malformed = |key: &[u8]| StoreError::Corrupt(format!("malformed key {key:?}"));
    for tag in [HEAD_TAG, META_TAG, SNAPSHOT_TAG, FINISHED_TAG] {
        for entry in db.scan_prefix([tag]) {
            let (key, value) = entry?;
            let id = keys::parse_game_key(&key).ok_or_else(|| malformed(&key))?;
            let game = found.entry(id).or_default();
            match tag {
                HEAD_TAG => game.head = Some(Head::decode(&key, &value)),
                META_TAG => game.meta = Some(unseal(&key, &value)),
                SNAPSHOT_TAG => {
                    game.snapshot = Some(unseal(&key, &value).and_then(|(_, payload)| {
                        let (upto, state) = keys::decode_snapshot(&payload)?;
                        Some((upto, state.to_vec()))
                    }))
                }
                _ => game.finished = true,
            }
        }
    }
    for entry in db.scan_prefix([LOG_TAG]) {
        let (key, value) = entry?;
        let (id, index) = keys::parse_log_key(&key).ok_or_else(|| malformed(&key))?;
        let action = unseal(&key, &value).map(|(_, payload)| payload);
        found.entry(id).or_default().actions.push((index, action));
    }
    for entry in db.scan_prefix([OFFER_TAG]) {
        let (key, value) = entry?;
        let (id, offer) = keys::parse_offer_key(&key).ok_or_else(|| malformed(&key))?;
        let record = unseal(&key, &value).map(|(_, payload)| payload);
        found.entry(id).or_default().offers.push((offer, record));
    }
    for id in acks.latest.keys() {
        found.entry(*id).or_default();
    }
    let games: Vec<StoredGame> = found
        .into_iter()
        .filter_map(|(id, game)| check(id, game, acks.latest.get(&id)))
        .collect();
    for game in &games {
        if game.integrity != Integrity::Intact {
            tracing::warn!(game = game.id, integrity = ?game.integrity, "stored game failed its checks");
        }
    }
    Ok(games)
}

/// The final records of finished games; a damaged one comes back empty (its id stays taken).
pub fn finished_games(db: &sled::Db) -> Result<Vec<(GameId, Vec<u8>)>, StoreError> {
    db.scan_prefix([FINISHED_TAG])
        .map(|entry| {
            let (key, value) = entry?;
            let id = keys::parse_game_key(&key).ok_or_else(|| {
                StoreError::Corrupt(format!("malformed finished-game key {key:?}"))
            })?;
            let record = unseal(&key, &value).map(|(_, payload)| payload);
            if record.is_none() {
                tracing::warn!(game = id, "the final record of a finished game is damaged");
            }
            Ok((id, record.unwrap_or_default()))
        })
        .collect()
}

fn unseal(key: &[u8], value: &[u8]) -> Checked<(u64, Vec<u8>)> {
    envelope::unseal(key, value).map(|(version, payload)| (version, payload.to_vec()))
}

/// The stored game and its integrity, or `None` for a finished or removed game.
fn check(id: GameId, found: Found, ack: Option<&Ack>) -> Option<StoredGame> {
    let mut game = StoredGame {
        id,
        meta: Vec::new(),
        snapshot: None,
        actions: Vec::new(),
        offers: Vec::new(),
        integrity: Integrity::Intact,
    };
    let head = found.head.flatten();
    // Writes acknowledged beyond what the head shows were lost.
    let behind = ack.filter(|ack| head.is_none_or(|head| ack.version > head.version));
    if found.finished {
        return None;
    }
    let live = found.has_live_records() || head.is_some_and(|head| head.meta_version != 0);
    if !live {
        let ack = behind?; // removed, and nothing acknowledged since: nothing to resume
        game.integrity = Integrity::Lost {
            acknowledged_actions: ack.actions,
        };
        return Some(game);
    }
    if let Some(Some((_, meta))) = &found.meta {
        game.meta = meta.clone();
    }
    match check_records(&found, head) {
        Err(reason) => game.integrity = Integrity::Damaged { reason },
        Ok(()) => {
            game.snapshot = found.snapshot.flatten();
            game.actions = verified(found.actions);
            game.offers = verified(found.offers);
            if let Some(ack) = behind {
                game.integrity = Integrity::Truncated {
                    acknowledged_actions: ack.actions,
                };
            }
        }
    }
    Some(game)
}

/// Why the records of a live game cannot be trusted, if they cannot.
fn check_records(found: &Found, head: Option<Head>) -> Result<(), String> {
    let head = match (&found.head, head) {
        (None, _) => return Err("its head record is missing".into()),
        (Some(_), None) => return Err("its head record fails its checksum".into()),
        (Some(_), Some(head)) => head,
    };
    match &found.meta {
        None => return Err("its meta record is missing".into()),
        Some(None) => return Err("its meta record fails its checksum".into()),
        Some(Some((version, _))) if *version != head.meta_version => {
            return Err(format!(
                "its meta record is from change {version}, the latest is from change {}",
                head.meta_version
            ));
        }
        Some(Some(_)) => {}
    }
    let base = match &found.snapshot {
        Some(None) => return Err("its snapshot fails its checksum".into()),
        Some(Some((upto, _))) => *upto,
        None => 0,
    };
    let mut expected = base;
    for (index, action) in &found.actions {
        if *index != expected {
            return Err(format!(
                "action {expected} is missing from its log (found action {index})"
            ));
        }
        if action.is_none() {
            return Err(format!("action {index} fails its checksum"));
        }
        expected += 1;
    }
    if expected != head.actions {
        return Err(format!(
            "its log ends after {expected} actions, its head says {}",
            head.actions
        ));
    }
    if let Some((offer, _)) = found.offers.iter().find(|(_, record)| record.is_none()) {
        return Err(format!("its trade offer {offer} fails its checksum"));
    }
    Ok(())
}

/// The payloads of records already checked to be sealed correctly.
fn verified<K>(records: Vec<(K, Checked<Vec<u8>>)>) -> Vec<(K, Vec<u8>)> {
    records
        .into_iter()
        .filter_map(|(key, record)| Some((key, record?)))
        .collect()
}
