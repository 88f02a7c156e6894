# Ratings and leaderboards per community (a Discord server, a Matrix room): src/community,
# src/table/dispatch/community.rs.
lobby-describe-rated = {" "}· rated
lobby-describe-unrated = {" "}· unrated
lobby-rated-on-off = `rated` is `on` or `off`, not `{ $value }`.
community-leaderboard-usage = Say `leaderboard` for the current season, or `leaderboard season 2` for an earlier one.
community-not-a-season = `{ $value }` is not a season number (seasons are counted from 1).
community-season-usage = Say `season new` to start the next rating season (managers only).
community-none-here = Ratings are kept per community (a server or a room); a game here counts towards none, so there is no leaderboard or profile.
community-unreadable = The ratings could not be read: { $error }
community-no-such-season = There is no season { $season } yet: this is season { $current }.
# $season: a number. A leaderboard's first line.
community-board-head = 🏆 Leaderboard, season { $season }
community-board-head-past = 🏆 Leaderboard, season { $season } (finished)
community-board-empty = No rated game in this season yet.
community-board-row = { $rank }. { $name }: { $points } ({ $games ->
    [one] 1 rated game
   *[other] { $games } rated games
}, { $wins ->
    [one] 1 win
   *[other] { $wins } wins
})
# $line: the asker's row as community-board-row says it.
community-board-you = You: { $line }
community-board-you-unranked = You have no rated game in this season yet.
community-no-profile-yet = You have not finished a game in this community yet.
community-no-such-player = Nobody called { $name } has finished a game in this community.
community-profile-head = 📇 { $name } (season { $season })
community-profile-games = { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $wins ->
    [one] 1 win
   *[other] { $wins } wins
}
# $trend: the latest rating changes, oldest first, e.g. "+12 -5 +8".
community-profile-rating = Rating { $points } (#{ $rank }), latest changes: { $trend }
community-profile-unrated = No rated game this season yet.
community-profile-resources = Favourite resource: { $favourite } · robbed most: { $robbed }
community-profile-nothing = none yet
community-profile-route = Longest route: { $length }
community-season-managers-only = Only a manager of this community may start a new season.
community-season-started = { $name } started season { $season }: everyone starts unrated. The leaderboard of season { $previous } stays readable.
community-season-not-started = The new season could not be started: { $error }
# Discord's slash commands (ids from the command path, see discord/localize.rs).
dc-catan-game-name = game
dc-catan-game-desc = The game as a whole: abandon, rematch, its latest moves, its public record.
dc-catan-game-abandon-name = abandon
dc-catan-game-abandon-desc = Abandon the game here (host, or someone who can manage the channel).
dc-catan-game-rematch-name = rematch
dc-catan-game-rematch-desc = Play the game that just ended here again, with the same players and settings.
dc-catan-game-log-name = log
dc-catan-game-log-desc = Show the latest moves.
dc-catan-game-export-name = export
dc-catan-game-export-desc = Get the game's public record (every move and announcement) as a file.
dc-catan-ratings-leaderboard-name = leaderboard
dc-catan-ratings-leaderboard-desc = Show this server's rating leaderboard: the top ten and your rank.
dc-catan-ratings-leaderboard-season-name = season
dc-catan-ratings-leaderboard-season-desc = Which season (the current one if left out)
dc-catan-ratings-profile-name = profile
dc-catan-ratings-profile-desc = Show a player's record on this server: games, wins, rating and its trend, resources.
dc-catan-ratings-profile-player-name = player
dc-catan-ratings-profile-player-desc = Whose record: a name or a mention (yours if left out)
dc-catan-ratings-season-name = season
dc-catan-ratings-season-desc = Rating seasons of this server.
dc-catan-ratings-season-new-name = new
dc-catan-ratings-season-new-desc = Start the next rating season (Manage Server); earlier seasons stay readable.
dc-catan-new-rated-name = rated
dc-catan-new-rated-desc = Whether the game moves this server's ratings (default: only without bots)
# The leaderboard picture: its title, and the line under each name.
community-board-title = Leaderboard, season { $season }
community-board-title-past = Leaderboard, season { $season } (finished)
community-board-detail = { $games ->
    [one] 1 rated game
   *[other] { $games } rated games
}, { $wins ->
    [one] 1 win
   *[other] { $wins } wins
}
