//! The friendly robber house rule (RULES.md §8, `settings.friendly_robber`). The exact rule:
//!
//! - A player other than the one moving the robber is *protected* while they have at most
//!   [`FRIENDLY_ROBBER_MAX_VP`] public victory points (buildings, Longest Route, Largest Army;
//!   hidden victory point cards don't count).
//! - The robber may not be moved to a hex with a settlement or city of a protected player.
//! - If that forbids every hex the robber could move to (it must leave its hex), the
//!   restriction is lifted for that move: any other hex is allowed.
//! - A protected player is never robbed, wherever the robber goes; a hex where only protected
//!   players (or players without cards) stand is robbed of nobody.
//! - The same holds for the robber moved by a Knight. The mover's own buildings never
//!   restrict them.

use super::action::RuleError;
use super::board::HexId;
use super::game::Game;
use super::refusal::RobberRefusal;
use super::types::{FRIENDLY_ROBBER_MAX_VP, Seat};

impl Game {
    /// The opponents of `seat` the friendly robber protects, as a bit set (none when the house
    /// rule is off).
    pub(super) fn protected_seats(&self, seat: Seat) -> u8 {
        if !self.settings.friendly_robber {
            return 0;
        }
        (0..self.players.len() as Seat)
            .filter(|&s| s != seat && self.public_vp(s) <= FRIENDLY_ROBBER_MAX_VP)
            .fold(0, |set, s| set | (1 << s))
    }

    /// Seats with a building on `hex`, as a bit set.
    fn seats_on_hex(&self, hex: HexId) -> u8 {
        let corners = self.adjacency().hex_vertex_mask[hex as usize];
        let d = self.derived();
        (0..self.players.len())
            .filter(|&s| corners & d.buildings[s] != 0)
            .fold(0, |set, s| set | (1 << s))
    }

    /// The hexes `seat` may not move the robber to, as a bit set over hex ids: those touching
    /// a protected player, unless that is every hex the robber could go to.
    pub(super) fn friendly_closed_hexes(&self, seat: Seat) -> u32 {
        let protected = self.protected_seats(seat);
        if protected == 0 {
            return 0;
        }
        let mut closed = 0u32;
        let mut open = false;
        for hex in 0..self.layout.terrain.len() as HexId {
            if hex == self.robber {
                continue;
            }
            if self.seats_on_hex(hex) & protected != 0 {
                closed |= 1 << hex;
            } else {
                open = true;
            }
        }
        if open { closed } else { 0 }
    }

    /// The friendly robber's refusals for moving to `hex` and robbing `victim` (a hex on the
    /// board, not the robber's own: checked by the caller).
    pub(super) fn check_friendly_robber(
        &self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
    ) -> Result<(), RuleError> {
        let protected = self.protected_seats(seat);
        if protected == 0 {
            return Ok(());
        }
        if self.friendly_closed_hexes(seat) & (1 << hex) != 0 {
            let there = self.seats_on_hex(hex) & protected;
            let seats = (0..8).filter(|s| there & (1 << s) != 0).collect();
            return Err(RuleError::Robber(RobberRefusal::Protected { hex, seats }));
        }
        match victim {
            Some(v) if v < 8 && protected & (1 << v) != 0 => {
                Err(RuleError::Robber(RobberRefusal::ProtectedVictim {
                    seat: v,
                }))
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
#[path = "friendly_robber_tests.rs"]
mod tests;
