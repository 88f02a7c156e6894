//! Unit tests of the acknowledgement log: entries, compaction, the format-2 header, damage
//! found and kept until resolved, every cut detected and no crash point taken for one,
//! format 1 migrated, notices carried until a game moves on.

use super::*;
use crate::store::faults::AppendCrash;

fn ack(game: GameId, version: u64, actions: u64) -> Ack {
    Ack {
        game,
        version,
        actions,
    }
}

fn file_of(dir: &Path) -> PathBuf {
    dir.join(FILE_NAME)
}

/// Opens the log in `dir` and returns what it found, closing it again.
fn reopen(dir: &Path) -> AckHistory {
    let (_log, mut history) = AckLog::open(dir).unwrap();
    history.log = None;
    history
}

/// A format-2 log in `dir` holding these acknowledged writes, with no damage.
fn log_with(dir: &Path, acks: &[Ack]) {
    let (log, _) = AckLog::open(dir).unwrap();
    log.resolve().unwrap();
    for a in acks {
        log.append(*a).unwrap();
    }
}

#[test]
fn keeps_the_latest_write_per_game_and_compacts() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (log, history) = AckLog::open(dir.path()).unwrap();
        assert!(history.missing);
        assert_eq!(history.damage, Some(AckDamage::Missing));
        log.resolve().unwrap();
        // Concurrent writers may append out of order: the highest version wins.
        for a in [ack(1, 1, 0), ack(1, 3, 2), ack(2, 1, 0), ack(1, 2, 1)] {
            log.append(a).unwrap();
        }
    }
    let history = reopen(dir.path());
    assert!(!history.missing);
    assert_eq!(history.damage, None);
    assert_eq!(history.damaged_entries, 0);
    assert_eq!(
        history.latest.values().copied().collect::<Vec<_>>(),
        [ack(1, 3, 2), ack(2, 1, 0)]
    );
    let size = std::fs::metadata(file_of(dir.path())).unwrap().len();
    assert_eq!(
        size,
        (HEADER_LEN + 2 * ENTRY_LEN) as u64,
        "a header and one entry per game"
    );
}

#[test]
fn a_long_run_compacts_the_file_as_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = AckLog::open(dir.path()).unwrap();
    log.resolve().unwrap();
    let writes = 3 * SLACK_ENTRIES as u64;
    for version in 1..=writes {
        log.append(ack(version % 3, version, version)).unwrap();
    }
    let size = std::fs::metadata(file_of(dir.path())).unwrap().len();
    assert!(
        size <= (HEADER_LEN + (SLACK_ENTRIES + 4) * ENTRY_LEN) as u64,
        "{size} bytes"
    );
    drop(log);
    let history = reopen(dir.path());
    assert_eq!(history.damage, None);
    // `writes` is a multiple of 3: game 0 wrote last.
    let latest: Vec<(GameId, u64)> = history
        .latest
        .values()
        .map(|a| (a.game, a.version))
        .collect();
    assert_eq!(latest, [(0, writes), (1, writes - 2), (2, writes - 1)]);
}

#[test]
fn damaged_entries_are_damage_and_a_torn_tail_is_not() {
    let mut bytes = encode_header(None, 3).to_vec();
    for a in [ack(1, 5, 9), ack(2, 7, 3), ack(3, 1, 0)] {
        bytes.extend(Entry::plain(a).encode());
    }
    let torn = {
        let mut torn = bytes.clone();
        torn.extend_from_slice(&Entry::plain(ack(4, 1, 1)).encode()[..11]);
        read_log(&torn)
    };
    assert!(torn.torn_tail);
    assert_eq!(torn.damage, None, "a crash mid-append is no damage");
    assert_eq!(torn.entries.keys().copied().collect::<Vec<_>>(), [1, 2, 3]);
    bytes[HEADER_LEN + ENTRY_LEN + 10] ^= 0x04;
    let parsed = read_log(&bytes);
    assert_eq!(parsed.damaged_entries, 1);
    assert_eq!(parsed.damage, Some(AckDamage::DamagedEntries));
    assert_eq!(parsed.entries.keys().copied().collect::<Vec<_>>(), [1, 3]);
}

