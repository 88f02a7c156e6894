//! Reading a stored [`Game`]. Stores hold bincode, which has no optional fields: a field added
//! to the game would make every stored game unreadable. So the fields added since are written
//! after everything else, each only when its setting is on, and read back under the same
//! condition: the helpers' state when `settings.helpers`, then the balanced dice deck when
//! `settings.balanced_dice`. Games without them keep their bytes exactly. Self-describing
//! formats (JSON) read them as ordinary optional fields.

use std::sync::OnceLock;

use rand_chacha::ChaCha8Rng;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::action::Phase;
use super::balanced_dice::DiceDeck;
use super::board::{HexId, Layout};
use super::game::{Building, Game, LastChange, Player};
use super::helpers::HelperState;
use super::types::{DevCard, Resources, Seat, Settings};

/// Every field of [`Game`] before the helpers, in the stored order.
#[derive(Deserialize, Serialize)]
#[serde(rename = "Game")]
struct Fields {
    settings: Settings,
    seed: u64,
    layout: Layout,
    players: Vec<Player>,
    buildings: Vec<Option<Building>>,
    roads: Vec<Option<Seat>>,
    robber: HexId,
    bank: Resources,
    deck: Vec<DevCard>,
    phase: Phase,
    current: Seat,
    turn: u32,
    version: u64,
    last_roll: Option<(u8, u8)>,
    longest_route: Option<Seat>,
    largest_army: Option<Seat>,
    dev_played: bool,
    last_placed: LastChange,
    rng: ChaCha8Rng,
}

/// The JSON shape: the fields plus an optional `helpers` and `dice_deck`. Spelled out rather than
/// `#[serde(flatten)]`, which buffers values and cannot carry the generator's `u128`.
#[derive(Deserialize)]
struct WithHelpers {
    settings: Settings,
    seed: u64,
    layout: Layout,
    players: Vec<Player>,
    buildings: Vec<Option<Building>>,
    roads: Vec<Option<Seat>>,
    robber: HexId,
    bank: Resources,
    deck: Vec<DevCard>,
    phase: Phase,
    current: Seat,
    turn: u32,
    version: u64,
    last_roll: Option<(u8, u8)>,
    longest_route: Option<Seat>,
    largest_army: Option<Seat>,
    dev_played: bool,
    last_placed: LastChange,
    rng: ChaCha8Rng,
    #[serde(default)]
    helpers: Option<Box<HelperState>>,
    #[serde(default)]
    dice_deck: Option<DiceDeck>,
}

impl WithHelpers {
    fn into_game(self) -> Game {
        let fields = Fields {
            settings: self.settings,
            seed: self.seed,
            layout: self.layout,
            players: self.players,
            buildings: self.buildings,
            roads: self.roads,
            robber: self.robber,
            bank: self.bank,
            deck: self.deck,
            phase: self.phase,
            current: self.current,
            turn: self.turn,
            version: self.version,
            last_roll: self.last_roll,
            longest_route: self.longest_route,
            largest_army: self.largest_army,
            dev_played: self.dev_played,
            last_placed: self.last_placed,
            rng: self.rng,
        };
        fields.into_game(self.helpers, self.dice_deck)
    }
}

const FIELD_NAMES: &[&str] = &[
    "settings",
    "seed",
    "layout",
    "players",
    "buildings",
    "roads",
    "robber",
    "bank",
    "deck",
    "phase",
    "current",
    "turn",
    "version",
    "last_roll",
    "longest_route",
    "largest_army",
    "dev_played",
    "last_placed",
    "rng",
    "helpers",
    "dice_deck",
];

impl Fields {
    /// The game; a balanced game always has a dice deck (a JSON game without one starts a
    /// new deck at its next roll), and no other game has one.
    fn into_game(self, helpers: Option<Box<HelperState>>, dice_deck: Option<DiceDeck>) -> Game {
        let dice_deck = self
            .settings
            .balanced_dice
            .then(|| dice_deck.unwrap_or_default());
        Game {
            settings: self.settings,
            seed: self.seed,
            layout: self.layout,
            players: self.players,
            buildings: self.buildings,
            roads: self.roads,
            robber: self.robber,
            bank: self.bank,
            deck: self.deck,
            phase: self.phase,
            current: self.current,
            turn: self.turn,
            version: self.version,
            last_roll: self.last_roll,
            longest_route: self.longest_route,
            largest_army: self.largest_army,
            dev_played: self.dev_played,
            last_placed: self.last_placed,
            rng: self.rng,
            helpers,
            dice_deck,
            derived: OnceLock::new(),
        }
    }
}

struct GameVisitor;

