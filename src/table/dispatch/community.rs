//! `leaderboard`, `profile` and `season new`: a community's ratings (`crate::community`),
//! read from the store at each ask (nothing cached, so a restart changes nothing). The
//! answers go to the asker only, like `stats` (the leaderboard with its picture when boards
//! are drawn); a new season is announced in the place.
//!
//! A place without a community (the console) keeps no ratings: every ask says so.

use super::{private_to_caller, refuse};
use crate::community::standings::{self, Leaderboard, Profile, Row};
use crate::community::{self, Community, CommunityId};
use crate::engine::Resource;
use crate::i18n::{InWords, excerpt};
use crate::render::BoardRow;
use crate::table::Table;
use crate::table::names;
use crate::table::reply::{Caller, Reply};

/// The caller's community and its records, or the refusal to send.
fn community_of(table: &Table, caller: &Caller) -> Result<(CommunityId, Community), Vec<Reply>> {
    let Some(id) = caller.community else {
        return Err(refuse(caller, crate::t!("community-none-here")));
    };
    community::store::load(table.store.as_ref(), id)
        .map(|found| (id, found))
        .map_err(|e| {
            refuse(
                caller,
                crate::t!("community-unreadable", error = e.to_string()),
            )
        })
}

/// `leaderboard [season N]`: the top ten of a season and the caller's rank.
pub(super) fn leaderboard(table: &Table, caller: &Caller, season: Option<u32>) -> Vec<Reply> {
    let (_, found) = match community_of(table, caller) {
        Ok(found) => found,
        Err(refusal) => return refusal,
    };
    let current = found.current();
    let season = season.unwrap_or(current);
    if season > current {
        return refuse(
            caller,
            crate::t!(
                "community-no-such-season",
                season = season,
                current = current
            ),
        );
    }
    let board = standings::leaderboard(&found, season, caller.user);
    let mut reply = private_to_caller(caller, leaderboard_text(&board));
    if table.options.render_boards
        && let Some(png) = leaderboard_png(&board)
    {
        reply = reply.with_file(format!("leaderboard-season-{season}.png"), png);
    }
    vec![reply]
}

/// The leaderboard as a picture (`None` if it could not be drawn: the text says the same).
fn leaderboard_png(board: &Leaderboard) -> Option<Vec<u8>> {
    let row = |r: &Row| BoardRow {
        rank: r.rank,
        name: r.name.clone(),
        points: r.points,
        detail: crate::t!(
            "community-board-detail",
            games = r.rated_games,
            wins = r.wins
        ),
        asker: board.asker.as_ref().is_some_and(|a| a.key == r.key),
    };
    let top: Vec<BoardRow> = board.top.iter().map(row).collect();
    let you = board
        .asker
        .as_ref()
        .filter(|a| a.rank > board.top.len())
        .map(row);
    let title = if board.season == board.current {
        crate::t!("community-board-title", season = board.season)
    } else {
        crate::t!("community-board-title-past", season = board.season)
    };
    let empty = crate::t!("community-board-empty");
    crate::render::render_leaderboard(&title, &top, you.as_ref(), &empty)
        .map_err(|e| tracing::warn!(error = %e, "leaderboard picture not drawn"))
        .ok()
}

/// The leaderboard in words: a head, one line per player, the asker's place.
pub fn leaderboard_text(board: &Leaderboard) -> String {
    let head = if board.season == board.current {
        crate::t!("community-board-head", season = board.season)
    } else {
        crate::t!("community-board-head-past", season = board.season)
    };
    let mut lines = vec![head];
    if board.top.is_empty() {
        lines.push(crate::t!("community-board-empty"));
        return lines.join("\n");
    }
    lines.extend(board.top.iter().map(row_text));
    match &board.asker {
        Some(row) if row.rank > board.top.len() => {
            lines.push(crate::t!("community-board-you", line = row_text(row)));
        }
        Some(_) => {}
        None => lines.push(crate::t!("community-board-you-unranked")),
    }
    lines.join("\n")
}

fn row_text(row: &Row) -> String {
    crate::t!(
        "community-board-row",
        rank = row.rank,
        name = row.name.clone(),
        points = row.points,
        games = row.rated_games,
        wins = row.wins
    )
}

/// `profile [name]`: the caller's record, or a named player's (a mention, or the name they
/// played under in this community).
pub(super) fn profile(table: &Table, caller: &Caller, who: Option<&str>) -> Vec<Reply> {
    let (_, found) = match community_of(table, caller) {
        Ok(found) => found,
        Err(refusal) => return refusal,
    };
    let key = match who {
        None => Some(caller.user),
        Some(text) => match names::mention(text) {
            Some(id) => id,
            None => {
                let wanted = names::key(text);
                standings::find_by_name(&found, |name| names::key(name) == wanted)
            }
        },
    };
    match key.and_then(|key| standings::profile(&found, key)) {
        Some(profile) => vec![private_to_caller(caller, profile_text(&profile))],
        None => match who {
            None => refuse(caller, crate::t!("community-no-profile-yet")),
            Some(name) => refuse(
                caller,
                crate::t!("community-no-such-player", name = excerpt(name)),
            ),
        },
    }
}

/// A profile in words, one fact per line.
pub fn profile_text(p: &Profile) -> String {
    let resource = |i: Option<usize>| match i.and_then(|i| Resource::ALL.get(i)) {
        Some(r) => r.in_words(),
        None => crate::t!("community-profile-nothing"),
    };
    let mut lines = vec![
        crate::t!(
            "community-profile-head",
            name = p.name.clone(),
            season = p.season
        ),
        crate::t!("community-profile-games", games = p.games, wins = p.wins),
    ];
    lines.push(match p.rating {
        Some((points, rank)) => {
            let trend: Vec<String> = p.trend.iter().map(|c| format!("{c:+}")).collect();
            crate::t!(
                "community-profile-rating",
                points = points,
                rank = rank,
                trend = trend.join(" ")
            )
        }
        None => crate::t!("community-profile-unrated"),
    });
    lines.push(crate::t!(
        "community-profile-resources",
        favourite = resource(p.favourite),
        robbed = resource(p.most_robbed)
    ));
    lines.push(crate::t!(
        "community-profile-route",
        length = p.longest_route
    ));
    lines.join("\n")
}

/// `season new`: managers only. The finished season keeps its ranking (`leaderboard season
/// N`); everyone starts the new one unrated.
pub(super) fn season_new(table: &mut Table, caller: &Caller, now_ms: u64) -> Vec<Reply> {
    let Some(id) = caller.community else {
        return refuse(caller, crate::t!("community-none-here"));
    };
    if !caller.manages_community {
        return refuse(caller, crate::t!("community-season-managers-only"));
    }
    match community::store::new_season(table.store.as_ref(), id, now_ms) {
        Ok(season) => vec![
            Reply::public(
                caller.place,
                crate::t!(
                    "community-season-started",
                    season = season,
                    previous = season - 1,
                    name = caller.name.clone()
                ),
            )
            .to_caller(),
        ],
        Err(e) => refuse(
            caller,
            crate::t!("community-season-not-started", error = e.to_string()),
        ),
    }
}
