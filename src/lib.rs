//! catan-bot: Catan in a chat channel. See DESIGN.md for the layers:
//! `engine` (rules) ← `table` (chat-neutral game hosting) ← adapters (`discord`, `matrix`, `console`; what they share is in `hosting`, and `serve` runs them),
//! with `store` (sled) and `render` (PNG) beside the table.

pub mod bench;
pub mod bots;
pub mod community;
pub mod config;
pub mod console;
pub mod discord;
/// The rules: the `catan-engine` crate (`crates/engine`), under the name the bot crate uses.
pub use catan_engine as engine;
pub mod hosting;
pub mod i18n;
#[cfg(feature = "matrix")]
pub mod matrix;
pub mod render;
pub mod serve;
pub mod sim;
pub mod store;
pub mod table;
pub mod verify;
