//! The setup phase (RULES.md §3): round one in seat order, round two in reverse; each step is a
//! settlement (distance rule only) and then a road touching *that* settlement. The second
//! settlement pays one card per touching producing hex. Then seat 0 starts turn 1.

use super::action::{Action, Event, Phase, RuleError};
use super::adjacency::bits;
use super::board::{EdgeId, VertexId};
use super::game::{Building, Game};
use super::refusal::Attempt;
use super::sink::EventSink;
use super::types::{Resources, Seat};

impl Game {
    /// The distance rule and emptiness, shared by setup and normal settlements.
    pub(super) fn check_settlement_spot(&self, v: VertexId) -> Result<(), RuleError> {
        self.check_vertex(v)?;
        let topo = self.topology();
        if self.buildings[v as usize].is_some() {
            return Err(RuleError::IntersectionTaken { at: v });
        }
        for &n in &topo.vertex_neighbors[v as usize] {
            if self.buildings[n as usize].is_some() {
                return Err(RuleError::DistanceRule { at: v, neighbor: n });
            }
        }
        Ok(())
    }

    /// True if a settlement may stand on `v` by the distance rule (ignoring roads).
    #[cfg(test)]
    pub(super) fn settlement_spot_free(&self, v: VertexId) -> bool {
        self.derived().crowded & (1u128 << v) == 0
    }

    pub(super) fn check_setup_settlement(&self, seat: Seat, v: VertexId) -> Result<(), RuleError> {
        match self.phase {
            Phase::Setup {
                road_from: None, ..
            } if seat == self.current => {}
            _ => return Err(self.refusal(seat, Attempt::PlaceSettlement)),
        }
        self.check_settlement_spot(v)
    }

    pub(super) fn place_setup_settlement(
        &mut self,
        seat: Seat,
        v: VertexId,
        events: &mut impl EventSink,
    ) {
        let round = match self.phase {
            Phase::Setup { round, .. } => round,
            _ => return,
        };
        self.buildings[v as usize] = Some(Building {
            owner: seat,
            city: false,
        });
        self.note_building(seat, v, false);
        self.players[seat as usize].settlements_left -= 1;
        self.last_placed.vertices.push(v);
        events.record(|| Event::SettlementBuilt { seat, vertex: v });
        if round == 2 {
            let mut cards = Resources::default();
            for &h in &self.topology().vertex_hexes[v as usize] {
                if let Some(r) = self.layout.terrain[h as usize].resource()
                    && self.bank[r] > cards[r]
                {
                    cards[r] += 1;
                }
            }
            self.bank -= cards;
            self.players[seat as usize].hand += cards;
            events.record(|| Event::StartingResources { seat, cards });
        }
        self.after_settlement_placed(v, events);
        self.phase = Phase::Setup {
            round,
            road_from: Some(v),
        };
    }

    pub(super) fn check_setup_road(&self, seat: Seat, e: EdgeId) -> Result<(), RuleError> {
        let from = match self.phase {
            Phase::Setup {
                road_from: Some(v), ..
            } if seat == self.current => v,
            _ => return Err(self.refusal(seat, Attempt::PlaceRoad)),
        };
        self.check_edge(e)?;
        let topo = self.topology();
        if self.roads[e as usize].is_some() {
            return Err(RuleError::EdgeTaken { at: e });
        }
        if !topo.edge_vertices[e as usize].contains(&from) {
            return Err(RuleError::SetupRoadMustTouch { settlement: from });
        }
        Ok(())
    }

    pub(super) fn place_setup_road(&mut self, seat: Seat, e: EdgeId, events: &mut impl EventSink) {
        let round = match self.phase {
            Phase::Setup { round, .. } => round,
            _ => return,
        };
        self.roads[e as usize] = Some(seat);
        self.note_road(seat, e);
        self.players[seat as usize].roads_left -= 1;
        self.last_placed.edges.push(e);
        events.record(|| Event::RoadBuilt { seat, edge: e });
        self.after_road_placed(seat, e, events);
        if round == 2 {
            self.deal_helper(seat, events);
        }
        let last = self.players.len() as Seat - 1;
        self.phase = match (round, seat) {
            (1, s) if s < last => {
                self.current = s + 1;
                Phase::Setup {
                    round: 1,
                    road_from: None,
                }
            }
            (1, _) => Phase::Setup {
                round: 2,
                road_from: None,
            },
            (_, s) if s > 0 => {
                self.current = s - 1;
                Phase::Setup {
                    round: 2,
                    road_from: None,
                }
            }
            _ => {
                self.start_turn(0, events);
                return;
            }
        };
    }

