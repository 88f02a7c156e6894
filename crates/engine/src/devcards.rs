//! Development cards (RULES.md §4): buying, and playing one per turn (before the roll or in
//! the action phase), never one bought this turn. Victory point cards are never played.

use super::action::{Action, Event, Phase, RuleError};
use super::board::{EdgeId, HexId};
use super::game::{Game, HeldCard, ROAD_LIMIT};
use super::refusal::{Attempt, Piece};
use super::sink::EventSink;
use super::types::{DevCard, MAX_PLAYERS, Resource, Resources, Seat};

impl Game {
    pub(super) fn check_buy_dev_card(&self, seat: Seat) -> Result<(), RuleError> {
        self.check_build_phase(seat, Attempt::BuyDevCard)?;
        if self.deck.is_empty() {
            return Err(RuleError::DeckEmpty);
        }
        self.check_afford(seat, Resources::DEV_CARD)
    }

    pub(super) fn buy_dev_card(&mut self, seat: Seat, events: &mut impl EventSink) {
        let Some(card) = self.deck.pop() else { return };
        self.pay(seat, Resources::DEV_CARD);
        self.players[seat as usize].dev_cards.push(HeldCard {
            card,
            bought_turn: self.turn,
        });
        events.record(|| Event::DevCardBought { seat, card });
    }

    /// True if `seat` holds a `card` bought before this turn.
    fn has_playable(&self, seat: Seat, card: DevCard) -> bool {
        self.players[seat as usize]
            .dev_cards
            .iter()
            .any(|c| c.card == card && c.bought_turn != self.turn)
    }

    /// Timing and ownership checks common to every card.
    fn check_dev_play(&self, seat: Seat, card: DevCard) -> Result<(), RuleError> {
        match self.phase {
            Phase::BeforeRoll | Phase::Main if seat == self.current => {}
            _ => return Err(self.refusal(seat, Attempt::Play(card))),
        }
        if self.dev_played {
            return Err(RuleError::AlreadyPlayedDevCard);
        }
        if !self.has_playable(seat, card) {
            return Err(RuleError::NoSuchCard { card });
        }
        Ok(())
    }

    /// Removes a played card from the hand (the oldest playable one) and records the play.
    fn take_played(&mut self, seat: Seat, card: DevCard, events: &mut impl EventSink) {
        let turn = self.turn;
        let p = &mut self.players[seat as usize];
        if let Some(i) = p
            .dev_cards
            .iter()
            .position(|c| c.card == card && c.bought_turn != turn)
        {
            p.dev_cards.remove(i);
        }
        if card == DevCard::Knight {
            p.knights_played += 1;
        } else {
            p.progress_played += 1;
        }
        self.dev_played = true;
        events.record(|| Event::DevCardPlayed { seat, card });
    }

    pub(super) fn check_play_knight(
        &self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
    ) -> Result<(), RuleError> {
        self.check_dev_play(seat, DevCard::Knight)?;
        self.check_robber_target(seat, hex, victim)
    }

    pub(super) fn play_knight(
        &mut self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
        events: &mut impl EventSink,
    ) {
        self.take_played(seat, DevCard::Knight, events);
        self.move_robber(seat, hex, victim, events);
        self.update_largest_army(seat, events);
    }

    pub(super) fn check_play_road_building(
        &self,
        seat: Seat,
        first: EdgeId,
        second: Option<EdgeId>,
    ) -> Result<(), RuleError> {
        self.check_dev_play(seat, DevCard::RoadBuilding)?;
        let pieces = self.players[seat as usize].roads_left;
        if pieces == 0 {
            return Err(RuleError::NoPiecesLeft {
                piece: Piece::Roads,
                limit: ROAD_LIMIT,
            });
        }
        self.check_road_place(seat, first, None)?;
        match second {
            Some(e) => {
                if pieces < 2 {
                    return Err(RuleError::OneRoadLeft);
                }
                self.check_road_place(seat, e, Some(first))
            }
            None => {
                let mut another = false;
                self.for_each_road_place(seat, Some(first), |_| another = true);
                if pieces >= 2 && another {
                    Err(RuleError::NameSecondRoad)
                } else {
                    Ok(())
                }
            }
        }
    }

    pub(super) fn play_road_building(
        &mut self,
        seat: Seat,
        first: EdgeId,
        second: Option<EdgeId>,
        events: &mut impl EventSink,
    ) {
        self.take_played(seat, DevCard::RoadBuilding, events);
        self.place_road(seat, first, events);
        if let Some(e) = second {
            self.place_road(seat, e, events);
        }
    }

