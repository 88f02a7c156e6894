//! The game state and its public API: `new`, `apply`, `legal_actions`, `view`.
//!
//! Long (about 660 lines before its tests) because it is the state and the whole public API
//! (`apply`, `legal_actions`, `view`) in one place; the rules themselves live in the area
//! modules.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use std::sync::OnceLock;

use super::action::{Action, Event, Phase, RuleError};
use super::balanced_dice::{DiceDeck, DiceLeft};
use super::board::{BoardSize, EdgeId, HexId, Layout, Topology, VertexId};
use super::derived::Derived;
use super::helpers::{HelperState, HelpersView};
use super::refusal::{Allowed, Attempt, Awaited, Place};
use super::sink::EventSink;
use super::types::{DevCard, Resources, Seat, Settings};

/// Pieces each player owns.
pub const ROAD_LIMIT: u8 = 15;
pub const SETTLEMENT_LIMIT: u8 = 5;
pub const CITY_LIMIT: u8 = 4;

/// A building on an intersection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub owner: Seat,
    pub city: bool,
}

/// A development card in a hand, with the turn it was bought (it can't be played that turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldCard {
    pub card: DevCard,
    pub bought_turn: u32,
}

/// One seat's state. Plain data, readable by the host through [`Game::players`] (the table
/// shows each owner their hand and cards); only the engine holds it mutably, so its fields
/// stay public.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub hand: Resources,
    pub dev_cards: Vec<HeldCard>,
    pub knights_played: u8,
    pub roads_left: u8,
    pub settlements_left: u8,
    pub cities_left: u8,
    /// Length of this player's longest route, kept current after every build.
    pub route_length: u8,
    /// Road Building, Invention and Monopoly cards played (knights are counted apart).
    #[serde(default)]
    pub progress_played: u8,
}

/// The whole game. Serializable; `settings + seed + accepted actions` replays to an identical
/// value (the RNG lives here). Read back by `game_serde.rs`.
///
/// The fields are private to the engine: the deck order and the dice generator must not leak
/// to a host or a bot, and the derived bit sets stay in step with the pieces only while every
/// change goes through the rules. Read them with the accessors (`access.rs`); change the game
/// with [`Game::apply`]; tests set positions up with the `testkit` feature.
#[derive(Clone, Debug, Serialize)]
pub struct Game {
    pub(crate) settings: Settings,
    pub(crate) seed: u64,
    pub(crate) layout: Layout,
    pub(crate) players: Vec<Player>,
    /// Building on each intersection.
    pub(crate) buildings: Vec<Option<Building>>,
    /// Owner of the road on each edge.
    pub(crate) roads: Vec<Option<Seat>>,
    pub(crate) robber: HexId,
    /// The supply ("bank").
    pub(crate) bank: Resources,
    /// Undrawn development cards; the top is the end of the vector. Secret.
    pub(crate) deck: Vec<DevCard>,
    pub(crate) phase: Phase,
    /// Whose turn it is.
    pub(crate) current: Seat,
    /// Turn number, counting from 1 at the first regular turn (0 during setup).
    pub(crate) turn: u32,
    /// Bumped on every accepted action.
    pub(crate) version: u64,
    pub(crate) last_roll: Option<(u8, u8)>,
    pub(crate) longest_route: Option<Seat>,
    pub(crate) largest_army: Option<Seat>,
    /// A development card was played this turn.
    pub(crate) dev_played: bool,
    /// Pieces placed by the last action and the robber hex, for the renderer's highlight.
    pub(crate) last_placed: LastChange,
    pub(crate) rng: ChaCha8Rng,
    /// The Helpers of Catan scenario, present exactly when `settings.helpers`. Written last
    /// and only then, so a game without helpers has the bytes it always had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) helpers: Option<Box<HelperState>>,
    /// The balanced dice deck, present exactly when `settings.balanced_dice`. Secret order;
    /// written after the helpers and only then (`game_serde.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) dice_deck: Option<DiceDeck>,
    /// Bit sets derived from the pieces (never stored; see `derived.rs`).
    #[serde(skip)]
    pub(super) derived: OnceLock<Derived>,
}

/// What the last accepted action changed on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastChange {
    pub vertices: Vec<VertexId>,
    pub edges: Vec<EdgeId>,
    pub robber: Option<HexId>,
}

