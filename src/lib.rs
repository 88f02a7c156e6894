//! catan-bot: Catan in a chat channel. See DESIGN.md for the layers:
//! `engine` (rules) ← `table` (chat-neutral game hosting) ← adapters (`discord`, `console`),
//! with `store` (sled) and `render` (PNG) beside the table.

pub mod console;
pub mod delivery_order;
pub mod discord;
pub mod engine;
pub mod render;
pub mod sim;
pub mod store;
pub mod table;
pub mod verify;
