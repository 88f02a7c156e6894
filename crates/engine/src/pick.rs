//! One uniformly random legal action without building the list: count each kind of entry of
//! [`Game::legal_actions`] (bit counts, small sums), draw an index with the very call a caller
//! would use on the list (`rng.gen_range(0..len)`), and build only that entry. The index
//! addresses the list's exact order, so a playout picks the same action as one that lists
//! every action, and games stay identical to the bit. The list stays the reference: tests
//! check `nth_legal(k) == legal_actions()[k]` for every `k` in many positions.
//!
//! Games with the Helpers of Catan scenario fall back to the list.

use rand::Rng;

use crate::action::{Action, Phase};
use crate::adjacency::bits;
use crate::board::HexId;
use crate::game::Game;
use crate::types::{DevCard, Resource, Resources, Seat};

/// Most cards a seat can owe in a discard, plus one: a hand holds at most 5 × 24 cards and
/// owes half.
const MAX_OWED: usize = 61;

/// The kinds of entries of the legal list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Kind {
    #[default]
    Roll,
    EndTurn,
    SetupSettlement,
    SetupRoad,
    Discard,
    MoveRobber,
    Road,
    Settlement,
    City,
    BuyDevCard,
    MaritimeTrade,
    Knight,
    RoadBuilding,
    Invention,
    Monopoly,
}

/// The most kinds one phase lists (the action phase: end, four builds, trades, four cards).
const MOST_KINDS: usize = 10;

/// The non-empty kinds of one seat's list with their sizes, in order, and the sets to build
/// their entries from.
#[derive(Default)]
struct Menu {
    kinds: [(Kind, u32); MOST_KINDS],
    len: usize,
    /// Edges for a road (Road).
    roads: u128,
    /// Intersections for a settlement (SetupSettlement, Settlement).
    settlements: u128,
    /// Settlements to upgrade (City).
    cities: u128,
    /// The robber's choices (MoveRobber, Knight).
    robber: RobberTable,
}

impl Menu {
    /// Appends `count` entries of `kind` (kinds come in list order). Without a branch: the
    /// slot is written either way and kept only when `count` is not 0 (whether a kind is
    /// empty is close to random, and a missed guess costs more than the store).
    fn set(&mut self, kind: Kind, count: usize) {
        if let Some(slot) = self.kinds.get_mut(self.len) {
            *slot = (kind, count as u32);
        }
        self.len += (count > 0) as usize;
    }

    /// The kind of the entry at `k` (below the total) and its index among that kind's.
    fn locate(&self, mut k: usize) -> (Kind, usize) {
        for &(kind, count) in &self.kinds[..self.len] {
            let count = count as usize;
            if k < count {
                return (kind, k);
            }
            k -= count;
        }
        unreachable!("index past the legal count")
    }

    /// The length of the list. (Summed here rather than kept in `set`: a running total next
    /// to `len` made the compiler update both with one vector store, and every next `set`
    /// then waited for it.)
    fn total(&self) -> usize {
        self.kinds[..self.len]
            .iter()
            .map(|&(_, n)| n as usize)
            .sum()
    }
}

/// Where the robber may go and whom it may rob there.
#[derive(Clone, Copy, Debug, Default)]
struct RobberTable {
    /// Hexes the robber may move to, as a bit set.
    hexes: u32,
    /// Hexes with someone to rob, as a bit set.
    robbed: u32,
    /// Entries over all hexes: one per (hex, victim), one per hex without victims.
    count: u32,
    /// The hexes (bit set) where each seat can be robbed: kept per seat rather than per hex,
    /// as only the drawn entry needs its hex's victims.
    robbable: [u32; 6],
}

impl RobberTable {
    /// The `k`-th (hex, victim) in hex order, victims in seat order.
    fn nth(&self, mut k: usize) -> (HexId, Option<Seat>) {
        // the number of victims on every hex at once, as three bit planes (a bit-sliced sum
        // of the seats' masks): the walk over the hexes then reads a hex's count in a few
        // operations, and only the drawn hex's victims are looked up
        let (mut ones, mut twos, mut fours) = (0u32, 0u32, 0u32);
        for &on in &self.robbable {
            let carry = ones & on;
            ones ^= on;
            fours |= twos & carry;
            twos ^= carry;
        }
        for hex in bits(self.hexes as u128) {
            let count = ((ones >> hex) & 1) + 2 * ((twos >> hex) & 1) + 4 * ((fours >> hex) & 1);
            let n = (count as usize).max(1);
            if k < n {
                let set = self
                    .robbable
                    .iter()
                    .enumerate()
                    .fold(0u8, |set, (s, &on)| set | ((((on >> hex) & 1) as u8) << s));
                return (hex, (set != 0).then(|| nth_bit(set as u128, k)));
            }
            k -= n;
        }
        unreachable!("robber index past the count")
    }
}