/// What one seat (or a spectator, `None`) may see: everything public, plus that seat's own hand
/// and development cards. Other hands appear only as counts; the deck only as its size; hidden
/// victory point cards only for their owner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    pub viewer: Option<Seat>,
    pub settings: Settings,
    pub layout: Layout,
    pub buildings: Vec<Option<Building>>,
    pub roads: Vec<Option<Seat>>,
    pub robber: HexId,
    pub phase: Phase,
    pub current: Seat,
    pub turn: u32,
    pub version: u64,
    pub last_roll: Option<(u8, u8)>,
    pub longest_route: Option<Seat>,
    pub largest_army: Option<Seat>,
    pub last_placed: LastChange,
    pub deck_size: usize,
    pub bank: Resources,
    pub players: Vec<PublicPlayer>,
    /// The viewer's own hand and cards.
    pub own: Option<OwnHand>,
    /// The helpers (Helpers of Catan), if the game plays with them.
    #[serde(default)]
    pub helpers: Option<HelpersView>,
    /// With balanced dice, the outcomes left in the dice deck (never their order).
    #[serde(default)]
    pub dice_left: Option<DiceLeft>,
}

/// What everybody knows about a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub seat: Seat,
    /// Victory points without hidden VP cards (with them once the game is won).
    pub public_vp: u8,
    pub resource_count: u32,
    pub dev_card_count: usize,
    pub knights_played: u8,
    pub route_length: u8,
    pub roads_left: u8,
    pub settlements_left: u8,
    pub cities_left: u8,
}

/// The viewer's private holdings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnHand {
    pub hand: Resources,
    pub dev_cards: Vec<HeldCard>,
    /// Including hidden VP cards.
    pub total_vp: u8,
}

