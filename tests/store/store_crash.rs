//! Crash test of the store alone: a child process appends actions (and rewrites snapshots),
//! printing each index only after `append_action` returned; the parent SIGKILLs it at random
//! moments, reopens, and checks every acknowledged action is present and intact.

use crate::store_support;

use std::collections::BTreeMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use catan_bot::store::{GameId, SledStore, Store};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use store_support::*;

const CHILD_DIR_ENV: &str = "CATAN_STORE_CRASH_CHILD_DIR";
const CHILD_TEST: &str = "crash_child_appends_forever";
const GAMES: GameId = 8;
/// Writer threads in the child; each owns the games with `game % WRITER_THREADS == thread`.
const WRITER_THREADS: GameId = 4;
/// The child rewrites a game's snapshot every this many actions (dropping the log it covers).
const SNAPSHOT_EVERY: u64 = 20;
const KILL_CYCLES: usize = 40;
/// Half the kills land uniformly in this window after spawning: during start-up, open or
/// appending, depending on how loaded the machine is.
const MAX_KILL_DELAY_MS: u64 = 150;
/// The other half land uniformly in this window after the first acknowledged append.
const MAX_KILL_DELAY_WHILE_WRITING_MS: u64 = 60;

/// Child side: resumes every game where the store says it is and appends forever.
#[test]
fn crash_child_appends_forever() {
    let Ok(dir) = std::env::var(CHILD_DIR_ENV) else {
        return; // Not the child: nothing to do.
    };
    let store = match SledStore::open(&dir) {
        Ok(store) => store,
        Err(e) => {
            println!("FAIL open: {e}");
            return;
        }
    };
    let mut next = match store.load_all() {
        Ok(games) => action_counts(&games),
        Err(e) => {
            println!("FAIL load_all: {e}");
            return;
        }
    };
    for game in 0..GAMES {
        if let std::collections::btree_map::Entry::Vacant(slot) = next.entry(game) {
            if let Err(e) = store.put_meta(game, &meta_bytes(game)) {
                println!("FAIL put_meta: {e}");
                return;
            }
            slot.insert(0);
        }
    }
    // One thread per group of games, like concurrent tables, so concurrent writers share
    // flushes (group commit) while being killed.
    let store = std::sync::Arc::new(store);
    let writers: Vec<_> = (0..WRITER_THREADS)
        .map(|thread| {
            let store = store.clone();
            let mut mine: Vec<(GameId, u64)> = next
                .iter()
                .filter(|(game, _)| *game % WRITER_THREADS == thread)
                .map(|(game, count)| (*game, *count))
                .collect();
            std::thread::spawn(move || append_forever(&*store, &mut mine))
        })
        .collect();
    for writer in writers {
        writer.join().ok();
    }
}

/// Appends to each game in turn, acknowledging each action, with a snapshot every
/// `SNAPSHOT_EVERY` actions. Returns only on a failure (printed).
fn append_forever(store: &dyn Store, games: &mut [(GameId, u64)]) {
    loop {
        for (game, next) in games.iter_mut() {
            let (game, index) = (*game, *next);
            if let Err(e) = store.append_action(game, index, &action_bytes(game, index)) {
                println!("FAIL append: {e}");
                return;
            }
            println!("{ACK} {game} {index}");
            *next = index + 1;
            if (index + 1) % SNAPSHOT_EVERY == 0 {
                let upto = index + 1;
                if let Err(e) = store.put_snapshot(game, upto, &snapshot_bytes(game, upto)) {
                    println!("FAIL snapshot: {e}");
                    return;
                }
            }
        }
    }
}

#[test]
fn acknowledged_actions_survive_random_kills() {
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    println!("crash test seed {seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let dir_text = dir.path().to_str().unwrap().to_owned();

    let mut acked: Vec<(GameId, u64)> = Vec::new();
    let mut previous: BTreeMap<GameId, u64> = BTreeMap::new();
    let mut kills_after_acks = 0;
    let mut repaired_opens = 0;
    for cycle in 0..KILL_CYCLES {
        let mut child = spawn_child(
            &test_path(module_path!(), CHILD_TEST),
            &[(CHILD_DIR_ENV, &dir_text)],
        );
        let (reader, first_ack) = collect_acks(child.stdout.take().unwrap());
        if cycle % 2 == 0 {
            // Anywhere from start-up (process launch, sled open, load) to mid-writing.
            std::thread::sleep(Duration::from_millis(rng.gen_range(0..=MAX_KILL_DELAY_MS)));
        } else {
            // Surely while writing, however slow start-up is on a loaded machine.
            // A signal, not a timeout: the reader sends it on the first acknowledgement (or
            // hangs up if the child exits without writing, which the report then explains).
            if first_ack.recv().is_err() {
                child.wait().ok();
                let report = reader.join().unwrap();
                panic!(
                    "cycle {cycle}: the child never wrote: {:?}",
                    report.failures
                );
            }
            std::thread::sleep(Duration::from_millis(
                rng.gen_range(0..=MAX_KILL_DELAY_WHILE_WRITING_MS),
            ));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let report = reader.join().unwrap();
        assert!(
            report.failures.is_empty(),
            "seed {seed} cycle {cycle}: child failed: {:?}",
            report.failures
        );
        if !report.acked.is_empty() {
            kills_after_acks += 1;
        }
        acked.extend(report.acked);

        let store = SledStore::open(dir.path())
            .unwrap_or_else(|e| panic!("seed {seed} cycle {cycle}: reopen failed: {e}"));
        if !store.repaired_files().is_empty() {
            repaired_opens += 1;
        }
        let counts = verify_store(&store, &acked);
        // What one reopen found durable must never disappear later.
        for (game, count) in &previous {
            let now = counts.get(game).copied().unwrap_or(0);
            assert!(
                now >= *count,
                "seed {seed} cycle {cycle}: game {game} went back from {count} to {now} actions"
            );
        }
        previous = counts;
    }
    println!(
        "crash test: {KILL_CYCLES} kills, {kills_after_acks} after acknowledged writes, {} \
         acknowledged actions all present, {repaired_opens} opens needed a repair",
        acked.len()
    );
    // By construction (every odd cycle waits for the first acknowledgement), not by luck.
    assert!(kills_after_acks >= KILL_CYCLES / 2);
}