impl Game {
    /// A uniformly random action from [`Game::legal_actions`], drawn as
    /// `list[rng.gen_range(0..list.len())]` would be (same RNG use, same action), without
    /// building the list. `None` when the seat has no legal action (no draw then).
    pub fn random_legal_action<R: Rng>(&self, seat: Seat, rng: &mut R) -> Option<Action> {
        if self.helpers.is_some() {
            let list = self.legal_actions(seat);
            return (!list.is_empty()).then(|| list[rng.gen_range(0..list.len())].clone());
        }
        let mut menu = Menu::default();
        self.menu(seat, &mut menu);
        let total = menu.total();
        if total == 0 {
            return None;
        }
        let k = rng.gen_range(0..total);
        Some(self.nth_in(&menu, seat, k))
    }

    /// How many actions [`Game::legal_actions`] lists for `seat`, without listing them.
    pub fn legal_count(&self, seat: Seat) -> usize {
        if self.helpers.is_some() {
            return self.legal_actions(seat).len();
        }
        let mut menu = Menu::default();
        self.menu(seat, &mut menu);
        menu.total()
    }

    /// `legal_actions(seat)[k]` without building the list (`None` past the end).
    pub fn nth_legal(&self, seat: Seat, k: usize) -> Option<Action> {
        if self.helpers.is_some() {
            return self.legal_actions(seat).get(k).cloned();
        }
        let mut menu = Menu::default();
        self.menu(seat, &mut menu);
        (k < menu.total()).then(|| self.nth_in(&menu, seat, k))
    }

    /// Fills `m` with `seat`'s legal list (no helpers) as counts, mirroring `legal_actions_into`.
    // Inlined into its callers (measured: 1.5–3% more random games per CPU-second; the menu then
    // lives in the caller's registers and stack instead of behind a pointer).
    #[inline(always)]
    fn menu(&self, seat: Seat, m: &mut Menu) {
        if seat as usize >= self.players.len() {
            return;
        }
        match &self.phase {
            Phase::Finished { .. } => {}
            Phase::Setup { road_from, .. } => {
                if seat == self.current {
                    match *road_from {
                        None => {
                            let board = u128::MAX >> (128 - self.topology().vertex_count());
                            m.settlements = board & !self.derived().crowded;
                            m.set(Kind::SetupSettlement, popcount(m.settlements));
                        }
                        Some(v) => {
                            let free = self.topology().vertex_edges[v as usize]
                                .iter()
                                .filter(|&&e| self.roads[e as usize].is_none())
                                .count();
                            m.set(Kind::SetupRoad, free);
                        }
                    }
                }
            }
            Phase::BeforeRoll => {
                if seat == self.current {
                    m.set(Kind::Roll, 1);
                    self.menu_dev_plays(seat, m);
                }
            }
            Phase::Discard { owed } => {
                if let Some(&(_, count)) = owed.iter().find(|&&(s, _)| s == seat) {
                    let hand = self.players[seat as usize].hand;
                    m.set(Kind::Discard, discard_count(&hand, count));
                }
            }
            Phase::MoveRobber => {
                if seat == self.current {
                    m.robber = self.robber_table(seat);
                    m.set(Kind::MoveRobber, m.robber.count as usize);
                }
            }
            Phase::Main => {
                if seat == self.current {
                    m.set(Kind::EndTurn, 1);
                    self.menu_builds(seat, m);
                    m.set(Kind::MaritimeTrade, self.maritime_trade_count(seat));
                    self.menu_dev_plays(seat, m);
                }
            }
            Phase::SpecialBuild { builder } => {
                if seat == *builder {
                    m.set(Kind::EndTurn, 1);
                    self.menu_builds(seat, m);
                }
            }
        }
    }

    /// The counts of `legal_builds`.
    fn menu_builds(&self, seat: Seat, m: &mut Menu) {
        let p = &self.players[seat as usize];
        let hand = p.hand.packed();
        let road = (p.roads_left > 0) & affords(hand, &Resources::ROAD);
        let settlement = (p.settlements_left > 0) & affords(hand, &Resources::SETTLEMENT);
        if road | settlement {
            let anchors = self.road_anchors(seat, None);
            if road {
                m.roads = self.road_places(seat, None);
                m.set(Kind::Road, popcount(m.roads));
            }
            if settlement {
                let d = self.derived();
                m.settlements = anchors & d.road_ends[seat as usize] & !d.crowded;
                m.set(Kind::Settlement, popcount(m.settlements));
            }
        }
        if (p.cities_left > 0) & affords(hand, &Resources::CITY) {
            m.cities = self.derived().settlements(seat);
            m.set(Kind::City, popcount(m.cities));
        }
        let card = !self.deck.is_empty() & affords(hand, &Resources::DEV_CARD);
        m.set(Kind::BuyDevCard, card as usize);
    }