impl Game {
    /// A new game in the first setup step. The seed fixes the board, the deck and every roll.
    ///
    /// `settings.players` is clamped to 2..=6 (the table validates it first).
    /// `settings.helpers` plays the Helpers of Catan scenario (RULES.md §7, `helpers/`).
    pub fn new(mut settings: Settings, seed: u64) -> Game {
        settings.players = settings.players.clamp(2, 6);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let size = BoardSize::for_players(settings.players as usize);
        let layout = Layout::generate(size, settings.layout, &mut rng);
        let topo = Topology::get(size);
        let per_resource = resource_supply_total(size);
        let deck_counts = dev_card_counts(size);
        let mut deck: Vec<DevCard> = deck_counts
            .iter()
            .flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize))
            .collect();
        deck.shuffle(&mut rng);
        let players = (0..settings.players)
            .map(|_| Player {
                roads_left: ROAD_LIMIT,
                settlements_left: SETTLEMENT_LIMIT,
                cities_left: CITY_LIMIT,
                ..Player::default()
            })
            .collect();
        Game {
            robber: layout.robber_start,
            layout,
            players,
            buildings: vec![None; topo.vertex_count()],
            roads: vec![None; topo.edge_count()],
            bank: Resources([per_resource; 5]),
            deck,
            phase: Phase::Setup {
                round: 1,
                road_from: None,
            },
            current: 0,
            turn: 0,
            version: 0,
            last_roll: None,
            longest_route: None,
            largest_army: None,
            dev_played: false,
            last_placed: LastChange::default(),
            rng,
            helpers: settings
                .helpers
                .then(|| Box::new(HelperState::new(settings.players as usize))),
            dice_deck: settings.balanced_dice.then(DiceDeck::default),
            settings,
            seed,
            derived: OnceLock::new(),
        }
    }

    /// Flat adjacency tables of this game's board (hot paths).
    pub(super) fn adjacency(&self) -> &'static super::adjacency::Adjacency {
        super::adjacency::Adjacency::get(self.layout.size)
    }

    /// The static topology of this game's board.
    pub fn topology(&self) -> &'static Topology {
        Topology::get(self.layout.size)
    }

    /// The seat whose input the game is waiting for (for discards, any seat still owing).
    pub fn waiting_for(&self) -> Vec<Seat> {
        if let Some(seat) = self.helper_waiting() {
            return vec![seat];
        }
        match &self.phase {
            Phase::Discard { owed } => owed.iter().map(|&(s, _)| s).collect(),
            Phase::SpecialBuild { builder } => vec![*builder],
            Phase::Finished { .. } => Vec::new(),
            _ => vec![self.current],
        }
    }

    /// One seat the game is waiting for, without allocating (the first one owing a discard).
    pub fn next_to_act(&self) -> Option<Seat> {
        if let Some(seat) = self.helper_waiting() {
            return Some(seat);
        }
        match &self.phase {
            Phase::Discard { owed } => owed.first().map(|&(s, _)| s),
            Phase::SpecialBuild { builder } => Some(*builder),
            Phase::Finished { .. } => None,
            _ => Some(self.current),
        }
    }

    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Finished { winner } => Some(winner),
            _ => None,
        }
    }

    /// Victory points visible to everyone (no hidden VP cards). Pieces on the board are
    /// counted from the pieces left in supply (the invariant checker counts the board).
    pub fn public_vp(&self, seat: Seat) -> u8 {
        let p = &self.players[seat as usize];
        let settlements = SETTLEMENT_LIMIT.saturating_sub(p.settlements_left);
        let cities = CITY_LIMIT.saturating_sub(p.cities_left);
        let mut vp = settlements + 2 * cities;
        if self.longest_route == Some(seat) {
            vp += 2;
        }
        if self.largest_army == Some(seat) {
            vp += 2;
        }
        vp
    }

    /// Victory points including hidden VP cards.
    pub fn total_vp(&self, seat: Seat) -> u8 {
        let hidden = self.players[seat as usize]
            .dev_cards
            .iter()
            .filter(|c| c.card == DevCard::VictoryPoint)
            .count() as u8;
        self.public_vp(seat) + hidden
    }

    /// What `viewer` may see (`None`: a spectator).
    pub fn view(&self, viewer: Option<Seat>) -> GameView {
        let finished = self.winner().is_some();
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = i as Seat;
                PublicPlayer {
                    seat,
                    public_vp: if finished {
                        self.total_vp(seat)
                    } else {
                        self.public_vp(seat)
                    },
                    resource_count: p.hand.total(),
                    dev_card_count: p.dev_cards.len(),
                    knights_played: p.knights_played,
                    route_length: p.route_length,
                    roads_left: p.roads_left,
                    settlements_left: p.settlements_left,
                    cities_left: p.cities_left,
                }
            })
            .collect();
        let own = viewer
            .filter(|&s| (s as usize) < self.players.len())
            .map(|s| OwnHand {
                hand: self.players[s as usize].hand,
                dev_cards: self.players[s as usize].dev_cards.clone(),
                total_vp: self.total_vp(s),
            });
        GameView {
            viewer,
            settings: self.settings.clone(),
            layout: self.layout.clone(),
            buildings: self.buildings.clone(),
            roads: self.roads.clone(),
            robber: self.robber,
            phase: self.phase.clone(),
            current: self.current,
            turn: self.turn,
            version: self.version,
            last_roll: self.last_roll,
            longest_route: self.longest_route,
            largest_army: self.largest_army,
            last_placed: self.last_placed.clone(),
            deck_size: self.deck.len(),
            bank: self.bank,
            players,
            own,
            helpers: self.helpers_view(viewer),
            dice_left: self.dice_deck.as_ref().map(DiceDeck::left),
        }
    }

    /// Applies an action for `seat`. Atomic: every check runs on `&self` before anything is
    /// changed, so on error the game is exactly as before (byte for byte when serialized).
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// [`Game::apply`] appending to a caller's buffer (for playouts that reuse one), or to
    /// [`crate::NoEvents`] when nobody reads them.
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_action(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    /// Applies an action taken from [`Game::legal_actions`] for `seat` in this very state,
    /// without checking it again (simulations and bots choose from that list; checked in debug
    /// builds and by `simulate --check`). Anything else must go through [`Game::apply`].
    pub fn apply_legal(&mut self, seat: Seat, action: &Action, events: &mut impl EventSink) {
        debug_assert!(
            self.check_action(seat, action).is_ok(),
            "{action:?} is not legal for seat {seat}"
        );
        self.perform(seat, action, events);
    }

    /// Every rule check for `seat` taking `action`, on `&self`: nothing changes.
    fn check_action(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if matches!(self.phase, Phase::Finished { .. }) {
            return Err(RuleError::GameOver);
        }
        if seat as usize >= self.players.len() {
            return Err(RuleError::NoSuchSeat {
                seat,
                players: self.players.len() as u8,
            });
        }
        if let Some(p) = self.helpers.as_ref().and_then(|h| h.pending.as_ref()) {
            return self.check_pending(seat, action, p);
        }
        match *action {
            Action::Roll => self.check_roll(seat),
            Action::Discard(cards) => self.check_discard(seat, cards),
            Action::MoveRobber { hex, victim } => self.check_move_robber(seat, hex, victim),
            Action::BuildRoad(edge) if self.in_setup() => self.check_setup_road(seat, edge),
            Action::BuildRoad(edge) => self.check_build_road(seat, edge),
            Action::BuildSettlement(v) if self.in_setup() => self.check_setup_settlement(seat, v),
            Action::BuildSettlement(v) => self.check_build_settlement(seat, v),
            Action::BuildCity(v) => self.check_build_city(seat, v),
            Action::BuyDevCard => self.check_buy_dev_card(seat),
            Action::PlayKnight { hex, victim } => self.check_play_knight(seat, hex, victim),
            Action::PlayRoadBuilding { first, second } => {
                self.check_play_road_building(seat, first, second)
            }
            Action::PlayInvention(a, b) => self.check_play_invention(seat, a, b),
            Action::PlayMonopoly(resource) => self.check_play_monopoly(seat, resource),
            Action::MaritimeTrade { give, get, count } => self
                .check_maritime_trade(seat, give, get, count)
                .map(|_| ()),
            Action::DomesticTrade { with, give, get } => {
                self.check_domestic_trade(seat, with, give, get)
            }
            Action::EndTurn => self.check_end_turn(seat),
            Action::UseHelper(_)
            | Action::HelperChoice(_)
            | Action::DeclineHelper
            | Action::FlipHelper
            | Action::ExchangeHelper(_) => self.check_helper_action(seat, action),
        }
    }

    /// Carries out a checked action.
    pub(super) fn perform(&mut self, seat: Seat, action: &Action, events: &mut impl EventSink) {
        self.carry_out(seat, action, events);
        self.version += 1;
        self.check_victory(events);
    }

    /// The action's own changes, without the version and the victory check after it.
    pub(super) fn carry_out(&mut self, seat: Seat, action: &Action, events: &mut impl EventSink) {
        self.last_placed.clear();
        match *action {
            Action::Roll => self.roll(seat, events),
            Action::Discard(cards) => self.discard(seat, cards, events),
            Action::MoveRobber { hex, victim } => {
                self.move_robber(seat, hex, victim, events);
                self.phase = Phase::Main;
            }
            Action::BuildRoad(edge) if self.in_setup() => self.place_setup_road(seat, edge, events),
            Action::BuildRoad(edge) => self.build_road(seat, edge, events),
            Action::BuildSettlement(v) if self.in_setup() => {
                self.place_setup_settlement(seat, v, events)
            }
            Action::BuildSettlement(v) => self.build_settlement(seat, v, events),
            Action::BuildCity(v) => self.build_city(seat, v, events),
            Action::BuyDevCard => self.buy_dev_card(seat, events),
            Action::PlayKnight { hex, victim } => self.play_knight(seat, hex, victim, events),
            Action::PlayRoadBuilding { first, second } => {
                self.play_road_building(seat, first, second, events)
            }
            Action::PlayInvention(a, b) => self.play_invention(seat, a, b, events),
            Action::PlayMonopoly(resource) => self.play_monopoly(seat, resource, events),
            Action::MaritimeTrade { give, get, count } => {
                let rate = self.trade_rate(seat, give);
                self.maritime_trade(seat, give, get, count, rate, events)
            }
            Action::DomesticTrade { with, give, get } => {
                self.domestic_trade(seat, with, give, get, events)
            }
            Action::EndTurn => self.end_turn(seat, events),
            Action::UseHelper(_)
            | Action::HelperChoice(_)
            | Action::DeclineHelper
            | Action::FlipHelper
            | Action::ExchangeHelper(_) => self.perform_helper(seat, action, events),
        }
    }

    /// Every action `seat` may take now, except domestic trades (unbounded; checked by
    /// `apply`). Complete and exact: `apply` accepts each of these and refuses anything else
    /// (other than a valid domestic trade).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// [`Game::legal_actions`] into a reused buffer (cleared first).
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat as usize >= self.players.len() {
            return;
        }
        if let Some(p) = self.helpers.as_ref().and_then(|h| h.pending.as_ref()) {
            if self.winner().is_none() {
                self.legal_pending(seat, p, out);
            }
            return;
        }
        match &self.phase {
            Phase::Finished { .. } => {}
            Phase::Setup { road_from, .. } => {
                if seat == self.current {
                    self.legal_setup(*road_from, out);
                }
            }
            Phase::BeforeRoll => {
                if seat == self.current {
                    out.push(Action::Roll);
                    self.legal_dev_plays(seat, out);
                    if self.helpers.is_some() {
                        self.legal_helper_uses(seat, out);
                    }
                }
            }
            Phase::Discard { owed } => {
                if let Some(&(_, count)) = owed.iter().find(|&&(s, _)| s == seat) {
                    self.legal_discards(seat, count, out);
                }
            }
            Phase::MoveRobber => {
                if seat == self.current {
                    self.legal_robber_moves(seat, out, |hex, victim| Action::MoveRobber {
                        hex,
                        victim,
                    });
                }
            }
            Phase::Main => {
                if seat == self.current {
                    out.push(Action::EndTurn);
                    self.legal_builds(seat, out);
                    self.legal_maritime_trades(seat, out);
                    self.legal_dev_plays(seat, out);
                    if self.helpers.is_some() {
                        self.legal_helper_uses(seat, out);
                    }
                }
            }
            Phase::SpecialBuild { builder } => {
                if seat == *builder {
                    out.push(Action::EndTurn);
                    self.legal_builds(seat, out);
                }
            }
        }
    }

    /// True while the setup rounds are being played.
    pub fn in_setup(&self) -> bool {
        matches!(self.phase, Phase::Setup { .. })
    }

    /// The resource cards of each kind the game has (19, or 24 with 5–6 players).
    pub fn resource_supply_total(&self) -> u8 {
        resource_supply_total(self.layout.size)
    }

    /// The development card mix of this game's board size.
    pub fn dev_card_counts(&self) -> [(DevCard, u8); 5] {
        dev_card_counts(self.layout.size)
    }

    /// Whom the game waits for, for "not your turn" refusals.
    pub(super) fn awaited(&self) -> Awaited {
        match &self.phase {
            Phase::Discard { owed } => Awaited::Discards(owed.iter().map(|&(s, _)| s).collect()),
            Phase::SpecialBuild { builder } => Awaited::SpecialBuild(*builder),
            Phase::Finished { .. } => Awaited::Nobody,
            _ => Awaited::Seat(self.current),
        }
    }

    /// What `seat` may do now, for "wrong phase" refusals.
    pub(super) fn allowed(&self, seat: Seat) -> Allowed {
        if let Some(p) = self.helpers.as_ref().and_then(|h| h.pending.as_ref()) {
            return Allowed::Helper(p.step());
        }
        match &self.phase {
            Phase::Setup {
                road_from: None, ..
            } => Allowed::SetupSettlement,
            Phase::Setup {
                road_from: Some(v), ..
            } => Allowed::SetupRoad(*v),
            Phase::BeforeRoll => Allowed::Roll,
            Phase::Discard { owed } => match owed.iter().find(|&&(s, _)| s == seat) {
                Some((_, n)) => Allowed::Discard(*n),
                None => Allowed::Waiting(self.awaited()),
            },
            Phase::MoveRobber => Allowed::MoveRobber,
            Phase::Main => Allowed::Main,
            Phase::SpecialBuild { .. } => Allowed::SpecialBuild,
            Phase::Finished { .. } => Allowed::Nothing,
        }
    }

    /// The refusal for `seat` asking for `attempt` at the wrong moment: "not your turn" if the
    /// game waits for someone else, else "wrong phase" with what is allowed.
    pub(super) fn refusal(&self, seat: Seat, attempt: Attempt) -> RuleError {
        if self.waiting_for().contains(&seat) {
            RuleError::WrongPhase {
                attempt,
                allowed: self.allowed(seat),
            }
        } else {
            RuleError::NotYourTurn {
                waiting: self.awaited(),
            }
        }
    }

    /// Checks an intersection id exists on this board.
    pub(super) fn check_vertex(&self, v: VertexId) -> Result<(), RuleError> {
        if (v as usize) < self.buildings.len() {
            Ok(())
        } else {
            Err(RuleError::NoSuchPlace {
                place: Place::Intersection(v),
            })
        }
    }

    /// Checks an edge id exists on this board.
    pub(super) fn check_edge(&self, e: EdgeId) -> Result<(), RuleError> {
        if (e as usize) < self.roads.len() {
            Ok(())
        } else {
            Err(RuleError::NoSuchPlace {
                place: Place::Road(e),
            })
        }
    }

    /// Checks a hex id exists on this board.
    pub(super) fn check_hex(&self, h: HexId) -> Result<(), RuleError> {
        if (h as usize) < self.layout.terrain.len() {
            Ok(())
        } else {
            Err(RuleError::NoSuchPlace {
                place: Place::Hex(h),
            })
        }
    }

    /// Checks `seat` holds `cost`.
    pub(super) fn check_afford(&self, seat: Seat, cost: Resources) -> Result<(), RuleError> {
        let hand = self.players[seat as usize].hand;
        if cost.fits_in(&hand) {
            Ok(())
        } else {
            Err(RuleError::CannotAfford { cost, have: hand })
        }
    }
}

