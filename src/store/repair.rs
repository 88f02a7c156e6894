//! Repair of sled's half-written start-up snapshots.
//!
//! sled 0.34.7 writes `snap.<lsn>.generating` while it opens, then renames it to `snap.<lsn>`.
//! If the process is killed in between, the next open picks the half-written file (it sorts
//! last) and fails with `Corruption { at: None }` forever (sled #1527/#1533; STORE-NOTES.md).
//! Nothing is lost: the log still holds every record, so deleting the file that fails sled's own
//! check lets sled rebuild its snapshot from the log.
//!
//! The check mirrors `read_snapshot` in sled 0.34.7's `pagecache/snapshot.rs`: the file is
//! `bytes ++ u64 LE length ++ u32 LE crc32fast(bytes)`, must be longer than 12 bytes, and only
//! the crc is verified (the length is the uncompressed size, used only with compression).

use std::io;
use std::path::{Path, PathBuf};

/// Size of the trailer sled appends: u64 LE length + u32 LE crc32.
const TRAILER_LEN: usize = 12;

/// True if sled 0.34.7 would accept these bytes as a snapshot file.
pub fn is_valid_sled_snapshot(file: &[u8]) -> bool {
    if file.len() <= TRAILER_LEN {
        return false;
    }
    let (body, trailer) = file.split_at(file.len() - TRAILER_LEN);
    let Ok(crc_bytes) = <[u8; 4]>::try_from(&trailer[8..]) else {
        return false;
    };
    crc32fast::hash(body) == u32::from_le_bytes(crc_bytes)
}

/// True for sled's in-progress snapshot names: `snap.<anything>.generating`.
fn is_generating_snapshot_name(name: &str) -> bool {
    name.starts_with("snap.") && name.ends_with(".generating")
}

/// Deletes every `snap.*.generating` file in `dir` that sled would reject, logs each with
/// `tracing::warn`, and returns their paths. Valid files are left alone. Must only run while
/// no process has the database open (the caller holds sled's directory lock).
pub fn repair_snapshot_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_generating_snapshot_name) || !entry.file_type()?.is_file()
        {
            continue;
        }
        let path = entry.path();
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        };
        if is_valid_sled_snapshot(&bytes) {
            continue;
        }
        match std::fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e),
        }
        tracing::warn!(
            file = %path.display(),
            size = bytes.len(),
            "removed a half-written sled snapshot (the process was killed while opening the \
             store); sled rebuilds it from its log, no record is lost"
        );
        removed.push(path);
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds a file exactly as sled 0.34.7's `write_snapshot` does (without compression).
    fn sled_format(body: &[u8]) -> Vec<u8> {
        let mut file = body.to_vec();
        file.extend_from_slice(&(body.len() as u64).to_le_bytes());
        file.extend_from_slice(&crc32fast::hash(body).to_le_bytes());
        file
    }

    #[test]
    fn accepts_sled_format_and_rejects_damage() {
        let file = sled_format(b"some snapshot bytes");
        assert!(is_valid_sled_snapshot(&file));
        assert!(!is_valid_sled_snapshot(&[]));
        assert!(!is_valid_sled_snapshot(&file[..12]));
        assert!(!is_valid_sled_snapshot(&file[..file.len() - 1]));
        let mut flipped = file.clone();
        flipped[3] ^= 0x40;
        assert!(!is_valid_sled_snapshot(&flipped));
    }

    #[test]
    fn removes_only_invalid_generating_files() {
        let dir = tempfile::tempdir().unwrap();
        let valid = sled_format(b"valid");
        let write = |name: &str, bytes: &[u8]| std::fs::write(dir.path().join(name), bytes);
        write(
            "snap.0000000000000010.generating",
            &valid[..valid.len() - 5],
        )
        .unwrap();
        write("snap.0000000000000011.generating", b"").unwrap();
        write("snap.0000000000000012.generating", &valid).unwrap();
        // Not a .generating file: never touched, even when damaged (not our failure mode).
        write("snap.0000000000000009", b"junk").unwrap();
        write("db", b"junk").unwrap();

        let mut removed = repair_snapshot_files(dir.path()).unwrap();
        removed.sort();
        let names: Vec<_> = removed
            .iter()
            .map(|p| p.file_name().unwrap().to_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            names,
            [
                "snap.0000000000000010.generating",
                "snap.0000000000000011.generating"
            ]
        );
        let mut left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "db",
                "snap.0000000000000009",
                "snap.0000000000000012.generating"
            ]
        );
        assert!(repair_snapshot_files(dir.path()).unwrap().is_empty());
    }
}
