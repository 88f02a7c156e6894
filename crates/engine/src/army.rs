//! Largest Army (RULES.md §5): the first player with 3 played knights takes it; another player
//! takes it only with strictly more.

use super::action::Event;
use super::game::Game;
use super::sink::EventSink;
use super::types::Seat;

/// Knights needed for the card.
pub const MIN_ARMY: u8 = 3;

impl Game {
    /// After `seat` played a knight.
    pub(super) fn update_largest_army(&mut self, seat: Seat, events: &mut impl EventSink) {
        let knights = self.players[seat as usize].knights_played;
        if knights < MIN_ARMY || self.largest_army == Some(seat) {
            return;
        }
        let beats_holder = match self.largest_army {
            Some(h) => knights > self.players[h as usize].knights_played,
            // Nobody holds it: never taken, or set aside after a tie (Helpers of Catan's
            // Vincent). It goes only to strictly the most knights.
            None => self
                .players
                .iter()
                .enumerate()
                .all(|(i, p)| i == seat as usize || p.knights_played < knights),
        };
        if beats_holder {
            events.record(|| Event::LargestArmyChanged {
                from: self.largest_army,
                to: seat,
                knights,
            });
            self.largest_army = Some(seat);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Event};
    use crate::testkit::TestGame;
    use crate::types::DevCard;

    fn play_knight(t: &mut TestGame, seat: u8) -> Vec<Event> {
        t.g.current = seat;
        t.g.dev_played = false;
        t.dev(seat, DevCard::Knight);
        let hex = if t.g.robber == 0 { 1 } else { 0 };
        t.ok(seat, Action::PlayKnight { hex, victim: None })
    }

    #[test]
    fn third_knight_takes_it_and_ties_do_not_steal_it() {
        let mut t = TestGame::main_phase(4);
        play_knight(&mut t, 0);
        play_knight(&mut t, 0);
        assert_eq!(t.g.largest_army, None);
        let ev = play_knight(&mut t, 0);
        assert_eq!(t.g.largest_army, Some(0));
        assert!(ev.contains(&Event::LargestArmyChanged {
            from: None,
            to: 0,
            knights: 3
        }));
        assert_eq!(t.g.public_vp(0), 2);
        for _ in 0..3 {
            play_knight(&mut t, 1);
        }
        assert_eq!(t.g.largest_army, Some(0), "a tie does not take it");
        play_knight(&mut t, 1);
        assert_eq!(t.g.largest_army, Some(1));
        assert_eq!(t.g.public_vp(0), 0);
        assert_eq!(t.g.public_vp(1), 2);
    }

    #[test]
    fn a_set_aside_army_goes_only_to_strictly_the_most_knights() {
        let mut t = TestGame::main_phase(4);
        // A tie of 4 set the card aside (Vincent can do that).
        t.g.players[0].knights_played = 4;
        t.g.players[1].knights_played = 4;
        t.g.largest_army = None;
        for _ in 0..3 {
            play_knight(&mut t, 2);
        }
        assert_eq!(t.g.largest_army, None, "3 knights do not beat 4");
        play_knight(&mut t, 2);
        assert_eq!(t.g.largest_army, None, "a tie of 4 does not take it");
        play_knight(&mut t, 2);
        assert_eq!(t.g.largest_army, Some(2), "5 is strictly the most");
    }
}
