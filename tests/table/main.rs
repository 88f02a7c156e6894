//! The table's tests in one test binary (one link instead of one per file): commands, places,
//! bots, timers, privacy and limits, on a real table over a real store (`table_support`).

#[path = "../table_support/mod.rs"]
mod table_support;

mod bots_play;
mod table_authorization;
mod table_bot_offers;
mod table_bot_trades;
mod table_bots;
mod table_expert;
mod table_fairness;
mod table_helpers;
mod table_house_rules;
mod table_limits;
mod table_long_input;
mod table_moves;
mod table_names;
mod table_numbers;
mod table_place_order;
mod table_places;
mod table_privacy;
mod table_ratings;
mod table_rough_edges;
mod table_stale_buttons;
mod table_suggestions;
mod table_timers;
mod table_typed;
mod timer_save_failure;
