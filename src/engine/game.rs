//! The game state and its public API: `new`, `apply`, `legal_actions`, `view`.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::action::{Action, Event, Phase, RuleError};
use super::board::{BoardSize, EdgeId, HexId, Layout, Topology, VertexId};
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

/// One seat's state.
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
}

/// The whole game. Serializable; `settings + seed + accepted actions` replays to an identical
/// value (the RNG lives here).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    pub settings: Settings,
    pub seed: u64,
    pub layout: Layout,
    pub players: Vec<Player>,
    /// Building on each intersection.
    pub buildings: Vec<Option<Building>>,
    /// Owner of the road on each edge.
    pub roads: Vec<Option<Seat>>,
    pub robber: HexId,
    /// The supply ("bank").
    pub bank: Resources,
    /// Undrawn development cards; the top is the end of the vector. Secret.
    pub deck: Vec<DevCard>,
    pub phase: Phase,
    /// Whose turn it is.
    pub current: Seat,
    /// Turn number, counting from 1 at the first regular turn (0 during setup).
    pub turn: u32,
    /// Bumped on every accepted action.
    pub version: u64,
    pub last_roll: Option<(u8, u8)>,
    pub longest_route: Option<Seat>,
    pub largest_army: Option<Seat>,
    /// A development card was played this turn.
    pub dev_played: bool,
    /// Pieces placed by the last action and the robber hex, for the renderer's highlight.
    pub last_placed: LastChange,
    pub rng: ChaCha8Rng,
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
    pub fn new(settings: Settings, seed: u64) -> Game {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let size = BoardSize::for_players(settings.players as usize);
        let layout = Layout::generate(size, settings.layout, &mut rng);
        let topo = Topology::get(size);
        let (per_resource, deck_counts): (u8, [(DevCard, usize); 5]) = match size {
            BoardSize::Standard => (
                19,
                [
                    (DevCard::Knight, 14),
                    (DevCard::VictoryPoint, 5),
                    (DevCard::RoadBuilding, 2),
                    (DevCard::Invention, 2),
                    (DevCard::Monopoly, 2),
                ],
            ),
            BoardSize::Extended => (
                24,
                [
                    (DevCard::Knight, 20),
                    (DevCard::VictoryPoint, 5),
                    (DevCard::RoadBuilding, 3),
                    (DevCard::Invention, 3),
                    (DevCard::Monopoly, 3),
                ],
            ),
        };
        let mut deck: Vec<DevCard> = deck_counts
            .iter()
            .flat_map(|&(c, n)| std::iter::repeat_n(c, n))
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
            settings,
            seed,
        }
    }

    /// The static topology of this game's board.
    pub fn topology(&self) -> &'static Topology {
        Topology::get(self.layout.size)
    }

    /// The seat whose input the game is waiting for (for discards, any seat still owing).
    pub fn waiting_for(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Discard { owed } => owed.iter().map(|&(s, _)| s).collect(),
            Phase::SpecialBuild { builder } => vec![*builder],
            Phase::Finished { .. } => Vec::new(),
            _ => vec![self.current],
        }
    }

    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Finished { winner } => Some(winner),
            _ => None,
        }
    }

    /// Victory points visible to everyone (no hidden VP cards).
    pub fn public_vp(&self, seat: Seat) -> u8 {
        let mut vp = 0;
        for b in self.buildings.iter().flatten() {
            if b.owner == seat {
                vp += if b.city { 2 } else { 1 };
            }
        }
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
        }
    }

    /// Applies an action for `seat`. Atomic: on error the game is exactly as before.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let _ = (seat, action);
        Err(RuleError::Invalid("not implemented yet".into()))
    }

    /// Every action `seat` may take now, except domestic trades (unbounded; checked by
    /// `apply`).
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let _ = seat;
        Vec::new()
    }
}
