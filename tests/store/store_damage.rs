//! Damage is never silent. A real game is stored (with a restart half-way, so sled has a
//! snapshot and a log after it); then bits are flipped, and files truncated, at many offsets of
//! the stored records, and the table is opened on each damaged copy. Every case must end in one
//! of three ways:
//! - the game resumes exactly as it was at its last move, with no notice (the damage hit bytes
//!   nothing reads);
//! - the game resumes at an earlier move N, exactly as it was after move N, with a public notice
//!   in its place naming move N as the last verified one;
//! - the game resumes at move N (its last, or an earlier one), exactly as it was after move N,
//!   with a public notice that the acknowledgement log, which would show lost moves, was
//!   missing or damaged (damage in `catan-acks` itself);
//! - the store or the game is refused with a clear error.
//!
//! Never: a game resumed at an earlier move without a notice, or in a state it never had. And a
//! notice is repeated at the next start, until the game's next move. That holds for damage in
//! both at once too: `catan-acks` cut short at any byte with sled's files rolled back.

use crate::store_host;
use crate::store_support;
use crate::table_support;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use catan_bot::store::{ACK_LOG_FILE, GameId, SledStore, Store};
use catan_bot::table::Table;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use store_host::{Host, PLACE};
use store_support::copy_dir;
use table_support::{assert_no_refusal, quiet_options};

/// Moves before the restart, and in all (not a multiple of the snapshot interval, 25, so the
/// latest moves are in the log).
const MOVES_BEFORE_RESTART: usize = 70;
const MOVES: usize = 160;

/// A stored game and its state after every move.
struct Fixture {
    dir: tempfile::TempDir,
    /// The data directory as it was at the restart (after move 70).
    at_restart: tempfile::TempDir,
    game: GameId,
    /// `states[k]`: the serialized game after `k` moves.
    states: Vec<Vec<u8>>,
}

fn build_fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let at_restart = tempfile::tempdir().unwrap();
    let mut host = Host::start(Box::new(SledStore::open(dir.path()).unwrap()), 5);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut states = vec![host.state()];
    for n in 1..=MOVES {
        if n == MOVES_BEFORE_RESTART + 1 {
            let game = host.game;
            drop(host);
            catan_bot::store::wait_until_free(dir.path()).unwrap();
            copy_dir(dir.path(), at_restart.path());
            host = Host::reopen(Box::new(SledStore::open(dir.path()).unwrap()), game);
        }
        host.step(&mut rng);
        states.push(host.state());
    }
    let game = host.game;
    drop(host);
    Fixture {
        dir,
        at_restart,
        game,
        states,
    }
}

/// How the table came back from a damaged copy.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    Intact,
    ResumedAfter(u64),
    /// Resumed after this move, told that lost moves cannot be ruled out.
    Unverified(u64),
    Refused(String),
}

impl Fixture {
    /// Opens the table on `dir` (a damaged copy) twice and checks the outcome is one of the
    /// allowed, and the same at the second start: a notice is told again.
    fn open_copy(&self, dir: &Path, case: &str) -> Outcome {
        let first = self.open_once(dir, case);
        let second = self.open_once(dir, &format!("{case}, second start"));
        assert_eq!(first, second, "{case}: the second start differs");
        first
    }

