//! A failed write (a full disk) is reported to the player as not done, changes nothing, and the
//! store recovers by itself as soon as the disk allows, without a restart; afterwards memory and
//! disk agree (a restart finds exactly what the table showed, with no damage reported).
//!
//! Three ways to fail a write: a `Store` wrapper that fails on command (every write the table
//! makes, offers included), and real sled failures in a child process: a file-size limit
//! (`RLIMIT_FSIZE`, works unprivileged) and a small tmpfs filled to the brim (skipped when the
//! test may not mount). Nothing here waits for time: the disk is full until the test frees it.

use crate::store_host;
use crate::store_support::test_path;
use crate::table_support;

use std::path::Path;
use std::sync::atomic::Ordering;

use catan_bot::store::{SledStore, Store};
use catan_bot::table::Reply;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use store_host::Host;
use table_support::failing_store::FailingStore;
use table_support::{assert_no_refusal, refusal_text};

fn assert_not_saved(replies: &[Reply], what: &str) {
    let text = refusal_text(replies).unwrap_or_else(|| panic!("{what} was accepted: {replies:?}"));
    assert!(text.contains("could not be saved"), "{what}: {text}");
    assert_eq!(replies.len(), 1, "{what}: only the refusal: {replies:?}");
}

#[test]
fn every_failed_write_is_refused_changes_nothing_and_the_table_carries_on() {
    let dir = tempfile::tempdir().unwrap();
    let (store, failing) = FailingStore::open(dir.path(), "no space left on device");
    let mut host = Host::start(Box::new(store), 21);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (maker, give, want) = host.until_trading(&mut rng);
    let other = maker % 3 + 1;
    let offer = format!("trade offer 1 {} for 1 {}", give.name(), want.name());

    failing.store(true, Ordering::SeqCst);
    let before = (host.state(), host.offers_text());
    assert_not_saved(&host.say(maker, &offer), "offer on a full disk");
    let (user, text) = host.next_move(&mut rng).expect("a move");
    assert_not_saved(&host.say(user, &text), "move on a full disk");
    assert_eq!((host.state(), host.offers_text()), before);

    failing.store(false, Ordering::SeqCst);
    assert_no_refusal(&host.say(maker, &offer), "offer #1");
    let listed = host.offers_text();
    assert!(listed.contains("offer #1"), "{listed}");
    failing.store(true, Ordering::SeqCst);
    assert_not_saved(&host.say(other, "trade decline 1"), "answer on a full disk");
    assert_not_saved(
        &host.say(maker, "trade withdraw 1"),
        "withdraw on a full disk",
    );
    assert_eq!(host.offers_text(), listed, "the offer is as before");

    failing.store(false, Ordering::SeqCst);
    assert_no_refusal(&host.say(other, "trade decline 1"), "decline");
    assert_no_refusal(&host.say(maker, "trade withdraw 1"), "withdraw");
    assert_no_refusal(&host.say(maker, &offer), "offer #2");
    let state = host.state();
    let listed = host.offers_text();
    assert!(
        listed.contains("offer #2") && !listed.contains("offer #1"),
        "{listed}"
    );
    drop(host);

    // Memory and disk agree: a restart finds the same game and offers, reports no damage, and
    // never gives out a withdrawn offer's number again.
    let store = SledStore::open(dir.path()).unwrap();
    let game = store.load_all().unwrap()[0].id;
    let mut host = Host::reopen(Box::new(store), game);
    assert!(host.table.startup_notices().is_empty());
    assert!(host.table.load_problems().is_empty());
    assert_eq!((host.state(), host.offers_text()), (state, listed));
    assert_no_refusal(&host.say(maker, "trade withdraw 2"), "withdraw");
    assert_no_refusal(&host.say(maker, &offer), "offer #3");
    assert!(host.offers_text().contains("offer #3"));
}

// ---- real sled failures, in a child process (a file-size limit is per process) ----

/// Set in the child: how to fill the disk (`rlimit` or `tmpfs`).
const CHILD_ENV: &str = "CATAN_DISK_FULL_CHILD";
const CHILD_TEST: &str = "disk_full_child";

/// How the child fills and frees the disk under the store.
trait Disk {
    fn fill(&mut self);
    fn free(&mut self);
}

/// A file-size limit at the database's current size: sled cannot grow its log.
struct SizeLimit {
    db_file: std::path::PathBuf,
}

fn set_file_size_limit(limit: libc::rlim_t) {
    let limits = libc::rlimit {
        rlim_cur: limit,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: plain system call on a valid struct.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_FSIZE, &limits) }, 0);
}

impl Disk for SizeLimit {
    fn fill(&mut self) {
        let size = std::fs::metadata(&self.db_file).unwrap().len();
        set_file_size_limit(size as libc::rlim_t);
    }
    fn free(&mut self) {
        set_file_size_limit(libc::RLIM_INFINITY);
    }
}

/// A small tmpfs, filled with a filler file until it refuses a byte more.
struct FullTmpfs {
    filler: std::path::PathBuf,
}

