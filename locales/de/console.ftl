# Die eigenen Worte des Terminals rund um die Texte des Tisches.
console-not-resumed = Das gespeicherte Spiel { $game } konnte nicht fortgesetzt werden: { $reason }
console-line-skipped = Zeile { $line } übersprungen: { $reason }
console-typing-as = Du tippst jetzt als { $name }
console-unknown-player = `{ $name }` ist keiner der Spieler ({ $players }); tippe `name: befehl` oder `als name`.
console-help = In diesem Terminal: `name: befehl` spielt als dieser Spieler, `als name` macht einfache Befehle zu denen dieses Spielers, `schluss` beendet (das Spiel bleibt nur mit --data erhalten).
console-game-over = Das Spiel ist zu Ende. Starte catan-bot local erneut für ein neues.
console-and = {" "}und{" "}
console-waits-for = {" "}Das Spiel wartet auf { $names }.
console-whose = Wessen Befehl ist `{ $text }`? Spieler: { $players }.{ $awaited } Schreib `{ $example }: { $text }` oder `als { $example }`, um ab jetzt als { $example } zu tippen.
console-resumed = Spiel { $game } bei Spielzug { $version } fortgesetzt
console-seats = Spieler in Zugreihenfolge, mit ihrer Farbe auf dem Spielplan: { $seats }.
console-how-to-type = Tippe `name: befehl` (z. B. `{ $example }: züge`) oder einmal `als { $example }` und dann einfache Befehle. `züge` zeigt, was du jetzt tun kannst, `baue straße ?` wo, `hilfe` alle Befehle, `schluss` beendet.
console-not-kept = Dieses Spiel wird nicht gespeichert: Es ist weg, wenn du beendest. Starte mit --data DIR, um es zu behalten und später fortzusetzen.
console-answer-with = Antworte mit { $commands }.
console-answer-with-either = Antworte mit { $first } oder { $last }.
console-private-to = [privat an { $name }]
console-board-written = [Spielplan gespeichert in { $path }]
console-picture-written = [{ $what ->
    [dice] Würfelstatistik
    [timeline] Verlauf
   *[other] { $what }
} gespeichert in { $path }]
console-board-not-drawn = [der Spielplan konnte nicht gezeichnet werden: { $error }]
console-file-written = [Datei gespeichert in { $path }]
console-file-not-written = [Datei { $name } nicht gespeichert: --no-boards]
console-turn-timer = (Zugtimer: bis { $time } UTC)
