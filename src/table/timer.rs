//! Turn timers: when to remind, and what the table does for an absent player at the deadline
//! (the least harmful legal action). The deadline is "last activity + timer"; see `record`.

use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

use crate::engine::{Action, Game, Phase, Resource, Resources, Seat, Terrain};

pub const MINUTE_MS: u64 = 60_000;

/// When a lobby opened at `created_ms` closes unstarted (`None`: lobbies never expire).
pub fn lobby_deadline(created_ms: u64, expiry_ms: Option<u64>) -> Option<u64> {
    expiry_ms.map(|e| created_ms.saturating_add(e))
}

/// When to send the reminder: a quarter of the timer before the deadline (at least 15 s).
pub fn reminder_at(deadline_ms: u64, timer_ms: u64) -> u64 {
    deadline_ms.saturating_sub((timer_ms / 4).max(15_000).min(timer_ms))
}

/// The action the table takes for `seat` when its time is up, or `None` if the game does not
/// wait for that seat. Its random choices (which cards to discard, where to build in setup)
/// come from `rng`, which must be independent of the game's seed (the table passes the
/// operating system's generator): drawn from the seed, the choices would leak it. Nothing is
/// chosen by hidden information others could read off the move: discards are uniform over the
/// hand and announced like any discard, robbery victims are among those publicly holding cards.
pub fn auto_action(game: &Game, seat: Seat, rng: &mut dyn RngCore) -> Option<Action> {
    if !game.waiting_for().contains(&seat) {
        return None;
    }
    let legal = game.legal_actions(seat);
    let pick = |pred: &dyn Fn(&Action) -> bool, rng: &mut dyn RngCore| {
        let options: Vec<&Action> = legal.iter().filter(|a| pred(a)).collect();
        options.choose(rng).map(|a| (*a).clone())
    };
    match game.phase() {
        Phase::Finished { .. } => None,
        Phase::Discard { owed } => {
            let count = owed.iter().find(|(s, _)| *s == seat)?.1;
            Some(Action::Discard(random_cards(
                &game.players()[seat as usize].hand,
                count,
                rng,
            )))
        }
        Phase::BeforeRoll => Some(Action::Roll),
        Phase::Main | Phase::SpecialBuild { .. } => Some(Action::EndTurn),
        Phase::MoveRobber => {
            let desert = |a: &Action| match a {
                Action::MoveRobber { hex, .. } => {
                    game.layout().terrain.get(*hex as usize) == Some(&Terrain::Desert)
                }
                _ => false,
            };
            pick(&desert, rng).or_else(|| pick(&|a| matches!(a, Action::MoveRobber { .. }), rng))
        }
        Phase::Setup { .. } => pick(
            &|a| matches!(a, Action::BuildSettlement(_) | Action::BuildRoad(_)),
            rng,
        ),
    }
    .or_else(|| legal.first().cloned())
}

/// `count` cards drawn at random from `hand`.
fn random_cards(hand: &Resources, count: u8, rng: &mut dyn RngCore) -> Resources {
    let mut pool: Vec<Resource> = hand
        .iter()
        .flat_map(|(r, n)| std::iter::repeat_n(r, n as usize))
        .collect();
    let mut out = Resources::default();
    for _ in 0..count {
        if pool.is_empty() {
            break;
        }
        let i = rng.gen_range(0..pool.len());
        out[pool.swap_remove(i)] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Settings;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn any_rng() -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(1)
    }

    #[test]
    fn reminder_comes_before_deadline() {
        assert_eq!(reminder_at(100 * MINUTE_MS, 4 * MINUTE_MS), 99 * MINUTE_MS);
        assert_eq!(reminder_at(60_000, 20_000), 45_000);
        assert_eq!(reminder_at(10_000, 10_000), 0);
    }

    #[test]
    fn random_discard_takes_exactly_the_owed_cards_from_the_hand() {
        let hand = Resources([3, 0, 2, 4, 1]);
        for seed in 0..50 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let d = random_cards(&hand, 5, &mut rng);
            assert_eq!(d.total(), 5);
            assert!(d.fits_in(&hand));
        }
    }

    #[test]
    fn discard_phase_discards_for_the_owing_seat_only() {
        let mut g = Game::new(Settings::for_players(3), 5);
        crate::engine::testkit::set_hand(&mut g, 1, Resources([2, 2, 2, 2, 2]));
        crate::engine::testkit::set_phase(&mut g, Phase::Discard { owed: vec![(1, 5)] });
        match auto_action(&g, 1, &mut any_rng()) {
            Some(Action::Discard(cards)) => {
                assert_eq!(cards.total(), 5);
                assert!(cards.fits_in(&g.players()[1].hand));
            }
            other => panic!("expected a discard, got {other:?}"),
        }
        assert_eq!(auto_action(&g, 0, &mut any_rng()), None);
    }

    #[test]
    fn turn_phases_get_roll_and_end() {
        let mut g = Game::new(Settings::for_players(3), 5);
        crate::engine::testkit::set_phase(&mut g, Phase::BeforeRoll);
        crate::engine::testkit::set_current(&mut g, 2);
        assert_eq!(auto_action(&g, 2, &mut any_rng()), Some(Action::Roll));
        assert_eq!(auto_action(&g, 1, &mut any_rng()), None);
        crate::engine::testkit::set_phase(&mut g, Phase::Main);
        assert_eq!(auto_action(&g, 2, &mut any_rng()), Some(Action::EndTurn));
        crate::engine::testkit::set_phase(&mut g, Phase::Finished { winner: 0 });
        assert_eq!(auto_action(&g, 2, &mut any_rng()), None);
    }

    #[test]
    fn automatic_choices_do_not_depend_on_the_secret_seed() {
        // Two games in the same visible position whose seeds (and RNG streams) differ: with
        // the same injected generator the table picks the same, so a pick says nothing about
        // the seed.
        let mut a = Game::new(Settings::for_players(3), 5);
        crate::engine::testkit::set_hand(&mut a, 1, Resources([2, 2, 2, 2, 2]));
        crate::engine::testkit::set_phase(&mut a, Phase::Discard { owed: vec![(1, 5)] });
        let mut b = a.clone();
        crate::engine::testkit::reseed(&mut b, 6);
        for s in 0..20 {
            let pick = |g: &Game| auto_action(g, 1, &mut ChaCha8Rng::seed_from_u64(s));
            assert_eq!(pick(&a), pick(&b));
        }
        let setup = Game::new(Settings::for_players(3), 5);
        let mut other = setup.clone();
        crate::engine::testkit::reseed(&mut other, 99);
        let pick = |g: &Game| auto_action(g, 0, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(pick(&setup), pick(&other));
    }
}
