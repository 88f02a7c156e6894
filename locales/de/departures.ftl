# table/dispatch/departures.rs: a player left the game's place (a Matrix room) or came back.
departures-left-bot = 🚪 { $name } hat den Raum verlassen: Ein Bot spielt für { $name }, bis er zurückkommt und einen Zug macht.
departures-left-auto = 🚪 { $name } hat den Raum verlassen: Wenn der Zugtimer abläuft, zieht der Tisch für { $name }.
departures-left-wait = 🚪 { $name } hat den Raum verlassen: Das Spiel wartet, bis { $name } zurückkommt (oder der Gastgeber es abbricht).
departures-lobby-left = 🚪 { $name } hat den Raum verlassen und ist nicht mehr in der Lobby.
departures-lobby-closed = 🚪 { $name } hat den Raum verlassen, und in der Lobby ist niemand mehr: Spiel { $game } ist geschlossen.
departures-everyone-left = 🚪 { $name } hat als letzter Spieler den Raum verlassen: Spiel { $game } ist abgebrochen.
departures-back = 👋 { $name } ist wieder im Raum.
departures-back-bot = 👋 { $name } ist wieder im Raum: Mit einem eigenen Zug (oder zurück) übernimmt er seinen Platz wieder vom Bot.
departures-not-saved = { $name } hat den Raum verlassen, aber das konnte nicht gespeichert werden ({ $error }): Der Platz bleibt, wie er war.
