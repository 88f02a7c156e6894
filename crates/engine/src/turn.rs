//! Turn flow (RULES.md §4 end of turn, §6): ending a turn, the 5–6 player special building
//! phase (every other player in seat order from the next may build and buy), and the start of
//! the next turn.

use super::action::{Event, Phase, RuleError};
use super::game::Game;
use super::refusal::Attempt;
use super::sink::EventSink;
use super::types::Seat;

impl Game {
    /// True for 5–6 player games, which have the special building phase.
    pub fn has_special_building(&self) -> bool {
        self.players.len() >= 5
    }

    pub(super) fn check_end_turn(&self, seat: Seat) -> Result<(), RuleError> {
        match self.phase {
            Phase::Main if seat == self.current => Ok(()),
            Phase::SpecialBuild { builder } if builder == seat => Ok(()),
            _ => Err(self.refusal(seat, Attempt::EndTurn)),
        }
    }

    pub(super) fn end_turn(&mut self, seat: Seat, events: &mut impl EventSink) {
        let n = self.players.len() as Seat;
        match self.phase {
            Phase::SpecialBuild { builder } => {
                let next = (builder + 1) % n;
                if next == self.current {
                    self.start_turn((self.current + 1) % n, events);
                } else {
                    self.phase = Phase::SpecialBuild { builder: next };
                    events.record(|| Event::SpecialBuildStarted { seat: next });
                }
            }
            _ => {
                events.record(|| Event::TurnEnded { seat });
                if self.has_special_building() {
                    let next = (self.current + 1) % n;
                    self.phase = Phase::SpecialBuild { builder: next };
                    events.record(|| Event::SpecialBuildStarted { seat: next });
                } else {
                    self.start_turn((self.current + 1) % n, events);
                }
            }
        }
    }

    /// Starts `seat`'s turn, before the roll. (A win at the start of the turn is checked by
    /// `apply` after every action.)
    pub(super) fn start_turn(&mut self, seat: Seat, events: &mut impl EventSink) {
        self.current = seat;
        self.turn += 1;
        self.dev_played = false;
        self.phase = Phase::BeforeRoll;
        events.record(|| Event::TurnStarted {
            seat,
            turn: self.turn,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Event, Phase, RuleError};
    use crate::refusal::{Allowed, Attempt};
    use crate::testkit::TestGame;
    use crate::types::{DevCard, Resource, Resources};

    #[test]
    fn end_turn_passes_to_next_seat_before_roll() {
        let mut t = TestGame::main_phase(4);
        t.g.current = 3;
        let ev = t.ok(3, Action::EndTurn);
        assert_eq!((t.g.current, t.g.turn), (0, 2));
        assert_eq!(t.g.phase, Phase::BeforeRoll);
        assert!(ev.contains(&Event::TurnStarted { seat: 0, turn: 2 }));
        let err = t.refuse(0, Action::EndTurn);
        assert_eq!(
            err,
            RuleError::WrongPhase {
                attempt: Attempt::EndTurn,
                allowed: Allowed::Roll
            }
        );
    }

    #[test]
    fn five_players_have_a_special_building_phase_in_seat_order() {
        let mut t = TestGame::main_phase(5);
        t.g.current = 3;
        let ev = t.ok(3, Action::EndTurn);
        assert_eq!(t.g.phase, Phase::SpecialBuild { builder: 4 });
        assert!(ev.contains(&Event::SpecialBuildStarted { seat: 4 }));
        let mut builders = vec![4];
        for _ in 0..4 {
            let Phase::SpecialBuild { builder } = t.g.phase else {
                panic!()
            };
            t.ok(builder, Action::EndTurn);
            if let Phase::SpecialBuild { builder } = t.g.phase {
                builders.push(builder);
            }
        }
        assert_eq!(builders, vec![4, 0, 1, 2]);
        assert_eq!(t.g.phase, Phase::BeforeRoll);
        assert_eq!(t.g.current, 4);
    }

    #[test]
    fn special_building_allows_building_and_buying_only() {
        let mut t = TestGame::main_phase(6);
        t.settlement(1, 10);
        t.give(
            1,
            Resources::ROAD + Resources::DEV_CARD + Resources::of(Resource::Ore, 4),
        );
        t.dev(1, DevCard::Monopoly);
        t.ok(0, Action::EndTurn);
        assert_eq!(t.g.phase, Phase::SpecialBuild { builder: 1 });
        // no trading, no card play, no rolling; others must wait
        let err = t.refuse(
            1,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                count: 1,
            },
        );
        assert!(matches!(err, RuleError::WrongPhase { .. }), "{err}");
        let err = t.refuse(1, Action::PlayMonopoly(Resource::Ore));
        assert!(matches!(err, RuleError::WrongPhase { .. }), "{err}");
        let err = t.refuse(2, Action::BuyDevCard);
        assert!(matches!(err, RuleError::NotYourTurn { .. }), "{err}");
        let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
        t.ok(1, Action::BuildRoad(e));
        t.ok(1, Action::BuyDevCard);
        let legal = t.g.legal_actions(1);
        assert!(legal.iter().all(|a| matches!(
            a,
            Action::EndTurn
                | Action::BuildRoad(_)
                | Action::BuildSettlement(_)
                | Action::BuildCity(_)
                | Action::BuyDevCard
        )));
    }

    #[test]
    fn winning_in_special_building_waits_for_own_turn() {
        let mut t = TestGame::main_phase(5);
        t.g.settings.vp_target = 3;
        t.settlement(1, 10);
        t.settlement(1, 20);
        t.g.deck.push(DevCard::VictoryPoint);
        t.give(1, Resources::DEV_CARD);
        t.ok(0, Action::EndTurn);
        t.ok(1, Action::BuyDevCard);
        assert_eq!(t.g.winner(), None, "not seat 1's own turn");
        for b in [1, 2, 3, 4] {
            t.ok(b, Action::EndTurn);
        }
        assert_eq!(t.g.winner(), Some(1));
    }

    #[test]
    fn four_players_have_no_special_building() {
        let mut t = TestGame::main_phase(4);
        t.ok(0, Action::EndTurn);
        assert_eq!(t.g.phase, Phase::BeforeRoll);
        assert_eq!(t.g.current, 1);
    }
}
