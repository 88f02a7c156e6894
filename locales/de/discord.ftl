# Discords eigene Worte rund um die Texte des Tisches (`src/discord/`).
dchint-join = **Mitspielen** (oder `/catan mitspielen`)
dchint-start = **Starten**, wenn alle da sind (Gastgeber; `/catan starten`)
dchint-new = `/catan neu` eröffnet das nächste Spiel
dchint-place-settlement = **Siedlung setzen**, um einen Platz zu wählen (oder `/catan-zug bauen siedlung`{ $example })
dchint-place-road = **Straße setzen**, um eine Straße zu wählen (oder `/catan-zug bauen straße`{ $example })
dchint-example = , z. B. `{ $place }`
dchint-roll = **Würfeln**
dchint-build = **Bauen** (Straßen, Siedlungen, Städte, Karten)
dchint-buy-card = **Bauen** → Entwicklungskarte (oder `/catan-zug kaufen`)
dchint-play-card = **Karte spielen**
dchint-trade = **Handeln** (Bank oder ein Angebot an alle; `/catan-handel anbieten` für jede Mischung)
dchint-end-turn = **Zug beenden**
dchint-discard = **Ablegen**, um die Karten zu wählen (oder `/catan-zug abwerfen`)
dchint-move-robber = **Räuber versetzen**, um ein Feld und ein Opfer zu wählen
dchint-answer-offer = reagiere mit ✅ zum Annehmen oder ❌ zum Ablehnen (entferne die Reaktion, um sie zurückzunehmen)
dchint-confirm-offer = wer anbietet, wählt mit den Knöpfen einen Partner
dchint-hand = **Meine Hand**
dchint-help = `/catan hilfe`
dchint-rules = `/catan regeln` für die Regelthemen
dc-turn-timer = ⏱ Zugtimer: { $at }
dc-my-hand = Meine Hand

## help.rs: `/catan hilfe`, nur für den, der fragt
dhelp-title = Catan hier: so wird gespielt
dhelp-intro = Alles geht per Klick. Mit jedem Zug wird der Spielplan gezeigt; Zahlen bezeichnen Kreuzungen, zwei Zahlen eine Straße (`12-13`), ein Buchstabe und eine Zahl ein Feld (`C3`).
dhelp-start-name = Ein Spiel beginnen
dhelp-start = `/catan neu` eröffnet einen Tisch (Optionen: spieler, spielplan, siegpunkte, ablegegrenze, zugtimer, startwert). Die anderen drücken **Mitspielen**; der Gastgeber drückt **Starten**. **Verlassen** und **Abbrechen** gibt es auch.
dhelp-bots-name = Bots
dhelp-bots = **Bot hinzufügen** am Tisch (oder `/catan neu bots:3`, `/catan bot dazu stufe:leicht`) setzt einen Computerspieler dazu. Die Option `abwesend` von `/catan neu` legt fest, was geschieht, wenn der Zugtimer abläuft: Ein Bot spielt den Platz (bis sein Spieler wieder handelt), ein automatischer Zug, oder nichts. `/catan bot weg` lässt einen Bot deinen Platz spielen; `/catan bot zurück` holt ihn zurück.
dhelp-turn-name = Dein Zug
dhelp-turn = Die Zugnachricht erwähnt dich und zeigt, was du tun kannst: **Würfeln**, **Bauen** (Straße, Siedlung, Stadt oder eine Entwicklungskarte), **Handeln**, **Karte spielen**, **Zug beenden**. **Meine Hand** zeigt deine Karten, nur dir. Nach einer 7: **Ablegen** und **Räuber versetzen**.
dhelp-trading-name = Handel
dhelp-trading = **Handeln** → mit der Bank zu deinem besten Kurs, oder ein 1:1-Angebot an alle. Die anderen reagieren mit ✅ zum Annehmen oder ❌ zum Ablehnen (Reaktion entfernen nimmt es zurück); wer angeboten hat, wählt mit den Knöpfen am Angebot einen Partner. Beliebige Karten: `/catan-handel anbieten gib:2 wolle will:1 erz`.
dhelp-commands-name = Genaue Befehle
dhelp-commands = Züge: `/catan-zug würfeln`, `bauen straße|siedlung|stadt`, `kaufen`, `ausspielen ritter|straßenbau|erfindung|monopol`, `räuber`, `abwerfen`, `ende`. Handel: `/catan-handel anbieten|annehmen|ablehnen|bestätigen|zurückziehen|liste`, `/catan-handel bank`. Der Tisch: `/catan hand`, `spielplan`, `status`, `statistik` (Würfel, Karten, Räuber und Handel bisher, mit Grafik), `regeln` (ein Thema oder eine Regelfrage), `helfer`, `spiel protokoll|export|revanche|abbrechen`. Wertungen: `/catan-wertung rangliste`, `profil`, `saison neu` (Server verwalten). Orte werden beim Tippen vorgeschlagen, nur erlaubte; einen Spieler nennst du per Erwähnung, Platz (`platz 2`) oder Name.
dhelp-helpers-name = Helfer von Catan
dhelp-helpers = `/catan neu helfer:True` gibt jedem eine Helferkarte; der Spielplan zeigt sie neben dem Namen mit ihrer Seite (A oder B). `/catan helfer` schlägt beim Tippen vor, was deiner jetzt tun kann, z. B. `nutze jean erz`; nach einem Einsatz drehst du ihn auf Seite B oder tauschst ihn gegen einen aus der Auslage.
dhelp-dice-name = Faire Würfel
dhelp-dice = Würfel und Karten kommen aus einem geheimen Startwert; die Startnachricht zeigt seine Festlegung (Commitment). Am Ende werden der Startwert und das Protokoll des Spiels gezeigt: Jeder kann jeden Wurf mit `catan-bot verify` prüfen. `/catan spiel export` liefert das Protokoll bis jetzt.
dchint-helper = **Helfer** (oder `/catan helfer`)
discord-internal-failure = Beim Bot ist etwas schiefgegangen. Bitte versuch es noch einmal; wenn es wieder passiert, sag es dem, der den Bot betreibt.
discord-new-game-thread = Neues Catan-Spiel in { $thread }: Mach dort mit.
# Die private Antwort auf einen Befehl, dessen Ergebnis eine Nachricht im Kanal ist (z. B. die Lobby).
discord-see-message = Steht im Kanal: { $link }
discord-see-channel = Das Spiel steht in { $channel }.
