//! Test support shared by the Discord end-to-end tests.
pub mod bot_process;
pub mod components;
pub mod discord_json;
pub mod fake_discord;
pub mod first_turn;
pub mod game_driver;
pub mod http_body;
pub mod limits;
pub mod players;
pub mod policy;
pub mod recorded;
