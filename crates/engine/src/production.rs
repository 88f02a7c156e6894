//! The production phase (RULES.md §4): rolling, paying resources with the shortage rule, and a
//! 7: discards, moving the robber, stealing. The robber move and steal are shared with the
//! Knight.
//!
//! Over 600 lines only with its tests (about 320 lines of code).

use rand::Rng;

use super::action::{Action, Event, Phase, RuleError};
use super::adjacency::bits;
use super::board::HexId;
use super::game::Game;
use super::refusal::{Attempt, DiscardRefusal, RobberRefusal};
use super::sink::EventSink;
use super::types::{Resource, Resources, Seat};

impl Game {
    pub(super) fn check_roll(&self, seat: Seat) -> Result<(), RuleError> {
        match self.phase {
            Phase::BeforeRoll if seat == self.current => Ok(()),
            _ => Err(self.refusal(seat, Attempt::Roll)),
        }
    }

    /// Rolls: two draws of the game's generator, or with balanced dice the next card of the
    /// dice deck (`balanced_dice.rs`), shuffled by the same generator.
    pub(super) fn roll(&mut self, seat: Seat, events: &mut impl EventSink) {
        let dice = match self.dice_deck.as_mut() {
            Some(deck) => deck.draw(&mut self.rng),
            None => (self.rng.gen_range(1..=6u8), self.rng.gen_range(1..=6u8)),
        };
        self.last_roll = Some(dice);
        events.record(|| Event::Rolled { seat, dice });
        let total = dice.0 + dice.1;
        let watch = self.roll_watch();
        if total == 7 {
            self.start_seven(events);
        } else {
            self.produce(total, events);
            self.phase = Phase::Main;
        }
        if !watch.is_empty() {
            self.offer_roll_helpers(total, &watch, events);
        }
    }

    /// Pays every building next to a hex with `number` (not under the robber), applying the
    /// shortage rule resource by resource. What each seat's buildings earn on each number is
    /// kept as the buildings go down (`Derived::yields`): a roll adds the robber's hex out and
    /// the supply's shortages, each of them rare.
    pub(super) fn produce(&mut self, number: u8, events: &mut impl EventSink) {
        const TOPS: u64 = 0x80_8080_8080;
        let d = self.derived();
        let n = self.players.len();
        let Some(&(mut gains)) = d.yields.get(number as usize) else {
            return;
        };
        // the robber's hex pays nobody: take out what its corners earn
        let mut blocked = 0u8;
        let robber = self.robber as usize;
        if self.layout.tokens.get(robber).copied().flatten() == Some(number)
            && let Some(r) = self.layout.terrain[robber].resource()
        {
            for v in bits(self.adjacency().hex_vertex_mask[robber] & d.occupied) {
                if let Some(b) = self.buildings[v as usize] {
                    gains[b.owner as usize] -= (1 + b.city as u64) << (8 * r.index());
                    blocked |= 1 << b.owner;
                }
            }
        }
        // resources owed past what the supply holds: a top bit set in that resource's byte
        let owed: u64 = gains[..n].iter().sum();
        let short = !((self.bank.packed() | TOPS) - owed) & TOPS;
        if short != 0 {
            self.share_short(short, &mut gains[..n], events);
        }
        // packed sums: each byte is a resource of the supply or a hand (at most 24), and the
        // shortage rule left no byte owed past the supply's
        let paid: u64 = gains[..n].iter().sum();
        self.bank = Resources::from_packed(self.bank.packed() - paid);
        for (player, &gain) in self.players.iter_mut().zip(&gains) {
            player.hand = Resources::from_packed(player.hand.packed() + gain);
        }
        if gains[..n].iter().any(|&g| g != 0) {
            events.record(|| Event::Produced {
                gains: (0..n)
                    .filter(|&s| gains[s] != 0)
                    .map(|s| (s as Seat, Resources::from_packed(gains[s])))
                    .collect(),
            });
        }
        if blocked != 0 {
            events.record(|| Event::RobberBlocked {
                hex: self.robber,
                seats: (0..n as Seat).filter(|s| blocked & (1 << s) != 0).collect(),
            });
        }
    }

