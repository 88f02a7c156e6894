//! Unit tests of [`SledStore`] on real sled in temporary directories.

use super::*;
use crate::store::Integrity;

pub(super) fn temp_store() -> (tempfile::TempDir, SledStore) {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    (dir, store)
}

pub(super) fn action(id: GameId, index: u64) -> Vec<u8> {
    format!("game {id} action {index}").into_bytes()
}

/// Log keys physically present for a game (to prove entries were dropped, not just hidden).
pub(super) fn raw_log_indices(store: &SledStore, id: GameId) -> Vec<u64> {
    store
        .db()
        .unwrap()
        .scan_prefix(keys::game_key(LOG_TAG, id))
        .map(|e| keys::parse_log_key(&e.unwrap().0).unwrap().1)
        .collect()
}

#[test]
fn new_store_is_empty_and_records_schema() {
    let (_dir, store) = temp_store();
    assert!(store.load_all().unwrap().is_empty());
    assert!(store.finished_games().unwrap().is_empty());
    let schema = store.db().unwrap().get(keys::SCHEMA).unwrap().unwrap();
    assert_eq!(schema.as_ref(), SCHEMA_VERSION.to_be_bytes());
}

#[test]
fn round_trip_meta_actions_and_snapshot_across_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(7, b"meta v1").unwrap();
        store.put_meta(7, b"meta v2").unwrap();
        for i in 0..5 {
            store.append_action(7, i, &action(7, i)).unwrap();
        }
        store.put_snapshot(7, 3, b"state after 3").unwrap();
        store.put_meta(9, b"other game").unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert!(store.repaired_files().is_empty());
    let games = store.load_all().unwrap();
    assert_eq!(
        games,
        vec![
            StoredGame {
                id: 7,
                meta: b"meta v2".to_vec(),
                snapshot: Some((3, b"state after 3".to_vec())),
                actions: vec![(3, action(7, 3)), (4, action(7, 4))],
                offers: vec![],
                integrity: Integrity::Intact,
            },
            StoredGame {
                id: 9,
                meta: b"other game".to_vec(),
                snapshot: None,
                actions: vec![],
                offers: vec![],
                integrity: Integrity::Intact,
            },
        ]
    );
}

#[test]
fn actions_load_in_index_order_per_game() {
    let (_dir, store) = temp_store();
    // Interleave games and cross byte boundaries (255/256) where little-endian keys would sort
    // wrongly.
    for id in [300u64, 1, 256] {
        store.put_meta(id, b"m").unwrap();
    }
    for i in 0..300 {
        for id in [300u64, 1, 256] {
            store.append_action(id, i, &action(id, i)).unwrap();
        }
    }
    let games = store.load_all().unwrap();
    assert_eq!(
        games.iter().map(|g| g.id).collect::<Vec<_>>(),
        [1, 256, 300]
    );
    for game in games {
        let expected: Vec<_> = (0..300).map(|i| (i, action(game.id, i))).collect();
        assert_eq!(game.actions, expected);
    }
}

#[test]
fn snapshot_drops_the_log_entries_it_covers() {
    let (_dir, store) = temp_store();
    store.put_meta(1, b"m").unwrap();
    store.put_meta(2, b"m").unwrap();
    for i in 0..10 {
        store.append_action(1, i, &action(1, i)).unwrap();
        store.append_action(2, i, &action(2, i)).unwrap();
    }
    store.put_snapshot(1, 6, b"s6").unwrap();
    assert_eq!(raw_log_indices(&store, 1), [6, 7, 8, 9]);
    // The other game's log is untouched.
    assert_eq!(raw_log_indices(&store, 2), (0..10).collect::<Vec<_>>());
    // A snapshot of everything empties the log; the next append continues the numbering.
    store.put_snapshot(1, 10, b"s10").unwrap();
    assert!(raw_log_indices(&store, 1).is_empty());
    store.append_action(1, 10, &action(1, 10)).unwrap();
    let game = &store.load_all().unwrap()[0];
    assert_eq!(game.snapshot, Some((10, b"s10".to_vec())));
    assert_eq!(game.actions, [(10, action(1, 10))]);
}

