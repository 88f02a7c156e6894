//! Engine actions: applying them, the replies they produce, prompts and bank trades.

use super::*;
use crate::table::public_record::Outcome;

pub(super) fn button_id(game: GameId, action: &str, version: u64) -> String {
    format!("catan:{game}:{action}:{version}")
}

/// What the game waits for, to notice when that changes.
pub(super) fn wait_state(g: &Game) -> (Phase, Seat, Vec<Seat>) {
    (g.phase.clone(), g.current, g.waiting_for())
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
    let events = match session.apply(&*table.store, seat, action, now_ms, snapshot_every) {
        Ok(ev) => ev,
        Err(ApplyError::Rule(e)) => return refusal(messages::name_seats(&e.to_string(), &names)),
        Err(ApplyError::Store(e)) => {
            return refusal(format!(
                "The game could not be saved ({e}); nothing happened. Try again."
            ));
        }
    };
    after_action(table, id, seat, caller, &events, before, note)
}

pub(super) fn after_action(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    caller: Option<&Caller>,
    events: &[Event],
    before: (Phase, Seat, Vec<Seat>),
    note: Option<String>,
) -> Vec<Reply> {
    let Some(session) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    let names = session.names();
    let place = session.place();
    let mut replies = Vec::new();
    let Some(g) = session.game() else {
        return replies;
    };
    let caller_user = caller.map(|c| c.user);

    // Public account of what happened.
    let mut lines: Vec<String> = note.into_iter().collect();
    lines.extend(
        events
            .iter()
            .filter(|e| {
                !matches!(
                    e,
                    Event::TurnStarted { .. } | Event::SpecialBuildStarted { .. }
                )
            })
            .filter_map(|e| messages::event_public(e, g, &names)),
    );
    let won = events.iter().find_map(|e| match e {
        Event::Won { seat, .. } => Some(*seat),
        _ => None,
    });
    if won.is_some() {
        lines.push(final_scores(g, &names));
    }
    if !lines.is_empty() {
        let mut r = Reply::public(place, lines.join("\n")).with_game(id);
        r.reply_to_caller = caller.is_some();
        replies.push(r);
    }

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
        text.push(messages::hand_text(g, s));
        let mut r = Reply::private(user, text.join("\n")).with_game(id);
        r.reply_to_caller = Some(user) == caller_user;
        replies.push(r);
    }

    // Offers end with the turn.
    let gone = session.drop_stale_offers();
    if !gone.is_empty() {
        if let Err(e) = session.save_meta(&*table.store) {
            tracing::warn!(game = id, error = %e, "could not save withdrawn offers");
        }
        for o in gone {
            table.offer_messages.retain(|_, v| *v != (id, o.id));
            replies.push(
                Reply::public(
                    place,
                    format!("Trade offer #{} is closed: the turn ended.", o.id),
                )
                .with_kind(ReplyKind::TradeOfferUpdate {
                    game: id,
                    offer: o.id,
                })
                .with_game(id),
            );
        }
    }

    if let Some(seat) = won {
        replies.extend(
            table
                .sessions
                .get(&id)
                .and_then(|s| reveal(s, Outcome::Won { seat })),
        );
        // The place is free for a new game; the session leaves memory after these replies.
        table.by_place.remove(&place);
        table.offer_messages.retain(|_, (g, _)| *g != id);
        return replies;
    }

    let after = match table.sessions.get(&id).and_then(|s| s.game()) {
        Some(g) => wait_state(g),
        None => return replies,
    };
    if after != before {
        let new_turn = events.iter().any(|e| {
            matches!(
                e,
                Event::TurnStarted { .. } | Event::SpecialBuildStarted { .. }
            )
        });
        let new_people = after.2.iter().any(|s| !before.2.contains(s));
        let setup_placement = matches!(
            after.0,
            Phase::Setup {
                road_from: None,
                ..
            }
        );
        let image = events
            .iter()
            .any(|e| matches!(e, Event::TurnStarted { .. }))
            || setup_placement;
        let headline = table.sessions.get(&id).and_then(|s| {
            let g = s.game()?;
            events
                .iter()
                .filter(|e| matches!(e, Event::TurnStarted { .. }))
                .find_map(|e| messages::event_public(e, g, &s.names()))
        });
        let mut prompt = prompt(table, id, new_turn || new_people || setup_placement, image);
        if let (Some(h), Some(p)) = (headline, prompt.first_mut()) {
            p.text = format!("{h} {}", p.text);
        }
        replies.extend(prompt);
    }
    replies
}

pub(super) fn final_scores(g: &Game, names: &[String]) -> String {
    let mut seats: Vec<Seat> = (0..g.players.len() as Seat).collect();
    seats.sort_by_key(|&s| std::cmp::Reverse(g.total_vp(s)));
    let parts: Vec<String> = seats
        .iter()
        .map(|&s| {
            let hidden = g.total_vp(s) - g.public_vp(s);
            let name = names.get(s as usize).cloned().unwrap_or_default();
            if hidden > 0 {
                format!(
                    "{name} {} VP ({hidden} from Victory Point cards)",
                    g.total_vp(s)
                )
            } else {
                format!("{name} {} VP", g.total_vp(s))
            }
        })
        .collect();
    format!("Final scores: {}.", parts.join(", "))
}

/// The message telling who must act now, with buttons; pings when `ping`, with the board
/// when `image`.
pub(super) fn prompt(table: &Table, id: GameId, ping: bool, image: bool) -> Vec<Reply> {
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(g) = s.game() else {
        return Vec::new();
    };
    let waiting = g.waiting_for();
    let mut r = Reply::public(s.place(), messages::waiting_text(g, &s.names())).with_game(id);
    if ping {
        r.kind = ReplyKind::TurnStart;
        r.mention = waiting.iter().filter_map(|&w| s.user(w)).collect();
    }
    if image {
        r.image = render(table, s);
    }
    if let [only] = waiting.as_slice() {
        let legal = g.legal_actions(*only);
        for (action, name, label) in [
            (Action::Roll, "roll", "Roll"),
            (Action::BuyDevCard, "buy", "Buy card"),
            (Action::EndTurn, "end", "End turn"),
        ] {
            if legal.contains(&action) {
                r.buttons.push(Button {
                    id: button_id(id, name, g.version),
                    label: label.into(),
                });
            }
        }
    }
    r.buttons.push(Button {
        id: button_id(id, "hand", g.version),
        label: "My hand".into(),
    });
    vec![r]
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
    let trading_now = g.phase == Phase::Main && g.current == seat;
    // Out of turn or phase, the engine's refusal says what is wrong.
    if trading_now
        && let Some(typed) = give_amount
        && typed as u32 != cost
    {
        return refuse(
            caller,
            format!(
                "Your rate for {give} is {rate}:1, so {get_amount} {get} costs {cost} {give}: `bank {cost} {give} for {get_amount} {get}`."
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
