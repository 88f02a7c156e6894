//! Platform-neutral inputs and outputs of the table: who is speaking where, and what to post.
//! Every adapter (Discord, console, a future Matrix one) translates to and from these.

use serde::{Deserialize, Serialize};

/// A chat place a game is bound to (a channel or thread id).
pub type PlaceId = u64;
/// A chat user id.
pub type UserId = u64;

/// Who sent a command, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    pub place: PlaceId,
    pub user: UserId,
    /// Display name, used in messages.
    pub name: String,
    /// The user may manage the place (e.g. Discord "Manage Channels"): may abandon any game.
    pub is_manager: bool,
}

/// Who may see a reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// Everyone in the place.
    Channel(PlaceId),
    /// Only this user (Discord: an ephemeral response to that user's own interaction).
    Private(UserId),
}

/// A suggested action, shown as a button. `id` is what the adapter sends back through
/// [`crate::table::Table`]'s button entry point; it encodes game, action and game version
/// (`catan:<game>:<action>:<version>`, at most 100 characters).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub id: String,
    pub label: String,
}

/// What a reply is, beyond its text, so adapters can treat it specially.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplyKind {
    /// An ordinary message.
    Message,
    /// The start of a turn: should ping `mention` as a new message.
    TurnStart,
    /// A public domestic trade offer: players accept/decline by reacting to this message; the
    /// adapter reports the posted message id back so reactions can be routed to `offer`.
    TradeOffer { game: u64, offer: u32 },
    /// An updated text for an already posted trade offer message.
    TradeOfferUpdate { game: u64, offer: u32 },
    /// A refusal: bad input, wrong turn, a rule. The game did not change.
    Refusal,
}

/// One message to post.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub audience: Audience,
    pub kind: ReplyKind,
    pub text: String,
    /// A board picture (PNG bytes) to attach.
    pub image: Option<Vec<u8>>,
    pub buttons: Vec<Button>,
    /// Users to ping.
    pub mention: Vec<UserId>,
}
