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
//! fsync interval, which loses acknowledged writes too).
//!
//! Being the only witness, the log must not be lost or damaged unnoticed either. Format 2:
//! - a header: magic `CATNACKS`, format (u32 LE), unresolved damage (u32 LE, see
//!   [`AckDamage`]), the number of entries in the file (u64 LE), crc32 of those 24 bytes.
//!   A file with fewer whole entries than its header counts was cut short;
//! - entries of 44 bytes: game, version, actions, then the game's pending notice
//!   (`resumed_at`, `acknowledged`; all ones for none / unknown), u64 LE each, then the crc32
//!   of those 40 bytes.
//!
//! A cut cannot remove the count: it is at the front, and every append rewrites it in place
//! once its entry is written (two writes, in that order; see [`AckLog::append`]). So a cut at
//! any byte, even between entries, leaves fewer entries than counted, or no whole header;
//! while a process killed at any point of an append leaves the count at or below the entries
//! (a partial entry past the count is a torn append, not damage). Only the entry of an append
//! that had not returned, so of a write not yet acknowledged, can be cut unnoticed. (A power
//! loss may write the count back before its entry: reported as a cut log, which it then is;
//! sled may have lost its last half second of writes too.)
//!
//! A pending notice is a loss the game's players are told of at every start until the game's
//! next move (`verify.rs` notes it; [`AckLog::append`] carries it on to later entries of the
//! game until an entry has more actions than the game resumed at).
//!
//! The file is compacted (one entry per game) at every open, and while running whenever it
//! holds many more entries than games. Damage found at open (the file missing, unreadable, cut
//! short, entries failing their checksum) stays marked in the compacted file's header until
//! the start-up checks have noted a notice for every game it concerns ([`AckLog::resolve`]),
//! so a kill in between cannot hide it. Format 1 (28-byte entries, no header) is read and
//! rewritten as format 2.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use thiserror::Error;

use super::GameId;

pub const FILE_NAME: &str = "catan-acks";
const MAGIC: [u8; 8] = *b"CATNACKS";
/// The format this build writes.
pub const FORMAT: u32 = 2;
pub(super) const HEADER_LEN: usize = 28;
pub(super) const ENTRY_LEN: usize = 44;
/// Format 1: game, version, actions, crc32; no header.
const OLD_ENTRY_LEN: usize = 28;
/// "None" / "unknown" in an entry's notice fields.
const NONE: u64 = u64::MAX;

/// One acknowledged write: after it, `game` was at version `version` with `actions` actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ack {
    pub game: GameId,
    pub version: u64,
    pub actions: u64,
}

/// A loss the players of a game are told of at every start until the game's next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The game resumed after this many actions when the loss was found; the notice stands
    /// while the game has no more.
    pub resumed_at: u64,
    /// Actions the game had at its last acknowledged write, or `None` when the log itself was
    /// missing or damaged (nobody knows what was lost).
    pub acknowledged: Option<u64>,
}

/// The latest acknowledged write of a game and its pending notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub ack: Ack,
    pub notice: Option<Notice>,
}

/// What was wrong with the log when the store opened (or at an earlier open, if the start-up
/// checks have not noted it yet). Codes are stored in the header.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
pub enum AckDamage {
    #[error("the acknowledgement log was missing")]
    Missing = 1,
    #[error("the acknowledgement log's header was damaged or of an unknown format")]
    Unreadable = 2,
    #[error("entries of the acknowledgement log failed their checksum")]
    DamagedEntries = 3,
    #[error("the acknowledgement log was cut short")]
    CutShort = 4,
}

impl AckDamage {
    fn from_code(code: u32) -> Option<Option<AckDamage>> {
        Some(match code {
            0 => None,
            1 => Some(AckDamage::Missing),
            2 => Some(AckDamage::Unreadable),
            3 => Some(AckDamage::DamagedEntries),
            4 => Some(AckDamage::CutShort),
            _ => return None,
        })
    }
}

impl Entry {
    fn plain(ack: Ack) -> Entry {
        Entry { ack, notice: None }
    }

    fn encode(&self) -> [u8; ENTRY_LEN] {
        let (resumed_at, acknowledged) = match self.notice {
            None => (NONE, NONE),
            Some(n) => (n.resumed_at, n.acknowledged.unwrap_or(NONE)),
        };
        let mut entry = [0u8; ENTRY_LEN];
        let words = [
            self.ack.game,
            self.ack.version,
            self.ack.actions,
            resumed_at,
            acknowledged,
        ];
        for (i, word) in words.iter().enumerate() {
            entry[i * 8..i * 8 + 8].copy_from_slice(&word.to_le_bytes());
        }
        let crc = crc32fast::hash(&entry[..40]);
        entry[40..].copy_from_slice(&crc.to_le_bytes());
        entry
    }

