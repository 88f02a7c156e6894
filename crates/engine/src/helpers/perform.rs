//! The effects of helper actions (checked before by `check.rs`), the dealing in the setup, and
//! the offers of Marianne and Sean after a roll.

use rand::seq::SliceRandom;

use super::super::action::{Action, Event, Phase};
use super::super::army::MIN_ARMY;
use super::super::board::EdgeId;
use super::super::game::{Game, HeldCard};
use super::super::sink::EventSink;
use super::super::types::{Resource, Resources, Seat};
use super::check::{VINCENT_CITY, VINCENT_SETTLEMENT, candamir_cost, william_cost};
use super::{
    HeldHelper, Helper, HelperChoice, HelperState, HelperUse, Pending, SeanUse, Side, VincentBuild,
};

impl Game {
    fn helper_state_mut(&mut self) -> &mut HelperState {
        self.helpers.get_or_insert_with(Default::default)
    }

    /// Carries out a checked helper action.
    pub(crate) fn perform_helper(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut impl EventSink,
    ) {
        match action {
            Action::UseHelper(u) => self.use_helper(seat, u, events),
            Action::DeclineHelper => {
                let state = self.helper_state_mut();
                if let Some(Pending::Offer { helper, .. }) = state.pending.take() {
                    events.record(|| Event::HelperDeclined { seat, helper });
                }
            }
            Action::HelperChoice(choice) => self.helper_choice(seat, *choice, events),
            Action::FlipHelper => {
                let state = self.helper_state_mut();
                state.pending = None;
                if let Some(Some(held)) = state.held.get_mut(seat as usize) {
                    held.side = Side::B;
                    let helper = held.helper;
                    events.record(|| Event::HelperFlipped { seat, helper });
                }
            }
            Action::ExchangeHelper(took) => {
                let turn = self.turn;
                let state = self.helper_state_mut();
                state.pending = None;
                let Some(slot) = state.held.get_mut(seat as usize) else {
                    return;
                };
                let returned = slot.map(|h| h.helper);
                *slot = Some(HeldHelper {
                    helper: *took,
                    side: Side::A,
                    received_turn: turn,
                    used_turn: None,
                });
                state.display.retain(|h| h != took);
                if let Some(returned) = returned {
                    state.display.push(returned);
                    events.record(|| Event::HelperExchanged {
                        seat,
                        returned,
                        took: *took,
                    });
                }
            }
            _ => {}
        }
    }

