//! Refusals in words: the engine's typed [`RuleError`] said once, here, in the current language
//! (the catalogs' `engine-*` messages), with player names and the board's labels filled in
//! from the refusal's facts. The engine knows neither names nor languages.

use crate::engine::{
    Allowed, Attempt, Awaited, DevCard, DiscardRefusal, EdgeId, HelperRefusal, HelperStep, HexId,
    Piece, Place, Resource, Resources, RobberRefusal, RuleError, Seat, Topology, TradeRefusal,
    VertexId,
};
use crate::i18n::InWords;
use crate::t;

/// The refusal for players: what was wrong and what is allowed instead, in the current language.
pub fn text(e: &RuleError, topo: &Topology, names: &[String]) -> String {
    Words { topo, names }.refusal(e)
}

/// What a refusal's facts need to become words: the board's labels and the players' names.
struct Words<'a> {
    topo: &'a Topology,
    names: &'a [String],
}

impl Words<'_> {
    fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    }

    fn vertex(&self, v: VertexId) -> String {
        self.topo.vertex_label(v)
    }

    fn edge(&self, e: EdgeId) -> String {
        if (e as usize) < self.topo.edge_vertices.len() {
            self.topo.edge_label(e)
        } else {
            format!("#{e}")
        }
    }

    fn hex(&self, h: HexId) -> String {
        self.topo
            .hex_labels
            .get(h as usize)
            .cloned()
            .unwrap_or_else(|| format!("#{h}"))
    }

    /// "alice", "alice and bob", "alice, bob and carol".
    fn and(&self, seats: &[Seat]) -> String {
        join(self.seat_names(seats), &t!("engine-and"))
    }

    /// "alice", "alice or bob", "alice, bob or carol".
    fn or(&self, seats: &[Seat]) -> String {
        join(self.seat_names(seats), &t!("engine-or"))
    }

    fn seat_names(&self, seats: &[Seat]) -> Vec<String> {
        seats.iter().map(|&s| self.name(s)).collect()
    }

    fn refusal(&self, e: &RuleError) -> String {
        match e {
            RuleError::GameOver => t!("engine-game-over"),
            RuleError::NoSuchSeat { seat, players } => t!(
                "engine-no-such-seat",
                seat = *seat,
                last = players.saturating_sub(1)
            ),
            RuleError::NotYourTurn { waiting } => {
                t!("engine-not-your-turn", waiting = self.awaited(waiting))
            }
            RuleError::WrongPhase { attempt, allowed } => t!(
                "engine-wrong-phase",
                action = attempt_phrase(*attempt),
                allowed = self.allowed(allowed)
            ),
            RuleError::NoSuchPlace { place } => {
                let (what, label) = match *place {
                    Place::Intersection(v) => (t!("engine-word-intersection"), self.vertex(v)),
                    Place::Road(e) => (t!("engine-word-road-place"), format!("#{e}")),
                    Place::Hex(h) => (t!("engine-word-hex"), format!("#{h}")),
                };
                t!("engine-no-such-place", what = what, label = label)
            }
            RuleError::IntersectionTaken { at } => {
                t!("engine-intersection-taken", at = self.vertex(*at))
            }
            RuleError::DistanceRule { at, neighbor } => t!(
                "engine-distance-rule",
                at = self.vertex(*at),
                neighbor = self.vertex(*neighbor)
            ),
            RuleError::EdgeTaken { at } => t!("engine-edge-taken", at = self.edge(*at)),
            RuleError::NotConnected { at } => t!("engine-not-connected", at = self.edge(*at)),
            RuleError::SetupRoadMustTouch { settlement } => t!(
                "engine-setup-road-must-touch",
                settlement = self.vertex(*settlement)
            ),
            RuleError::SettlementNotConnected { at } => {
                t!("engine-settlement-not-connected", at = self.vertex(*at))
            }
            RuleError::NoSettlementToUpgrade { at } => {
                t!("engine-no-settlement-to-upgrade", at = self.vertex(*at))
            }
            RuleError::NoPiecesLeft { piece, limit } => {
                let piece = match piece {
                    Piece::Roads => t!("engine-word-roads"),
                    Piece::Settlements => t!("engine-word-settlements"),
                    Piece::Cities => t!("engine-word-cities"),
                };
                t!("engine-no-pieces-left", piece = piece, limit = *limit)
            }
            RuleError::CannotAfford { cost, have } => {
                t!(
                    "engine-cannot-afford",
                    cost = cards(cost),
                    have = cards(have)
                )
            }
            RuleError::DeckEmpty => t!("engine-deck-empty"),
            // The card's own (edition) name, as this refusal has always said it.
            RuleError::NoSuchCard { card } => t!("engine-no-such-card", card = card.name()),
            RuleError::AlreadyPlayedDevCard => t!("engine-already-played"),
            RuleError::SupplyEmpty {
                resource,
                asked,
                left,
            } => {
                let what = if *left == 0 {
                    res(*resource)
                } else {
                    t!(
                        "engine-supply-only",
                        count = *asked,
                        resource = res(*resource),
                        left = *left
                    )
                };
                t!("engine-supply-empty", resource = what)
            }
            RuleError::OneRoadLeft => t!("engine-one-road-left"),
            RuleError::NameSecondRoad => t!("engine-name-second-road"),
            RuleError::Robber(r) => self.robber(r),
            RuleError::Discard(d) => discard(d),
            RuleError::Trade(r) => self.trade(r),
            RuleError::Helper(h) => self.helper(h),
        }
    }

    /// Whom the game waits for.
    fn awaited(&self, a: &Awaited) -> String {
        match a {
            Awaited::Seat(s) => self.name(*s),
            Awaited::Discards(seats) => t!("engine-waiting-discard", seats = self.and(seats)),
            Awaited::SpecialBuild(s) => t!("engine-waiting-special-build", seat = self.name(*s)),
            Awaited::HelperChoice(s) => t!("engine-helper-waiting", seat = self.name(*s)),
            Awaited::Nobody => t!("engine-waiting-nobody"),
        }
    }

    /// What the refused seat may do instead.
    fn allowed(&self, a: &Allowed) -> String {
        match a {
            Allowed::SetupSettlement => t!("engine-allowed-setup-settlement"),
            Allowed::SetupRoad(v) => t!("engine-allowed-setup-road", at = self.vertex(*v)),
            Allowed::Roll => t!("engine-allowed-roll"),
            Allowed::Discard(n) => t!("engine-allowed-discard", count = *n),
            Allowed::Waiting(w) => t!("engine-allowed-waiting", waiting = self.awaited(w)),
            Allowed::MoveRobber => t!("engine-allowed-robber"),
            Allowed::Main => t!("engine-allowed-main"),
            Allowed::SpecialBuild => t!("engine-allowed-special-build"),
            Allowed::Nothing => t!("engine-allowed-nothing"),
            Allowed::Helper(step) => self.step(step),
        }
    }

    /// What a pending helper step asks for.
    fn step(&self, s: &HelperStep) -> String {
        match s {
            HelperStep::Use(h) => t!("engine-helper-first-use", helper = h.name()),
            HelperStep::Keep => t!("engine-helper-first-keep"),
            HelperStep::Take(s) => t!("engine-helper-first-take", seat = self.name(*s)),
            HelperStep::GiveBack(owed) => {
                t!("engine-helper-first-give-back", owed = self.and(owed))
            }
            HelperStep::Flip => t!("engine-helper-first-flip"),
        }
    }

    fn robber(&self, r: &RobberRefusal) -> String {
        match r {
            RobberRefusal::AlreadyThere { hex } => {
                t!("engine-robber-already-there", hex = self.hex(*hex))
            }
            RobberRefusal::ChooseVictim { hex, victims } => t!(
                "engine-robber-choose-victim",
                hex = self.hex(*hex),
                victims = self.or(victims)
            ),
            RobberRefusal::Yourself => t!("engine-robber-self"),
            RobberRefusal::Nobody { hex, seat } => t!(
                "engine-robber-nobody",
                hex = self.hex(*hex),
                seat = self.name(*seat)
            ),
            RobberRefusal::NotThere { hex, seat, victims } => t!(
                "engine-robber-not-there",
                hex = self.hex(*hex),
                seat = self.name(*seat),
                victims = self.or(victims)
            ),
            RobberRefusal::Protected { hex, seats } => t!(
                "engine-robber-protected",
                hex = self.hex(*hex),
                seats = self.and(seats),
                count = seats.len(),
                max = crate::engine::FRIENDLY_ROBBER_MAX_VP
            ),
            RobberRefusal::ProtectedVictim { seat } => t!(
                "engine-robber-protected-victim",
                seat = self.name(*seat),
                max = crate::engine::FRIENDLY_ROBBER_MAX_VP
            ),
        }
    }

    fn trade(&self, r: &TradeRefusal) -> String {
        match r {
            TradeRefusal::Same { give, get } => {
                t!("engine-trade-same", give = res(*give), get = res(*get))
            }
            TradeRefusal::AtLeastOne => t!("engine-trade-at-least-one"),
            TradeRefusal::Rate {
                rate,
                need,
                give,
                count,
                get,
                have,
            } => t!(
                "engine-trade-rate",
                rate = *rate,
                need = *need,
                give = res(*give),
                count = *count,
                get = res(*get),
                have = *have
            ),
            TradeRefusal::OtherPlayer => t!("engine-trade-other-player"),
            TradeRefusal::NoGifts => t!("engine-trade-no-gifts"),
            TradeRefusal::BothSides(r) => t!("engine-trade-both-sides", resource = res(*r)),
            TradeRefusal::NotHeld { give, hand } => {
                t!(
                    "engine-trade-not-held",
                    give = cards(give),
                    hand = cards(hand)
                )
            }
            TradeRefusal::TheyLack { seat, get } => t!(
                "engine-trade-they-lack",
                seat = self.name(*seat),
                get = cards(get)
            ),
        }
    }

    fn helper(&self, h: &HelperRefusal) -> String {
        use HelperRefusal as H;
        match h {
            H::NoneInGame => t!("engine-helper-none-in-game"),
            H::NoChoice => t!("engine-helper-no-choice"),
            H::NoHelper => t!("engine-helper-none"),
            H::NotLookedAt(c) => t!("engine-helper-not-looked-at", card = card(*c)),
            H::VictimLacks { seat, resource } => t!(
                "engine-helper-victim-lacks",
                seat = self.name(*seat),
                resource = res(*resource)
            ),
            H::OweNone { seat, owed } => t!(
                "engine-helper-owe-none",
                seat = self.name(*seat),
                owed = self.and(owed)
            ),
            H::NothingToGive(r) => t!("engine-helper-nothing-to-give", card = res(*r)),
            H::AlreadyB(h) => t!("engine-helper-already-b", helper = h.name()),
            H::NotInDisplay { helper, display } => {
                let names = display.iter().map(|h| h.name().to_string()).collect();
                t!(
                    "engine-helper-not-in-display",
                    helper = helper.name(),
                    display = join(names, &t!("engine-or"))
                )
            }
            H::Pending(step) => self.step(step),
            H::SeanNoDiscard { limit } => t!("engine-helper-sean-no-discard", limit = *limit),
            H::SeanSpares => t!("engine-helper-sean-spares"),
            H::UseOffered => t!("engine-helper-use-offered"),
            H::AfterRoll(h) => t!("engine-helper-after-roll", helper = h.name()),
            H::WhenOfferedRoll(h) => {
                let roll = if *h == crate::engine::Helper::Sean {
                    t!("engine-helper-roll-seven")
                } else {
                    t!("engine-helper-roll-nothing")
                };
                t!(
                    "engine-helper-when-offered-roll",
                    helper = h.name(),
                    roll = roll
                )
            }
            H::ReceivedNow(h) => t!("engine-helper-received-now", helper = h.name()),
            H::UsedAlready(h) => t!("engine-helper-used-already", helper = h.name()),
            H::Other { held, helper } => {
                t!(
                    "engine-helper-other",
                    held = held.name(),
                    helper = helper.name()
                )
            }
            H::NoneYet => t!("engine-helper-none-yet"),
            H::WhenOffered(h) => t!("engine-helper-when-offered", helper = h.name()),
            H::Candamir => t!("engine-helper-candamir"),
            H::William => t!("engine-helper-william"),
            H::LouisLift(e) => t!("engine-helper-louis-lift", road = self.edge(*e)),
            H::LouisPlace(e) => t!("engine-helper-louis-place", road = self.edge(*e)),
            H::Nassir(s) => t!("engine-helper-nassir", seat = self.name(*s)),
            H::TwoOpponents => t!("engine-helper-two-opponents"),
            H::NotOpponent(s) => t!("engine-helper-not-opponent", seat = self.name(*s)),
            H::Hilde { mine, seat, theirs } => t!(
                "engine-helper-hilde",
                mine = *mine,
                seat = self.name(*seat),
                theirs = *theirs
            ),
            H::NoCards(s) => t!("engine-helper-no-cards", seat = self.name(*s)),
            H::LinInDesert => t!("engine-helper-lin-in-desert"),
            H::LinNotDesert(h) => t!("engine-helper-lin-not-desert", hex = self.hex(*h)),
            H::Vincent => t!("engine-helper-vincent"),
        }
    }
}