    /// The counts of `legal_dev_plays`.
    fn menu_dev_plays(&self, seat: Seat, m: &mut Menu) {
        if self.dev_played {
            return;
        }
        // the kinds held since before this turn, as a bit set (no branch per card)
        let mut playable = 0u8;
        for c in &self.players[seat as usize].dev_cards {
            playable |= ((c.bought_turn != self.turn) as u8) << c.card as u8;
        }
        // victory point cards are never played
        if playable & !(1 << DevCard::VictoryPoint as u8) == 0 {
            return;
        }
        let playable = |card: DevCard| playable & (1 << card as u8) != 0;
        if playable(DevCard::Knight) {
            m.robber = self.robber_table(seat);
            m.set(Kind::Knight, m.robber.count as usize);
        }
        if playable(DevCard::RoadBuilding) {
            m.set(Kind::RoadBuilding, self.road_building(seat, None).0);
        }
        if playable(DevCard::Invention) {
            // pairs of two kinds the supply holds, plus doubles of kinds it holds twice
            let one = self.bank.0.iter().filter(|&&n| n >= 1).count();
            let two = self.bank.0.iter().filter(|&&n| n >= 2).count();
            m.set(Kind::Invention, one * one.saturating_sub(1) + two);
        }
        if playable(DevCard::Monopoly) {
            m.set(Kind::Monopoly, Resource::ALL.len());
        }
    }

    /// The entry at `k` (below `menu.total()`) of the list `menu` counts.
    fn nth_in(&self, menu: &Menu, seat: Seat, mut k: usize) -> Action {
        for &(kind, count) in &menu.kinds[..menu.len] {
            let count = count as usize;
            if k >= count {
                k -= count;
                continue;
            }
            return match kind {
                Kind::Roll => Action::Roll,
                Kind::EndTurn => Action::EndTurn,
                Kind::BuyDevCard => Action::BuyDevCard,
                Kind::SetupSettlement | Kind::Settlement => {
                    Action::BuildSettlement(nth_bit(menu.settlements, k))
                }
                Kind::SetupRoad => {
                    let Phase::Setup {
                        road_from: Some(v), ..
                    } = self.phase
                    else {
                        unreachable!("setup roads counted outside the setup")
                    };
                    let e = self.topology().vertex_edges[v as usize]
                        .iter()
                        .copied()
                        .filter(|&e| self.roads[e as usize].is_none())
                        .nth(k)
                        .unwrap_or_default();
                    Action::BuildRoad(e)
                }
                Kind::Road => Action::BuildRoad(nth_bit(menu.roads, k)),
                Kind::City => Action::BuildCity(nth_bit(menu.cities, k)),
                Kind::MaritimeTrade => {
                    let (give, get, count) = self.nth_maritime_trade(seat, k);
                    Action::MaritimeTrade { give, get, count }
                }
                Kind::MoveRobber => {
                    let (hex, victim) = menu.robber.nth(k);
                    Action::MoveRobber { hex, victim }
                }
                Kind::Knight => {
                    let (hex, victim) = menu.robber.nth(k);
                    Action::PlayKnight { hex, victim }
                }
                Kind::RoadBuilding => match self.road_building(seat, Some(k)).1 {
                    Some(a) => a,
                    None => unreachable!("road building index past the count"),
                },
                Kind::Invention => {
                    let (a, b) = Resource::ALL
                        .into_iter()
                        .flat_map(|a| Resource::ALL.map(|b| (a, b)))
                        .filter(|&(a, b)| {
                            let need = if a == b { 2 } else { 1 };
                            self.bank[a] >= need && self.bank[b] >= 1
                        })
                        .nth(k)
                        .unwrap_or((Resource::Brick, Resource::Brick));
                    Action::PlayInvention(a, b)
                }
                Kind::Monopoly => Action::PlayMonopoly(Resource::ALL[k]),
                Kind::Discard => {
                    let Phase::Discard { owed } = &self.phase else {
                        unreachable!("discards counted outside the discard phase")
                    };
                    let count = owed.iter().find(|&&(s, _)| s == seat).map_or(0, |o| o.1);
                    let hand = self.players[seat as usize].hand;
                    Action::Discard(nth_discard(&hand, count, k))
                }
            };
        }
        unreachable!("index past the legal count")
    }