    pub(super) fn check_play_invention(
        &self,
        seat: Seat,
        a: Resource,
        b: Resource,
    ) -> Result<(), RuleError> {
        self.check_dev_play(seat, DevCard::Invention)?;
        let want = Resources::one(a) + Resources::one(b);
        for (r, n) in want.iter() {
            if self.bank[r] < n {
                return Err(RuleError::SupplyEmpty {
                    resource: r,
                    asked: n,
                    left: self.bank[r],
                });
            }
        }
        Ok(())
    }

    pub(super) fn play_invention(
        &mut self,
        seat: Seat,
        a: Resource,
        b: Resource,
        events: &mut impl EventSink,
    ) {
        self.take_played(seat, DevCard::Invention, events);
        let cards = Resources::one(a) + Resources::one(b);
        self.bank -= cards;
        self.players[seat as usize].hand += cards;
        events.record(|| Event::InventionTaken { seat, cards });
    }

    pub(super) fn check_play_monopoly(&self, seat: Seat, _r: Resource) -> Result<(), RuleError> {
        self.check_dev_play(seat, DevCard::Monopoly)
    }

    pub(super) fn play_monopoly(&mut self, seat: Seat, r: Resource, events: &mut impl EventSink) {
        self.take_played(seat, DevCard::Monopoly, events);
        // what each seat gave, listed only if events are kept
        let mut took = [0u8; MAX_PLAYERS as usize];
        let mut total = 0u8;
        for (s, p) in self.players.iter_mut().enumerate() {
            if s as Seat != seat && p.hand[r] > 0 {
                took[s] = p.hand[r];
                total += p.hand[r];
                p.hand[r] = 0;
            }
        }
        self.players[seat as usize].hand[r] += total;
        events.record(|| Event::Monopoly {
            seat,
            resource: r,
            taken: (0..MAX_PLAYERS)
                .filter(|&s| took[s as usize] > 0)
                .map(|s| (s, took[s as usize]))
                .collect(),
        });
    }

    /// Every card play open to `seat` now (the phase is checked by the caller).
    pub(super) fn legal_dev_plays(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.dev_played {
            return;
        }
        // the kinds held since before this turn, in one pass over the hand
        let mut playable = [false; 5];
        for c in &self.players[seat as usize].dev_cards {
            if c.bought_turn != self.turn {
                playable[c.card as usize] = true;
            }
        }
        if playable[DevCard::Knight as usize] {
            self.legal_robber_moves(seat, out, |hex, victim| Action::PlayKnight { hex, victim });
        }
        if playable[DevCard::RoadBuilding as usize] {
            self.legal_road_building(seat, out);
        }
        if playable[DevCard::Invention as usize] {
            for a in Resource::ALL {
                for b in Resource::ALL {
                    let need = if a == b { 2 } else { 1 };
                    if self.bank[a] >= need && self.bank[b] >= 1 {
                        out.push(Action::PlayInvention(a, b));
                    }
                }
            }
        }
        if playable[DevCard::Monopoly as usize] {
            out.extend(Resource::ALL.map(Action::PlayMonopoly));
        }
    }

    fn legal_road_building(&self, seat: Seat, out: &mut Vec<Action>) {
        let pieces = self.players[seat as usize].roads_left;
        if pieces == 0 {
            return;
        }
        self.for_each_road_place(seat, None, |first| {
            let before = out.len();
            if pieces >= 2 {
                self.for_each_road_place(seat, Some(first), |second| {
                    out.push(Action::PlayRoadBuilding {
                        first,
                        second: Some(second),
                    })
                });
            }
            if out.len() == before {
                out.push(Action::PlayRoadBuilding {
                    first,
                    second: None,
                });
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::TestGame;

    #[test]
    fn buying_draws_the_top_card_and_pays() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::DEV_CARD);
        let top = *t.g.deck.last().unwrap();
        let size = t.g.deck.len();
        let ev = t.ok(0, Action::BuyDevCard);
        assert_eq!(ev, vec![Event::DevCardBought { seat: 0, card: top }]);
        assert_eq!(t.g.deck.len(), size - 1);
        assert!(t.g.players[0].hand.is_empty());
        assert_eq!(t.g.players[0].dev_cards[0].card, top);
    }

    #[test]
    fn empty_deck_refuses() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::DEV_CARD);
        t.g.deck.clear();
        assert_eq!(t.refuse(0, Action::BuyDevCard), RuleError::DeckEmpty);
        assert!(!t.g.legal_actions(0).contains(&Action::BuyDevCard));
    }

