//! Platform-neutral inputs and outputs of the table: who is speaking where, and what to post.
//! Every adapter (Discord, console, a future Matrix one) translates to and from these.

use serde::{Deserialize, Serialize};

pub use super::ids::{GameId, PlaceId, UserId};
use super::summary::GameEndSummary;
use crate::i18n::Lang;

/// Who sent a command, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    pub place: PlaceId,
    pub user: UserId,
    /// Display name, used in messages.
    pub name: String,
    /// The user may manage the place (e.g. Discord "Manage Channels"): may abandon any game.
    pub is_manager: bool,
    /// The user's own language, if the platform says (Discord's interaction locale): replies
    /// only they see use it, and a game they open starts in it when the place has none.
    pub lang: Option<Lang>,
    /// The place's preferred language, if the platform says (a Discord server's preferred
    /// locale): a game opened there starts in it.
    pub place_lang: Option<Lang>,
    /// The community whose ratings games opened here count towards (a Discord server, a
    /// Matrix room; see `crate::community`); `None` where none are kept (the console).
    pub community: Option<u64>,
    /// The user may manage that community (Discord: Manage Server; Matrix: the room's
    /// managing power level): may start a new rating season.
    pub manages_community: bool,
}

impl Caller {
    /// A caller without manager rights.
    pub fn new(place: PlaceId, user: UserId, name: impl Into<String>) -> Caller {
        Caller {
            place,
            user,
            name: name.into(),
            is_manager: false,
            lang: None,
            place_lang: None,
            community: None,
            manages_community: false,
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

/// A long-lived message of a game, edited in place: the lobby, or the live turn message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LiveSlot {
    Lobby,
    Turn,
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
    /// The uses of the caller's helper open now (Helpers of Catan), and flip or exchange when
    /// due: the words after `helper` (`use jean ore`, `flip`).
    Helper,
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
/// (`catan:<game>:<action>:<version>`, at most 100 characters). The version only says which
/// moment the button was made for: a press is refused only if its action is not legal now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub id: String,
    pub label: String,
}

/// Which turn a live turn message belongs to: its game and the game version it was made at.
/// A platform that offers the turn message's controls without buttons (Matrix: reactions)
/// keeps it with the message and hands it back with the control, so a control used on an
/// earlier turn's message is judged exactly as that message's button would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnStamp {
    pub game: GameId,
    pub made_at: u64,
}

/// The turn message's common controls (Discord: buttons; Matrix: reactions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnControl {
    Roll,
    BuyCard,
    EndTurn,
    Hand,
}

/// A choice among options (Discord: a select menu; the console lists the options as
/// commands). The chosen option's `value` goes back through
/// [`crate::table::Table::handle_choice`] with the menu's `id`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    /// `catan:<game>:<menu>`, at most 100 characters.
    pub id: String,
    /// What to choose, e.g. "Where to build".
    pub placeholder: String,
    /// At most [`Menu::MAX_OPTIONS`].
    pub options: Vec<MenuOption>,
    /// How many options must be picked together (1, or e.g. the cards to discard).
    pub pick: u8,
}

impl Menu {
    /// Discord's limit for one select menu.
    pub const MAX_OPTIONS: usize = 25;
}

/// One option of a [`Menu`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MenuOption {
    /// Sent back when chosen (at most 100 characters).
    pub value: String,
    /// What the player sees, e.g. "Settlement at 23".
    pub label: String,
    /// A second line, e.g. "grain 6 · ore 8 · 3:1 port".
    pub description: String,
}

/// A place a hint names: its label as typed (`23`, `8-13`) and its pips (how many of the 36
/// rolls pay it; a road: its better end), see `place_order`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceExample {
    pub place: String,
    pub pips: u8,
}

/// Something the addressee can do next, named as a thing rather than as typed words: each
/// adapter says it its own way (the console: `build road 12-13`; Discord: the Build button or
/// `/catan build road`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hint {
    /// Sit down at the lobby's table.
    Join,
    /// The host starts the game.
    Start,
    /// Open a new game here.
    New,
    /// Place a settlement (setup or turn), on one of these example intersections (the best
    /// first, see `place_order`).
    PlaceSettlement {
        examples: Vec<PlaceExample>,
    },
    /// Place a road, e.g. one of these `12-13` edges (the best first).
    PlaceRoad {
        examples: Vec<PlaceExample>,
    },
    Roll,
    /// Build, trade, play a card or buy one.
    Build,
    BuyCard,
    PlayCard,
    Trade,
    EndTurn,
    /// Discard half of one's cards.
    Discard,
    /// Move the robber (and choose whom to rob).
    MoveRobber,
    /// Answer a posted trade offer.
    AnswerOffer {
        offer: u32,
    },
    /// The offerer picks one of those who accepted.
    ConfirmOffer {
        offer: u32,
    },
    /// Use, decline, flip or exchange one's helper (Helpers of Catan).
    Helper,
    /// See your own hand.
    Hand,
    /// How to play.
    Help,
    /// The rules topics (after a rules question the desk could not answer).
    Rules,
}

