# Wie die Konsole und getippte Chats Hinweise zeigen; `$cmd` usw. sind Befehle in den
# Befehlswörtern dieser Sprache.
hints-or-examples = { $cmd } (oder { $others })
hints-join = { $cmd }, um dich hinzusetzen
hints-start = { $cmd } (der Gastgeber)
hints-new = { $cmd }, um ein Spiel zu eröffnen
hints-lists-all = { $cmd }; { $list } zeigt alle
hints-build = { $road } / { $settlement } / { $city } oder { $buy }
hints-either = { $a } oder { $b }
hints-robber = { $cmd }; { $list } zeigt die Felder
hints-confirm = { $cmd } (Anbieter)
hints-rules = { $cmd } zeigt die Regelthemen

# Die Befehlsliste (`hilfe`) und die Regelthemen (`regeln <thema>`).
help-rules-topics = Regelthemen: { $topics }. Frag nach einem davon oder stell eine Frage in deinen eigenen Worten.
help-rules-unknown = Darauf weiß ich keine Antwort. Regelthemen: { $topics }.
help-commands =
    {"**"}Lobby**: `neu [spieler 4] [spielplan einsteiger|variabel|zufallszahlen] [sp 10] [ablegen 7] [zugtimer 5|aus] [freundlich an] [ausgeglichen an]`, `setze sp 12`, `mitspielen`, `verlassen`, `starten` (Gastgeber), `abbrechen` (Gastgeber oder ein Verwalter); nach einem Spiel `revanche` (dieselben Spieler und Einstellungen).
    {"**"}Bots**: `botdazu [leicht|stark|experte]`, `botweg [Name]` (Gastgeber, in der Lobby; oder `neu bots 3`); `setze abwesend warten` legt fest, was passiert, wenn der Zugtimer abläuft (bot, die Vorgabe: ein Bot spielt den Platz; automatisch: ein automatischer Spielzug; warten: nichts); mit `weg` spielt ein Bot deinen Platz, bis du wieder etwas tust oder `zurück` sagst.
    {"**"}Dein Zug**: `würfeln`, `baue straße 8-13`, `baue siedlung 12`, `baue stadt 12`, `kaufe`, `ende`.
    {"**"}Karten**: `spiele ritter C3 bob`, `spiele straßenbau 8-13 13-9`, `spiele erfindung wolle erz`, `spiele monopol erz`.
    {"**"}Nach einer 7**: `abwerfen 2 wolle 1 erz`, `räuber C3 bob`.
    {"**"}Helfer von Catan** (`neu helfer an` oder `setze helfer an`): `helfer ?` zeigt, was dein Helfer jetzt tun kann, als Befehle zum Tippen.
    {"**"}Handel**: `bank 4 erz für 1 wolle`; `biete 1 wolle für 1 erz [an bob]`, `annehmen 1`, `ablehnen 1`, `bestätige 1 bob`, `zurückziehen 1`, `handel liste`.
    {"**"}Info**: `züge` (was du jetzt tun kannst), `baue straße ?` (wo: auch `baue siedlung ?`, `baue stadt ?`, `räuber ?`, `räuber C3 ?`, `spiele ritter ?`, `spiele straßenbau ?`), `hand`, `spielplan`, `status`, `statistik` (Würfel, Karten, Räuber und Handel bisher, mit Grafik), `protokoll`, `exportieren` (die Aufzeichnung des Spiels, für `catan-bot verify`), `regeln <thema>`.
    Spieler nennst du genau so, wie sie angezeigt werden, oder nach Platz: `räuber C3 platz 2`.
    Kreuzungen sind die Zahlen auf dem Spielplan, Straßen zwei benachbarte Zahlen (`8-13`), Felder Reihenbuchstabe + Position (`C3`). Die englischen Namen der Rohstoffe und Karten gehen auch.

