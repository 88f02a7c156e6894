//! One random step without the action in between: the chooser's menu says which kind of
//! entry was drawn, and the common kinds are played at once. Building the [`Action`] and
//! branching on it again in `perform` cost a second unpredictable branch per action (the
//! drawn kind is random). Same draw, same state as `random_legal_action` then
//! `apply_legal`: the playout test compares the two paths game by game.

use rand::Rng;

use super::{Kind, Menu, nth_bit};
use crate::action::Phase;
use crate::game::Game;
use crate::sink::EventSink;
use crate::types::Seat;

impl Game {
    /// Plays a uniformly random legal action for `seat`, the one
    /// [`Game::random_legal_action`] would draw with this `rng`, and reports whether there was
    /// one (no draw when there is none).
    pub fn play_random_action<R: Rng>(
        &mut self,
        seat: Seat,
        rng: &mut R,
        events: &mut impl EventSink,
    ) -> bool {
        if self.helpers.is_some() {
            let Some(action) = self.random_legal_action(seat, rng) else {
                return false;
            };
            self.apply_legal(seat, &action, events);
            return true;
        }
        // the draw of `random_legal_action`, written out again: a shared helper returning
        // the menu by value measured 13% slower (the menu was copied)
        let mut menu = Menu::default();
        self.menu(seat, &mut menu);
        let total = menu.total();
        if total == 0 {
            return false;
        }
        let k = rng.gen_range(0..total);
        self.perform_nth(&menu, seat, k, events);
        true
    }

    /// Plays the entry at `k` of the list `menu` counts, as `perform(nth_in(menu, seat, k))`.
    /// The victory check runs only after what can change points or whose turn it is: it
    /// found no winner after the last such action, and cards changing hands score nothing.
    fn perform_nth(&mut self, menu: &Menu, seat: Seat, k: usize, events: &mut impl EventSink) {
        let (kind, i) = menu.locate(k);
        self.last_placed.clear();
        let may_score = match kind {
            Kind::Roll => {
                self.roll(seat, events);
                false
            }
            Kind::EndTurn => {
                self.end_turn(seat, events);
                true
            }
            Kind::BuyDevCard => {
                self.buy_dev_card(seat, events);
                true
            }
            Kind::Road => {
                self.build_road(seat, nth_bit(menu.roads, i), events);
                true
            }
            Kind::Settlement => {
                self.build_settlement(seat, nth_bit(menu.settlements, i), events);
                true
            }
            Kind::SetupSettlement => {
                self.place_setup_settlement(seat, nth_bit(menu.settlements, i), events);
                true
            }
            Kind::City => {
                self.build_city(seat, nth_bit(menu.cities, i), events);
                true
            }
            Kind::MoveRobber => {
                let (hex, victim) = menu.robber.nth(i);
                self.move_robber(seat, hex, victim, events);
                self.phase = Phase::Main;
                false
            }
            Kind::MaritimeTrade => {
                let (give, get, count) = self.nth_maritime_trade(seat, i);
                let rate = self.derived().rates[seat as usize][give.index()];
                self.maritime_trade(seat, give, get, count, rate, events);
                false
            }
            // the rest as actions (rare); cards change hands in discards and two of the
            // development cards, never points
            Kind::Discard | Kind::Invention | Kind::Monopoly => {
                let action = self.nth_in(menu, seat, k);
                self.carry_out(seat, &action, events);
                false
            }
            Kind::SetupRoad | Kind::Knight | Kind::RoadBuilding => {
                let action = self.nth_in(menu, seat, k);
                self.carry_out(seat, &action, events);
                true
            }
        };
        self.version += 1;
        if may_score {
            self.check_victory(events);
        }
    }
}
