//! What the table counts over time, for `stats` during a game and the graph in the summary at
//! its end: per seat the public victory points at the end of each turn and the cards gained in
//! it, plus running totals the older counts ([`super::game_stats::SeatStats`]) lack (cards
//! gained, robberies made, productions the robber blocked).
//!
//! Public by construction: a turn's points are [`Game::public_vp`], never hidden Victory Point
//! cards, so the series shown mid-game gives nothing away. Only the last point of a won game
//! counts every card, as the final scores do then.
//!
//! Bounded: at most [`MAX_TURN_POINTS`] points (a game of Catan takes 60 to 120 turns); a
//! longer game keeps its first points and its final one, and [`Timeline::full`] says so.
//! Stored after the older counts in a snapshot (see `record::encode_snapshot`), so snapshots
//! written before it still load: their series starts at the snapshot's turn
//! ([`Timeline::from_turn`]).

use serde::{Deserialize, Serialize};

use crate::engine::{Event, Game, MAX_PLAYERS, Seat};

/// The most turns the series keeps (points after it are dropped, except the final one).
pub const MAX_TURN_POINTS: usize = 500;

/// The state at the end of one turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnPoint {
    /// The turn that ended (0: the setup).
    pub turn: u32,
    /// Public victory points per seat (every point for the last point of a won game).
    pub vp: Vec<u8>,
    /// Resource cards each seat gained during the turn (see [`Timeline::gained`]).
    pub gained: Vec<u32>,
}

/// The counts over time of one game so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timeline {
    /// One point per ended turn, oldest first, at most [`MAX_TURN_POINTS`] (+1 final point).
    pub turns: Vec<TurnPoint>,
    /// Per seat: resource cards gained from the board (rolls and the setup), the robber, a
    /// Monopoly or an Invention. Trades are exchanges, not gains, and are not counted.
    pub gained: Vec<u32>,
    /// Per seat: cards this seat stole (robber or knight).
    pub stole: Vec<u32>,
    /// Per seat: rolls whose production the robber blocked for this seat.
    pub blocked: Vec<u32>,
    /// Cards gained per seat in the turn under way.
    pub this_turn: Vec<u32>,
    /// `Some(turn)` when the counts start at that turn: the game was resumed from a snapshot
    /// stored before the table kept them.
    pub from_turn: Option<u32>,
}

impl Timeline {
    /// Counts that start in the middle of a game (see [`Timeline::from_turn`]).
    pub fn from(turn: u32) -> Timeline {
        Timeline {
            from_turn: Some(turn),
            ..Timeline::default()
        }
    }

    /// Adds the events of one accepted action; `game` is the state after it.
    pub fn record(&mut self, events: &[Event], game: &Game) {
        let seats = game.players().len();
        for event in events {
            match event {
                Event::Produced { gains } => {
                    for (seat, cards) in gains {
                        self.gain(*seat, cards.total());
                    }
                }
                Event::StartingResources { seat, cards } => self.gain(*seat, cards.total()),
                Event::InventionTaken { seat, cards } => self.gain(*seat, cards.total()),
                Event::Monopoly { seat, taken, .. } => {
                    let total = taken.iter().map(|(_, n)| *n as u32).sum();
                    self.gain(*seat, total);
                }
                Event::Stole { thief, .. } => {
                    self.gain(*thief, 1);
                    bump(&mut self.stole, *thief, 1);
                }
                Event::RobberBlocked { seats, .. } => {
                    for seat in seats {
                        bump(&mut self.blocked, *seat, 1);
                    }
                }
                Event::TurnStarted { turn, .. } => {
                    self.close_turn(turn.saturating_sub(1), game, seats, false);
                }
                _ => {}
            }
        }
        if game.winner().is_some() && self.turns.last().is_none_or(|p| p.turn != game.turn()) {
            self.close_turn(game.turn(), game, seats, true);
        }
    }

    /// Whether points were dropped: the game went on past [`MAX_TURN_POINTS`] turns.
    pub fn full(&self) -> bool {
        self.turns.len() >= MAX_TURN_POINTS
    }

    /// The count of `seat` in a per-seat list (zero for a seat nothing happened to yet).
    pub fn of(list: &[u32], seat: Seat) -> u32 {
        list.get(seat as usize).copied().unwrap_or(0)
    }

    fn gain(&mut self, seat: Seat, cards: u32) {
        bump(&mut self.gained, seat, cards);
        bump(&mut self.this_turn, seat, cards);
    }

    /// Ends the turn `turn`: its point (kept while there is room, or when `last`).
    fn close_turn(&mut self, turn: u32, game: &Game, seats: usize, last: bool) {
        let gained = (0..seats)
            .map(|s| Self::of(&self.this_turn, s as Seat))
            .collect();
        self.this_turn.clear();
        if self.turns.len() >= MAX_TURN_POINTS && !last {
            return;
        }
        let vp = (0..seats as Seat)
            .map(|s| {
                if last {
                    game.total_vp(s)
                } else {
                    game.public_vp(s)
                }
            })
            .collect();
        self.turns.push(TurnPoint { turn, vp, gained });
    }
}

