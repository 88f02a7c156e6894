//! A scripted person trading with bots, to measure how bots answer people: in bot-only games
//! ([`arena::play_match`]), seat 0 stands for a person who, once in every action phase, makes
//! each bot it may trade with a fair 1-for-1 offer that helps that bot (a card the bot's first
//! goal lacks for a card the bot holds beyond that goal), only while the person does not lead.
//! The same offers are also put with the person shown close to winning, and shown leading by
//! two points: those must be declined. A declined offer is asked for a counter-offer.
//!
//! The offers are asked, never applied: the games play on as bot-only games.

use super::arena::{SeatKind, play_match};
use super::expert::Think;
use super::facts::Facts;
use super::{Bot, BotLevel, plan};
use crate::engine::{Game, GameView, Phase, Resource, Resources, Seat, Settings};

/// The seat standing for the person.
pub const PERSON: Seat = 0;

/// What the bots answered the scripted person.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrialCounts {
    pub games: u32,
    /// Fair helpful offers made while the person did not lead, and how many were accepted.
    pub fair: u32,
    pub fair_accepted: u32,
    /// Of those, the ones the person made on its own turn (to a bot that is not current).
    pub on_turn: u32,
    pub on_turn_accepted: u32,
    /// The same offers with the person two points or fewer from victory; accepted ones are
    /// faults.
    pub near_win: u32,
    pub near_win_accepted: u32,
    /// The same offers with the person leading the table by two points; accepted ones are
    /// faults.
    pub leading: u32,
    pub leading_accepted: u32,
    /// Declined fair offers the bot answered with a counter-offer, and counters of the wrong
    /// shape (not 1-for-1 or 1-for-2, cards the bot lacks, cards the person did not offer).
    pub countered: u32,
    pub bad_counters: u32,
    /// Greedy offers (1 card for 2 of another, the same cards as a fair offer): declined, and
    /// how many of them the bot countered.
    pub greedy: u32,
    pub greedy_accepted: u32,
    pub greedy_countered: u32,
    /// Trades the bots completed among themselves.
    pub bot_trades: u32,
}

/// How a bot judges an offer: `(bot, its view, partner, it gives, it gets)`.
pub type Judge<'a> = &'a dyn Fn(&Bot, &GameView, Seat, &Resources, &Resources) -> bool;

/// The judging of the current code, an expert searching with `think`.
pub fn current_judge(
    think: Think,
) -> impl Fn(&Bot, &GameView, Seat, &Resources, &Resources) -> bool {
    move |bot, view, partner, give, get| bot.accepts_within(view, partner, give, get, think)
}

/// Plays `games` 4-player games of strong bots (seeds from `seed`) with the scripted person at
/// seat 0, counting the answers `judge` gives for bots of `level` in the other seats.
pub fn run(games: u32, seed: u64, level: BotLevel, judge: Judge) -> Result<TrialCounts, String> {
    let kinds = [SeatKind::Bot(BotLevel::Strong); 4];
    let mut counts = TrialCounts::default();
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let mut game = Game::new(Settings::for_players(4), game_seed);
        let mut asked_turn = None;
        let outcome = play_match(&mut game, &kinds, game_seed, 200, |g, _| {
            if *g.phase() != Phase::Main
                || g.helper_pending().is_some()
                || asked_turn == Some(g.turn())
            {
                return;
            }
            asked_turn = Some(g.turn());
            ask(g, game_seed, level, judge, &mut counts);
        })?;
        counts.games += 1;
        counts.bot_trades += outcome.trades;
    }
    Ok(counts)
}

/// The person's offers of this action phase, and the bots' answers.
fn ask(g: &Game, seed: u64, level: BotLevel, judge: Judge, counts: &mut TrialCounts) {
    let n = g.players().len() as Seat;
    let person_vp = g.public_vp(PERSON);
    let best_other = (1..n).map(|s| g.public_vp(s)).max().unwrap_or(0);
    let target = g.settings().vp_target;
    if person_vp > best_other || person_vp + 2 >= target {
        return;
    }
    let targets: Vec<Seat> = if g.current() == PERSON {
        (1..n).collect()
    } else {
        vec![g.current()]
    };
    let hand = g.players()[PERSON as usize].hand;
    for b in targets {
        let view = g.view(Some(b));
        let Some((give, get)) = fair_offer(&view, &hand) else {
            continue;
        };
        let bot = Bot::new(level, seed ^ b as u64);
        // The bot gives what the person wants (`get`) for what the person gives.
        let yes = judge(&bot, &view, PERSON, &get, &give);
        counts.fair += 1;
        counts.fair_accepted += yes as u32;
        if g.current() == PERSON {
            counts.on_turn += 1;
            counts.on_turn_accepted += yes as u32;
        }
        if !yes && let Some((c_give, c_get)) = bot.counter(&view, PERSON, &give, &get) {
            counts.countered += 1;
            let bot_hand = g.players()[b as usize].hand;
            let shaped = c_give.total() == 1 && (1..=2).contains(&c_get.total());
            if !shaped
                || !c_give.fits_in(&bot_hand)
                || !c_get.fits_in(&give) && !c_get.fits_in(&hand)
            {
                counts.bad_counters += 1;
            }
        }
        let greedy_get = get + get;
        if greedy_get.fits_in(&view.own.as_ref().map(|o| o.hand).unwrap_or_default()) {
            counts.greedy += 1;
            let yes = judge(&bot, &view, PERSON, &greedy_get, &give);
            counts.greedy_accepted += yes as u32;
            if !yes && let Some((c_give, c_get)) = bot.counter(&view, PERSON, &give, &greedy_get) {
                counts.greedy_countered += 1;
                let bot_hand = g.players()[b as usize].hand;
                if c_give.total() != 1 || !c_give.fits_in(&bot_hand) || !c_get.fits_in(&give) {
                    counts.bad_counters += 1;
                }
            }
        }
        let mut near = view.clone();
        near.players[PERSON as usize].public_vp = target - 2;
        counts.near_win += 1;
        counts.near_win_accepted += judge(&bot, &near, PERSON, &get, &give) as u32;
        if best_other + 4 < target {
            let mut ahead = view.clone();
            ahead.players[PERSON as usize].public_vp = best_other + 2;
            counts.leading += 1;
            counts.leading_accepted += judge(&bot, &ahead, PERSON, &get, &give) as u32;
        }
    }
}

