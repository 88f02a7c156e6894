//! Winning (RULES.md §5): a player with the VP target wins at once, but only during their own
//! turn; reaching it on someone else's turn (or in a special building phase) waits until their
//! own turn begins.

use super::action::{Event, Phase};
use super::game::Game;
use super::sink::EventSink;

impl Game {
    /// Ends the game if the current player has reached the target in their own turn.
    pub(super) fn check_victory(&mut self, events: &mut impl EventSink) {
        let own_turn = matches!(
            self.phase,
            Phase::BeforeRoll | Phase::Main | Phase::Discard { .. } | Phase::MoveRobber
        );
        if !own_turn {
            return;
        }
        // hidden VP cards add at most one point per card held: skip counting them when even
        // that falls short (most actions)
        let held = self.players[self.current as usize].dev_cards.len();
        if (self.public_vp(self.current) as usize) + held < self.settings.vp_target as usize {
            return;
        }
        let vp = self.total_vp(self.current);
        if vp >= self.settings.vp_target {
            self.phase = Phase::Finished {
                winner: self.current,
            };
            events.record(|| Event::Won {
                seat: self.current,
                vp,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Event, Phase, RuleError};
    use crate::testkit::TestGame;
    use crate::types::{DevCard, Resources};

    /// Seat 0 with `n` settlements spread over the board (distance rule respected).
    fn with_settlements(t: &mut TestGame, seat: u8, n: usize) {
        let mut placed = 0;
        for v in 0..t.topo().vertex_count() as u8 {
            if placed == n {
                break;
            }
            if t.g.settlement_spot_free(v) {
                t.settlement(seat, v);
                placed += 1;
            }
        }
    }

    #[test]
    fn reaching_the_target_on_own_turn_wins_at_once() {
        let mut t = TestGame::main_phase(4);
        t.g.settings.vp_target = 5;
        with_settlements(&mut t, 0, 4);
        let v = (0..54u8)
            .find(|&v| t.g.buildings[v as usize].is_some())
            .unwrap();
        t.give(0, Resources::CITY);
        let ev = t.ok(0, Action::BuildCity(v));
        assert_eq!(ev.last(), Some(&Event::Won { seat: 0, vp: 5 }));
        assert_eq!(t.g.phase, Phase::Finished { winner: 0 });
        assert_eq!(t.refuse(0, Action::EndTurn), RuleError::GameOver);
        assert_eq!(t.refuse(1, Action::Roll), RuleError::GameOver);
        assert!(t.g.legal_actions(0).is_empty());
    }

    #[test]
    fn hidden_vp_cards_count_and_are_revealed() {
        let mut t = TestGame::main_phase(4);
        t.g.settings.vp_target = 3;
        with_settlements(&mut t, 0, 2);
        t.g.deck.push(DevCard::VictoryPoint);
        t.give(0, Resources::DEV_CARD);
        let ev = t.ok(0, Action::BuyDevCard);
        assert_eq!(ev.last(), Some(&Event::Won { seat: 0, vp: 3 }));
        assert_eq!(t.g.view(None).players[0].public_vp, 3);
    }

    #[test]
    fn reaching_the_target_on_another_turn_waits_for_own_turn_start() {
        let mut t = TestGame::main_phase(4);
        t.g.settings.vp_target = 4;
        with_settlements(&mut t, 1, 3);
        // seat 1 gets its 4th point during seat 0's turn (a VP card given directly)
        t.dev(1, DevCard::VictoryPoint);
        t.give(0, Resources::of(crate::types::Resource::Ore, 4));
        t.ok(
            0,
            Action::MaritimeTrade {
                give: crate::types::Resource::Ore,
                get: crate::types::Resource::Wool,
                count: 1,
            },
        );
        assert_eq!(t.g.winner(), None);
        let ev = t.ok(0, Action::EndTurn);
        assert_eq!(t.g.phase, Phase::Finished { winner: 1 });
        assert!(ev.contains(&Event::Won { seat: 1, vp: 4 }));
    }

    #[test]
    fn default_target_is_ten() {
        let mut t = TestGame::main_phase(4);
        with_settlements(&mut t, 0, 5);
        for _ in 0..4 {
            t.dev(0, DevCard::VictoryPoint);
        }
        t.ok(0, Action::EndTurn);
        assert_eq!(t.g.winner(), None);
        assert_eq!(t.g.total_vp(0), 9);
    }
}
