//! Building roads, settlements and cities (RULES.md §4, action phase and the special building
//! phase): costs, piece limits, connection, the distance rule.

use super::action::{Action, Event, Phase, RuleError};
use super::adjacency::bits;
use super::board::{EdgeId, VertexId};
use super::game::{Building, CITY_LIMIT, Game, ROAD_LIMIT, SETTLEMENT_LIMIT};
use super::refusal::{Attempt, Piece};
use super::sink::EventSink;
use super::types::{Resources, Seat};

impl Game {
    /// Building is allowed to the current player in the action phase and to the builder of a
    /// special building phase.
    pub(super) fn check_build_phase(&self, seat: Seat, what: Attempt) -> Result<(), RuleError> {
        match self.phase {
            Phase::Main if seat == self.current => Ok(()),
            Phase::SpecialBuild { builder } if builder == seat => Ok(()),
            _ => Err(self.refusal(seat, what)),
        }
    }

    /// True if a road of `seat` on `e` would connect to their network; `extra` is a road of
    /// theirs assumed already placed (the first road of Road Building).
    pub(super) fn road_connects(&self, seat: Seat, e: EdgeId, extra: Option<EdgeId>) -> bool {
        let [a, b] = self.adjacency().edge_vertices[e as usize];
        self.road_anchors(seat, extra) & ((1u128 << a) | (1u128 << b)) != 0
    }

    /// Place and connection checks for a road (not cost, not pieces).
    pub(super) fn check_road_place(
        &self,
        seat: Seat,
        e: EdgeId,
        extra: Option<EdgeId>,
    ) -> Result<(), RuleError> {
        self.check_edge(e)?;
        if self.roads[e as usize].is_some() || extra == Some(e) {
            return Err(RuleError::EdgeTaken { at: e });
        }
        if !self.road_connects(seat, e, extra) {
            return Err(RuleError::NotConnected { at: e });
        }
        Ok(())
    }

    /// Intersections a new road of `seat` may start from: their buildings, and the ends of
    /// their roads (plus `extra`) not held by an opponent. As a bit set.
    pub(super) fn road_anchors(&self, seat: Seat, extra: Option<EdgeId>) -> u128 {
        let d = self.derived();
        let own = d.buildings[seat as usize];
        let mut anchors = d.road_ends[seat as usize] | own;
        if let Some(x) = extra {
            let [a, b] = self.adjacency().edge_vertices[x as usize];
            anchors |= (1u128 << a) | (1u128 << b);
        }
        anchors & !(d.occupied & !own)
    }

    /// Empty edges touching the intersections in `anchors` (except `extra`), as a bit set.
    pub(super) fn free_edges_at(&self, anchors: u128, extra: Option<EdgeId>) -> u128 {
        let taken = self.derived().any_road | extra.map_or(0, |e| 1u128 << e);
        self.edges_at(anchors) & !taken
    }

    /// Edges where `seat` could place a road now (ignoring cost and pieces), as a bit set.
    pub(super) fn road_places(&self, seat: Seat, extra: Option<EdgeId>) -> u128 {
        match extra {
            None => {
                let d = self.derived();
                d.anchor_edges[seat as usize] & !d.any_road
            }
            Some(_) => self.free_edges_at(self.road_anchors(seat, extra), extra),
        }
    }

    /// Edges where `seat` could place a road now (ignoring cost and pieces), lowest id first.
    pub(super) fn for_each_road_place(
        &self,
        seat: Seat,
        extra: Option<EdgeId>,
        mut f: impl FnMut(EdgeId),
    ) {
        for e in bits(self.road_places(seat, extra)) {
            f(e);
        }
    }

