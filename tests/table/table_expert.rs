//! The expert bot: it decides from its seat's view only (hidden cards swapped, the deck
//! reshuffled and the dice reseeded change nothing, down to the worlds it samples), never
//! attempts an illegal action, decides the same from the same seed, and at the table it is
//! seated by name, shown with its level and resumes after a restart with the same moves.
//! Budgets here are tiny (a few rollouts a decision): these tests are about correctness, not
//! strength, and depend on no clock.

use crate::table_support;

use catan_bot::bots::arena::{SeatKind, parse_lineup, play_match, play_match_with};
use catan_bot::bots::expert::{Think, sample_world};
use catan_bot::bots::{Bot, BotLevel};
use catan_bot::engine::testkit::{self, serialize};
use catan_bot::engine::{DevCard, Game, GameView, Phase, Resource, Resources, Seat, Settings};
use catan_bot::table::TableOptions;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::{
    Harness, PLACE, assert_no_refusal, play_restarting, public_text, quiet_options,
};

/// A few rollouts per decision.
const TINY: Think = Think { steps: 150 };

/// Mid-game positions of a strong bot match (every `every`th decision), with the seat to act.
fn positions(seed: u64, every: usize) -> Vec<(Game, Seat)> {
    positions_with(Settings::for_players(4), seed, every)
}

/// [`positions`] of a game with `settings`.
fn positions_with(settings: Settings, seed: u64, every: usize) -> Vec<(Game, Seat)> {
    let kinds = parse_lineup("strong,strong,easy,strong").expect("line-up");
    let mut game = Game::new(settings, seed);
    let mut out = Vec::new();
    let mut step = 0;
    let _ = play_match(&mut game, &kinds, seed, 200, |g, seat| {
        step += 1;
        if step % every == 0 {
            out.push((g.clone(), seat));
        }
    });
    out
}

/// The same game with everything `seat` cannot see changed: the other hands' cards shuffled
/// between them (counts kept), their development cards of other kinds, the deck reshuffled,
/// the dice reseeded and, with balanced dice, the dice cards left reordered.
fn with_hidden_changes(game: &Game, seat: Seat, salt: u64) -> Game {
    let mut g = game.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(salt);
    testkit::shuffle_deck(&mut g, &mut rng);
    testkit::shuffle_dice_deck(&mut g, &mut rng);
    testkit::reseed_dice(&mut g, salt ^ 0xdead);
    let others: Vec<usize> = (0..g.players().len())
        .filter(|&s| s != seat as usize)
        .collect();
    // every card of the other hands into one pile, dealt again in the same counts
    let mut pile: Vec<Resource> = Vec::new();
    for &s in &others {
        for (r, n) in g.players()[s].hand.iter() {
            pile.extend(std::iter::repeat_n(r, n as usize));
        }
    }
    pile.shuffle(&mut rng);
    let mut pile = pile.into_iter();
    for &s in &others {
        let mut hand = Resources::default();
        for _ in 0..g.players()[s].hand.total() {
            let r = pile.next().expect("as many cards as before");
            hand[r] += 1;
        }
        testkit::set_hand(&mut g, s as Seat, hand);
        let mut cards = g.players()[s].dev_cards.clone();
        for c in &mut cards {
            c.card = *[DevCard::Knight, DevCard::VictoryPoint, DevCard::Monopoly]
                .choose(&mut rng)
                .expect("three kinds");
        }
        testkit::set_dev_cards(&mut g, s as Seat, cards);
    }
    g
}

#[test]
fn the_expert_decides_from_its_seats_view_only() {
    decides_from_the_view_only(Settings::for_players(4), 0..3);
}

/// With balanced dice the order of the dice cards left is hidden too (the set left is
/// public), and a sampled world orders them itself.
#[test]
fn the_expert_decides_from_its_seats_view_only_with_balanced_dice() {
    let balanced = Settings {
        balanced_dice: true,
        ..Settings::for_players(4)
    };
    decides_from_the_view_only(balanced.clone(), 3..5);
    let mut reordered = 0;
    let mut sampled = 0;
    let mut rolled = 0;
    for (game, seat) in positions_with(balanced, 5, 13) {
        let view = game.view(Some(seat));
        let Some(world) = sample_world(&view, &game.legal_actions(seat), 9) else {
            continue;
        };
        sampled += 1;
        let (truth, drawn) = (testkit::dice_deck(&game), testkit::dice_deck(&world));
        let (Some(truth), Some(drawn)) = (truth, drawn) else {
            panic!("a balanced game and its world have a dice deck")
        };
        assert_eq!(drawn.left(), truth.left(), "the cards left are public");
        if truth.len() > 1 {
            rolled += 1;
            reordered += (drawn != truth) as u32;
        }
    }
    assert!(
        sampled > 10 && rolled > 10,
        "{sampled} sampled, {rolled} rolled"
    );
    assert!(
        reordered * 10 > rolled * 9,
        "{reordered} of {rolled} worlds reordered"
    );
}

