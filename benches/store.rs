//! Durable write speed of the sled store: criterion timings, then printed figures (appends per
//! second, p50/p99 per append for one writer and for concurrent games, start-up load time, and
//! the data directory after 10,000 trade offers made and withdrawn through the table).
//! Run: `cargo bench --bench store`; `cargo bench --bench store -- offers` runs only the figures
//! whose name contains `offers` (and no criterion timing). Figures depend on the disk.

use std::cell::Cell;
use std::sync::Arc;
use std::time::{Duration, Instant};

use catan_bot::engine::{Action, Phase, Resource};
use catan_bot::store::{SledStore, Store};
use catan_bot::table::command::ParseContext;
use catan_bot::table::{Caller, Table, TableOptions, command_for};
use criterion::{Criterion, criterion_group};

/// A typical encoded action: a few dozen bytes.
const ACTION: &[u8] = &[42; 48];
/// A typical game snapshot: a few KB.
const SNAPSHOT: &[u8] = &[7; 3000];

fn bench_writes(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    store.put_meta(1, b"meta").unwrap();
    let next = Cell::new(0u64);
    c.bench_function("append_action (flushed), one writer", |b| {
        b.iter(|| {
            store.append_action(1, next.get(), ACTION).unwrap();
            next.set(next.get() + 1);
        })
    });
    store.put_meta(2, b"meta").unwrap();
    let next = Cell::new(0u64);
    c.bench_function("20 appends + put_snapshot dropping them", |b| {
        b.iter(|| {
            let start = next.get();
            for index in start..start + 20 {
                store.append_action(2, index, ACTION).unwrap();
            }
            store.put_snapshot(2, start + 20, SNAPSHOT).unwrap();
            next.set(start + 20);
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(Duration::from_secs(5));
    targets = bench_writes
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn report(label: &str, mut latencies: Vec<Duration>, wall: Duration) {
    latencies.sort();
    let count = latencies.len();
    println!(
        "{label}: {count} appends in {:.2} s = {:.0} appends/s; per append p50 {:.3} ms, p99 \
         {:.3} ms, max {:.3} ms",
        wall.as_secs_f64(),
        count as f64 / wall.as_secs_f64(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies[count - 1].as_secs_f64() * 1e3,
    );
}

/// `writers` threads, each appending `per_writer` actions to its own game.
fn measure_appends(writers: u64, per_writer: u64) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    for game in 0..writers {
        store.put_meta(game, b"meta").unwrap();
    }
    let started = Instant::now();
    let threads: Vec<_> = (0..writers)
        .map(|game| {
            let store = store.clone();
            std::thread::spawn(move || {
                (0..per_writer)
                    .map(|index| {
                        let before = Instant::now();
                        store.append_action(game, index, ACTION).unwrap();
                        before.elapsed()
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let latencies: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    let wall = started.elapsed();
    let label = format!("{writers} concurrent writer(s)");
    report(&label, latencies, wall);
    println!(
        "  data dir after {} appends: {} KB",
        writers * per_writer,
        store.size_on_disk().unwrap() / 1024
    );
}

/// Open + `load_all` of `games` stored games (meta, snapshot, 10 actions after it).
fn measure_startup(games: u64) {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Arc::new(SledStore::open(dir.path()).unwrap());
        let threads: Vec<_> = (0..4u64)
            .map(|part| {
                let store = store.clone();
                std::thread::spawn(move || {
                    for game in (part..games).step_by(4) {
                        store.put_meta(game, &[1; 200]).unwrap();
                        store.put_snapshot(game, 0, SNAPSHOT).unwrap();
                        for index in 0..10 {
                            store.append_action(game, index, ACTION).unwrap();
                        }
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
    }
    let started = Instant::now();
    let store = SledStore::open(dir.path()).unwrap();
    let opened = started.elapsed();
    let loaded = store.load_all().unwrap();
    let total = started.elapsed();
    assert_eq!(loaded.len() as u64, games);
    println!(
        "start-up with {games} games: open {:.0} ms, open + load_all {:.0} ms; data dir {} MB",
        opened.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3,
        store.size_on_disk().unwrap() / (1024 * 1024)
    );
}

/// The data directory after `offers` trade offers made and withdrawn one after the other by
/// the current player, through the table (each change writes only that offer's record).
fn measure_offers(offers: u32) {
    let dir = tempfile::tempdir().unwrap();
    let options = TableOptions {
        render_boards: false,
        ..TableOptions::default()
    };
    let mut table = Table::open(Box::new(SledStore::open(dir.path()).unwrap()), options).unwrap();
    let place = 1;
    let caller = |user: u64| Caller::new(place, user, format!("player{user}"));
    let mut now = 1_000;
    let mut say = |table: &mut Table, user: u64, text: &str| {
        now += 1_000;
        let replies = table.handle_text(&caller(user), text, now);
        if let Some(refusal) = replies.iter().find(|r| r.is_refusal()) {
            panic!("{text}: {}", refusal.text);
        }
    };
    say(&mut table, 1, "new players 3 seed 3");
    say(&mut table, 2, "join");
    say(&mut table, 3, "join");
    say(&mut table, 1, "start");
    let game = table.game_in(place).unwrap();
    // Play the first legal move until the current player may trade and holds a card.
    let (user, give) = loop {
        let g = table.game_state(game.id).unwrap();
        let seat = g.current();
        if *g.phase() == Phase::Main
            && let Some((give, _)) = g.players()[seat as usize].hand.iter().next()
        {
            break (game.players[seat as usize].0, give);
        }
        let mover = g.waiting_for()[0];
        let legal = g.legal_actions(mover);
        let action = if legal.contains(&Action::EndTurn) {
            Action::EndTurn
        } else {
            legal[0].clone()
        };
        let ctx = ParseContext {
            topology: g.topology(),
            players: &game.players,
        };
        let text = command_for(&action, &ctx);
        say(&mut table, game.players[mover as usize].0, &text);
    };
    let want = Resource::ALL.into_iter().find(|&r| r != give).unwrap();
    let offer = format!("trade offer 1 {} for 1 {}", give.name(), want.name());
    let before = table.store_size().unwrap();
    let started = Instant::now();
    for n in 1..=offers {
        say(&mut table, user, &offer);
        say(&mut table, user, &format!("trade withdraw {n}"));
    }
    let elapsed = started.elapsed();
    let after = table.store_size().unwrap();
    println!(
        "{offers} offers made and withdrawn: data dir {:.1} MB (from {:.1} MB; {:.0} bytes per \
         offer), {:.0} offer changes/s",
        after as f64 / 1e6,
        before as f64 / 1e6,
        (after - before) as f64 / offers as f64,
        2.0 * offers as f64 / elapsed.as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `cargo bench -- NAME`: the first free argument filters, as criterion does.
    let filter = args
        .iter()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_default();
    benches();
    Criterion::default().configure_from_args().final_summary();
    // The printed figures are slow-ish; skip them when criterion is only listing or testing.
    if args.iter().any(|a| a == "--list" || a == "--test") {
        return;
    }
    println!("\n== printed figures ==");
    let figures: [(&str, &dyn Fn()); 5] = [
        ("appends 1 writer", &|| measure_appends(1, 5000)),
        ("appends 8 writers", &|| measure_appends(8, 1000)),
        ("appends 50 writers", &|| measure_appends(50, 200)),
        ("startup 2000 games", &|| measure_startup(2000)),
        ("offers 10000", &|| measure_offers(10_000)),
    ];
    for (name, measure) in figures {
        if name.contains(filter.as_str()) {
            measure();
        }
    }
}
