//! What the table counts while a game is played, for the summary at its end: the dice, and per
//! seat the cards produced, lost to the robber and to discards, and the trades made.
//!
//! Counted from the engine's events as each action is accepted, not by replaying the log at
//! the end: the store drops the log entries a snapshot covers (see `Store::put_snapshot`), so
//! after the first snapshot the whole log no longer exists to replay. The tally therefore
//! travels with each snapshot (`record::Snapshot`) and the actions after it are counted again
//! on resume, exactly as the game itself is rebuilt, so it survives restarts. It is a few
//! hundred bytes per game whatever the game's length.

use serde::{Deserialize, Serialize};

use super::timeline::Timeline;
use crate::engine::{Event, Game, Resource, Seat};

/// Every total two dice can show, 2 to 12.
pub const DICE_TOTALS: usize = 11;

/// One seat's counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    /// Cards received from rolls, by resource ([`Resource::index`]).
    pub produced: [u32; 5],
    /// Cards stolen from this seat (robber after a 7, or a knight).
    pub lost_to_robber: u32,
    /// Cards this seat discarded after 7s.
    pub discarded: u32,
    /// Trades with other players, as either side.
    pub domestic_trades: u32,
    /// Trades with the supply (4:1 or at a port).
    pub bank_trades: u32,
}

impl SeatStats {
    /// All cards produced, whatever the resource.
    pub fn produced_total(&self) -> u32 {
        self.produced.iter().sum()
    }
}

/// The counts of one game so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStats {
    /// How often each total was rolled; index 0 is a 2, index 10 a 12.
    pub dice: [u32; DICE_TOTALS],
    /// By seat; grows to the highest seat an event names (at most 6 seats).
    pub seats: Vec<SeatStats>,
    /// When the last counted action was accepted (table clock, ms).
    pub last_action_ms: u64,
    /// `Some(turn)` when the counts start at that turn instead of the beginning: the game was
    /// resumed from a snapshot stored before the table kept these counts.
    pub counted_from_turn: Option<u32>,
    /// The counts over time. Not in these counts' own bytes (a snapshot stores it after
    /// them, see `record::encode_snapshot`), so that older snapshots still read.
    #[serde(skip)]
    pub timeline: Timeline,
}

impl GameStats {
    /// Counts that start in the middle of a game (see [`GameStats::counted_from_turn`]).
    pub fn counted_from(turn: u32, last_action_ms: u64) -> GameStats {
        GameStats {
            counted_from_turn: Some(turn),
            last_action_ms,
            timeline: Timeline::from(turn),
            ..GameStats::default()
        }
    }

    /// Adds the events of one accepted action, made at `at_ms`.
    pub fn record(&mut self, events: &[Event], at_ms: u64) {
        self.last_action_ms = at_ms;
        for event in events {
            self.count(event);
        }
    }

    /// Adds one accepted action made at `at_ms`: its events, and the turn points they end
    /// (`game` is the state after it).
    pub fn record_action(&mut self, events: &[Event], game: &Game, at_ms: u64) {
        self.record(events, at_ms);
        self.timeline.record(events, game);
    }

    /// The counts of `seat` (zero for a seat nothing happened to yet).
    pub fn seat(&self, seat: Seat) -> SeatStats {
        self.seats.get(seat as usize).cloned().unwrap_or_default()
    }

    /// All rolls counted.
    pub fn rolls(&self) -> u32 {
        self.dice.iter().sum()
    }

