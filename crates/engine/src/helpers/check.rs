//! The rules of each helper's use as checks on `&self` (a refused use changes nothing), and the
//! legal uses for the fast legal-action generator.

use super::super::action::{Action, Phase, RuleError};
use super::super::adjacency::bits;
use super::super::board::{EdgeId, HexId, VertexId};
use super::super::game::{Building, CITY_LIMIT, Game, ROAD_LIMIT, SETTLEMENT_LIMIT};
use super::super::refusal::{Attempt, Awaited, HelperRefusal, HelperStep, Piece};
use super::super::types::{Resource, Resources, Seat, Terrain};
use super::{HeldHelper, Helper, HelperChoice, HelperUse, Pending, SeanUse, Side, VincentBuild};

/// Vincent's prices.
pub(crate) const VINCENT_SETTLEMENT: Resources = Resources([1, 1, 0, 0, 0]);
pub(crate) const VINCENT_CITY: Resources = Resources([0, 0, 0, 1, 2]);

/// The other half of a road's price.
fn road_partner(r: Resource) -> Option<Resource> {
    match r {
        Resource::Lumber => Some(Resource::Brick),
        Resource::Brick => Some(Resource::Lumber),
        _ => None,
    }
}

/// William's price: `keep` (lumber or brick) plus `with` instead of the other.
pub(crate) fn william_cost(keep: Resource, with: Resource) -> Option<Resources> {
    let other = road_partner(keep)?;
    (with != other).then(|| Resources::one(keep) + Resources::one(with))
}

/// Candamir's price: a development card with `swap.0` paid as `swap.1`.
pub(crate) fn candamir_cost(swap: Option<(Resource, Resource)>) -> Option<Resources> {
    match swap {
        None => Some(Resources::DEV_CARD),
        Some((instead_of, with)) => {
            if Resources::DEV_CARD[instead_of] == 0 || with == instead_of {
                return None;
            }
            let mut cost = Resources::DEV_CARD;
            cost[instead_of] -= 1;
            cost[with] += 1;
            Some(cost)
        }
    }
}

fn refuse(why: HelperRefusal) -> RuleError {
    RuleError::Helper(why)
}

impl Game {
    /// The seat a pending helper step waits for (it alone may act).
    pub fn helper_waiting(&self) -> Option<Seat> {
        if self.winner().is_some() {
            return None;
        }
        self.helpers.as_ref()?.pending.as_ref().map(Pending::seat)
    }

    /// `seat`'s helper if they may use it now: not received this turn, not used this turn.
    pub(crate) fn usable_helper(&self, seat: Seat) -> Option<HeldHelper> {
        let held = *self.helpers.as_ref()?.of(seat)?;
        let fresh = held.received_turn == self.turn || held.used_turn == Some(self.turn);
        (!fresh).then_some(held)
    }

    /// Every check of a helper action (any of the helper variants of [`Action`]).
    pub(crate) fn check_helper_action(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let Some(state) = self.helpers.as_ref() else {
            return Err(refuse(HelperRefusal::NoneInGame));
        };
        if let Some(p) = &state.pending {
            return self.check_pending(seat, action, p);
        }
        match action {
            Action::UseHelper(u) => self.check_use(seat, u),
            _ => Err(refuse(HelperRefusal::NoChoice)),
        }
    }

