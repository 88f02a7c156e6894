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
    fn perform_nth(&mut self, menu: &Menu, seat: Seat, k: usize, events: &mut impl EventSink) {
        let (kind, i) = menu.locate(k);
        self.last_placed.clear();
        match kind {
            Kind::Roll => {
                self.roll(seat, events);
                // no points change hands in a roll: the check after the turn began holds
                self.version += 1;
                return;
            }
            Kind::EndTurn => self.end_turn(seat, events),
            Kind::BuyDevCard => self.buy_dev_card(seat, events),
            Kind::Road => self.build_road(seat, nth_bit(menu.roads, i), events),
            Kind::Settlement => self.build_settlement(seat, nth_bit(menu.settlements, i), events),
            Kind::SetupSettlement => {
                self.place_setup_settlement(seat, nth_bit(menu.settlements, i), events)
            }
            Kind::City => self.build_city(seat, nth_bit(menu.cities, i), events),
            Kind::MoveRobber => {
                let (hex, victim) = menu.robber.nth(i);
                self.move_robber(seat, hex, victim, events);
                self.phase = Phase::Main;
                // a stolen card is never a point: nothing to check
                self.version += 1;
                return;
            }
            // the rest (a setup road, supply trades, discards, development cards) as actions
            _ => {
                let action = self.nth_in(menu, seat, k);
                return self.perform(seat, &action, events);
            }
        }
        self.version += 1;
        self.check_victory(events);
    }
}
