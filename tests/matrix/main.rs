//! The Matrix end-to-end tests in one test binary (one link of matrix-sdk instead of six): a
//! real Synapse on 127.0.0.1 (`matrix_support`), players with real (encrypting) clients, and
//! the bot. Without a Synapse venv they print `skipped` and pass, except under CI.
//! Run one area with `cargo test --test matrix game::` (or `encrypted::`, `identity::` …).

mod matrix_support;

mod direct_rooms;
mod encrypted;
mod fixture;
mod game;
mod identity;
mod ratings;
mod room_life;
mod tidy;
