//! Idle cost of `catan-bot run`: the real binary, connected to the fake Discord of the
//! end-to-end tests, doing nothing for `IDLE_SECONDS` (default 30) — first with no game, then
//! with 1,000 stored games waiting for their players (60-minute turn timers, so no deadline
//! falls inside the window). Prints the process's CPU time (user + system, from /proc) over the
//! window and as a share of one core. Linux only.
//!
//! `cargo bench --bench idle` (`IDLE_SECONDS=N` for another window).

// The Discord tests' support; the bench uses only the fake Discord and the bot's process.
#[allow(dead_code)]
#[path = "../tests/discord/support/mod.rs"]
mod support;

use std::path::Path;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use catan_bot::store::SledStore;
use catan_bot::table::{Caller, Table, TableOptions};
use support::bot_process::{BotProcess, write_config};
use support::fake_discord::FakeDiscord;

const WAITING_GAMES: u64 = 1_000;

/// CPU time used so far by process `pid` (user + system).
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc/PID/stat");
    // Fields after the command name (which is in parentheses and may contain spaces).
    let rest = &stat[stat.rfind(')').expect("stat format") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line: 11 and 12 after the name.
    let ticks: u64 =
        fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    // SAFETY: sysconf only reads a system constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Duration::from_millis(ticks * 1000 / per_second)
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Stores `count` started 2-player games with 60-minute timers, one per channel.
fn store_waiting_games(data: &Path, count: u64) {
    let store = SledStore::open(data).expect("store");
    let options = TableOptions {
        render_boards: false,
        ..TableOptions::default()
    };
    let mut table = Table::open(Box::new(store), options).expect("table");
    let now = now_ms();
    for place in 1..=count {
        let host = Caller::new(place, 1, "alice");
        for (caller, text) in [
            (&host, "new players 2 timer 60"),
            (&Caller::new(place, 2, "bob"), "join"),
            (&host, "start"),
        ] {
            let r = table.handle_text(caller, text, now);
            assert!(!r.iter().any(|r| r.is_refusal()), "{text}: {r:?}");
        }
    }
    assert_eq!(table.games().len() as u64, count);
}

/// Starts the bot on `dir`, waits until it is connected and settled, measures `window`.
async fn measure(fake: &FakeDiscord, dir: &Path, what: &str, window: Duration) {
    let config = write_config(dir, &fake.rest_url, "");
    let registrations = fake
        .requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count();
    let bot = BotProcess::start(&config, dir.join("bot.log"));
    let deadline = Instant::now() + Duration::from_secs(300);
    while fake
        .requests()
        .iter()
        .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
        .count()
        <= registrations
    {
        assert!(
            Instant::now() < deadline,
            "no connection; log:\n{}",
            bot.log_text()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Let start-up work (loading, registering, the first timer read) finish.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = cpu_time(bot.pid());
    let started = Instant::now();
    tokio::time::sleep(window).await;
    let used = cpu_time(bot.pid()) - before;
    let elapsed = started.elapsed();
    println!(
        "idle/{what}: {:.0} ms CPU in {:.1} s = {:.2}% of one core",
        used.as_secs_f64() * 1000.0,
        elapsed.as_secs_f64(),
        100.0 * used.as_secs_f64() / elapsed.as_secs_f64()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs a quick smoke version.
    let quick = !std::env::args().any(|a| a == "--bench");
    let seconds: u64 = match std::env::var("IDLE_SECONDS") {
        Ok(s) => s.parse().expect("IDLE_SECONDS: a number of seconds"),
        Err(_) if quick => 1,
        Err(_) => 30,
    };
    let games = if quick { 20 } else { WAITING_GAMES };
    let window = Duration::from_secs(seconds);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let fake = FakeDiscord::start().await;

        let empty = tempfile::tempdir().expect("tmp");
        measure(&fake, empty.path(), "no games", window).await;

        let busy = tempfile::tempdir().expect("tmp");
        let started = Instant::now();
        store_waiting_games(&busy.path().join("data"), games);
        println!(
            "idle: stored {games} waiting games in {:.1} s",
            started.elapsed().as_secs_f64()
        );
        measure(
            &fake,
            busy.path(),
            &format!("{games} waiting games"),
            window,
        )
        .await;
    });
}