    /// Checks an action while a helper step is pending: only its seat, only its choices.
    pub(crate) fn check_pending(
        &self,
        seat: Seat,
        action: &Action,
        p: &Pending,
    ) -> Result<(), RuleError> {
        if seat != p.seat() {
            return Err(RuleError::NotYourTurn {
                waiting: Awaited::HelperChoice(p.seat()),
            });
        }
        let Some(held) = self.helpers.as_ref().and_then(|h| h.of(seat).copied()) else {
            return Err(refuse(HelperRefusal::NoHelper));
        };
        match (p, action) {
            (Pending::Offer { helper, .. }, Action::DeclineHelper) if *helper == held.helper => {
                Ok(())
            }
            (Pending::Offer { helper, .. }, Action::UseHelper(u)) if u.helper() == *helper => {
                self.check_offered_use(seat, u)
            }
            (Pending::KeepCard { cards, .. }, Action::HelperChoice(HelperChoice::Keep(c))) => {
                if cards.contains(c) {
                    Ok(())
                } else {
                    Err(refuse(HelperRefusal::NotLookedAt(*c)))
                }
            }
            (Pending::TakeCard { victim, .. }, Action::HelperChoice(HelperChoice::Take(r))) => {
                if self.players[*victim as usize].hand[*r] > 0 {
                    Ok(())
                } else {
                    Err(refuse(HelperRefusal::VictimLacks {
                        seat: *victim,
                        resource: *r,
                    }))
                }
            }
            (
                Pending::GiveBack { owed, .. },
                Action::HelperChoice(HelperChoice::GiveBack { to, card }),
            ) => {
                if !owed.contains(to) {
                    return Err(refuse(HelperRefusal::OweNone {
                        seat: *to,
                        owed: owed.clone(),
                    }));
                }
                if self.players[seat as usize].hand[*card] == 0 {
                    return Err(refuse(HelperRefusal::NothingToGive(*card)));
                }
                Ok(())
            }
            (Pending::AfterUse { .. }, Action::FlipHelper) => match held.side {
                Side::A => Ok(()),
                Side::B => Err(refuse(HelperRefusal::AlreadyB(held.helper))),
            },
            (Pending::AfterUse { .. }, Action::ExchangeHelper(h)) => {
                let display = self
                    .helpers
                    .as_ref()
                    .map(|s| s.display.clone())
                    .unwrap_or_default();
                if display.contains(h) {
                    Ok(())
                } else {
                    Err(refuse(HelperRefusal::NotInDisplay {
                        helper: *h,
                        display,
                    }))
                }
            }
            _ => Err(refuse(HelperRefusal::Pending(p.step()))),
        }
    }

    /// Marianne and Sean, offered after a roll.
    fn check_offered_use(&self, seat: Seat, u: &HelperUse) -> Result<(), RuleError> {
        let from_supply = |r: Resource| {
            if self.bank[r] > 0 {
                Ok(())
            } else {
                Err(RuleError::SupplyEmpty {
                    resource: r,
                    asked: 1,
                    left: 0,
                })
            }
        };
        match u {
            HelperUse::Marianne(r) => from_supply(*r),
            HelperUse::Sean(SeanUse::KeepHand) => {
                if self.owes_discard(seat) {
                    Ok(())
                } else {
                    Err(refuse(HelperRefusal::SeanNoDiscard {
                        limit: self.settings.discard_limit,
                    }))
                }
            }
            HelperUse::Sean(SeanUse::Take(r)) => {
                if self.owes_discard(seat) {
                    Err(refuse(HelperRefusal::SeanSpares))
                } else {
                    from_supply(*r)
                }
            }
            _ => Err(refuse(HelperRefusal::UseOffered)),
        }
    }

    fn owes_discard(&self, seat: Seat) -> bool {
        matches!(&self.phase, Phase::Discard { owed } if owed.iter().any(|&(s, _)| s == seat))
    }