    fn use_helper(&mut self, seat: Seat, u: &HelperUse, events: &mut impl EventSink) {
        let turn = self.turn;
        let helper = u.helper();
        let state = self.helper_state_mut();
        if let Some(Some(held)) = state.held.get_mut(seat as usize) {
            held.used_turn = Some(turn);
        }
        state.pending = Some(Pending::AfterUse { seat });
        events.record(|| Event::HelperUsed { seat, helper });
        match *u {
            HelperUse::Marianne(card) | HelperUse::Sean(SeanUse::Take(card)) => {
                self.take_from_supply(seat, helper, card, events)
            }
            HelperUse::Sean(SeanUse::KeepHand) => {
                if let Phase::Discard { owed } = &mut self.phase {
                    owed.retain(|&(s, _)| s != seat);
                    if owed.is_empty() {
                        self.phase = Phase::MoveRobber;
                    }
                }
            }
            HelperUse::Jean(resource) => {
                self.helper_state_mut().jean = Some((turn, resource));
                events.record(|| Event::JeanRate { seat, resource });
            }
            HelperUse::Lin { desert } => {
                let vacated = self.robber;
                self.robber = desert;
                self.last_placed.robber = Some(desert);
                events.record(|| Event::RobberMoved { seat, hex: desert });
                if let Some(card) = self.layout.terrain[vacated as usize].resource()
                    && self.bank[card] > 0
                {
                    self.take_from_supply(seat, helper, card, events);
                }
            }
            HelperUse::Louis { from, to } => self.move_road(seat, from, to, events),
            HelperUse::William { edge, keep, with } => {
                let cost = william_cost(keep, with).unwrap_or(Resources::ROAD);
                self.pay(seat, cost);
                self.place_road(seat, edge, events);
            }
            HelperUse::Vincent(build) => {
                self.players[seat as usize].knights_played -= 1;
                if let Some(n) = self
                    .helper_state_mut()
                    .knights_discarded
                    .get_mut(seat as usize)
                {
                    *n += 1;
                }
                events.record(|| Event::KnightDiscarded { seat });
                self.recheck_largest_army(events);
                match build {
                    VincentBuild::Settlement(v) => {
                        self.pay(seat, VINCENT_SETTLEMENT);
                        self.place_settlement(seat, v, events);
                    }
                    VincentBuild::City(v) => {
                        self.pay(seat, VINCENT_CITY);
                        self.place_city(seat, v, events);
                    }
                }
            }
            HelperUse::Candamir { swap } => {
                let cost = candamir_cost(swap).unwrap_or(Resources::DEV_CARD);
                self.pay(seat, cost);
                let keep = self.deck.len().saturating_sub(3);
                let cards: Vec<_> = self.deck.split_off(keep).into_iter().rev().collect();
                events.record(|| Event::CardsLookedAt {
                    seat,
                    cards: cards.clone(),
                });
                self.helper_state_mut().pending = Some(Pending::KeepCard { seat, cards });
            }
            HelperUse::Hilde { victim } => {
                events.record(|| Event::HandLookedAt {
                    seat,
                    victim,
                    hand: self.players[victim as usize].hand,
                });
                self.helper_state_mut().pending = Some(Pending::TakeCard { seat, victim });
            }
            HelperUse::Nassir {
                resource,
                from,
                also,
            } => {
                let (mut gave, mut had_none) = (Vec::new(), Vec::new());
                for s in std::iter::once(from).chain(also) {
                    if self.players[s as usize].hand[resource] > 0 {
                        self.players[s as usize].hand[resource] -= 1;
                        self.players[seat as usize].hand[resource] += 1;
                        gave.push(s);
                    } else {
                        had_none.push(s);
                    }
                }
                events.record(|| Event::NassirDemanded {
                    seat,
                    resource,
                    gave: gave.clone(),
                    had_none,
                });
                if !gave.is_empty() {
                    self.helper_state_mut().pending = Some(Pending::GiveBack { seat, owed: gave });
                }
            }
        }
    }

    fn take_from_supply(
        &mut self,
        seat: Seat,
        helper: Helper,
        card: Resource,
        events: &mut impl EventSink,
    ) {
        self.bank[card] -= 1;
        self.players[seat as usize].hand[card] += 1;
        events.record(|| Event::HelperTook { seat, helper, card });
    }

    fn helper_choice(&mut self, seat: Seat, choice: HelperChoice, events: &mut impl EventSink) {
        let after = Some(Pending::AfterUse { seat });
        match choice {
            HelperChoice::Keep(card) => {
                let Some(Pending::KeepCard { mut cards, .. }) =
                    self.helper_state_mut().pending.take()
                else {
                    return;
                };
                if let Some(i) = cards.iter().position(|&c| c == card) {
                    cards.remove(i);
                }
                self.players[seat as usize].dev_cards.push(HeldCard {
                    card,
                    bought_turn: self.turn,
                });
                events.record(|| Event::DevCardBought { seat, card });
                self.deck.extend(cards);
                self.deck.shuffle(&mut self.rng);
                self.helper_state_mut().pending = after;
            }
            HelperChoice::Take(card) => {
                let Some(Pending::TakeCard { victim, .. }) = self.helper_state_mut().pending.take()
                else {
                    return;
                };
                self.players[victim as usize].hand[card] -= 1;
                self.players[seat as usize].hand[card] += 1;
                events.record(|| Event::Stole {
                    thief: seat,
                    victim,
                    card,
                });
                self.helper_state_mut().pending = after;
            }
            HelperChoice::GiveBack { to, card } => {
                self.players[seat as usize].hand[card] -= 1;
                self.players[to as usize].hand[card] += 1;
                events.record(|| Event::GaveBack { seat, to, card });
                let state = self.helper_state_mut();
                if let Some(Pending::GiveBack { owed, .. }) = &mut state.pending {
                    owed.retain(|&s| s != to);
                    if owed.is_empty() {
                        state.pending = after;
                    }
                }
            }
        }
    }

