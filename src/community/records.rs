//! What a community keeps, as stored: a header (the current season and when each began) in
//! slot 0, and one record per season in the slot of its number. JSON behind a tag, so that
//! the records can gain fields (`serde(default)`) and a newer shape is refused, not misread.
//!
//! One record per season keeps a game's write to the header and the current season: old
//! seasons are never rewritten.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ratings::{self, Rating};
use super::result::GameResult;

/// The header's slot; seasons use their number (1, 2, …).
pub const HEADER_SLOT: u32 = 0;

/// How many of a player's latest rating changes are kept for the trend.
pub const TREND_LEN: usize = 5;

const TAG: &[u8; 4] = b"CRJ1";

/// The community's seasons.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The season games count towards now.
    pub current: u32,
    /// When each season began (table clock, ms), by number.
    pub started_ms: BTreeMap<u32, u64>,
}

impl Header {
    /// The first season, begun at `now_ms` (a community's first finished game).
    pub fn first(now_ms: u64) -> Header {
        Header {
            current: 1,
            started_ms: BTreeMap::from([(1, now_ms)]),
        }
    }
}

/// One season of a community: every player who finished a game in it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Season {
    pub players: BTreeMap<u64, Standing>,
    /// Finished games recorded (rated or not).
    #[serde(default)]
    pub games: u32,
}

/// One player in one season.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The name at their latest game.
    pub name: String,
    #[serde(default)]
    pub bot: bool,
    pub rating: Rating,
    /// Finished games, rated or not, and how many of them they won.
    pub games: u32,
    pub wins: u32,
    pub rated_games: u32,
    /// The latest rating changes in points, oldest first (at most [`TREND_LEN`]).
    pub trend: Vec<i32>,
    /// Cards gained and cards robbed from them, by resource index.
    pub gained: [u32; 5],
    pub robbed: [u32; 5],
    /// Their longest route at the end of a game.
    pub longest_route: u8,
}

impl Standing {
    fn new(name: &str, bot: bool) -> Standing {
        Standing {
            name: name.to_string(),
            bot,
            rating: Rating::default(),
            games: 0,
            wins: 0,
            rated_games: 0,
            trend: Vec::new(),
            gained: [0; 5],
            robbed: [0; 5],
            longest_route: 0,
        }
    }
}

impl Season {
    /// Records a finished game: every person's profile counts, and the ratings move when the
    /// game is rated (bots are recorded only then, as the opponents they were).
    pub fn record(&mut self, game: &GameResult) {
        self.games += 1;
        let rated = game.is_rated();
        let placings = game.placings();
        let before: Vec<(Rating, usize)> = game
            .participants
            .iter()
            .zip(&placings)
            .map(|(p, place)| {
                let rating = self
                    .players
                    .get(&p.key)
                    .map_or_else(Rating::default, |s| s.rating);
                (rating, *place)
            })
            .collect();
        let after = if rated {
            ratings::rate(&before)
        } else {
            before.iter().map(|(r, _)| *r).collect()
        };
        for ((p, (old, _)), new) in game.participants.iter().zip(&before).zip(after) {
            if p.bot && !rated {
                continue;
            }
            let s = self
                .players
                .entry(p.key)
                .or_insert_with(|| Standing::new(&p.name, p.bot));
            s.name.clone_from(&p.name);
            s.games += 1;
            s.wins += u32::from(p.won && !p.left);
            for i in 0..5 {
                s.gained[i] = s.gained[i].saturating_add(p.gained[i]);
                s.robbed[i] = s.robbed[i].saturating_add(p.robbed[i]);
            }
            s.longest_route = s.longest_route.max(p.route);
            if rated {
                s.rated_games += 1;
                s.trend.push(new.points() - old.points());
                let excess = s.trend.len().saturating_sub(TREND_LEN);
                s.trend.drain(..excess);
                s.rating = new;
            }
        }
    }
}

/// A record's stored bytes.
pub fn encode<T: Serialize>(record: &T) -> Vec<u8> {
    let mut bytes = TAG.to_vec();
    // Plain data of owned fields: serialization cannot fail.
    bytes.extend(serde_json::to_vec(record).unwrap_or_default());
    bytes
}

/// A record read back, or why not.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    let json = bytes
        .strip_prefix(TAG)
        .ok_or_else(|| "a community record of an unknown kind".to_string())?;
    serde_json::from_slice(json).map_err(|e| format!("a community record is unreadable: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::community::result::tests::seat;

    fn game(mut seats: Vec<crate::community::Participant>, winner: usize) -> GameResult {
        seats[winner].won = true;
        GameResult {
            participants: seats,
            rated_setting: None,
            at_ms: 5,
        }
    }

    #[test]
    fn a_rated_game_moves_ratings_and_counts_profiles() {
        let mut season = Season::default();
        let mut seats = vec![seat(1, 10), seat(2, 6), seat(3, 4)];
        seats[0].gained = [1, 2, 3, 4, 5];
        seats[1].robbed = [0, 0, 2, 0, 0];
        seats[2].route = 7;
        season.record(&game(seats, 0));
        let p = |k: u64| season.players[&k].clone();
        assert_eq!((p(1).games, p(1).wins, p(1).rated_games), (1, 1, 1));
        assert!(p(1).rating.points() > p(2).rating.points());
        assert!(p(2).rating.points() > p(3).rating.points());
        assert_eq!(p(1).trend.len(), 1);
        assert!(p(1).trend[0] > 0 && p(3).trend[0] < 0);
        assert_eq!(p(1).gained, [1, 2, 3, 4, 5]);
        assert_eq!(p(2).robbed, [0, 0, 2, 0, 0]);
        assert_eq!(p(3).longest_route, 7);
        assert_eq!(season.games, 1);
    }

    #[test]
    fn an_unrated_game_with_bots_counts_profiles_only() {
        let mut season = Season::default();
        let mut bot = seat(99, 10);
        bot.bot = true;
        season.record(&game(vec![seat(1, 3), seat(2, 4), bot], 2));
        assert!(
            !season.players.contains_key(&99),
            "bots are recorded only in rated games"
        );
        let p1 = &season.players[&1];
        assert_eq!((p1.games, p1.rated_games), (1, 0));
        assert_eq!(p1.rating, Rating::default());
        assert!(p1.trend.is_empty());
    }

    #[test]
    fn the_trend_keeps_the_latest_changes() {
        let mut season = Season::default();
        for i in 0..(TREND_LEN + 3) {
            season.record(&game(vec![seat(1, 10), seat(2, 3)], i % 2));
        }
        assert_eq!(season.players[&1].trend.len(), TREND_LEN);
        assert_eq!(season.players[&1].rated_games as usize, TREND_LEN + 3);
    }

    #[test]
    fn records_round_trip_and_refuse_other_bytes() {
        let mut season = Season::default();
        season.record(&game(vec![seat(1, 10), seat(2, 3)], 0));
        assert_eq!(decode::<Season>(&encode(&season)), Ok(season));
        let header = Header::first(42);
        assert_eq!(decode::<Header>(&encode(&header)), Ok(header));
        assert!(decode::<Season>(b"junk").is_err());
        assert!(decode::<Season>(b"CRJ1{").is_err());
    }
}