/// The resource cards of each kind a game on a board of `size` has (19, or 24 with 5–6
/// players).
pub fn resource_supply_total(size: BoardSize) -> u8 {
    match size {
        BoardSize::Standard => 19,
        BoardSize::Extended => 24,
    }
}

/// The development card mix of a board size (RULES.md §1).
pub fn dev_card_counts(size: BoardSize) -> [(DevCard, u8); 5] {
    match size {
        BoardSize::Standard => [
            (DevCard::Knight, 14),
            (DevCard::VictoryPoint, 5),
            (DevCard::RoadBuilding, 2),
            (DevCard::Invention, 2),
            (DevCard::Monopoly, 2),
        ],
        BoardSize::Extended => [
            (DevCard::Knight, 20),
            (DevCard::VictoryPoint, 5),
            (DevCard::RoadBuilding, 3),
            (DevCard::Invention, 3),
            (DevCard::Monopoly, 3),
        ],
    }
}

impl LastChange {
    pub(super) fn clear(&mut self) {
        self.vertices.clear();
        self.edges.clear();
        self.robber = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{invariants, testkit};

    #[test]
    fn random_playouts_keep_invariants_for_every_player_count() {
        for players in 3..=6 {
            for seed in 0..3 {
                let mut g = Game::new(Settings::for_players(players), seed);
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut buf = Vec::new();
                for step in 0..3000 {
                    if g.winner().is_some() {
                        break;
                    }
                    let seat = g.waiting_for()[0];
                    g.legal_actions_into(seat, &mut buf);
                    assert!(!buf.is_empty(), "no legal action in {:?}", g.phase);
                    use rand::Rng;
                    let a = buf[rng.gen_range(0..buf.len())].clone();
                    if let Err(e) = g.apply(seat, &a) {
                        panic!("step {step}: legal {a:?} refused: {e}");
                    }
                    if let Err(e) = invariants::check(&g) {
                        panic!("step {step} after {a:?}: {e}");
                    }
                }
            }
        }
    }

    #[test]
    fn view_hides_other_hands_deck_and_vp_cards() {
        let mut t = testkit::TestGame::main_phase(4);
        t.give(1, Resources([1, 2, 0, 0, 0]));
        t.dev(1, DevCard::VictoryPoint);
        t.dev(2, DevCard::Knight);
        let v = t.g.view(Some(2));
        assert_eq!(v.own.as_ref().map(|o| o.hand), Some(Resources::default()));
        assert_eq!(v.own.as_ref().map(|o| o.dev_cards.len()), Some(1));
        assert_eq!(v.players[1].resource_count, 3);
        assert_eq!(v.players[1].public_vp, 0, "hidden VP card not shown");
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("VictoryPoint"), "VP card leaked: {json}");
        assert!(!json.contains("rng") && !json.contains("\"deck\""));
        let spectator = t.g.view(None);
        assert!(spectator.own.is_none());
        let v1 = t.g.view(Some(1));
        assert_eq!(v1.own.map(|o| o.total_vp), Some(1));
    }
}
