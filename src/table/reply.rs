//! Platform-neutral inputs and outputs of the table: who is speaking where, and what to post.
//! Every adapter (Discord, console, a future Matrix one) translates to and from these.

use serde::{Deserialize, Serialize};

/// A chat place a game is bound to (a channel or thread id).
pub type PlaceId = u64;
/// A chat user id.
pub type UserId = u64;
/// Identifies one hosted game for its whole life (same as the store's id).
pub type GameId = u64;

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

impl Caller {
    /// A caller without manager rights.
    pub fn new(place: PlaceId, user: UserId, name: impl Into<String>) -> Caller {
        Caller {
            place,
            user,
            name: name.into(),
            is_manager: false,
        }
    }
}

/// A reaction on a posted trade offer message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reaction {
    /// ✅
    Accept,
    /// ❌
    Decline,
}

/// What an autocomplete (or a `build road ?` question) asks for
/// ([`crate::table::Table::suggest`]). A kind that depends on an option chosen before it
/// carries that option as typed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlaceKind {
    /// Intersections where the caller may place a settlement now.
    Settlement,
    /// The caller's settlements that may become cities now.
    City,
    /// Edges where the caller may build a road now (in setup, or paying for it).
    Road,
    /// Hexes the robber may move to now (after a 7).
    Robber,
    /// Hexes a knight played now may send the robber to.
    Knight,
    /// Players the caller may rob now with the robber or a knight on `hex` (a hex label such
    /// as `C3`).
    Victim { hex: String },
    /// Road Building's first free road.
    FreeRoad,
    /// Road Building's second free road, after `first` (a road label such as `8-13`).
    SecondFreeRoad { first: String },
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
/// [`crate::table::Table::handle_button`]; it encodes game, action and game version
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
    /// The start of a turn (or any moment the game waits for someone new): should ping
    /// `mention` as a new message.
    TurnStart,
    /// A public domestic trade offer: players accept/decline by reacting to this message; the
    /// adapter reports the posted message id back ([`crate::table::Table::offer_posted`]) so
    /// reactions can be routed to `offer`.
    TradeOffer { game: u64, offer: u32 },
    /// An updated text for an already posted trade offer message (edit it in place).
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
    /// The game this reply is about, if any.
    pub game: Option<GameId>,
    /// This reply answers the caller's own command, button or reaction (Discord: send it as
    /// the interaction response; private ones as ephemeral). Replies with `false` are extra
    /// messages (e.g. a private note to a robbed player), which an adapter may deliver another
    /// way or drop if the platform cannot show them.
    pub reply_to_caller: bool,
}

impl Reply {
    /// A public message in `place`.
    pub fn public(place: PlaceId, text: impl Into<String>) -> Reply {
        Reply {
            audience: Audience::Channel(place),
            kind: ReplyKind::Message,
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            mention: Vec::new(),
            game: None,
            reply_to_caller: false,
        }
    }

    /// A message only `user` may see.
    pub fn private(user: UserId, text: impl Into<String>) -> Reply {
        Reply {
            audience: Audience::Private(user),
            ..Reply::public(0, text)
        }
    }

    /// A private refusal to the caller: nothing changed.
    pub fn refusal(user: UserId, text: impl Into<String>) -> Reply {
        Reply {
            kind: ReplyKind::Refusal,
            reply_to_caller: true,
            ..Reply::private(user, text)
        }
    }

    pub fn with_kind(mut self, kind: ReplyKind) -> Reply {
        self.kind = kind;
        self
    }

    pub fn with_game(mut self, game: GameId) -> Reply {
        self.game = Some(game);
        self
    }

    pub fn to_caller(mut self) -> Reply {
        self.reply_to_caller = true;
        self
    }

    pub fn is_public(&self) -> bool {
        matches!(self.audience, Audience::Channel(_))
    }

    pub fn is_refusal(&self) -> bool {
        self.kind == ReplyKind::Refusal
    }
}
