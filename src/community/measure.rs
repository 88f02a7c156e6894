//! How the rating method was picked: replay the same games between players of known
//! strength through each candidate method and count, after every game, how many pairs of
//! players of different strength the ratings put in the right order. The method that gets
//! the order right after the fewest games wins. `examples/rating_methods.rs` feeds it bot
//! matches (random < easy < strong); the test below feeds it a made-up model.

use skillratings::elo::{EloConfig, EloRating, elo_rating_period};
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
use skillratings::trueskill::{TrueSkillConfig, TrueSkillRating, trueskill_multi_team};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

/// One game: `(player, placing)` per seat, placing 1 = first.
pub type Game = Vec<(usize, usize)>;

/// A candidate method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    WengLin,
    TrueSkill,
    /// Each game split into one-against-one results, one rating period per game.
    Glicko2,
    /// Each game split into one-against-one results (K = 32).
    Elo,
}

impl Method {
    pub const ALL: [Method; 4] = [
        Method::WengLin,
        Method::TrueSkill,
        Method::Glicko2,
        Method::Elo,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Method::WengLin => "Weng-Lin (OpenSkill)",
            Method::TrueSkill => "TrueSkill",
            Method::Glicko2 => "Glicko-2 (pairwise)",
            Method::Elo => "Elo (pairwise)",
        }
    }
}

/// Every player's rating under one method.
enum Ratings {
    WengLin(Vec<WengLinRating>),
    TrueSkill(Vec<TrueSkillRating>),
    Glicko2(Vec<Glicko2Rating>),
    Elo(Vec<EloRating>),
}

impl Ratings {
    fn new(method: Method, players: usize) -> Ratings {
        match method {
            Method::WengLin => Ratings::WengLin(vec![WengLinRating::new(); players]),
            Method::TrueSkill => Ratings::TrueSkill(vec![TrueSkillRating::new(); players]),
            Method::Glicko2 => Ratings::Glicko2(vec![Glicko2Rating::new(); players]),
            Method::Elo => Ratings::Elo(vec![EloRating::new(); players]),
        }
    }

    /// Each player's estimate (the mean, on the method's own scale).
    fn estimates(&self) -> Vec<f64> {
        match self {
            Ratings::WengLin(r) => r.iter().map(|r| r.rating).collect(),
            Ratings::TrueSkill(r) => r.iter().map(|r| r.rating).collect(),
            Ratings::Glicko2(r) => r.iter().map(|r| r.rating).collect(),
            Ratings::Elo(r) => r.iter().map(|r| r.rating).collect(),
        }
    }

    fn play(&mut self, game: &Game) {
        match self {
            Ratings::WengLin(r) => {
                let teams: Vec<[WengLinRating; 1]> = game.iter().map(|(p, _)| [r[*p]]).collect();
                let input: Vec<_> = teams
                    .iter()
                    .zip(game)
                    .map(|(t, (_, place))| (&t[..], MultiTeamOutcome::new(*place)))
                    .collect();
                let new = weng_lin_multi_team(&input, &WengLinConfig::new());
                for ((p, _), team) in game.iter().zip(new) {
                    r[*p] = team[0];
                }
            }
            Ratings::TrueSkill(r) => {
                let teams: Vec<[TrueSkillRating; 1]> = game.iter().map(|(p, _)| [r[*p]]).collect();
                let input: Vec<_> = teams
                    .iter()
                    .zip(game)
                    .map(|(t, (_, place))| (&t[..], MultiTeamOutcome::new(*place)))
                    .collect();
                if let Ok(new) = trueskill_multi_team(&input, &TrueSkillConfig::new(), None) {
                    for ((p, _), team) in game.iter().zip(new) {
                        r[*p] = team[0];
                    }
                }
            }
            Ratings::Glicko2(r) => pairwise(r, game, |me, results| {
                glicko2_rating_period(me, results, &Glicko2Config::new())
            }),
            Ratings::Elo(r) => pairwise(r, game, |me, results| {
                elo_rating_period(me, results, &EloConfig::new())
            }),
        }
    }
}

