//! The rating method: TrueSkill (multi-team, one player per team) from the `skillratings`
//! crate, for free-for-all games of 2 to 6 players ranked by placing. Picked by measurement
//! over Weng-Lin (OpenSkill), Glicko-2 and Elo (`measure.rs`, `examples/rating_methods.rs`):
//! with strengths close and luck large, as in Catan, it put the most pairs of players in the
//! right order after 100 games (README, "Ratings"). Weng-Lin was a close second; it is the
//! drop-in replacement (same mu/sigma scale) if TrueSkill's licence ever matters.

use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::trueskill::{TrueSkillConfig, TrueSkillRating, trueskill_multi_team};

/// A player's skill estimate: `mu` and its uncertainty `sigma` (TrueSkill's scale, 25 ± 8.3
/// for a newcomer).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let fresh = TrueSkillRating::new();
        Rating {
            mu: fresh.rating,
            sigma: fresh.uncertainty,
        }
    }
}

impl Rating {
    /// The number players see: the conservative estimate `mu - 3 sigma` (what the player is
    /// at least, with high confidence), so one lucky game does not top the board; scaled to
    /// start at 1000.
    pub fn points(self) -> i32 {
        (1000.0 + 40.0 * (self.mu - 3.0 * self.sigma)).round() as i32
    }

    fn to_crate(self) -> TrueSkillRating {
        TrueSkillRating {
            rating: self.mu,
            uncertainty: self.sigma,
        }
    }
}

/// New ratings after one game: `players[i]` is a rating and its placing (1 = first; equal
/// placings tie). Returned in the same order (unchanged if the method refuses the game,
/// which it does only for team weights, never given here).
pub fn rate(players: &[(Rating, usize)]) -> Vec<Rating> {
    let teams: Vec<[TrueSkillRating; 1]> = players.iter().map(|(r, _)| [r.to_crate()]).collect();
    let input: Vec<(&[TrueSkillRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(players)
        .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(*place)))
        .collect();
    let Ok(rated) = trueskill_multi_team(&input, &TrueSkillConfig::new(), None) else {
        return players.iter().map(|(r, _)| *r).collect();
    };
    rated
        .into_iter()
        .zip(players)
        .map(|(team, (old, _))| {
            team.first().map_or(*old, |r| Rating {
                mu: r.rating,
                sigma: r.uncertainty,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_and_the_last_loses() {
        let fresh = Rating::default();
        assert_eq!(fresh.points(), 1000);
        let new = rate(&[(fresh, 1), (fresh, 2), (fresh, 3), (fresh, 4)]);
        assert!(new[0].mu > fresh.mu && new[3].mu < fresh.mu);
        assert!(new[0].mu > new[1].mu && new[1].mu > new[2].mu && new[2].mu > new[3].mu);
        assert!(
            new.iter().all(|r| r.sigma < fresh.sigma),
            "every game teaches something"
        );
    }

    #[test]
    /// Equal placings: nearly equal moves (the factor graph is solved approximately).
    fn tied_players_move_alike() {
        let fresh = Rating::default();
        let new = rate(&[(fresh, 1), (fresh, 2), (fresh, 2)]);
        assert!((new[1].mu - new[2].mu).abs() < 0.05, "{new:?}");
    }
}
