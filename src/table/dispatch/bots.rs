//! Computer players at the table: seating them in the lobby, their moves (made by the clock,
//! like the turn timer's, so a person can follow), their answers to trade offers, and bots
//! standing in for absent players (`afk bot`, `away`) until those players act again.

use super::actions::act;
use super::seating::change_lobby;
use super::trades::{trade, trade_countering};
use super::{no_game, refuse, seat_refusal, seated};
use crate::bots::{Bot, BotLevel};
use crate::engine::{Phase, Seat};
use crate::i18n::excerpt;
use crate::table::bot_seats;
use crate::table::command::TradeCommand;
use crate::table::lobby::Setting;
use crate::table::record::SeatUser;
use crate::table::reply::{Caller, GameId, PlaceId, Reply, ReplyKind, UserId};
use crate::table::session::Session;
use crate::table::{Table, offers};

/// A bot's own seed: derived from a host-chosen game seed (so a seeded game replays with the
/// same bots), else drawn from the OS. Either way the bot never learns the game's seed.
fn bot_seed(s: &Session, user: UserId) -> u64 {
    match s.meta.settings.seed {
        Some(seed) => seed.rotate_left(17) ^ user.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        None => rand::random(),
    }
}

fn seat_bot(s: &mut Session, level: BotLevel) -> Result<String, String> {
    let max = s.meta.settings.max_players as usize;
    if s.meta.seats.len() >= max {
        return Err(crate::t!("seating-table-full", count = max));
    }
    let (name, user) = bot_seats::new_bot_identity(&s.meta);
    let seed = bot_seed(s, user);
    s.meta.seats.push(SeatUser {
        user,
        name: name.clone(),
    });
    s.meta.bots.push((user, Bot { level, seed }));
    Ok(name)
}

/// Seats again the bots of a finished game (names and levels) in the rematch lobby in
/// `place`, saving the lobby. The news to show, or why it failed (the lobby is as before).
pub(super) fn seat_again(
    table: &mut Table,
    place: PlaceId,
    bots: &[(String, BotLevel)],
) -> Result<String, String> {
    let Some(s) = table
        .by_place
        .get(&place)
        .and_then(|id| table.sessions.get_mut(id))
    else {
        return Ok(String::new());
    };
    let before = s.meta.clone();
    let mut news = String::new();
    for (name, level) in bots {
        let seated = seat_bot(s, *level).map(|given| {
            // The same name as before when it is free (it is, unless a person took it).
            let free = !s
                .meta
                .seats
                .iter()
                .any(|u| u.name.eq_ignore_ascii_case(name));
            match s.meta.seats.last_mut() {
                Some(seat) if free => {
                    seat.name = name.clone();
                    name.clone()
                }
                _ => given,
            }
        });
        match seated {
            Ok(name) => {
                let joined = crate::t!("bots-joined", name = name, level = level.name());
                news.push_str(&format!("{joined} "));
            }
            Err(e) => {
                s.meta = before;
                return Err(e);
            }
        }
    }
    s.refresh_players();
    s.save_meta_or_restore(&*table.store, before)
        .map_err(|e| crate::t!("seating-lobby-not-saved", error = e.to_string()))?;
    Ok(news)
}

fn unseat_bot(s: &mut Session, name: Option<&str>) -> Result<String, String> {
    let bot_seat = s.meta.seats.iter().rposition(|u| {
        s.meta.seated_bot(u.user).is_some() && name.is_none_or(|n| u.name.eq_ignore_ascii_case(n))
    });
    let Some(i) = bot_seat else {
        return Err(match name {
            Some(n) => crate::t!("bots-no-such-bot", name = excerpt(n)),
            None => crate::t!("bots-no-bot"),
        });
    };
    let gone = s.meta.seats.remove(i);
    s.meta.bots.retain(|(u, _)| *u != gone.user);
    Ok(gone.name)
}