fn discard(d: &DiscardRefusal) -> String {
    match d {
        DiscardRefusal::Exactly { owed, count } => {
            t!("engine-discard-exactly", owed = *owed, count = *count)
        }
        DiscardRefusal::NotHeld { cards: c, hand } => {
            t!(
                "engine-discard-not-held",
                cards = cards(c),
                hand = cards(hand)
            )
        }
    }
}

/// The action a refusal names ("roll the dice"); a card or helper is named after `play`/`use`.
fn attempt_phrase(a: Attempt) -> String {
    match a {
        Attempt::Roll => t!("engine-do-roll"),
        Attempt::Discard => t!("engine-do-discard"),
        Attempt::MoveRobber => t!("engine-do-robber"),
        Attempt::PlaceSettlement => t!("engine-do-place-settlement"),
        Attempt::PlaceRoad => t!("engine-do-place-road"),
        Attempt::Trade => t!("engine-do-trade"),
        Attempt::EndTurn => t!("engine-do-end"),
        Attempt::BuildCity => t!("engine-do-build-city"),
        Attempt::BuildRoad => t!("engine-do-build-road"),
        Attempt::BuildSettlement => t!("engine-do-build-settlement"),
        Attempt::BuyDevCard => t!("engine-do-buy"),
        Attempt::Play(c) => t!("engine-do-play", card = card(c)),
        Attempt::Use(h) => t!("engine-do-use", helper = h.name()),
    }
}

