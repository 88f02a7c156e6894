//! Schema 1 → 2: seals every value, adds each game's head, in one atomic batch. Data written
//! by older builds (without checksums) is trusted as found: there is nothing to check it with.

use std::collections::BTreeMap;

use super::ack_log::Ack;
use super::envelope::{self, Head};
use super::keys::{self, FINISHED_TAG, HEAD_TAG, LOG_TAG, META_TAG, SNAPSHOT_TAG};
use super::{GameId, StoreError};

/// The schema before values were sealed: same keys, plain values, no heads.
pub const UNSEALED_SCHEMA: u32 = 1;

/// The version every migrated record gets.
const MIGRATED_VERSION: u64 = 1;

/// Migrates a schema-1 database to `schema` and returns the acknowledgements of its games
/// (to seed the acknowledgement log). A kill half-way leaves schema 1, migrated again next time.
pub fn seal_everything(db: &sled::Db, schema: u32) -> Result<Vec<Ack>, StoreError> {
    let mut batch = sled::Batch::default();
    let mut heads: BTreeMap<GameId, Head> = BTreeMap::new();
    let malformed = |key: &[u8]| StoreError::Corrupt(format!("malformed key {key:?} (schema 1)"));
    for entry in db.iter() {
        let (key, value) = entry?;
        if key.as_ref() == keys::SCHEMA {
            continue;
        }
        let (id, actions) = match key.first() {
            Some(&META_TAG) | Some(&FINISHED_TAG) => (keys::parse_game_key(&key), 0),
            Some(&SNAPSHOT_TAG) => {
                let upto = keys::decode_snapshot(&value).map(|(upto, _)| upto);
                let upto =
                    upto.ok_or_else(|| StoreError::Corrupt("short snapshot (schema 1)".into()))?;
                (keys::parse_game_key(&key), upto)
            }
            Some(&LOG_TAG) => match keys::parse_log_key(&key) {
                Some((id, index)) => (Some(id), index + 1),
                None => (None, 0),
            },
            _ => (None, 0),
        };
        let id = id.ok_or_else(|| malformed(&key))?;
        let head = heads.entry(id).or_insert(Head {
            version: MIGRATED_VERSION,
            meta_version: 0,
            actions: 0,
        });
        head.actions = head.actions.max(actions);
        if key.first() == Some(&META_TAG) {
            head.meta_version = MIGRATED_VERSION;
        }
        batch.insert(&*key, envelope::seal(&key, MIGRATED_VERSION, &value));
    }
    for (id, head) in &heads {
        let key = keys::game_key(HEAD_TAG, *id);
        batch.insert(&key, head.encode(&key));
    }
    batch.insert(keys::SCHEMA, &schema.to_be_bytes());
    db.apply_batch(batch)?;
    db.flush()?;
    tracing::info!(
        games = heads.len(),
        "migrated the game store to schema {schema} (checksummed records)"
    );
    Ok(heads
        .iter()
        .map(|(id, head)| Ack {
            game: *id,
            version: head.version,
            actions: head.actions,
        })
        .collect())
}
