//! The vocabulary of the game: resources, terrain, cards, card counts, settings.

use serde::{Deserialize, Serialize};
use std::fmt;
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

    /// Parses a resource name, accepting the names and plurals players use across editions
    /// (`wood`, `sheep`, `wheat`, `stone`, `bricks` …), and the German edition's names
    /// (`Lehm`, `Holz`, `Wolle`, `Getreide`, `Erz`).
    pub fn parse(s: &str) -> Option<Resource> {
        let s = s.trim().to_lowercase();
        Some(match s.as_str() {
            "brick" | "bricks" | "clay" | "lehm" | "ziegel" => Resource::Brick,
            "lumber" | "wood" | "woods" | "log" | "logs" | "timber" | "holz" => Resource::Lumber,
            "wool" | "sheep" | "wolle" | "schaf" | "schafe" => Resource::Wool,
            "grain" | "wheat" | "grains" | "getreide" | "weizen" | "korn" => Resource::Grain,
            "ore" | "ores" | "stone" | "rock" | "rocks" | "erz" | "erze" => Resource::Ore,
            _ => return None,
        })
    }
}

/// The name in the players' language (see [`crate::i18n`]); [`Resource::name`] is the
/// language-independent one that commands and records use.
impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            Resource::Brick => crate::t!("resource-brick"),
            Resource::Lumber => crate::t!("resource-lumber"),
            Resource::Wool => crate::t!("resource-wool"),
            Resource::Grain => crate::t!("resource-grain"),
            Resource::Ore => crate::t!("resource-ore"),
        })
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

    /// The language-independent name (see [`Terrain::local_name`] for players).
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

    /// The name in the players' language.
    pub fn local_name(self) -> String {
        match self {
            Terrain::Hills => crate::t!("terrain-hills"),
            Terrain::Forest => crate::t!("terrain-forest"),
            Terrain::Pasture => crate::t!("terrain-pasture"),
            Terrain::Fields => crate::t!("terrain-fields"),
            Terrain::Mountains => crate::t!("terrain-mountains"),
            Terrain::Desert => crate::t!("terrain-desert"),
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

    /// Parses a card name in either edition (`year of plenty`, `road-building`, `vp` …) or
    /// in German (`Ritter`, `Siegpunkt`, `Straßenbau`, `Erfindung`, `Monopol`).
    pub fn parse(s: &str) -> Option<DevCard> {
        let s: String = s
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        Some(match s.as_str() {
            "knight" | "knights" | "soldier" | "ritter" => DevCard::Knight,
            "vp" | "victorypoint" | "victory" | "point" | "siegpunkt" | "sp" => {
                DevCard::VictoryPoint
            }
            "roadbuilding" | "road" | "roads" | "straßenbau" | "strassenbau" => {
                DevCard::RoadBuilding
            }
            "invention" | "yearofplenty" | "plenty" | "yop" | "erfindung" => DevCard::Invention,
            "monopoly" | "mono" | "monopol" => DevCard::Monopoly,
            _ => return None,
        })
    }
}

/// The name in the players' language; [`DevCard::name`] is the language-independent one.
impl fmt::Display for DevCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            DevCard::Knight => crate::t!("devcard-knight"),
            DevCard::VictoryPoint => crate::t!("devcard-victory-point"),
            DevCard::RoadBuilding => crate::t!("devcard-road-building"),
            DevCard::Invention => crate::t!("devcard-invention"),
            DevCard::Monopoly => crate::t!("devcard-monopoly"),
        })
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

/// "2 wool, 1 ore"; "nothing" when empty.
impl fmt::Display for Resources {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str(&crate::t!("resources-nothing"));
        }
        let parts: Vec<String> = self
            .iter()
            .map(|(r, n)| crate::t!("resource-amount", count = n, resource = r.to_string()))
            .collect();
        f.write_str(&parts.join(", "))
    }
}

/// A game's rule options (RULES.md §8). Timers and other table matters live in the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            players: 4,
            layout: LayoutKind::Variable,
            vp_target: 10,
            discard_limit: 7,
            helpers: false,
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
