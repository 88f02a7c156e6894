//! sled 0.34.7 can be left unopenable by a kill during `open` (a half-written
//! `snap.*.generating` file, STORE-NOTES.md). These tests reproduce that and show that
//! `SledStore::open` repairs it with every acknowledged record intact. The reproduction is by
//! construction (a truncated or empty `.generating` file); the kill loop asserts only what holds
//! for every kill, whatever the machine's speed.

use crate::store_support;

use std::path::Path;
use std::time::{Duration, Instant};

use catan_bot::store::repair::is_valid_sled_snapshot;
use catan_bot::store::{GameId, SledStore, Store};
use store_support::*;

/// Set in the child process: the data directory it opens in a loop.
const CHILD_DIR_ENV: &str = "CATAN_STORE_REPAIR_CHILD_DIR";
const CHILD_TEST: &str = "repair_child_opens_in_a_loop";
/// Games the child appends to between opens (so every open has a new sled snapshot to write).
const CHILD_GAMES: GameId = 5;
const KILL_CYCLES: usize = 24;

fn populate(dir: &Path, games: GameId, actions: u64) {
    let store = SledStore::open(dir).unwrap();
    for game in 0..games {
        store.put_meta(game, &meta_bytes(game)).unwrap();
        for index in 0..actions {
            store
                .append_action(game, index, &action_bytes(game, index))
                .unwrap();
        }
    }
}

/// sled's completed snapshot files (`snap.<lsn>`).
fn finished_snapshot_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("snap.") && !n.ends_with(".generating"))
        .collect();
    names.sort();
    names
}

/// True if plain sled (no repair) fails to open a copy of `dir` with a corruption error.
fn plain_sled_fails_on_copy(dir: &Path) -> bool {
    let scratch = tempfile::tempdir().unwrap();
    copy_dir(dir, scratch.path());
    matches!(
        sled::open(scratch.path()),
        Err(sled::Error::Corruption { .. })
    )
}

#[test]
fn truncated_or_empty_generating_snapshot_is_removed_and_open_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    populate(dir.path(), 4, 30);
    // Reopen so sled writes a complete snapshot, then add records after it.
    {
        let store = SledStore::open(dir.path()).unwrap();
        store.put_meta(10, &meta_bytes(10)).unwrap();
        store.append_action(10, 0, &action_bytes(10, 0)).unwrap();
    }
    for truncate_to_half in [true, false] {
        // What a kill during the next open leaves: the new snapshot's file, created but not
        // (fully) written. Its name sorts after the newest complete one, so sled picks it.
        let latest = finished_snapshot_files(dir.path())
            .pop()
            .expect("sled wrote a snapshot on reopen");
        let valid = std::fs::read(dir.path().join(&latest)).unwrap();
        assert!(
            is_valid_sled_snapshot(&valid),
            "our check accepts sled's own file"
        );
        let damaged = if truncate_to_half {
            &valid[..valid.len() / 2]
        } else {
            &[][..]
        };
        let generating = format!("{latest}.generating");
        std::fs::write(dir.path().join(&generating), damaged).unwrap();
        assert!(
            plain_sled_fails_on_copy(dir.path()),
            "without repair sled must refuse this directory (the failure we defend against)"
        );

        let store = SledStore::open(dir.path()).expect("repair makes the open succeed");
        assert_eq!(store.repaired_files(), [dir.path().join(&generating)]);
        let mut acked: Vec<(GameId, u64)> =
            (0..4).flat_map(|g| (0..30).map(move |i| (g, i))).collect();
        acked.push((10, 0));
        let counts = verify_store(&store, &acked);
        assert_eq!(counts.len(), 5);
        drop(store);
        assert!(!dir.path().join(&generating).exists());
    }
}

#[test]
fn valid_generating_snapshot_is_left_for_sled() {
    let dir = tempfile::tempdir().unwrap();
    populate(dir.path(), 2, 10);
    drop(SledStore::open(dir.path()).unwrap());
    let latest = finished_snapshot_files(dir.path()).pop().unwrap();
    // Killed after the write but before the rename: the file is complete and sled can use it.
    std::fs::copy(
        dir.path().join(&latest),
        dir.path().join(format!("{latest}.generating")),
    )
    .unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    assert!(store.repaired_files().is_empty());
    let acked: Vec<_> = (0..2).flat_map(|g| (0..10).map(move |i| (g, i))).collect();
    verify_store(&store, &acked);
}