#[test]
fn out_of_order_append_is_refused_and_changes_nothing() {
    let (_dir, store) = temp_store();
    store.put_meta(1, b"m").unwrap();
    store.append_action(1, 0, b"a0").unwrap();
    let before = store.load_all().unwrap();
    for bad in [0, 2, 5] {
        match store.append_action(1, bad, b"bad") {
            Err(StoreError::OutOfOrder {
                id: 1,
                expected: 1,
                got,
            }) => assert_eq!(got, bad),
            other => panic!("expected OutOfOrder, got {other:?}"),
        }
    }
    assert_eq!(store.load_all().unwrap(), before);
    // After a snapshot the next index is the snapshot's count.
    store.append_action(1, 1, b"a1").unwrap();
    store.put_snapshot(1, 2, b"s").unwrap();
    assert!(matches!(
        store.append_action(1, 1, b"x"),
        Err(StoreError::OutOfOrder { expected: 2, .. })
    ));
    store.append_action(1, 2, b"a2").unwrap();
}

#[test]
fn writes_to_unknown_games_are_refused() {
    let (_dir, store) = temp_store();
    assert!(matches!(
        store.append_action(4, 0, b"a"),
        Err(StoreError::UnknownGame(4))
    ));
    assert!(matches!(
        store.put_snapshot(4, 0, b"s"),
        Err(StoreError::UnknownGame(4))
    ));
    assert!(matches!(
        store.finish_game(4, b"f"),
        Err(StoreError::UnknownGame(4))
    ));
    assert!(store.load_all().unwrap().is_empty());
    assert!(store.finished_games().unwrap().is_empty());
}

#[test]
fn snapshot_outside_the_logged_range_is_refused() {
    let (_dir, store) = temp_store();
    store.put_meta(1, b"m").unwrap();
    for i in 0..4 {
        store.append_action(1, i, &action(1, i)).unwrap();
    }
    store.put_snapshot(1, 2, b"s2").unwrap();
    let before = store.load_all().unwrap();
    for (upto, message_part) in [(1, "between 2"), (5, "and 4")] {
        let err = store.put_snapshot(1, upto, b"bad").unwrap_err();
        assert!(
            matches!(err, StoreError::SnapshotOutOfRange { min: 2, max: 4, .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains(message_part), "{err}");
    }
    assert_eq!(store.load_all().unwrap(), before);
    // Re-snapshotting at the same count replaces the state.
    store.put_snapshot(1, 2, b"s2 again").unwrap();
    assert_eq!(
        store.load_all().unwrap()[0].snapshot,
        Some((2, b"s2 again".to_vec()))
    );
}

#[test]
fn finished_game_keeps_only_its_record() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(3, b"m").unwrap();
        store.put_meta(4, b"still playing").unwrap();
        for i in 0..5 {
            store.append_action(3, i, &action(3, i)).unwrap();
        }
        store.put_snapshot(3, 2, b"s").unwrap();
        store.finish_game(3, b"winner: seat 2").unwrap();
        assert!(raw_log_indices(&store, 3).is_empty());
        assert!(matches!(
            store.append_action(3, 5, b"late"),
            Err(StoreError::Finished(3))
        ));
        assert!(matches!(
            store.put_meta(3, b"again"),
            Err(StoreError::Finished(3))
        ));
        assert!(matches!(
            store.finish_game(3, b"twice"),
            Err(StoreError::Finished(3))
        ));
    }
    let store = SledStore::open(dir.path()).unwrap();
    let live: Vec<_> = store.load_all().unwrap().iter().map(|g| g.id).collect();
    assert_eq!(live, [4]);
    assert_eq!(
        store.finished_games().unwrap(),
        [(3, b"winner: seat 2".to_vec())]
    );
    store.remove_game(3).unwrap();
    assert!(store.finished_games().unwrap().is_empty());
}