impl<'de> Visitor<'de> for GameVisitor {
    type Value = Game;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a stored game")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Game, A::Error> {
        let fields = Fields::deserialize(SeqAccessDeserializer::new(&mut seq))?;
        let helpers = if fields.settings.helpers {
            let state: Option<Box<HelperState>> = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(FIELD_NAMES.len() - 2, &self))?;
            state
        } else {
            None
        };
        let dice_deck = if fields.settings.balanced_dice {
            let deck: Option<DiceDeck> = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(FIELD_NAMES.len() - 1, &self))?;
            deck
        } else {
            None
        };
        Ok(fields.into_game(helpers, dice_deck))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Game, A::Error> {
        let w = WithHelpers::deserialize(MapAccessDeserializer::new(map))?;
        Ok(w.into_game())
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        d.deserialize_struct("Game", FIELD_NAMES, GameVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::serialize;

    #[test]
    fn games_without_helpers_keep_their_bytes_and_read_back() {
        let g = Game::new(Settings::for_players(4), 3);
        let bytes = serialize(&g);
        let fields = Fields {
            settings: g.settings.clone(),
            seed: g.seed,
            layout: g.layout.clone(),
            players: g.players.clone(),
            buildings: g.buildings.clone(),
            roads: g.roads.clone(),
            robber: g.robber,
            bank: g.bank,
            deck: g.deck.clone(),
            phase: g.phase.clone(),
            current: g.current,
            turn: g.turn,
            version: g.version,
            last_roll: g.last_roll,
            longest_route: g.longest_route,
            largest_army: g.largest_army,
            dev_played: g.dev_played,
            last_placed: g.last_placed.clone(),
            rng: g.rng.clone(),
        };
        assert_eq!(
            bincode::serialize(&fields).unwrap(),
            bytes,
            "old shape, same bytes"
        );
        // followed by other data (as in a snapshot): read exactly the game's bytes
        let back: (Game, u64) =
            bincode::deserialize(&[bytes, 7u64.to_le_bytes().to_vec()].concat()).unwrap();
        assert_eq!(serialize(&back.0), serialize(&g));
        assert_eq!(back.1, 7);
    }

    #[test]
    fn games_with_helpers_round_trip_in_bincode_and_json() {
        let g = Game::new(
            Settings {
                helpers: true,
                ..Settings::for_players(4)
            },
            3,
        );
        assert!(g.helpers.is_some());
        let bytes = serialize(&g);
        let back: (Game, u64) =
            bincode::deserialize(&[bytes.clone(), 9u64.to_le_bytes().to_vec()].concat()).unwrap();
        assert_eq!(back.0.helpers, g.helpers);
        assert_eq!(back.1, 9);
        let json = serde_json::to_string(&g).unwrap();
        let from_json: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(serialize(&from_json), bytes);
        let plain = serde_json::to_string(&Game::new(Settings::for_players(3), 1)).unwrap();
        let from_plain: Game = serde_json::from_str(&plain).unwrap();
        assert!(from_plain.helpers.is_none());
    }

    #[test]
    fn balanced_games_keep_their_dice_deck_after_the_helpers() {
        for helpers in [false, true] {
            let settings = Settings {
                helpers,
                balanced_dice: true,
                ..Settings::for_players(4)
            };
            let mut g = Game::new(settings, 5);
            crate::testkit::random_playout(&mut g, 5, 200);
            let deck = g.dice_deck.clone().expect("a balanced game has a deck");
            assert!(!deck.is_empty(), "rolled in 200 actions");
            let bytes = serialize(&g);
            let back: (Game, u64) =
                bincode::deserialize(&[bytes.clone(), 11u64.to_le_bytes().to_vec()].concat())
                    .unwrap();
            assert_eq!(back.0.dice_deck.as_ref(), Some(&deck));
            assert_eq!(back.0.helpers, g.helpers);
            assert_eq!(back.1, 11);
            assert_eq!(serialize(&back.0), bytes);
            let json = serde_json::to_string(&g).unwrap();
            let from_json: Game = serde_json::from_str(&json).unwrap();
            assert_eq!(serialize(&from_json), bytes);
            // the same game cut before its deck does not read
            assert!(bincode::deserialize::<Game>(&bytes[..bytes.len() - deck.len()]).is_err());
        }
        // a new balanced game stores an empty deck: one more byte-length than without
        let plain = serialize(&Game::new(Settings::for_players(3), 2));
        let balanced = serialize(&Game::new(
            Settings {
                balanced_dice: true,
                ..Settings::for_players(3)
            },
            2,
        ));
        assert_eq!(
            balanced.len(),
            plain.len() + 1 + 8,
            "Some tag and an empty vector"
        );
    }
}
