//! The texts of the Helpers of Catan events: the public line, and the private line for the
//! seats that may see a hidden detail (Candamir's cards, the hand Hilde looks at, the card
//! Nassir gives back).

use crate::engine::{Event, Game, Seat};

fn name(names: &[String], seat: Seat) -> &str {
    names.get(seat as usize).map(String::as_str).unwrap_or("?")
}

/// The public line of a helper event (`None` for other events).
pub fn helper_event_public(ev: &Event, game: &Game, names: &[String]) -> Option<String> {
    let n = |s: &Seat| name(names, *s).to_string();
    Some(match ev {
        Event::HelperReceived { seat, helper } => {
            format!(
                "🤝 {} takes the helper {helper} ({}).",
                n(seat),
                helper.summary()
            )
        }
        Event::HelperOffered { seat, helper } => {
            format!("{} may use {helper} now, or let it pass.", n(seat))
        }
        Event::HelperDeclined { seat, helper } => {
            format!("{} lets {helper}'s chance pass.", n(seat))
        }
        Event::HelperUsed { seat, helper } => format!("🤝 {} uses {helper}.", n(seat)),
        Event::HelperTook { seat, card, .. } => {
            format!("{} takes 1 {card} from the supply.", n(seat))
        }
        Event::JeanRate { seat, resource } => format!(
            "{} trades {resource} 2:1 with the supply for the rest of the turn.",
            n(seat)
        ),
        Event::RoadLifted { seat, edge } => format!(
            "{} lifts the road at {}.",
            n(seat),
            game.topology().edge_label(*edge)
        ),
        Event::KnightDiscarded { seat } => {
            format!("{} discards a played knight to build cheaper.", n(seat))
        }
        Event::LargestArmySetAside { from } => format!(
            "⚔️ {} no longer has the Largest Army: it is set aside.",
            n(from)
        ),
        Event::CardsLookedAt { seat, cards } => format!(
            "{} looks at the top {} development cards and keeps one.",
            n(seat),
            cards.len()
        ),
        Event::HandLookedAt { seat, victim, .. } => {
            format!("{} looks at {}'s hand.", n(seat), n(victim))
        }
        Event::NassirDemanded {
            seat,
            resource,
            gave,
            had_none,
        } => {
            let list = |v: &[Seat]| v.iter().map(n).collect::<Vec<_>>().join(" and ");
            let mut text = format!("{} demands {resource}.", n(seat));
            if !gave.is_empty() {
                text.push_str(&format!(" {} hand one over.", list(gave)));
            }
            if !had_none.is_empty() {
                text.push_str(&format!(" {} had none.", list(had_none)));
            }
            text
        }
        Event::GaveBack { seat, to, .. } => {
            format!("{} gives {} a card in return.", n(seat), n(to))
        }
        Event::HelperFlipped { seat, helper } => {
            format!("{} keeps {helper}, turned to side B.", n(seat))
        }
        Event::HelperExchanged {
            seat,
            returned,
            took,
        } => format!(
            "{} returns {returned} to the display and takes {took}.",
            n(seat)
        ),
        _ => return None,
    })
}

/// The private line of a helper event for `viewer`, if they may see its detail.
pub fn helper_event_private(ev: &Event, viewer: Seat, names: &[String]) -> Option<String> {
    match ev {
        Event::CardsLookedAt { seat, cards } if *seat == viewer => {
            let list: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
            Some(format!(
                "You look at: {}. Keep one (`helper keep CARD`); the others are shuffled back.",
                list.join(", ")
            ))
        }
        Event::HandLookedAt { seat, victim, hand } if *seat == viewer => Some(format!(
            "{}'s hand: {hand}. Take one card.",
            name(names, *victim)
        )),
        Event::HandLookedAt { seat, victim, .. } if *victim == viewer => {
            Some(format!("{} looks at your hand.", name(names, *seat)))
        }
        Event::GaveBack { seat, to, card } if *seat == viewer => {
            Some(format!("You give 1 {card} to {}.", name(names, *to)))
        }
        Event::GaveBack { seat, to, card } if *to == viewer => {
            Some(format!("{} gives you 1 {card}.", name(names, *seat)))
        }
        _ => None,
    }
}