    /// How many supply trades `legal_maritime_trades` lists: for each resource given, as
    /// many counts as the hand pays for and the supply holds of each other resource. Without
    /// a branch per resource (which ones the hand pays for is close to random): with the
    /// supply holding at least as many of each as any one trade can ask, each resource given
    /// pays for its count four times over; only a nearly empty supply is counted resource by
    /// resource (rare, so the one branch is well guessed).
    fn maritime_trade_count(&self, seat: Seat) -> usize {
        let hand = self.players[seat as usize].hand;
        // the ports' rates: no helper changes them here (games with helpers use the list)
        let rates = self.derived().rates[seat as usize];
        let paid: [u8; 5] = std::array::from_fn(|i| trades_paid(hand.0[i], rates[i]));
        let most = paid.iter().fold(0, |m, &p| m.max(p));
        let least_supply = self.bank.0.iter().fold(u8::MAX, |m, &b| m.min(b));
        if least_supply >= most {
            return 4 * paid.iter().map(|&p| p as usize).sum::<usize>();
        }
        let supply = self.bank.packed();
        let mut total = 0;
        for (&max, &here) in paid.iter().zip(&self.bank.0) {
            total += capped_sum(supply, max) - max.min(here) as u32;
        }
        total as usize
    }

    /// The `k`-th supply trade (given, got, count): by resource given, then got, then count
    /// from 1.
    #[cold]
    fn nth_maritime_trade(&self, seat: Seat, mut k: usize) -> (Resource, Resource, u8) {
        let hand = self.players[seat as usize].hand;
        let rates = self.derived().rates[seat as usize];
        for give in Resource::ALL {
            let max = trades_paid(hand[give], rates[give.index()]);
            for get in Resource::ALL {
                let n = if get == give {
                    0
                } else {
                    max.min(self.bank[get]) as usize
                };
                if k < n {
                    return (give, get, k as u8 + 1);
                }
                k -= n;
            }
        }
        unreachable!("trade index past the count")
    }

    /// The robber's choices for `seat`, as `legal_robber_moves` lists them.
    fn robber_table(&self, seat: Seat) -> RobberTable {
        let d = self.derived();
        let protected = self.protected_seats(seat);
        let closed = self.friendly_closed_hexes(seat);
        let mut t = RobberTable::default();
        let board = u32::MAX >> (32 - self.layout.terrain.len());
        t.hexes = board & !closed & !(1 << self.robber);
        let mut pairs = 0;
        // without a branch per seat (who can be robbed is close to random)
        for ((s, p), robbable) in self.players.iter().enumerate().zip(&mut t.robbable) {
            let victim = (s != seat as usize)
                & (d.buildings[s] != 0)
                & (protected & (1 << s) == 0)
                & (p.hand.0 != [0; 5]);
            *robbable = d.hexes[s] & t.hexes & (victim as u32).wrapping_neg();
            t.robbed |= *robbable;
            pairs += robbable.count_ones();
        }
        t.count = t.hexes.count_ones() - t.robbed.count_ones() + pairs;
        t
    }

    /// Road Building's count and, with `nth`, its entry there. For each first road (edge
    /// order): each second road that could follow it, or the first alone when none can (or
    /// only one piece is left).
    fn road_building(&self, seat: Seat, nth: Option<usize>) -> (usize, Option<Action>) {
        if self.players[seat as usize].roads_left == 0 {
            return (0, None);
        }
        let two = self.players[seat as usize].roads_left >= 2;
        let adj = self.adjacency();
        let d = self.derived();
        let own = d.buildings[seat as usize];
        let anchors = self.road_anchors(seat, None);
        let open = !(d.occupied & !own);
        let edges = d.anchor_edges[seat as usize];
        let mut total = 0;
        for first in bits(edges & !d.any_road) {
            // what `road_places(seat, Some(first))` gives, from this position's sets
            let seconds = if two {
                let [a, b] = adj.edge_vertices[first as usize];
                let new = ((1u128 << a) | (1u128 << b)) & open & !anchors;
                let reach = bits(new).fold(edges, |acc, v| acc | adj.vertex_edge_mask[v as usize]);
                reach & !(d.any_road | (1u128 << first as u32))
            } else {
                0
            };
            let n = popcount(seconds).max(1);
            if let Some(k) = nth
                && k < total + n
            {
                let second = (seconds != 0).then(|| nth_bit(seconds, k - total));
                return (total + n, Some(Action::PlayRoadBuilding { first, second }));
            }
            total += n;
        }
        (total, None)
    }
}