/// Child side of the kill test: opens the store, appends one action to each game, closes,
/// and again, forever (until killed). Every open after a write makes sled write a snapshot.
#[test]
fn repair_child_opens_in_a_loop() {
    let Ok(dir) = std::env::var(CHILD_DIR_ENV) else {
        return; // Not the child: nothing to do.
    };
    loop {
        let store = match SledStore::open(&dir) {
            Ok(store) => store,
            Err(e) => {
                println!("FAIL open: {e}");
                return;
            }
        };
        let counts = match store.load_all() {
            Ok(games) => action_counts(&games),
            Err(e) => {
                println!("FAIL load_all: {e}");
                return;
            }
        };
        for game in 0..CHILD_GAMES {
            let index = counts.get(&game).copied().unwrap_or(0);
            if index == 0 && store.put_meta(game, &meta_bytes(game)).is_err() {
                println!("FAIL put_meta");
                return;
            }
            if let Err(e) = store.append_action(game, index, &action_bytes(game, index)) {
                println!("FAIL append: {e}");
                return;
            }
            println!("{ACK} {game} {index}");
        }
    }
}

/// How a cycle decides when to SIGKILL the child.
#[derive(Clone, Copy, Debug)]
enum KillAim {
    /// Poll the directory as fast as possible; kill as soon as a new `.generating` file shows.
    /// The kill usually lands after sled's single `write` of the file (so the file is complete).
    FirstSight,
    /// Freeze the child (SIGSTOP) at random instants and look at its files; kill it while
    /// frozen the first time a new `.generating` file is still empty or partial: the exact state
    /// a kill between sled's `open` and its `write` leaves (the moment STORE-NOTES measured).
    FrozenWhileDamaged,
}

#[derive(Debug, Default)]
struct KillStats {
    cycles: usize,
    /// Kills made with a new `.generating` file present.
    killed_while_generating: usize,
    /// Cycles whose kill left a new `.generating` file behind.
    left_generating_file: usize,
    /// ... of which the file fails sled's check.
    left_damaged_file: usize,
    /// ... of which plain sled (no repair) refuses to open a copy of the directory.
    plain_sled_would_not_open: usize,
    /// Reopens where `SledStore::open` removed a file.
    repaired_opens: usize,
    acknowledged: usize,
}

/// Stops `pid` and waits until it is stopped. False if it exited instead.
fn freeze(pid: libc::pid_t) -> bool {
    // SAFETY: plain syscalls on our own child's pid; `status` is a valid out-pointer.
    unsafe {
        if libc::kill(pid, libc::SIGSTOP) != 0 {
            return false;
        }
        let mut status = 0;
        loop {
            if libc::waitpid(pid, &mut status, libc::WUNTRACED) != pid {
                return false;
            }
            if libc::WIFSTOPPED(status) {
                return true;
            }
            if libc::WIFEXITED(status) || libc::WIFSIGNALED(status) {
                return false;
            }
        }
    }
}

fn thaw(pid: libc::pid_t) {
    // SAFETY: plain syscall on our own child's pid.
    unsafe {
        libc::kill(pid, libc::SIGCONT);
    }
}

/// True if one of the `.generating` files not in `before` fails sled's check right now.
fn new_damaged_generating(dir: &Path, before: &[String]) -> bool {
    generating_files(dir)
        .iter()
        .filter(|name| !before.contains(name))
        .any(|name| {
            std::fs::read(dir.join(name)).is_ok_and(|bytes| !is_valid_sled_snapshot(&bytes))
        })
}

