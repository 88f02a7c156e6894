//! The pause between two attempts to reach the homeserver (login, sync). It starts at 1 s and
//! doubles up to a cap of only 8 s, so the bot answers within seconds once the homeserver is
//! back; each pause is drawn between half and all of its step (jitter), so bots that lost the
//! same homeserver do not all come back at the same instant.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The first step.
const FIRST: Duration = Duration::from_secs(1);
/// The longest step: no pause is longer.
const CAP: Duration = Duration::from_secs(8);

pub struct Backoff<R = StdRng> {
    step: Duration,
    rng: R,
}

impl Backoff {
    /// A schedule with its own randomness (`Send`, unlike the thread's generator: it lives
    /// across awaits).
    pub fn from_entropy() -> Backoff {
        Backoff::with_rng(StdRng::from_entropy())
    }
}

impl<R: Rng> Backoff<R> {
    pub fn with_rng(rng: R) -> Backoff<R> {
        Backoff { step: FIRST, rng }
    }

    /// The next pause: between half and all of the current step, which then doubles up to
    /// [`CAP`].
    pub fn next_pause(&mut self) -> Duration {
        let step = self.step;
        self.step = (step * 2).min(CAP);
        self.rng.gen_range(step / 2..=step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seeded(seed: u64) -> Backoff<StdRng> {
        Backoff::with_rng(StdRng::seed_from_u64(seed))
    }

    #[test]
    fn pauses_stay_within_half_and_all_of_a_step_that_doubles_from_1_s_to_8_s() {
        let steps = [1, 2, 4, 8, 8, 8, 8, 8, 8, 8].map(Duration::from_secs);
        for seed in 0..200 {
            let mut backoff = seeded(seed);
            for step in steps {
                let pause = backoff.next_pause();
                assert!(
                    pause >= step / 2 && pause <= step,
                    "seed {seed}: {pause:?} for a step of {step:?}"
                );
            }
        }
    }

    #[test]
    fn no_pause_is_longer_than_the_cap() {
        let mut backoff = seeded(7);
        let longest = (0..10_000).map(|_| backoff.next_pause()).max().unwrap();
        assert!(longest <= CAP, "{longest:?}");
    }

    #[test]
    fn pauses_are_jittered() {
        // Two bots, or two outages, do not retry on the same beat.
        let mut backoff = seeded(1);
        let capped: Vec<Duration> = (0..20).map(|_| backoff.next_pause()).skip(3).collect();
        assert!(capped.iter().any(|p| *p != capped[0]), "{capped:?}");
        let (mut a, mut b) = (seeded(1), seeded(2));
        let a: Vec<Duration> = (0..10).map(|_| a.next_pause()).collect();
        let b: Vec<Duration> = (0..10).map(|_| b.next_pause()).collect();
        assert_ne!(a, b);
    }

    #[test]
    fn a_seeded_schedule_is_reproducible() {
        let (mut a, mut b) = (seeded(42), seeded(42));
        for _ in 0..20 {
            assert_eq!(a.next_pause(), b.next_pause());
        }
    }
}
