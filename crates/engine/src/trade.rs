//! Trading (RULES.md §4, action phase): with the supply at 4:1, 3:1 (generic port) or 2:1
//! (that resource's port), and agreed trades between the current player and another seat.

use super::action::{Action, Event, Phase, RuleError};
use super::game::Game;
use super::refusal::{Attempt, TradeRefusal};
use super::sink::EventSink;
use super::types::{Resource, Resources, Seat};

impl Game {
    /// The best supply rate `seat` has for giving `give`: 2 with that resource's port, 3 with a
    /// generic port, else 4. A port counts as soon as a building stands on it.
    pub fn trade_rate(&self, seat: Seat, give: Resource) -> u8 {
        self.trade_rates(seat)[give.index()]
    }

    /// The supply rate for each resource.
    pub fn trade_rates(&self, seat: Seat) -> [u8; 5] {
        let mut rates = match self.derived().rates.get(seat as usize) {
            Some(rates) => *rates,
            None => [4; 5],
        };
        // Jean: one resource at 2:1 for the rest of the turn
        if let Some(h) = &self.helpers
            && let Some((turn, r)) = h.jean
            && turn == self.turn
            && seat == self.current
        {
            rates[r.index()] = 2;
        }
        rates
    }

    fn check_trade_phase(&self, seat: Seat) -> Result<(), RuleError> {
        match self.phase {
            Phase::Main if seat == self.current => Ok(()),
            _ => Err(self.refusal(seat, Attempt::Trade)),
        }
    }

    /// Checks a supply trade and returns the rate used.
    pub(super) fn check_maritime_trade(
        &self,
        seat: Seat,
        give: Resource,
        get: Resource,
        count: u8,
    ) -> Result<u8, RuleError> {
        self.check_trade_phase(seat)?;
        if give == get {
            return Err(RuleError::Trade(TradeRefusal::Same { give, get }));
        }
        if count == 0 {
            return Err(RuleError::Trade(TradeRefusal::AtLeastOne));
        }
        let rate = self.trade_rate(seat, give);
        let need = rate as u32 * count as u32;
        let have = self.players[seat as usize].hand[give] as u32;
        if have < need {
            return Err(RuleError::Trade(TradeRefusal::Rate {
                rate,
                need,
                give,
                count,
                get,
                have,
            }));
        }
        if self.bank[get] < count {
            return Err(RuleError::SupplyEmpty {
                resource: get,
                asked: count,
                left: self.bank[get],
            });
        }
        Ok(rate)
    }

    pub(super) fn maritime_trade(
        &mut self,
        seat: Seat,
        give: Resource,
        get: Resource,
        count: u8,
        rate: u8,
        events: &mut impl EventSink,
    ) {
        let gave = Resources::of(give, rate * count);
        let got = Resources::of(get, count);
        self.pay(seat, gave);
        self.bank -= got;
        self.players[seat as usize].hand += got;
        events.record(|| Event::MaritimeTraded { seat, gave, got });
    }

    pub(super) fn legal_maritime_trades(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = self.players[seat as usize].hand;
        if hand.0.iter().all(|&n| n < 2) {
            return;
        }
        let rates = self.trade_rates(seat);
        for give in Resource::ALL {
            let rate = rates[give.index()];
            if hand[give] < rate {
                continue;
            }
            let max = hand[give] / rate;
            for get in Resource::ALL {
                if get == give {
                    continue;
                }
                for count in 1..=max.min(self.bank[get]) {
                    out.push(Action::MaritimeTrade { give, get, count });
                }
            }
        }
    }

    pub(super) fn check_domestic_trade(
        &self,
        seat: Seat,
        with: Seat,
        give: Resources,
        get: Resources,
    ) -> Result<(), RuleError> {
        self.check_trade_phase(seat)?;
        if with == seat || with as usize >= self.players.len() {
            return Err(RuleError::Trade(TradeRefusal::OtherPlayer));
        }
        if give.is_empty() || get.is_empty() {
            return Err(RuleError::Trade(TradeRefusal::NoGifts));
        }
        if let Some(r) = Resource::ALL
            .into_iter()
            .find(|&r| give[r] > 0 && get[r] > 0)
        {
            return Err(RuleError::Trade(TradeRefusal::BothSides(r)));
        }
        let mine = self.players[seat as usize].hand;
        if !give.fits_in(&mine) {
            return Err(RuleError::Trade(TradeRefusal::NotHeld { give, hand: mine }));
        }
        let theirs = self.players[with as usize].hand;
        if !get.fits_in(&theirs) {
            return Err(RuleError::Trade(TradeRefusal::TheyLack { seat: with, get }));
        }
        Ok(())
    }