    /// Opens the table on `dir` once and checks the outcome is one of the allowed.
    fn open_once(&self, dir: &Path, case: &str) -> Outcome {
        let opened = catch_unwind(AssertUnwindSafe(|| {
            let store = SledStore::open(dir).map_err(|e| e.to_string())?;
            Table::open(Box::new(store) as Box<dyn Store>, quiet_options())
                .map_err(|e| e.to_string())
        }));
        let table = match opened {
            Err(_) => panic!("{case}: opening damaged data panicked"),
            Ok(Err(error)) => {
                assert!(
                    error.contains("damaged") || error.contains("storage error"),
                    "{case}: unclear refusal: {error}"
                );
                return Outcome::Refused(error);
            }
            Ok(Ok(table)) => table,
        };
        if let Some(problem) = table.load_problems().iter().find(|p| p.game == self.game) {
            return Outcome::Refused(problem.reason.clone());
        }
        let Some(state) = table.game_state(self.game) else {
            panic!("{case}: the game is gone without a word");
        };
        let moves = state.version();
        let serialized = bincode::serialize(state).unwrap();
        let notice = table
            .startup_notices()
            .iter()
            .find(|n| n.game == Some(self.game));
        match notice {
            None => {
                assert_eq!(
                    moves as usize, MOVES,
                    "{case}: resumed after move {moves} of {MOVES} without a notice"
                );
                assert!(serialized == self.states[MOVES], "{case}: changed state");
                Outcome::Intact
            }
            Some(notice) => {
                let unverified = notice
                    .text
                    .contains("was missing or damaged, so lost moves");
                let named = if unverified {
                    format!("resumes after move {moves}, the last one stored")
                } else {
                    format!("resumes after move {moves}, the last verified")
                };
                assert!(
                    notice.text.contains(&named),
                    "{case}: the notice does not name move {moves}: {}",
                    notice.text
                );
                assert_eq!(
                    table.game_in(PLACE).map(|g| g.id),
                    Some(self.game),
                    "{case}"
                );
                assert!(
                    serialized == self.states[moves as usize],
                    "{case}: resumed after move {moves} in a state it never had"
                );
                if unverified {
                    Outcome::Unverified(moves)
                } else {
                    Outcome::ResumedAfter(moves)
                }
            }
        }
    }
}

/// Where to damage the fixture: `(file, offset)` every `step` bytes over sled's log file up to
/// a little past its last written byte (the rest is unused space), densely (every `fine` bytes)
/// over its last 4 KiB of records, and a few offsets in each of the other files.
fn offsets(dir: &Path, step: usize, fine: usize) -> Vec<(String, u64)> {
    let mut offsets = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().into_string().unwrap();
        if !entry.file_type().unwrap().is_file() {
            continue;
        }
        let bytes = std::fs::read(entry.path()).unwrap();
        let mut at: Vec<usize> = if name == "db" {
            let used = bytes
                .iter()
                .rposition(|&b| b != 0)
                .map_or(0, |last| last + 1);
            let mut at: Vec<usize> = (0..(used + 512).min(bytes.len())).step_by(step).collect();
            at.extend((used.saturating_sub(4096)..used).step_by(fine));
            at
        } else {
            (0..bytes.len())
                .step_by(bytes.len().div_ceil(6).max(1))
                .collect()
        };
        at.sort_unstable();
        at.dedup();
        offsets.extend(at.into_iter().map(|o| (name.clone(), o as u64)));
    }
    offsets
}

/// Prints how the cases ended; checks the detection path was taken at least once (damage in
/// the log written since sled's snapshot, the case that used to roll games back silently).
fn report(what: &str, outcomes: &[Outcome]) {
    let intact = outcomes.iter().filter(|o| **o == Outcome::Intact).count();
    let resumed = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::ResumedAfter(_)))
        .count();
    let unverified = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Unverified(_)))
        .count();
    let refused = outcomes.len() - intact - resumed - unverified;
    eprintln!(
        "{what}: {} cases: {intact} intact, {resumed} resumed at an earlier move with a notice, \
         {unverified} told the acknowledgement log was damaged, {refused} refused",
        outcomes.len()
    );
    assert!(
        resumed > 0,
        "{what}: no case reached the roll-back detection"
    );
}

/// Copies the fixture, lets `damage` change the file `file` of the copy, and opens it.
fn damaged_copy(fixture: &Fixture, file: &str, case: &str, damage: impl FnOnce(&Path)) -> Outcome {
    let copy = tempfile::tempdir().unwrap();
    copy_dir(fixture.dir.path(), copy.path());
    damage(&copy.path().join(file));
    fixture.open_copy(copy.path(), case)
}

