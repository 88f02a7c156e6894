//! Computer players in whole games: they never attempt an illegal action, never offer or accept
//! what they cannot pay, decide the same way from the same view (and only from the view), and
//! the strong bot beats random players on fixed seeds.

use catan_bot::bots::arena::{SeatKind, parse_lineup, play_match};
use catan_bot::bots::{Bot, BotLevel};
use catan_bot::engine::testkit::{self, serialize};
use catan_bot::engine::{Game, Phase, Resource, Resources, Seat, Settings};
use catan_bot::i18n::InWords;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const LINEUPS: [&str; 6] = [
    "strong,random,random,random",
    "strong,easy,easy,easy",
    "easy,strong,random",
    "strong,strong,easy,random,easy",
    "strong,easy,strong,easy,random,random",
    "easy,easy,easy,strong",
];

/// The levels decided by heuristics alone, asked at every position below; the expert, which
/// searches, has the same properties tested with a small budget in `table_expert.rs`.
const HEURISTIC_LEVELS: [BotLevel; 2] = [BotLevel::Easy, BotLevel::Strong];

fn lineup(i: usize) -> Vec<SeatKind> {
    parse_lineup(LINEUPS[i % LINEUPS.len()]).expect("line-up parses")
}

#[test]
fn bots_never_attempt_an_illegal_action_over_1000_games() {
    let mut bot_actions = 0;
    let mut trades = 0;
    let mut winners = 0;
    for i in 0..1000u64 {
        let kinds = lineup(i as usize);
        let mut game = Game::new(Settings::for_players(kinds.len() as u8), i);
        // every bot move goes through the checking `Game::apply`: a refusal is an Err here
        let outcome = match play_match(&mut game, &kinds, i, 120, |_, _| {}) {
            Ok(o) => o,
            Err(e) => panic!("game {i} ({:?}): {e}", LINEUPS[i as usize % LINEUPS.len()]),
        };
        bot_actions += outcome.bot_actions;
        trades += outcome.trades;
        winners += outcome.winner.is_some() as u32;
    }
    assert!(bot_actions > 100_000, "bots took {bot_actions} actions");
    assert!(trades > 0, "no domestic trade between bots in 1000 games");
    assert!(winners > 500, "only {winners} games finished");
}

/// Mid-game positions from a seeded bot match, with the seat to act.
fn positions(seed: u64, kinds: &[SeatKind], every: usize) -> Vec<(Game, Seat)> {
    let mut game = Game::new(Settings::for_players(kinds.len() as u8), seed);
    let mut out = Vec::new();
    let mut step = 0;
    let _ = play_match(&mut game, kinds, seed, 200, |g, seat| {
        step += 1;
        if step % every == 0 {
            out.push((g.clone(), seat));
        }
    });
    out
}

#[test]
fn offers_and_acceptances_never_exceed_the_hand() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut offers = 0;
    let mut accepted = 0;
    for seed in 0..6 {
        for (game, seat) in positions(seed, &lineup(1), 3) {
            for level in BotLevel::ALL {
                let bot = Bot::new(level, seed);
                let view = game.view(Some(seat));
                let hand = game.players()[seat as usize].hand;
                if let Some((give, get)) = bot.offer(&view) {
                    offers += 1;
                    assert!(
                        give.fits_in(&hand),
                        "{level} offered {give} holding {hand}",
                        give = give.in_words(),
                        hand = hand.in_words()
                    );
                    assert!(!give.is_empty() && !get.is_empty());
                }
                // every other seat is asked about random trades, many of them unpayable
                for other in 0..game.players().len() as Seat {
                    if other == game.current() {
                        continue;
                    }
                    let theirs = game.players()[other as usize].hand;
                    let v = game.view(Some(other));
                    for _ in 0..4 {
                        let give = Resources(std::array::from_fn(|_| rng.gen_range(0..3)));
                        let get = Resources(std::array::from_fn(|_| rng.gen_range(0..3)));
                        if bot.accepts(&v, &give, &get) {
                            accepted += 1;
                            assert!(
                                give.fits_in(&theirs),
                                "accepted to give {give} of {theirs}",
                                give = give.in_words(),
                                theirs = theirs.in_words()
                            );
                            assert!(give.total() <= get.total());
                        }
                    }
                }
            }
        }
    }
    assert!(offers > 0, "no offers made");
    assert!(accepted > 0, "nothing ever accepted");
}

#[test]
fn a_bot_declines_to_help_a_player_near_victory() {
    let mains: Vec<Game> = positions(3, &lineup(1), 7)
        .into_iter()
        .map(|(g, _)| g)
        .filter(|g| *g.phase() == Phase::Main)
        .take(20)
        .collect();
    assert!(!mains.is_empty());
    for mut game in mains {
        let current = game.current();
        let other = (current + 1) % game.players().len() as Seat;
        // the offerer has 8 points in settlements and cities (of a 10-point game)
        testkit::set_pieces_left(&mut game, current, 1, 2);
        testkit::set_hand(&mut game, other, Resources([5, 5, 5, 5, 5]));
        let view = game.view(Some(other));
        for level in BotLevel::ALL {
            let bot = Bot::new(level, 1);
            for r in Resource::ALL {
                let give = Resources::one(r);
                let get = Resources([3; 5]) - Resources::of(r, 3);
                assert!(!bot.accepts(&view, &give, &get), "{level} helps the leader");
            }
        }
    }
}