/// `bots N` when opening or changing a lobby: seats or unseats bots until there are N.
pub(super) fn set_bot_count(s: &mut Session, wanted: u8) -> Result<String, String> {
    let mut news = String::new();
    while s.meta.bots.len() > wanted as usize {
        let name = unseat_bot(s, None)?;
        news.push_str(&format!("{} ", crate::t!("seating-left", name = name)));
    }
    while s.meta.bots.len() < wanted as usize {
        let name = seat_bot(s, BotLevel::default())?;
        let joined = crate::t!(
            "bots-joined",
            name = name,
            level = BotLevel::default().name()
        );
        news.push_str(&format!("{joined} "));
    }
    Ok(news)
}

/// The bot count a list of settings asks for, if any.
pub(super) fn bot_count(changes: &[Setting]) -> Option<u8> {
    changes.iter().rev().find_map(|c| match c {
        Setting::Bots(n) => Some(*n),
        _ => None,
    })
}

pub(super) fn add_bot(table: &mut Table, caller: &Caller, level: BotLevel) -> Vec<Reply> {
    let user = caller.user;
    change_lobby(table, caller, |s| {
        if s.meta.host != user {
            return Err(crate::t!("bots-only-host-add"));
        }
        let name = seat_bot(s, level)?;
        let joined = crate::t!("bots-joined", name = name, level = level.name());
        Ok(format!("{joined} "))
    })
}

pub(super) fn remove_bot(table: &mut Table, caller: &Caller, name: Option<&str>) -> Vec<Reply> {
    let user = caller.user;
    change_lobby(table, caller, |s| {
        if s.meta.host != user {
            return Err(crate::t!("bots-only-host-remove"));
        }
        let name = unseat_bot(s, name)?;
        Ok(format!("{} ", crate::t!("seating-left", name = name)))
    })
}

/// Saves a change to who stands in for whom; on a failed save the record is as before.
fn change_stand_ins(
    table: &mut Table,
    id: GameId,
    change: impl FnOnce(&mut Vec<(UserId, Bot)>),
) -> Result<(), crate::store::StoreError> {
    let Some(s) = table.sessions.get_mut(&id) else {
        return Ok(());
    };
    let before = s.meta.clone();
    change(&mut s.meta.stand_ins);
    s.save_meta_or_restore(&*table.store, before)
}

/// `away`: a bot plays the caller's seat until they act again or say `back`.
pub(super) fn away(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let Some((id, _)) = seated(table, caller) else {
        return seat_refusal(table, caller);
    };
    let Some(s) = table.sessions.get(&id) else {
        return no_game(caller);
    };
    if s.meta.stand_in(caller.user).is_some() {
        return refuse(caller, crate::t!("bots-already-away"));
    }
    let bot = Bot {
        level: BotLevel::Strong,
        seed: rand::random(),
    };
    if let Err(e) = change_stand_ins(table, id, |list| list.push((caller.user, bot))) {
        return refuse(
            caller,
            crate::t!("trades-change-not-saved", error = e.to_string()),
        );
    }
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let name = s.seat_of(caller.user).map(|seat| s.name(seat));
    // If the game waits for this seat, the bot moves at the next tick, after the usual pause
    // (an input wakes the timer task).
    vec![
        Reply::public(
            s.place(),
            crate::t!("bots-away", name = name.unwrap_or_default()),
        )
        .with_game(id)
        .to_caller(),
    ]
}