impl Disk for FullTmpfs {
    fn fill(&mut self) {
        use std::io::Write;
        let mut file = std::fs::File::create(&self.filler).unwrap();
        let chunk = vec![0u8; 4096];
        loop {
            match file.write(&chunk) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::StorageFull => break,
                Err(e) => panic!("filling the tmpfs: {e}"),
            }
        }
    }
    fn free(&mut self) {
        std::fs::remove_file(&self.filler).unwrap();
    }
}

/// Mounts a 16 MiB tmpfs at `dir` in a mount namespace of this thread (gone with the process).
/// `Err` if this process may not.
fn mount_private_tmpfs(dir: &Path) -> Result<(), String> {
    use std::ffi::CString;
    let errno = || std::io::Error::last_os_error().to_string();
    // SAFETY: plain system calls with valid, NUL-terminated arguments.
    unsafe {
        if libc::unshare(libc::CLONE_NEWNS) != 0 {
            return Err(format!("unshare: {}", errno()));
        }
        let root = CString::new("/").unwrap();
        let none = std::ptr::null();
        if libc::mount(
            none,
            root.as_ptr(),
            none,
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ) != 0
        {
            return Err(format!("making mounts private: {}", errno()));
        }
        let target = CString::new(dir.as_os_str().as_encoded_bytes()).unwrap();
        let fstype = CString::new("tmpfs").unwrap();
        let options = CString::new("size=16m").unwrap();
        if libc::mount(
            fstype.as_ptr(),
            target.as_ptr(),
            fstype.as_ptr(),
            0,
            options.as_ptr().cast(),
        ) != 0
        {
            return Err(format!("mounting tmpfs: {}", errno()));
        }
    }
    Ok(())
}

/// Child side: a game on a real sled store; the disk fills, moves are refused and change
/// nothing; the disk frees, the very next move is accepted (no restart); a restart then finds
/// exactly the game in memory. Prints `CHILD OK`, or `SKIP reason`.
#[test]
fn disk_full_child() {
    let Ok(mode) = std::env::var(CHILD_ENV) else {
        return; // Not the child.
    };
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let mut disk: Box<dyn Disk> = match mode.as_str() {
        "rlimit" => {
            // SAFETY: ignoring a signal; the write then fails with EFBIG instead.
            unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_IGN) };
            Box::new(SizeLimit {
                db_file: data.join("db"),
            })
        }
        _ => {
            if let Err(why) = mount_private_tmpfs(&data) {
                println!("\nSKIP {why}");
                return;
            }
            Box::new(FullTmpfs {
                filler: data.join("filler"),
            })
        }
    };
    let mut host = Host::start(Box::new(SledStore::open(&data).unwrap()), 8);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..30 {
        host.step(&mut rng);
    }

    disk.fill();
    let mut refused = 0;
    for _ in 0..500 {
        let (user, text) = host.next_move(&mut rng).expect("game running");
        let before = host.state();
        let version = host.table.game_state(host.game).unwrap().version();
        let r = host.say(user, &text);
        if refusal_text(&r).is_some() {
            assert_not_saved(&r, &text);
            assert_eq!(host.state(), before, "a refused move changed the game");
            refused += 1;
            if refused == 3 {
                break;
            }
        } else {
            // It fitted in space sled had already.
            assert_eq!(
                host.table.game_state(host.game).unwrap().version(),
                version + 1
            );
        }
    }
    assert_eq!(refused, 3, "the full disk never refused a move");

    disk.free();
    // The very next move is saved: the store recovered without a restart.
    host.step(&mut rng);
    for _ in 0..10 {
        host.step(&mut rng);
    }
    let state = host.state();
    let game = host.game;
    drop(host);
    let host = Host::reopen(Box::new(SledStore::open(&data).unwrap()), game);
    assert!(host.table.startup_notices().is_empty());
    assert!(host.table.load_problems().is_empty());
    assert_eq!(
        host.state(),
        state,
        "memory and disk disagree after the recovery"
    );
    println!("\nCHILD OK");
}

/// Runs the child in `mode`; true if it passed, false if it skipped.
fn run_child(mode: &str) -> bool {
    let exe = std::env::current_exe().expect("test binary");
    let output = std::process::Command::new(exe)
        .args([
            test_path(module_path!(), CHILD_TEST).as_str(),
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, mode)
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&output.stdout);
    if let Some(line) = stdout.lines().find(|l| l.starts_with("SKIP")) {
        eprintln!("{mode}: skipped ({line})");
        return false;
    }
    assert!(
        output.status.success() && stdout.lines().any(|l| l == "CHILD OK"),
        "{mode} child failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    true
}

#[test]
fn sled_recovers_once_a_file_size_limit_is_lifted() {
    assert!(run_child("rlimit"), "this child never skips");
}

#[test]
fn sled_recovers_once_a_full_tmpfs_has_room_again() {
    run_child("tmpfs");
}