    #[test]
    fn card_bought_this_turn_cannot_be_played() {
        let mut t = TestGame::main_phase(4);
        t.g.deck.push(DevCard::Monopoly);
        t.give(0, Resources::DEV_CARD);
        t.ok(0, Action::BuyDevCard);
        let err = t.refuse(0, Action::PlayMonopoly(Resource::Ore));
        assert!(matches!(err, RuleError::NoSuchCard { .. }), "{err}");
    }

    #[test]
    fn one_card_per_turn_before_or_after_roll() {
        let mut t = TestGame::main_phase(4);
        t.g.phase = Phase::BeforeRoll;
        t.dev(0, DevCard::Monopoly);
        t.dev(0, DevCard::Invention);
        t.ok(0, Action::PlayMonopoly(Resource::Ore));
        assert_eq!(t.g.phase, Phase::BeforeRoll);
        t.g.phase = Phase::Main;
        let err = t.refuse(0, Action::PlayInvention(Resource::Ore, Resource::Ore));
        assert_eq!(err, RuleError::AlreadyPlayedDevCard);
    }

    #[test]
    fn not_playable_by_others_or_in_discard_phase() {
        let mut t = TestGame::main_phase(4);
        t.dev(1, DevCard::Monopoly);
        let err = t.refuse(1, Action::PlayMonopoly(Resource::Ore));
        assert!(matches!(err, RuleError::NotYourTurn { .. }));
        t.dev(0, DevCard::Monopoly);
        t.g.phase = Phase::MoveRobber;
        let err = t.refuse(0, Action::PlayMonopoly(Resource::Ore));
        assert!(matches!(err, RuleError::WrongPhase { .. }));
    }

    #[test]
    fn knight_moves_robber_steals_and_counts() {
        let mut t = TestGame::main_phase(4);
        t.dev(0, DevCard::Knight);
        let corners = t.topo().hex_vertices[0];
        t.settlement(1, corners[0]);
        t.give(1, Resources::one(Resource::Grain));
        let ev = t.ok(
            0,
            Action::PlayKnight {
                hex: 0,
                victim: Some(1),
            },
        );
        assert_eq!(t.g.robber, 0);
        assert_eq!(t.g.players[0].knights_played, 1);
        assert_eq!(t.g.players[0].hand[Resource::Grain], 1);
        assert!(t.g.players[0].dev_cards.is_empty());
        assert!(ev.contains(&Event::DevCardPlayed {
            seat: 0,
            card: DevCard::Knight
        }));
        assert_eq!(t.g.phase, Phase::Main);
    }

    #[test]
    fn knight_before_roll_does_not_trigger_discards() {
        let mut t = TestGame::main_phase(4);
        t.g.phase = Phase::BeforeRoll;
        t.dev(0, DevCard::Knight);
        t.give(1, Resources([3, 3, 3, 3, 3]));
        t.ok(
            0,
            Action::PlayKnight {
                hex: 0,
                victim: None,
            },
        );
        assert_eq!(t.g.phase, Phase::BeforeRoll);
        assert_eq!(t.g.players[1].hand.total(), 15);
    }

    #[test]
    fn road_building_places_two_free_roads() {
        let mut t = TestGame::main_phase(4);
        t.dev(0, DevCard::RoadBuilding);
        t.settlement(0, 10);
        let a = t.topo().vertex_neighbors[10][0];
        let b = t.topo().vertex_neighbors[a as usize]
            .iter()
            .copied()
            .find(|&x| x != 10)
            .unwrap();
        let e1 = t.edge(10, a);
        let e2 = t.edge(a, b);
        // the second may build on the first
        let err = t.refuse(
            0,
            Action::PlayRoadBuilding {
                first: e1,
                second: None,
            },
        );
        assert_eq!(err, RuleError::NameSecondRoad);
        t.ok(
            0,
            Action::PlayRoadBuilding {
                first: e1,
                second: Some(e2),
            },
        );
        assert_eq!(t.g.roads[e1 as usize], Some(0));
        assert_eq!(t.g.roads[e2 as usize], Some(0));
        assert!(t.g.players[0].hand.is_empty());
        assert_eq!(t.g.players[0].roads_left, ROAD_LIMIT - 2);
    }