    fn decode(entry: &[u8]) -> Option<Entry> {
        let words = checked_words(entry, 5)?;
        let notice = (words[3] != NONE).then_some(Notice {
            resumed_at: words[3],
            acknowledged: (words[4] != NONE).then_some(words[4]),
        });
        Some(Entry {
            ack: Ack {
                game: words[0],
                version: words[1],
                actions: words[2],
            },
            notice,
        })
    }

    fn decode_old(entry: &[u8]) -> Option<Entry> {
        let words = checked_words(entry, 3)?;
        Some(Entry::plain(Ack {
            game: words[0],
            version: words[1],
            actions: words[2],
        }))
    }
}

/// `count` u64 LE words followed by the crc32 of their bytes, if it checks.
fn checked_words(entry: &[u8], count: usize) -> Option<Vec<u64>> {
    let body = entry.get(..count * 8)?;
    let crc = u32::from_le_bytes(entry.get(count * 8..count * 8 + 4)?.try_into().ok()?);
    (crc32fast::hash(body) == crc).then(|| {
        body.chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
            .collect()
    })
}

fn encode_header(damage: Option<AckDamage>, entries: u64) -> [u8; HEADER_LEN] {
    let mut header = [0u8; HEADER_LEN];
    header[..8].copy_from_slice(&MAGIC);
    header[8..12].copy_from_slice(&FORMAT.to_le_bytes());
    header[12..16].copy_from_slice(&damage.map_or(0, |d| d as u32).to_le_bytes());
    header[16..24].copy_from_slice(&entries.to_le_bytes());
    let crc = crc32fast::hash(&header[..24]);
    header[24..].copy_from_slice(&crc.to_le_bytes());
    header
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
    /// What was wrong with the log, now or at an earlier open not yet resolved.
    pub damage: Option<AckDamage>,
    /// The open log, for the start-up checks: its current entries, and the notices they note.
    pub log: Option<AckLog>,
}

/// What a log file holds, as read.
#[derive(Debug, Default, PartialEq, Eq)]
struct Parsed {
    entries: BTreeMap<GameId, Entry>,
    damaged_entries: usize,
    damage: Option<AckDamage>,
    /// A trailing partial entry: only a host crash mid-append leaves one (not damage).
    torn_tail: bool,
    /// Format 1, to be rewritten.
    old_format: bool,
}

impl Parsed {
    fn keep(&mut self, entry: Entry) {
        let latest = self.entries.entry(entry.ack.game).or_insert(entry);
        if entry.ack.version >= latest.ack.version {
            *latest = entry;
        }
    }

    /// Notes `damage`. Damage that puts every game in doubt wins over a missing log (marked
    /// until the start-up checks resolve it), which doubts only the games not heard of since:
    /// a log cut after a start that never got to its checks is still a cut log.
    fn damaged(&mut self, damage: AckDamage) {
        if self.damage.is_none_or(|d| d == AckDamage::Missing) {
            self.damage = Some(damage);
        }
    }
}

fn read_log(bytes: &[u8]) -> Parsed {
    let mut parsed = Parsed::default();
    if !bytes.starts_with(&MAGIC) {
        return read_old_log(bytes);
    }
    let header = bytes.get(..HEADER_LEN).filter(|h| {
        crc32fast::hash(&h[..24]) == u32::from_le_bytes(h[24..].try_into().expect("4 bytes"))
    });
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let Some(header) = header else {
        parsed.damaged(AckDamage::Unreadable);
        if bytes.len() >= HEADER_LEN {
            read_entries(&bytes[HEADER_LEN..], &mut parsed); // still the best witness there is
        }
        return parsed;
    };
    let (format, damage) = (word(8), AckDamage::from_code(word(12)));
    let (Some(damage), FORMAT) = (damage, format) else {
        parsed.damaged(AckDamage::Unreadable);
        return parsed;
    };
    parsed.damage = damage;
    let written = u64::from_le_bytes(header[16..24].try_into().expect("8 bytes"));
    let found = read_entries(&bytes[HEADER_LEN..], &mut parsed);
    if found < written {
        parsed.damaged(AckDamage::CutShort);
    }
    parsed
}

/// Reads format-2 entries into `parsed`; returns how many whole entries there were.
fn read_entries(bytes: &[u8], parsed: &mut Parsed) -> u64 {
    let chunks = bytes.chunks_exact(ENTRY_LEN);
    parsed.torn_tail = !chunks.remainder().is_empty();
    let mut found = 0;
    for chunk in chunks {
        found += 1;
        match Entry::decode(chunk) {
            Some(entry) => parsed.keep(entry),
            None => parsed.damaged_entries += 1,
        }
    }
    if parsed.damaged_entries > 0 {
        parsed.damaged(AckDamage::DamagedEntries);
    }
    found
}