#[test]
fn remove_game_drops_everything_of_that_game_only() {
    let (_dir, store) = temp_store();
    for id in [1, 2] {
        store.put_meta(id, b"m").unwrap();
        for i in 0..3 {
            store.append_action(id, i, &action(id, i)).unwrap();
        }
        store.put_snapshot(id, 1, b"s").unwrap();
    }
    store.remove_game(1).unwrap();
    store.remove_game(99).unwrap(); // unknown: nothing to do
    let games = store.load_all().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].id, 2);
    assert!(raw_log_indices(&store, 1).is_empty());
    assert!(
        store
            .db()
            .unwrap()
            .get(keys::game_key(SNAPSHOT_TAG, 1))
            .unwrap()
            .is_none()
    );
    // The id can be used again from scratch.
    store.put_meta(1, b"new").unwrap();
    store.append_action(1, 0, b"a").unwrap();
}

#[test]
fn newer_schema_is_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(1, b"m").unwrap();
        store
            .db()
            .unwrap()
            .insert(keys::SCHEMA, &(SCHEMA_VERSION + 1).to_be_bytes())
            .unwrap();
        store.db().unwrap().flush().unwrap();
    }
    let Err(err) = SledStore::open(dir.path()) else {
        panic!("a newer schema must be refused");
    };
    assert!(matches!(
        err,
        StoreError::Schema { found, supported } if found == SCHEMA_VERSION + 1 && supported == SCHEMA_VERSION
    ));
    assert!(err.to_string().contains("newer catan-bot"), "{err}");
}

#[test]
fn data_without_schema_key_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = sled::open(dir.path()).unwrap();
        db.insert(b"foreign", b"data").unwrap();
        db.flush().unwrap();
    }
    assert!(matches!(
        SledStore::open(dir.path()),
        Err(StoreError::Corrupt(msg)) if msg.contains("no schema version")
    ));
}

#[test]
fn second_open_of_the_same_directory_says_it_is_in_use() {
    let (dir, _store) = temp_store();
    let Err(err) = SledStore::open(dir.path()) else {
        panic!("the directory is locked by the first store");
    };
    assert!(matches!(err, StoreError::Locked { .. }), "{err:?}");
    let message = err.to_string();
    assert!(message.contains("another catan-bot is using"), "{message}");
    assert!(
        message.contains(&dir.path().display().to_string()),
        "{message}"
    );
}

#[test]
fn reopen_right_after_drop_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    for round in 0..30u64 {
        let store = SledStore::open(dir.path()).unwrap_or_else(|e| panic!("round {round}: {e}"));
        if round == 0 {
            store.put_meta(1, b"m").unwrap();
        }
        store.append_action(1, round, &action(1, round)).unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.load_all().unwrap()[0].actions.len(), 30);
}

#[test]
fn directory_that_cannot_be_created_is_reported_as_not_writable() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"x").unwrap();
    for target in [file.join("data"), file.clone()] {
        let Err(err) = SledStore::open(&target) else {
            panic!("{} cannot hold a store", target.display());
        };
        assert!(matches!(err, StoreError::NotWritable { .. }), "{err:?}");
        assert!(
            err.to_string()
                .contains("cannot write to the data directory")
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"x");
}

#[test]
fn size_on_disk_counts_the_directory_and_grows() {
    let (_dir, store) = temp_store();
    let empty = store.size_on_disk().unwrap();
    assert!(empty > 0);
    store.put_meta(1, b"m").unwrap();
    let big = vec![7u8; 4096];
    for i in 0..100 {
        store.append_action(1, i, &big).unwrap();
    }
    assert!(store.size_on_disk().unwrap() >= empty + 100 * 4096);
}