/// Adds `n` to `seat`'s entry, growing the list to it (seats no game can have are ignored).
fn bump(list: &mut Vec<u32>, seat: Seat, n: u32) {
    let i = seat as usize;
    if i >= MAX_PLAYERS as usize {
        return;
    }
    if list.len() <= i {
        list.resize(i + 1, 0);
    }
    list[i] = list[i].saturating_add(n);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::testkit::{self, TestGame};
    use crate::engine::{Action, DevCard, Phase, Resources, Settings};

    /// A random game, action by action: every point is the public score at the start of the
    /// next turn, and the cards of each turn add up to the running totals.
    #[test]
    fn each_turn_point_is_the_public_score_then() {
        let mut probe = Game::new(Settings::for_players(4), 21);
        let actions = testkit::random_playout(&mut probe, 7, 4_000);
        let mut game = Game::new(Settings::for_players(4), 21);
        let mut timeline = Timeline::default();
        let mut points = 0;
        for (seat, action) in &actions {
            let events = game.apply(*seat, action).expect("replays");
            timeline.record(&events, &game);
            if events
                .iter()
                .any(|e| matches!(e, Event::TurnStarted { .. }))
            {
                points += 1;
                let last = timeline.turns.last().expect("a point per ended turn");
                assert_eq!(last.turn + 1, game.turn());
                let public: Vec<u8> = (0..4).map(|s| game.public_vp(s)).collect();
                assert_eq!(last.vp, public, "turn {}", last.turn);
            }
        }
        assert!(points > 20, "{points} turns played");
        let won = game.winner().is_some();
        assert_eq!(timeline.turns.len(), points + won as usize);
        if won {
            let last = timeline.turns.last().expect("the final point");
            let totals: Vec<u8> = (0..4).map(|s| game.total_vp(s)).collect();
            assert_eq!((last.turn, last.vp.clone()), (game.turn(), totals));
        }
        assert_eq!(timeline.turns[0].turn, 0, "the setup is the first point");
        for seat in 0..4 {
            let per_turn: u32 = timeline.turns.iter().map(|p| p.gained[seat]).sum::<u32>()
                + Timeline::of(&timeline.this_turn, seat as Seat);
            assert_eq!(per_turn, Timeline::of(&timeline.gained, seat as Seat));
        }
    }

    /// A Victory Point card in hand is not in the series while the game runs; the final point
    /// of the won game counts it.
    #[test]
    fn hidden_victory_points_show_only_at_the_end() {
        let mut t = TestGame::main_phase(3);
        t.settlement(0, 0);
        t.settlement(1, 20);
        t.dev(0, DevCard::VictoryPoint);
        let mut timeline = Timeline::default();
        let events = t.ok(0, Action::EndTurn);
        timeline.record(&events, &t.g);
        assert_eq!(t.g.total_vp(0), 2, "the card counts for its owner");
        let point = &timeline.turns[0];
        assert_eq!((point.turn, point.vp.clone()), (1, vec![1, 1, 0]));
        // The game is won: the last point counts the card.
        testkit::set_phase(&mut t.g, Phase::Finished { winner: 0 });
        timeline.record(&[], &t.g);
        let last = timeline.turns.last().expect("final point");
        assert_eq!((last.turn, last.vp.clone()), (2, vec![2, 1, 0]));
        timeline.record(&[], &t.g);
        assert_eq!(timeline.turns.len(), 2, "one final point");
    }

    #[test]
    fn gains_robberies_and_blocks_are_counted_per_seat() {
        let t = TestGame::main_phase(3);
        let mut timeline = Timeline::default();
        timeline.record(
            &[
                Event::Produced {
                    gains: vec![
                        (0, Resources([1, 0, 2, 0, 0])),
                        (2, Resources([0, 0, 0, 0, 1])),
                    ],
                },
                Event::RobberBlocked {
                    hex: 3,
                    seats: vec![1, 2],
                },
                Event::Stole {
                    thief: 0,
                    victim: 2,
                    card: crate::engine::Resource::Ore,
                },
                Event::Monopoly {
                    seat: 1,
                    resource: crate::engine::Resource::Wool,
                    taken: vec![(0, 2), (2, 1)],
                },
                Event::Stole {
                    thief: 200,
                    victim: 0,
                    card: crate::engine::Resource::Ore,
                },
            ],
            &t.g,
        );
        assert_eq!(timeline.gained, vec![4, 3, 1]);
        assert_eq!(timeline.stole, vec![1]);
        assert_eq!(timeline.blocked, vec![0, 1, 1]);
        assert!(timeline.turns.is_empty(), "no turn ended");
    }

    #[test]
    fn the_series_stops_at_its_bound_but_keeps_the_final_point() {
        let mut t = TestGame::main_phase(2);
        let mut timeline = Timeline::default();
        for turn in 1..=(MAX_TURN_POINTS as u32 + 20) {
            timeline.record(&[Event::TurnStarted { seat: 0, turn }], &t.g);
        }
        assert_eq!(timeline.turns.len(), MAX_TURN_POINTS);
        assert!(timeline.full());
        testkit::set_turn(&mut t.g, 600);
        testkit::set_phase(&mut t.g, Phase::Finished { winner: 1 });
        timeline.record(&[], &t.g);
        assert_eq!(timeline.turns.len(), MAX_TURN_POINTS + 1);
        assert_eq!(timeline.turns.last().map(|p| p.turn), Some(600));
    }
}
