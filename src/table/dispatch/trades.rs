//! Domestic trade: offers, answers by command or reaction, and the posted offer messages.

use super::actions::{act_changing, button_id};
use super::{no_game, private_to_caller, refuse, seat_refusal, seated};
use crate::i18n::InWords;
use crate::table::command::TradeCommand;
use crate::table::offers::Offer;
use crate::table::record::GameMeta;
use crate::table::reply::{Button, Caller, GameId, LiveSlot, Reaction, Reply, ReplyKind};
use crate::table::{Table, messages, offers};

/// Open offers one player may have at once: each is a public message and a stored record, so
/// one player must not be able to post them without end.
pub const MAX_OPEN_OFFERS: usize = 3;

/// The refusal for a player who already has [`MAX_OPEN_OFFERS`] open offers: which ones, and
/// how to withdraw one.
fn too_many_offers(open: &[&Offer]) -> String {
    let list: Vec<String> = open
        .iter()
        .map(|o| {
            crate::t!(
                "trades-open-offer",
                offer = o.id,
                give = o.give.in_words(),
                get = o.get.in_words()
            )
        })
        .collect();
    crate::t!(
        "trades-too-many-offers",
        count = open.len(),
        offers = list.join(", ")
    )
}

pub(super) fn offer_buttons(
    id: GameId,
    offer: &Offer,
    version: u64,
    names: &[String],
) -> Vec<Button> {
    let mut b = vec![
        Button {
            id: button_id(id, &format!("accept-{}", offer.id), version),
            label: crate::t!("trades-button-accept"),
        },
        Button {
            id: button_id(id, &format!("decline-{}", offer.id), version),
            label: crate::t!("trades-button-decline"),
        },
    ];
    for &s in &offer.accepted {
        b.push(Button {
            id: button_id(id, &format!("confirm-{}-{s}", offer.id), version),
            label: crate::t!(
                "trades-button-confirm",
                name = names.get(s as usize).cloned().unwrap_or_default()
            ),
        });
    }
    b
}

pub(super) fn trade(
    table: &mut Table,
    caller: &Caller,
    tc: TradeCommand,
    now_ms: u64,
) -> Vec<Reply> {
    let accepted = match tc {
        TradeCommand::Accept(n) => Some(n),
        _ => None,
    };
    let mut replies = trade_countering(table, caller, tc, None, now_ms);
    // A person who accepts a bot's counter-offer trades at once.
    if let Some(n) = accepted
        && !replies.iter().any(Reply::is_refusal)
    {
        replies.extend(super::bots::settle_counter(table, caller, n, now_ms));
    }
    replies
}