#[test]
fn bots_are_deterministic() {
    for i in 0..6 {
        let kinds = lineup(i);
        let mut a = Game::new(Settings::for_players(kinds.len() as u8), 40 + i as u64);
        let mut b = a.clone();
        let oa = play_match(&mut a, &kinds, 9, 300, |_, _| {}).expect("legal play");
        let ob = play_match(&mut b, &kinds, 9, 300, |_, _| {}).expect("legal play");
        assert_eq!(oa, ob);
        assert_eq!(serialize(&a), serialize(&b));
    }
    for (game, seat) in positions(2, &lineup(4), 5) {
        let view = game.view(Some(seat));
        let legal = game.legal_actions(seat);
        for level in HEURISTIC_LEVELS {
            let bot = Bot::new(level, 77);
            let first = bot.choose(&view, &legal);
            assert!(legal.contains(&first));
            assert_eq!(first, bot.choose(&view.clone(), &legal.clone()));
            assert_eq!(bot.offer(&view), bot.offer(&view));
        }
    }
}

/// The same game with everything the seat cannot see changed: the opponents' cards swapped
/// between them (counts kept), the deck shuffled and the dice reseeded.
fn with_hidden_changes(game: &Game, seat: Seat, salt: u64) -> Game {
    let mut g = game.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(salt);
    testkit::shuffle_deck(&mut g, &mut rng);
    testkit::reseed_dice(&mut g, salt ^ 0xdead);
    let others: Vec<usize> = (0..g.players().len())
        .filter(|&s| s != seat as usize)
        .collect();
    for w in others.windows(2) {
        let (a, b) = (w[0], w[1]);
        // move one card of some kind from a to b and one of another kind back
        for (ra, rb) in Resource::ALL
            .iter()
            .flat_map(|&x| Resource::ALL.iter().map(move |&y| (x, y)))
        {
            if ra != rb && g.players()[a].hand[ra] > 0 && g.players()[b].hand[rb] > 0 {
                let (mut ha, mut hb) = (g.players()[a].hand, g.players()[b].hand);
                ha[ra] -= 1;
                hb[ra] += 1;
                hb[rb] -= 1;
                ha[rb] += 1;
                testkit::set_hand(&mut g, a as Seat, ha);
                testkit::set_hand(&mut g, b as Seat, hb);
                break;
            }
        }
        // and their unplayed development cards change kind
        let mut cards = g.players()[a].dev_cards.clone();
        for c in &mut cards {
            c.card = *[
                catan_bot::engine::DevCard::Knight,
                catan_bot::engine::DevCard::VictoryPoint,
            ]
            .choose(&mut rng)
            .expect("two kinds");
        }
        testkit::set_dev_cards(&mut g, a as Seat, cards);
    }
    g
}

#[test]
fn a_bot_decides_from_its_seats_view_only() {
    let mut changed_hidden = 0;
    for seed in 0..4 {
        for (game, seat) in positions(seed, &lineup(seed as usize), 4) {
            let other = with_hidden_changes(&game, seat, seed * 1000 + game.version());
            if serialize(&other) != serialize(&game) {
                changed_hidden += 1;
            }
            // what the seat sees and may do is identical …
            let (va, vb) = (game.view(Some(seat)), other.view(Some(seat)));
            assert_eq!(va, vb);
            let legal = game.legal_actions(seat);
            assert_eq!(legal, other.legal_actions(seat));
            // … so every decision is too, whatever the hidden facts
            for level in HEURISTIC_LEVELS {
                let bot = Bot::new(level, seed);
                assert_eq!(bot.choose(&va, &legal), bot.choose(&vb, &legal));
                assert_eq!(bot.offer(&va), bot.offer(&vb));
                let give = Resources::one(Resource::Ore);
                let get = Resources::one(Resource::Grain);
                assert_eq!(bot.accepts(&va, &give, &get), bot.accepts(&vb, &give, &get));
            }
        }
    }
    assert!(
        changed_hidden > 50,
        "hidden state changed in {changed_hidden} positions"
    );
}

/// Wins of the strong bot against three random players over seeds 0..100, seats rotated.
#[test]
fn strong_beats_three_random_players_on_fixed_seeds() {
    let base = lineup(0);
    let mut wins = 0;
    for i in 0..100u64 {
        let kinds: Vec<SeatKind> = (0..4)
            .map(|s| base[(s + 4 - (i as usize % 4)) % 4])
            .collect();
        let strong = kinds
            .iter()
            .position(|k| *k == SeatKind::Bot(BotLevel::Strong))
            .expect("one strong seat") as Seat;
        let mut game = Game::new(Settings::for_players(4), 1000 + i);
        let outcome = play_match(&mut game, &kinds, i, 1000, |_, _| {}).expect("legal play");
        wins += (outcome.winner == Some(strong)) as u32;
    }
    assert!(wins >= 85, "strong won {wins} of 100 seeded games");
}

#[test]
fn the_bot_api_returns_a_legal_action_even_for_a_single_choice() {
    let game = Game::new(Settings::for_players(4), 3);
    let view = game.view(Some(0));
    let only = vec![game.legal_actions(0)[5].clone()];
    for level in BotLevel::ALL {
        assert_eq!(Bot::new(level, 1).choose(&view, &only), only[0]);
    }
}