/// Trades a hand of `held` pays for at `rate` (1 to 4), without a division or a branch:
/// `held * ⌈2¹⁶ / rate⌉ >> 16` is `held / rate` for every `held` below 2¹⁵.
fn trades_paid(held: u8, rate: u8) -> u8 {
    const RECIPROCAL: [u32; 5] = [0, 0x1_0000, 0x8000, 0x5556, 0x4000];
    let r = RECIPROCAL[(rate as usize).min(4)];
    ((held as u32 * r) >> 16) as u8
}

/// `Σ min(cap, count)` over the five counts `packed` holds, all five at once in one
/// register: a per-byte `count >= cap` from the borrow into each byte's top bit, then a
/// multiply that adds the five bytes.
fn capped_sum(packed: u64, cap: u8) -> u32 {
    const ONES: u64 = 0x01_0101_0101;
    const TOPS: u64 = ONES << 7;
    // counts and caps below 128: no borrow crosses a byte
    let caps = (cap.min(127) as u64) * ONES;
    let at_least = (((packed | TOPS) - caps) & TOPS) >> 7;
    let keep_cap = at_least * 0xFF;
    let capped = (caps & keep_cap) | (packed & !keep_cap);
    ((capped.wrapping_mul(ONES) >> 32) & 0xFF) as u32
}

/// `cost.fits_in(hand)` for a packed hand ([`Resources::packed`]), all five counts at once:
/// a byte's top bit survives `hand - cost` exactly where the hand holds enough (the answers
/// are close to random, so no branch per resource).
fn affords(hand: u64, cost: &Resources) -> bool {
    const TOPS: u64 = 0x80_8080_8080;
    ((hand | TOPS) - cost.packed()) & TOPS == TOPS
}

fn popcount(set: u128) -> usize {
    set.count_ones() as usize
}

/// The `k`-th set bit of `set`, lowest first.
fn nth_bit(set: u128, k: usize) -> u8 {
    bits(set).nth(k).unwrap_or_default()
}

/// Ways to take `left` cards from these piles (each at most its size), for every `left` up
/// to `count`: one row updated in place, pile by pile (running sums, then each entry less
/// the sum of those more than the pile's size below it). O(piles × count), no table.
fn discard_ways(piles: &[u8], count: usize) -> [u32; MAX_OWED] {
    let count = count.min(MAX_OWED - 1);
    let mut ways = [0u32; MAX_OWED];
    ways[0] = 1;
    for &pile in piles {
        let pile = pile as usize;
        for left in 1..=count {
            ways[left] += ways[left - 1];
        }
        for left in (pile + 1..=count).rev() {
            ways[left] -= ways[left - pile - 1];
        }
    }
    ways
}

/// How many discards of `count` cards `hand` allows.
fn discard_count(hand: &Resources, count: u8) -> usize {
    let count = (count as usize).min(MAX_OWED - 1);
    discard_ways(&hand.0, count)[count] as usize
}

/// `table[i][left]`: the ways to take `left` cards from the piles `i..5` of `hand`, for
/// `left` up to `count`. Each row is a sliding window over the next: O(5 × count).
fn discard_table(hand: &Resources, count: usize) -> [[u32; MAX_OWED]; 6] {
    let mut table = [[0u32; MAX_OWED]; 6];
    table[5][0] = 1;
    for i in (0..5).rev() {
        let pile = hand.0[i] as usize;
        let mut window = 0;
        for left in 0..=count {
            // table[i][left] = Σ table[i + 1][left - x] for x in 0..=min(pile, left)
            window += table[i + 1][left];
            if left > pile {
                window -= table[i + 1][left - pile - 1];
            }
            table[i][left] = window;
        }
    }
    table
}

/// The `k`-th discard of `count` cards in `legal_discards`' order: by the number of the first
/// resource, fewest first, then the next.
#[cold]
fn nth_discard(hand: &Resources, count: u8, mut k: usize) -> Resources {
    let count = (count as usize).min(MAX_OWED - 1);
    let table = discard_table(hand, count);
    let mut left = count;
    let mut pick = Resources::default();
    for i in 0..5 {
        let most = (hand.0[i] as usize).min(left);
        for x in 0..=most {
            // the ways to take the rest from the piles after this one
            let n = table[i + 1][left - x] as usize;
            if k < n {
                pick.0[i] = x as u8;
                left -= x;
                break;
            }
            k -= n;
        }
    }
    pick
}

// `Game::play_random_action`: a random step without building the action.
#[path = "pick_step.rs"]
mod step;

#[cfg(test)]
#[path = "pick_tests.rs"]
mod tests;
