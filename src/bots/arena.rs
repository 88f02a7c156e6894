//! Bot matches outside a table: seats played by bots or by uniformly random legal moves, every
//! bot move applied with the checking [`Game::apply`] (an illegal bot move is an error, never
//! retried). Used by `catan-bot simulate --bots`, the bot tests and the decision-time bench.
//!
//! Domestic trades are exercised: once per turn a bot in its action phase may make an offer
//! ([`Bot::offer`]); the other bot seats are asked in turn order ([`Bot::accepts`]; random seats
//! decline) and the first that accepts trades with it.

use std::fmt;
use std::str::FromStr;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::expert::Think;
use super::{Bot, BotLevel};
use crate::engine::{Action, Game, Phase, Resources, Seat};
use crate::i18n::InWords;

/// Who plays a seat in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// Uniformly random legal actions (no domestic trades).
    Random,
    Bot(BotLevel),
}

impl SeatKind {
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Random => "random",
            SeatKind::Bot(level) => level.name(),
        }
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SeatKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.trim().eq_ignore_ascii_case("random") {
            return Ok(SeatKind::Random);
        }
        s.parse::<BotLevel>().map(SeatKind::Bot).map_err(|_| {
            format!(
                "`{}` is not a seat kind: use expert, strong, easy or random",
                s.trim()
            )
        })
    }
}

/// Parses a comma-separated line-up such as `strong,random,random,random` (2 to 6 seats).
pub fn parse_lineup(s: &str) -> Result<Vec<SeatKind>, String> {
    let kinds = s
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<SeatKind>, String>>()?;
    if !(2..=6).contains(&kinds.len()) {
        return Err(format!(
            "a line-up has 2 to 6 seats, not {} (e.g. strong,easy,easy,easy)",
            kinds.len()
        ));
    }
    Ok(kinds)
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    pub winner: Option<Seat>,
    /// Turns started (the turn cap stops a game without a winner).
    pub turns: u32,
    /// Victory points of each seat at the end, hidden cards included.
    pub vp: Vec<u8>,
    /// Domestic trades made between bots.
    pub trades: u32,
    /// Actions taken by bots.
    pub bot_actions: u64,
}

/// Most actions one seat may take in one turn before the match is called a bot loop.
pub const MAX_ACTIONS_PER_TURN: u32 = 400;

/// Plays `game` with the seat kinds `kinds[seat]` until someone wins or `max_turns` turns have
/// started. Bots' seeds come from `seed` and the seat; random seats use an RNG from `seed`.
/// `observe` sees every bot decision before it is applied (the bench times them). Experts
/// think for the default budget.
pub fn play_match(
    game: &mut Game,
    kinds: &[SeatKind],
    seed: u64,
    max_turns: u32,
    observe: impl FnMut(&Game, Seat),
) -> Result<MatchOutcome, String> {
    play_match_with(
        game,
        kinds,
        seed,
        max_turns,
        Think::default(),
        observe,
        |_| {},
    )
}

/// [`play_match`] with the experts' budget `think`; `decided` is called right after each bot
/// decision, so a caller can time the decisions: `observe` comes right before a move or an
/// offer by the seat to act; the others' answers to an offer follow its `decided` one after
/// another, each ended by its own `decided` (a clock restarted at both callbacks times each).
pub fn play_match_with(
    game: &mut Game,
    kinds: &[SeatKind],
    seed: u64,
    max_turns: u32,
    think: Think,
    mut observe: impl FnMut(&Game, Seat),
    mut decided: impl FnMut(Seat),
) -> Result<MatchOutcome, String> {
    let bots: Vec<Option<Bot>> = kinds
        .iter()
        .enumerate()
        .map(|(s, k)| match k {
            SeatKind::Random => None,
            SeatKind::Bot(level) => Some(Bot::new(
                *level,
                seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
                    .wrapping_add(s as u64),
            )),
        })
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005e_ed0f_ca7a);
    let mut legal = Vec::with_capacity(256);
    let (mut trades, mut bot_actions) = (0u32, 0u64);
    let mut offered_turn: Option<u32> = None;
    let mut this_turn = (game.turn(), 0u32);
    while game.winner().is_none() && game.turn() <= max_turns {
        let Some(seat) = game.next_to_act() else {
            break;
        };
        if this_turn.0 != game.turn() {
            this_turn = (game.turn(), 0);
        }
        this_turn.1 += 1;
        if this_turn.1 > MAX_ACTIONS_PER_TURN * game.players().len() as u32 {
            return Err(format!(
                "turn {} did not end after {} actions (seat {seat}, {:?})",
                game.turn(),
                this_turn.1,
                game.phase()
            ));
        }
        let bot = bots.get(seat as usize).copied().flatten();
        if let Some(bot) = bot
            && *game.phase() == Phase::Main
            && offered_turn != Some(game.turn())
        {
            offered_turn = Some(game.turn());
            // An offer is a decision too: the expert searches it.
            observe(game, seat);
            let offer = bot.offer_within(&game.view(Some(seat)), think);
            decided(seat);
            if let Some((give, get)) = offer {
                trades += offer_round(game, &bots, (seat, give, get), think, &mut decided)? as u32;
            }
        }
        game.legal_actions_into(seat, &mut legal);
        if legal.is_empty() {
            return Err(format!(
                "no legal action for seat {seat} in {:?}",
                game.phase()
            ));
        }
        let action = match bot {
            Some(bot) => {
                observe(game, seat);
                bot_actions += 1;
                let action = bot.choose_within(&game.view(Some(seat)), &legal, think);
                decided(seat);
                action
            }
            None => legal[rng.gen_range(0..legal.len())].clone(),
        };
        if let Err(e) = game.apply(seat, &action) {
            return Err(format!(
                "seat {seat} ({}) chose {action:?}, refused: {e} (turn {}, {:?})",
                kinds[seat as usize],
                game.turn(),
                game.phase()
            ));
        }
    }
    Ok(MatchOutcome {
        winner: game.winner(),
        turns: game.turn(),
        vp: (0..game.players().len() as Seat)
            .map(|s| game.total_vp(s))
            .collect(),
        trades,
        bot_actions,
    })
}

/// The current bot's offer (`seat` gives `give` for `get`) to the others, asked in turn
/// order; applied with the first bot that accepts. Each answer is a decision of the answering
/// seat (the expert searches it): `decided` follows each, right after the one before.
fn offer_round(
    game: &mut Game,
    bots: &[Option<Bot>],
    (seat, give, get): (Seat, Resources, Resources),
    think: Think,
    decided: &mut impl FnMut(Seat),
) -> Result<bool, String> {
    if !give.fits_in(&game.players()[seat as usize].hand) {
        return Err(format!(
            "seat {seat} offered {give} it does not hold",
            give = give.in_words()
        ));
    }
    let n = game.players().len() as Seat;
    for k in 1..n {
        let other = (seat + k) % n;
        let Some(partner) = bots[other as usize] else {
            continue;
        };
        let yes = partner.accepts_within(&game.view(Some(other)), seat, &get, &give, think);
        decided(other);
        if yes {
            let trade = Action::DomesticTrade {
                with: other,
                give,
                get,
            };
            game.apply(seat, &trade)
                .map_err(|e| format!("seat {other} accepted {trade:?}, refused: {e}"))?;
            return Ok(true);
        }
    }
    Ok(false)
}
