//! What a seat asks for ([`Action`]) and what happened ([`Event`]); why a request was refused
//! ([`RuleError`]) lives in `refusal.rs`.

use serde::{Deserialize, Serialize};

use super::board::{EdgeId, HexId, VertexId};
use super::helpers::{Helper, HelperChoice, HelperUse};
use super::types::{DevCard, Resource, Resources, Seat};

pub use super::refusal::RuleError;

/// Everything a seat can ask the engine to do. One chat command maps to one action.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Roll the dice (production phase).
    Roll,
    /// Return cards after a 7 (each affected player, in any order).
    Discard(Resources),
    /// After a 7: move the robber and steal from `victim` (required when anyone can be
    /// robbed there; `None` only when nobody can).
    MoveRobber { hex: HexId, victim: Option<Seat> },
    /// Place a road: free in setup and with Road Building, else brick + lumber.
    BuildRoad(EdgeId),
    /// Place a settlement: free in setup, else brick + lumber + wool + grain.
    BuildSettlement(VertexId),
    /// Upgrade one of your settlements: 3 ore + 2 grain.
    BuildCity(VertexId),
    /// Buy the top development card: ore + wool + grain.
    BuyDevCard,
    /// Play a knight: move the robber and steal as after a 7 (no discards).
    PlayKnight { hex: HexId, victim: Option<Seat> },
    /// Play Road Building: place up to two free roads (the second may build on the first).
    PlayRoadBuilding {
        first: EdgeId,
        second: Option<EdgeId>,
    },
    /// Play Invention (Year of Plenty): take two resources from the supply.
    PlayInvention(Resource, Resource),
    /// Play Monopoly: every other player gives you all their cards of this resource.
    PlayMonopoly(Resource),
    /// Trade with the supply: give `rate × count` of `give` for `count` of `get`.
    MaritimeTrade {
        give: Resource,
        get: Resource,
        count: u8,
    },
    /// An agreed trade between the current player and `with` (negotiated by the table):
    /// the current player gives `give` and receives `get`.
    DomesticTrade {
        with: Seat,
        give: Resources,
        get: Resources,
    },
    /// End your turn (or your slot in the special building phase).
    EndTurn,
    /// Helpers of Catan: use your helper's advantage.
    UseHelper(HelperUse),
    /// Helpers: the second step of a use (Candamir, Hilde, Nassir).
    HelperChoice(HelperChoice),
    /// Helpers: let the offer to use Marianne or Sean after a roll pass.
    DeclineHelper,
    /// Helpers: after a use, keep the helper, turned to its B side.
    FlipHelper,
    /// Helpers: after a use, return the helper to the display and take this one.
    ExchangeHelper(Helper),
}

impl Action {
    /// Playing a development card (any kind).
    pub fn is_card_play(&self) -> bool {
        matches!(
            self,
            Action::PlayKnight { .. }
                | Action::PlayRoadBuilding { .. }
                | Action::PlayInvention(..)
                | Action::PlayMonopoly(_)
        )
    }

    /// Placing a piece: a road, settlement or city (not with a card).
    pub fn is_build(&self) -> bool {
        matches!(
            self,
            Action::BuildRoad(_) | Action::BuildSettlement(_) | Action::BuildCity(_)
        )
    }
}

/// Whose move the game is waiting for, and what kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Setup: `round` 1 (seat order) or 2 (reverse); a settlement then a road.
    Setup {
        round: u8,
        /// The settlement just placed, waiting for its road.
        road_from: Option<VertexId>,
    },
    /// Current player may play a card or roll.
    BeforeRoll,
    /// A 7 was rolled: these seats still owe these many cards.
    Discard { owed: Vec<(Seat, u8)> },
    /// A 7 was rolled and discards are done: the current player moves the robber.
    MoveRobber,
    /// The current player trades, builds and plays cards.
    Main,
    /// 5–6 players: after `current`'s turn, `builder` may build and buy.
    SpecialBuild { builder: Seat },
    /// Someone won.
    Finished { winner: Seat },
}

