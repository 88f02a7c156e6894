//! The Helpers of Catan scenario (RULES.md §7): ten double-sided helper cards, one in front of
//! every player, the rest in a display. This module holds the cards and the per-seat state;
//! `check.rs` the rule checks and the legal uses, `perform.rs` the effects.
//!
//! A use can take more than one step: Marianne and Sean are offered to their holder after a
//! roll ([`Pending::Offer`]); Candamir, Hilde and Nassir need a second choice after the first
//! (the card kept, the card taken, the cards given back); and every use ends with the choice to
//! flip or exchange the helper ([`Pending::AfterUse`]). While a step is pending the game waits
//! for that seat only.

mod check;
mod perform;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::board::{EdgeId, HexId, VertexId};
use super::types::{DevCard, Resource, Resources, Seat};

/// The ten helpers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Helper {
    Louis,
    Candamir,
    Marianne,
    Nassir,
    Hilde,
    Sean,
    Jean,
    Lin,
    Vincent,
    William,
}

impl Helper {
    pub const ALL: [Helper; 10] = [
        Helper::Louis,
        Helper::Candamir,
        Helper::Marianne,
        Helper::Nassir,
        Helper::Hilde,
        Helper::Sean,
        Helper::Jean,
        Helper::Lin,
        Helper::Vincent,
        Helper::William,
    ];

    /// The six numbered cards, A1 first: dealt in this order as second settlements are built
    /// (the rule text fixes A1, Nassir, for the player right of the first player; the other
    /// numbers are those printed on the cards).
    pub const NUMBERED: [Helper; 6] = [
        Helper::Nassir,
        Helper::William,
        Helper::Marianne,
        Helper::Louis,
        Helper::Sean,
        Helper::Candamir,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Helper::Louis => "Louis",
            Helper::Candamir => "Candamir",
            Helper::Marianne => "Marianne",
            Helper::Nassir => "Nassir",
            Helper::Hilde => "Hilde",
            Helper::Sean => "Sean",
            Helper::Jean => "Jean",
            Helper::Lin => "Lin",
            Helper::Vincent => "Vincent",
            Helper::William => "William",
        }
    }

    /// Parses a helper's name (any case).
    pub fn parse(s: &str) -> Option<Helper> {
        Helper::ALL
            .into_iter()
            .find(|h| h.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl std::fmt::Display for Helper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which side of a helper card is up: A when received, B after a flip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    A,
    B,
}

/// A helper in front of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldHelper {
    pub helper: Helper,
    pub side: Side,
    /// The turn it was received (never used that turn); 0 for the setup.
    pub received_turn: u32,
    /// The last turn it was used (never twice a turn).
    pub used_turn: Option<u32>,
}

/// What a helper's advantage is used for, with the choices the rules ask for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HelperUse {
    /// Lift your road `from` (one end not connected to your pieces) and place it on `to`.
    Louis { from: EdgeId, to: EdgeId },
    /// Buy a development card, paying `swap.1` instead of `swap.0` (one of ore, wool, grain)
    /// if given; then look at the top 3 cards and keep one.
    Candamir { swap: Option<(Resource, Resource)> },
    /// After a roll (not 7) that gave you nothing: take this resource from the supply.
    Marianne(Resource),
    /// Demand `resource` from `from` (and `also`); give one card back per card received.
    Nassir {
        resource: Resource,
        from: Seat,
        also: Option<Seat>,
    },
    /// Look at the hand of `victim` (more points showing than you) and take one card.
    Hilde { victim: Seat },
    /// On a 7.
    Sean(SeanUse),
    /// Trade this resource 2:1 with the supply for the rest of your turn.
    Jean(Resource),
    /// Move the robber from a terrain hex to this desert and take 1 resource of the hex left.
    Lin { desert: HexId },
    /// Discard a played knight and build cheaper.
    Vincent(VincentBuild),
    /// Build a road on `edge` for `keep` (lumber or brick) plus `with` instead of the other.
    William {
        edge: EdgeId,
        keep: Resource,
        with: Resource,
    },
}

impl HelperUse {
    /// The helper this use needs.
    pub fn helper(&self) -> Helper {
        match self {
            HelperUse::Louis { .. } => Helper::Louis,
            HelperUse::Candamir { .. } => Helper::Candamir,
            HelperUse::Marianne(_) => Helper::Marianne,
            HelperUse::Nassir { .. } => Helper::Nassir,
            HelperUse::Hilde { .. } => Helper::Hilde,
            HelperUse::Sean(_) => Helper::Sean,
            HelperUse::Jean(_) => Helper::Jean,
            HelperUse::Lin { .. } => Helper::Lin,
            HelperUse::Vincent(_) => Helper::Vincent,
            HelperUse::William { .. } => Helper::William,
        }
    }
}

/// Sean's two advantages on a 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeanUse {
    /// With more cards than the discard limit: discard nothing.
    KeepHand,
    /// With the limit or fewer: take this resource from the supply.
    Take(Resource),
}

