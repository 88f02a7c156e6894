//! A game's public record: everything its players were shown, as data — settings, seats, the
//! seed commitment, every move in order and what the table announced after it (rolls,
//! production, steals without the stolen card, purchases without the drawn card) — and, once
//! the game is over, the seed. Players get it with `export` during the game and attached to
//! the final message; [`verify`] (`catan-bot verify`) replays it from the seed and checks the
//! commitment, the seat order, that every move was legal and that every announcement is what
//! the seed produced. Actions are all public (discards, victims and trades are announced), so
//! the record hides exactly what the announcements hide.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::fairness;
use super::record::{ActionRecord, GameMeta};
use super::reply::GameId;
use crate::engine::{Action, DevCard, Event, Game, Resource, Seat, Settings};

/// Names the format in every record.
pub const FORMAT: &str = "catan-bot public record 1";

/// What the table announced about one event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Announced {
    /// An event without hidden details, exactly as the engine reported it.
    Public(Event),
    /// A card moved from `victim` to `thief`; which one only the two know.
    Stole { thief: Seat, victim: Seat },
    /// A development card was bought; which one only the buyer knows.
    DevCardBought { seat: Seat },
    /// Some other event with a hidden detail: only who may see it.
    Private { seats: Vec<Seat> },
}

impl Announced {
    /// The public part of `event`.
    pub fn of(event: &Event) -> Announced {
        match event {
            Event::Stole { thief, victim, .. } => Announced::Stole {
                thief: *thief,
                victim: *victim,
            },
            Event::DevCardBought { seat, .. } => Announced::DevCardBought { seat: *seat },
            e if !e.private_to().is_empty() => Announced::Private {
                seats: e.private_to(),
            },
            e => Announced::Public(e.clone()),
        }
    }
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Running,
    Won { seat: Seat },
    Abandoned,
}

/// One accepted move and what was announced after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicMove {
    pub seat: Seat,
    pub action: Action,
    pub at_ms: u64,
    pub announced: Vec<Announced>,
}

/// The public record of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicRecord {
    pub format: String,
    pub game: GameId,
    /// The commitment posted at the start (see `fairness`).
    pub commitment: String,
    /// The seed: revealed at the end, or known from the start when the host chose it.
    pub seed: Option<u64>,
    pub host_chose_seed: bool,
    pub settings: Settings,
    /// Names in the order the players joined, before the seed shuffled them.
    pub joined: Vec<String>,
    /// Names in seat order (seat 0 first).
    pub seats: Vec<String>,
    pub started_ms: u64,
    pub moves: Vec<PublicMove>,
    pub outcome: Outcome,
}

/// Why a record can't be made.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RecordError {
    #[error("Game {0} has not started yet: there is no record until the host starts it.")]
    NotStarted(GameId),
    #[error(
        "Game {0} started before this bot posted seed commitments, so it has no record to verify."
    )]
    NoCommitment(GameId),
    #[error(
        "Game {0} was resumed from a save made before move histories were kept, so its record is incomplete."
    )]
    IncompleteHistory(GameId),
    #[error("Game {game}: move {index} does not replay ({error}); the stored history is damaged.")]
    Replay {
        game: GameId,
        index: usize,
        error: String,
    },
}

impl PublicRecord {
    /// The record of a started game from its table record and its full move history; the seed
    /// is included if `reveal` or if the host chose it.
    pub fn build(
        meta: &GameMeta,
        history: &[ActionRecord],
        outcome: Outcome,
        reveal: bool,
    ) -> Result<PublicRecord, RecordError> {
        let started = meta
            .started
            .as_ref()
            .ok_or(RecordError::NotStarted(meta.id))?;
        let commitment = started
            .commitment
            .clone()
            .ok_or(RecordError::NoCommitment(meta.id))?;
        let mut game = Game::new(started.settings.clone(), started.seed);
        let mut moves = Vec::with_capacity(history.len());
        for (index, rec) in history.iter().enumerate() {
            let events = game
                .apply(rec.seat, &rec.action)
                .map_err(|e| RecordError::Replay {
                    game: meta.id,
                    index: index + 1,
                    error: e.to_string(),
                })?;
            moves.push(PublicMove {
                seat: rec.seat,
                action: rec.action.clone(),
                at_ms: rec.at_ms,
                announced: events.iter().map(Announced::of).collect(),
            });
        }
        let host_chose_seed = meta.settings.seed.is_some();
        Ok(PublicRecord {
            format: FORMAT.to_string(),
            game: meta.id,
            commitment,
            seed: (reveal || host_chose_seed).then_some(started.seed),
            host_chose_seed,
            settings: started.settings.clone(),
            joined: started.joined.clone(),
            seats: meta.seats.iter().map(|s| s.name.clone()).collect(),
            started_ms: started.at_ms,
            moves,
            outcome,
        })
    }