fn decides_from_the_view_only(settings: Settings, seeds: std::ops::Range<u64>) {
    let mut changed = 0;
    let mut searched = 0;
    let mut offers = 0;
    let mut answers = 0;
    for seed in seeds {
        for (game, seat) in positions_with(settings.clone(), seed, 11) {
            let other = with_hidden_changes(&game, seat, seed * 7919 + game.version());
            changed += (serialize(&other) != serialize(&game)) as u32;
            let (va, vb) = (game.view(Some(seat)), other.view(Some(seat)));
            assert_eq!(va, vb, "the seat sees the same");
            let legal = game.legal_actions(seat);
            assert_eq!(legal, other.legal_actions(seat));
            // the worlds the search plays in are the same …
            let (wa, wb) = (
                sample_world(&va, &legal, seed),
                sample_world(&vb, &legal, seed),
            );
            assert_eq!(wa.as_ref().map(serialize), wb.as_ref().map(serialize));
            searched += wa.is_some() as u32;
            // … and so is the decision
            let bot = Bot::new(BotLevel::Expert, seed);
            let a = bot.choose_within(&va, &legal, TINY);
            assert_eq!(
                a,
                bot.choose_within(&vb, &legal, TINY),
                "v{}",
                game.version()
            );
            assert!(legal.contains(&a));
            // … and so is the offer it makes to the table on its turn, searched the same way
            let offer = bot.offer_within(&va, TINY);
            assert_eq!(offer, bot.offer_within(&vb, TINY), "v{}", game.version());
            if let Some((give, _)) = offer {
                assert!(give.fits_in(&game.players()[seat as usize].hand));
                offers += 1;
            }
            // … and so is its answer to a 1-for-1 another player offers it
            if let Some((partner, give, get)) = one_for_one(&va) {
                let answer = |v| bot.accepts_within(v, partner, &give, &get, TINY);
                assert_eq!(answer(&va), answer(&vb), "v{}", game.version());
                answers += 1;
            }
        }
    }
    assert!(offers > 0, "no position gave an offer to compare");
    assert!(answers > 0, "no position gave an answer to compare");
    assert!(
        changed > 20,
        "hidden state changed in only {changed} positions"
    );
    assert!(searched > 20, "only {searched} positions could be sampled");
}

/// A trade another player could offer the seat in the action phase (the current player, or
/// the next one when the seat is current): one of the seat's cards for one of a kind it lacks.
fn one_for_one(view: &GameView) -> Option<(Seat, Resources, Resources)> {
    let me = view.viewer?;
    if view.phase != Phase::Main {
        return None;
    }
    let partner = if view.current == me {
        (me + 1) % view.players.len() as Seat
    } else {
        view.current
    };
    let hand = view.own.as_ref()?.hand;
    let give = Resource::ALL.into_iter().find(|&r| hand[r] > 0)?;
    let get = Resource::ALL.into_iter().find(|&r| hand[r] == 0)?;
    Some((partner, Resources::one(give), Resources::one(get)))
}

/// The sampled world is not the true one: the other hands are drawn, not read.
#[test]
fn a_sampled_world_draws_the_other_hands() {
    let mut differs = 0;
    let mut sampled = 0;
    for (game, seat) in positions(4, 13) {
        let view = game.view(Some(seat));
        let legal = game.legal_actions(seat);
        let Some(world) = sample_world(&view, &legal, 9) else {
            continue;
        };
        sampled += 1;
        assert_eq!(world.view(Some(seat)), view);
        assert_eq!(world.legal_actions(seat), legal);
        let hands = |g: &Game| -> Vec<_> { g.players().iter().map(|p| p.hand).collect() };
        differs +=
            (hands(&world) != hands(&game) || testkit::deck(&world) != testkit::deck(&game)) as u32;
    }
    assert!(sampled > 10, "{sampled}");
    assert!(
        differs * 2 > sampled,
        "{differs} of {sampled} worlds differ"
    );
}