help-title-robber = Räuber
help-topic-robber = Der Räuber blockiert sein Feld: Solange er dort steht, bringt es keine Erträge. Er zieht, wenn jemand eine 7 würfelt oder einen Ritter ausspielt: Der Spieler stellt ihn auf ein anderes Feld (die Wüste ist erlaubt) und zieht eine zufällige Karte von einem Spieler mit Siedlung oder Stadt an diesem Feld (bei mehreren nach Wahl; nie von sich selbst; hat niemand Karten, wird nichts gezogen). Hausregel `setze freundlich an` (in der Lobby): Wer höchstens 2 sichtbare Siegpunkte hat, ist geschützt (`regeln freundlicher räuber`).
help-title-seven = 7
help-topic-seven = Bei einer 7 gibt es keine Erträge. Wer mehr als 7 Karten hat (das Ablegelimit des Tisches), legt die Hälfte ab, abgerundet, nach eigener Wahl; dann versetzt der Würfelnde den Räuber und raubt. Hausregel `setze ausgeglichen an` (in der Lobby): Die Würfe kommen aus einem gemischten Stapel der 36 Würfelergebnisse, ein Stapel von 24 Würfen hat also höchstens sechs Siebenen (`regeln ausgeglichene würfel`).
help-title-ports = Häfen
help-topic-ports = Seehandel mit dem Vorrat geht 4:1, jederzeit in deiner Handelsphase. Ein Gebäude an einem 3:1-Hafen erlaubt 3 gleiche gegen 1; an einem 2:1-Hafen 2 des Hafen-Rohstoffs gegen 1. Ein Hafen gilt schon in dem Zug, in dem du an ihm baust.
help-title-longest-route = Längste Handelsstraße
help-topic-longest-route = Längste Handelsstraße, 2 Siegpunkte: Wer als Erster eine ununterbrochene Kette aus mindestens 5 Straßen hat, bekommt sie; ein anderer Spieler bekommt sie nur mit einer echt längeren Kette. Abzweigungen zählen nicht mit; ein Ring zählt alle seine Straßen. Eine fremde Siedlung auf deiner Kette unterbricht sie. Wird sie unterbrochen und ist niemand eindeutig am längsten, wird die Karte beiseitegelegt.
help-title-largest-army = Größte Rittermacht
help-topic-largest-army = Größte Rittermacht, 2 Siegpunkte: Wer als Erster 3 Ritter ausgespielt hat, bekommt sie; ein anderer bekommt sie nur mit echt mehr ausgespielten Rittern.
help-title-devcards = Entwicklungskarten
help-topic-devcards = Eine kostet Erz + Wolle + Getreide. Spiele höchstens eine pro Zug aus, vor oder nach dem Würfeln, aber nicht im Zug, in dem du sie gekauft hast. Ritter: Versetze den Räuber und raube. Straßenbau: 2 Straßen gratis. Erfindung: Nimm 2 beliebige Karten aus dem Vorrat. Monopol: Jeder andere Spieler gibt dir alle Karten eines Rohstoffs. Siegpunktkarten werden nie ausgespielt: Sie zählen verdeckt und werden aufgedeckt, wenn du gewinnst.
help-title-distance = Abstandsregel
help-topic-distance = Keine Siedlung und keine Stadt darf neben einer anderen stehen, egal wessen: Die benachbarten Kreuzungen einer neuen Siedlung müssen alle frei sein. Nach der Gründungsphase muss eine neue Siedlung außerdem an eine deiner Straßen grenzen.
help-title-trading = Handel
help-topic-trading = Nur der Spieler am Zug handelt mit den anderen, nach dem Würfeln; jeder darf dem Spieler am Zug ein Angebot machen. Beide Seiten geben mindestens eine Karte, nie denselben Rohstoff auf beiden Seiten, und Entwicklungskarten werden nie gehandelt. Hier wird ein Angebot für alle gezeigt, die es annehmen oder ablehnen; wer es gemacht hat, wählt dann einen derer, die angenommen haben. Angebote enden mit dem Zug.
help-title-special-build = Spezielle Bauphase
help-topic-special-build = Mit 5 oder 6 Spielern: Nach jedem Zug darf jeder andere Spieler reihum mit dem bauen und Entwicklungskarten kaufen, was er hat (kein Handel, keine Karte ausspielen), und beendet dann seinen Abschnitt.
help-title-setup = Gründungsphase
help-topic-setup = Runde eins in Sitzreihenfolge: Jeder setzt eine Siedlung und eine Straße daran. Runde zwei in umgekehrter Reihenfolge: eine zweite Siedlung (muss nicht anschließen) und eine Straße daran; die zweite Siedlung bringt eine Karte je angrenzendem Landschaftsfeld. Dann beginnt der erste Spieler den ersten Zug.
help-title-winning = Sieg
help-topic-winning = Siedlung 1 Siegpunkt, Stadt 2, Längste Handelsstraße 2, Größte Rittermacht 2, jede Siegpunktkarte 1. Erreichst du das Ziel (10, wenn der Gastgeber nichts anderes gewählt hat) in deinem eigenen Zug, gewinnst du sofort. Erreichst du es im Zug eines anderen, gewinnst du, wenn dein Zug beginnt.

## rules_desk: die eigenen Worte der Regelauskunft
rules-desk-see-also = Siehe auch: { $questions }
rules-desk-too-long = Diese Frage ist { $chars } Zeichen lang; die Regelauskunft liest Fragen bis { $max } Zeichen. Frag bitte kürzer.
rules-desk-damaged = Die Wissensbasis der Regelauskunft ist beschädigt ({ $why }); die Regelthemen funktionieren weiter.
hints-helper = { $cmd } zeigt, was dein Helfer tun kann
rules-desk-rules = Regeln