fn flip_bit(path: &Path, offset: usize) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[offset] ^= 1 << (offset % 8);
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn flipped_bits_anywhere_are_reported_or_harmless() {
    let fixture = build_fixture();
    let outcomes: Vec<Outcome> = offsets(fixture.dir.path(), 601, 61)
        .into_iter()
        .map(|(file, offset)| {
            let case = format!("bit flip in {file} at {offset}");
            damaged_copy(&fixture, &file, &case, |path| {
                flip_bit(path, offset as usize)
            })
        })
        .collect();
    report("bit flips", &outcomes);
}

#[test]
fn truncated_files_are_reported_or_harmless() {
    let fixture = build_fixture();
    let outcomes: Vec<Outcome> = offsets(fixture.dir.path(), 1201, 127)
        .into_iter()
        .map(|(file, offset)| {
            let case = format!("{file} cut to {offset} bytes");
            damaged_copy(&fixture, &file, &case, |path| {
                let handle = std::fs::OpenOptions::new().write(true).open(path).unwrap();
                handle.set_len(offset).unwrap();
            })
        })
        .collect();
    report("truncations", &outcomes);
}

/// The auditor's case, aimed: a flipped bit inside the stored record of one of the latest
/// moves (in sled's log after its snapshot) resumes the game exactly before that move, saying
/// so. (sled cuts its recovery at the first damaged message; the acknowledgement log tells.)
#[test]
fn a_flipped_bit_in_a_recent_move_resumes_the_game_just_before_it() {
    let fixture = build_fixture();
    let scratch = tempfile::tempdir().unwrap();
    copy_dir(fixture.dir.path(), scratch.path());
    let stored = SledStore::open(scratch.path()).unwrap().load_all().unwrap();
    let game = stored.iter().find(|g| g.id == fixture.game).unwrap();
    assert_eq!(
        game.actions.len(),
        MOVES % 25,
        "the latest moves are logged"
    );
    let log = std::fs::read(fixture.dir.path().join("db")).unwrap();
    for (index, record) in &game.actions {
        let at = log
            .windows(record.len())
            .position(|w| w == record.as_slice())
            .expect("the move's record is in sled's log");
        let case = format!("bit flip in the record of move {}", index + 1);
        let outcome = damaged_copy(&fixture, "db", &case, |path| {
            flip_bit(path, at + record.len() / 2)
        });
        assert_eq!(outcome, Outcome::ResumedAfter(*index), "{case}");
    }
}

/// A record that sled hands back but that fails its own checksum (damage sled's checks do not
/// cover) refuses that game, with a public notice in its place and the reason in the log.
#[test]
fn a_record_failing_its_checksum_refuses_the_game_with_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = Host::start(Box::new(SledStore::open(dir.path()).unwrap()), 5);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..30 {
        host.step(&mut rng);
    }
    let game = host.game;
    drop(host);
    {
        // Move 28 (index 27, after the snapshot of 25): one flipped bit inside its value.
        catan_bot::store::wait_until_free(dir.path()).unwrap();
        let db = sled::open(dir.path()).unwrap();
        let mut key = vec![b'l'];
        key.extend_from_slice(&game.to_be_bytes());
        key.extend_from_slice(&27u64.to_be_bytes());
        let mut value = db.get(&key).unwrap().expect("move 28 is logged").to_vec();
        let last = value.len() - 1;
        value[last] ^= 0x20;
        db.insert(key, value).unwrap();
        db.flush().unwrap();
    }
    let table = Table::open(
        Box::new(SledStore::open(dir.path()).unwrap()),
        quiet_options(),
    )
    .expect("the other games would still load");
    assert!(
        table.game_in(PLACE).is_none(),
        "the damaged game is not resumed"
    );
    let problem = &table.load_problems()[0];
    assert_eq!(problem.game, game);
    assert!(
        problem.reason.contains("action 27 fails its checksum"),
        "{problem:?}"
    );
    let notice = &table.startup_notices()[0];
    assert!(
        notice.is_public() && notice.game == Some(game),
        "{notice:?}"
    );
    assert!(
        notice.text.contains("could not be resumed") && notice.text.contains("damaged"),
        "{}",
        notice.text
    );
}

