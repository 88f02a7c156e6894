//! Engine speed: `legal_actions` and `apply` at mid-game states, and whole random games.

use catan_bot::engine::playout::play_random_game;
use catan_bot::engine::{Action, Game, Settings};
use criterion::{BatchSize, Criterion, black_box, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A 4-player game after `steps` random legal actions (seeded), not finished.
fn midgame(seed: u64, steps: usize) -> Game {
    let mut g = Game::new(Settings::for_players(4), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    for _ in 0..steps {
        if g.winner().is_some() {
            break;
        }
        let seat = g.waiting_for()[0];
        g.legal_actions_into(seat, &mut buf);
        let a = buf[rng.gen_range(0..buf.len())].clone();
        g.apply(seat, &a).expect("legal action");
    }
    g
}

fn bench_engine(c: &mut Criterion) {
    let states: Vec<Game> = (0..16).map(|s| midgame(s, 300)).collect();
    let mut buf: Vec<Action> = Vec::with_capacity(256);
    c.bench_function("legal_actions_into (16 mid-game states)", |b| {
        b.iter(|| {
            let mut n = 0;
            for g in &states {
                g.legal_actions_into(g.waiting_for()[0], &mut buf);
                n += buf.len();
            }
            black_box(n)
        })
    });
    // one legal action per state, chosen once
    let picks: Vec<(u8, Action)> = states
        .iter()
        .map(|g| {
            let seat = g.waiting_for()[0];
            let legal = g.legal_actions(seat);
            (seat, legal[legal.len() / 2].clone())
        })
        .collect();
    c.bench_function("apply (16 mid-game states, clone excluded)", |b| {
        b.iter_batched(
            || states.clone(),
            |mut games| {
                for (g, (seat, a)) in games.iter_mut().zip(&picks) {
                    black_box(g.apply(*seat, a).is_ok());
                }
                games
            },
            BatchSize::SmallInput,
        )
    });
    let mut seed = 0u64;
    c.bench_function("random 4-player game (max 1000 turns)", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Game::new(Settings::for_players(4), seed);
            black_box(play_random_game(&mut g, seed, 1000, false).map(|o| o.actions))
        })
    });
}

criterion_group!(benches, bench_engine);
criterion_main!(benches);
