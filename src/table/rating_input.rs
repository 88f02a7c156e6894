//! A finished game told to its community's ratings (`crate::community`): who sat where,
//! who won, who left, the final points and what each seat gained and lost to the robber.
//! Called by `Session::apply` with the winning action, so the records it returns go down in
//! the same write as the game's final record.

use super::bot_seats::is_bot_user;
use super::game_stats::GameStats;
use super::record::{ActionRecord, GameMeta};
use crate::bots::BotLevel;
use crate::community::{self, GameResult, Participant};
use crate::engine::{Event, Game, Seat};
use crate::store::Store;

/// The rating key of bots of `level`: one rating per level in a community, in the bots' id
/// range (never a person's id), past the ids seated bots get.
pub fn bot_key(level: BotLevel) -> u64 {
    let index = BotLevel::ALL.iter().position(|l| *l == level).unwrap_or(0) as u64;
    super::bot_seats::BOT_USERS.end - 1 - index
}

/// The community records the game `game` (won, with `meta` and `stats` after its last action
/// `history`) changes; empty when the game belongs to no community or nothing changes. A
/// community whose records cannot be read is logged and left as it is: the game still ends.
pub fn community_records(
    store: &dyn Store,
    meta: &GameMeta,
    game: &Game,
    stats: &GameStats,
    history: &[ActionRecord],
    now_ms: u64,
) -> Vec<(u64, u32, Vec<u8>)> {
    let Some(id) = meta.community else {
        return Vec::new();
    };
    let result = game_result(meta, game, stats, history, now_ms);
    community::store::game_end_records(store, id, &result).unwrap_or_else(|e| {
        tracing::error!(game = meta.id, community = id, error = %e, "ratings not updated");
        Vec::new()
    })
}

/// The finished game as the ratings see it.
pub fn game_result(
    meta: &GameMeta,
    game: &Game,
    stats: &GameStats,
    history: &[ActionRecord],
    now_ms: u64,
) -> GameResult {
    let robbed = steals(meta, history);
    let participants = meta
        .seats
        .iter()
        .enumerate()
        .map(|(seat, user)| {
            let s = seat as Seat;
            let bot = meta.seated_bot(user.user);
            let counts = stats.seat(s);
            let mut gained = counts.produced;
            let mut lost = [0u32; 5];
            for (thief, victim, card) in &robbed {
                if *thief == s {
                    gained[*card] += 1;
                }
                if *victim == s {
                    lost[*card] += 1;
                }
            }
            Participant {
                key: match bot {
                    Some(bot) => bot_key(bot.level),
                    None => user.user,
                },
                name: user.name.clone(),
                bot: bot.is_some() || is_bot_user(user.user),
                left: meta.left.contains(&user.user),
                won: game.winner() == Some(s),
                vp: game.total_vp(s),
                gained,
                robbed: lost,
                route: game.players().get(seat).map_or(0, |p| p.route_length),
            }
        })
        .collect();
    GameResult {
        participants,
        rated_setting: meta.settings.rated,
        at_ms: now_ms,
    }
}

/// Every steal of the game `(thief, victim, resource index)`, from a replay of its actions
/// (the running counts keep only how many cards were stolen, not which). Empty if the game
/// cannot be replayed (a record from before commitments, say).
fn steals(meta: &GameMeta, history: &[ActionRecord]) -> Vec<(Seat, Seat, usize)> {
    let Some(started) = &meta.started else {
        return Vec::new();
    };
    let mut game = Game::new(started.settings.clone(), started.seed);
    let mut found = Vec::new();
    for rec in history {
        let Ok(events) = game.apply(rec.seat, &rec.action) else {
            return Vec::new();
        };
        for event in events {
            if let Event::Stole {
                thief,
                victim,
                card,
            } = event
            {
                found.push((thief, victim, card.index()));
            }
        }
    }
    found
}
