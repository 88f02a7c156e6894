//! The engine replays games recorded with an earlier engine bit for bit: the same settings,
//! seed and actions give the same state (bincode bytes, hashed), and the random simulator,
//! drawing from the same legal-action lists, picks the same actions. This pins the engine's
//! behaviour (rolls, steals, deck order, legal-action order) across speed work.
//!
//! `tests/fixtures/engine_games.json` was written by this test with the engine of before
//! the bit-set caches (`CATAN_WRITE_ENGINE_FIXTURE=1 cargo test --test
//! rules engine_recorded::`); never rewrite it to make a change pass.

use catan_engine::playout::play_random_game;
use catan_engine::testkit::serialize;
use catan_engine::{Action, Game, LayoutKind, Settings};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

const FIXTURE: &str = "tests/fixtures/engine_games.json";

#[derive(Serialize, Deserialize)]
struct Recorded {
    players: u8,
    layout: LayoutKind,
    seed: u64,
    /// Every action, in order (the simulator's choices).
    actions: Vec<Action>,
    /// SHA-256 of the final state's bincode bytes.
    final_state: String,
}

fn settings(players: u8, layout: LayoutKind) -> Settings {
    Settings {
        layout,
        ..Settings::for_players(players)
    }
}

fn digest(g: &Game) -> String {
    Sha256::digest(serialize(g))
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Plays one random game, recording the actions taken.
fn record(players: u8, layout: LayoutKind, seed: u64) -> Recorded {
    let mut game = Game::new(settings(players, layout), seed);
    let mut log = Game::new(settings(players, layout), seed);
    let outcome = play_random_game(&mut game, seed, 400, false);
    assert!(outcome.is_ok(), "{outcome:?}");
    let actions = replay_choices(&mut log, seed);
    assert_eq!(digest(&log), digest(&game));
    Recorded {
        players,
        layout,
        seed,
        actions,
        final_state: digest(&game),
    }
}

/// The simulator's choices, recorded: the same draw as `play_random_game`.
fn replay_choices(game: &mut Game, seed: u64) -> Vec<Action> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x005e_ed0f_ca7a);
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while game.winner().is_none() && game.turn() <= 400 {
        let Some(seat) = game.next_to_act() else {
            break;
        };
        game.legal_actions_into(seat, &mut legal);
        let action = legal[rng.gen_range(0..legal.len())].clone();
        if let Err(e) = game.apply(seat, &action) {
            panic!("legal {action:?} refused: {e}");
        }
        actions.push(action);
    }
    actions
}

fn games() -> Vec<(u8, LayoutKind, u64)> {
    vec![
        (3, LayoutKind::Variable, 101),
        (4, LayoutKind::Variable, 102),
        (4, LayoutKind::Beginner, 103),
        (5, LayoutKind::Variable, 104),
        (6, LayoutKind::Variable, 105),
    ]
}

#[test]
fn recorded_games_replay_bit_for_bit() {
    if std::env::var_os("CATAN_WRITE_ENGINE_FIXTURE").is_some() {
        let all: Vec<Recorded> = games()
            .into_iter()
            .map(|(p, l, s)| record(p, l, s))
            .collect();
        let json = serde_json::to_string(&all).expect("fixture serializes");
        std::fs::write(FIXTURE, json).expect("fixture written");
    }
    let text = std::fs::read_to_string(FIXTURE).expect("fixture present");
    let recorded: Vec<Recorded> = serde_json::from_str(&text).expect("fixture parses");
    assert_eq!(recorded.len(), games().len());
    for r in &recorded {
        // Replay through the checking `apply`.
        let mut g = Game::new(settings(r.players, r.layout), r.seed);
        for (i, a) in r.actions.iter().enumerate() {
            let Some(seat) = g.next_to_act() else {
                panic!("game {} ended early at action {i}", r.seed);
            };
            if let Err(e) = g.apply(seat, a) {
                panic!("game {} action {i} {a:?} refused: {e}", r.seed);
            }
        }
        assert_eq!(
            digest(&g),
            r.final_state,
            "game {} replayed differently",
            r.seed
        );
        // The simulator draws from the legal lists: the same lists give the same game.
        let mut sim = Game::new(settings(r.players, r.layout), r.seed);
        let again = replay_choices(&mut sim, r.seed);
        assert_eq!(again.len(), r.actions.len(), "game {}", r.seed);
        assert!(again == r.actions, "game {}: other choices", r.seed);
        assert_eq!(digest(&sim), r.final_state);
        // A stored game (bincode) reloads and plays on identically.
        let bytes = serialize(&g);
        let back: Game = bincode::deserialize(&bytes).expect("state reloads");
        assert_eq!(digest(&back), r.final_state);
    }
}

#[test]
fn a_reloaded_game_offers_the_same_moves_mid_game() {
    let mut g = Game::new(settings(4, LayoutKind::Variable), 7);
    let _ = play_random_game(&mut g, 7, 6, false);
    let back: Game = bincode::deserialize(&serialize(&g)).expect("state reloads");
    for seat in 0..4 {
        assert_eq!(
            g.legal_actions(seat),
            back.legal_actions(seat),
            "seat {seat}"
        );
    }
}