/// The share of pairs of players of different `strength` (higher is stronger) that the
/// `estimates` order the same way.
pub fn order_accuracy(strength: &[u32], estimates: &[f64]) -> f64 {
    let (mut right, mut pairs) = (0u32, 0u32);
    for i in 0..strength.len() {
        for j in 0..strength.len() {
            if strength[i] > strength[j] {
                pairs += 1;
                right += u32::from(estimates[i] > estimates[j]);
            }
        }
    }
    if pairs == 0 {
        return 1.0;
    }
    f64::from(right) / f64::from(pairs)
}

/// The order accuracy after each of `games` under `method`.
pub fn accuracy_curve(method: Method, strength: &[u32], games: &[Game]) -> Vec<f64> {
    let mut ratings = Ratings::new(method, strength.len());
    games
        .iter()
        .map(|game| {
            ratings.play(game);
            order_accuracy(strength, &ratings.estimates())
        })
        .collect()
}

/// The first game count after which the accuracy stays at `target` or above to the end
/// (`None`: never).
pub fn settled_after(curve: &[f64], target: f64) -> Option<usize> {
    let last_miss = curve.iter().rposition(|a| *a < target);
    match last_miss {
        None => Some(0),
        Some(i) if i + 1 < curve.len() => Some(i + 1),
        Some(_) => None,
    }
}

/// Made-up games of four among players of `strength`: a seat's performance is its strength
/// plus a uniform draw in `0..luck`; best performance first (luck matters in Catan: a `luck`
/// as wide as the range of strengths makes close players hard to tell apart).
pub fn made_up_games(seed: u64, count: usize, strength: &[u32], luck: f64) -> Vec<Game> {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let players: Vec<usize> = (0..strength.len()).collect();
    (0..count)
        .map(|_| {
            let seats: Vec<usize> = players.choose_multiple(&mut rng, 4).copied().collect();
            let mut perf: Vec<(usize, f64)> = seats
                .iter()
                .map(|p| (*p, f64::from(strength[*p]) + rng.gen_range(0.0..luck)))
                .collect();
            perf.sort_by(|a, b| b.1.total_cmp(&a.1));
            perf.iter()
                .enumerate()
                .map(|(i, (p, _))| (*p, i + 1))
                .collect()
        })
        .collect()
}

/// A two-player method over a game: each player's rating period against every other player's
/// rating before the game, won against those placed below, lost against those above.
fn pairwise<R: Clone>(r: &mut [R], game: &Game, period: impl Fn(&R, &[(R, Outcomes)]) -> R) {
    let before = r.to_vec();
    for (p, place) in game {
        let results: Vec<(R, Outcomes)> = game
            .iter()
            .filter(|(q, _)| q != p)
            .map(|(q, theirs)| (before[*q].clone(), outcome(*place, *theirs)))
            .collect();
        r[*p] = period(&before[*p], &results);
    }
}

/// The result for the player placed `mine` against one placed `theirs` (1 is first).
fn outcome(mine: usize, theirs: usize) -> Outcomes {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_learns_the_order_and_the_multi_player_ones_faster_than_elo() {
        let strength = [0, 1, 2, 3, 4, 5, 6, 7];
        let games = made_up_games(7, 400, &strength, 8.0);
        let mut last = Vec::new();
        for method in Method::ALL {
            let curve = accuracy_curve(method, &strength, &games);
            assert_eq!(curve.len(), games.len());
            last.push(curve[curve.len() - 1]);
        }
        assert!(last.iter().all(|a| *a > 0.75), "after 400 games: {last:?}");
        let early = |m| accuracy_curve(m, &strength, &games[..40])[39];
        assert!(early(Method::TrueSkill) >= early(Method::Elo));
        assert!(early(Method::WengLin) >= early(Method::Elo));
    }

    #[test]
    fn accuracy_counts_pairs_of_different_strength_only() {
        assert_eq!(order_accuracy(&[0, 1, 2], &[1.0, 2.0, 3.0]), 1.0);
        assert_eq!(order_accuracy(&[0, 1, 2], &[3.0, 2.0, 1.0]), 0.0);
        assert_eq!(order_accuracy(&[1, 1], &[3.0, 2.0]), 1.0);
        assert_eq!(settled_after(&[0.5, 0.9, 0.8, 0.95, 1.0], 0.9), Some(3));
        assert_eq!(settled_after(&[0.95, 1.0], 0.9), Some(0));
        assert_eq!(settled_after(&[0.95, 0.5], 0.9), None);
    }
}