/// The person's fair helpful offer to the bot whose view is `view`: (person gives, person
/// gets), one card each. Gives a card the bot's first goal lacks that the person holds; asks
/// for a card the bot holds beyond that goal (preferably beyond its second goal too).
pub fn fair_offer(view: &GameView, person_hand: &Resources) -> Option<(Resources, Resources)> {
    let f = Facts::new(view);
    let goals = plan::goals(&f);
    let first = goals.first()?.cost();
    let lack = first - f.hand;
    let give = Resource::ALL
        .into_iter()
        .find(|&r| lack[r] > 0 && person_hand[r] > 0)?;
    let spare = f.hand - first;
    let second = goals.get(1).map(|g| g.cost()).unwrap_or_default();
    let get = Resource::ALL
        .into_iter()
        .filter(|&r| spare[r] > 0 && r != give)
        .max_by_key(|&r| (spare[r] > second[r], spare[r]))?;
    Some((Resources::one(give), Resources::one(get)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The judging before issue 27: the partner was always the current player, so an offer
    /// made to the current bot was judged as a trade with itself.
    fn judge_before(_: &Bot, view: &GameView, _: Seat, give: &Resources, get: &Resources) -> bool {
        let f = Facts::new(view);
        if give.is_empty() || get.is_empty() || !give.fits_in(&f.hand) {
            return false;
        }
        let partner = f.view.current;
        if partner == f.me {
            return false;
        }
        let Some(p) = f.view.players.get(partner as usize) else {
            return false;
        };
        if p.public_vp as u32 + 2 >= f.view.settings.vp_target as u32 {
            return false;
        }
        if give.total() > get.total() {
            return false;
        }
        let goals = plan::goals(&f);
        let before = plan::hand_value(&f.hand, &goals);
        let after = plan::hand_value(&(f.hand - *give + *get), &goals);
        after > before + 0.5
    }

    /// The goal of issue 27 over 200 games (about 9,000 offers): at least half of the fair
    /// helpful offers accepted, none to a player close to winning or leading, counters of the
    /// right shape. Prints the figures before (the old judging) and after.
    #[test]
    fn a_scripted_person_gets_fair_offers_accepted() {
        let before = run(200, 2700, BotLevel::Strong, &judge_before).expect("games play");
        let judge = current_judge(Think::default());
        let after = run(200, 2700, BotLevel::Strong, &judge).expect("games play");
        println!("before: {before:?}\nafter:  {after:?}");
        // Before, an offer made to the current bot was judged as a trade with itself.
        assert!(before.fair_accepted < before.fair);
        assert_eq!(before.fair_accepted, before.on_turn_accepted);
        assert!(after.fair >= 1_000, "{after:?}");
        assert!(2 * after.fair_accepted >= after.fair, "{after:?}");
        assert!(
            after.fair_accepted > after.on_turn,
            "offers off turn: {after:?}"
        );
        assert_eq!(after.near_win_accepted, 0, "{after:?}");
        assert!(after.leading > 0);
        assert_eq!(after.leading_accepted, 0, "{after:?}");
        assert_eq!(after.greedy_accepted, 0, "{after:?}");
        assert!(after.greedy_countered > 0, "{after:?}");
        assert_eq!(after.bad_counters, 0, "{after:?}");
        assert!(
            after.bot_trades > after.games,
            "bots trade among themselves: {after:?}"
        );
    }

    /// The same goal for the expert, whose answer is searched: over 30 games (about 1,300
    /// offers) with a small budget, at least half of the fair helpful offers accepted and the
    /// rules every bot keeps unbroken.
    #[test]
    fn the_expert_accepts_fair_offers_too() {
        let judge = current_judge(Think { steps: 2_000 });
        let c = run(30, 2700, BotLevel::Expert, &judge).expect("games play");
        println!("expert: {c:?}");
        assert!(c.fair >= 1_000, "{c:?}");
        assert!(2 * c.fair_accepted >= c.fair, "{c:?}");
        assert_eq!(c.near_win_accepted, 0, "{c:?}");
        assert!(c.leading > 0);
        assert_eq!(c.leading_accepted, 0, "{c:?}");
        assert_eq!(c.greedy_accepted, 0, "{c:?}");
        assert_eq!(c.bad_counters, 0, "{c:?}");
    }
}
