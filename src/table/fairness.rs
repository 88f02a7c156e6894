//! Dice nobody can predict, and that everyone can check afterwards.
//!
//! A game's seed fixes the board, the seat order, the development deck and every roll and
//! steal. Unless the host chose one (then it is shown to everyone in the lobby), the seed comes
//! from the operating system's secure random source at the start, so nothing public (time,
//! game id, channel) predicts it. The start message carries a commitment to it: the SHA-256 of
//! the text `catan-bot game <id> seed <seed>`, which anyone can recompute, e.g. with
//! `printf 'catan-bot game 12 seed 123' | sha256sum`. The seed is revealed when the game ends
//! or is abandoned, with the game's public record (`public_record`), and `catan-bot verify`
//! replays that record from the seed and checks every roll, draw and steal.
//!
//! The seed is a `u64` (the engine's), so the board itself is a public function of 64 secret
//! bits: recovering the seed from it means trying on the order of 2^63 boards, far out of reach
//! of a player.

use rand::RngCore;
use rand::SeedableRng;
use rand::rngs::OsRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

use super::reply::GameId;

/// Where the secret seeds of unseeded games come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum SeedSource {
    /// The operating system's secure random source. The only choice for real games.
    #[default]
    Os,
    /// Tests and benchmarks only: seeds drawn in order from a generator seeded with this
    /// number, so games are reproducible. Anyone who knows the number can predict every game.
    Predictable(u64),
}

/// Draws secret seeds from a [`SeedSource`].
#[derive(Debug)]
pub struct Seeds(Option<ChaCha8Rng>);

impl Seeds {
    pub fn new(source: &SeedSource) -> Seeds {
        match source {
            SeedSource::Os => Seeds(None),
            SeedSource::Predictable(n) => Seeds(Some(ChaCha8Rng::seed_from_u64(*n))),
        }
    }

    /// The next game's seed.
    pub fn draw(&mut self) -> Result<u64, NoRandomness> {
        match &mut self.0 {
            None => fresh_seed(),
            Some(rng) => Ok(rng.next_u64()),
        }
    }
}

/// The operating system could not provide random numbers.
#[derive(Debug)]
pub struct NoRandomness(String);

impl std::fmt::Display for NoRandomness {
    /// In the current language: players see it when a game cannot start.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::t!("fairness-no-randomness", error = self.0.clone()))
    }
}

impl std::error::Error for NoRandomness {}

/// A fresh secret seed from the operating system (getrandom).
pub fn fresh_seed() -> Result<u64, NoRandomness> {
    let mut bytes = [0u8; 8];
    OsRng
        .try_fill_bytes(&mut bytes)
        .map_err(|e| NoRandomness(e.to_string()))?;
    Ok(u64::from_le_bytes(bytes))
}

/// The text a commitment hashes.
pub fn committed_text(game: GameId, seed: u64) -> String {
    format!("catan-bot game {game} seed {seed}")
}

/// The commitment to `seed` for `game`: lowercase hex SHA-256 of [`committed_text`].
pub fn commitment(game: GameId, seed: u64) -> String {
    Sha256::digest(committed_text(game, seed).as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Puts the joined players into seat order, as fixed by the seed.
pub fn seat_order<T>(seed: u64, joined: &mut [T]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EA7_5EA7);
    joined.shuffle(&mut rng);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commitment_is_the_sha256_of_the_documented_text() {
        // printf 'catan-bot game 12 seed 123' | sha256sum
        assert_eq!(
            commitment(12, 123),
            "851595c4c3393ec01dd836acffc660fb49fbd8b056e9b589cbf2fb57b320f355"
        );
        assert_ne!(commitment(12, 123), commitment(13, 123));
        assert_ne!(commitment(12, 123), commitment(12, 124));
    }

    #[test]
    fn fresh_seeds_come_from_the_os() {
        let seeds: Vec<u64> = (0..4).filter_map(|_| fresh_seed().ok()).collect();
        assert_eq!(seeds.len(), 4);
        assert!(seeds.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn predictable_seeds_are_for_tests_only_and_repeat() {
        let mut a = Seeds::new(&SeedSource::Predictable(3));
        let mut b = Seeds::new(&SeedSource::Predictable(3));
        let a: Vec<u64> = (0..3).filter_map(|_| a.draw().ok()).collect();
        let b: Vec<u64> = (0..3).filter_map(|_| b.draw().ok()).collect();
        assert_eq!((a.len(), &a), (3, &b));
        let mut os = Seeds::new(&SeedSource::default());
        assert!(os.draw().is_ok());
    }

    #[test]
    fn seat_order_is_fixed_by_the_seed() {
        let mut a = [1, 2, 3, 4, 5];
        let mut b = a;
        seat_order(7, &mut a);
        seat_order(7, &mut b);
        assert_eq!(a, b);
        let mut sorted = a;
        sorted.sort();
        assert_eq!(sorted, [1, 2, 3, 4, 5]);
    }
}
