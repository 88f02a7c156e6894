//! Domestic trade negotiation around the engine's atomic `DomesticTrade`: an offer lists what
//! its maker gives and wants; players it can involve accept or decline; the maker confirms one
//! acceptor, and only then the engine trades. Only trades with the current player exist
//! (RULES.md §4), so an offer is either made by the current player (to anyone, or to one
//! player) or made by someone else to the current player.

use serde::{Deserialize, Serialize};

use super::reply::Hint;
use crate::engine::{Action, Game, Phase, Resources, Seat};
use crate::i18n::InWords;

/// An open offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub id: u32,
    pub from: Seat,
    /// Only this seat may accept (`None`: anyone the trade can involve).
    pub to: Option<Seat>,
    /// What the maker gives.
    pub give: Resources,
    /// What the maker wants.
    pub get: Resources,
    pub accepted: Vec<Seat>,
    pub declined: Vec<Seat>,
    /// The chat message showing it, once the adapter reported it.
    pub message_id: Option<u64>,
    /// The turn it belongs to: offers end with the turn.
    pub turn: u32,
    /// The offer this one counters (a bot's counter-offer to a person's offer it declined):
    /// its text names that offer, and it is stored with the offer in one write, so a bot
    /// counters an offer once, also across a restart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<u32>,
}

/// Why an offer or a response was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OfferError {
    NotTradingTime,
    MustInvolveCurrent {
        current: String,
    },
    ToSelf,
    EmptySide,
    SameResource {
        resource: String,
    },
    CannotGive {
        cards: String,
        hand: String,
    },
    NoSuchOffer(u32),
    OwnOffer,
    NotForYou {
        id: u32,
        only: String,
    },
    OnlyCurrent {
        id: u32,
        current: String,
    },
    AcceptorCannotGive {
        id: u32,
        cards: String,
        hand: String,
    },
    NotMaker {
        id: u32,
        maker: String,
        /// `withdraw` or `confirm`.
        what: &'static str,
    },
    NotAccepted {
        id: u32,
        who: String,
        accepted: String,
    },
    NoLongerHolds {
        id: u32,
        who: String,
        cards: String,
    },
}

impl std::fmt::Display for OfferError {
    /// The refusal in the current language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            OfferError::NotTradingTime => crate::t!("offers-not-trading-time"),
            OfferError::MustInvolveCurrent { current } => {
                crate::t!("offers-must-involve-current", current = current.clone())
            }
            OfferError::ToSelf => crate::t!("offers-to-self"),
            OfferError::EmptySide => crate::t!("offers-empty-side"),
            OfferError::SameResource { resource } => {
                crate::t!("offers-same-resource", resource = resource.clone())
            }
            OfferError::CannotGive { cards, hand } => crate::t!(
                "offers-cannot-give",
                cards = cards.clone(),
                hand = hand.clone()
            ),
            OfferError::NoSuchOffer(id) => crate::t!("offers-no-such-offer", offer = *id),
            OfferError::OwnOffer => crate::t!("offers-own-offer"),
            OfferError::NotForYou { id, only } => {
                crate::t!("offers-not-for-you", offer = *id, only = only.clone())
            }
            OfferError::OnlyCurrent { id, current } => crate::t!(
                "offers-only-current",
                offer = *id,
                current = current.clone()
            ),
            OfferError::AcceptorCannotGive { id, cards, hand } => crate::t!(
                "offers-acceptor-cannot-give",
                offer = *id,
                cards = cards.clone(),
                hand = hand.clone()
            ),
            OfferError::NotMaker { id, maker, what } if *what == "withdraw" => crate::t!(
                "offers-not-maker-withdraw",
                offer = *id,
                maker = maker.clone()
            ),
            OfferError::NotMaker { id, maker, .. } => crate::t!(
                "offers-not-maker-confirm",
                offer = *id,
                maker = maker.clone()
            ),
            OfferError::NotAccepted { id, who, accepted } => crate::t!(
                "offers-not-accepted",
                offer = *id,
                who = who.clone(),
                accepted = accepted.clone()
            ),
            OfferError::NoLongerHolds { id, who, cards } => crate::t!(
                "offers-no-longer-holds",
                offer = *id,
                who = who.clone(),
                cards = cards.clone()
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for OfferError {}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat as usize)
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"))
}