/// [`trade`], where a new offer counters offer `counters` (a bot's counter-offer, see
/// `bots::answer_offer`): the link is part of the offer's record, written with it.
pub(super) fn trade_countering(
    table: &mut Table,
    caller: &Caller,
    tc: TradeCommand,
    counters: Option<u32>,
    now_ms: u64,
) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some(session) = table.sessions.get_mut(&id) else {
        return no_game(caller);
    };
    let names = session.names();
    let place = session.place();
    let Some(g) = session.game() else {
        return no_game(caller);
    };
    let version = g.version();
    let hand = messages::hand_text(g, seat);
    match tc {
        TradeCommand::List => {
            let text = if session.meta.offers.is_empty() {
                crate::t!("trades-no-open-offers")
            } else {
                session
                    .meta
                    .offers
                    .iter()
                    .map(|o| offers::describe(o, &names))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            vec![private_to_caller(caller, text).with_game(id)]
        }
        TradeCommand::Offer { give, get, to } => {
            let open: Vec<&Offer> = session
                .meta
                .offers
                .iter()
                .filter(|o| o.from == seat)
                .collect();
            if open.len() >= MAX_OPEN_OFFERS {
                return refuse(caller, too_many_offers(&open));
            }
            let to = match offers::check_new(g, &names, seat, &give, &get, to) {
                Ok(to) => to,
                Err(e) => return refuse(caller, e.to_string()),
            };
            let offer = Offer {
                id: session.meta.next_offer,
                from: seat,
                to,
                give,
                get,
                accepted: Vec::new(),
                declined: Vec::new(),
                message_id: None,
                turn: g.turn(),
                counters,
            };
            let before = session.meta.clone();
            session.meta.next_offer += 1;
            session.meta.offers.push(offer.clone());
            if let Err(e) = session.save_offer_or_restore(&*table.store, offer.id, before) {
                return refuse(
                    caller,
                    crate::t!("trades-offer-not-saved", error = e.to_string()),
                );
            }
            let mut public = Reply::public(place, offers::describe(&offer, &names))
                .with_kind(ReplyKind::TradeOffer {
                    game: id,
                    offer: offer.id,
                })
                .with_game(id);
            public.buttons = offer_buttons(id, &offer, version, &names);
            public.hints = offers::hints(&offer);
            public.mention = to.and_then(|t| session.to_ping(t)).into_iter().collect();
            vec![
                public,
                private_to_caller(
                    caller,
                    format!("{}\n{hand}", crate::t!("trades-posted", offer = offer.id)),
                )
                .with_game(id),
            ]
        }
        TradeCommand::Accept(n) | TradeCommand::Decline(n) => {
            let accepting = matches!(tc, TradeCommand::Accept(_));
            let Some(pos) = session.meta.offers.iter().position(|o| o.id == n) else {
                return refuse(caller, offers::OfferError::NoSuchOffer(n).to_string());
            };
            if let Err(e) =
                offers::check_response(g, &names, &session.meta.offers[pos], seat, accepting)
            {
                return refuse(caller, e.to_string());
            }
            let before = session.meta.clone();
            let o = &mut session.meta.offers[pos];
            o.accepted.retain(|&s| s != seat);
            o.declined.retain(|&s| s != seat);
            if accepting {
                o.accepted.push(seat);
            } else {
                o.declined.push(seat);
            }
            let o = o.clone();
            if let Err(e) = session.save_offer_or_restore(&*table.store, o.id, before) {
                return refuse(
                    caller,
                    crate::t!("trades-answer-not-saved", error = e.to_string()),
                );
            }
            let answered = if accepting {
                crate::t!("trades-you-accepted", offer = n)
            } else {
                crate::t!("trades-you-declined", offer = n)
            };
            let mut update = Reply::public(place, offers::describe(&o, &names))
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: o.id,
                    message: o.message_id,
                })
                .with_game(id);
            update.buttons = offer_buttons(id, &o, version, &names);
            update.hints = offers::hints(&o);
            vec![
                update,
                private_to_caller(caller, format!("{answered}\n{hand}")).with_game(id),
            ]
        }
        TradeCommand::Withdraw(n) => {
            let Some(pos) = session.meta.offers.iter().position(|o| o.id == n) else {
                return refuse(caller, offers::OfferError::NoSuchOffer(n).to_string());
            };
            let o = session.meta.offers[pos].clone();
            if o.from != seat {
                return refuse(
                    caller,
                    offers::OfferError::NotMaker {
                        id: n,
                        maker: names.get(o.from as usize).cloned().unwrap_or_default(),
                        what: "withdraw",
                    }
                    .to_string(),
                );
            }
            let before = session.meta.clone();
            session.meta.offers.remove(pos);
            if let Err(e) = session.close_offer_or_restore(&*table.store, n, before) {
                return refuse(
                    caller,
                    crate::t!("trades-change-not-saved", error = e.to_string()),
                );
            }
            table.offer_messages.retain(|_, v| *v != (id, n));
            vec![
                Reply::public(
                    place,
                    crate::t!(
                        "trades-withdrawn-public",
                        offer = n,
                        terms = offers::terms(&o, &names)
                    ),
                )
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: n,
                    message: o.message_id,
                })
                .with_game(id),
                private_to_caller(
                    caller,
                    format!("{}\n{hand}", crate::t!("trades-withdrawn", offer = n)),
                )
                .with_game(id),
            ]
        }
        TradeCommand::Confirm(n, acceptor) => {
            let Some(o) = session.meta.offers.iter().find(|o| o.id == n).cloned() else {
                return refuse(caller, offers::OfferError::NoSuchOffer(n).to_string());
            };
            let (actor, action) = match offers::confirm(g, &names, &o, seat, acceptor) {
                Ok(x) => x,
                Err(e) => return refuse(caller, e.to_string()),
            };
            // The trade and the end of its offer are one write: a crash can never leave the
            // offer open to be confirmed a second time.
            let close = |meta: &mut GameMeta| meta.offers.retain(|x| x.id != n);
            let mut replies =
                act_changing(table, id, actor, &action, Some(caller), now_ms, None, close);
            if replies.iter().any(Reply::is_refusal) {
                return replies;
            }
            table.offer_messages.retain(|_, v| *v != (id, n));
            let other = names.get(acceptor as usize).cloned().unwrap_or_default();
            replies.insert(
                0,
                Reply::public(
                    place,
                    crate::t!(
                        "trades-done",
                        offer = n,
                        name = names.get(o.from as usize).cloned().unwrap_or_default(),
                        other = other,
                        give = o.give.in_words(),
                        get = o.get.in_words()
                    ),
                )
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: n,
                    message: o.message_id,
                })
                .with_game(id),
            );
            replies
        }
    }
}

