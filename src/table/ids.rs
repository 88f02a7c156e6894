//! The ids the table speaks: every adapter maps its platform's ids to these numbers (see
//! `hosting::Platform` for how two platforms share them).

/// A chat place a game is bound to (a channel or thread id).
pub type PlaceId = u64;
/// A chat user id.
pub type UserId = u64;
/// Identifies one hosted game for its whole life (same as the store's id).
pub type GameId = u64;
