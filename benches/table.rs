//! Speed of the table with durable writes: commands per second through `Table` + the sled
//! store, per-command latency (p50/p99) without and with board rendering, and start-up time
//! with many stored games, and the latency of commands while another thread draws boards the
//! way the chat adapters do (outside the table's lock). Prints figures; run:
//! `cargo bench --bench table`.
//! Never asserted in tests (DESIGN.md: performance is measured, not asserted).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use catan_bot::engine::{Action, Game};
use catan_bot::store::SledStore;
use catan_bot::table::command::ParseContext;
use catan_bot::table::{Caller, Table, TableOptions, command_for};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// Board pictures attached to replies (zero while the renderer is unavailable).
static IMAGES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

thread_local! {
    /// Latencies of the commands whose replies carried a board picture.
    static WITH_IMAGE: std::cell::RefCell<Vec<Duration>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Builds when it can, often buys, sometimes plays, trades and builds roads, else ends.
fn choose(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let pick = |f: fn(&Action) -> bool, p: f64, rng: &mut ChaCha8Rng| {
        let v: Vec<&Action> = legal.iter().filter(|a| f(a)).collect();
        (!v.is_empty() && rng.gen_bool(p)).then(|| v[rng.gen_range(0..v.len())].clone())
    };
    pick(|a| matches!(a, Action::BuildCity(_)), 1.0, rng)
        .or_else(|| pick(|a| matches!(a, Action::BuildSettlement(_)), 1.0, rng))
        .or_else(|| pick(|a| matches!(a, Action::BuyDevCard), 0.6, rng))
        .or_else(|| pick(|a| matches!(a, Action::BuildRoad(_)), 0.5, rng))
        .or_else(|| {
            pick(
                |a| {
                    matches!(
                        a,
                        Action::PlayKnight { .. }
                            | Action::PlayInvention(..)
                            | Action::PlayMonopoly(_)
                            | Action::PlayRoadBuilding { .. }
                    )
                },
                0.5,
                rng,
            )
        })
        .or_else(|| pick(|a| matches!(a, Action::MaritimeTrade { .. }), 0.3, rng))
        .or_else(|| legal.contains(&Action::EndTurn).then_some(Action::EndTurn))
        .unwrap_or_else(|| legal[rng.gen_range(0..legal.len())].clone())
}

fn callers(place: u64) -> Vec<Caller> {
    NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| Caller::new(place, i as u64 + 1, *n))
        .collect()
}

