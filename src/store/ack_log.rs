//! The acknowledgement log: a small file beside sled's files, outside sled's log, where the store
//! notes `(game, version, actions)` once a write is durable and before it returns.
//!
//! Why: when sled meets a damaged message in its log it cuts recovery short there and hands
//! back an older, self-consistent state, with no error (sled 0.34.7 `LogIter`). Only a witness
//! outside that log can tell such a roll-back from an intact game: a game whose head (see
//! `envelope.rs`) is behind its last acknowledged write has lost acknowledged writes.
//!
//! The log is written after sled's flush, so a killed process leaves it behind sled, never
//! ahead: "sled has less than the log says" always means damage (or a power loss within sled's
//! fsync interval, which loses acknowledged writes too). Entries are 28 bytes, each appended
//! with one `write`: game, version, actions (u64 LE each), then the crc32 of those 24 bytes.
//! The log is compacted to one entry per game at every open, and while running whenever it
//! holds many more entries than games.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use super::GameId;

pub const FILE_NAME: &str = "catan-acks";
const ENTRY_LEN: usize = 28;

/// One acknowledged write: after it, `game` was at version `version` with `actions` actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ack {
    pub game: GameId,
    pub version: u64,
    pub actions: u64,
}

impl Ack {
    fn encode(&self) -> [u8; ENTRY_LEN] {
        let mut entry = [0u8; ENTRY_LEN];
        entry[..8].copy_from_slice(&self.game.to_le_bytes());
        entry[8..16].copy_from_slice(&self.version.to_le_bytes());
        entry[16..24].copy_from_slice(&self.actions.to_le_bytes());
        let crc = crc32fast::hash(&entry[..24]);
        entry[24..].copy_from_slice(&crc.to_le_bytes());
        entry
    }

    fn decode(entry: &[u8]) -> Option<Ack> {
        let word = |range: std::ops::Range<usize>| -> Option<u64> {
            Some(u64::from_le_bytes(entry.get(range)?.try_into().ok()?))
        };
        let crc = u32::from_le_bytes(entry.get(24..ENTRY_LEN)?.try_into().ok()?);
        (crc32fast::hash(entry.get(..24)?) == crc).then_some(Ack {
            game: word(0..8)?,
            version: word(8..16)?,
            actions: word(16..24)?,
        })
    }
}

/// What the log said when the store opened.
#[derive(Debug, Default)]
pub struct AckHistory {
    /// The latest acknowledged write of every game the log knows.
    pub latest: BTreeMap<GameId, Ack>,
    /// Entries that failed their checksum (the log itself was damaged).
    pub damaged_entries: usize,
    /// There was no log file.
    pub missing: bool,
}

/// Entries the file may hold beyond one per game before it is compacted while running.
const SLACK_ENTRIES: usize = 16_384;

/// The open log, appended to by every acknowledged write.
pub struct AckLog {
    dir: PathBuf,
    path: PathBuf,
    state: Mutex<Appender>,
}

struct Appender {
    file: File,
    /// The latest entry per game (what a compaction writes).
    latest: BTreeMap<GameId, Ack>,
    /// Entries in the file now.
    entries: usize,
}

impl AckLog {
    /// Reads the log in `dir` and rewrites it compacted, then opens it for appending.
    pub fn open(dir: &Path) -> io::Result<(AckLog, AckHistory)> {
        let path = dir.join(FILE_NAME);
        let history = match std::fs::read(&path) {
            Ok(bytes) => read_entries(&bytes),
            Err(e) if e.kind() == io::ErrorKind::NotFound => AckHistory {
                missing: true,
                ..AckHistory::default()
            },
            Err(e) => return Err(e),
        };
        let compacted = write_compacted(dir, &history.latest);
        if let Err(e) = &compacted {
            // Not fatal (e.g. a full disk): appending to the old log keeps it correct.
            tracing::warn!(file = %path.display(), error = %e, "could not compact the acknowledgement log");
        }
        let file = OpenOptions::new().append(true).create(true).open(&path)?;
        let entries = (file.metadata()?.len() as usize).div_ceil(ENTRY_LEN);
        let log = AckLog {
            dir: dir.to_path_buf(),
            path,
            state: Mutex::new(Appender {
                file,
                latest: history.latest.clone(),
                entries,
            }),
        };
        Ok((log, history))
    }