    fn count(&mut self, event: &Event) {
        match event {
            Event::Rolled { dice, .. } => {
                let total = dice.0 as usize + dice.1 as usize;
                if let Some(slot) = total.checked_sub(2).and_then(|i| self.dice.get_mut(i)) {
                    *slot = slot.saturating_add(1);
                }
            }
            Event::Produced { gains } => {
                for (seat, cards) in gains {
                    if let Some(s) = self.seat_mut(*seat) {
                        for r in Resource::ALL {
                            let slot = &mut s.produced[r.index()];
                            *slot = slot.saturating_add(cards[r] as u32);
                        }
                    }
                }
            }
            Event::Stole { victim, .. } => {
                if let Some(s) = self.seat_mut(*victim) {
                    s.lost_to_robber = s.lost_to_robber.saturating_add(1);
                }
            }
            Event::Discarded { seat, cards } => {
                if let Some(s) = self.seat_mut(*seat) {
                    s.discarded = s.discarded.saturating_add(cards.total());
                }
            }
            Event::MaritimeTraded { seat, .. } => {
                if let Some(s) = self.seat_mut(*seat) {
                    s.bank_trades = s.bank_trades.saturating_add(1);
                }
            }
            Event::DomesticTraded { seat, with, .. } => {
                for side in [*seat, *with] {
                    if let Some(s) = self.seat_mut(side) {
                        s.domestic_trades = s.domestic_trades.saturating_add(1);
                    }
                }
            }
            _ => {}
        }
    }

    /// The seat's counts, created on first use; `None` for a seat no game can have.
    fn seat_mut(&mut self, seat: Seat) -> Option<&mut SeatStats> {
        let i = seat as usize;
        if i >= crate::engine::MAX_PLAYERS as usize {
            return None;
        }
        if self.seats.len() <= i {
            self.seats.resize(i + 1, SeatStats::default());
        }
        self.seats.get_mut(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Resources;

    #[test]
    fn counts_each_kind_of_event() {
        let mut stats = GameStats::default();
        stats.record(
            &[
                Event::Rolled {
                    seat: 0,
                    dice: (3, 5),
                },
                Event::Produced {
                    gains: vec![
                        (0, Resources([1, 0, 2, 0, 0])),
                        (2, Resources([0, 0, 0, 0, 3])),
                    ],
                },
            ],
            10,
        );
        stats.record(
            &[
                Event::Rolled {
                    seat: 1,
                    dice: (1, 1),
                },
                Event::Discarded {
                    seat: 2,
                    cards: Resources([0, 1, 0, 0, 3]),
                },
                Event::Stole {
                    thief: 1,
                    victim: 2,
                    card: Resource::Ore,
                },
                Event::MaritimeTraded {
                    seat: 1,
                    gave: Resources([4, 0, 0, 0, 0]),
                    got: Resources([0, 0, 0, 0, 1]),
                },
                Event::DomesticTraded {
                    seat: 0,
                    with: 2,
                    gave: Resources([1, 0, 0, 0, 0]),
                    got: Resources([0, 1, 0, 0, 0]),
                },
            ],
            20,
        );
        assert_eq!(stats.dice[6], 1, "one 8");
        assert_eq!(stats.dice[0], 1, "one 2");
        assert_eq!(stats.rolls(), 2);
        assert_eq!(stats.seat(0).produced, [1, 0, 2, 0, 0]);
        assert_eq!(stats.seat(2).produced_total(), 3);
        assert_eq!(stats.seat(2).discarded, 4);
        assert_eq!(stats.seat(2).lost_to_robber, 1);
        assert_eq!(stats.seat(1).lost_to_robber, 0);
        assert_eq!(stats.seat(1).bank_trades, 1);
        assert_eq!(
            (stats.seat(0).domestic_trades, stats.seat(2).domestic_trades),
            (1, 1)
        );
        assert_eq!(stats.last_action_ms, 20);
        assert_eq!(stats.counted_from_turn, None);
    }

    #[test]
    fn impossible_values_are_ignored_not_panicking() {
        let mut stats = GameStats::default();
        stats.record(
            &[
                Event::Rolled {
                    seat: 0,
                    dice: (0, 0),
                },
                Event::Rolled {
                    seat: 0,
                    dice: (9, 9),
                },
                Event::Stole {
                    thief: 0,
                    victim: 200,
                    card: Resource::Wool,
                },
            ],
            5,
        );
        assert_eq!(stats.rolls(), 0);
        assert!(stats.seats.is_empty());
        assert_eq!(stats.seat(200), SeatStats::default());
    }
}
