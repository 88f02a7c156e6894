//! Unit tests of [`SledStore`]'s recovery from failed writes and of its start-up checks.

use std::path::Path;

use super::sled_store_tests::{action, raw_log_indices, temp_store};
use super::*;
use crate::store::faults::FlushFault;
use crate::store::{ACK_LOG_FILE, Integrity};

/// The game's stored actions, by loading (what a restart would see).
fn loaded_actions(store: &SledStore, id: GameId) -> Vec<(u64, Vec<u8>)> {
    let games = store.load_all().unwrap();
    let game = games.iter().find(|g| g.id == id).expect("game stored");
    assert_eq!(game.integrity, Integrity::Intact, "{game:?}");
    game.actions.clone()
}

#[test]
fn a_failed_write_that_reached_the_disk_is_undone_before_the_next_write() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(1, b"m").unwrap();
        store.append_action(1, 0, b"a0").unwrap();
        store.faults.fail_next_flush(FlushFault::FlushThenFail);
        assert!(matches!(
            store.append_action(1, 1, b"ghost"),
            Err(StoreError::Io(_))
        ));
        // The table kept its state (one action): the same index is the next one again.
        store.append_action(1, 1, b"a1").unwrap();
        assert_eq!(
            loaded_actions(&store, 1),
            [(0, b"a0".to_vec()), (1, b"a1".to_vec())]
        );
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(
        loaded_actions(&store, 1),
        [(0, b"a0".to_vec()), (1, b"a1".to_vec())]
    );
}

#[test]
fn a_failed_snapshot_is_undone_with_the_log_it_dropped() {
    let (_dir, store) = temp_store();
    store.put_meta(1, b"m").unwrap();
    for i in 0..4 {
        store.append_action(1, i, &action(1, i)).unwrap();
    }
    let before = store.load_all().unwrap();
    store.faults.fail_next_flush(FlushFault::FlushThenFail);
    assert!(store.put_snapshot(1, 4, b"s4").is_err());
    store.put_meta(2, b"other").unwrap(); // any write recovers the store first
    let after = store.load_all().unwrap();
    assert_eq!(after[0], before[0]);
    assert_eq!(raw_log_indices(&store, 1), [0, 1, 2, 3]);
}

#[test]
fn writes_keep_failing_until_sled_can_be_reopened_then_succeed() {
    let (_dir, store) = temp_store();
    store.put_meta(1, b"m").unwrap();
    store.faults.fail_next_flush(FlushFault::Fail);
    assert!(store.append_action(1, 0, b"lost").is_err());
    store.faults.fail_reopens(2);
    for _ in 0..2 {
        assert!(store.append_action(1, 0, b"a0").is_err());
        // Closed between attempts: reads say so instead of answering from a failed database.
        assert!(matches!(store.load_all(), Err(StoreError::Closed)));
    }
    store.append_action(1, 0, b"a0").unwrap();
    assert_eq!(loaded_actions(&store, 1), [(0, b"a0".to_vec())]);
}

#[test]
fn offers_are_stored_one_record_each() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(1, b"m").unwrap();
        for offer in [3, 1, 2] {
            store
                .put_offer(1, offer, format!("offer {offer}").as_bytes())
                .unwrap();
        }
        store.put_offer(1, 2, b"offer 2, answered").unwrap();
        store.remove_offers(1, &[3, 9]).unwrap();
        assert!(matches!(
            store.put_offer(4, 1, b"x"),
            Err(StoreError::UnknownGame(4))
        ));
    }
    let store = SledStore::open(dir.path()).unwrap();
    let games = store.load_all().unwrap();
    assert_eq!(
        games[0].offers,
        [(1, b"offer 1".to_vec()), (2, b"offer 2, answered".to_vec())]
    );
    store.finish_game(1, b"done").unwrap();
    let db = store.db().unwrap();
    assert_eq!(db.scan_prefix(keys::game_key(OFFER_TAG, 1)).count(), 0);
}

