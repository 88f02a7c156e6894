//! The table: hosting games in chat places — lobby, seats, the command language, trade offers,
//! timers, and turning engine events into replies. Platform-neutral (see DESIGN.md).

pub mod reply;

pub use reply::{Audience, Button, Caller, PlaceId, Reply, ReplyKind, UserId};
