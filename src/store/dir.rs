//! The data directory around sled: creating it, checking it is writable and not in use, turning
//! sled's open errors into ones a host can act on, and measuring its size.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fs2::FileExt;

use super::StoreError;

/// sled's data file, which sled locks exclusively (flock) for as long as the database is open.
const SLED_DATA_FILE: &str = "db";

/// How long to wait for the lock before saying another process holds it. sled's lock outlives
/// its `Db` a little: its file closes when its last background task ends, and a child process
/// another thread is starting holds a copy of the file until it execs (sled never unlocks
/// explicitly). A restarting bot's old process may still be exiting, too.
const LOCK_WAIT: Duration = Duration::from_secs(2);
const LOCK_RETRY: Duration = Duration::from_millis(10);

/// Holds sled's own lock on the directory while the store repairs it, so a repair never touches
/// files of a database another process has open. Released on drop, just before sled takes it.
pub struct DirLock {
    file: File,
}

impl Drop for DirLock {
    /// Unlocks explicitly instead of relying on the close: a child process that another thread
    /// is starting holds a copy of every open file until it execs, and a copy keeps a `flock`
    /// alive after our close, so sled's own attempt a moment later would find the directory
    /// "in use". An explicit unlock releases it whoever still holds a copy.
    fn drop(&mut self) {
        // Failing to unlock leaves only the close, the behaviour without this call.
        let _ = FileExt::unlock(&self.file);
    }
}

/// Creates the directory if needed and takes sled's directory lock.
pub fn lock(dir: &Path) -> Result<DirLock, StoreError> {
    let not_writable = |source: io::Error| StoreError::NotWritable {
        dir: dir.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(not_writable)?;
    if !dir.is_dir() {
        return Err(not_writable(io::Error::other("it is not a directory")));
    }
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(dir.join(SLED_DATA_FILE))
        .map_err(|e| match e.kind() {
            io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => not_writable(e),
            _ => StoreError::Io(e),
        })?;
    let give_up = Instant::now() + LOCK_WAIT;
    loop {
        match file.try_lock_exclusive() {
            Ok(()) => return Ok(DirLock { file }),
            Err(e) if e.kind() != fs2::lock_contended_error().kind() => {
                return Err(StoreError::Io(e));
            }
            Err(_) if Instant::now() >= give_up => {
                return Err(StoreError::Locked {
                    dir: dir.to_path_buf(),
                });
            }
            Err(_) => std::thread::sleep(LOCK_RETRY),
        }
    }
}

/// Maps an error of `sled::Config::open` to what it means for the host.
pub fn classify_open_error(dir: &Path, error: sled::Error) -> StoreError {
    match error {
        sled::Error::Io(e)
            if matches!(
                e.kind(),
                io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem
            ) =>
        {
            StoreError::NotWritable {
                dir: dir.to_path_buf(),
                source: e,
            }
        }
        // sled 0.34.7 reports a held lock as Io(Other, "could not acquire lock on ..."). Only
        // reachable if another process took the lock between our check and sled's.
        sled::Error::Io(e) if e.to_string().contains("could not acquire lock") => {
            StoreError::Locked {
                dir: dir.to_path_buf(),
            }
        }
        sled::Error::Corruption { at, .. } => StoreError::Corrupt(format!(
            "sled found damaged data in {} (at {at:?}) even after removing half-written \
             snapshots; restore the directory from a backup",
            dir.display()
        )),
        other => StoreError::Sled(other),
    }
}

/// Total size of the files under `dir`, in bytes.
pub fn size_on_disk(dir: &Path) -> io::Result<u64> {
    let mut total = 0;
    let mut pending: Vec<PathBuf> = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current)? {
            let entry = entry?;
            // sled removes old files in the background: a vanished entry is not an error.
            let metadata = match entry.metadata() {
                Ok(metadata) => metadata,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            if metadata.is_dir() {
                pending.push(entry.path());
            } else {
                total += metadata.len();
            }
        }
    }
    Ok(total)
}