    pub(super) fn legal_setup(&self, road_from: Option<VertexId>, out: &mut Vec<Action>) {
        let topo = self.topology();
        match road_from {
            None => {
                let board = u128::MAX >> (128 - topo.vertex_count());
                out.extend(bits(board & !self.derived().crowded).map(Action::BuildSettlement));
            }
            Some(v) => out.extend(
                topo.vertex_edges[v as usize]
                    .iter()
                    .filter(|&&e| self.roads[e as usize].is_none())
                    .map(|&e| Action::BuildRoad(e)),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refusal::Awaited;
    use crate::testkit;
    use crate::types::Settings;

    #[test]
    fn setup_order_is_snake_and_ends_with_seat_zero_before_roll() {
        let mut g = Game::new(Settings::for_players(4), 3);
        let mut order = Vec::new();
        while g.in_setup() {
            order.push(g.current);
            let a = g.legal_actions(g.current)[0].clone();
            g.apply(g.current, &a).unwrap();
            let a = g.legal_actions(g.current)[0].clone();
            g.apply(g.current, &a).unwrap();
        }
        assert_eq!(order, vec![0, 1, 2, 3, 3, 2, 1, 0]);
        assert_eq!(g.phase, Phase::BeforeRoll);
        assert_eq!((g.current, g.turn), (0, 1));
    }

    #[test]
    fn setup_road_must_touch_the_new_settlement() {
        let mut g = Game::new(Settings::for_players(3), 1);
        g.apply(0, &Action::BuildSettlement(0)).unwrap();
        let topo = g.topology();
        let far = (0..topo.edge_count() as EdgeId)
            .find(|&e| !topo.edge_vertices[e as usize].contains(&0))
            .unwrap();
        let err = g.apply(0, &Action::BuildRoad(far)).unwrap_err();
        assert!(matches!(err, RuleError::SetupRoadMustTouch { .. }), "{err}");
        assert_eq!(err, RuleError::SetupRoadMustTouch { settlement: 0 });
        let near = topo.vertex_edges[0][0];
        g.apply(0, &Action::BuildRoad(near)).unwrap();
        assert_eq!(g.current, 1);
    }

    #[test]
    fn setup_distance_rule_names_the_neighbour() {
        let mut g = Game::new(Settings::for_players(3), 1);
        g.apply(0, &Action::BuildSettlement(23)).unwrap();
        let road = g.topology().vertex_edges[23][0];
        g.apply(0, &Action::BuildRoad(road)).unwrap();
        let neighbor = g.topology().vertex_neighbors[23][0];
        let err = g.apply(1, &Action::BuildSettlement(neighbor)).unwrap_err();
        assert_eq!(
            err,
            RuleError::DistanceRule {
                at: neighbor,
                neighbor: 23
            }
        );
        assert!(
            !g.legal_actions(1)
                .contains(&Action::BuildSettlement(neighbor))
        );
    }

    #[test]
    fn second_settlement_gets_one_card_per_producing_hex() {
        let mut g = testkit::game_in_setup_round_two(4, 9);
        let seat = g.current;
        let topo = g.topology();
        // an inland vertex touching three hexes, free under the distance rule
        let v = (0..topo.vertex_count() as VertexId)
            .find(|&v| topo.vertex_hexes[v as usize].len() == 3 && g.settlement_spot_free(v))
            .unwrap();
        let mut expected = Resources::default();
        for &h in &topo.vertex_hexes[v as usize] {
            if let Some(r) = g.layout.terrain[h as usize].resource() {
                expected[r] += 1;
            }
        }
        let before = g.players[seat as usize].hand;
        let bank_before = g.bank;
        g.apply(seat, &Action::BuildSettlement(v)).unwrap();
        assert_eq!(g.players[seat as usize].hand, before + expected);
        assert_eq!(g.bank + expected, bank_before);
    }

    #[test]
    fn first_settlement_gives_nothing() {
        let mut g = Game::new(Settings::for_players(4), 5);
        g.apply(0, &Action::BuildSettlement(20)).unwrap();
        assert!(g.players[0].hand.is_empty());
    }

    #[test]
    fn out_of_turn_setup_is_refused() {
        let g0 = Game::new(Settings::for_players(4), 5);
        let mut g = g0.clone();
        let err = g.apply(2, &Action::BuildSettlement(20)).unwrap_err();
        assert_eq!(
            err,
            RuleError::NotYourTurn {
                waiting: Awaited::Seat(0)
            }
        );
        let err = g.apply(0, &Action::Roll).unwrap_err();
        assert!(matches!(err, RuleError::WrongPhase { .. }), "{err}");
    }
}