/// Something that happened. Events with private details say who may see them
/// ([`Event::private_to`]); the table builds public text from the rest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    SpecialBuildStarted {
        seat: Seat,
    },
    Rolled {
        seat: Seat,
        dice: (u8, u8),
    },
    /// Cards each seat received from a roll (only non-empty entries).
    Produced {
        gains: Vec<(Seat, Resources)>,
    },
    /// Nobody got this resource: the supply could not pay everyone owed it.
    Shortage {
        resource: Resource,
    },
    /// The rolled number's hex under the robber produced nothing for these seats' buildings.
    RobberBlocked {
        hex: HexId,
        seats: Vec<Seat>,
    },
    /// The second setup settlement's starting resources.
    StartingResources {
        seat: Seat,
        cards: Resources,
    },
    MustDiscard {
        owed: Vec<(Seat, u8)>,
    },
    Discarded {
        seat: Seat,
        cards: Resources,
    },
    RobberMoved {
        seat: Seat,
        hex: HexId,
    },
    /// `card` is private to thief and victim; others learn only that a card moved.
    Stole {
        thief: Seat,
        victim: Seat,
        card: Resource,
    },
    /// The robber was moved where nobody could be robbed.
    NothingToSteal {
        seat: Seat,
    },
    RoadBuilt {
        seat: Seat,
        edge: EdgeId,
    },
    SettlementBuilt {
        seat: Seat,
        vertex: VertexId,
    },
    CityBuilt {
        seat: Seat,
        vertex: VertexId,
    },
    /// `card` is private to the buyer.
    DevCardBought {
        seat: Seat,
        card: DevCard,
    },
    DevCardPlayed {
        seat: Seat,
        card: DevCard,
    },
    InventionTaken {
        seat: Seat,
        cards: Resources,
    },
    Monopoly {
        seat: Seat,
        resource: Resource,
        taken: Vec<(Seat, u8)>,
    },
    MaritimeTraded {
        seat: Seat,
        gave: Resources,
        got: Resources,
    },
    DomesticTraded {
        seat: Seat,
        with: Seat,
        gave: Resources,
        got: Resources,
    },
    LongestRouteChanged {
        from: Option<Seat>,
        to: Option<Seat>,
        length: u8,
    },
    LargestArmyChanged {
        from: Option<Seat>,
        to: Seat,
        knights: u8,
    },
    TurnEnded {
        seat: Seat,
    },
    /// The winner, with their victory points including revealed VP cards.
    Won {
        seat: Seat,
        vp: u8,
    },
    /// Helpers: `seat` received `helper`, A side up (in the setup or by an exchange).
    HelperReceived {
        seat: Seat,
        helper: Helper,
    },
    /// Helpers: `seat` may use Marianne or Sean after this roll.
    HelperOffered {
        seat: Seat,
        helper: Helper,
    },
    HelperDeclined {
        seat: Seat,
        helper: Helper,
    },
    /// Helpers: `seat` used `helper`'s advantage (the details follow in other events).
    HelperUsed {
        seat: Seat,
        helper: Helper,
    },
    /// Helpers: `seat` took `card` from the supply with `helper` (Marianne, Sean, Lin).
    HelperTook {
        seat: Seat,
        helper: Helper,
        card: Resource,
    },
    /// Jean: `seat` trades `resource` 2:1 with the supply for the rest of the turn.
    JeanRate {
        seat: Seat,
        resource: Resource,
    },
    /// Louis: `seat` lifted their road from `edge` (it is placed again next).
    RoadLifted {
        seat: Seat,
        edge: EdgeId,
    },
    /// Vincent: `seat` discarded one of their played knights.
    KnightDiscarded {
        seat: Seat,
    },
    /// Nobody holds Largest Army any more (a knight was discarded).
    LargestArmySetAside {
        from: Seat,
    },
    /// Candamir: the cards `seat` looks at (private to them).
    CardsLookedAt {
        seat: Seat,
        cards: Vec<DevCard>,
    },
    /// Hilde: `seat` looks at `victim`'s hand (private to both).
    HandLookedAt {
        seat: Seat,
        victim: Seat,
        hand: Resources,
    },
    /// Nassir: `seat` demanded `resource`; `gave` handed one over, `had_none` had none.
    NassirDemanded {
        seat: Seat,
        resource: Resource,
        gave: Vec<Seat>,
        had_none: Vec<Seat>,
    },
    /// Nassir: the card given back (private to both).
    GaveBack {
        seat: Seat,
        to: Seat,
        card: Resource,
    },
    HelperFlipped {
        seat: Seat,
        helper: Helper,
    },
    HelperExchanged {
        seat: Seat,
        returned: Helper,
        took: Helper,
    },
}

impl Event {
    /// Seats allowed to see this event's hidden detail (a stolen or drawn card); empty when the
    /// event is entirely public.
    pub fn private_to(&self) -> Vec<Seat> {
        match self {
            Event::Stole { thief, victim, .. } => vec![*thief, *victim],
            Event::DevCardBought { seat, .. } | Event::CardsLookedAt { seat, .. } => vec![*seat],
            Event::HandLookedAt { seat, victim, .. } => vec![*seat, *victim],
            Event::GaveBack { seat, to, .. } => vec![*seat, *to],
            _ => Vec::new(),
        }
    }
}
