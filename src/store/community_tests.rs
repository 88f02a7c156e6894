//! Community records (ratings) in the store: written with a game's final record as one
//! commit, or on their own; a failed or ghost write of the game's end leaves neither the
//! finished game nor its ratings, never one without the other (the injected faults of
//! `faults.rs`).

use super::sled_store_tests::{action, temp_store};
use super::*;
use crate::store::faults::FlushFault;

const GUILD: u64 = 4242;

/// The game's last action, its final record and its community's season 1, in one write.
fn winning_write() -> GameWrite {
    GameWrite {
        action: Some((1, action(3, 1))),
        finished: Some(b"final".to_vec()),
        community: vec![
            (GUILD, 0, b"header".to_vec()),
            (GUILD, 1, b"season".to_vec()),
        ],
        ..GameWrite::default()
    }
}

/// A game of one logged action, ready to be won.
fn running_game(store: &SledStore) {
    store.put_meta(3, b"meta").unwrap();
    store.append_action(3, 0, &action(3, 0)).unwrap();
}

/// What a restart would find: whether game 3 is finished, and the community's records.
fn found(store: &SledStore) -> (bool, Vec<(u32, Vec<u8>)>) {
    let finished = store
        .finished_games()
        .unwrap()
        .iter()
        .any(|(id, _)| *id == 3);
    (finished, store.community(GUILD).unwrap())
}

#[test]
fn the_final_record_and_the_ratings_are_one_commit_and_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        assert!(store.community(GUILD).unwrap().is_empty());
        running_game(&store);
        store.commit(3, &winning_write()).unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    let (finished, records) = found(&store);
    assert!(finished);
    assert_eq!(records, [(0, b"header".to_vec()), (1, b"season".to_vec())]);
    assert!(
        store.community(GUILD + 1).unwrap().is_empty(),
        "per community"
    );
    assert!(store.load_all().unwrap().is_empty(), "no game left running");
}

#[test]
fn a_failed_game_end_leaves_neither_the_finished_game_nor_its_ratings() {
    for fault in [FlushFault::Fail, FlushFault::FlushThenFail] {
        let (_dir, store) = temp_store();
        running_game(&store);
        store.faults.fail_next_flush(fault);
        assert!(store.commit(3, &winning_write()).is_err());
        // Any later write first undoes what the failed one left on disk.
        store.put_meta(9, b"other").unwrap();
        assert_eq!(found(&store), (false, Vec::new()));
        let games = store.load_all().unwrap();
        assert_eq!(games[0].id, 3);
        assert_eq!(
            games[0].action_count(),
            1,
            "the game is as before its last action"
        );
        // The table tries again: now both go down together.
        store.commit(3, &winning_write()).unwrap();
        assert!(found(&store).0);
        assert_eq!(found(&store).1.len(), 2);
    }
}

#[test]
fn season_records_are_written_on_their_own_and_undone_on_failure() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_community(GUILD, &[(0, b"h1".to_vec())]).unwrap();
        store.faults.fail_next_flush(FlushFault::FlushThenFail);
        assert!(store.put_community(GUILD, &[(0, b"h2".to_vec())]).is_err());
        store.put_meta(1, b"m").unwrap();
        assert_eq!(store.community(GUILD).unwrap(), [(0, b"h1".to_vec())]);
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.community(GUILD).unwrap(), [(0, b"h1".to_vec())]);
    assert_eq!(store.load_all().unwrap().len(), 1, "games unaffected");
}

#[test]
fn a_damaged_community_record_is_reported_not_misread() {
    let (_dir, store) = temp_store();
    store
        .put_community(GUILD, &[(1, b"season".to_vec())])
        .unwrap();
    let db = store.db().unwrap();
    db.insert(keys::community_key(GUILD, 1), b"not sealed".to_vec())
        .unwrap();
    assert!(matches!(
        store.community(GUILD),
        Err(StoreError::Corrupt(_))
    ));
}
