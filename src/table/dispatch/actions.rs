//! Engine actions: applying them, the replies they produce, prompts and bank trades.

use super::records::reveal;
use super::rematch::rematch_button;
use super::turn_message::{changes_board, prompt};
use super::{refuse, seat_refusal, seated};
use crate::engine::{Action, DevCard, Event, Game, Phase, Resource, Resources, Seat};
use crate::i18n::InWords;
use crate::table::public_record::Outcome;
use crate::table::record::GameMeta;
use crate::table::refusals;
use crate::table::reply::{Caller, GameId, Hint, Reply, ReplyKind};
use crate::table::session::{Applied, ApplyError};
use crate::table::{Table, messages, offers};

pub(super) fn button_id(game: GameId, action: &str, version: u64) -> String {
    format!("catan:{game}:{action}:{version}")
}

/// The game before an action: whom it waited for (to notice when that changes) and every
/// seat's cards (a hand is shown again after an action only when it changed).
pub(super) struct Before {
    waiting: Vec<Seat>,
    cards: Vec<(Resources, Vec<DevCard>)>,
}

pub(super) fn wait_state(g: &Game) -> Before {
    Before {
        waiting: g.waiting_for(),
        cards: (0..g.players().len())
            .map(|s| cards(g, s as Seat))
            .collect(),
    }
}

/// A seat's resource cards and development cards, without when they were bought (a card
/// bought last turn is the same card this turn).
fn cards(g: &Game, seat: Seat) -> (Resources, Vec<DevCard>) {
    g.players()
        .get(seat as usize)
        .map_or_else(Default::default, |p| {
            (p.hand, p.dev_cards.iter().map(|c| c.card).collect())
        })
}

/// Applies an action for `seat` and builds every reply. `caller` is absent for timer actions.
pub(super) fn act(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    action: &Action,
    caller: Option<&Caller>,
    now_ms: u64,
    note: Option<String>,
) -> Vec<Reply> {
    act_changing(table, id, seat, action, caller, now_ms, note, |_| {})
}

/// [`act`], with a change of the game's meta record that belongs to the action (closing the
/// offer a trade settles): both go down in the action's one write.
#[allow(clippy::too_many_arguments)]
pub(super) fn act_changing(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    action: &Action,
    caller: Option<&Caller>,
    now_ms: u64,
    note: Option<String>,
    change_meta: impl FnOnce(&mut GameMeta),
) -> Vec<Reply> {
    let snapshot_every = table.options.snapshot_every;
    let Some(session) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    let Some(before) = session.game().map(wait_state) else {
        return Vec::new();
    };
    let names = session.names();
    let refusal = |text: String| -> Vec<Reply> {
        match caller {
            Some(c) => {
                let mut r = Reply::refusal(c.user, text);
                r.game = Some(id);
                vec![r]
            }
            None => Vec::new(),
        }
    };
    let applied = match session.apply(
        &*table.store,
        seat,
        action,
        now_ms,
        snapshot_every,
        change_meta,
    ) {
        Ok(applied) => applied,
        Err(ApplyError::NotStarted) => return refusal(crate::t!("session-not-started")),
        Err(ApplyError::Rule(e)) => {
            return refusal(match session.game() {
                Some(g) => refusals::text(&e, g.topology(), &names),
                None => crate::t!("session-not-started"),
            });
        }
        Err(ApplyError::Store(e)) => {
            return refusal(crate::t!("actions-not-saved", error = e.to_string()));
        }
    };
    after_action(table, id, seat, caller, applied, before, note)
}

