//! The texts of the Helpers of Catan events: the public line, and the private line for the
//! seats that may see a hidden detail (Candamir's cards, the hand Hilde looks at, the card
//! Nassir gives back).

use crate::engine::{Event, Game, Seat};
use crate::i18n::InWords;

fn name(names: &[String], seat: Seat) -> &str {
    names.get(seat as usize).map(String::as_str).unwrap_or("?")
}

/// The public line of a helper event (`None` for other events).
pub fn helper_event_public(ev: &Event, game: &Game, names: &[String]) -> Option<String> {
    let n = |s: &Seat| name(names, *s).to_string();
    Some(match ev {
        Event::HelperReceived { seat, helper } => {
            crate::t!(
                "helper_messages-received",
                name = n(seat),
                helper = helper.to_string(),
                summary = crate::i18n::words::helper_summary(*helper)
            )
        }
        Event::HelperOffered { seat, helper } => crate::t!(
            "helper_messages-offered",
            name = n(seat),
            helper = helper.to_string()
        ),
        Event::HelperDeclined { seat, helper } => crate::t!(
            "helper_messages-declined",
            name = n(seat),
            helper = helper.to_string()
        ),
        Event::HelperUsed { seat, helper } => crate::t!(
            "helper_messages-used",
            name = n(seat),
            helper = helper.to_string()
        ),
        Event::HelperTook { seat, card, .. } => crate::t!(
            "helper_messages-took",
            name = n(seat),
            card = card.in_words()
        ),
        Event::JeanRate { seat, resource } => crate::t!(
            "helper_messages-jean-rate",
            name = n(seat),
            resource = resource.in_words()
        ),
        Event::RoadLifted { seat, edge } => crate::t!(
            "helper_messages-road-lifted",
            name = n(seat),
            place = game.topology().edge_label(*edge)
        ),
        Event::KnightDiscarded { seat } => {
            crate::t!("helper_messages-knight-discarded", name = n(seat))
        }
        Event::LargestArmySetAside { from } => {
            crate::t!("helper_messages-army-set-aside", name = n(from))
        }
        Event::CardsLookedAt { seat, cards } => crate::t!(
            "helper_messages-cards-looked-at",
            name = n(seat),
            count = cards.len()
        ),
        Event::HandLookedAt { seat, victim, .. } => crate::t!(
            "helper_messages-hand-looked-at",
            name = n(seat),
            victim = n(victim)
        ),
        Event::NassirDemanded {
            seat,
            resource,
            gave,
            had_none,
        } => {
            let list = |v: &[Seat]| crate::i18n::words::and_list(v.iter().map(n).collect());
            let mut text = crate::t!(
                "helper_messages-nassir-demands",
                name = n(seat),
                resource = resource.in_words()
            );
            if !gave.is_empty() {
                text.push(' ');
                text.push_str(&crate::t!(
                    "helper_messages-nassir-gave",
                    names = list(gave)
                ));
            }
            if !had_none.is_empty() {
                text.push(' ');
                text.push_str(&crate::t!(
                    "helper_messages-nassir-had-none",
                    names = list(had_none)
                ));
            }
            text
        }
        Event::GaveBack { seat, to, .. } => {
            crate::t!("helper_messages-gave-back", name = n(seat), other = n(to))
        }
        Event::HelperFlipped { seat, helper } => crate::t!(
            "helper_messages-flipped",
            name = n(seat),
            helper = helper.to_string()
        ),
        Event::HelperExchanged {
            seat,
            returned,
            took,
        } => crate::t!(
            "helper_messages-exchanged",
            name = n(seat),
            returned = returned.to_string(),
            took = took.to_string()
        ),
        _ => return None,
    })
}

/// The private line of a helper event for `viewer`, if they may see its detail.
pub fn helper_event_private(ev: &Event, viewer: Seat, names: &[String]) -> Option<String> {
    match ev {
        Event::CardsLookedAt { seat, cards } if *seat == viewer => {
            let list: Vec<String> = cards.iter().map(|c| c.in_words()).collect();
            Some(crate::t!(
                "helper_messages-you-look-at",
                cards = list.join(", ")
            ))
        }
        Event::HandLookedAt { seat, victim, hand } if *seat == viewer => Some(crate::t!(
            "helper_messages-their-hand",
            name = name(names, *victim),
            hand = hand.in_words()
        )),
        Event::HandLookedAt { seat, victim, .. } if *victim == viewer => Some(crate::t!(
            "helper_messages-looks-at-your-hand",
            name = name(names, *seat)
        )),
        Event::GaveBack { seat, to, card } if *seat == viewer => Some(crate::t!(
            "helper_messages-you-give",
            card = card.in_words(),
            name = name(names, *to)
        )),
        Event::GaveBack { seat, to, card } if *to == viewer => Some(crate::t!(
            "helper_messages-gives-you",
            card = card.in_words(),
            name = name(names, *seat)
        )),
        _ => None,
    }
}
