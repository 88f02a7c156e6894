//! Test support shared by the Discord end-to-end tests.
pub mod bot_process;
pub mod fake_discord;