    pub(super) fn domestic_trade(
        &mut self,
        seat: Seat,
        with: Seat,
        give: Resources,
        get: Resources,
        events: &mut impl EventSink,
    ) {
        let me = &mut self.players[seat as usize];
        me.hand -= give;
        me.hand += get;
        let them = &mut self.players[with as usize];
        them.hand -= get;
        them.hand += give;
        events.record(|| Event::DomesticTraded {
            seat,
            with,
            gave: give,
            got: get,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{PortKind, VertexId};
    use crate::testkit::TestGame;

    fn port_vertex(t: &TestGame, kind: PortKind) -> VertexId {
        let p = t.g.layout.ports.iter().find(|p| p.kind == kind).unwrap();
        t.topo().edge_vertices[p.edge as usize][0]
    }

    #[test]
    fn four_to_one_without_port() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::of(Resource::Ore, 7));
        let err = t.refuse(
            0,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                count: 2,
            },
        );
        assert_eq!(
            err,
            RuleError::Trade(TradeRefusal::Rate {
                rate: 4,
                need: 8,
                give: Resource::Ore,
                count: 2,
                get: Resource::Wool,
                have: 7
            })
        );
        t.ok(
            0,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                count: 1,
            },
        );
        assert_eq!(t.g.players[0].hand, Resources([0, 0, 1, 0, 3]));
    }

    #[test]
    fn generic_port_gives_three_to_one_on_the_turn_you_build() {
        let mut t = TestGame::main_phase(4);
        let v = port_vertex(&t, PortKind::Generic);
        assert_eq!(t.g.trade_rate(0, Resource::Ore), 4);
        // build a settlement there this turn (with a road leading to it)
        let n = t.topo().vertex_neighbors[v as usize][0];
        t.road(0, t.edge(v, n));
        t.give(0, Resources::SETTLEMENT + Resources::of(Resource::Ore, 3));
        t.ok(0, Action::BuildSettlement(v));
        assert_eq!(t.g.trade_rate(0, Resource::Ore), 3);
        t.ok(
            0,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Brick,
                count: 1,
            },
        );
        assert_eq!(t.g.players[0].hand, Resources::one(Resource::Brick));
    }

    #[test]
    fn special_port_is_two_to_one_for_its_resource_only_and_multiples_work() {
        let mut t = TestGame::main_phase(4);
        let v = port_vertex(&t, PortKind::Special(Resource::Ore));
        t.settlement(0, v);
        assert_eq!(t.g.trade_rate(0, Resource::Ore), 2);
        assert_eq!(t.g.trade_rate(0, Resource::Wool), 4);
        assert_eq!(t.g.trade_rates(0), [4, 4, 4, 4, 2]);
        t.give(0, Resources::of(Resource::Ore, 4));
        t.ok(
            0,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Grain,
                count: 2,
            },
        );
        assert_eq!(t.g.players[0].hand, Resources::of(Resource::Grain, 2));
    }

    #[test]
    fn supply_must_hold_the_card_and_give_differs_from_get() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources::of(Resource::Ore, 4));
        t.take_bank_down_to(Resource::Brick, 0);
        let err = t.refuse(
            0,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Brick,
                count: 1,
            },
        );
        assert_eq!(
            err,
            RuleError::SupplyEmpty {
                resource: Resource::Brick,
                asked: 1,
                left: 0
            }
        );
        let err = t.refuse(
            0,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Ore,
                count: 1,
            },
        );
        assert!(matches!(err, RuleError::Trade(_)));
        let legal = t.g.legal_actions(0);
        let trades: Vec<_> = legal
            .iter()
            .filter(|a| matches!(a, Action::MaritimeTrade { .. }))
            .collect();
        // ore → wool, lumber, grain (not brick: empty supply)
        assert_eq!(trades.len(), 3);
    }

    #[test]
    fn domestic_trade_rules() {
        let mut t = TestGame::main_phase(4);
        t.give(0, Resources([2, 0, 0, 0, 0]));
        t.give(1, Resources([0, 0, 0, 1, 1]));
        let trade = |with, give, get| Action::DomesticTrade { with, give, get };
        let brick = Resources::one(Resource::Brick);
        let ore = Resources::one(Resource::Ore);
        // gifts, same resource, self, missing cards
        assert!(matches!(
            t.refuse(0, trade(1, brick, Resources::default())),
            RuleError::Trade(_)
        ));
        assert!(matches!(
            t.refuse(0, trade(1, brick + ore, ore)),
            RuleError::Trade(_)
        ));
        assert!(matches!(
            t.refuse(0, trade(0, brick, ore)),
            RuleError::Trade(_)
        ));
        assert!(matches!(
            t.refuse(0, trade(1, brick, Resources::of(Resource::Ore, 2))),
            RuleError::Trade(_)
        ));
        // only the current player trades
        assert!(matches!(
            t.refuse(1, trade(0, ore, brick)),
            RuleError::NotYourTurn { .. }
        ));
        t.ok(0, trade(1, brick, ore));
        assert_eq!(t.g.players[0].hand, Resources([1, 0, 0, 0, 1]));
        assert_eq!(t.g.players[1].hand, Resources([1, 0, 0, 1, 0]));
    }

    #[test]
    fn no_trading_before_the_roll() {
        let mut t = TestGame::main_phase(4);
        t.g.phase = Phase::BeforeRoll;
        t.give(0, Resources::of(Resource::Ore, 4));
        let err = t.refuse(
            0,
            Action::MaritimeTrade {
                give: Resource::Ore,
                get: Resource::Wool,
                count: 1,
            },
        );
        assert!(matches!(err, RuleError::WrongPhase { .. }));
    }
}
