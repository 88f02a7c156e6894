//! Scripted scenarios through text commands: a 7 with discards and a steal, a knight, a
//! domestic trade through offer/accept/confirm, a maritime trade at a port, and a 5-player
//! game with special building phases.

use crate::table_support;

use catan_bot::engine::{Action, Phase, PortKind, Resource, Resources, Seat};
use catan_bot::i18n::InWords;
use catan_bot::table::command::resources_words;
use catan_bot::table::{Reaction, ReplyKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use table_support::*;

const NAMES: [&str; 3] = ["alice", "bob", "carol"];

/// Never builds: rolls and ends turns so hands grow (a 7 then makes people discard).
fn hoard(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    for wanted in [Action::Roll, Action::EndTurn] {
        if legal.contains(&wanted) {
            return wanted;
        }
    }
    legal[rng.gen_range(0..legal.len())].clone()
}

fn play_until(
    h: &mut Harness,
    rng: &mut ChaCha8Rng,
    policy: fn(&[Action], &mut ChaCha8Rng) -> Action,
    done: impl Fn(&Harness) -> bool,
) {
    for _ in 0..20_000 {
        if done(h) {
            return;
        }
        let g = h.state();
        assert!(
            g.winner().is_none(),
            "game ended before the situation arose"
        );
        let seat = g.waiting_for()[0];
        let action = policy(&g.legal_actions(seat), rng);
        h.play(seat, &action);
    }
    panic!("situation never arose");
}

fn hand(h: &Harness, seat: Seat) -> Resources {
    h.state().players()[seat as usize].hand
}

/// `count` cards from `hand`, most plentiful first.
fn some_cards(hand: Resources, count: u8) -> Resources {
    let mut left = hand;
    let mut out = Resources::default();
    for _ in 0..count {
        let r = Resource::ALL
            .into_iter()
            .max_by_key(|&r| left[r])
            .expect("a resource");
        left[r] -= 1;
        out[r] += 1;
    }
    out
}

#[test]
fn seven_with_discards_and_a_steal() {
    let mut h = Harness::started(&NAMES, "seed 21", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    play_until(&mut h, &mut rng, hoard, |h| {
        matches!(h.state().phase(), Phase::Discard { .. })
    });
    let roller = h.state().current();
    let Phase::Discard { owed } = h.state().phase().clone() else {
        unreachable!()
    };
    assert!(!owed.is_empty());
    // Someone who owes nothing can't discard.
    if let Some(free) = (0..3).find(|s| !owed.iter().any(|(o, _)| o == s)) {
        let name = h.seat_name(free);
        let before = h.serialized();
        let r = h.say(&name, "discard 1 wool");
        assert!(refusal_text(&r).is_some());
        assert_eq!(h.serialized(), before);
    }
    for (seat, count) in owed {
        let name = h.seat_name(seat);
        let before = hand(&h, seat);
        assert_eq!(count as u32, before.total() / 2);
        // The wrong number of cards is refused, saying how many.
        let too_few = some_cards(before, count - 1);
        let r = h.say(&name, &format!("discard {}", resources_words(&too_few)));
        let msg = refusal_text(&r).expect("wrong count refused");
        assert!(msg.contains(&count.to_string()), "{msg}");
        let cards = some_cards(before, count);
        let r = h.say(&name, &format!("discard {}", resources_words(&cards)));
        assert_no_refusal(&r, "discard");
        assert_eq!(hand(&h, seat), before - cards);
        assert!(public_text(&r).contains(&format!(
            "{name} discarded {cards}",
            cards = cards.in_words()
        )));
        let private = private_to(&r, h.user_of(&name));
        assert!(private.iter().any(|p| p.text.contains("Your hand:")));
    }
    assert_eq!(*h.state().phase(), Phase::MoveRobber);
    // Move the robber where someone with cards can be robbed.
    let legal = h.state().legal_actions(roller);
    let Some(Action::MoveRobber {
        hex,
        victim: Some(victim),
    }) = legal
        .iter()
        .find(|a| {
            matches!(
                a,
                Action::MoveRobber {
                    victim: Some(_),
                    ..
                }
            )
        })
        .cloned()
    else {
        panic!("nobody to rob anywhere");
    };
    let thief = h.seat_name(roller);
    let victim_name = h.seat_name(victim);
    let (thief_before, victim_before) = (hand(&h, roller), hand(&h, victim));
    let label = h.state().topology().hex_labels[hex as usize].clone();
    let r = h.say(
        &thief,
        &format!("robber {} @{}", label.to_lowercase(), victim_name),
    );
    assert_no_refusal(&r, "robber");
    let public = public_text(&r);
    assert!(
        public.contains(&format!("{thief} moved the robber to {label}")),
        "{public}"
    );
    assert!(
        public.contains(&format!("{thief} stole a card from {victim_name}.")),
        "{public}"
    );
    let gained = hand(&h, roller) - thief_before;
    assert_eq!(gained.total(), 1);
    assert_eq!(victim_before - hand(&h, victim), gained);
    let card = gained.iter().next().map(|(r, _)| r).expect("one card");
    // The hex is named by what it produces (public on the board); nothing else names a card.
    let g = h.state();
    let hex_text = catan_bot::table::messages::hex_text(g.topology(), g.layout(), hex);
    assert!(
        !public.replace(&hex_text, "").contains(card.name()),
        "stolen card named publicly: {public}"
    );
    let to_thief = private_to(&r, h.user_of(&thief));
    assert!(to_thief.iter().any(|p| {
        p.text.contains(&format!(
            "You stole 1 {card} from {victim_name}",
            card = card.in_words()
        ))
    }));
    let to_victim = private_to(&r, h.user_of(&victim_name));
    assert!(to_victim.iter().any(|p| p.text.contains(&format!(
        "{thief} stole 1 {card} from you",
        card = card.in_words()
    )) && p.text.contains("Your hand:")
        && !p.reply_to_caller));
    assert_eq!(h.state().robber(), hex);
    assert_eq!(*h.state().phase(), Phase::Main);
}

#[test]
fn a_knight_moves_the_robber_and_steals() {
    let mut h = Harness::started(&NAMES, "seed 8", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let knight_ready = |h: &Harness| {
        let g = h.state();
        matches!(g.phase(), Phase::BeforeRoll | Phase::Main)
            && g.legal_actions(g.current()).iter().any(|a| {
                matches!(
                    a,
                    Action::PlayKnight {
                        victim: Some(_),
                        ..
                    }
                )
            })
    };
    play_until(&mut h, &mut rng, choose, knight_ready);
    let seat = h.state().current();
    let Some(Action::PlayKnight {
        hex,
        victim: Some(victim),
    }) = h.state().legal_actions(seat).into_iter().find(|a| {
        matches!(
            a,
            Action::PlayKnight {
                victim: Some(_),
                ..
            }
        )
    })
    else {
        unreachable!()
    };
    let name = h.seat_name(seat);
    let label = h.state().topology().hex_labels[hex as usize].clone();
    let knights = h.state().players()[seat as usize].knights_played;
    let cards_before = h.state().players()[seat as usize].dev_cards.len();
    // Target by Discord-style mention.
    let mention = format!("<@{}>", h.user_of(&h.seat_name(victim)));
    let r = h.say(&name, &format!("play soldier {label} {mention}"));
    assert_no_refusal(&r, "knight");
    let public = public_text(&r);
    assert!(
        public.contains(&format!("{name} played Knight.")),
        "{public}"
    );
    assert!(
        public.contains(&format!("moved the robber to {label}")),
        "{public}"
    );
    assert!(
        public.contains(&format!("stole a card from {}", h.seat_name(victim))),
        "{public}"
    );
    let p = &h.state().players()[seat as usize];
    assert_eq!(p.knights_played, knights + 1);
    assert_eq!(p.dev_cards.len(), cards_before - 1);
    assert_eq!(h.state().robber(), hex);
    // A second card play in the same turn is refused.
    let before = h.serialized();
    let r = h.say(
        &name,
        &format!("play knight {label} {}", h.seat_name(victim)),
    );
    assert!(refusal_text(&r).is_some());
    assert_eq!(h.serialized(), before);
}

/// Plays until the current player is in the action phase and they and `other` both hold a
/// card of different kinds; returns (current, other, what current gives, what other gives).
fn trade_ready(h: &mut Harness, rng: &mut ChaCha8Rng) -> (Seat, Seat, Resource, Resource) {
    let find = |h: &Harness| -> Option<(Seat, Seat, Resource, Resource)> {
        let g = h.state();
        if *g.phase() != Phase::Main {
            return None;
        }
        let cur = g.current();
        for other in (0..3).filter(|&s| s != cur) {
            for (a, _) in g.players()[cur as usize].hand.iter() {
                for (b, _) in g.players()[other as usize].hand.iter() {
                    if a != b {
                        return Some((cur, other, a, b));
                    }
                }
            }
        }
        None
    };
    play_until(h, rng, hoard, |h| find(h).is_some());
    find(h).expect("found")
}

#[test]
fn domestic_trade_through_offer_accept_confirm() {
    let mut h = Harness::started(&NAMES, "seed 5", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (cur, other, give, get) = trade_ready(&mut h, &mut rng);
    let third = (0..3).find(|&s| s != cur && s != other).expect("third");
    let (cur_n, other_n, third_n) = (h.seat_name(cur), h.seat_name(other), h.seat_name(third));
    let (cur_before, other_before) = (hand(&h, cur), hand(&h, other));

    // The current player offers to anyone.
    let r = h.say(
        &cur_n,
        &format!(
            "trade offer 1 {give} for 1 {get}",
            give = give.in_words(),
            get = get.in_words()
        ),
    );
    assert_no_refusal(&r, "offer");
    let offer_reply = r
        .iter()
        .find(|r| matches!(r.kind, ReplyKind::TradeOffer { .. }))
        .expect("public offer");
    let ReplyKind::TradeOffer { game, offer } = offer_reply.kind else {
        unreachable!()
    };
    assert!(offer_reply.is_public());
    assert!(offer_reply.text.contains(&format!(
        "from {cur_n} to anyone: gives 1 {give}, wants 1 {get}",
        give = give.in_words(),
        get = get.in_words()
    )));
    h.table_mut().offer_posted(game, offer, 9001);
    // Nothing moved yet.
    assert_eq!(hand(&h, cur), cur_before);

    // The other player accepts by reaction; the third declines by text.
    let caller = h.caller(&other_n);
    let now = h.now + 10;
    let r = h
        .table_mut()
        .handle_reaction(&caller, 9001, Reaction::Accept, now);
    assert_no_refusal(&r, "accept");
    let update = r
        .iter()
        .find(|r| matches!(r.kind, ReplyKind::TradeOfferUpdate { .. }))
        .expect("update");
    assert!(update.text.contains(&format!("Accepted by: {other_n}")));
    let confirm_id = format!(
        "catan:{game}:confirm-{offer}-{other}:{}",
        h.state().version()
    );
    assert!(
        update.buttons.iter().any(|b| b.id == confirm_id),
        "{:?}",
        update.buttons
    );
    let r = h.say(&third_n, &format!("trade decline {offer}"));
    assert_no_refusal(&r, "decline");
    // The acceptor can't confirm, and the maker can't confirm someone who did not accept.
    let r = h.say(&other_n, &format!("trade confirm {offer} {other_n}"));
    assert!(
        refusal_text(&r)
            .expect("refused")
            .contains(&format!("Only {cur_n}"))
    );
    let r = h.say(&cur_n, &format!("trade confirm {offer} {third_n}"));
    assert!(
        refusal_text(&r)
            .expect("refused")
            .contains("has not accepted")
    );
    assert_eq!(hand(&h, cur), cur_before);

    // The maker confirms with the button: only now the cards move.
    let r = h.button(&cur_n, &confirm_id);
    assert_no_refusal(&r, "confirm");
    let one = |r| Resources::one(r);
    assert_eq!(hand(&h, cur), cur_before - one(give) + one(get));
    assert_eq!(hand(&h, other), other_before - one(get) + one(give));
    let public = public_text(&r);
    assert!(
        public.contains(&format!(
            "{cur_n} gave {other_n} 1 {give} for 1 {get}",
            give = give.in_words(),
            get = get.in_words()
        )),
        "{public}"
    );
    assert!(
        private_to(&r, h.user_of(&other_n))
            .iter()
            .any(|p| p.text.contains("Your hand:"))
    );
    let r = h.say(&cur_n, "trade list");
    assert!(r[0].text.contains("No open trade offers"), "{}", r[0].text);

    // A non-current player's offer goes to the current player; a third player can't accept.
    // Each of them just received a card of the kind they now offer.
    let (other_give, cur_give) = (give, get);
    {
        let r = h.say(
            &other_n,
            &format!(
                "trade offer 1 {other_give} for 1 {cur_give}",
                other_give = other_give.in_words(),
                cur_give = cur_give.in_words()
            ),
        );
        assert_no_refusal(&r, "offer to current");
        let ReplyKind::TradeOffer { offer: o2, .. } = r
            .iter()
            .find(|r| matches!(r.kind, ReplyKind::TradeOffer { .. }))
            .expect("offer")
            .kind
        else {
            unreachable!()
        };
        let r = h.say(&third_n, &format!("trade accept {o2}"));
        let msg = refusal_text(&r).expect("third refused");
        assert!(msg.contains("only they can accept"), "{msg}");
        // The turn ends: the offer is withdrawn.
        let r = h.say(&cur_n, "end");
        assert!(r.iter().any(
            |r| matches!(r.kind, ReplyKind::TradeOfferUpdate { offer, .. } if offer == o2)
                && r.text.contains("turn ended")
        ));
        let r = h.say(&cur_n, &format!("trade accept {o2}"));
        assert!(refusal_text(&r).is_some());
    }
    // Offers between two non-current players are refused.
    let now_cur = h.state().current();
    let a = (now_cur + 1) % 3;
    let b = (now_cur + 2) % 3;
    let r = h.say(
        &h.seat_name(a),
        &format!("trade offer 1 wool for 1 ore to {}", h.seat_name(b)),
    );
    assert!(refusal_text(&r).is_some());
}

/// Setup puts seat 0's settlements on ports when it can; otherwise random.
fn port_seeker(h: &Harness, rng: &mut ChaCha8Rng) -> Action {
    let g = h.state();
    let seat = g.waiting_for()[0];
    let legal = g.legal_actions(seat);
    let on_port =
        |a: &&Action| matches!(a, Action::BuildSettlement(v) if g.layout().port_at(*v).is_some());
    match legal.iter().find(on_port) {
        Some(a) if seat == 0 => a.clone(),
        _ => hoard(&legal, rng),
    }
}

#[test]
fn maritime_trade_at_a_port() {
    let mut h = Harness::started(&NAMES, "seed 13", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let ready = |h: &Harness| -> Option<(Resource, u8)> {
        let g = h.state();
        if *g.phase() != Phase::Main || g.current() != 0 {
            return None;
        }
        Resource::ALL
            .into_iter()
            .map(|r| (r, g.trade_rate(0, r)))
            .find(|&(r, rate)| rate < 4 && g.players()[0].hand[r] >= rate)
    };
    for _ in 0..20_000 {
        if ready(&h).is_some() {
            break;
        }
        let g = h.state();
        assert!(g.winner().is_none());
        let seat = g.waiting_for()[0];
        let a = port_seeker(&h, &mut rng);
        h.play(seat, &a);
    }
    let (give, rate) = ready(&h).expect("seat 0 at a port with enough cards");
    let g = h.state();
    let ports: Vec<PortKind> = (0..g.buildings().len() as u8)
        .filter(|&v| g.buildings()[v as usize].is_some_and(|b| b.owner == 0))
        .filter_map(|v| g.layout().port_at(v))
        .collect();
    let expected = if ports.contains(&PortKind::Special(give)) {
        2
    } else {
        assert!(ports.contains(&PortKind::Generic), "{ports:?}");
        3
    };
    assert_eq!(rate, expected);
    let get = Resource::ALL
        .into_iter()
        .find(|&r| r != give)
        .expect("other");
    let name = h.seat_name(0);
    let before = hand(&h, 0);
    // Typing the 4:1 amount is refused with the player's real rate.
    let r = h.say(
        &name,
        &format!(
            "bank 4 {give} for 1 {get}",
            give = give.in_words(),
            get = get.in_words()
        ),
    );
    let msg = refusal_text(&r).expect("wrong amount refused");
    assert!(
        msg.contains(&format!(
            "Your rate for {give} is {rate}:1",
            give = give.in_words()
        )),
        "{msg}"
    );
    let r = h.say(
        &name,
        &format!(
            "bank {rate} {give} for 1 {get}",
            give = give.in_words(),
            get = get.in_words()
        ),
    );
    assert_no_refusal(&r, "maritime");
    assert_eq!(
        hand(&h, 0),
        before - Resources::of(give, rate) + Resources::one(get)
    );
    assert!(public_text(&r).contains(&format!(
        "traded {rate} {give} with the supply for 1 {get}",
        give = give.in_words(),
        get = get.in_words()
    )));
}

#[test]
fn five_players_with_special_building_phases() {
    let names = ["alice", "bob", "carol", "dave", "erin"];
    let mut h = Harness::started(&names, "seed 31", quiet_options());
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    assert_eq!(h.state().topology().vertex_count(), 80);
    let mut special_phases = 0;
    let mut special_builds = 0;
    let mut refused_trade = false;
    while h.state().winner().is_none() {
        if let Phase::SpecialBuild { builder } = *h.state().phase() {
            special_phases += 1;
            let name = h.seat_name(builder);
            if !refused_trade {
                // No trading and no rolling in the special building phase.
                let before = h.serialized();
                let r = h.say(&name, "bank 4 ore for 1 wool");
                assert!(refusal_text(&r).is_some());
                let r = h.say(&name, "trade offer 1 ore for 1 wool");
                assert!(refusal_text(&r).is_some());
                assert_eq!(h.serialized(), before);
                refused_trade = true;
            }
            let legal = h.state().legal_actions(builder);
            if let Some(build) = legal.iter().find(|a| !matches!(a, Action::EndTurn)) {
                special_builds += 1;
                let r = h.play(builder, &build.clone());
                assert!(public_text(&r).contains(&name));
                continue;
            }
        }
        assert!(h.state().version() < 20_000, "no winner");
        h.step(&mut rng);
    }
    assert!(
        special_phases > 50,
        "{special_phases} special building slots"
    );
    assert!(
        special_builds > 3,
        "{special_builds} builds in special building phases"
    );
    assert!(
        h.log
            .iter()
            .any(|r| r.text.contains("Special building phase:") && r.kind == ReplyKind::TurnStart)
    );
}