    /// The record as pretty JSON (what players download).
    pub fn to_json(&self) -> Vec<u8> {
        // Plain owned data: serialization cannot fail.
        serde_json::to_vec_pretty(self).unwrap_or_default()
    }

    pub fn from_json(bytes: &[u8]) -> Result<PublicRecord, VerifyError> {
        serde_json::from_slice(bytes).map_err(|e| VerifyError::Unreadable(e.to_string()))
    }
}

/// Why a record failed verification. Each names what did not match.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum VerifyError {
    #[error("the record is not readable JSON of a public record: {0}")]
    Unreadable(String),
    #[error("the record is in format `{0}`; this catan-bot reads `{FORMAT}`")]
    Format(String),
    #[error("the record holds no seed (the game is still running?); give the revealed seed")]
    NoSeed,
    #[error("the record's seed {record} is not the seed given ({given})")]
    SeedDisagrees { record: u64, given: u64 },
    #[error("the commitment does not match: seed {seed} gives {expected}, the record says {found}")]
    Commitment {
        seed: u64,
        expected: String,
        found: String,
    },
    #[error(
        "the seat order does not follow from the seed: the seed seats {}, the record seats {}",
        expected.join(", "),
        found.join(", ")
    )]
    SeatOrder {
        expected: Vec<String>,
        found: Vec<String>,
    },
    #[error("move {index} ({action}) is not legal in the replayed game: {error}")]
    Illegal {
        index: usize,
        action: String,
        error: String,
    },
    #[error("move {index} ({action}): the record announced {found}, but the seed gives {expected}")]
    Announced {
        index: usize,
        /// The move, as its player would type it (`bob: roll`).
        action: String,
        expected: String,
        found: String,
    },
    #[error("the record says the game {found}, but the replay says it {expected}")]
    Outcome { expected: String, found: String },
}

/// A development card drawn, revealed by the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draw {
    pub index: usize,
    pub seat: Seat,
    pub card: DevCard,
}

/// A steal, with the card revealed by the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steal {
    pub index: usize,
    pub thief: Seat,
    pub victim: Seat,
    pub card: Resource,
}

/// What a successful verification checked.
#[derive(Clone, Debug)]
pub struct Verified {
    pub seed: u64,
    pub moves: usize,
    /// Every roll in order: move number and dice.
    pub rolls: Vec<(usize, (u8, u8))>,
    pub draws: Vec<Draw>,
    pub steals: Vec<Steal>,
    /// Announcements compared.
    pub announcements: usize,
    /// The replayed game at the end (for comparing with a stored final state).
    pub end: Game,
}