#[test]
fn every_flipped_bit_and_every_cut_of_a_log_is_damage() {
    let dir = tempfile::tempdir().unwrap();
    log_with(dir.path(), &[ack(1, 4, 3), ack(2, 2, 0)]);
    // Compacted: the header counts both entries, so any cut into them shows.
    drop(AckLog::open(dir.path()).unwrap());
    let bytes = std::fs::read(file_of(dir.path())).unwrap();
    assert_eq!(read_log(&bytes).damage, None);
    for byte in 0..bytes.len() {
        for bit in 0..8 {
            let mut damaged = bytes.clone();
            damaged[byte] ^= 1 << bit;
            assert!(
                read_log(&damaged).damage.is_some(),
                "byte {byte} bit {bit} went unnoticed"
            );
        }
    }
    for len in 0..bytes.len() {
        assert!(
            read_log(&bytes[..len]).damage.is_some(),
            "a cut to {len} bytes went unnoticed"
        );
    }
}

#[test]
fn damage_found_at_open_stays_marked_until_resolved() {
    let dir = tempfile::tempdir().unwrap();
    log_with(dir.path(), &[ack(1, 4, 3), ack(2, 2, 0)]);
    let path = file_of(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[HEADER_LEN + 3] ^= 0x01; // game 1's entry
    std::fs::write(&path, bytes).unwrap();
    let history = reopen(dir.path());
    assert_eq!(history.damage, Some(AckDamage::DamagedEntries));
    assert_eq!(history.damaged_entries, 1);
    assert_eq!(history.latest.keys().copied().collect::<Vec<_>>(), [2]);
    // Compacted at that open (the damaged entry is gone), yet still marked: a kill before the
    // checks noted it must not make the damage disappear.
    let history = reopen(dir.path());
    assert_eq!(history.damage, Some(AckDamage::DamagedEntries));
    assert_eq!(history.damaged_entries, 0);
    let (log, _) = AckLog::open(dir.path()).unwrap();
    log.resolve().unwrap();
    assert_eq!(log.current().1, None);
    drop(log);
    assert_eq!(reopen(dir.path()).damage, None);
}

#[test]
fn a_missing_log_is_marked_until_resolved() {
    let dir = tempfile::tempdir().unwrap();
    log_with(dir.path(), &[ack(1, 4, 3)]);
    std::fs::remove_file(file_of(dir.path())).unwrap();
    let history = reopen(dir.path());
    assert!(history.missing);
    assert_eq!(history.damage, Some(AckDamage::Missing));
    assert!(history.latest.is_empty());
    let history = reopen(dir.path());
    assert!(!history.missing, "recreated");
    assert_eq!(history.damage, Some(AckDamage::Missing), "still unresolved");
}

#[test]
fn unreadable_headers_empty_files_and_strangers_are_damage() {
    let good = {
        let dir = tempfile::tempdir().unwrap();
        log_with(dir.path(), &[ack(1, 4, 3)]);
        drop(AckLog::open(dir.path()).unwrap());
        std::fs::read(file_of(dir.path())).unwrap()
    };
    let mut newer = good.clone();
    newer[..HEADER_LEN].copy_from_slice(&encode_header(None, 1));
    newer[8] = 3; // format 3
    let crc = crc32fast::hash(&newer[..24]);
    newer[24..HEADER_LEN].copy_from_slice(&crc.to_le_bytes());
    let mut bad_crc = good.clone();
    bad_crc[16] ^= 0x80;
    for (what, bytes) in [
        ("empty", Vec::new()),
        (
            "not a log",
            b"hello, this is not an acknowledgement log at all".to_vec(),
        ),
        ("newer format", newer),
        ("header checksum", bad_crc.clone()),
    ] {
        let parsed = read_log(&bytes);
        assert_eq!(parsed.damage, Some(AckDamage::Unreadable), "{what}");
    }
    // Behind a damaged header the entries are still read: the best witness there is.
    assert_eq!(
        read_log(&bad_crc)
            .entries
            .keys()
            .copied()
            .collect::<Vec<_>>(),
        [1]
    );
}

#[test]
fn a_format_1_log_is_read_and_rewritten_in_format_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = file_of(dir.path());
    let old_entry = |a: Ack| {
        let mut entry = [0u8; OLD_ENTRY_LEN];
        entry[..8].copy_from_slice(&a.game.to_le_bytes());
        entry[8..16].copy_from_slice(&a.version.to_le_bytes());
        entry[16..24].copy_from_slice(&a.actions.to_le_bytes());
        let crc = crc32fast::hash(&entry[..24]);
        entry[24..].copy_from_slice(&crc.to_le_bytes());
        entry
    };
    let old: Vec<u8> = [ack(1, 2, 1), ack(2, 1, 0), ack(1, 5, 4)]
        .into_iter()
        .flat_map(old_entry)
        .collect();
    std::fs::write(&path, &old).unwrap();
    let history = reopen(dir.path());
    assert_eq!(history.damage, None);
    assert_eq!(
        history.latest.values().copied().collect::<Vec<_>>(),
        [ack(1, 5, 4), ack(2, 1, 0)]
    );
    let rewritten = std::fs::read(&path).unwrap();
    assert!(rewritten.starts_with(&MAGIC));
    assert_eq!(rewritten.len(), HEADER_LEN + 2 * ENTRY_LEN);
    assert_eq!(reopen(dir.path()).latest, history.latest);
    // A damaged format-1 entry is damage too.
    let mut damaged = old;
    damaged[OLD_ENTRY_LEN + 2] ^= 0x10;
    let parsed = read_log(&damaged);
    assert_eq!(parsed.damage, Some(AckDamage::DamagedEntries));
    assert!(parsed.old_format);
}