/// The least search there is: one sample per candidate and round.
const LEAST: Think = Think { steps: 0 };

#[test]
fn experts_never_attempt_an_illegal_action_over_1000_games() {
    let lineups = [
        "expert,strong,strong,strong",
        "expert,expert,easy",
        "strong,expert,random,easy,expert",
        "expert,strong,expert,strong,easy,random",
    ];
    let mut expert_actions = 0;
    let mut finished = 0;
    for i in 0..1000u64 {
        let kinds = parse_lineup(lineups[i as usize % lineups.len()]).expect("line-up");
        let mut game = Game::new(Settings::for_players(kinds.len() as u8), 300 + i);
        let experts: Vec<Seat> = (0..kinds.len() as Seat)
            .filter(|&s| kinds[s as usize] == SeatKind::Bot(BotLevel::Expert))
            .collect();
        // every bot move goes through the checking `Game::apply`: a refusal is an Err here
        let think = if i % 10 == 0 { TINY } else { LEAST };
        let outcome = play_match_with(
            &mut game,
            &kinds,
            i,
            400,
            think,
            |_, _| {},
            |seat| {
                expert_actions += experts.contains(&seat) as u64;
            },
        )
        .unwrap_or_else(|e| panic!("game {i}: {e}"));
        finished += outcome.winner.is_some() as u32;
    }
    assert!(
        expert_actions > 100_000,
        "experts took {expert_actions} actions"
    );
    assert!(finished >= 950, "only {finished} of 1000 games finished");
}

#[test]
fn the_expert_is_deterministic() {
    let kinds = parse_lineup("expert,strong,easy,strong").expect("line-up");
    let mut a = Game::new(Settings::for_players(4), 41);
    let mut b = a.clone();
    let oa = play_match_with(&mut a, &kinds, 9, 300, TINY, |_, _| {}, |_| {}).expect("legal");
    let ob = play_match_with(&mut b, &kinds, 9, 300, TINY, |_, _| {}, |_| {}).expect("legal");
    assert_eq!(oa, ob);
    assert_eq!(serialize(&a), serialize(&b));
    // a different bot seed may decide differently, never illegally
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for (game, seat) in positions(6, 17) {
        let view = game.view(Some(seat));
        let legal = game.legal_actions(seat);
        let bot = Bot::new(BotLevel::Expert, rng.r#gen());
        let first = bot.choose_within(&view, &legal, TINY);
        assert!(legal.contains(&first));
        assert_eq!(
            first,
            bot.choose_within(&view.clone(), &legal.clone(), TINY)
        );
    }
}

fn expert_options() -> TableOptions {
    TableOptions {
        bot_delay_ms: 0,
        bot_think_ms: 2,
        ..quiet_options()
    }
}

/// Alice and three experts; alice plays random legal moves, the bots move on the clock.
fn alice_and_experts(seed: u64) -> Harness {
    let mut h = Harness::empty(&["alice"], expert_options());
    let r = h.say("alice", &format!("new players 4 seed {seed} timer off"));
    assert_no_refusal(&r, "new");
    for _ in 0..3 {
        let r = h.say("alice", "addbot expert");
        assert_no_refusal(&r, "addbot expert");
        assert!(public_text(&r).contains("an expert bot"), "{r:?}");
    }
    let r = h.say("alice", "start");
    assert_no_refusal(&r, "start");
    h.game = h.table().game_in(PLACE).expect("a game").id;
    h
}

/// The same seeded game with experts, once with a restart after every bot move: the same
/// moves.
#[test]
fn an_expert_game_resumes_after_a_restart_with_the_same_moves() {
    let play = |restart: bool| play_restarting(alice_and_experts(23), 4, 150, restart);
    let (v1, a) = play(false);
    let (v2, b) = play(true);
    assert!(v1 > 60, "only {v1} moves");
    assert_eq!(v1, v2);
    assert!(a == b, "the restarted game differs");
}

#[test]
fn the_expert_level_is_named_in_either_language() {
    assert_eq!("expert".parse::<BotLevel>(), Ok(BotLevel::Expert));
    assert_eq!(" Experte ".parse::<BotLevel>(), Ok(BotLevel::Expert));
    assert_eq!(BotLevel::Expert.to_string(), "expert");
    let e = "grandmaster".parse::<BotLevel>().unwrap_err();
    assert!(e.to_string().contains("expert"), "{e}");
}