/// Checks a new offer by `from`; returns who it is addressed to (`None`: anyone).
pub fn check_new(
    game: &Game,
    names: &[String],
    from: Seat,
    give: &Resources,
    get: &Resources,
    to: Option<Seat>,
) -> Result<Option<Seat>, OfferError> {
    if *game.phase() != Phase::Main {
        return Err(OfferError::NotTradingTime);
    }
    if to == Some(from) {
        return Err(OfferError::ToSelf);
    }
    let current = game.current();
    let to = if from == current {
        to
    } else {
        match to {
            Some(t) if t != current => {
                return Err(OfferError::MustInvolveCurrent {
                    current: name(names, current),
                });
            }
            _ => Some(current),
        }
    };
    if give.is_empty() || get.is_empty() {
        return Err(OfferError::EmptySide);
    }
    if let Some((r, _)) = give.iter().find(|&(r, _)| get[r] > 0) {
        return Err(OfferError::SameResource {
            resource: r.in_words(),
        });
    }
    let hand = game.players()[from as usize].hand;
    if !give.fits_in(&hand) {
        return Err(OfferError::CannotGive {
            cards: give.in_words(),
            hand: hand.in_words(),
        });
    }
    Ok(to)
}

/// Checks that `seat` may accept or decline `offer`; accepting also needs the cards.
pub fn check_response(
    game: &Game,
    names: &[String],
    offer: &Offer,
    seat: Seat,
    accepting: bool,
) -> Result<(), OfferError> {
    if *game.phase() != Phase::Main {
        return Err(OfferError::NotTradingTime);
    }
    if seat == offer.from {
        return Err(OfferError::OwnOffer);
    }
    if offer.from != game.current() && seat != game.current() {
        return Err(OfferError::OnlyCurrent {
            id: offer.id,
            current: name(names, game.current()),
        });
    }
    if let Some(t) = offer.to
        && t != seat
    {
        return Err(OfferError::NotForYou {
            id: offer.id,
            only: name(names, t),
        });
    }
    let hand = game.players()[seat as usize].hand;
    if accepting && !offer.get.fits_in(&hand) {
        return Err(OfferError::AcceptorCannotGive {
            id: offer.id,
            cards: offer.get.in_words(),
            hand: hand.in_words(),
        });
    }
    Ok(())
}

