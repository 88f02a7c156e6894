//! A community's ratings: who is best among the players of one Discord server or one Matrix
//! room (the console keeps none). Every finished game with at least two people is recorded
//! in its community's current season and, when rated, moves its players' ratings; a manager
//! can start a new season, and old seasons stay readable.
//!
//! Layering: this module knows the store and the rating method, not the table. The table
//! describes a finished game as a [`GameResult`] (`table::rating_input`) and asks for the
//! records to write with the game's final record ([`store::game_end_records`]), so the
//! ratings and the finished game are one atomic write.
//!
//! Files: `ratings` (the method, TrueSkill), `result` (a finished game's placings and what is
//! counted), `records` (the stored shapes), `store` (reading and writing them), `standings`
//! (leaderboard and profile as data), `measure` (the comparison that picked the method).

pub mod measure;
pub mod ratings;
pub mod records;
pub mod result;
pub mod standings;
pub mod store;

pub use ratings::Rating;
pub use records::{Header, Season, Standing};
pub use result::{GameResult, Participant};
pub use store::{Community, CommunityError};

/// A community: a Discord server's id, or a Matrix room's place id (the table's ids of
/// the two platforms never meet, see `hosting::Platform`).
pub type CommunityId = u64;