#[test]
fn concurrent_writers_to_different_games_lose_nothing() {
    let (_dir, store) = temp_store();
    let store = std::sync::Arc::new(store);
    let threads: Vec<_> = (0..4u64)
        .map(|id| {
            let store = store.clone();
            std::thread::spawn(move || {
                store.put_meta(id, b"m").unwrap();
                for i in 0..50 {
                    store.append_action(id, i, &action(id, i)).unwrap();
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let games = store.load_all().unwrap();
    assert_eq!(games.len(), 4);
    for game in games {
        assert_eq!(
            game.actions,
            (0..50).map(|i| (i, action(game.id, i))).collect::<Vec<_>>()
        );
    }
}

#[test]
fn orphaned_log_entries_are_reported_as_damage_of_that_game_only() {
    let (_dir, store) = temp_store();
    store.put_meta(1, b"m").unwrap();
    // Not reachable through the API; simulates damage from outside.
    let key = keys::log_key(5, 0);
    store
        .db()
        .unwrap()
        .insert(key, envelope::seal(&key, 1, b"a"))
        .unwrap();
    let games = store.load_all().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].integrity, Integrity::Intact);
    assert!(
        matches!(&games[1].integrity, Integrity::Damaged { reason } if reason.contains("head record is missing")),
        "{:?}",
        games[1]
    );
}

#[test]
fn one_commit_writes_an_action_with_its_meta_offers_and_snapshot() {
    let (_dir, store) = temp_store();
    store.put_meta(3, b"meta v1").unwrap();
    store.append_action(3, 0, &action(3, 0)).unwrap();
    store.put_offer(3, 1, b"offer 1").unwrap();
    store.put_offer(3, 2, b"offer 2").unwrap();
    let write = GameWrite {
        meta: Some(b"meta v2".to_vec()),
        action: Some((1, action(3, 1))),
        snapshot: Some((2, b"state after 2".to_vec())),
        offers: vec![(3, b"offer 3".to_vec())],
        removed_offers: vec![1],
        finished: None,
        community: Vec::new(),
    };
    store.commit(3, &write).unwrap();
    let game = &store.load_all().unwrap()[0];
    assert_eq!(game.meta, b"meta v2");
    assert_eq!(game.snapshot, Some((2, b"state after 2".to_vec())));
    assert!(
        game.actions.is_empty(),
        "the snapshot covers the action of its own write"
    );
    assert_eq!(raw_log_indices(&store, 3), Vec::<u64>::new());
    let offers: Vec<u32> = game.offers.iter().map(|(n, _)| *n).collect();
    assert_eq!(offers, [2, 3]);
    assert_eq!(game.integrity, Integrity::Intact);
}

#[test]
fn a_refused_commit_changes_nothing() {
    let (_dir, store) = temp_store();
    store.put_meta(3, b"meta v1").unwrap();
    store.put_offer(3, 1, b"offer 1").unwrap();
    let before = store.load_all().unwrap();
    let write = GameWrite {
        meta: Some(b"meta v2".to_vec()),
        action: Some((5, action(3, 5))),
        removed_offers: vec![1],
        ..GameWrite::default()
    };
    assert!(matches!(
        store.commit(3, &write),
        Err(StoreError::OutOfOrder {
            expected: 0,
            got: 5,
            ..
        })
    ));
    assert_eq!(store.load_all().unwrap(), before);
    assert!(matches!(
        store.commit(4, &GameWrite::offer(1, b"x")),
        Err(StoreError::UnknownGame(4))
    ));
}

#[test]
fn the_winning_action_and_the_final_record_are_one_commit() {
    let (_dir, store) = temp_store();
    store.put_meta(3, b"meta").unwrap();
    store.append_action(3, 0, &action(3, 0)).unwrap();
    store.put_offer(3, 1, b"offer 1").unwrap();
    let write = GameWrite {
        action: Some((1, action(3, 1))),
        finished: Some(b"final".to_vec()),
        ..GameWrite::default()
    };
    store.commit(3, &write).unwrap();
    assert!(store.load_all().unwrap().is_empty());
    assert_eq!(store.finished_games().unwrap(), [(3, b"final".to_vec())]);
    assert_eq!(
        raw_log_indices(&store, 3),
        Vec::<u64>::new(),
        "no log left behind"
    );
    assert!(matches!(
        store.commit(3, &GameWrite::meta(b"again")),
        Err(StoreError::Finished(3))
    ));
}