/// The caller is back: the bot standing in for them (if any) leaves their seat. Called with
/// `explicit` for `back`, else before any move or trade of theirs (a player who acts is back).
pub(super) fn welcome_back(table: &mut Table, caller: &Caller, explicit: bool) -> Vec<Reply> {
    let Some((id, _)) = seated(table, caller) else {
        return if explicit {
            seat_refusal(table, caller)
        } else {
            Vec::new()
        };
    };
    let standing_in = table
        .sessions
        .get(&id)
        .is_some_and(|s| s.meta.stand_in(caller.user).is_some());
    if !standing_in {
        return if explicit {
            refuse(caller, crate::t!("bots-not-away"))
        } else {
            Vec::new()
        };
    }
    if explicit {
        let back = change_stand_ins(table, id, |list| list.retain(|(u, _)| *u != caller.user));
        if let Err(e) = back {
            return return_not_saved(caller, id, e);
        }
    } else if let Some(s) = table.sessions.get_mut(&id) {
        // A move brought them back: the return goes down with the move's write (or alone,
        // in `save_return`, if the move makes none).
        let before = s.meta.clone();
        s.meta.stand_ins.retain(|(u, _)| *u != caller.user);
        s.stage_meta(before);
    }
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let notice = Reply::public(
        s.place(),
        crate::t!("bots-back", name = caller.name.clone()),
    )
    .with_game(id);
    // `back` is answered by the notice; a move keeps its own answer.
    vec![if explicit { notice.to_caller() } else { notice }]
}

/// Writes a player's return that the move which brought them back did not write (it was
/// refused, or wrote nothing). On failure they are away again, and told so.
pub(super) fn save_return(table: &mut Table, caller: &Caller) -> Vec<Reply> {
    let Some((id, _)) = seated(table, caller) else {
        return Vec::new();
    };
    let Some(s) = table.sessions.get_mut(&id) else {
        return Vec::new();
    };
    match s.flush_staged(&*table.store) {
        Ok(()) => Vec::new(),
        Err(e) => return_not_saved(caller, id, e),
    }
}

fn return_not_saved(caller: &Caller, id: GameId, e: crate::store::StoreError) -> Vec<Reply> {
    tracing::warn!(game = id, "could not save a player's return: {e}");
    refuse(
        caller,
        crate::t!("bots-return-not-saved", error = e.to_string()),
    )
}

/// The turn timer ran out with `afk bot`: bots stand in for the absent players the game
/// waits for, and move at once.
pub(super) fn stand_in_for_absent(
    table: &mut Table,
    id: GameId,
    now_ms: u64,
) -> Result<Vec<Reply>, crate::store::StoreError> {
    let Some(s) = table.sessions.get(&id) else {
        return Ok(Vec::new());
    };
    let Some(g) = s.game() else {
        return Ok(Vec::new());
    };
    let absent: Vec<(UserId, String)> = g
        .waiting_for()
        .into_iter()
        .filter(|&seat| s.bot_at(seat).is_none())
        .filter_map(|seat| Some((s.user(seat)?, s.name(seat))))
        .collect();
    let place = s.place();
    let bots: Vec<(UserId, Bot)> = absent
        .iter()
        .map(|(u, _)| {
            let bot = Bot {
                level: BotLevel::Strong,
                seed: rand::random(),
            };
            (*u, bot)
        })
        .collect();
    change_stand_ins(table, id, |list| list.extend(bots))?;
    let mut replies: Vec<Reply> = absent
        .iter()
        .map(|(user, name)| {
            let mut r =
                Reply::public(place, crate::t!("bots-time-up", name = name.clone())).with_game(id);
            r.mention = vec![*user];
            r
        })
        .collect();
    replies.extend(play_bots(table, id, now_ms).0);
    Ok(replies)
}

/// One move for every seat game `id` waits for that a bot plays, each decided from that
/// seat's view and legal actions only. On its own turn a bot may first offer a trade (once a
/// turn), and settles it when the wait for answers is over. Says whether anything happened.
pub(super) fn play_bots(table: &mut Table, id: GameId, now_ms: u64) -> (Vec<Reply>, bool) {
    let before = table
        .sessions
        .get(&id)
        .and_then(|s| s.game())
        .map(|g| g.version());
    let waiting = table
        .sessions
        .get(&id)
        .map(Session::waiting_bots)
        .unwrap_or_default();
    let mut replies = Vec::new();
    let mut traded = false;
    for (seat, bot) in waiting {
        if let Some(r) = bot_trading(table, id, seat, bot, now_ms) {
            replies.extend(r);
            traded = true;
            continue;
        }
        let Some(g) = table.sessions.get(&id).and_then(|s| s.game()) else {
            break;
        };
        // An earlier bot's move may have changed what the game waits for.
        if !g.waiting_for().contains(&seat) {
            continue;
        }
        let legal = g.legal_actions(seat);
        if legal.is_empty() {
            continue;
        }
        let think = crate::bots::expert::Think::from_ms(table.options.bot_think_ms);
        let action = bot.choose_within(&g.view(Some(seat)), &legal, think);
        replies.extend(act(table, id, seat, &action, None, now_ms, None));
    }
    let after = table
        .sessions
        .get(&id)
        .and_then(|s| s.game())
        .map(|g| g.version());
    (replies, traded || after != before)
}