#[test]
fn a_notice_is_carried_by_later_writes_until_the_game_moves_on() {
    let dir = tempfile::tempdir().unwrap();
    log_with(dir.path(), &[ack(1, 9, 12), ack(2, 3, 1)]);
    let notice = Notice {
        resumed_at: 7,
        acknowledged: Some(12),
    };
    {
        let (log, _) = AckLog::open(dir.path()).unwrap();
        log.note(Entry {
            ack: ack(1, 9, 12),
            notice: Some(notice),
        })
        .unwrap();
        // A change that is no move (a join, an offer) keeps the notice.
        log.append(ack(1, 10, 7)).unwrap();
        log.append(ack(2, 4, 2)).unwrap();
    }
    let (log, _) = AckLog::open(dir.path()).unwrap();
    let (entries, damage) = log.current();
    assert_eq!(damage, None);
    assert_eq!(
        entries[&1],
        Entry {
            ack: ack(1, 10, 7),
            notice: Some(notice)
        }
    );
    assert_eq!(entries[&2].notice, None);
    log.append(ack(1, 11, 8)).unwrap(); // the next move
    drop(log);
    let (log, _) = AckLog::open(dir.path()).unwrap();
    assert_eq!(log.current().0[&1], Entry::plain(ack(1, 11, 8)));
}

#[test]
fn entries_round_trip_with_and_without_notices() {
    for notice in [
        None,
        Some(Notice {
            resumed_at: 0,
            acknowledged: Some(239),
        }),
        Some(Notice {
            resumed_at: 17,
            acknowledged: None,
        }),
    ] {
        let entry = Entry {
            ack: ack(7, 300, 17),
            notice,
        };
        assert_eq!(Entry::decode(&entry.encode()), Some(entry));
    }
}

/// A log compacted at an open and appended to since: the header counts the appended entries
/// too, so a cut at any byte, even between entries, is damage (it used to read as a valid
/// shorter log, issue 38 item 12), at the open that finds it and the next.
#[test]
fn every_cut_of_an_appended_log_is_damage() {
    let dir = tempfile::tempdir().unwrap();
    log_with(dir.path(), &[ack(1, 1, 0), ack(2, 1, 0)]);
    {
        let (log, _) = AckLog::open(dir.path()).unwrap(); // compacted: two entries
        for version in 2..=6 {
            log.append(ack(1, version, version - 1)).unwrap();
        }
    }
    let bytes = std::fs::read(file_of(dir.path())).unwrap();
    assert_eq!(bytes.len(), HEADER_LEN + 7 * ENTRY_LEN);
    assert_eq!(read_log(&bytes).damage, None);
    assert!(!read_log(&bytes).torn_tail);
    for len in 0..bytes.len() {
        let damage = read_log(&bytes[..len]).damage;
        assert!(
            matches!(damage, Some(AckDamage::CutShort | AckDamage::Unreadable)),
            "a cut to {len} bytes: {damage:?}"
        );
        let cut = tempfile::tempdir().unwrap();
        std::fs::write(file_of(cut.path()), &bytes[..len]).unwrap();
        assert_eq!(reopen(cut.path()).damage, damage, "open, cut to {len}");
        assert_eq!(reopen(cut.path()).damage, damage, "next open, cut to {len}");
    }
}