fn res(r: Resource) -> String {
    r.in_words()
}

fn cards(c: &Resources) -> String {
    c.in_words()
}

fn card(c: DevCard) -> String {
    c.in_words()
}

/// "a", "a and b", "a, b and c" with `word` as the last joint.
fn join(items: Vec<String>, word: &str) -> String {
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Settings};
    use crate::i18n::{Lang, scope};

    fn names() -> Vec<String> {
        vec!["alice".into(), "bob".into(), "carol".into()]
    }

    fn said(e: RuleError) -> String {
        let g = Game::new(Settings::for_players(3), 1);
        text(&e, g.topology(), &names())
    }

    #[test]
    fn seats_become_names_and_places_labels() {
        let g = Game::new(Settings::for_players(3), 1);
        let hex = g.topology().hex_labels[0].clone();
        assert_eq!(
            said(RuleError::Robber(RobberRefusal::NotThere {
                hex: 0,
                seat: 2,
                victims: vec![0, 1],
            })),
            format!("carol can't be robbed on {hex}: choose alice or bob.")
        );
        assert_eq!(
            said(RuleError::Robber(RobberRefusal::Protected {
                hex: 0,
                seats: vec![1],
            })),
            format!(
                "Friendly robber: bob has 2 or fewer public victory points and a building on \
                 {hex}, so the robber can't go there. Choose a hex without them."
            )
        );
        assert_eq!(
            said(RuleError::Robber(RobberRefusal::ProtectedVictim {
                seat: 2
            })),
            "Friendly robber: carol has 2 or fewer public victory points and can't be robbed."
        );
        assert_eq!(
            said(RuleError::NotYourTurn {
                waiting: Awaited::Discards(vec![0, 1, 2]),
            }),
            "It is not your turn: waiting for alice, bob and carol to discard."
        );
        assert_eq!(
            said(RuleError::DistanceRule { at: 0, neighbor: 1 }),
            "Intersection 1 is next to a settlement or city at 2 (distance rule)."
        );
        assert_eq!(
            said(RuleError::NoSuchPlace {
                place: Place::Road(250),
            }),
            "There is no road place #250 on this board."
        );
        assert_eq!(
            said(RuleError::NoSuchSeat {
                seat: 9,
                players: 3,
            }),
            "There is no seat 9 in this game (seats 0 to 2)."
        );
    }

    #[test]
    fn costs_and_attempts_in_words() {
        assert_eq!(
            said(RuleError::CannotAfford {
                cost: Resources::ROAD,
                have: Resources::default(),
            }),
            "You need 1 brick, 1 lumber but have nothing."
        );
        assert_eq!(
            said(RuleError::WrongPhase {
                attempt: Attempt::EndTurn,
                allowed: Allowed::Roll,
            }),
            "You can't end your turn now: roll the dice (you may play a development card first)."
        );
        assert_eq!(
            said(RuleError::SupplyEmpty {
                resource: Resource::Ore,
                asked: 1,
                left: 0,
            }),
            "The supply has no ore left."
        );
    }

    #[test]
    fn refusals_speak_the_players_language() {
        let _de = scope(Lang::parse("de").expect("German catalog"));
        assert_eq!(
            said(RuleError::NotYourTurn {
                waiting: Awaited::HelperChoice(1),
            }),
            "Du bist nicht am Zug: Es wird gewartet auf bob (eine Helfer-Wahl)."
        );
    }
}