/// The current player's bot and its trade offer of this turn: settles an offer whose wait
/// is over (the first acceptor, else it is withdrawn), or makes one. `None`: nothing to do,
/// the bot moves.
fn bot_trading(
    table: &mut Table,
    id: GameId,
    seat: Seat,
    bot: Bot,
    now_ms: u64,
) -> Option<Vec<Reply>> {
    let s = table.sessions.get(&id)?;
    let g = s.game()?;
    // A pending helper step (Marianne after its own roll) comes first: no trade can be
    // settled until it is answered, so the bot answers it with its move.
    if *g.phase() != Phase::Main || g.current() != seat || g.helper_pending().is_some() {
        return None;
    }
    let caller = Caller::new(s.place(), s.user(seat)?, s.name(seat));
    let turn = g.turn();
    let open = s
        .meta
        .offers
        .iter()
        .find(|o| o.from == seat && o.turn == turn && o.counters.is_none())
        .cloned();
    let mine = s.bot_offer.filter(|o| o.turn == turn);
    let set = |table: &mut Table, open: Option<u32>, made_ms: u64| {
        if let Some(s) = table.sessions.get_mut(&id) {
            s.bot_offer = Some(crate::table::session::BotOffer {
                turn,
                open,
                made_ms,
            });
        }
    };
    match (open, mine) {
        // The wait for answers is over (or the offer was made before a restart: settled at
        // the bot's next move, its wait was lost with the restart).
        (Some(o), _) => {
            set(table, None, now_ms);
            let withdraw = TradeCommand::Withdraw(o.id);
            let settle = match o.accepted.first() {
                Some(&with) => TradeCommand::Confirm(o.id, with),
                None => withdraw.clone(),
            };
            let replies = trade(table, &caller, settle, now_ms);
            // A trade the rules no longer allow (an acceptor has spent the cards) is
            // withdrawn, never tried again.
            if replies.iter().any(Reply::is_refusal) {
                return Some(trade(table, &caller, withdraw, now_ms));
            }
            Some(replies)
        }
        (None, _) if s.meta.bot_offered == Some((seat, turn)) || mine.is_some() => None,
        (None, _) => {
            let think = crate::bots::expert::Think::from_ms(table.options.bot_think_ms);
            let (give, get) = bot.offer_within(&g.view(Some(seat)), think)?;
            // Remembered before the offer is made: never twice a turn, even after a restart.
            // Written with the offer, in one write (or alone if the offer is refused).
            let s = table.sessions.get_mut(&id)?;
            let before = s.meta.clone();
            s.meta.bot_offered = Some((seat, turn));
            s.stage_meta(before);
            let offer = TradeCommand::Offer {
                give,
                get,
                to: None,
            };
            let mut replies = trade(table, &caller, offer, now_ms);
            let s = table.sessions.get_mut(&id)?;
            if let Err(e) = s.flush_staged(&*table.store) {
                tracing::warn!(game = id, "a bot's offer was not made: {e}");
                return None;
            }
            let posted = replies.iter().find_map(|r| match r.kind {
                ReplyKind::TradeOffer { offer, .. } => Some(offer),
                _ => None,
            });
            set(table, posted, now_ms);
            let posted = posted?;
            replies.extend(answer_offer(table, id, posted, now_ms));
            Some(replies)
        }
    }
}