/// Every crash point of an append: the entry torn after any of its bytes, or whole but not
/// yet counted.
fn crash_points() -> impl Iterator<Item = AppendCrash> {
    (0..ENTRY_LEN)
        .map(AppendCrash::TornEntry)
        .chain([AppendCrash::BeforeCount])
}

/// A process killed at any point of an append (the crash points of `faults.rs`; the log is
/// dropped there and never used again, as a kill leaves it) leaves no damage: the next open
/// finds none and every append that returned. And the appends that returned stay guarded: a
/// cut into any of them is still damage.
#[test]
fn a_kill_at_any_point_of_an_append_is_no_damage() {
    for crash in crash_points() {
        for returned in 0..3u64 {
            let case = format!("{crash:?} after {returned} appends");
            let dir = tempfile::tempdir().unwrap();
            log_with(dir.path(), &[ack(9, 1, 0)]);
            {
                let (log, _) = AckLog::open(dir.path()).unwrap(); // compacted: one entry
                for version in 1..=returned {
                    log.append(ack(1, version, version)).unwrap();
                }
                log.crash_next_append(crash);
                let killed = log.append(ack(1, returned + 1, returned + 1));
                assert!(killed.is_err(), "{case}");
            }
            let bytes = std::fs::read(file_of(dir.path())).unwrap();
            let parsed = read_log(&bytes);
            assert_eq!(parsed.damage, None, "{case}");
            let latest = parsed.entries.get(&1).map_or(0, |e| e.ack.version);
            assert!(
                latest >= returned,
                "{case}: an acknowledged append is missing"
            );
            let acknowledged = HEADER_LEN + (1 + returned as usize) * ENTRY_LEN;
            for len in 0..acknowledged {
                assert!(
                    read_log(&bytes[..len]).damage.is_some(),
                    "{case}: a cut to {len} bytes went unnoticed"
                );
            }
            let history = reopen(dir.path());
            assert_eq!(history.damage, None, "{case}: at the next open");
            assert_eq!(history.latest[&9], ack(9, 1, 0), "{case}");
        }
    }
}

/// An append that fails half-way while the process goes on (a full disk) is written over by
/// the next one, and a count that failed to be written is caught up by the next: the file
/// stays whole, counted and guarded.
#[test]
fn a_failed_append_is_made_good_by_the_next() {
    for crash in crash_points() {
        let dir = tempfile::tempdir().unwrap();
        log_with(dir.path(), &[]);
        let (log, _) = AckLog::open(dir.path()).unwrap();
        log.append(ack(1, 1, 1)).unwrap();
        log.crash_next_append(crash);
        assert!(log.append(ack(1, 2, 2)).is_err());
        log.append(ack(1, 3, 3)).unwrap();
        let bytes = std::fs::read(file_of(dir.path())).unwrap();
        let parsed = read_log(&bytes);
        assert_eq!(parsed.damage, None, "{crash:?}");
        assert!(!parsed.torn_tail, "{crash:?}");
        assert_eq!(parsed.entries[&1].ack, ack(1, 3, 3), "{crash:?}");
        for len in 0..bytes.len() {
            assert!(
                read_log(&bytes[..len]).damage.is_some(),
                "{crash:?}: cut to {len}"
            );
        }
    }
}

/// The cost of one append, for the figures in the commit messages (not a check: timings
/// depend on the machine). `cargo test --release --lib store::ack_log::tests::append_cost --
/// --ignored --nocapture`
#[test]
#[ignore]
fn append_cost() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = AckLog::open(dir.path()).unwrap();
    log.resolve().unwrap();
    // Below the compaction threshold, so every append is one entry written.
    let appends = SLACK_ENTRIES as u64;
    for round in 0..5u64 {
        let started = std::time::Instant::now();
        for n in 0..appends {
            let version = round * appends + n + 1;
            log.append(ack(n % 8, version, version)).unwrap();
        }
        let per = started.elapsed() / appends as u32;
        eprintln!("round {round}: {appends} appends, {per:?} per append");
        log.compact(&mut log.lock()).unwrap();
    }
}