/// The auditor's first case: the acknowledgement log missing and a recent move damaged in
/// sled's log. What was lost cannot be known any more, but the game does not resume at an
/// earlier move without a word, at the first start or the second.
#[test]
fn a_missing_ack_log_with_a_damaged_move_is_told_at_every_start() {
    let fixture = build_fixture();
    let log = std::fs::read(fixture.dir.path().join("db")).unwrap();
    let scratch = tempfile::tempdir().unwrap();
    copy_dir(fixture.dir.path(), scratch.path());
    let stored = SledStore::open(scratch.path()).unwrap().load_all().unwrap();
    let (index, record) = stored[0].actions.last().unwrap().clone();
    let at = log
        .windows(record.len())
        .position(|w| w == record.as_slice())
        .expect("the move's record is in sled's log");
    let copy = tempfile::tempdir().unwrap();
    copy_dir(fixture.dir.path(), copy.path());
    std::fs::remove_file(copy.path().join(ACK_LOG_FILE)).unwrap();
    flip_bit(&copy.path().join("db"), at + record.len() / 2);
    let outcome = fixture.open_copy(copy.path(), "log missing, move damaged");
    assert_eq!(outcome, Outcome::Unverified(index));
}

/// The notice of lost moves stands until the game moves on: told at the first and second
/// start, gone after the next move.
#[test]
fn a_roll_back_is_told_until_the_game_moves_on() {
    let fixture = build_fixture();
    let log = std::fs::read(fixture.dir.path().join("db")).unwrap();
    let scratch = tempfile::tempdir().unwrap();
    copy_dir(fixture.dir.path(), scratch.path());
    let stored = SledStore::open(scratch.path()).unwrap().load_all().unwrap();
    let (index, record) = stored[0].actions[2].clone();
    let at = log
        .windows(record.len())
        .position(|w| w == record.as_slice())
        .expect("the move's record is in sled's log");
    let copy = tempfile::tempdir().unwrap();
    copy_dir(fixture.dir.path(), copy.path());
    flip_bit(&copy.path().join("db"), at + record.len() / 2);
    let outcome = fixture.open_copy(copy.path(), "move damaged");
    assert_eq!(outcome, Outcome::ResumedAfter(index));
    let store = SledStore::open(copy.path()).unwrap();
    let mut host = Host::reopen(Box::new(store), fixture.game);
    let notice = &host.table.startup_notices()[0];
    assert!(
        notice
            .text
            .contains(&format!("moves {} to {MOVES} were lost", index + 1))
            && notice
                .text
                .contains("repeated at every start until the game's next move"),
        "{}",
        notice.text
    );
    host.step(&mut ChaCha8Rng::seed_from_u64(9));
    drop(host);
    let table = Table::open(
        Box::new(SledStore::open(copy.path()).unwrap()),
        quiet_options(),
    )
    .unwrap();
    assert!(
        table.startup_notices().is_empty(),
        "{:?}",
        table.startup_notices()
    );
    assert_eq!(table.game_state(fixture.game).unwrap().version(), index + 1);
}

/// A game whose every move was lost, back in its lobby, is named whole (not "recent joins or
/// settings may be lost"), at every start.
#[test]
fn a_game_back_in_its_lobby_names_the_whole_game_lost() {
    let dir = tempfile::tempdir().unwrap();
    let earlier = tempfile::tempdir().unwrap();
    let mut host = Host::reopen(Box::new(SledStore::open(dir.path()).unwrap()), 0);
    assert_no_refusal(&host.say(1, "new players 3 seed 5"), "new");
    for user in [2, 3] {
        assert_no_refusal(&host.say(user, "join"), "join");
    }
    let game = host.table.game_in(PLACE).unwrap().id;
    drop(host);
    copy_dir(dir.path(), earlier.path());
    let mut host = Host::reopen(Box::new(SledStore::open(dir.path()).unwrap()), game);
    assert_no_refusal(&host.say(1, "start"), "start");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..30 {
        host.step(&mut rng);
    }
    drop(host);
    std::fs::copy(
        dir.path().join(ACK_LOG_FILE),
        earlier.path().join(ACK_LOG_FILE),
    )
    .unwrap();
    for start in ["first", "second"] {
        let table = Table::open(
            Box::new(SledStore::open(earlier.path()).unwrap()),
            quiet_options(),
        )
        .unwrap();
        assert_eq!(
            table.game_in(PLACE).unwrap().version,
            None,
            "{start}: a lobby"
        );
        let notice = &table.startup_notices()[0];
        assert!(
            notice.is_public()
                && notice.text.contains(
                    "The whole game (30 moves) was lost: it is back in its lobby as last verified"
                ),
            "{start} start: {}",
            notice.text
        );
    }
}