    pub(super) fn check_build_road(&self, seat: Seat, e: EdgeId) -> Result<(), RuleError> {
        self.check_build_phase(seat, Attempt::BuildRoad)?;
        self.check_road_place(seat, e, None)?;
        if self.players[seat as usize].roads_left == 0 {
            return Err(RuleError::NoPiecesLeft {
                piece: Piece::Roads,
                limit: ROAD_LIMIT,
            });
        }
        self.check_afford(seat, Resources::ROAD)
    }

    /// Puts a road on the board (no payment) and updates Longest Route.
    pub(super) fn place_road(&mut self, seat: Seat, e: EdgeId, events: &mut impl EventSink) {
        self.roads[e as usize] = Some(seat);
        self.note_road(seat, e);
        self.players[seat as usize].roads_left -= 1;
        self.last_placed.edges.push(e);
        events.record(|| Event::RoadBuilt { seat, edge: e });
        self.after_road_placed(seat, e, events);
    }

    pub(super) fn build_road(&mut self, seat: Seat, e: EdgeId, events: &mut impl EventSink) {
        self.pay(seat, Resources::ROAD);
        self.place_road(seat, e, events);
    }

    pub(super) fn check_build_settlement(&self, seat: Seat, v: VertexId) -> Result<(), RuleError> {
        self.check_build_phase(seat, Attempt::BuildSettlement)?;
        self.check_settlement_spot(v)?;
        if !self.touches_own_road(seat, v) {
            return Err(RuleError::SettlementNotConnected { at: v });
        }
        if self.players[seat as usize].settlements_left == 0 {
            return Err(RuleError::NoPiecesLeft {
                piece: Piece::Settlements,
                limit: SETTLEMENT_LIMIT,
            });
        }
        self.check_afford(seat, Resources::SETTLEMENT)
    }

    pub(super) fn build_settlement(
        &mut self,
        seat: Seat,
        v: VertexId,
        events: &mut impl EventSink,
    ) {
        self.pay(seat, Resources::SETTLEMENT);
        self.place_settlement(seat, v, events);
    }

    /// Puts a settlement on the board (paid by the caller).
    pub(super) fn place_settlement(
        &mut self,
        seat: Seat,
        v: VertexId,
        events: &mut impl EventSink,
    ) {
        self.buildings[v as usize] = Some(Building {
            owner: seat,
            city: false,
        });
        self.note_building(seat, v, false);
        self.players[seat as usize].settlements_left -= 1;
        self.last_placed.vertices.push(v);
        events.record(|| Event::SettlementBuilt { seat, vertex: v });
        self.after_settlement_placed(v, events);
    }

    pub(super) fn check_build_city(&self, seat: Seat, v: VertexId) -> Result<(), RuleError> {
        self.check_build_phase(seat, Attempt::BuildCity)?;
        self.check_vertex(v)?;
        match self.buildings[v as usize] {
            Some(Building { owner, city: false }) if owner == seat => {}
            _ => {
                return Err(RuleError::NoSettlementToUpgrade { at: v });
            }
        }
        if self.players[seat as usize].cities_left == 0 {
            return Err(RuleError::NoPiecesLeft {
                piece: Piece::Cities,
                limit: CITY_LIMIT,
            });
        }
        self.check_afford(seat, Resources::CITY)
    }

    pub(super) fn build_city(&mut self, seat: Seat, v: VertexId, events: &mut impl EventSink) {
        self.pay(seat, Resources::CITY);
        self.place_city(seat, v, events);
    }

    /// Upgrades a settlement to a city (paid by the caller).
    pub(super) fn place_city(&mut self, seat: Seat, v: VertexId, events: &mut impl EventSink) {
        self.buildings[v as usize] = Some(Building {
            owner: seat,
            city: true,
        });
        self.note_building(seat, v, true);
        let p = &mut self.players[seat as usize];
        p.cities_left -= 1;
        p.settlements_left += 1;
        self.last_placed.vertices.push(v);
        events.record(|| Event::CityBuilt { seat, vertex: v });
    }

