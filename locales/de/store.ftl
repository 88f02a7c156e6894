## table/load.rs: what start-up tells a game's players about damage the store found (with the
## load-… messages in table.ftl)

# The game itself (not its lobby) is back at its first move: every saved move was lost.
load-game-lost = Es geht nach Spielzug 0 weiter, dem zuletzt geprüften: Das ganze Spiel ({ $last ->
    [one] { $last } Spielzug
   *[other] { $last } Spielzüge
}) ist verloren
load-game-lost-lobby = Das ganze Spiel ({ $last ->
    [one] { $last } Spielzug
   *[other] { $last } Spielzüge
}) ist verloren: Es ist wieder in seiner Lobby, wie zuletzt geprüft, und kann neu gestartet werden
load-unverified = Spiel #{ $game }: Die Datei, die belegt, dass kein gespeicherter Spielzug verloren ging ({ $file }), fehlte oder war beschädigt; verlorene Spielzüge sind daher nicht auszuschließen. { $resumes } Falls weitergespielt worden war, sind diese Spielzüge verloren.
load-resumes-after = Es geht nach Spielzug { $verified } weiter, dem zuletzt gespeicherten.
load-resumes-in-lobby = Es geht in seiner Lobby weiter.
load-told-until-next-move = Dieser Hinweis wird bei jedem Start wiederholt, bis der nächste Spielzug gemacht ist.