/// Format 1: bare 28-byte entries. A file of which not one entry checks is not such a log.
fn read_old_log(bytes: &[u8]) -> Parsed {
    let mut parsed = Parsed {
        old_format: true,
        ..Parsed::default()
    };
    let chunks = bytes.chunks_exact(OLD_ENTRY_LEN);
    parsed.torn_tail = !chunks.remainder().is_empty();
    for chunk in chunks {
        match Entry::decode_old(chunk) {
            Some(entry) => parsed.keep(entry),
            None => parsed.damaged_entries += 1,
        }
    }
    if bytes.is_empty() || parsed.entries.is_empty() {
        parsed.damaged(AckDamage::Unreadable);
    } else if parsed.damaged_entries > 0 {
        parsed.damaged(AckDamage::DamagedEntries);
    }
    parsed
}

/// Entries the file may hold beyond one per game before it is compacted while running.
const SLACK_ENTRIES: usize = 16_384;

/// The open log, appended to by every acknowledged write. Clones share the open file.
#[derive(Clone)]
pub struct AckLog {
    shared: Arc<Shared>,
}

struct Shared {
    dir: PathBuf,
    path: PathBuf,
    state: Mutex<Appender>,
    #[cfg(test)]
    faults: super::faults::AckFaults,
}

struct Appender {
    /// Opened for writing at given offsets (not appending: the header is rewritten in place).
    file: File,
    /// The latest entry per game (what a compaction writes).
    latest: BTreeMap<GameId, Entry>,
    /// Whole entries in the file now: the next one is written after them.
    entries: usize,
    /// Damage found at an open and not yet resolved by the start-up checks.
    damage: Option<AckDamage>,
}

impl std::fmt::Debug for AckLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AckLog")
            .field("path", &self.shared.path)
            .finish_non_exhaustive()
    }
}