pub(super) fn after_action(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    caller: Option<&Caller>,
    applied: Applied,
    before: Before,
    note: Option<String>,
) -> Vec<Reply> {
    let events = &applied.events;
    let Some(session) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    let names = session.acting_names();
    let place = session.place();
    let mut replies = Vec::new();
    let Some(g) = session.game() else {
        return replies;
    };
    let caller_user = caller.map(|c| c.user);

    // Public account of what happened: the current turn message gets the lines up to a new
    // turn's start; a new turn (or a new player's setup placement) opens a new message.
    let mut closing: Vec<String> = note.into_iter().collect();
    let mut opening: Option<Vec<String>> = None;
    for e in events {
        let Some(line) = messages::event_public(e, g, &names) else {
            continue;
        };
        let starts = matches!(
            e,
            Event::TurnStarted { .. } | Event::SpecialBuildStarted { .. }
        );
        match opening.as_mut() {
            _ if starts => opening = Some(vec![line]),
            Some(lines) => lines.push(line),
            None => closing.push(line),
        }
    }
    let won = events.iter().find_map(|e| match e {
        Event::Won { seat, .. } => Some(*seat),
        _ => None,
    });
    let won_line = events
        .iter()
        .find(|e| matches!(e, Event::Won { .. }))
        .and_then(|e| messages::event_public(e, g, &names));
    let board_changed = events.iter().any(changes_board);
    let setup_turn = matches!(
        g.phase(),
        Phase::Setup {
            road_from: None,
            ..
        }
    );
    let must_discard: Vec<Seat> = match g.phase() {
        Phase::Discard { owed } => owed
            .iter()
            .map(|(s, _)| *s)
            .filter(|s| !before.waiting.contains(s))
            .collect(),
        _ => Vec::new(),
    };
    let discard_ping = (!must_discard.is_empty()).then(|| {
        let who: Vec<String> = must_discard
            .iter()
            .filter_map(|s| names.get(*s as usize).cloned())
            .collect();
        let mut r = Reply::public(
            place,
            crate::t!(
                "actions-must-discard",
                names = who.join(", "),
                limit = g.settings().discard_limit
            ),
        )
        .with_game(id)
        .with_hints(vec![Hint::Discard]);
        r.mention = must_discard
            .iter()
            .filter_map(|s| session.to_ping(*s))
            .collect();
        // No button here: it would go stale after the discard; the turn message has it.
        r
    });
    // A roll offered Marianne or Sean to a player whose turn it is not: they are pinged, as
    // the game now waits for them (a bot answers by itself).
    let helper_ping = match g.helper_pending() {
        Some(crate::engine::helpers::Pending::Offer { seat, helper })
            if !before.waiting.contains(seat) && session.bot_at(*seat).is_none() =>
        {
            session.user(*seat).map(|user| {
                let mut r = Reply::public(
                    place,
                    crate::t!(
                        "actions-helper-offered",
                        name = names.get(*seat as usize).cloned().unwrap_or_default(),
                        helper = helper.name()
                    ),
                )
                .with_game(id)
                .with_hints(vec![Hint::Helper]);
                r.mention = vec![user];
                r
            })
        }
        _ => None,
    };
    // Private details and updated hands: the one who acted (or the caller, for a confirmed
    // trade made in the current player's name), then everyone else an event touched.
    let mut private_seats: Vec<Seat> = Vec::new();
    let caller_seat = caller_user.and_then(|u| session.seat_of(u));
    private_seats.extend(caller_seat.or(Some(seat)));
    for e in events {
        let touched: Vec<Seat> = match e {
            Event::DomesticTraded { seat, with, .. } => vec![*seat, *with],
            _ => e.private_to(),
        };
        for s in touched {
            if !private_seats.contains(&s) {
                private_seats.push(s);
            }
        }
    }
    for s in private_seats {
        let Some(user) = session.user(s) else {
            continue;
        };
        let mut text: Vec<String> = events
            .iter()
            .filter_map(|e| messages::event_private(e, s, &names))
            .collect();
        // A hand is told when it changed: the same hand after every placement or `end`
        // only fills a direct chat (`hand` shows it at any time). The caller still gets it
        // as a quiet answer, for platforms that answer every click.
        let changed = before.cards.get(s as usize) != Some(&cards(g, s));
        let to_caller = Some(user) == caller_user;
        if !changed && text.is_empty() && !to_caller {
            continue;
        }
        text.push(messages::hand_text(g, s));
        let mut r = Reply::private(user, text.join("\n")).with_game(id);
        if !changed && text.len() == 1 {
            r.kind = ReplyKind::UnchangedHand;
        }
        r.reply_to_caller = to_caller;
        replies.push(r);
    }

    session.turn_lines.extend(closing);
    let new_message = opening.is_some() || (setup_turn && won.is_none());
    if new_message {
        // The finished turn's message keeps its lines and loses its buttons.
        if !session.turn_lines.is_empty() {
            let mut last = Reply::public(place, session.turn_lines.join("\n"))
                .with_game(id)
                .with_kind(ReplyKind::TurnUpdate { game: id });
            last.image = None;
            replies.push(last);
        }
        session.turn_lines = opening.unwrap_or_default();
    }

    // Offers end with the turn (their records went with the action).
    let gone = applied.ended_offers;
    if !gone.is_empty() {
        let names = session.names();
        for o in gone {
            table.offer_messages.retain(|_, v| *v != (id, o.id));
            replies.push(
                Reply::public(
                    place,
                    crate::t!(
                        "actions-offer-closed",
                        offer = o.id,
                        terms = offers::terms(&o, &names)
                    ),
                )
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: o.id,
                    message: o.message_id,
                })
                .with_game(id),
            );
        }
    }

    if let Some(seat) = won {
        replies.extend(prompt(table, id, false, true));
        if let Some(s) = table.sessions.get(&id) {
            let account = Reply::public(place, won_line.unwrap_or_default()).with_game(id);
            let pictures = table.options.render_boards;
            let mut end =
                super::game_end::game_end_reply(account, s, pictures, vec![rematch_button(id)]);
            // The seed and public record go with the summary: one message ends the game.
            if let Some(revealed) = reveal(s, Outcome::Won { seat }) {
                end.text = format!("{}\n\n{}", end.text, revealed.text);
                end.file = revealed.file;
            }
            replies.push(end);
        }
        // The place is free for a new game; the session leaves memory after these replies.
        table.by_place.remove(&place);
        table.offer_messages.retain(|_, (g, _)| *g != id);
        return replies;
    }
    replies.extend(prompt(table, id, new_message, new_message || board_changed));
    replies.extend(discard_ping);
    // After the roll, each person who must discard is shown an example from their own hand,
    // privately.
    let rolled = events.iter().any(|e| matches!(e, Event::Rolled { .. }));
    if let Some(s) = table.sessions.get(&id)
        && let Some(g) = s.game()
        && let Phase::Discard { owed } = g.phase()
        && rolled
    {
        for &(seat, _) in owed.iter().filter(|(w, _)| s.bot_at(*w).is_none()) {
            if let (Some(user), Some(text)) = (s.user(seat), messages::discard_prompt(g, seat)) {
                replies.push(Reply::private(user, text).with_game(id));
            }
        }
    }
    replies.extend(helper_ping);
    replies
}

pub(super) fn bank(
    table: &mut Table,
    caller: &Caller,
    give: Resource,
    give_amount: Option<u8>,
    get: Resource,
    get_amount: u8,
    now_ms: u64,
) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some(g) = table.sessions.get(&id).and_then(|s| s.game()) else {
        return seat_refusal(table, caller);
    };
    let rate = g.trade_rate(seat, give);
    let cost = rate as u32 * get_amount as u32;
    let trading_now = *g.phase() == Phase::Main && g.current() == seat;
    // Out of turn or phase, the engine's refusal says what is wrong.
    if trading_now
        && let Some(typed) = give_amount
        && typed as u32 != cost
    {
        return refuse(
            caller,
            crate::t!(
                "actions-wrong-rate",
                give = give.in_words(),
                rate = rate,
                count = get_amount,
                get = get.in_words(),
                cost = cost,
                typed = typed
            ),
        );
    }
    let action = Action::MaritimeTrade {
        give,
        get,
        count: get_amount,
    };
    act(table, id, seat, &action, Some(caller), now_ms, None)
}
