//! Why an action was refused ([`RuleError`]), as facts: seats, places, resources, costs, what
//! the game waits for. The engine speaks no language; the table puts a refusal in words once,
//! in the players' language and with their names (`table/refusals.rs`).
//!
//! The `Display` of a refusal is developer text (its `Debug` form) for logs and test failures,
//! never shown to players.

use thiserror::Error;

use super::board::{EdgeId, HexId, VertexId};
use super::helpers::Helper;
use super::types::{DevCard, Resource, Resources, Seat};

/// Why an action was refused: what was wrong and, where it helps, what is allowed instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("refused: {self:?}")]
pub enum RuleError {
    GameOver,
    /// The seat is not at this table (`players` seats, numbered from 0).
    NoSuchSeat {
        seat: Seat,
        players: u8,
    },
    NotYourTurn {
        waiting: Awaited,
    },
    WrongPhase {
        attempt: Attempt,
        allowed: Allowed,
    },
    NoSuchPlace {
        place: Place,
    },
    IntersectionTaken {
        at: VertexId,
    },
    DistanceRule {
        at: VertexId,
        neighbor: VertexId,
    },
    EdgeTaken {
        at: EdgeId,
    },
    NotConnected {
        at: EdgeId,
    },
    SetupRoadMustTouch {
        settlement: VertexId,
    },
    SettlementNotConnected {
        at: VertexId,
    },
    NoSettlementToUpgrade {
        at: VertexId,
    },
    NoPiecesLeft {
        piece: Piece,
        limit: u8,
    },
    CannotAfford {
        cost: Resources,
        have: Resources,
    },
    DeckEmpty,
    NoSuchCard {
        card: DevCard,
    },
    AlreadyPlayedDevCard,
    /// The supply can't give `asked` of `resource`: it has `left`.
    SupplyEmpty {
        resource: Resource,
        asked: u8,
        left: u8,
    },
    /// Road Building named two roads but only one piece is left.
    OneRoadLeft,
    /// Road Building named one road where two can be placed.
    NameSecondRoad,
    Robber(RobberRefusal),
    Discard(DiscardRefusal),
    Trade(TradeRefusal),
    /// A helper (Helpers of Catan) can't be used or chosen like that.
    Helper(HelperRefusal),
}

/// Whom the game waits for (in a "not your turn" refusal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Awaited {
    /// The current player.
    Seat(Seat),
    /// These seats still owe cards after a 7.
    Discards(Vec<Seat>),
    /// This seat's slot in the special building phase.
    SpecialBuild(Seat),
    /// This seat's choice in a helper's use.
    HelperChoice(Seat),
    /// Nobody: the game is over.
    Nobody,
}

/// What a seat asked to do at the wrong moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    Roll,
    Discard,
    MoveRobber,
    PlaceSettlement,
    PlaceRoad,
    Trade,
    EndTurn,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevCard,
    Play(DevCard),
    Use(Helper),
}

/// What the refused seat may do now instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Allowed {
    SetupSettlement,
    /// The setup road, touching the settlement just placed here.
    SetupRoad(VertexId),
    Roll,
    /// Discard this many cards first.
    Discard(u8),
    /// Nothing until these players have moved.
    Waiting(Awaited),
    MoveRobber,
    Main,
    SpecialBuild,
    Nothing,
    /// A pending helper step comes first.
    Helper(HelperStep),
}

/// The step a pending helper use waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelperStep {
    /// Use the offered helper (Marianne, Sean) or let it pass.
    Use(Helper),
    /// Candamir: keep one of the cards looked at.
    Keep,
    /// Hilde: take a card from this seat.
    Take(Seat),
    /// Nassir: give a card back to one of these seats.
    GiveBack(Vec<Seat>),
    /// Flip the helper or exchange it.
    Flip,
}

/// A place that is not on this board (its id as asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Intersection(VertexId),
    Road(EdgeId),
    Hex(HexId),
}

/// A kind of piece a player may run out of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Roads,
    Settlements,
    Cities,
}

/// Why the robber can't go there or rob that player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RobberRefusal {
    AlreadyThere {
        hex: HexId,
    },
    /// Someone can be robbed there: name one of `victims`.
    ChooseVictim {
        hex: HexId,
        victims: Vec<Seat>,
    },
    Yourself,
    /// Nobody can be robbed on `hex`, so not `seat` either.
    Nobody {
        hex: HexId,
        seat: Seat,
    },
    /// `seat` can't be robbed on `hex`; `victims` can.
    NotThere {
        hex: HexId,
        seat: Seat,
        victims: Vec<Seat>,
    },
    /// Friendly robber: `hex` touches a building of `seats`, who have at most
    /// [`crate::FRIENDLY_ROBBER_MAX_VP`] public points, and other hexes are free of them.
    Protected {
        hex: HexId,
        seats: Vec<Seat>,
    },
    /// Friendly robber: `seat` has at most [`crate::FRIENDLY_ROBBER_MAX_VP`] public points and
    /// can't be robbed.
    ProtectedVictim {
        seat: Seat,
    },
}

/// Why a discard after a 7 was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiscardRefusal {
    /// `owed` cards are due, `count` were offered.
    Exactly {
        owed: u8,
        count: u32,
    },
    NotHeld {
        cards: Resources,
        hand: Resources,
    },
}

/// Why a trade was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TradeRefusal {
    Same {
        give: Resource,
        get: Resource,
    },
    AtLeastOne,
    /// At `rate`:1, `count` of `get` need `need` of `give`; the seat has `have`.
    Rate {
        rate: u8,
        need: u32,
        give: Resource,
        count: u8,
        get: Resource,
        have: u32,
    },
    OtherPlayer,
    NoGifts,
    BothSides(Resource),
    NotHeld {
        give: Resources,
        hand: Resources,
    },
    TheyLack {
        seat: Seat,
        get: Resources,
    },
}

/// Why a helper can't be used or chosen like that.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelperRefusal {
    NoneInGame,
    NoChoice,
    NoHelper,
    NotLookedAt(DevCard),
    VictimLacks {
        seat: Seat,
        resource: Resource,
    },
    OweNone {
        seat: Seat,
        owed: Vec<Seat>,
    },
    NothingToGive(Resource),
    AlreadyB(Helper),
    NotInDisplay {
        helper: Helper,
        display: Vec<Helper>,
    },
    /// Another step of a use comes first.
    Pending(HelperStep),
    SeanNoDiscard {
        limit: u8,
    },
    SeanSpares,
    UseOffered,
    AfterRoll(Helper),
    /// Marianne or Sean, used only when a roll offers them.
    WhenOfferedRoll(Helper),
    ReceivedNow(Helper),
    UsedAlready(Helper),
    Other {
        held: Helper,
        helper: Helper,
    },
    NoneYet,
    WhenOffered(Helper),
    Candamir,
    William,
    LouisLift(EdgeId),
    LouisPlace(EdgeId),
    Nassir(Seat),
    TwoOpponents,
    NotOpponent(Seat),
    Hilde {
        mine: u8,
        seat: Seat,
        theirs: u8,
    },
    NoCards(Seat),
    LinInDesert,
    LinNotDesert(HexId),
    Vincent,
}