/// What a reply is, beyond its text, so adapters can treat it specially.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplyKind {
    /// An ordinary message.
    Message,
    /// The lobby of `game`: post it once, then edit that message in place whenever a new
    /// lobby reply for the same game comes.
    Lobby { game: u64 },
    /// The start of a turn (or any moment the game waits for someone new): a new message that
    /// pings `mention`. It becomes the game's live turn message: later
    /// [`ReplyKind::TurnUpdate`]s of the game edit it.
    TurnStart,
    /// The live turn message's new content (the turn's events so far, what is awaited now,
    /// the buttons that fit now, the board when it changed): edit it in place; post it if it
    /// is unknown (e.g. posted by another process before a restart).
    TurnUpdate { game: u64 },
    /// A public domestic trade offer: players accept/decline by reacting to this message; the
    /// adapter reports the posted message id back ([`crate::table::Table::offer_posted`]) so
    /// reactions can be routed to `offer`.
    TradeOffer { game: u64, offer: u32 },
    /// An updated text for an already posted trade offer message (edit it in place).
    /// `message` is the id the offer's record holds (`None` while the offer's post has not
    /// been reported yet): an offer that just closed has no record left to ask.
    TradeOfferUpdate {
        game: u64,
        offer: u32,
        message: Option<u64>,
    },
    /// A refusal: bad input, wrong turn, a rule. The game did not change.
    Refusal,
    /// The private answer to the caller's own move that tells nothing new (their hand, the
    /// same as before the move). A platform that answers every action anyway (Discord's
    /// reply to a click, replacing its menu) shows it; where it would be one more message (a
    /// Matrix direct chat, the console) it is left out: a hand is told when it changed.
    UnchangedHand,
    /// The game was won: the reply's text is the whole summary in words and its image the
    /// final board; `summary` is the same as data, `dice_chart` a second picture (PNG) to show
    /// with it and `timeline_chart` a third (victory points and cards per turn). Carries the
    /// Rematch button.
    GameEnd {
        summary: Box<GameEndSummary>,
        dice_chart: Option<Vec<u8>>,
        timeline_chart: Option<Vec<u8>>,
    },
}

/// A board picture to attach, not drawn yet: adapters draw it ([`Picture::png`]) outside the
/// table's lock, so one board never delays another game's command.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// What everyone may see (the public view: no hand, no deck order).
    pub view: std::sync::Arc<crate::engine::GameView>,
    pub names: std::sync::Arc<Vec<String>>,
}

impl Picture {
    /// Draws and encodes the board (tens of milliseconds).
    pub fn png(&self) -> Result<Vec<u8>, crate::render::RenderError> {
        crate::render::render_board(&self.view, &self.names)
    }
}

impl ReplyKind {
    /// The live message this reply posts (a new one for [`ReplyKind::TurnStart`]) or edits.
    pub fn live_slot(&self) -> Option<LiveSlot> {
        match self {
            ReplyKind::Lobby { .. } => Some(LiveSlot::Lobby),
            ReplyKind::TurnStart | ReplyKind::TurnUpdate { .. } => Some(LiveSlot::Turn),
            _ => None,
        }
    }
}

/// A file to attach to a message (e.g. a game's public record as JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// One message to post.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub audience: Audience,
    pub kind: ReplyKind,
    pub text: String,
    /// What the addressee can do next; rendered by each adapter in its own words.
    pub hints: Vec<Hint>,
    /// A board picture to attach.
    pub image: Option<Picture>,
    /// Another file to attach.
    pub file: Option<Attachment>,
    pub buttons: Vec<Button>,
    /// A choice to offer (Discord: a select menu, shown to the caller only when private).
    pub menu: Option<Menu>,
    /// The turn timer's deadline for what is awaited (ms since the Unix epoch), if any: each
    /// platform shows it its own way (Discord: a live relative timestamp).
    pub deadline_ms: Option<u64>,
    /// Users to ping.
    pub mention: Vec<UserId>,
    /// The game this reply is about, if any.
    pub game: Option<GameId>,
    /// For a live turn message ([`ReplyKind::TurnStart`], [`ReplyKind::TurnUpdate`]): which
    /// turn it belongs to, for controls that are not its buttons.
    pub turn_stamp: Option<TurnStamp>,
    /// This reply answers the caller's own command, button or reaction (Discord: send it as
    /// the interaction response; private ones as ephemeral). Replies with `false` are extra
    /// messages (e.g. a private note to a robbed player), which an adapter may deliver another
    /// way or drop if the platform cannot show them.
    pub reply_to_caller: bool,
    /// The language the text is in; adapters render hints, buttons and their own words around
    /// it in the same one ([`crate::i18n::scope`]).
    pub lang: Lang,
}

impl Reply {
    /// A public message in `place`.
    pub fn public(place: PlaceId, text: impl Into<String>) -> Reply {
        Reply {
            audience: Audience::Channel(place),
            kind: ReplyKind::Message,
            text: text.into(),
            hints: Vec::new(),
            image: None,
            file: None,
            buttons: Vec::new(),
            menu: None,
            deadline_ms: None,
            mention: Vec::new(),
            game: None,
            turn_stamp: None,
            reply_to_caller: false,
            lang: crate::i18n::current(),
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

    pub fn with_file(mut self, name: impl Into<String>, bytes: Vec<u8>) -> Reply {
        self.file = Some(Attachment {
            name: name.into(),
            bytes,
        });
        self
    }

    pub fn with_game(mut self, game: GameId) -> Reply {
        self.game = Some(game);
        self
    }

    pub fn with_hints(mut self, hints: Vec<Hint>) -> Reply {
        self.hints = hints;
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