/// Copies a closed store's directory.
fn copy_store(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn acknowledged_writes_missing_from_sled_are_reported_until_the_next_write() {
    let live = tempfile::tempdir().unwrap();
    let earlier = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(live.path()).unwrap();
        store.put_meta(1, b"m").unwrap();
        store.put_meta(2, b"untouched").unwrap();
        for i in 0..5 {
            store.append_action(1, i, &action(1, i)).unwrap();
        }
    }
    copy_store(live.path(), earlier.path());
    {
        let store = SledStore::open(live.path()).unwrap();
        for i in 5..8 {
            store.append_action(1, i, &action(1, i)).unwrap();
        }
        store.put_meta(3, b"created later").unwrap();
    }
    // What sled cutting its log short looks like: its files from earlier, the log from now.
    std::fs::copy(
        live.path().join(ACK_LOG_FILE),
        earlier.path().join(ACK_LOG_FILE),
    )
    .unwrap();
    {
        let store = SledStore::open(earlier.path()).unwrap();
        let games = store.load_all().unwrap();
        let integrity: Vec<_> = games.iter().map(|g| (g.id, g.integrity.clone())).collect();
        assert_eq!(
            integrity,
            [
                (
                    1,
                    Integrity::Truncated {
                        acknowledged_actions: 8
                    }
                ),
                (2, Integrity::Intact),
                (
                    3,
                    Integrity::Lost {
                        acknowledged_actions: 0
                    }
                ),
            ]
        );
        assert_eq!(games[0].action_count(), 5);
        // Resumed where it verifiably is: the next write continues from there.
        store.append_action(1, 5, b"new 5").unwrap();
    }
    let store = SledStore::open(earlier.path()).unwrap();
    let games = store.load_all().unwrap();
    assert_eq!(games[0].integrity, Integrity::Intact);
    assert_eq!(games[0].action_count(), 6);
}

#[test]
fn damaged_or_stale_records_make_only_their_game_damaged() {
    let (_dir, store) = temp_store();
    for id in 1..=4 {
        store.put_meta(id, b"m").unwrap();
        for i in 0..3 {
            store.append_action(id, i, &action(id, i)).unwrap();
        }
    }
    store.put_meta(3, b"m2").unwrap();
    let db = store.db().unwrap();
    // Game 1: a flipped bit in an action.
    let key = keys::log_key(1, 1);
    let mut value = db.get(key).unwrap().unwrap().to_vec();
    let last = value.len() - 1;
    value[last] ^= 0x01;
    db.insert(key, value).unwrap();
    // Game 2: an action missing from the middle of the log.
    db.remove(keys::log_key(2, 1)).unwrap();
    // Game 3: its meta back at an older (validly sealed) version.
    let key = keys::game_key(META_TAG, 3);
    db.insert(key, envelope::seal(&key, 1, b"m")).unwrap();
    let games = store.load_all().unwrap();
    let reasons: Vec<String> = games
        .iter()
        .map(|g| match &g.integrity {
            Integrity::Damaged { reason } => reason.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        reasons,
        [
            "action 1 fails its checksum",
            "action 1 is missing from its log (found action 2)",
            "its meta record is from change 1, the latest is from change 5",
            "Intact",
        ]
    );
    assert_eq!(games[0].meta, b"m", "a verified meta still tells the place");
    assert!(
        games[0].actions.is_empty(),
        "nothing unverified is handed out"
    );
}

#[test]
fn schema_1_data_is_migrated_and_loads_intact() {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = sled::open(dir.path()).unwrap();
        db.insert(keys::SCHEMA, &1u32.to_be_bytes()).unwrap();
        db.insert(keys::game_key(META_TAG, 1), b"meta 1").unwrap();
        db.insert(
            keys::game_key(SNAPSHOT_TAG, 1),
            keys::encode_snapshot(2, b"state"),
        )
        .unwrap();
        for i in 2..4 {
            db.insert(keys::log_key(1, i), action(1, i)).unwrap();
        }
        db.insert(keys::game_key(META_TAG, 2), b"lobby").unwrap();
        db.insert(keys::game_key(FINISHED_TAG, 3), b"final")
            .unwrap();
        db.flush().unwrap();
    }
    {
        let store = SledStore::open(dir.path()).unwrap();
        let schema = store.db().unwrap().get(keys::SCHEMA).unwrap().unwrap();
        assert_eq!(schema.as_ref(), SCHEMA_VERSION.to_be_bytes());
        store.append_action(1, 4, &action(1, 4)).unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    let games = store.load_all().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].integrity, Integrity::Intact);
    assert_eq!(games[0].meta, b"meta 1");
    assert_eq!(games[0].snapshot, Some((2, b"state".to_vec())));
    assert_eq!(
        games[0].actions,
        (2..5).map(|i| (i, action(1, i))).collect::<Vec<_>>()
    );
    assert_eq!(games[1].integrity, Integrity::Intact);
    assert_eq!(store.finished_games().unwrap(), [(3, b"final".to_vec())]);
}