/// Runs one child until the kill `aim` chooses (or a timeout) and returns its report.
fn kill_cycle(
    dir: &Path,
    aim: KillAim,
    seed: &mut u64,
    stats: &mut KillStats,
) -> (ChildReport, Vec<String>) {
    let dir_text = dir.to_str().unwrap();
    let mut child = spawn_child(
        &test_path(module_path!(), CHILD_TEST),
        &[(CHILD_DIR_ENV, dir_text)],
    );
    let (reader, _) = collect_acks(child.stdout.take().unwrap());
    let deadline = Instant::now() + Duration::from_secs(4);
    // A complete `.generating` file left by an earlier kill can stay (sled only cleans up
    // when it writes its next snapshot); only a new one means sled is writing right now.
    let already_there = generating_files(dir);
    let is_new = |name: &String| !already_there.contains(name);
    match aim {
        KillAim::FirstSight => loop {
            if generating_files(dir).iter().any(is_new) {
                child.kill().unwrap();
                stats.killed_while_generating += 1;
                break;
            }
            if child.try_wait().unwrap().is_some() || Instant::now() > deadline {
                child.kill().ok();
                break;
            }
        },
        KillAim::FrozenWhileDamaged => {
            let pid = child.id() as libc::pid_t;
            loop {
                // Let the child run a random 0-255 µs, then freeze it and look.
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                let run_for = Duration::from_micros(*seed % 256);
                let resumed = Instant::now();
                while resumed.elapsed() < run_for {
                    std::hint::spin_loop();
                }
                if !freeze(pid) {
                    break; // exited: the report will say why
                }
                if new_damaged_generating(dir, &already_there) {
                    child.kill().unwrap(); // SIGKILL works on a stopped process
                    stats.killed_while_generating += 1;
                    break;
                }
                if Instant::now() > deadline {
                    child.kill().ok();
                    break;
                }
                thaw(pid);
            }
        }
    }
    child.wait().ok();
    (reader.join().unwrap(), already_there)
}

#[test]
fn killed_while_opening_reopens_with_every_record() {
    let dir = tempfile::tempdir().unwrap();
    // A populated database, so sled's snapshot has some size.
    populate(dir.path(), 40, 25);
    let mut acked: Vec<(GameId, u64)> =
        (0..40).flat_map(|g| (0..25).map(move |i| (g, i))).collect();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut first_sight = KillStats::default();
    let mut frozen = KillStats::default();

    for cycle in 0..KILL_CYCLES {
        let (aim, stats) = if cycle % 2 == 0 {
            (KillAim::FirstSight, &mut first_sight)
        } else {
            (KillAim::FrozenWhileDamaged, &mut frozen)
        };
        let (report, already_there) = kill_cycle(dir.path(), aim, &mut seed, stats);
        assert!(
            report.failures.is_empty(),
            "cycle {cycle} ({aim:?}): child failed: {:?}",
            report.failures
        );
        stats.cycles += 1;
        stats.acknowledged += report.acked.len();
        acked.extend(report.acked);

        let left: Vec<_> = generating_files(dir.path())
            .into_iter()
            .filter(|name| !already_there.contains(name))
            .collect();
        if !left.is_empty() {
            stats.left_generating_file += 1;
            let damaged = left.iter().any(|name| {
                let bytes = std::fs::read(dir.path().join(name)).unwrap_or_default();
                !is_valid_sled_snapshot(&bytes)
            });
            if damaged {
                stats.left_damaged_file += 1;
                if plain_sled_fails_on_copy(dir.path()) {
                    stats.plain_sled_would_not_open += 1;
                }
            }
        }

        let store = SledStore::open(dir.path()).unwrap_or_else(|e| {
            panic!("cycle {cycle} ({aim:?}): reopen after kill failed: {e}; {stats:?}")
        });
        if !store.repaired_files().is_empty() {
            stats.repaired_opens += 1;
        }
        verify_store(&store, &acked);
    }

    // How often the kills hit sled's snapshot window depends on the machine's speed, so these
    // are reported, not asserted; the damaged state itself is reproduced by construction in
    // `truncated_or_empty_generating_snapshot_is_removed_and_open_succeeds`. What this test
    // asserts holds for every kill: each reopen succeeded with every acknowledged record.
    println!("kill-during-open, first sight: {first_sight:?}");
    println!("kill-during-open, frozen while damaged: {frozen:?}");
    assert_eq!(first_sight.cycles + frozen.cycles, KILL_CYCLES);
}
