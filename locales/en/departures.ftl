# table/dispatch/departures.rs: a player left the game's place (a Matrix room) or came back.
departures-left-bot = 🚪 { $name } left the room: a bot plays { $name }'s seat until they come back and make a move.
departures-left-auto = 🚪 { $name } left the room: when the turn timer runs out, the table moves for { $name }.
departures-left-wait = 🚪 { $name } left the room: the game waits for { $name } to come back (or the host abandons it).
departures-lobby-left = 🚪 { $name } left the room and is no longer in the lobby.
departures-lobby-closed = 🚪 { $name } left the room and nobody is left in the lobby: game { $game } is closed.
departures-everyone-left = 🚪 { $name } left the room, the last player in it: game { $game } is abandoned.
departures-back = 👋 { $name } is back in the room.
departures-back-bot = 👋 { $name } is back in the room: any move of theirs (or back) takes the seat back from the bot.
departures-not-saved = { $name } left the room, but that could not be saved ({ $error }): the seat stays as it was.