/// Bots the new offer `offer` can involve answer it at once, each judging it on its merits
/// whoever made it (what it gains towards its plan against what it gives, never helping a
/// player close to winning): accept what helps them. When a person's offer is declined, the
/// first declining bot with a deal that would help it makes one counter-offer to that person.
pub(super) fn answer_offer(table: &mut Table, id: GameId, offer: u32, now_ms: u64) -> Vec<Reply> {
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(g) = s.game() else {
        return Vec::new();
    };
    let Some(o) = s.meta.offers.iter().find(|o| o.id == offer) else {
        return Vec::new();
    };
    let names = s.names();
    let think = crate::bots::expert::Think::from_ms(table.options.bot_think_ms);
    let answers: Vec<(Seat, Bot, Caller, bool)> = (0..names.len() as Seat)
        .filter_map(|seat| {
            let bot = s.bot_at(seat)?;
            let yes = offers::check_response(g, &names, o, seat, true).is_ok()
                && bot.accepts_within(&g.view(Some(seat)), o.from, &o.get, &o.give, think);
            if !yes && offers::check_response(g, &names, o, seat, false).is_err() {
                return None;
            }
            let caller = Caller::new(s.place(), s.user(seat)?, s.name(seat));
            Some((seat, bot, caller, yes))
        })
        .collect();
    // One counter per offer: the counter's record names the offer it counters.
    let by_person = s.bot_at(o.from).is_none() && o.counters.is_none();
    let countered = s.meta.offers.iter().any(|c| c.counters == Some(offer));
    let counter = if by_person && !countered && !answers.iter().any(|a| a.3) {
        answers.iter().find_map(|(seat, bot, caller, _)| {
            let (give, get) = bot.counter(&g.view(Some(*seat)), o.from, &o.give, &o.get)?;
            Some((caller.clone(), give, get))
        })
    } else {
        None
    };
    let person = o.from;
    let mut replies = Vec::new();
    for (_, _, caller, yes) in answers {
        let answer = if yes {
            TradeCommand::Accept(offer)
        } else {
            TradeCommand::Decline(offer)
        };
        replies.extend(trade(table, &caller, answer, now_ms));
    }
    if let Some((caller, give, get)) = counter {
        let command = TradeCommand::Offer {
            give,
            get,
            to: Some(person),
        };
        let made = trade_countering(table, &caller, command, Some(offer), now_ms);
        // A counter the rules refuse now (the bot has too many open offers) is not made.
        if made.iter().any(Reply::is_refusal) {
            tracing::debug!(game = id, offer, "a bot's counter-offer was refused");
        } else {
            replies.extend(made);
        }
    }
    replies
}

/// The caller accepted offer `offer`: when it is a bot's counter-offer (made to the caller
/// only, so there is nobody else to wait for), the bot confirms it at once and the trade is
/// made; if the rules no longer allow it, the bot withdraws it.
pub(super) fn settle_counter(
    table: &mut Table,
    caller: &Caller,
    offer: u32,
    now_ms: u64,
) -> Vec<Reply> {
    let Some((id, seat)) = seated(table, caller) else {
        return Vec::new();
    };
    let Some(s) = table.sessions.get(&id) else {
        return Vec::new();
    };
    let Some(o) = s
        .meta
        .offers
        .iter()
        .find(|o| o.id == offer && o.counters.is_some() && o.accepted.contains(&seat))
    else {
        return Vec::new();
    };
    let maker = o.from;
    if s.bot_at(maker).is_none() {
        return Vec::new();
    }
    let Some(user) = s.user(maker) else {
        return Vec::new();
    };
    let bot = Caller::new(s.place(), user, s.name(maker));
    let replies = trade(table, &bot, TradeCommand::Confirm(offer, seat), now_ms);
    if replies.iter().any(Reply::is_refusal) {
        return trade(table, &bot, TradeCommand::Withdraw(offer), now_ms);
    }
    replies
}