/// Replays `record` from its seed (or `seed`, e.g. revealed after an export taken mid-game) and
/// checks the commitment, the seat order, every move and every announcement.
pub fn verify(record: &PublicRecord, seed: Option<u64>) -> Result<Verified, VerifyError> {
    if record.format != FORMAT {
        return Err(VerifyError::Format(record.format.clone()));
    }
    let seed = match (record.seed, seed) {
        (Some(r), Some(g)) if r != g => {
            return Err(VerifyError::SeedDisagrees {
                record: r,
                given: g,
            });
        }
        (Some(s), _) | (None, Some(s)) => s,
        (None, None) => return Err(VerifyError::NoSeed),
    };
    let expected = fairness::commitment(record.game, seed);
    if expected != record.commitment {
        return Err(VerifyError::Commitment {
            seed,
            expected,
            found: record.commitment.clone(),
        });
    }
    let mut order = record.joined.clone();
    fairness::seat_order(seed, &mut order);
    if order != record.seats {
        return Err(VerifyError::SeatOrder {
            expected: order,
            found: record.seats.clone(),
        });
    }
    let mut game = Game::new(record.settings.clone(), seed);
    let players: Vec<(u64, String)> = record.seats.iter().map(|n| (0, n.clone())).collect();
    let move_text = |game: &Game, m: &PublicMove| {
        let ctx = super::command::ParseContext {
            topology: game.topology(),
            players: &players,
        };
        let who = super::names::address(m.seat as usize, &players);
        format!("{who}: `{}`", super::command::command_for(&m.action, &ctx))
    };
    let mut done = Verified {
        seed,
        moves: record.moves.len(),
        rolls: Vec::new(),
        draws: Vec::new(),
        steals: Vec::new(),
        announcements: 0,
        end: game.clone(),
    };
    for (i, m) in record.moves.iter().enumerate() {
        let index = i + 1;
        let action = move_text(&game, m);
        let events = game
            .apply(m.seat, &m.action)
            .map_err(|e| VerifyError::Illegal {
                index,
                action: action.clone(),
                error: e.to_string(),
            })?;
        let announced: Vec<Announced> = events.iter().map(Announced::of).collect();
        if announced != m.announced {
            let (expected, found) =
                first_difference(&game, &record.seats, &announced, &m.announced);
            return Err(VerifyError::Announced {
                index,
                action,
                expected,
                found,
            });
        }
        done.announcements += announced.len();
        for e in events {
            match e {
                Event::Rolled { dice, .. } => done.rolls.push((index, dice)),
                Event::DevCardBought { seat, card } => done.draws.push(Draw { index, seat, card }),
                Event::Stole {
                    thief,
                    victim,
                    card,
                } => done.steals.push(Steal {
                    index,
                    thief,
                    victim,
                    card,
                }),
                _ => {}
            }
        }
    }
    let replayed = match game.winner() {
        Some(seat) => Outcome::Won { seat },
        None if record.outcome == Outcome::Abandoned => Outcome::Abandoned,
        None => Outcome::Running,
    };
    if replayed != record.outcome {
        return Err(VerifyError::Outcome {
            expected: outcome_text(&replayed, &record.seats),
            found: outcome_text(&record.outcome, &record.seats),
        });
    }
    done.end = game;
    Ok(done)
}

/// The first announcement where two lists differ, each in the words the table says it.
fn first_difference(
    game: &Game,
    names: &[String],
    expected: &[Announced],
    found: &[Announced],
) -> (String, String) {
    let at = expected
        .iter()
        .zip(found)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(found.len()));
    let show = |a: Option<&Announced>| match a {
        Some(a) => format!("“{}”", announced_text(a, game, names)),
        None => "nothing more".to_string(),
    };
    (show(expected.get(at)), show(found.get(at)))
}

/// An announcement as the table words it (its hidden detail stays hidden).
fn announced_text(a: &Announced, game: &Game, names: &[String]) -> String {
    let name = |s: Seat| {
        names
            .get(s as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", s + 1))
    };
    let event = match a {
        Announced::Public(e) => e.clone(),
        // The card is not shown in public: any card words it the same.
        Announced::Stole { thief, victim } => Event::Stole {
            thief: *thief,
            victim: *victim,
            card: Resource::Lumber,
        },
        Announced::DevCardBought { seat } => Event::DevCardBought {
            seat: *seat,
            card: DevCard::Knight,
        },
        Announced::Private { seats } => {
            let who: Vec<String> = seats.iter().map(|&s| name(s)).collect();
            return format!("a detail only {} saw", who.join(", "));
        }
    };
    super::messages::event_public(&event, game, names)
        .unwrap_or_else(|| "an event the table does not announce".to_string())
}

/// How a game ended, in words: `alice won`, `was abandoned`, `was still running`.
fn outcome_text(outcome: &Outcome, names: &[String]) -> String {
    match outcome {
        Outcome::Won { seat } => format!(
            "was won by {}",
            names.get(*seat as usize).map_or("?", String::as_str)
        ),
        Outcome::Abandoned => "was abandoned".into(),
        Outcome::Running => "was still running".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_hide_exactly_the_private_details() {
        let stole = Event::Stole {
            thief: 1,
            victim: 2,
            card: Resource::Ore,
        };
        assert_eq!(
            Announced::of(&stole),
            Announced::Stole {
                thief: 1,
                victim: 2
            }
        );
        let bought = Event::DevCardBought {
            seat: 0,
            card: DevCard::VictoryPoint,
        };
        assert_eq!(Announced::of(&bought), Announced::DevCardBought { seat: 0 });
        let played = Event::DevCardPlayed {
            seat: 0,
            card: DevCard::Knight,
        };
        assert_eq!(Announced::of(&played), Announced::Public(played.clone()));
        let json = serde_json::to_string(&Announced::of(&stole)).unwrap_or_default();
        assert!(!json.contains("Ore") && !json.contains("card"), "{json}");
    }
}
