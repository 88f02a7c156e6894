//! The rules' tests in one test binary (one link instead of one per file): the engine's rules,
//! its properties and recorded games, whole games at a table, and the rules desk.

#[path = "../table_support/mod.rs"]
mod table_support;

mod engine_props;
mod engine_recorded;
mod game_full;
mod game_restart;
mod game_scenarios;
mod game_summary;
mod rules_board_setup;
mod rules_desk;
mod rules_helpers;
mod rules_longest_route;
mod rules_turn;
mod rules_victory;