    /// Moves `cost` from a hand to the supply (checked by the caller).
    pub(super) fn pay(&mut self, seat: Seat, cost: Resources) {
        self.players[seat as usize].hand -= cost;
        self.bank += cost;
    }

    /// Roads, settlements, cities and development cards `seat` can build and afford now.
    pub(super) fn legal_builds(&self, seat: Seat, out: &mut Vec<Action>) {
        let p = &self.players[seat as usize];
        let road = p.roads_left > 0 && Resources::ROAD.fits_in(&p.hand);
        let settlement = p.settlements_left > 0 && Resources::SETTLEMENT.fits_in(&p.hand);
        if road || settlement {
            let anchors = self.road_anchors(seat, None);
            if road {
                for e in bits(self.free_edges_at(anchors, None)) {
                    out.push(Action::BuildRoad(e));
                }
            }
            if settlement {
                // a settlement needs one of the seat's roads and room by the distance rule
                let d = self.derived();
                for v in bits(anchors & d.road_ends[seat as usize] & !d.crowded) {
                    out.push(Action::BuildSettlement(v));
                }
            }
        }
        if p.cities_left > 0 && Resources::CITY.fits_in(&p.hand) {
            for v in bits(self.derived().settlements(seat)) {
                out.push(Action::BuildCity(v));
            }
        }
        if !self.deck.is_empty() && Resources::DEV_CARD.fits_in(&p.hand) {
            out.push(Action::BuyDevCard);
        }
    }

