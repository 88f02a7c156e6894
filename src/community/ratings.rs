//! The rating method: Weng-Lin (the Bayesian approximation behind OpenSkill) from the
//! `skillratings` crate, for free-for-all games of 2 to 6 players ranked by placing. Picked by
//! measurement over Glicko-2, TrueSkill and Elo (`measure.rs`, `examples/rating_methods.rs`).

use serde::{Deserialize, Serialize};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// A player's skill estimate: `mu` and its uncertainty `sigma` (Weng-Lin's scale, 25 ± 8.3
/// for a newcomer).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let fresh = WengLinRating::new();
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

    fn to_crate(self) -> WengLinRating {
        WengLinRating {
            rating: self.mu,
            uncertainty: self.sigma,
        }
    }
}

/// New ratings after one game: `players[i]` is a rating and its placing (1 = first; equal
/// placings tie). Returned in the same order.
pub fn rate(players: &[(Rating, usize)]) -> Vec<Rating> {
    let teams: Vec<[WengLinRating; 1]> = players.iter().map(|(r, _)| [r.to_crate()]).collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(players)
        .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(*place)))
        .collect();
    weng_lin_multi_team(&input, &WengLinConfig::new())
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
    fn tied_players_move_alike() {
        let fresh = Rating::default();
        let new = rate(&[(fresh, 1), (fresh, 2), (fresh, 2)]);
        assert!((new[1].mu - new[2].mu).abs() < 1e-9);
    }
}