/// What Vincent builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum VincentBuild {
    /// A settlement for lumber + brick.
    Settlement(VertexId),
    /// A city for 2 ore + 1 grain.
    City(VertexId),
}

/// The second step of a use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HelperChoice {
    /// Candamir: the development card kept of those looked at.
    Keep(DevCard),
    /// Hilde: the card taken from the hand looked at.
    Take(Resource),
    /// Nassir: the card given back to a player who gave one.
    GiveBack { to: Seat, card: Resource },
}

/// A step of a helper use the game waits for (from `seat` only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// `seat` may use Marianne or Sean now (after a roll), or decline.
    Offer { seat: Seat, helper: Helper },
    /// Candamir: `seat` keeps one of `cards` (secret to them).
    KeepCard { seat: Seat, cards: Vec<DevCard> },
    /// Hilde: `seat` takes one card from `victim`'s hand.
    TakeCard { seat: Seat, victim: Seat },
    /// Nassir: `seat` gives one card back to each of `owed`.
    GiveBack { seat: Seat, owed: Vec<Seat> },
    /// `seat` flips their helper to B (if on A) or exchanges it.
    AfterUse { seat: Seat },
}

impl Pending {
    pub fn seat(&self) -> Seat {
        match self {
            Pending::Offer { seat, .. }
            | Pending::KeepCard { seat, .. }
            | Pending::TakeCard { seat, .. }
            | Pending::GiveBack { seat, .. }
            | Pending::AfterUse { seat } => *seat,
        }
    }
}

/// The scenario's state in a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HelperState {
    /// Each seat's helper (`None` only in the setup before their second road).
    pub held: Vec<Option<HeldHelper>>,
    /// Numbered helpers not dealt yet, the next one first (empty after the setup).
    pub stack: Vec<Helper>,
    /// Helpers anyone may take when exchanging (always A side up).
    pub display: Vec<Helper>,
    /// A step the game waits for.
    pub pending: Option<Pending>,
    /// Jean's 2:1 resource for the current turn: (turn, resource).
    pub jean: Option<(u32, Resource)>,
    /// Played knights discarded with Vincent, per seat (they leave the game).
    pub knights_discarded: Vec<u8>,
}

impl HelperState {
    /// The start of a game with `players` seats: the numbered stack and the display.
    pub fn new(players: usize) -> HelperState {
        HelperState {
            held: vec![None; players],
            stack: Helper::NUMBERED.to_vec(),
            display: Helper::ALL
                .into_iter()
                .filter(|h| !Helper::NUMBERED.contains(h))
                .collect(),
            pending: None,
            jean: None,
            knights_discarded: vec![0; players],
        }
    }

    /// The helper `seat` holds.
    pub fn of(&self, seat: Seat) -> Option<&HeldHelper> {
        self.held.get(seat as usize).and_then(|h| h.as_ref())
    }

    /// The seat holding `helper`.
    pub fn holder(&self, helper: Helper) -> Option<Seat> {
        self.held
            .iter()
            .position(|h| h.is_some_and(|h| h.helper == helper))
            .map(|s| s as Seat)
    }
}

/// What everybody sees of the helpers; the private detail of a pending step (Candamir's cards,
/// the hand Hilde looks at) only for the seat taking it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HelpersView {
    pub held: Vec<Option<HeldHelper>>,
    pub display: Vec<Helper>,
    /// The seat and helper a pending step waits for.
    pub waiting: Option<(Seat, Helper)>,
    /// Candamir's cards, for the seat choosing.
    pub own_cards: Vec<DevCard>,
    /// The hand Hilde looks at, for the seat choosing.
    pub looked_at: Option<Resources>,
}

impl super::game::Game {
    /// What `viewer` may see of the helpers (`None` without the scenario).
    pub(crate) fn helpers_view(&self, viewer: Option<Seat>) -> Option<HelpersView> {
        let state = self.helpers.as_ref()?;
        let mine = |seat: Seat| viewer == Some(seat);
        let (mut own_cards, mut looked_at) = (Vec::new(), None);
        match &state.pending {
            Some(Pending::KeepCard { seat, cards }) if mine(*seat) => own_cards = cards.clone(),
            Some(Pending::TakeCard { seat, victim }) if mine(*seat) => {
                looked_at = Some(self.players[*victim as usize].hand)
            }
            _ => {}
        }
        let waiting = state.pending.as_ref().and_then(|p| {
            let seat = p.seat();
            state.of(seat).map(|h| (seat, h.helper))
        });
        Some(HelpersView {
            held: state.held.clone(),
            display: state.display.clone(),
            waiting,
            own_cards,
            looked_at,
        })
    }

    /// The helper `seat` holds (Helpers of Catan), if any.
    pub fn helper_of(&self, seat: Seat) -> Option<HeldHelper> {
        self.helpers.as_ref()?.of(seat).copied()
    }

    /// The pending helper step, if the game waits for one.
    pub fn helper_pending(&self) -> Option<&Pending> {
        self.helpers.as_ref()?.pending.as_ref()
    }
}
