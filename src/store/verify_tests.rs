//! Unit tests of the start-up checks against the acknowledgement log, on real sled: losses are
//! reported at every start until the game's next move, and a lost or damaged log is damage.
//! Every case is built deterministically: sled's files from an earlier copy of the directory
//! with the log from later is exactly what sled cutting its log short looks like.

use std::path::Path;

use crate::store::ack_log::{AckLog, FORMAT};
use crate::store::{ACK_LOG_FILE, GameId, Integrity, SledStore, Store};

fn action(id: GameId, index: u64) -> Vec<u8> {
    format!("game {id} action {index}").into_bytes()
}

fn copy_store(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// Opens the store in `dir` (a start) and returns each game's integrity and action count.
fn start(dir: &Path) -> Vec<(GameId, Integrity, u64)> {
    let store = SledStore::open(dir).unwrap();
    start_on(&store)
}

fn start_on(store: &SledStore) -> Vec<(GameId, Integrity, u64)> {
    let games = store.load_all().unwrap();
    games
        .into_iter()
        .map(|g| (g.id, g.integrity.clone(), g.action_count()))
        .collect()
}

fn truncated(acknowledged_actions: u64) -> Integrity {
    Integrity::Truncated {
        acknowledged_actions,
    }
}

/// Game 1 with `before` moves, game 2 a lobby; then game 1 plays on to `after` moves. Returns
/// a directory with sled's files from `before` and the acknowledgement log from `after`.
fn rolled_back(before: u64, after: u64) -> tempfile::TempDir {
    let live = tempfile::tempdir().unwrap();
    let earlier = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(live.path()).unwrap();
        store.load_all().unwrap();
        store.put_meta(1, b"game").unwrap();
        store.put_meta(2, b"lobby").unwrap();
        for i in 0..before {
            store.append_action(1, i, &action(1, i)).unwrap();
        }
    }
    copy_store(live.path(), earlier.path());
    {
        let store = SledStore::open(live.path()).unwrap();
        for i in before..after {
            store.append_action(1, i, &action(1, i)).unwrap();
        }
    }
    std::fs::copy(
        live.path().join(ACK_LOG_FILE),
        earlier.path().join(ACK_LOG_FILE),
    )
    .unwrap();
    earlier
}

#[test]
fn lost_moves_are_reported_at_every_start_until_the_next_move() {
    let dir = rolled_back(5, 8);
    let expected = [(1, truncated(8), 5), (2, Integrity::Intact, 0)];
    assert_eq!(start(dir.path()), expected, "first start");
    assert_eq!(start(dir.path()), expected, "second start, nothing written");
    {
        // Changes that are no move (a join, an offer, tidying) do not end the notice: this
        // is what made a second start silent before.
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(start_on(&store), expected);
        store.put_meta(1, b"game, changed").unwrap();
        store.put_offer(1, 1, b"an offer").unwrap();
        assert_eq!(start_on(&store), expected, "same process, after writes");
    }
    assert_eq!(
        start(dir.path()),
        expected,
        "after changes that are no move"
    );
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.append_action(1, 5, b"a new move 5").unwrap();
    }
    assert_eq!(
        start(dir.path()),
        [(1, Integrity::Intact, 6), (2, Integrity::Intact, 0)],
        "the game moved on"
    );
}

#[test]
fn a_game_that_lost_every_move_says_so_until_it_moves_on() {
    let dir = rolled_back(0, 239);
    let expected = [(1, truncated(239), 0), (2, Integrity::Intact, 0)];
    for _ in 0..3 {
        assert_eq!(start(dir.path()), expected);
    }
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.append_action(1, 0, b"first move again").unwrap();
    }
    assert_eq!(start(dir.path())[0], (1, Integrity::Intact, 1));
}

#[test]
fn a_missing_ack_log_next_to_stored_games_is_damage_until_each_game_moves_on() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.load_all().unwrap();
        store.put_meta(1, b"game").unwrap();
        for i in 0..3 {
            store.append_action(1, i, &action(1, i)).unwrap();
        }
        store.put_meta(2, b"lobby").unwrap();
        store.put_meta(3, b"done").unwrap();
        store.finish_game(3, b"final").unwrap();
    }
    std::fs::remove_file(dir.path().join(ACK_LOG_FILE)).unwrap();
    let expected = [(1, Integrity::Unverified, 3), (2, Integrity::Unverified, 0)];
    assert_eq!(start(dir.path()), expected, "first start");
    assert_eq!(start(dir.path()), expected, "second start");
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(2, b"lobby, joined").unwrap();
        store.append_action(1, 3, &action(1, 3)).unwrap();
    }
    assert_eq!(
        start(dir.path()),
        [(1, Integrity::Intact, 4), (2, Integrity::Unverified, 0)]
    );
}