    /// True if one of `seat`'s roads ends at `v`.
    pub(super) fn touches_own_road(&self, seat: Seat, v: VertexId) -> bool {
        self.derived().road_ends[seat as usize] & (1u128 << v) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refusal::Allowed;
    use crate::testkit::{self, TestGame};
    use crate::types::Resource;

    #[test]
    fn road_costs_brick_and_lumber_and_must_connect() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::ROAD + Resources::ROAD);
        t.settlement(0, 10);
        let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
        let far = t.edge(40, t.topo().vertex_neighbors[40][0]);
        let err = t.refuse(0, Action::BuildRoad(far));
        assert!(matches!(err, RuleError::NotConnected { .. }), "{err}");
        t.ok(0, Action::BuildRoad(e));
        assert_eq!(t.g.players[0].hand, Resources::ROAD);
        assert_eq!(t.g.roads[e as usize], Some(0));
        assert_eq!(t.g.players[0].roads_left, ROAD_LIMIT - 1);
    }

    #[test]
    fn road_cannot_continue_through_opponent_building() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::ROAD);
        // own road 10-a, opponent settlement on a; the edge beyond a is not reachable
        let a = t.topo().vertex_neighbors[10][0];
        t.road(0, t.edge(10, a));
        t.settlement(1, a);
        let beyond = t.topo().vertex_neighbors[a as usize]
            .iter()
            .copied()
            .find(|&b| b != 10)
            .unwrap();
        let err = t.refuse(0, Action::BuildRoad(t.edge(a, beyond)));
        assert!(matches!(err, RuleError::NotConnected { .. }), "{err}");
        // from the other end (10) it still works
        let other = t.topo().vertex_neighbors[10]
            .iter()
            .copied()
            .find(|&b| b != a)
            .unwrap();
        t.ok(0, Action::BuildRoad(t.edge(10, other)));
    }

    #[test]
    fn cannot_afford_names_cost_and_hand() {
        let mut t = TestGame::main_phase(4);
        t.settlement(0, 10);
        t.give(0, Resources::one(Resource::Brick));
        let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
        let err = t.refuse(0, Action::BuildRoad(e));
        assert_eq!(
            err,
            RuleError::CannotAfford {
                cost: Resources::ROAD,
                have: Resources::one(Resource::Brick)
            }
        );
    }

    #[test]
    fn settlement_needs_own_road_and_distance_rule() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::SETTLEMENT + Resources::SETTLEMENT);
        let path = testkit::path_from(t.topo(), 0, 3);
        t.settlement(0, path[0]);
        t.road(0, t.edge(path[0], path[1]));
        t.road(0, t.edge(path[1], path[2]));
        // next to own settlement: distance rule
        let err = t.refuse(0, Action::BuildSettlement(path[1]));
        assert!(matches!(err, RuleError::DistanceRule { .. }), "{err}");
        // not touching a road
        let err = t.refuse(0, Action::BuildSettlement(45));
        assert!(
            matches!(
                err,
                RuleError::SettlementNotConnected { .. } | RuleError::DistanceRule { .. }
            ),
            "{err}"
        );
        t.ok(0, Action::BuildSettlement(path[2]));
        assert_eq!(t.g.players[0].settlements_left, SETTLEMENT_LIMIT - 2);
        assert_eq!(t.g.players[0].hand, Resources::SETTLEMENT);
    }

    #[test]
    fn city_replaces_own_settlement_and_returns_the_piece() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::CITY);
        t.settlement(0, 10);
        t.settlement(1, 30);
        let err = t.refuse(0, Action::BuildCity(30));
        assert!(matches!(err, RuleError::NoSettlementToUpgrade { .. }));
        let left = t.g.players[0].settlements_left;
        t.ok(0, Action::BuildCity(10));
        assert_eq!(
            t.g.buildings[10],
            Some(Building {
                owner: 0,
                city: true
            })
        );
        assert_eq!(t.g.players[0].settlements_left, left + 1);
        assert_eq!(t.g.players[0].cities_left, CITY_LIMIT - 1);
        assert!(t.g.players[0].hand.is_empty());
        // a city cannot be upgraded again
        t.give(0, Resources::CITY);
        let err = t.refuse(0, Action::BuildCity(10));
        assert!(matches!(err, RuleError::NoSettlementToUpgrade { .. }));
    }

    #[test]
    fn piece_limits_are_enforced() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::ROAD + Resources::CITY + Resources::SETTLEMENT);
        t.settlement(0, 10);
        t.g.players[0].roads_left = 0;
        t.g.players[0].cities_left = 0;
        let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
        let err = t.refuse(0, Action::BuildRoad(e));
        assert_eq!(
            err,
            RuleError::NoPiecesLeft {
                piece: Piece::Roads,
                limit: 15
            }
        );
        let err = t.refuse(0, Action::BuildCity(10));
        assert_eq!(
            err,
            RuleError::NoPiecesLeft {
                piece: Piece::Cities,
                limit: 4
            }
        );
        t.g.players[0].roads_left = 2;
        t.ok(0, Action::BuildRoad(e));
        let far = t.topo().edge_vertices[e as usize]
            .into_iter()
            .find(|&v| v != 10)
            .unwrap();
        let next = t.topo().vertex_neighbors[far as usize]
            .iter()
            .copied()
            .find(|&v| v != 10)
            .unwrap();
        t.road(0, t.edge(far, next));
        t.g.players[0].settlements_left = 0;
        let err = t.refuse(0, Action::BuildSettlement(next));
        assert_eq!(
            err,
            RuleError::NoPiecesLeft {
                piece: Piece::Settlements,
                limit: 5
            }
        );
    }

    #[test]
    fn building_before_rolling_is_refused() {
        let mut t = TestGame::main_phase(4);
        t.g.phase = Phase::BeforeRoll;
        t.give(0, Resources::ROAD);
        t.settlement(0, 10);
        let e = t.edge(10, t.topo().vertex_neighbors[10][0]);
        let err = t.refuse(0, Action::BuildRoad(e));
        assert_eq!(
            err,
            RuleError::WrongPhase {
                attempt: Attempt::BuildRoad,
                allowed: Allowed::Roll
            }
        );
        let err = t.refuse(1, Action::BuildRoad(e));
        assert!(matches!(err, RuleError::NotYourTurn { .. }));
    }
}
