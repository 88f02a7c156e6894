//! The vocabulary of the game: resources, terrain, cards, card counts, settings.

use serde::{Deserialize, Serialize};
use std::ops::{Add, AddAssign, Index, IndexMut, Sub, SubAssign};

use super::board::LayoutKind;

/// A seat at the table, 0-based, in turn order (seat 0 plays first).
pub type Seat = u8;

/// The five resources.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Resource {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Brick,
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];

    /// Index into a [`Resources`] array.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The 6th-edition name, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Resource::Brick => "brick",
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
        }
    }
}

/// Terrain of a land hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Hills,
    Forest,
    Pasture,
    Fields,
    Mountains,
    Desert,
}

impl Terrain {
    /// What the terrain produces.
    pub fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Mountains => Some(Resource::Ore),
            Terrain::Desert => None,
        }
    }

    /// The language-independent name (players read `i18n::words::terrain`).
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Hills => "hills",
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
        }
    }
}

/// A development card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DevCard {
    Knight,
    VictoryPoint,
    RoadBuilding,
    /// "Year of Plenty" in the 5th edition.
    Invention,
    Monopoly,
}

impl DevCard {
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::VictoryPoint,
        DevCard::RoadBuilding,
        DevCard::Invention,
        DevCard::Monopoly,
    ];

    /// The 6th-edition name.
    pub fn name(self) -> &'static str {
        match self {
            DevCard::Knight => "Knight",
            DevCard::VictoryPoint => "Victory Point",
            DevCard::RoadBuilding => "Road Building",
            DevCard::Invention => "Invention",
            DevCard::Monopoly => "Monopoly",
        }
    }
}

/// A count of each resource: a hand, a supply, a cost, one side of a trade.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Resources(pub [u8; 5]);

impl Resources {
    pub const ROAD: Resources = Resources([1, 1, 0, 0, 0]);
    pub const SETTLEMENT: Resources = Resources([1, 1, 1, 1, 0]);
    pub const CITY: Resources = Resources([0, 0, 0, 2, 3]);
    pub const DEV_CARD: Resources = Resources([0, 0, 1, 1, 1]);

    pub fn one(r: Resource) -> Resources {
        Resources::of(r, 1)
    }

    pub fn of(r: Resource, n: u8) -> Resources {
        let mut c = Resources::default();
        c[r] = n;
        c
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// True if every count here is at most the matching count in `other`.
    pub fn fits_in(&self, other: &Resources) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a <= b)
    }

    /// The five counts one byte each, lowest first: sums over many hands in one addition
    /// (no count here goes past 127, so bytes never carry into each other).
    pub fn packed(&self) -> u64 {
        let [a, b, c, d, e] = self.0;
        u64::from_le_bytes([a, b, c, d, e, 0, 0, 0])
    }

    /// The counts [`Resources::packed`] holds.
    pub fn from_packed(packed: u64) -> Resources {
        let [a, b, c, d, e, ..] = packed.to_le_bytes();
        Resources([a, b, c, d, e])
    }

    /// Resources with a non-zero count, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Resource, u8)> + '_ {
        Resource::ALL
            .iter()
            .map(|&r| (r, self[r]))
            .filter(|&(_, n)| n > 0)
    }
}

impl Index<Resource> for Resources {
    type Output = u8;
    fn index(&self, r: Resource) -> &u8 {
        &self.0[r.index()]
    }
}

impl IndexMut<Resource> for Resources {
    fn index_mut(&mut self, r: Resource) -> &mut u8 {
        &mut self.0[r.index()]
    }
}

impl Add for Resources {
    type Output = Resources;
    fn add(self, o: Resources) -> Resources {
        Resources(std::array::from_fn(|i| self.0[i] + o.0[i]))
    }
}

impl AddAssign for Resources {
    fn add_assign(&mut self, o: Resources) {
        *self = *self + o;
    }
}

/// Saturating: callers check [`Resources::fits_in`] first.
impl Sub for Resources {
    type Output = Resources;
    fn sub(self, o: Resources) -> Resources {
        Resources(std::array::from_fn(|i| self.0[i].saturating_sub(o.0[i])))
    }
}

impl SubAssign for Resources {
    fn sub_assign(&mut self, o: Resources) {
        *self = *self - o;
    }
}

/// The fewest and the most seats a game can have (two to four in the base game, five and six
/// with the extension).
pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 6;

/// A game's rule options (RULES.md §8). Timers and other table matters live in the table.
/// Stored compactly in binary formats (`settings_serde.rs`): old games keep their bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// 2–6. Five or six players use the 30-hex board and the special building phase.
    pub players: u8,
    pub layout: LayoutKind,
    /// Victory points needed to win (default 10).
    pub vp_target: u8,
    /// A 7 makes players holding more than this many cards discard half (default 7).
    pub discard_limit: u8,
    /// The Helpers of Catan scenario (RULES.md §7); not implemented yet, must be false.
    pub helpers: bool,
    /// House rule: players with 2 or fewer public victory points are protected from the
    /// robber (`production.rs`, [`FRIENDLY_ROBBER_MAX_VP`]).
    pub friendly_robber: bool,
    /// House rule: the dice are drawn from a shuffled deck of the 36 outcomes
    /// (`balanced_dice.rs`, [`crate::balanced_dice::RESHUFFLE_BELOW`]).
    pub balanced_dice: bool,
}

/// A player with at most this many public victory points is protected by the friendly robber.
pub const FRIENDLY_ROBBER_MAX_VP: u8 = 2;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players: 4,
            layout: LayoutKind::Variable,
            vp_target: 10,
            discard_limit: 7,
            helpers: false,
            friendly_robber: false,
            balanced_dice: false,
        }
    }
}

impl Settings {
    pub fn for_players(players: u8) -> Settings {
        Settings {
            players,
            ..Settings::default()
        }
    }
}