/// Opens a game in `place` and plays up to `max` actions; returns per-command latencies
/// (from asking for the table's lock to the replies).
fn play(table: &Mutex<Table>, place: u64, seed: u64, max: usize, now: &mut u64) -> Vec<Duration> {
    let cs = callers(place);
    let send = |table: &Mutex<Table>, c: &Caller, text: &str, now: &mut u64| {
        *now += 1000;
        let t = Instant::now();
        let r = table.lock().expect("table").handle_text(c, text, *now);
        let d = t.elapsed();
        let images = r.iter().filter(|r| r.image.is_some()).count();
        IMAGES.fetch_add(images, std::sync::atomic::Ordering::Relaxed);
        if images > 0 {
            WITH_IMAGE.with(|w| w.borrow_mut().push(d));
        }
        if let Some(bad) = r.iter().find(|r| r.is_refusal()) {
            panic!("`{text}` refused: {}", bad.text);
        }
        d
    };
    send(table, &cs[0], &format!("new players 3 seed {seed}"), now);
    send(table, &cs[1], "join", now);
    send(table, &cs[2], "join", now);
    send(table, &cs[0], "start", now);
    let id = table
        .lock()
        .expect("table")
        .game_in(place)
        .map(|g| g.id)
        .unwrap_or(0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lat = Vec::new();
    for _ in 0..max {
        let (c, text) = {
            let t = table.lock().expect("table");
            let Some(g) = t.game_state(id) else { break };
            if g.winner().is_some() {
                break;
            }
            let seat = g.waiting_for()[0];
            let action = choose(&g.legal_actions(seat), &mut rng);
            let text = command(&t, id, g, &action);
            let user = t
                .games()
                .into_iter()
                .find(|s| s.id == id)
                .map(|s| s.players[seat as usize].0)
                .unwrap_or(0);
            let c = cs.iter().find(|c| c.user == user).unwrap_or(&cs[0]).clone();
            (c, text)
        };
        lat.push(send(table, &c, &text, now));
    }
    lat
}

/// One game's commands while another thread keeps drawing another game's board: it takes the
/// table's lock only to get the picture (a copy of the public view) and draws outside it, as
/// the adapters do. Returns the commands' latencies and how many boards were drawn meanwhile.
fn commands_while_boards_render(games: u64, now: &mut u64) -> (Vec<Duration>, usize, Duration) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = SledStore::open(dir.path()).expect("store");
    // Pictures are attached (a copy of the public view); drawing them is the adapter's job.
    let options = TableOptions {
        render_boards: true,
        ..TableOptions::default()
    };
    let table = Arc::new(Mutex::new(
        Table::open(Box::new(store), options).expect("table"),
    ));
    // The game whose board is drawn: set up, a few moves in.
    play(&table, 900, 5, 30, now);
    let drawer = callers(900)[0].clone();
    let stop = Arc::new(AtomicBool::new(false));
    let drawn = Arc::new(AtomicUsize::new(0));
    let render = {
        let (table, stop, drawn) = (table.clone(), stop.clone(), drawn.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let picture = table
                    .lock()
                    .expect("table")
                    .handle_text(&drawer, "board", 0)
                    .into_iter()
                    .find_map(|r| r.image);
                if let Some(p) = picture
                    && p.png().is_ok()
                {
                    drawn.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    };
    let t = Instant::now();
    let mut lat = Vec::new();
    for g in 0..games {
        lat.extend(play(&table, 1000 + g, 31 + g, 10_000, now));
    }
    let wall = t.elapsed();
    stop.store(true, Ordering::Relaxed);
    render.join().expect("render thread");
    (lat, drawn.load(Ordering::Relaxed), wall)
}

fn command(table: &Table, id: u64, g: &Game, action: &Action) -> String {
    let players = table
        .games()
        .into_iter()
        .find(|s| s.id == id)
        .map(|s| s.players)
        .unwrap_or_default();
    command_for(
        action,
        &ParseContext {
            topology: g.topology(),
            players: &players,
        },
    )
}

fn report(label: &str, mut lat: Vec<Duration>, wall: Duration) {
    lat.sort();
    let p = |q: f64| lat[((lat.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    println!(
        "{label}: {} commands in {:.2} s = {:.0} commands/s; per command p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        lat.len(),
        wall.as_secs_f64(),
        lat.len() as f64 / wall.as_secs_f64(),
        p(0.5),
        p(0.99),
        p(1.0)
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs a quick smoke version.
    let quick = !std::env::args().any(|a| a == "--bench");
    let games = if quick { 1 } else { 10 };
    let mut now = 1_000_000;

    for (label, render) in [("no render", false), ("with render", true)] {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = SledStore::open(dir.path()).expect("store");
        let options = TableOptions {
            render_boards: render,
            ..TableOptions::default()
        };
        let table = Mutex::new(Table::open(Box::new(store), options).expect("table"));
        let t = Instant::now();
        let mut lat = Vec::new();
        for g in 0..games {
            lat.extend(play(&table, 100 + g, 11 + g, 10_000, &mut now));
        }
        let table = table.into_inner().expect("table");
        report(&format!("table + sled, {label}"), lat, t.elapsed());
        println!(
            "  boards rendered so far: {}",
            IMAGES.load(std::sync::atomic::Ordering::Relaxed)
        );
        let with_image = WITH_IMAGE.with(|w| std::mem::take(&mut *w.borrow_mut()));
        if !with_image.is_empty() {
            let wall = with_image.iter().sum();
            report("  commands that rendered a board", with_image, wall);
        }
        println!("  store size {} KB", table.store_size().unwrap_or(0) / 1024);
    }

    let (lat, drawn, wall) = commands_while_boards_render(games, &mut now);
    report(
        "table + sled while another thread draws boards (outside the lock)",
        lat,
        wall,
    );
    println!("  boards drawn meanwhile: {drawn}");

    // Start-up: many unfinished games in one store.
    let stored = if quick { 20 } else { 1_000 };
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let store = SledStore::open(dir.path()).expect("store");
        let options = TableOptions {
            render_boards: false,
            ..TableOptions::default()
        };
        let table = Mutex::new(Table::open(Box::new(store), options).expect("table"));
        for g in 0..stored {
            play(&table, 10_000 + g, g, 80, &mut now);
        }
    }
    let t = Instant::now();
    let store = SledStore::open(dir.path()).expect("store");
    let table = Table::open(Box::new(store), TableOptions::default()).expect("table");
    println!(
        "start-up: {} unfinished games (80 actions each) resumed in {:.3} s",
        table.games().len(),
        t.elapsed().as_secs_f64()
    );
}
