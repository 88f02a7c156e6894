# Wertungen und Ranglisten pro Gemeinschaft (ein Discord-Server, ein Matrix-Raum).
lobby-describe-rated = {" "}· gewertet
lobby-describe-unrated = {" "}· ungewertet
lobby-rated-on-off = `rated` ist `on` oder `off`, nicht `{ $value }`.
community-leaderboard-usage = Sag `rangliste` für die laufende Saison oder `rangliste saison 2` für eine frühere.
community-not-a-season = `{ $value }` ist keine Saisonnummer (Saisons zählen ab 1).
community-season-usage = Sag `saison neu`, um die nächste Wertungssaison zu beginnen (nur Verwalter).
community-none-here = Wertungen gibt es pro Gemeinschaft (ein Server oder ein Raum); ein Spiel hier zählt für keine, also gibt es keine Rangliste und kein Profil.
community-unreadable = Die Wertungen konnten nicht gelesen werden: { $error }
community-no-such-season = Saison { $season } gibt es noch nicht: Dies ist Saison { $current }.
community-board-head = 🏆 Rangliste, Saison { $season }
community-board-head-past = 🏆 Rangliste, Saison { $season } (beendet)
community-board-empty = In dieser Saison gibt es noch kein gewertetes Spiel.
community-board-row = { $rank }. { $name }: { $points } ({ $games ->
    [one] 1 gewertetes Spiel
   *[other] { $games } gewertete Spiele
}, { $wins ->
    [one] 1 Sieg
   *[other] { $wins } Siege
})
community-board-you = Du: { $line }
community-board-you-unranked = Du hast in dieser Saison noch kein gewertetes Spiel.
community-no-profile-yet = Du hast in dieser Gemeinschaft noch kein Spiel beendet.
community-no-such-player = Niemand namens { $name } hat in dieser Gemeinschaft ein Spiel beendet.
community-profile-head = 📇 { $name } (Saison { $season })
community-profile-games = { $games ->
    [one] 1 Spiel
   *[other] { $games } Spiele
}, { $wins ->
    [one] 1 Sieg
   *[other] { $wins } Siege
}
community-profile-rating = Wertung { $points } (#{ $rank }), letzte Änderungen: { $trend }
community-profile-unrated = In dieser Saison noch kein gewertetes Spiel.
community-profile-resources = Lieblingsrohstoff: { $favourite } · am meisten geraubt: { $robbed }
community-profile-nothing = noch keiner
community-profile-route = Längste Straße: { $length }
community-season-managers-only = Nur ein Verwalter dieser Gemeinschaft kann eine neue Saison beginnen.
community-season-started = { $name } hat Saison { $season } begonnen: Alle starten ungewertet. Die Rangliste von Saison { $previous } bleibt lesbar.
community-season-not-started = Die neue Saison konnte nicht beginnen: { $error }
dc-catan-game-name = spiel
dc-catan-game-desc = Das Spiel als Ganzes: abbrechen, Revanche, die letzten Züge, das öffentliche Protokoll.
dc-catan-game-abandon-name = abbrechen
dc-catan-game-abandon-desc = Brich das Spiel hier ab (Gastgeber oder wer den Kanal verwalten darf).
dc-catan-game-rematch-name = revanche
dc-catan-game-rematch-desc = Spiele das eben beendete Spiel noch einmal, mit denselben Spielern und Einstellungen.
dc-catan-game-log-name = protokoll
dc-catan-game-log-desc = Zeige die letzten Spielzüge.
dc-catan-game-export-name = export
dc-catan-game-export-desc = Hole das öffentliche Protokoll des Spiels (jeder Zug, jede Ansage) als Datei.
dc-catan-ratings-leaderboard-name = rangliste
dc-catan-ratings-leaderboard-desc = Zeige die Wertungs-Rangliste dieses Servers: die besten zehn und deinen Rang.
dc-catan-ratings-leaderboard-season-name = saison
dc-catan-ratings-leaderboard-season-desc = Welche Saison (die laufende, wenn leer)
dc-catan-ratings-profile-name = profil
dc-catan-ratings-profile-desc = Zeige die Bilanz eines Spielers auf diesem Server: Spiele, Siege, Wertung, Rohstoffe.
dc-catan-ratings-profile-player-name = spieler
dc-catan-ratings-profile-player-desc = Wessen Bilanz: ein Name oder eine Erwähnung (deine, wenn leer)
dc-catan-ratings-season-name = saison
dc-catan-ratings-season-desc = Wertungssaisons dieses Servers.
dc-catan-ratings-season-new-name = neu
dc-catan-ratings-season-new-desc = Beginne die nächste Wertungssaison (Server verwalten); frühere bleiben lesbar.
dc-catan-new-rated-name = gewertet
dc-catan-new-rated-desc = Ob das Spiel die Wertungen dieses Servers ändert (sonst nur ohne Bots)
community-board-title = Rangliste, Saison { $season }
community-board-title-past = Rangliste, Saison { $season } (beendet)
community-board-detail = { $games ->
    [one] 1 gewertetes Spiel
   *[other] { $games } gewertete Spiele
}, { $wins ->
    [one] 1 Sieg
   *[other] { $wins } Siege
}