/// The engine action for the maker confirming `acceptor`, re-checked against the hands now.
/// The action is applied by the current player's seat (returned with it).
pub fn confirm(
    game: &Game,
    names: &[String],
    offer: &Offer,
    by: Seat,
    acceptor: Seat,
) -> Result<(Seat, Action), OfferError> {
    if by != offer.from {
        return Err(OfferError::NotMaker {
            id: offer.id,
            maker: name(names, offer.from),
            what: "confirm",
        });
    }
    if !offer.accepted.contains(&acceptor) {
        let accepted = if offer.accepted.is_empty() {
            crate::t!("offers-nobody-yet")
        } else {
            offer
                .accepted
                .iter()
                .map(|&s| name(names, s))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(OfferError::NotAccepted {
            id: offer.id,
            who: name(names, acceptor),
            accepted,
        });
    }
    if *game.phase() != Phase::Main {
        return Err(OfferError::NotTradingTime);
    }
    for (seat, cards) in [(offer.from, offer.give), (acceptor, offer.get)] {
        if !cards.fits_in(&game.players()[seat as usize].hand) {
            return Err(OfferError::NoLongerHolds {
                id: offer.id,
                who: name(names, seat),
                cards: cards.in_words(),
            });
        }
    }
    let current = game.current();
    let action = if offer.from == current {
        Action::DomesticTrade {
            with: acceptor,
            give: offer.give,
            get: offer.get,
        }
    } else {
        Action::DomesticTrade {
            with: offer.from,
            give: offer.get,
            get: offer.give,
        }
    };
    Ok((current, action))
}

/// Public text of an offer, with its responses.
pub fn describe(offer: &Offer, names: &[String]) -> String {
    let to = match offer.to {
        Some(t) => crate::t!("offers-describe-to", name = name(names, t)),
        None => crate::t!("offers-describe-to-anyone"),
    };
    let mut text = match offer.counters {
        Some(countered) => crate::t!(
            "offers-describe-counter",
            offer = offer.id,
            name = name(names, offer.from),
            countered = countered,
            to = offer.to.map(|t| name(names, t)).unwrap_or_default(),
            give = offer.give.in_words(),
            get = offer.get.in_words()
        ),
        None => crate::t!(
            "offers-describe",
            offer = offer.id,
            name = name(names, offer.from),
            to = to,
            give = offer.give.in_words(),
            get = offer.get.in_words()
        ),
    };
    let list = |seats: &[Seat]| {
        seats
            .iter()
            .map(|&s| name(names, s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !offer.accepted.is_empty() {
        text.push(' ');
        text.push_str(&crate::t!(
            "offers-describe-accepted",
            names = list(&offer.accepted),
            name = name(names, offer.from)
        ));
    }
    if !offer.declined.is_empty() {
        text.push(' ');
        text.push_str(&crate::t!(
            "offers-describe-declined",
            names = list(&offer.declined)
        ));
    }
    text
}

/// What can be done with an open offer (each platform says how): answer it, and once someone
/// accepted, confirm a partner.
pub fn hints(offer: &Offer) -> Vec<Hint> {
    let mut hints = vec![Hint::AnswerOffer { offer: offer.id }];
    if !offer.accepted.is_empty() {
        hints.push(Hint::ConfirmOffer { offer: offer.id });
    }
    hints
}

/// What an offer was, for its message once it is closed: `gives 1 wool, wants 1 ore`.
pub fn terms(offer: &Offer, names: &[String]) -> String {
    crate::t!(
        "offers-terms",
        name = name(names, offer.from),
        give = offer.give.in_words(),
        get = offer.get.in_words()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Resource, Settings};

    fn names() -> Vec<String> {
        vec!["alice".into(), "bob".into(), "carol".into()]
    }

    fn main_phase_game() -> Game {
        let mut g = Game::new(Settings::for_players(3), 1);
        crate::engine::testkit::set_phase(&mut g, Phase::Main);
        crate::engine::testkit::set_current(&mut g, 0);
        crate::engine::testkit::set_turn(&mut g, 3);
        crate::engine::testkit::set_hand(&mut g, 0, Resources([1, 1, 2, 0, 0]));
        crate::engine::testkit::set_hand(&mut g, 1, Resources([0, 0, 0, 0, 2]));
        crate::engine::testkit::set_hand(&mut g, 2, Resources([0, 0, 0, 1, 1]));
        g
    }

    fn offer(from: Seat, to: Option<Seat>, give: Resources, get: Resources) -> Offer {
        Offer {
            id: 1,
            from,
            to,
            give,
            get,
            accepted: Vec::new(),
            declined: Vec::new(),
            message_id: None,
            turn: 3,
            counters: None,
        }
    }

    const WOOL: Resources = Resources([0, 0, 1, 0, 0]);
    const ORE: Resources = Resources([0, 0, 0, 0, 1]);

    #[test]
    fn new_offers_follow_the_rules() {
        let g = main_phase_game();
        let n = names();
        assert_eq!(check_new(&g, &n, 0, &WOOL, &ORE, None), Ok(None));
        assert_eq!(check_new(&g, &n, 0, &WOOL, &ORE, Some(1)), Ok(Some(1)));
        // A non-current player's offer always goes to the current player.
        assert_eq!(check_new(&g, &n, 1, &ORE, &WOOL, None), Ok(Some(0)));
        assert!(matches!(
            check_new(&g, &n, 1, &ORE, &WOOL, Some(2)),
            Err(OfferError::MustInvolveCurrent { .. })
        ));
        assert_eq!(
            check_new(&g, &n, 0, &WOOL, &Resources::default(), None),
            Err(OfferError::EmptySide)
        );
        assert!(matches!(
            check_new(&g, &n, 0, &WOOL, &WOOL, None),
            Err(OfferError::SameResource { .. })
        ));
        assert!(matches!(
            check_new(&g, &n, 0, &Resources::of(Resource::Wool, 3), &ORE, None),
            Err(OfferError::CannotGive { .. })
        ));
        let mut before = g.clone();
        crate::engine::testkit::set_phase(&mut before, Phase::BeforeRoll);
        assert_eq!(
            check_new(&before, &n, 0, &WOOL, &ORE, None),
            Err(OfferError::NotTradingTime)
        );
    }

    #[test]
    fn only_players_the_trade_can_involve_may_respond() {
        let g = main_phase_game();
        let n = names();
        let from_bob = offer(1, Some(0), ORE, WOOL);
        // carol can't accept bob's offer: neither of them is the current player.
        assert!(matches!(
            check_response(&g, &n, &from_bob, 2, true),
            Err(OfferError::OnlyCurrent { .. })
        ));
        assert_eq!(check_response(&g, &n, &from_bob, 0, true), Ok(()));
        assert_eq!(
            check_response(&g, &n, &from_bob, 1, true),
            Err(OfferError::OwnOffer)
        );
        let alice_to_bob = offer(0, Some(1), WOOL, ORE);
        assert!(matches!(
            check_response(&g, &n, &alice_to_bob, 2, true),
            Err(OfferError::NotForYou { .. })
        ));
        let alice_any = offer(0, None, WOOL, Resources::of(Resource::Ore, 2));
        assert_eq!(check_response(&g, &n, &alice_any, 1, true), Ok(()));
        // carol has 1 ore only: may decline but not accept.
        assert!(matches!(
            check_response(&g, &n, &alice_any, 2, true),
            Err(OfferError::AcceptorCannotGive { .. })
        ));
        assert_eq!(check_response(&g, &n, &alice_any, 2, false), Ok(()));
    }

    #[test]
    fn confirmation_builds_the_engine_trade_and_rechecks_hands() {
        let mut g = main_phase_game();
        let n = names();
        let mut o = offer(0, None, WOOL, ORE);
        assert!(matches!(
            confirm(&g, &n, &o, 0, 1),
            Err(OfferError::NotAccepted { .. })
        ));
        o.accepted.push(1);
        assert!(matches!(
            confirm(&g, &n, &o, 1, 1),
            Err(OfferError::NotMaker { .. })
        ));
        assert_eq!(
            confirm(&g, &n, &o, 0, 1),
            Ok((
                0,
                Action::DomesticTrade {
                    with: 1,
                    give: WOOL,
                    get: ORE
                }
            ))
        );
        // bob spent his ore meanwhile.
        crate::engine::testkit::set_hand(&mut g, 1, Resources::default());
        assert!(matches!(
            confirm(&g, &n, &o, 0, 1),
            Err(OfferError::NoLongerHolds { .. })
        ));
        // An offer made to the current player is turned around for the engine.
        let g = main_phase_game();
        let mut from_bob = offer(1, Some(0), ORE, WOOL);
        from_bob.accepted.push(0);
        assert_eq!(
            confirm(&g, &n, &from_bob, 1, 0),
            Ok((
                0,
                Action::DomesticTrade {
                    with: 1,
                    give: WOOL,
                    get: ORE
                }
            ))
        );
    }

    #[test]
    fn description_lists_responses() {
        let mut o = offer(0, None, WOOL, ORE);
        let n = names();
        assert!(describe(&o, &n).contains("from alice to anyone: gives 1 wool, wants 1 ore"));
        o.accepted.push(2);
        o.declined.push(1);
        let t = describe(&o, &n);
        assert!(t.contains("Accepted by: carol"), "{t}");
        assert!(t.contains("Declined by: bob"), "{t}");
    }

    /// A counter-offer names the offer it answers and whom it is for.
    #[test]
    fn a_counter_names_the_offer_it_counters() {
        let mut o = offer(2, Some(0), ORE, WOOL);
        o.id = 4;
        o.counters = Some(3);
        let t = describe(&o, &names());
        assert!(
            t.contains("carol counters offer #3 by alice: 1 ore for your 1 wool"),
            "{t}"
        );
    }
}