/// The auditor's silent cases (issue 38, item 12): `catan-acks` cut short, at entry
/// boundaries and inside entries, with sled's database rolled back as well (its log cut, or
/// its files from the restart at move 70, as an old backup restored). The log's header used to
/// count only the entries of its last compaction, so a cut log read as a valid shorter one and
/// the game resumed at an earlier move with no notice at either start. Every case is reported.
#[test]
fn a_cut_ack_log_with_a_rolled_back_db_is_reported() {
    let fixture = build_fixture();
    let acks = std::fs::read(fixture.dir.path().join(ACK_LOG_FILE)).unwrap();
    let (header, entry) = (28, 44);
    let entries = (acks.len() - header) / entry;
    assert_eq!(acks.len(), header + entries * entry, "a whole log");
    assert!(
        entries > 40,
        "appended since the restart: {entries} entries"
    );
    let boundary = |k: usize| header + k * entry;
    let mut ack_cuts = vec![
        0,
        10,
        header,
        boundary(1),
        boundary(entries / 2),
        boundary(entries - 10),
        boundary(entries - 1),
        boundary(entries / 3) + 8,
        boundary(entries - 5) + 22,
        boundary(entries - 1) + 43,
        // The case (its log had 6,328 bytes after the cut: inside an entry).
        6_328.min(acks.len() - 1),
    ];
    ack_cuts.sort_unstable();
    ack_cuts.dedup();
    let db = std::fs::read(fixture.dir.path().join("db")).unwrap();
    let used = db.iter().rposition(|&b| b != 0).map_or(0, |last| last + 1);
    // sled's log cut: it recovers up to the cut, an older state.
    let db_cuts = [used - 300, used - 1_500, used - 4_000, used - used / 8];
    let mut outcomes = Vec::new();
    for &ack_len in &ack_cuts {
        for db_state in db_cuts.iter().map(Some).chain([None]) {
            let copy = tempfile::tempdir().unwrap();
            let case = match db_state {
                Some(db_len) => {
                    copy_dir(fixture.dir.path(), copy.path());
                    let db = std::fs::OpenOptions::new()
                        .write(true)
                        .open(copy.path().join("db"))
                        .unwrap();
                    db.set_len(*db_len as u64).unwrap();
                    format!("{ACK_LOG_FILE} cut to {ack_len} bytes, db to {db_len}")
                }
                None => {
                    copy_dir(fixture.at_restart.path(), copy.path());
                    std::fs::copy(
                        fixture.dir.path().join(ACK_LOG_FILE),
                        copy.path().join(ACK_LOG_FILE),
                    )
                    .unwrap();
                    format!("{ACK_LOG_FILE} cut to {ack_len} bytes, sled's files from move 70")
                }
            };
            let log = std::fs::OpenOptions::new()
                .write(true)
                .open(copy.path().join(ACK_LOG_FILE))
                .unwrap();
            log.set_len(ack_len as u64).unwrap();
            drop(log);
            let outcome = fixture.open_copy(copy.path(), &case);
            assert_ne!(outcome, Outcome::Intact, "{case}: not reported");
            outcomes.push(outcome);
        }
    }
    let earlier = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::ResumedAfter(m) | Outcome::Unverified(m) if (*m as usize) < MOVES))
        .count();
    eprintln!(
        "cut {ACK_LOG_FILE} × rolled-back db: {} cases (log at {:?} of {} bytes, db {used} bytes \
         used), all reported; {earlier} resumed at an earlier move",
        outcomes.len(),
        ack_cuts,
        acks.len()
    );
    assert!(earlier > 0, "no case rolled the game back");
}
