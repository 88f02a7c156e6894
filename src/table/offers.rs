//! Domestic trade negotiation around the engine's atomic `DomesticTrade`: an offer lists what
//! its maker gives and wants; players it can involve accept or decline; the maker confirms one
//! acceptor, and only then the engine trades. Only trades with the current player exist
//! (RULES.md §4), so an offer is either made by the current player (to anyone, or to one
//! player) or made by someone else to the current player.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::reply::Hint;
use crate::engine::{Action, Game, Phase, Resources, Seat};

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
}

/// Why an offer or a response was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OfferError {
    #[error("Trading with players happens in the current player's action phase (after the roll).")]
    NotTradingTime,
    #[error("Players trade only with the current player: make your offer to {current}.")]
    MustInvolveCurrent { current: String },
    #[error("An offer can't be made to yourself.")]
    ToSelf,
    #[error("Both sides must give at least one card (no gifts).")]
    EmptySide,
    #[error("You can't trade {resource} for {resource}: a resource may be on one side only.")]
    SameResource { resource: String },
    #[error("You don't have {cards} to offer (your hand: {hand}).")]
    CannotGive { cards: String, hand: String },
    #[error("There is no open offer #{0} (it may have closed).")]
    NoSuchOffer(u32),
    #[error("That is your own offer.")]
    OwnOffer,
    #[error("Offer #{id} is for {only} only.")]
    NotForYou { id: u32, only: String },
    #[error("Offer #{id} is made to the current player, {current}: only they can accept it.")]
    OnlyCurrent { id: u32, current: String },
    #[error("You don't have {cards} to give for offer #{id} (your hand: {hand}).")]
    AcceptorCannotGive {
        id: u32,
        cards: String,
        hand: String,
    },
    #[error("Only {maker}, who made offer #{id}, can {what} it.")]
    NotMaker {
        id: u32,
        maker: String,
        what: &'static str,
    },
    #[error("{who} has not accepted offer #{id} (accepted: {accepted}).")]
    NotAccepted {
        id: u32,
        who: String,
        accepted: String,
    },
    #[error("Offer #{id} can't go through any more: {who} no longer has {cards}.")]
    NoLongerHolds { id: u32, who: String, cards: String },
}

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
    if game.phase != Phase::Main {
        return Err(OfferError::NotTradingTime);
    }
    if to == Some(from) {
        return Err(OfferError::ToSelf);
    }
    let current = game.current;
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
            resource: r.to_string(),
        });
    }
    let hand = game.players[from as usize].hand;
    if !give.fits_in(&hand) {
        return Err(OfferError::CannotGive {
            cards: give.to_string(),
            hand: hand.to_string(),
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
    if game.phase != Phase::Main {
        return Err(OfferError::NotTradingTime);
    }
    if seat == offer.from {
        return Err(OfferError::OwnOffer);
    }
    if offer.from != game.current && seat != game.current {
        return Err(OfferError::OnlyCurrent {
            id: offer.id,
            current: name(names, game.current),
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
    let hand = game.players[seat as usize].hand;
    if accepting && !offer.get.fits_in(&hand) {
        return Err(OfferError::AcceptorCannotGive {
            id: offer.id,
            cards: offer.get.to_string(),
            hand: hand.to_string(),
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
            "nobody yet".to_string()
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
    if game.phase != Phase::Main {
        return Err(OfferError::NotTradingTime);
    }
    for (seat, cards) in [(offer.from, offer.give), (acceptor, offer.get)] {
        if !cards.fits_in(&game.players[seat as usize].hand) {
            return Err(OfferError::NoLongerHolds {
                id: offer.id,
                who: name(names, seat),
                cards: cards.to_string(),
            });
        }
    }
    let current = game.current;
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
        Some(t) => format!(" to {}", name(names, t)),
        None => " to anyone".into(),
    };
    let mut text = format!(
        "Trade offer #{} from {}{to}: gives {}, wants {}.",
        offer.id,
        name(names, offer.from),
        offer.give,
        offer.get
    );
    let list = |seats: &[Seat]| {
        seats
            .iter()
            .map(|&s| name(names, s))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !offer.accepted.is_empty() {
        text.push_str(&format!(
            " Accepted by: {}. {} picks one of them.",
            list(&offer.accepted),
            name(names, offer.from),
        ));
    }
    if !offer.declined.is_empty() {
        text.push_str(&format!(" Declined by: {}.", list(&offer.declined)));
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
    format!(
        "{} gave {}, wanted {}",
        name(names, offer.from),
        offer.give,
        offer.get
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
        g.phase = Phase::Main;
        g.current = 0;
        g.turn = 3;
        g.players[0].hand = Resources([1, 1, 2, 0, 0]);
        g.players[1].hand = Resources([0, 0, 0, 0, 2]);
        g.players[2].hand = Resources([0, 0, 0, 1, 1]);
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
        before.phase = Phase::BeforeRoll;
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
        g.players[1].hand = Resources::default();
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
}