    /// A use on `seat`'s own turn (every helper but Marianne and Sean).
    fn check_use(&self, seat: Seat, u: &HelperUse) -> Result<(), RuleError> {
        let helper = u.helper();
        let before_roll_too = matches!(helper, Helper::Lin | Helper::Jean);
        match self.phase {
            Phase::Main if seat == self.current => {}
            Phase::BeforeRoll if seat == self.current && before_roll_too => {}
            Phase::BeforeRoll if seat == self.current => {
                return Err(refuse(HelperRefusal::AfterRoll(helper)));
            }
            _ if matches!(helper, Helper::Marianne | Helper::Sean) => {
                return Err(refuse(HelperRefusal::WhenOfferedRoll(helper)));
            }
            _ => return Err(self.refusal(seat, Attempt::Use(helper))),
        }
        let held = self.helpers.as_ref().and_then(|h| h.of(seat).copied());
        match held {
            Some(h) if h.helper == helper => {
                if h.received_turn == self.turn {
                    return Err(refuse(HelperRefusal::ReceivedNow(helper)));
                }
                if h.used_turn == Some(self.turn) {
                    return Err(refuse(HelperRefusal::UsedAlready(helper)));
                }
            }
            Some(h) => {
                return Err(refuse(HelperRefusal::Other {
                    held: h.helper,
                    helper,
                }));
            }
            None => return Err(refuse(HelperRefusal::NoneYet)),
        }
        match *u {
            HelperUse::Marianne(_) | HelperUse::Sean(_) => {
                Err(refuse(HelperRefusal::WhenOffered(helper)))
            }
            HelperUse::Louis { from, to } => self.check_louis(seat, from, to),
            HelperUse::Candamir { swap } => {
                let Some(cost) = candamir_cost(swap) else {
                    return Err(refuse(HelperRefusal::Candamir));
                };
                if self.deck.is_empty() {
                    return Err(RuleError::DeckEmpty);
                }
                self.check_afford(seat, cost)
            }
            HelperUse::Nassir { from, also, .. } => self.check_nassir(seat, from, also),
            HelperUse::Hilde { victim } => self.check_hilde(seat, victim),
            HelperUse::Jean(_) => Ok(()),
            HelperUse::Lin { desert } => self.check_lin(desert),
            HelperUse::Vincent(build) => self.check_vincent(seat, build),
            HelperUse::William { edge, keep, with } => {
                let Some(cost) = william_cost(keep, with) else {
                    return Err(refuse(HelperRefusal::William));
                };
                self.check_road_place(seat, edge, None)?;
                if self.players[seat as usize].roads_left == 0 {
                    return Err(RuleError::NoPiecesLeft {
                        piece: Piece::Roads,
                        limit: ROAD_LIMIT,
                    });
                }
                self.check_afford(seat, cost)
            }
        }
    }

    /// Louis may lift a road with an end touching none of its owner's other pieces.
    pub(crate) fn louis_can_lift(&self, seat: Seat, e: EdgeId) -> bool {
        if self.roads.get(e as usize).copied().flatten() != Some(seat) {
            return false;
        }
        let adj = self.adjacency();
        let d = self.derived();
        let others = d.roads[seat as usize] & !(1u128 << e);
        adj.edge_vertices[e as usize].iter().any(|&v| {
            d.buildings[seat as usize] & (1u128 << v) == 0
                && adj.vertex_edge_mask[v as usize] & others == 0
        })
    }

    /// Where `seat` could place a road once `lifted` is gone, as a bit set.
    pub(crate) fn louis_places(&self, seat: Seat, lifted: EdgeId) -> u128 {
        let adj = self.adjacency();
        let d = self.derived();
        let s = seat as usize;
        let others = d.roads[s] & !(1u128 << lifted);
        let mut anchors = d.buildings[s];
        for e in bits(others) {
            let [a, b] = adj.edge_vertices[e as usize];
            anchors |= (1u128 << a) | (1u128 << b);
        }
        anchors &= !(d.occupied & !d.buildings[s]);
        self.edges_at(anchors) & !d.any_road
    }

    fn check_louis(&self, seat: Seat, from: EdgeId, to: EdgeId) -> Result<(), RuleError> {
        self.check_edge(from)?;
        self.check_edge(to)?;
        if !self.louis_can_lift(seat, from) {
            return Err(refuse(HelperRefusal::LouisLift(from)));
        }
        if self.louis_places(seat, from) & (1u128 << to) == 0 {
            return Err(refuse(HelperRefusal::LouisPlace(to)));
        }
        Ok(())
    }

    fn check_nassir(&self, seat: Seat, from: Seat, also: Option<Seat>) -> Result<(), RuleError> {
        let n = self.players.len() as Seat;
        for s in std::iter::once(from).chain(also) {
            if s >= n || s == seat {
                return Err(refuse(HelperRefusal::Nassir(s)));
            }
        }
        if also == Some(from) {
            return Err(refuse(HelperRefusal::TwoOpponents));
        }
        Ok(())
    }

    fn check_hilde(&self, seat: Seat, victim: Seat) -> Result<(), RuleError> {
        if victim as usize >= self.players.len() || victim == seat {
            return Err(refuse(HelperRefusal::NotOpponent(victim)));
        }
        let (mine, theirs) = (self.public_vp(seat), self.public_vp(victim));
        if theirs <= mine {
            return Err(refuse(HelperRefusal::Hilde {
                mine,
                seat: victim,
                theirs,
            }));
        }
        if self.players[victim as usize].hand.is_empty() {
            return Err(refuse(HelperRefusal::NoCards(victim)));
        }
        Ok(())
    }

