//! The rules at a table in one test binary (one link instead of one per file): board setup and
//! the Helpers through the table, whole games, and the rules desk. The engine's own rules tests
//! are in `crates/engine/tests/rules` (they build without the chat crates).

#[path = "../table_support/mod.rs"]
mod table_support;

mod game_full;
mod game_restart;
mod game_scenarios;
mod game_summary;
mod rules_board_setup;
mod rules_desk;
mod rules_helpers;
