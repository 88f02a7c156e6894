//! Who plays a seat: its player, a computer player seated in the lobby, or a bot standing in
//! for an absent player (the turn timer ran out with `afk bot`, or the player said `away`).
//!
//! A seated bot is an ordinary seat whose user id lies in [`BOT_USERS`]: ids no platform
//! gives out (they lie in the top-bits-`01` range that `hosting::platform`'s id table keeps
//! free of Discord's snowflakes, Matrix's ids and the console's small numbers). Its level and own seed are in the game's meta record, so a
//! resumed game's bots decide exactly as before.

use std::ops::Range;

use super::record::GameMeta;
use super::reply::{Reply, UserId};
use super::session::{BotOffer, Session};
use crate::bots::Bot;
use crate::engine::Seat;

/// User ids of seated bots.
pub const BOT_USERS: Range<UserId> = 0x7FFF_FF00_0000_0000..0x7FFF_FF00_0001_0000;

/// Names a bot takes, in order, skipping names already at the table. Each says it is a bot.
const BOT_NAMES: [&str; 8] = [
    "AdaBot",
    "BabbageBot",
    "CurieBot",
    "DijkstraBot",
    "EulerBot",
    "FaradayBot",
    "GaussBot",
    "HopperBot",
];

pub fn is_bot_user(user: UserId) -> bool {
    BOT_USERS.contains(&user)
}

/// The name and user id for a new bot in this lobby.
pub fn new_bot_identity(meta: &GameMeta) -> (String, UserId) {
    let taken = |n: &str| meta.seats.iter().any(|s| s.name.eq_ignore_ascii_case(n));
    let name = BOT_NAMES
        .iter()
        .find(|n| !taken(n))
        .map(|n| n.to_string())
        .unwrap_or_else(|| format!("Bot{}", meta.seats.len() + 1));
    let user = (BOT_USERS.start..BOT_USERS.end)
        .find(|u| !meta.seats.iter().any(|s| s.user == *u))
        .unwrap_or(BOT_USERS.start);
    (name, user)
}

impl GameMeta {
    /// The bot seated as `user`, if it is one.
    pub fn seated_bot(&self, user: UserId) -> Option<Bot> {
        self.bots.iter().find(|(u, _)| *u == user).map(|(_, b)| *b)
    }

    /// The bot standing in for player `user`, if any.
    pub fn stand_in(&self, user: UserId) -> Option<Bot> {
        self.stand_ins
            .iter()
            .find(|(u, _)| *u == user)
            .map(|(_, b)| *b)
    }
}

impl Session {
    /// The bot that plays `seat` now: a seated bot or a stand-in.
    pub fn bot_at(&self, seat: Seat) -> Option<Bot> {
        let user = self.user(seat)?;
        self.meta
            .seated_bot(user)
            .or_else(|| self.meta.stand_in(user))
    }

    /// Whom a message about `seat` pings: its person, unless a bot plays the seat now (a
    /// player who left or is away would be pinged for moves the bot makes at once).
    pub fn to_ping(&self, seat: Seat) -> Option<UserId> {
        self.user(seat).filter(|_| self.bot_at(seat).is_none())
    }

    /// The names as the moves read them: a seat a stand-in plays for its absent player says
    /// so ("carol (bot)"), so nobody takes the bot's moves for the player's.
    pub fn acting_names(&self) -> Vec<String> {
        let stood_in = |seat: usize| {
            let user = self.user(seat as Seat);
            user.is_some_and(|u| self.meta.stand_in(u).is_some())
        };
        self.names()
            .into_iter()
            .enumerate()
            .map(|(seat, name)| match stood_in(seat) {
                true => crate::t!("session-stand-in-name", name = name),
                false => name,
            })
            .collect()
    }

    /// Seats the game waits for that a bot plays.
    pub fn waiting_bots(&self) -> Vec<(Seat, Bot)> {
        let Some(g) = self.game() else {
            return Vec::new();
        };
        if self.meta.finished || g.winner().is_some() {
            return Vec::new();
        }
        g.waiting_for()
            .into_iter()
            .filter_map(|s| Some((s, self.bot_at(s)?)))
            .collect()
    }

    /// When the bots this game waits for move: a short pause after the last move, so people
    /// can follow; while a bot's offer waits for people's answers, not before its wait is over.
    pub fn bot_due(&self, options: &super::TableOptions) -> Option<u64> {
        if self.waiting_bots().is_empty() {
            return None;
        }
        let pause = self.last_activity_ms() + options.bot_delay_ms;
        let open = self.bot_offer_open_until(options.bot_offer_wait_ms);
        Some(pause.max(open.unwrap_or(0)))
    }

    /// The end of the wait of a bot's open offer that a person can answer. Whatever else is
    /// typed or clicked meanwhile, the offer stays open until then; an offer that only bots
    /// can answer (they answer at once) has no wait.
    pub fn bot_offer_open_until(&self, wait_ms: u64) -> Option<u64> {
        let BotOffer {
            open: Some(number),
            made_ms,
            ..
        } = self.bot_offer?
        else {
            return None;
        };
        let offer = self.meta.offers.iter().find(|o| o.id == number)?;
        let seats = self.names().len() as Seat;
        let person_may_answer = (0..seats)
            .filter(|&s| s != offer.from && offer.to.is_none_or(|to| to == s))
            .any(|s| self.bot_at(s).is_none());
        person_may_answer.then_some(made_ms + wait_ms)
    }
}

impl super::Table {
    /// When the open trade offer of a bot in game `game` stops waiting for people's answers
    /// (adapters that wait for input, like the console, wait for it until then).
    pub fn bot_offer_open_until(&self, game: super::GameId) -> Option<u64> {
        self.sessions
            .get(&game)?
            .bot_offer_open_until(self.options.bot_offer_wait_ms)
    }
}

/// Bots read nothing: replies addressed to a bot's user are dropped, and bots are never
/// mentioned.
pub fn drop_bot_audience(replies: Vec<Reply>) -> Vec<Reply> {
    replies
        .into_iter()
        .filter(|r| !matches!(r.audience, super::reply::Audience::Private(u) if is_bot_user(u)))
        .map(|mut r| {
            r.mention.retain(|u| !is_bot_user(*u));
            r
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_ids_meet_no_platform() {
        // A Discord snowflake of 2049 (the end of Discord's range) and an id with the top bit
        // set (Matrix's range) stay outside.
        let discord_2049 = ((2049 - 2015) * 365 * 24 * 3600 * 1000u64) << 22;
        assert!(!is_bot_user(discord_2049));
        assert!(!is_bot_user(1 << 63 | 5));
        assert!(!is_bot_user(3));
        assert!(is_bot_user(BOT_USERS.start));
    }
}