    #[test]
    fn road_building_with_one_piece_places_one() {
        let mut t = TestGame::main_phase(4);
        t.dev(0, DevCard::RoadBuilding);
        t.settlement(0, 10);
        t.g.players[0].roads_left = 1;
        let e1 = t.edge(10, t.topo().vertex_neighbors[10][0]);
        let e2 = t.edge(10, t.topo().vertex_neighbors[10][1]);
        let err = t.refuse(
            0,
            Action::PlayRoadBuilding {
                first: e1,
                second: Some(e2),
            },
        );
        assert_eq!(err, RuleError::OneRoadLeft);
        t.ok(
            0,
            Action::PlayRoadBuilding {
                first: e1,
                second: None,
            },
        );
        assert_eq!(t.g.players[0].roads_left, 0);
    }

    #[test]
    fn road_building_with_one_place_places_one() {
        let mut t = TestGame::main_phase(4);
        t.dev(0, DevCard::RoadBuilding);
        // settlement on a coastal corner (2 edges); block the far ends with opponent buildings
        let v = (0..54u8)
            .find(|&v| t.topo().vertex_edges[v as usize].len() == 2)
            .unwrap();
        t.settlement(0, v);
        let n = t.topo().vertex_neighbors[v as usize].clone();
        t.road(1, t.edge(v, n[1]));
        // only edge v-n[0] is open; beyond n[0], an opponent city blocks
        let beyond = t.topo().vertex_neighbors[n[0] as usize]
            .iter()
            .copied()
            .find(|&x| x != v)
            .unwrap();
        t.city(2, beyond);
        for &e in &t.topo().vertex_edges[n[0] as usize].clone() {
            if t.g.roads[e as usize].is_none() && !t.topo().edge_vertices[e as usize].contains(&v) {
                t.road(2, e);
            }
        }
        let legal: Vec<Action> =
            t.g.legal_actions(0)
                .into_iter()
                .filter(|a| matches!(a, Action::PlayRoadBuilding { .. }))
                .collect();
        let only = t.edge(v, n[0]);
        assert_eq!(
            legal,
            vec![Action::PlayRoadBuilding {
                first: only,
                second: None
            }]
        );
        t.ok(
            0,
            Action::PlayRoadBuilding {
                first: only,
                second: None,
            },
        );
    }

    #[test]
    fn invention_takes_two_from_supply_if_available() {
        let mut t = TestGame::main_phase(4);
        t.dev(0, DevCard::Invention);
        t.take_bank_down_to(Resource::Ore, 1);
        let err = t.refuse(0, Action::PlayInvention(Resource::Ore, Resource::Ore));
        assert!(matches!(err, RuleError::SupplyEmpty { .. }), "{err}");
        t.ok(0, Action::PlayInvention(Resource::Ore, Resource::Wool));
        assert_eq!(t.g.players[0].hand, Resources([0, 0, 1, 0, 1]));
        assert_eq!(t.g.bank[Resource::Ore], 0);
    }

    #[test]
    fn monopoly_takes_all_from_every_other_player() {
        let mut t = TestGame::main_phase(4);
        t.dev(0, DevCard::Monopoly);
        t.give(0, Resources::of(Resource::Wool, 1));
        t.give(1, Resources::of(Resource::Wool, 3));
        t.give(2, Resources([1, 0, 0, 0, 0]));
        t.give(3, Resources::of(Resource::Wool, 2));
        let ev = t.ok(0, Action::PlayMonopoly(Resource::Wool));
        assert_eq!(t.g.players[0].hand[Resource::Wool], 6);
        assert_eq!(t.g.players[1].hand.total(), 0);
        assert_eq!(t.g.players[2].hand.total(), 1);
        assert!(ev.contains(&Event::Monopoly {
            seat: 0,
            resource: Resource::Wool,
            taken: vec![(1, 3), (3, 2)]
        }));
    }

    #[test]
    fn victory_point_cards_are_never_played() {
        let mut t = TestGame::main_phase(4);
        t.dev(0, DevCard::VictoryPoint);
        let legal = t.g.legal_actions(0);
        assert!(!legal.iter().any(|a| matches!(
            a,
            Action::PlayKnight { .. }
                | Action::PlayMonopoly(_)
                | Action::PlayInvention(..)
                | Action::PlayRoadBuilding { .. }
        )));
        assert_eq!(t.g.total_vp(0), t.g.public_vp(0) + 1);
    }
}
