//! Leaderboards and profiles as data, for the table to put in words: who ranks where in a
//! season, and one player's record over every season.

use super::records::Standing;
use super::store::Community;

/// How many players a leaderboard shows.
pub const TOP: usize = 10;

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub rank: usize,
    pub key: u64,
    pub name: String,
    pub points: i32,
    pub rated_games: u32,
    pub wins: u32,
}

/// A season's ranking of people (bots' ratings only serve as opponents): the top
/// [`TOP`] and, when the asker is ranked below them, the asker's own row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaderboard {
    pub season: u32,
    pub current: u32,
    pub top: Vec<Row>,
    /// The asker's row: `None` when they have no rated game in this season.
    pub asker: Option<Row>,
    /// People with a rated game this season.
    pub ranked: usize,
}

/// Season `season` of `community` ranked by rating points (more rated games first on equal
/// points, then name), for `asker`.
pub fn leaderboard(community: &Community, season: u32, asker: u64) -> Leaderboard {
    let records = community.season(season);
    let mut rows: Vec<Row> = records
        .players
        .iter()
        .filter(|(_, s)| !s.bot && s.rated_games > 0)
        .map(|(key, s)| Row {
            rank: 0,
            key: *key,
            name: s.name.clone(),
            points: s.rating.points(),
            rated_games: s.rated_games,
            wins: s.wins,
        })
        .collect();
    rows.sort_by(|a, b| {
        (b.points, b.rated_games)
            .cmp(&(a.points, a.rated_games))
            .then_with(|| a.name.cmp(&b.name))
    });
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = i + 1;
    }
    Leaderboard {
        season,
        current: community.current(),
        asker: rows.iter().find(|r| r.key == asker).cloned(),
        ranked: rows.len(),
        top: rows.into_iter().take(TOP).collect(),
    }
}

/// One player's record: every season summed, the rating of the current one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
    pub season: u32,
    pub games: u32,
    pub wins: u32,
    /// Points and rank in the current season, if rated in it.
    pub rating: Option<(i32, usize)>,
    /// The latest changes of the current season, oldest first.
    pub trend: Vec<i32>,
    /// The resource index gained most, and robbed from them most (`None` if none).
    pub favourite: Option<usize>,
    pub most_robbed: Option<usize>,
    pub longest_route: u8,
}

/// `key`'s profile in `community`, `None` if they never finished a game there.
pub fn profile(community: &Community, key: u64) -> Option<Profile> {
    let current = community.current();
    let mut found: Vec<(u32, &Standing)> = community
        .seasons
        .iter()
        .filter_map(|(n, season)| season.players.get(&key).map(|s| (*n, s)))
        .collect();
    found.sort_by_key(|(n, _)| *n);
    let (_, latest) = *found.last()?;
    let mut gained = [0u32; 5];
    let mut robbed = [0u32; 5];
    for (_, s) in &found {
        for i in 0..5 {
            gained[i] = gained[i].saturating_add(s.gained[i]);
            robbed[i] = robbed[i].saturating_add(s.robbed[i]);
        }
    }
    let now = found.iter().find(|(n, _)| *n == current).map(|(_, s)| *s);
    let rating = now.filter(|s| s.rated_games > 0).map(|s| {
        let rank = leaderboard(community, current, key)
            .asker
            .map_or(0, |row| row.rank);
        (s.rating.points(), rank)
    });
    Some(Profile {
        name: latest.name.clone(),
        season: current,
        games: found.iter().map(|(_, s)| s.games).sum(),
        wins: found.iter().map(|(_, s)| s.wins).sum(),
        rating,
        trend: now.map(|s| s.trend.clone()).unwrap_or_default(),
        favourite: most(&gained),
        most_robbed: most(&robbed),
        longest_route: found
            .iter()
            .map(|(_, s)| s.longest_route)
            .max()
            .unwrap_or(0),
    })
}

/// The index of the largest count (the first on a tie), `None` when all are zero.
fn most(counts: &[u32; 5]) -> Option<usize> {
    let (i, n) = counts
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))?;
    (*n > 0).then_some(i)
}

/// The person of `community` whose latest name `named` accepts (the latest season first):
/// their key. The table says how names compare (`table::names::key`).
pub fn find_by_name(community: &Community, named: impl Fn(&str) -> bool) -> Option<u64> {
    community.seasons.values().rev().find_map(|season| {
        season
            .players
            .iter()
            .find(|(_, s)| !s.bot && named(&s.name))
            .map(|(key, _)| *key)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::community::GameResult;
    use crate::community::records::{Header, Season};
    use crate::community::result::tests::seat;

    fn community(games: &[(Vec<u8>, usize)]) -> Community {
        let mut season = Season::default();
        for (vps, winner) in games {
            let mut seats: Vec<_> = vps
                .iter()
                .enumerate()
                .map(|(i, vp)| seat(i as u64 + 1, *vp))
                .collect();
            seats[*winner].won = true;
            season.record(&GameResult {
                participants: seats,
                rated_setting: None,
                at_ms: 0,
            });
        }
        Community {
            header: Some(Header::first(0)),
            seasons: [(1, season)].into(),
        }
    }

    #[test]
    fn the_board_ranks_by_points_and_finds_the_asker() {
        let c = community(&[(vec![10, 5, 3], 0), (vec![10, 5, 3], 0)]);
        let board = leaderboard(&c, 1, 3);
        let names: Vec<_> = board.top.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["p1", "p2", "p3"]);
        assert_eq!(board.asker.as_ref().map(|r| r.rank), Some(3));
        assert_eq!(board.ranked, 3);
        assert!(leaderboard(&c, 2, 3).top.is_empty(), "an empty season");
    }

    #[test]
    fn a_profile_sums_seasons_and_names_the_resources() {
        let mut c = community(&[(vec![10, 5], 0)]);
        let s = c.seasons.get_mut(&1).expect("season");
        s.players.get_mut(&2).expect("p2").gained = [0, 0, 0, 9, 1];
        s.players.get_mut(&2).expect("p2").robbed = [3, 0, 0, 0, 0];
        let p = profile(&c, 2).expect("played");
        assert_eq!((p.games, p.wins), (1, 0));
        assert_eq!(p.favourite, Some(3));
        assert_eq!(p.most_robbed, Some(0));
        assert_eq!(p.rating.map(|(_, rank)| rank), Some(2));
        assert_eq!(p.trend.len(), 1);
        assert!(profile(&c, 77).is_none());
        assert_eq!(find_by_name(&c, |n| n.eq_ignore_ascii_case("P2")), Some(2));
    }
}
