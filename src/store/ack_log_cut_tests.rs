//! Unit tests of [`SledStore`] with a cut acknowledgement log (issue 38, item 12): cut at any
//! byte while sled's files are rolled back, the loss is reported; a kill at any point of the
//! log's append (injected crash points) is never taken for damage.

use std::path::Path;

use super::sled_store_tests::action;
use super::*;
use crate::store::ack_log::{ENTRY_LEN, HEADER_LEN};
use crate::store::faults::AppendCrash;
use crate::store::{ACK_LOG_FILE, Integrity};

/// Copies the files of `from` (flat, as a fresh sled directory is) to `to`, but the
/// acknowledgement log.
fn copy_sled_files(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() && entry.file_name() != ACK_LOG_FILE {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// The integrity of game 1 at a start of the store in `dir`.
fn integrity_of_game_1(dir: &Path) -> Integrity {
    let store = SledStore::open(dir).unwrap();
    let games = store.load_all().unwrap();
    let game = games.iter().find(|g| g.id == 1).expect("game 1 resumed");
    game.integrity.clone()
}

/// sled's files from after 4 actions (a roll-back, as sled's recovery cut short at damage
/// leaves it), the acknowledgement log from after 10 (compacted at the second open, then 6
/// appended) cut at every byte: every start reports game 1, never resumes it silently at 4.
#[test]
fn every_cut_of_the_ack_log_with_a_rolled_back_db_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let earlier = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(1, b"m").unwrap();
        for i in 0..4 {
            store.append_action(1, i, &action(1, i)).unwrap();
        }
    }
    crate::store::wait_until_free(dir.path()).unwrap();
    copy_sled_files(dir.path(), earlier.path());
    {
        let store = SledStore::open(dir.path()).unwrap();
        for i in 4..10 {
            store.append_action(1, i, &action(1, i)).unwrap();
        }
    }
    let log = std::fs::read(dir.path().join(ACK_LOG_FILE)).unwrap();
    let whole = HEADER_LEN + 7 * ENTRY_LEN;
    assert_eq!(log.len(), whole, "one compacted entry, six appended");
    // Uncut, the log alone shows the loss, as before.
    let copy = tempfile::tempdir().unwrap();
    copy_sled_files(earlier.path(), copy.path());
    std::fs::write(copy.path().join(ACK_LOG_FILE), &log).unwrap();
    assert_eq!(
        integrity_of_game_1(copy.path()),
        Integrity::Truncated {
            acknowledged_actions: 10
        }
    );
    for len in 0..whole {
        let copy = tempfile::tempdir().unwrap();
        copy_sled_files(earlier.path(), copy.path());
        std::fs::write(copy.path().join(ACK_LOG_FILE), &log[..len]).unwrap();
        let first = integrity_of_game_1(copy.path());
        assert!(
            matches!(first, Integrity::Unverified | Integrity::Truncated { .. }),
            "the log cut to {len} bytes: {first:?}"
        );
        let boundary = len >= HEADER_LEN && (len - HEADER_LEN).is_multiple_of(ENTRY_LEN);
        if boundary || len.is_multiple_of(7) {
            // Told again at the next start (until the game's next move).
            assert_eq!(
                integrity_of_game_1(copy.path()),
                first,
                "cut to {len}, next start"
            );
        }
    }
}

/// A kill inside the acknowledgement log's append of a write (the entry torn after any byte,
/// or whole but not yet counted), injected: the write had not returned, the store is dropped
/// there, and the next start finds the game intact, with every acknowledged write.
#[test]
fn a_kill_inside_the_ack_log_append_is_no_damage() {
    let crashes = (0..ENTRY_LEN)
        .map(AppendCrash::TornEntry)
        .chain([AppendCrash::BeforeCount]);
    for crash in crashes {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            store.put_meta(1, b"m").unwrap();
            for i in 0..3 {
                store.append_action(1, i, &action(1, i)).unwrap();
            }
            store.acks.crash_next_append(crash);
            // sled has the write; the process dies in the log's append, before it returns.
            let _ = store.append_action(1, 3, &action(1, 3));
        }
        for start in ["first", "second"] {
            let store = SledStore::open(dir.path()).unwrap();
            let games = store.load_all().unwrap();
            assert_eq!(
                games[0].integrity,
                Integrity::Intact,
                "{crash:?}, {start} start"
            );
            assert_eq!(games[0].action_count(), 4, "{crash:?}: sled kept the write");
        }
        // And the log guards again: moves since, then sled's files rolled back, are told.
        let earlier = tempfile::tempdir().unwrap();
        crate::store::wait_until_free(dir.path()).unwrap();
        copy_sled_files(dir.path(), earlier.path());
        {
            let store = SledStore::open(dir.path()).unwrap();
            store.append_action(1, 4, &action(1, 4)).unwrap();
        }
        crate::store::wait_until_free(dir.path()).unwrap();
        let rolled = tempfile::tempdir().unwrap();
        copy_sled_files(earlier.path(), rolled.path());
        let log = dir.path().join(ACK_LOG_FILE);
        std::fs::copy(log, rolled.path().join(ACK_LOG_FILE)).unwrap();
        assert_eq!(
            integrity_of_game_1(rolled.path()),
            Integrity::Truncated {
                acknowledged_actions: 5
            },
            "{crash:?}"
        );
    }
}