    fn check_lin(&self, desert: HexId) -> Result<(), RuleError> {
        self.check_hex(desert)?;
        if self.layout.terrain[self.robber as usize] == Terrain::Desert {
            return Err(refuse(HelperRefusal::LinInDesert));
        }
        if self.layout.terrain[desert as usize] != Terrain::Desert {
            return Err(refuse(HelperRefusal::LinNotDesert(desert)));
        }
        Ok(())
    }

    fn check_vincent(&self, seat: Seat, build: VincentBuild) -> Result<(), RuleError> {
        if self.players[seat as usize].knights_played == 0 {
            return Err(refuse(HelperRefusal::Vincent));
        }
        match build {
            VincentBuild::Settlement(v) => {
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
                self.check_afford(seat, VINCENT_SETTLEMENT)
            }
            VincentBuild::City(v) => {
                self.check_vertex(v)?;
                if self.buildings[v as usize]
                    != Some(Building {
                        owner: seat,
                        city: false,
                    })
                {
                    return Err(RuleError::NoSettlementToUpgrade { at: v });
                }
                if self.players[seat as usize].cities_left == 0 {
                    return Err(RuleError::NoPiecesLeft {
                        piece: Piece::Cities,
                        limit: CITY_LIMIT,
                    });
                }
                self.check_afford(seat, VINCENT_CITY)
            }
        }
    }

    /// The helper actions `seat` may take now, while no step is pending (own turn only).
    pub(crate) fn legal_helper_uses(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat != self.current {
            return;
        }
        let Some(held) = self.usable_helper(seat) else {
            return;
        };
        let main = self.phase == Phase::Main;
        let p = &self.players[seat as usize];
        let hand = p.hand;
        let mut push = |u: HelperUse| out.push(Action::UseHelper(u));
        match held.helper {
            Helper::Marianne | Helper::Sean => {}
            Helper::Jean => Resource::ALL
                .into_iter()
                .for_each(|r| push(HelperUse::Jean(r))),
            Helper::Lin => {
                if self.layout.terrain[self.robber as usize] != Terrain::Desert {
                    for (h, t) in self.layout.terrain.iter().enumerate() {
                        if *t == Terrain::Desert {
                            push(HelperUse::Lin { desert: h as HexId });
                        }
                    }
                }
            }
            _ if !main => {}
            Helper::Louis => {
                for from in bits(self.derived().roads[seat as usize]) {
                    if self.louis_can_lift(seat, from) {
                        for to in bits(self.louis_places(seat, from)) {
                            push(HelperUse::Louis { from, to });
                        }
                    }
                }
            }
            Helper::Candamir => {
                if self.deck.is_empty() {
                    return;
                }
                for swap in candamir_swaps() {
                    if candamir_cost(swap).is_some_and(|c| c.fits_in(&hand)) {
                        push(HelperUse::Candamir { swap });
                    }
                }
            }
            Helper::Nassir => {
                let n = self.players.len() as Seat;
                for resource in Resource::ALL {
                    for from in (0..n).filter(|&s| s != seat) {
                        push(HelperUse::Nassir {
                            resource,
                            from,
                            also: None,
                        });
                        for also in (from + 1..n).filter(|&s| s != seat) {
                            push(HelperUse::Nassir {
                                resource,
                                from,
                                also: Some(also),
                            });
                        }
                    }
                }
            }
            Helper::Hilde => {
                let mine = self.public_vp(seat);
                for (v, q) in self.players.iter().enumerate() {
                    let v = v as Seat;
                    if v != seat && !q.hand.is_empty() && self.public_vp(v) > mine {
                        push(HelperUse::Hilde { victim: v });
                    }
                }
            }
            Helper::Vincent => {
                if p.knights_played == 0 {
                    return;
                }
                let d = self.derived();
                if p.settlements_left > 0 && VINCENT_SETTLEMENT.fits_in(&hand) {
                    let spots = self.road_anchors(seat, None) & d.road_ends[seat as usize];
                    for v in bits(spots & !d.crowded) {
                        push(HelperUse::Vincent(VincentBuild::Settlement(v as VertexId)));
                    }
                }
                if p.cities_left > 0 && VINCENT_CITY.fits_in(&hand) {
                    for v in bits(d.settlements(seat)) {
                        push(HelperUse::Vincent(VincentBuild::City(v as VertexId)));
                    }
                }
            }
            Helper::William => {
                if p.roads_left == 0 {
                    return;
                }
                let costs: Vec<(Resource, Resource)> = [Resource::Lumber, Resource::Brick]
                    .into_iter()
                    .flat_map(|keep| Resource::ALL.into_iter().map(move |with| (keep, with)))
                    .filter(|&(k, w)| william_cost(k, w).is_some_and(|c| c.fits_in(&hand)))
                    .collect();
                if costs.is_empty() {
                    return;
                }
                for edge in bits(self.road_places(seat, None)) {
                    for &(keep, with) in &costs {
                        push(HelperUse::William { edge, keep, with });
                    }
                }
            }
        }
    }