    /// The shortage rule for each resource marked in `short` (the supply holds less than is
    /// owed): a single player owed it gets what is left; with more, nobody gets any.
    #[cold]
    fn share_short(&self, short: u64, gains: &mut [u64], events: &mut impl EventSink) {
        for r in Resource::ALL {
            let shift = 8 * r.index();
            if short & (0x80 << shift) == 0 {
                continue;
            }
            let lane = 0xFF << shift;
            let mut owed_seats = gains.iter().enumerate().filter(|(_, g)| **g & lane != 0);
            let bank = self.bank[r];
            match (owed_seats.next(), owed_seats.next()) {
                (Some((s, _)), None) if bank > 0 => {
                    gains[s] = (gains[s] & !lane) | ((bank as u64) << shift);
                }
                _ => {
                    for g in gains.iter_mut() {
                        *g &= !lane;
                    }
                    events.record(|| Event::Shortage { resource: r });
                }
            }
        }
    }

    /// A 7: players over the discard limit owe half their cards; then the robber moves.
    fn start_seven(&mut self, events: &mut impl EventSink) {
        let limit = self.settings.discard_limit as u32;
        let owed: Vec<(Seat, u8)> = self
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.hand.total() > limit)
            .map(|(s, p)| (s as Seat, (p.hand.total() / 2) as u8))
            .collect();
        if owed.is_empty() {
            self.phase = Phase::MoveRobber;
        } else {
            events.record(|| Event::MustDiscard { owed: owed.clone() });
            self.phase = Phase::Discard { owed };
        }
    }

    pub(super) fn check_discard(&self, seat: Seat, cards: Resources) -> Result<(), RuleError> {
        let owed = match &self.phase {
            Phase::Discard { owed } => owed.iter().find(|&&(s, _)| s == seat).map(|&(_, n)| n),
            _ => None,
        };
        let Some(owed) = owed else {
            return Err(self.refusal(seat, Attempt::Discard));
        };
        if cards.total() != owed as u32 {
            return Err(RuleError::Discard(DiscardRefusal::Exactly {
                owed,
                count: cards.total(),
            }));
        }
        let hand = self.players[seat as usize].hand;
        if !cards.fits_in(&hand) {
            return Err(RuleError::Discard(DiscardRefusal::NotHeld { cards, hand }));
        }
        Ok(())
    }

    pub(super) fn discard(&mut self, seat: Seat, cards: Resources, events: &mut impl EventSink) {
        self.pay(seat, cards);
        events.record(|| Event::Discarded { seat, cards });
        if let Phase::Discard { owed } = &mut self.phase {
            owed.retain(|&(s, _)| s != seat);
            if owed.is_empty() {
                self.phase = Phase::MoveRobber;
            }
        }
    }

    /// Every distinct multiset of `count` cards from the seat's hand.
    pub(super) fn legal_discards(&self, seat: Seat, count: u8, out: &mut Vec<Action>) {
        let hand = self.players[seat as usize].hand;
        let mut pick = Resources::default();
        fn rec(hand: &Resources, i: usize, left: u8, pick: &mut Resources, out: &mut Vec<Action>) {
            if i == 4 {
                if left <= hand.0[4] {
                    pick.0[4] = left;
                    out.push(Action::Discard(*pick));
                }
                return;
            }
            let rest: u32 = hand.0[i + 1..].iter().map(|&n| n as u32).sum();
            let min = (left as u32).saturating_sub(rest) as u8;
            for k in min..=hand.0[i].min(left) {
                pick.0[i] = k;
                rec(hand, i + 1, left - k, pick, out);
            }
            pick.0[i] = 0;
        }
        rec(&hand, 0, count, &mut pick, out);
    }

    /// Seats `seat` could rob on `hex`, as a bit set: an opponent with a building on the hex and
    /// at least one card, not protected by the friendly robber.
    pub(super) fn robbable(&self, seat: Seat, hex: HexId) -> u8 {
        let corners = self.adjacency().hex_vertex_mask[hex as usize];
        let d = self.derived();
        let protected = self.protected_seats(seat);
        let mut set = 0u8;
        for (s, p) in self.players.iter().enumerate() {
            if s != seat as usize
                && corners & d.buildings[s] != 0
                && p.hand.total() > 0
                && protected & (1 << s) == 0
            {
                set |= 1 << s;
            }
        }
        set
    }

    /// The players `seat` may rob with the robber on `hex`: opponents with a building there
    /// and at least one card, in seat order. Empty for a hex that is not on the board.
    pub fn robber_victims(&self, seat: Seat, hex: HexId) -> Vec<Seat> {
        if hex as usize >= self.layout.terrain.len() {
            return Vec::new();
        }
        let set = self.robbable(seat, hex);
        (0..self.players.len() as Seat)
            .filter(|s| set & (1 << s) != 0)
            .collect()
    }

    /// Where the robber may go and whom it may rob (for MoveRobber and the Knight).
    pub(super) fn check_robber_target(
        &self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
    ) -> Result<(), RuleError> {
        self.check_hex(hex)?;
        if hex == self.robber {
            return Err(RuleError::Robber(RobberRefusal::AlreadyThere { hex }));
        }
        self.check_friendly_robber(seat, hex, victim)?;
        let set = self.robbable(seat, hex);
        let victims = || (0..8).filter(|s| set & (1 << s) != 0).collect();
        match victim {
            None if set != 0 => Err(RuleError::Robber(RobberRefusal::ChooseVictim {
                hex,
                victims: victims(),
            })),
            None => Ok(()),
            Some(v) if v == seat => Err(RuleError::Robber(RobberRefusal::Yourself)),
            Some(v) if v < 8 && set & (1 << v) != 0 => Ok(()),
            Some(v) if set == 0 => Err(RuleError::Robber(RobberRefusal::Nobody { hex, seat: v })),
            Some(v) => Err(RuleError::Robber(RobberRefusal::NotThere {
                hex,
                seat: v,
                victims: victims(),
            })),
        }
    }

    pub(super) fn check_move_robber(
        &self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::MoveRobber if seat == self.current => {}
            _ => return Err(self.refusal(seat, Attempt::MoveRobber)),
        }
        self.check_robber_target(seat, hex, victim)
    }

    /// Moves the robber and steals one random card from `victim` (checked by the caller).
    pub(super) fn move_robber(
        &mut self,
        seat: Seat,
        hex: HexId,
        victim: Option<Seat>,
        events: &mut impl EventSink,
    ) {
        self.robber = hex;
        self.last_placed.robber = Some(hex);
        events.record(|| Event::RobberMoved { seat, hex });
        match victim {
            Some(v) => {
                let hand = self.players[v as usize].hand;
                let mut pick = self.rng.gen_range(0..hand.total());
                let mut card = Resource::Brick;
                for r in Resource::ALL {
                    if pick < hand[r] as u32 {
                        card = r;
                        break;
                    }
                    pick -= hand[r] as u32;
                }
                self.players[v as usize].hand[card] -= 1;
                self.players[seat as usize].hand[card] += 1;
                events.record(|| Event::Stole {
                    thief: seat,
                    victim: v,
                    card,
                });
            }
            None => events.record(|| Event::NothingToSteal { seat }),
        }
    }

    /// Every robber move (hex and victim), built with `make` (MoveRobber or PlayKnight).
    pub(super) fn legal_robber_moves(
        &self,
        seat: Seat,
        out: &mut Vec<Action>,
        make: impl Fn(HexId, Option<Seat>) -> Action,
    ) {
        // who can be robbed on each hex, from the seats' building sets
        let adj = self.adjacency();
        let d = self.derived();
        let protected = self.protected_seats(seat);
        let closed = self.friendly_closed_hexes(seat);
        let mut robbable = [0u8; 32];
        for (s, p) in self.players.iter().enumerate() {
            if s == seat as usize
                || p.hand.total() == 0
                || d.buildings[s] == 0
                || protected & (1 << s) != 0
            {
                continue;
            }
            for (h, corners) in adj.hex_vertex_mask.iter().enumerate() {
                if corners & d.buildings[s] != 0 {
                    robbable[h] |= 1 << s;
                }
            }
        }
        for hex in 0..self.layout.terrain.len() as HexId {
            if hex == self.robber || closed & (1 << hex) != 0 {
                continue;
            }
            let set = robbable[hex as usize];
            if set == 0 {
                out.push(make(hex, None));
            } else {
                for s in 0..self.players.len() as Seat {
                    if set & (1 << s) != 0 {
                        out.push(make(hex, Some(s)));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refusal::Awaited;
    use crate::testkit::TestGame;
    use crate::types::Terrain;

    /// A hex with a token and a producing terrain, and one of its corners.
    fn producing_hex(t: &TestGame, number: u8) -> (HexId, Resource) {
        let h =
            t.g.layout
                .tokens
                .iter()
                .position(|&n| n == Some(number))
                .unwrap();
        (h as HexId, t.g.layout.terrain[h].resource().unwrap())
    }

    #[test]
    fn settlement_gets_one_city_gets_two() {
        let mut t = TestGame::main_phase(4);
        let (h, r) = producing_hex(&t, 6);
        let corners = t.topo().hex_vertices[h as usize];
        t.settlement(0, corners[0]);
        t.city(1, corners[2]);
        let mut ev = Vec::new();
        t.g.produce(6, &mut ev);
        assert_eq!(t.g.players[0].hand[r], 1);
        assert_eq!(t.g.players[1].hand[r], 2);
        assert_eq!(t.g.bank[r], 19 - 3);
    }

    #[test]
    fn robber_blocks_production() {
        let mut t = TestGame::main_phase(4);
        let (h, r) = producing_hex(&t, 6);
        t.settlement(0, t.topo().hex_vertices[h as usize][0]);
        t.g.robber = h;
        let mut ev = Vec::new();
        t.g.produce(6, &mut ev);
        assert_eq!(t.g.players[0].hand[r], 0);
        assert!(ev.contains(&Event::RobberBlocked {
            hex: h,
            seats: vec![0]
        }));
    }

    #[test]
    fn robber_victims_are_opponents_on_the_hex_with_cards() {
        let mut t = TestGame::main_phase(4);
        let (h, _) = producing_hex(&t, 6);
        let corners = t.topo().hex_vertices[h as usize];
        t.settlement(0, corners[0]);
        t.settlement(1, corners[2]);
        t.city(2, corners[4]);
        t.give(1, Resources::one(Resource::Ore));
        t.give(0, Resources::one(Resource::Ore));
        // seat 2 has no cards, seat 0 is the thief, seat 3 has nothing on the hex
        t.give(3, Resources::one(Resource::Ore));
        assert_eq!(t.g.robber_victims(0, h), vec![1]);
        assert_eq!(t.g.robber_victims(3, h), vec![0, 1]);
        assert_eq!(t.g.robber_victims(0, 200), Vec::<Seat>::new());
    }

    #[test]
    fn shortage_pays_nobody_when_several_are_owed() {
        let mut t = TestGame::main_phase(4);
        let (h, r) = producing_hex(&t, 6);
        let corners = t.topo().hex_vertices[h as usize];
        t.city(0, corners[0]);
        t.settlement(1, corners[2]);
        t.take_bank_down_to(r, 2);
        let mut ev = Vec::new();
        t.g.produce(6, &mut ev);
        assert_eq!(t.g.players[0].hand[r], 0);
        assert_eq!(t.g.players[1].hand[r], 0);
        assert!(ev.contains(&Event::Shortage { resource: r }));
    }

    #[test]
    fn shortage_single_player_gets_what_is_left() {
        let mut t = TestGame::main_phase(4);
        let (h, r) = producing_hex(&t, 6);
        let corners = t.topo().hex_vertices[h as usize];
        t.city(0, corners[0]);
        t.settlement(0, corners[2]);
        t.take_bank_down_to(r, 2);
        let mut ev = Vec::new();
        t.g.produce(6, &mut ev);
        assert_eq!(t.g.players[0].hand[r], 2);
        assert_eq!(t.g.bank[r], 0);
    }

    #[test]
    fn shortage_of_one_resource_does_not_affect_another() {
        let mut t = TestGame::main_phase(4);
        // the beginner map has two 8s: mountains (ore) and forest (lumber)
        let eights: Vec<usize> = (0..19)
            .filter(|&h| t.g.layout.tokens[h] == Some(8))
            .collect();
        assert_eq!(eights.len(), 2);
        let ra = t.g.layout.terrain[eights[0]].resource().unwrap();
        let rb = t.g.layout.terrain[eights[1]].resource().unwrap();
        assert_ne!(ra, rb);
        let ca = t.topo().hex_vertices[eights[0]];
        let cb = t.topo().hex_vertices[eights[1]];
        t.settlement(0, ca[0]);
        t.settlement(1, ca[3]);
        t.settlement(2, cb[0]);
        t.take_bank_down_to(ra, 1);
        let mut ev = Vec::new();
        t.g.produce(8, &mut ev);
        assert_eq!(t.g.players[0].hand[ra] + t.g.players[1].hand[ra], 0);
        assert_eq!(t.g.players[2].hand[rb], 1);
    }

    #[test]
    fn seven_makes_big_hands_discard_half_then_robber() {
        let mut t = TestGame::main_phase(4);
        t.g.phase = Phase::BeforeRoll;
        t.give(1, Resources([2, 2, 2, 2, 1])); // 9 → 4
        t.give(2, Resources([2, 2, 2, 1, 0])); // 7 → none
        t.give(3, Resources([4, 4, 0, 0, 0])); // 8 → 4
        let mut ev = Vec::new();
        t.g.start_seven(&mut ev);
        assert_eq!(
            t.g.phase,
            Phase::Discard {
                owed: vec![(1, 4), (3, 4)]
            }
        );
        // wrong count, too many of a kind, wrong seat
        let err = t.refuse(1, Action::Discard(Resources([1, 1, 1, 0, 0])));
        assert_eq!(
            err,
            RuleError::Discard(DiscardRefusal::Exactly { owed: 4, count: 3 })
        );
        let err = t.refuse(1, Action::Discard(Resources([0, 0, 0, 0, 4])));
        assert!(
            matches!(err, RuleError::Discard(DiscardRefusal::NotHeld { .. })),
            "{err}"
        );
        let err = t.refuse(2, Action::Discard(Resources([1, 1, 1, 1, 0])));
        assert!(matches!(err, RuleError::NotYourTurn { .. }), "{err}");
        let err = t.refuse(
            0,
            Action::MoveRobber {
                hex: 0,
                victim: None,
            },
        );
        assert_eq!(
            err,
            RuleError::NotYourTurn {
                waiting: Awaited::Discards(vec![1, 3])
            }
        );
        // any order
        t.ok(3, Action::Discard(Resources([2, 2, 0, 0, 0])));
        assert!(matches!(t.g.phase, Phase::Discard { .. }));
        t.ok(1, Action::Discard(Resources([1, 1, 1, 1, 0])));
        assert_eq!(t.g.phase, Phase::MoveRobber);
        assert_eq!(t.g.players[1].hand.total(), 5);
        assert_eq!(t.g.players[3].hand.total(), 4);
    }

    #[test]
    fn discard_limit_setting_is_used() {
        let mut t = TestGame::main_phase(4);
        t.g.settings.discard_limit = 9;
        t.give(1, Resources([2, 2, 2, 2, 1])); // 9: not over 9
        let mut ev = Vec::new();
        t.g.start_seven(&mut ev);
        assert_eq!(t.g.phase, Phase::MoveRobber);
    }

    #[test]
    fn legal_discards_are_exactly_the_multisets() {
        let mut t = TestGame::main_phase(4);
        t.give(1, Resources([3, 0, 2, 0, 1]));
        let mut out = Vec::new();
        t.g.legal_discards(1, 3, &mut out);
        // count multisets of size 3 from {3 brick, 2 wool, 1 ore} by brute force
        let mut expected = 0;
        for a in 0..=3 {
            for c in 0..=2 {
                for e in 0..=1 {
                    if a + c + e == 3 {
                        expected += 1;
                    }
                }
            }
        }
        assert_eq!(out.len(), expected);
        for a in &out {
            let Action::Discard(r) = a else { panic!() };
            assert_eq!(r.total(), 3);
            assert!(r.fits_in(&Resources([3, 0, 2, 0, 1])));
        }
    }

    #[test]
    fn robber_must_move_and_victim_must_be_adjacent_with_cards() {
        let mut t = TestGame::main_phase(4);
        t.g.phase = Phase::MoveRobber;
        let desert = t.g.robber;
        assert_eq!(t.g.layout.terrain[desert as usize], Terrain::Desert);
        let err = t.refuse(
            0,
            Action::MoveRobber {
                hex: desert,
                victim: None,
            },
        );
        assert_eq!(
            err,
            RuleError::Robber(RobberRefusal::AlreadyThere { hex: desert })
        );
        let h: HexId = 0;
        let corners = t.topo().hex_vertices[0];
        t.settlement(1, corners[0]);
        t.settlement(2, corners[2]);
        t.settlement(0, corners[4]);
        t.give(1, Resources::one(Resource::Ore));
        t.give(0, Resources::one(Resource::Wool));
        // seat 2 has no cards, seat 0 is the thief
        let err = t.refuse(
            0,
            Action::MoveRobber {
                hex: h,
                victim: None,
            },
        );
        assert_eq!(
            err,
            RuleError::Robber(RobberRefusal::ChooseVictim {
                hex: h,
                victims: vec![1]
            })
        );
        let err = t.refuse(
            0,
            Action::MoveRobber {
                hex: h,
                victim: Some(2),
            },
        );
        assert_eq!(
            err,
            RuleError::Robber(RobberRefusal::NotThere {
                hex: h,
                seat: 2,
                victims: vec![1]
            })
        );
        let err = t.refuse(
            0,
            Action::MoveRobber {
                hex: h,
                victim: Some(0),
            },
        );
        assert_eq!(err, RuleError::Robber(RobberRefusal::Yourself));
        let legal = t.g.legal_actions(0);
        let robber_moves: Vec<_> = legal
            .iter()
            .filter(|a| matches!(a, Action::MoveRobber { hex: 0, .. }))
            .collect();
        assert_eq!(
            robber_moves,
            vec![&Action::MoveRobber {
                hex: 0,
                victim: Some(1)
            }]
        );
        let ev = t.ok(
            0,
            Action::MoveRobber {
                hex: h,
                victim: Some(1),
            },
        );
        assert_eq!(t.g.robber, h);
        assert_eq!(t.g.players[1].hand.total(), 0);
        assert_eq!(t.g.players[0].hand[Resource::Ore], 1);
        assert!(ev.contains(&Event::Stole {
            thief: 0,
            victim: 1,
            card: Resource::Ore
        }));
        assert_eq!(t.g.phase, Phase::Main);
    }

    #[test]
    fn robber_with_nobody_to_rob_needs_no_victim() {
        let mut t = TestGame::main_phase(4);
        t.g.phase = Phase::MoveRobber;
        let ev = t.ok(
            0,
            Action::MoveRobber {
                hex: 0,
                victim: None,
            },
        );
        assert!(ev.contains(&Event::NothingToSteal { seat: 0 }));
    }

    #[test]
    fn roll_produces_and_moves_to_main_or_handles_seven() {
        // Rolls are random: play many and check each outcome is consistent.
        let mut sevens = 0;
        for seed in 0..40 {
            let mut t = TestGame::main_phase_seeded(4, seed);
            t.g.phase = Phase::BeforeRoll;
            let ev = t.ok(0, Action::Roll);
            let Some(Event::Rolled { dice, .. }) = ev.first() else {
                panic!("no roll event")
            };
            assert!((1..=6).contains(&dice.0) && (1..=6).contains(&dice.1));
            if dice.0 + dice.1 == 7 {
                sevens += 1;
                assert_eq!(t.g.phase, Phase::MoveRobber);
            } else {
                assert_eq!(t.g.phase, Phase::Main);
            }
        }
        assert!(sevens < 40);
    }
}