impl AckLog {
    /// Reads the log in `dir` and rewrites it compacted (in format 2, with any damage found
    /// marked in its header), then opens it for appending.
    pub fn open(dir: &Path) -> io::Result<(AckLog, AckHistory)> {
        let path = dir.join(FILE_NAME);
        let (parsed, missing) = match std::fs::read(&path) {
            Ok(bytes) => (read_log(&bytes), false),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let parsed = Parsed {
                    damage: Some(AckDamage::Missing),
                    ..Parsed::default()
                };
                (parsed, true)
            }
            Err(e) => return Err(e),
        };
        if parsed.torn_tail && parsed.damage != Some(AckDamage::CutShort) {
            tracing::warn!(file = %path.display(), "the acknowledgement log ends in a partial entry (a crash while appending); it is dropped");
        }
        if let Some(damage) = parsed.damage.filter(|_| !missing) {
            tracing::error!(file = %path.display(), %damage, damaged_entries = parsed.damaged_entries, "the acknowledgement log is damaged");
        }
        if parsed.old_format {
            tracing::info!(file = %path.display(), "rewriting the acknowledgement log in format {FORMAT}");
        }
        let file = match write_compacted(dir, &parsed.entries, parsed.damage) {
            Ok(()) => open_for_writing(&path)?,
            Err(e) if !missing && !parsed.old_format && parsed.damage.is_none() => {
                // Not fatal (e.g. a full disk): appending to the old log keeps it correct
                // (the next append writes the count of its whole entries; a partial entry at
                // its end is written over).
                tracing::warn!(file = %path.display(), error = %e, "could not compact the acknowledgement log");
                open_for_writing(&path)?
            }
            // A file of another format or a damaged one cannot be appended to.
            Err(e) => return Err(e),
        };
        let entries = (file.metadata()?.len() as usize).saturating_sub(HEADER_LEN) / ENTRY_LEN;
        let log = AckLog {
            shared: Arc::new(Shared {
                dir: dir.to_path_buf(),
                path,
                state: Mutex::new(Appender {
                    file,
                    latest: parsed.entries.clone(),
                    entries,
                    damage: parsed.damage,
                }),
                #[cfg(test)]
                faults: Default::default(),
            }),
        };
        let history = AckHistory {
            latest: parsed
                .entries
                .values()
                .map(|entry| (entry.ack.game, entry.ack))
                .collect(),
            damaged_entries: parsed.damaged_entries,
            missing,
            damage: parsed.damage,
            log: Some(log.clone()),
        };
        Ok((log, history))
    }

    fn lock(&self) -> MutexGuard<'_, Appender> {
        self.shared
            .state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Notes one acknowledged write, with the game's pending notice unless the write has more
    /// actions than the game resumed at (it moved on). Compacts the file now and then, so it
    /// stays about one entry per game.
    ///
    /// Two writes: the entry after the counted ones, then the header with the new count. A
    /// kill during the first leaves a partial entry past the count (dropped at the next open),
    /// a kill between them an entry past the count (kept): neither is damage, and neither
    /// write had been acknowledged. Only once both are done does the caller acknowledge, and
    /// from then on a cut that removes any part of the entry leaves fewer entries than counted.
    pub fn append(&self, ack: Ack) -> io::Result<()> {
        let mut state = self.lock();
        let notice = state
            .latest
            .get(&ack.game)
            .and_then(|entry| entry.notice)
            .filter(|notice| ack.actions <= notice.resumed_at);
        self.write_entry(&mut state, Entry { ack, notice })
    }

    /// Notes `entry` (the game's latest acknowledged write with the notice it now has), for the
    /// start-up checks. Kept in memory even if writing fails, so later entries carry it.
    pub fn note(&self, entry: Entry) -> io::Result<()> {
        let mut state = self.lock();
        self.write_entry(&mut state, entry)
    }

    fn write_entry(&self, state: &mut Appender, entry: Entry) -> io::Result<()> {
        let latest = state.latest.entry(entry.ack.game).or_insert(entry);
        if entry.ack.version >= latest.ack.version {
            *latest = entry;
        }
        let bytes = entry.encode();
        let at = (HEADER_LEN + state.entries * ENTRY_LEN) as u64;
        #[cfg(test)]
        if let Some(torn) = self.shared.faults.torn_entry() {
            write_at(&state.file, at, &bytes[..torn.min(ENTRY_LEN)])?;
            return Err(super::faults::crashed());
        }
        // A failed (partial) entry is written over by the next append: `entries` stays.
        write_at(&state.file, at, &bytes)?;
        state.entries += 1;
        #[cfg(test)]
        self.shared.faults.before_count()?;
        let header = encode_header(state.damage, state.entries as u64);
        write_at(&state.file, 0, &header)?;
        if state.entries > state.latest.len() + SLACK_ENTRIES {
            self.compact(state)?;
        }
        Ok(())
    }

    fn compact(&self, state: &mut Appender) -> io::Result<()> {
        write_compacted(&self.shared.dir, &state.latest, state.damage)?;
        state.file = open_for_writing(&self.shared.path)?;
        state.entries = state.latest.len();
        Ok(())
    }

    /// Stops the next append at `crash` (tests only), as if the process were killed there.
    #[cfg(test)]
    pub fn crash_next_append(&self, crash: super::faults::AppendCrash) {
        self.shared.faults.crash_next_append(crash);
    }

    /// The latest entry of every game the log knows, and the damage not yet resolved.
    pub fn current(&self) -> (BTreeMap<GameId, Entry>, Option<AckDamage>) {
        let state = self.lock();
        (state.latest.clone(), state.damage)
    }

    /// The start-up checks have noted a notice for every game the damage concerns: clears the
    /// damage mark from the header (by compacting). Nothing to do without damage.
    pub fn resolve(&self) -> io::Result<()> {
        let mut state = self.lock();
        if state.damage.is_none() {
            return Ok(());
        }
        let damage = state.damage.take();
        let compacted = self.compact(&mut state);
        if compacted.is_err() {
            state.damage = damage;
        }
        compacted
    }

    pub fn path(&self) -> &Path {
        &self.shared.path
    }
}

/// Replaces the log with a header and one entry per game, atomically: a temporary file renamed
/// over it.
fn write_compacted(
    dir: &Path,
    latest: &BTreeMap<GameId, Entry>,
    damage: Option<AckDamage>,
) -> io::Result<()> {
    let path = dir.join(FILE_NAME);
    let mut compacted = encode_header(damage, latest.len() as u64).to_vec();
    compacted.extend(latest.values().flat_map(Entry::encode));
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

fn open_for_writing(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).open(path)
}

/// Writes all of `bytes` at `offset` of `file`.
fn write_at(file: &File, offset: u64, bytes: &[u8]) -> io::Result<()> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::write_all_at(file, bytes, offset)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Seek, SeekFrom};
        let mut file = file;
        file.seek(SeekFrom::Start(offset))?;
        file.write_all(bytes)
    }
}

/// Makes a rename durable (best effort: not every platform can open a directory).
fn sync_dir(dir: &Path) {
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
}

#[cfg(test)]
#[path = "ack_log_tests.rs"]
mod tests;