    /// The choices of a pending step, for its seat.
    pub(crate) fn legal_pending(&self, seat: Seat, p: &Pending, out: &mut Vec<Action>) {
        if seat != p.seat() {
            return;
        }
        let hand = self.players[seat as usize].hand;
        match p {
            Pending::Offer { helper, .. } => {
                out.push(Action::DeclineHelper);
                let takes = Resource::ALL.into_iter().filter(|&r| self.bank[r] > 0);
                match helper {
                    Helper::Marianne => {
                        out.extend(takes.map(|r| Action::UseHelper(HelperUse::Marianne(r))))
                    }
                    _ if self.owes_discard(seat) => {
                        out.push(Action::UseHelper(HelperUse::Sean(SeanUse::KeepHand)))
                    }
                    _ => out.extend(
                        takes.map(|r| Action::UseHelper(HelperUse::Sean(SeanUse::Take(r)))),
                    ),
                }
            }
            Pending::KeepCard { cards, .. } => {
                let mut kinds = cards.clone();
                kinds.sort_by_key(|c| *c as u8);
                kinds.dedup();
                out.extend(
                    kinds
                        .into_iter()
                        .map(|c| Action::HelperChoice(HelperChoice::Keep(c))),
                );
            }
            Pending::TakeCard { victim, .. } => {
                let theirs = self.players[*victim as usize].hand;
                out.extend(
                    theirs
                        .iter()
                        .map(|(r, _)| Action::HelperChoice(HelperChoice::Take(r))),
                );
            }
            Pending::GiveBack { owed, .. } => {
                let to = owed[0];
                out.extend(
                    hand.iter()
                        .map(|(card, _)| Action::HelperChoice(HelperChoice::GiveBack { to, card })),
                );
            }
            Pending::AfterUse { .. } => {
                let Some(state) = self.helpers.as_ref() else {
                    return;
                };
                if state.of(seat).is_some_and(|h| h.side == Side::A) {
                    out.push(Action::FlipHelper);
                }
                out.extend(state.display.iter().map(|&h| Action::ExchangeHelper(h)));
            }
        }
    }
}

/// Every Candamir payment: the plain price, and each one-resource swap.
pub(crate) fn candamir_swaps() -> impl Iterator<Item = Option<(Resource, Resource)>> {
    let swaps = [Resource::Ore, Resource::Wool, Resource::Grain]
        .into_iter()
        .flat_map(|i| {
            Resource::ALL
                .into_iter()
                .filter(move |&w| w != i)
                .map(move |w| Some((i, w)))
        });
    std::iter::once(None).chain(swaps)
}

impl Pending {
    /// What this step asks for, for refusals.
    pub fn step(&self) -> HelperStep {
        match self {
            Pending::Offer { helper, .. } => HelperStep::Use(*helper),
            Pending::KeepCard { .. } => HelperStep::Keep,
            Pending::TakeCard { victim, .. } => HelperStep::Take(*victim),
            Pending::GiveBack { owed, .. } => HelperStep::GiveBack(owed.clone()),
            Pending::AfterUse { .. } => HelperStep::Flip,
        }
    }
}