pub fn reaction(
    table: &mut Table,
    caller: &Caller,
    message_id: u64,
    reaction: Reaction,
    now_ms: u64,
) -> Vec<Reply> {
    let Some(&(game, offer)) = table.offer_messages.get(&message_id) else {
        return Vec::new(); // a reaction on some other message: not ours to answer
    };
    if table.by_place.get(&caller.place) != Some(&game) {
        return Vec::new();
    }
    let tc = match reaction {
        Reaction::Accept => TradeCommand::Accept(offer),
        Reaction::Decline => TradeCommand::Decline(offer),
    };
    trade(table, caller, tc, now_ms)
}

/// A player took back their ✅ (or ❌) on an offer message: that answer is withdrawn, as if
/// never given. Silent when there was nothing to withdraw (e.g. the bot's own reactions).
pub fn reaction_removed(
    table: &mut Table,
    caller: &Caller,
    message_id: u64,
    reaction: Reaction,
) -> Vec<Reply> {
    let Some(&(game, offer)) = table.offer_messages.get(&message_id) else {
        return Vec::new();
    };
    if table.by_place.get(&caller.place) != Some(&game) {
        return Vec::new();
    }
    let Some(session) = table.sessions.get_mut(&game) else {
        return Vec::new();
    };
    let (Some(seat), Some(version)) = (
        session.seat_of(caller.user),
        session.game().map(|g| g.version()),
    ) else {
        return Vec::new();
    };
    let Some(pos) = session.meta.offers.iter().position(|o| o.id == offer) else {
        return Vec::new();
    };
    let before = session.meta.clone();
    let o = &mut session.meta.offers[pos];
    let answers = match reaction {
        Reaction::Accept => &mut o.accepted,
        Reaction::Decline => &mut o.declined,
    };
    if !answers.contains(&seat) {
        return Vec::new();
    }
    answers.retain(|&s| s != seat);
    let o = o.clone();
    if let Err(e) = session.save_offer_or_restore(&*table.store, offer, before) {
        return refuse(
            caller,
            crate::t!("trades-take-back-not-saved", error = e.to_string()),
        );
    }
    let names = session.names();
    let place = session.place();
    let mut update = Reply::public(place, offers::describe(&o, &names))
        .with_kind(ReplyKind::TradeOfferUpdate {
            game,
            offer,
            message: o.message_id,
        })
        .with_game(game);
    update.buttons = offer_buttons(game, &o, version, &names);
    update.hints = offers::hints(&o);
    let took_back = match reaction {
        Reaction::Accept => crate::t!("trades-took-back-acceptance", offer = offer),
        Reaction::Decline => crate::t!("trades-took-back-refusal", offer = offer),
    };
    vec![
        update,
        Reply::private(caller.user, took_back).with_game(game),
    ]
}

pub fn offer_posted(table: &mut Table, game: GameId, offer: u32, message_id: u64) {
    let Some(session) = table.sessions.get_mut(&game) else {
        return;
    };
    let Some(o) = session.meta.offers.iter_mut().find(|o| o.id == offer) else {
        return;
    };
    o.message_id = Some(message_id);
    let o = o.clone();
    if let Err(e) = session.save_offer(&*table.store, &o) {
        tracing::warn!(game, error = %e, "could not save an offer's message id");
    }
    table.offer_messages.insert(message_id, (game, offer));
}

/// Records where a live message was posted (best effort: a failed save only means a restart
/// would post the next update as a new message).
pub fn live_posted(table: &mut Table, game: GameId, slot: LiveSlot, message_id: u64) {
    let Some(session) = table.sessions.get_mut(&game) else {
        return;
    };
    session.meta.live_messages.retain(|(k, _)| *k != slot);
    session.meta.live_messages.push((slot, message_id));
    if let Err(e) = session.save_meta(&*table.store) {
        tracing::warn!(game, error = %e, "could not save a posted message id");
    }
}

/// Every posted open offer's message as it reads now (terms, answers, buttons), each in its
/// game's language: after a restart an adapter edits them in place, since an edit made just
/// before the restart may never have been sent.
pub fn open_offer_updates(table: &Table) -> Vec<Reply> {
    let mut replies = Vec::new();
    for session in table.sessions.values() {
        let Some(version) = session.game().map(|g| g.version()) else {
            continue;
        };
        let _lang = crate::i18n::scope(session.meta.settings.lang);
        let (id, names) = (session.id(), session.names());
        for o in session
            .meta
            .offers
            .iter()
            .filter(|o| o.message_id.is_some())
        {
            let mut update = Reply::public(session.place(), offers::describe(o, &names))
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: o.id,
                    message: o.message_id,
                })
                .with_game(id);
            update.buttons = offer_buttons(id, o, version, &names);
            update.hints = offers::hints(o);
            replies.push(update);
        }
    }
    replies
}
