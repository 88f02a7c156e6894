//! Random playouts: a whole game of uniformly random legal actions (no domestic trades), the
//! engine's own measure of speed (`catan-bot simulate`, `bench`) and, with `check`, a fuzz of
//! every rule check and invariant after every action. Only the checking path records events
//! (it checks helper uses from them); the fast path passes `NoEvents`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::{Event, Game, NoEvents, invariants};

// The chooser: `Game::random_legal_action`, `legal_count`, `nth_legal`.
#[path = "pick.rs"]
mod pick;

/// How one random game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<u8>,
    pub turns: u32,
    pub actions: u64,
}

/// Plays one game with uniformly random legal actions until someone wins or `max_turns`
/// turns have started. With `check`, verifies the invariants after every action.
pub fn play_random_game(
    game: &mut Game,
    seed: u64,
    max_turns: u32,
    check: bool,
) -> Result<Outcome, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005e_ed0f_ca7a);
    let mut events: Vec<Event> = Vec::new();
    let mut actions = 0u64;
    let mut helper_uses: Vec<Option<u32>> = Vec::new();
    while game.winner().is_none() && game.turn <= max_turns {
        let Some(seat) = game.next_to_act() else {
            break;
        };
        if !check {
            // nobody reads a playout's events: record none
            if !game.play_random_action(seat, &mut rng, &mut NoEvents) {
                return Err(no_action(game, seat));
            }
            actions += 1;
            continue;
        }
        // the action `legal_actions(seat)[rng.gen_range(0..len)]` is, without the list
        let Some(action) = game.random_legal_action(seat, &mut rng) else {
            return Err(no_action(game, seat));
        };
        let action = &action;
        {
            events.clear();
            // The checking path: a legal action must pass every rule check.
            if let Err(e) = game.apply_into(seat, action, &mut events) {
                return Err(format!("legal action {action:?} refused: {e}"));
            }
            invariants::check_after(game, action)
                .map_err(|e| format!("after {action:?} (turn {}): {e}", game.turn))?;
            // Helpers: never two uses by one seat in one turn
            for ev in &events {
                if let Event::HelperUsed { seat, helper } = ev {
                    let s = *seat as usize;
                    if helper_uses.len() <= s {
                        helper_uses.resize(s + 1, None);
                    }
                    if helper_uses[s] == Some(game.turn) {
                        return Err(format!(
                            "seat {seat} used {helper} twice in turn {}",
                            game.turn
                        ));
                    }
                    helper_uses[s] = Some(game.turn);
                }
            }
        }
        actions += 1;
    }
    Ok(Outcome {
        winner: game.winner(),
        turns: game.turn,
        actions,
    })
}

/// The error for a seat that is to act but has no legal action (a bug in the engine).
fn no_action(game: &Game, seat: crate::Seat) -> String {
    format!(
        "no legal action for seat {seat} in {:?} (turn {})",
        game.phase, game.turn
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Settings;

    #[test]
    fn random_games_are_reproducible_and_keep_invariants() {
        for players in 3..=6 {
            let mut a = Game::new(Settings::for_players(players), 11);
            let mut b = Game::new(Settings::for_players(players), 11);
            let oa = play_random_game(&mut a, 11, 200, true).unwrap();
            let ob = play_random_game(&mut b, 11, 200, false).unwrap();
            assert_eq!(oa, ob);
            assert_eq!(crate::testkit::serialize(&a), crate::testkit::serialize(&b));
        }
    }
}
