//! Start-up checks of the stored games: every value's seal, each game's records against its
//! head (meta version, action count, no gap in the log), and the head against the game's last
//! acknowledged write (`ack_log.rs`). The outcome per game is an [`Integrity`]; one damaged
//! game never keeps the others from loading.
//!
//! A loss is told at every start until the game's next move: what a check finds (a game
//! behind its acknowledged writes, or one the acknowledgement log can no longer vouch for
//! because the log was missing or damaged) is noted in the log as the game's notice, and a
//! game with a pending notice is reported again, as long as it has no more actions than it
//! resumed at. Only after every notice is noted is the log's damage mark cleared.

use std::collections::BTreeMap;

use super::ack_log::{Ack, AckDamage, AckHistory, Entry, Notice};
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

/// Reads and checks every unfinished game (see [`super::Store::load_all`]), noting in the
/// acknowledgement log what must be told at later starts too.
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
    let (entries, damage) = match &acks.log {
        Some(log) => log.current(),
        None => {
            let plain = acks.latest.values().map(|ack| (ack.game, plain(*ack)));
            (plain.collect(), acks.damage)
        }
    };
    for id in entries.keys() {
        found.entry(*id).or_default();
    }
    let mut notes = Vec::new();
    let mut games = Vec::new();
    for (id, game) in found {
        let entry = entries.get(&id);
        // What the log's damage hides: for a missing log, games it has not heard of since;
        // otherwise any game (a damaged entry could have been any game's latest).
        let doubted = damage.is_some_and(|d| d != AckDamage::Missing || entry.is_none());
        let (game, note) = check(id, game, entry, doubted);
        notes.extend(note.filter(|note| Some(note) != entry));
        games.extend(game);
    }
    for game in &games {
        if game.integrity != Integrity::Intact {
            tracing::warn!(game = game.id, integrity = ?game.integrity, "stored game failed its checks");
        }
    }
    if let Some(damage) = damage {
        let unverified = games
            .iter()
            .filter(|g| g.integrity == Integrity::Unverified)
            .count();
        if unverified > 0 {
            tracing::error!(%damage, games = unverified, "lost moves cannot be ruled out for these unfinished games; their players are told at every start until their next move");
        }
    }
    if let Some(log) = &acks.log {
        keep_notes(log, &notes);
    }
    Ok(games)
}

/// Notes the notices found in the log, then clears its damage mark; if a note cannot be
/// written the mark stays, so the next start finds the same damage again.
fn keep_notes(log: &super::ack_log::AckLog, notes: &[Entry]) {
    let noted = notes.iter().try_for_each(|note| log.note(*note));
    if let Err(e) = noted.and_then(|()| log.resolve()) {
        tracing::error!(file = %log.path().display(), error = %e, "could not note the damage found in the acknowledgement log; it is reported again at the next start");
    }
}

fn plain(ack: Ack) -> Entry {
    Entry { ack, notice: None }
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

/// The stored game and its integrity, or `None` for a finished or removed game; with the
/// game's entry for the acknowledgement log when its notice changes (it must be told again at
/// the next start, or a finished or removed game's notice is dropped, so that a game that
/// takes its id later does not inherit it). `doubted`: the log's damage may have hidden this
/// game's latest writes.
fn check(
    id: GameId,
    found: Found,
    entry: Option<&Entry>,
    doubted: bool,
) -> (Option<StoredGame>, Option<Entry>) {
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
    let behind = entry
        .map(|entry| entry.ack)
        .filter(|ack| head.is_none_or(|head| ack.version > head.version));
    let live = found.has_live_records() || head.is_some_and(|head| head.meta_version != 0);
    if found.finished || !live {
        let dropped = entry
            .filter(|entry| entry.notice.is_some())
            .map(|entry| Entry {
                notice: None,
                ..*entry
            });
        // Removed, and nothing acknowledged since: nothing to resume.
        let lost = behind.filter(|_| !found.finished).map(|ack| StoredGame {
            integrity: Integrity::Lost {
                acknowledged_actions: ack.actions,
            },
            ..game
        });
        return (lost, dropped);
    }
    if let Some(Some((_, meta))) = &found.meta {
        game.meta = meta.clone();
    }
    if let Err(reason) = check_records(&found, head) {
        game.integrity = Integrity::Damaged { reason };
        return (Some(game), None);
    }
    game.snapshot = found.snapshot.flatten();
    game.actions = verified(found.actions);
    game.offers = verified(found.offers);
    let resumed_at = game.action_count();
    // A loss found at an earlier start stands until the game's next move.
    let pending = entry
        .and_then(|entry| entry.notice)
        .filter(|notice| resumed_at <= notice.resumed_at);
    let acknowledged = behind
        .map(|ack| ack.actions)
        .max(pending.and_then(|notice| notice.acknowledged));
    let notice = if let Some(acknowledged) = acknowledged {
        game.integrity = Integrity::Truncated {
            acknowledged_actions: acknowledged,
        };
        // Only lost moves are told again; lost changes between moves once.
        (acknowledged > resumed_at).then_some(Notice {
            resumed_at,
            acknowledged: Some(acknowledged),
        })
    } else if doubted || pending.is_some() {
        game.integrity = Integrity::Unverified;
        Some(Notice {
            resumed_at,
            acknowledged: None,
        })
    } else {
        None
    };
    let note = notice.map(|notice| {
        let head = head.expect("checked records have a head");
        let ack = entry
            .map(|entry| entry.ack)
            .filter(|ack| ack.version >= head.version);
        Entry {
            ack: ack.unwrap_or(Ack {
                game: id,
                version: head.version,
                actions: resumed_at,
            }),
            notice: Some(notice),
        }
    });
    (Some(game), note)
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

#[cfg(test)]
#[path = "verify_tests.rs"]
mod tests;