/// The auditor's case: the log missing and sled rolled back. Nothing can say what was lost,
/// but the game is not resumed as if nothing happened.
#[test]
fn a_missing_ack_log_with_a_rolled_back_game_is_not_silent() {
    let dir = rolled_back(5, 8);
    std::fs::remove_file(dir.path().join(ACK_LOG_FILE)).unwrap();
    let expected = [(1, Integrity::Unverified, 5), (2, Integrity::Unverified, 0)];
    assert_eq!(start(dir.path()), expected);
    assert_eq!(start(dir.path()), expected);
}

/// A kill after the log was recreated but before the checks noted anything must not make the
/// damage disappear: the damage stays marked in the log's header until they have.
#[test]
fn a_missing_ack_log_is_still_reported_after_a_kill_before_the_checks() {
    let dir = rolled_back(5, 8);
    std::fs::remove_file(dir.path().join(ACK_LOG_FILE)).unwrap();
    drop(SledStore::open(dir.path()).unwrap()); // "killed" before load_all
    assert_eq!(start(dir.path())[0], (1, Integrity::Unverified, 5));
}

#[test]
fn a_fresh_directory_is_no_damage() {
    let dir = tempfile::tempdir().unwrap();
    assert!(start(dir.path()).is_empty());
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(1, b"game").unwrap();
    }
    assert_eq!(start(dir.path()), [(1, Integrity::Intact, 0)]);
}

#[test]
fn a_damaged_ack_log_makes_its_games_unverified_and_keeps_what_it_still_knows() {
    type Damage = fn(&Path);
    let damages: [(&str, Damage); 3] = [
        ("a flipped bit in its header", |path| {
            let mut bytes = std::fs::read(path).unwrap();
            bytes[10] ^= 0x01;
            std::fs::write(path, bytes).unwrap();
        }),
        ("emptied", |path| std::fs::write(path, b"").unwrap()),
        ("replaced by something else", |path| {
            std::fs::write(path, b"#!/bin/sh\necho not an acknowledgement log\n").unwrap()
        }),
    ];
    for (what, damage) in damages {
        let dir = rolled_back(5, 8);
        damage(&dir.path().join(ACK_LOG_FILE));
        let first = start(dir.path());
        assert_eq!(first[1], (2, Integrity::Unverified, 0), "{what}");
        // Behind a damaged header the entries still tell game 1's loss.
        let game_1 = if what.contains("header") {
            truncated(8)
        } else {
            Integrity::Unverified
        };
        assert_eq!(first[0], (1, game_1, 5), "{what}");
        assert_eq!(start(dir.path()), first, "{what}: second start");
    }
}

#[test]
fn an_ack_log_cut_short_is_damage() {
    let dir = rolled_back(5, 8);
    drop(SledStore::open(dir.path()).unwrap()); // compacted: header, game 1, game 2
    let path = dir.path().join(ACK_LOG_FILE);
    let len = std::fs::metadata(&path).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(len - 44)
        .unwrap();
    assert_eq!(
        start(dir.path()),
        [(1, truncated(8), 5), (2, Integrity::Unverified, 0)]
    );
}

#[test]
fn an_old_format_ack_log_is_migrated_and_still_detects_a_loss() {
    let dir = rolled_back(5, 8);
    let path = dir.path().join(ACK_LOG_FILE);
    let latest = {
        let scratch = tempfile::tempdir().unwrap();
        std::fs::copy(&path, scratch.path().join(ACK_LOG_FILE)).unwrap();
        AckLog::open(scratch.path()).unwrap().1.latest
    };
    // Format 1: game, version, actions (u64 LE), crc32 of those; no header.
    let old: Vec<u8> = latest
        .values()
        .flat_map(|ack| {
            let mut entry = Vec::new();
            for word in [ack.game, ack.version, ack.actions] {
                entry.extend_from_slice(&word.to_le_bytes());
            }
            let crc = crc32fast::hash(&entry);
            entry.extend_from_slice(&crc.to_le_bytes());
            entry
        })
        .collect();
    std::fs::write(&path, old).unwrap();
    let expected = [(1, truncated(8), 5), (2, Integrity::Intact, 0)];
    assert_eq!(start(dir.path()), expected);
    let rewritten = std::fs::read(&path).unwrap();
    assert_eq!(&rewritten[..8], b"CATNACKS");
    assert_eq!(rewritten[8..12], FORMAT.to_le_bytes());
    assert_eq!(start(dir.path()), expected);
}

#[test]
fn a_removed_game_takes_its_notice_along() {
    let dir = rolled_back(5, 8);
    {
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(start_on(&store)[0], (1, truncated(8), 5));
        store.remove_game(1).unwrap(); // the players gave the game up
    }
    {
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(start_on(&store), [(2, Integrity::Intact, 0)]);
        store.put_meta(1, b"a new game under the old id").unwrap();
    }
    assert_eq!(start(dir.path())[0], (1, Integrity::Intact, 0));
}