    /// Louis: lifts `from` and places it on `to`; the owner's route is measured again.
    fn move_road(&mut self, seat: Seat, from: EdgeId, to: EdgeId, events: &mut impl EventSink) {
        self.roads[from as usize] = None;
        self.players[seat as usize].roads_left += 1;
        self.board_changed();
        events.record(|| Event::RoadLifted { seat, edge: from });
        self.refresh_route(seat);
        self.place_road(seat, to, events);
    }

    /// After a knight left the game: the holder keeps Largest Army while they still have the
    /// most (at least 3); else the single player with the most takes it, or it is set aside.
    fn recheck_largest_army(&mut self, events: &mut impl EventSink) {
        let knights: Vec<u8> = self.players.iter().map(|p| p.knights_played).collect();
        let max = knights.iter().copied().max().unwrap_or(0);
        let holder = self.largest_army;
        if holder.is_some_and(|h| knights[h as usize] == max && max >= MIN_ARMY) {
            return;
        }
        let mut at_max = (0..knights.len()).filter(|&s| knights[s] == max && max >= MIN_ARMY);
        let now = match (at_max.next(), at_max.next()) {
            (Some(s), None) => Some(s as Seat),
            _ => None,
        };
        if now == holder {
            return;
        }
        self.largest_army = now;
        match (now, holder) {
            (Some(to), from) => events.record(|| Event::LargestArmyChanged {
                from,
                to,
                knights: max,
            }),
            (None, Some(from)) => events.record(|| Event::LargestArmySetAside { from }),
            (None, None) => {}
        }
    }

    /// Deals the next numbered helper to `seat` (after their second setup road); once every
    /// seat has one, the rest of the stack joins the display.
    pub fn deal_helper(&mut self, seat: Seat, events: &mut impl EventSink) {
        let Some(state) = self.helpers.as_mut() else {
            return;
        };
        if state.stack.is_empty() {
            return;
        }
        let helper = state.stack.remove(0);
        if let Some(slot) = state.held.get_mut(seat as usize) {
            *slot = Some(HeldHelper {
                helper,
                side: Side::A,
                received_turn: 0,
                used_turn: None,
            });
        }
        events.record(|| Event::HelperReceived { seat, helper });
        if state.held.iter().all(Option::is_some) {
            let rest = std::mem::take(&mut state.stack);
            state.display.extend(rest);
        }
    }

    /// The holders of Marianne and Sean with their hand sizes before a roll pays out: who may
    /// be offered their helper after it (empty without helpers).
    pub(crate) fn roll_watch(&self) -> Vec<(Seat, u32)> {
        let Some(state) = self.helpers.as_ref() else {
            return Vec::new();
        };
        [Helper::Marianne, Helper::Sean]
            .into_iter()
            .filter_map(|h| state.holder(h))
            .map(|s| (s, self.players[s as usize].hand.total()))
            .collect()
    }

    /// After a roll of `total`: offers Marianne (the roll gave her holder nothing) or Sean
    /// (a 7) to their holder if they may use it now.
    pub(crate) fn offer_roll_helpers(
        &mut self,
        total: u8,
        watch: &[(Seat, u32)],
        events: &mut impl EventSink,
    ) {
        for &(seat, before) in watch {
            let Some(held) = self.usable_helper(seat) else {
                continue;
            };
            let offer = match held.helper {
                Helper::Marianne => {
                    total != 7
                        && self.players[seat as usize].hand.total() == before
                        && !self.bank.is_empty()
                }
                Helper::Sean => {
                    total == 7
                        && (!self.bank.is_empty()
                            || matches!(&self.phase, Phase::Discard { owed }
                                if owed.iter().any(|&(s, _)| s == seat)))
                }
                _ => false,
            };
            if offer {
                events.record(|| Event::HelperOffered {
                    seat,
                    helper: held.helper,
                });
                if let Some(state) = self.helpers.as_mut() {
                    state.pending = Some(Pending::Offer {
                        seat,
                        helper: held.helper,
                    });
                }
                return;
            }
        }
    }
}