    /// Notes one acknowledged write (one `write` call: a killed process leaves it whole or
    /// absent). Compacts the file now and then, so it stays about one entry per game.
    pub fn append(&self, ack: Ack) -> io::Result<()> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.file.write_all(&ack.encode())?;
        state.entries += 1;
        let latest = state.latest.entry(ack.game).or_insert(ack);
        if ack.version > latest.version {
            *latest = ack;
        }
        if state.entries > state.latest.len() + SLACK_ENTRIES {
            write_compacted(&self.dir, &state.latest)?;
            state.file = OpenOptions::new().append(true).open(&self.path)?;
            state.entries = state.latest.len();
        }
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Replaces the log with one entry per game, atomically: a temporary file renamed over it.
fn write_compacted(dir: &Path, latest: &BTreeMap<GameId, Ack>) -> io::Result<()> {
    let path = dir.join(FILE_NAME);
    let compacted: Vec<u8> = latest.values().flat_map(Ack::encode).collect();
    let temporary = dir.join(format!("{FILE_NAME}.tmp"));
    let written = File::create(&temporary).and_then(|mut file| {
        file.write_all(&compacted)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temporary, &path)) {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    sync_dir(dir);
    Ok(())
}

fn read_entries(bytes: &[u8]) -> AckHistory {
    let mut history = AckHistory::default();
    // A trailing partial entry can only come from a host crash mid-append: nothing to read.
    for entry in bytes.chunks_exact(ENTRY_LEN) {
        match Ack::decode(entry) {
            Some(ack) => {
                let latest = history.latest.entry(ack.game).or_insert(ack);
                if ack.version > latest.version {
                    *latest = ack;
                }
            }
            None => history.damaged_entries += 1,
        }
    }
    history
}

/// Makes a rename durable (best effort: not every platform can open a directory).
fn sync_dir(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ack(game: GameId, version: u64, actions: u64) -> Ack {
        Ack {
            game,
            version,
            actions,
        }
    }

    #[test]
    fn keeps_the_latest_write_per_game_and_compacts() {
        let dir = tempfile::tempdir().unwrap();
        {
            let (log, history) = AckLog::open(dir.path()).unwrap();
            assert!(history.missing);
            // Concurrent writers may append out of order: the highest version wins.
            for a in [ack(1, 1, 0), ack(1, 3, 2), ack(2, 1, 0), ack(1, 2, 1)] {
                log.append(a).unwrap();
            }
        }
        let (_log, history) = AckLog::open(dir.path()).unwrap();
        assert!(!history.missing);
        assert_eq!(history.damaged_entries, 0);
        assert_eq!(
            history.latest.values().copied().collect::<Vec<_>>(),
            [ack(1, 3, 2), ack(2, 1, 0)]
        );
        let size = std::fs::metadata(dir.path().join(FILE_NAME)).unwrap().len();
        assert_eq!(
            size,
            2 * ENTRY_LEN as u64,
            "compacted to one entry per game"
        );
    }

    #[test]
    fn a_long_run_compacts_the_file_as_it_goes() {
        let dir = tempfile::tempdir().unwrap();
        let (log, _) = AckLog::open(dir.path()).unwrap();
        let writes = 3 * SLACK_ENTRIES as u64;
        for version in 1..=writes {
            log.append(ack(version % 3, version, version)).unwrap();
        }
        let size = std::fs::metadata(dir.path().join(FILE_NAME)).unwrap().len();
        assert!(
            size <= ((SLACK_ENTRIES + 4) * ENTRY_LEN) as u64,
            "{size} bytes"
        );
        drop(log);
        let (_, history) = AckLog::open(dir.path()).unwrap();
        // `writes` is a multiple of 3: game 0 wrote last.
        let latest: Vec<(GameId, u64)> = history
            .latest
            .values()
            .map(|a| (a.game, a.version))
            .collect();
        assert_eq!(latest, [(0, writes), (1, writes - 2), (2, writes - 1)]);
    }

    #[test]
    fn damaged_entries_are_counted_and_a_torn_tail_ignored() {
        let mut bytes: Vec<u8> = [ack(1, 5, 9), ack(2, 7, 3), ack(3, 1, 0)]
            .iter()
            .flat_map(Ack::encode)
            .collect();
        bytes[ENTRY_LEN + 10] ^= 0x04;
        bytes.extend_from_slice(&ack(4, 1, 1).encode()[..11]);
        let history = read_entries(&bytes);
        assert_eq!(history.damaged_entries, 1);
        assert_eq!(history.latest.keys().copied().collect::<Vec<_>>(), [1, 3]);
    }
}
