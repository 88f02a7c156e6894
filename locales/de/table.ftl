# Die Nachrichten des Spieltischs (src/table/): Ereignisse, Hand, Status, Lobby, Angebote, Zugtimer.

## messages.rs

messages-and = und
messages-port-generic = 3:1-Hafen
messages-port-special = 2:1-Hafen { $resource }
messages-turn-started = Zug { $turn }: { $name } ist am Zug.
messages-special-build = Spezielle Bauphase: { $name } darf bauen oder eine Karte kaufen, dann beenden.
messages-rolled = 🎲 { $name } würfelt { $first } + { $second } = { $sum }.
messages-produced = Erträge: { $gains }.
messages-shortage = Im Vorrat fehlt { $resource }: niemand bekommt { $resource } aus diesem Wurf.
messages-robber-blocked = Der Räuber auf { $hex } blockiert die Erträge für { $names }.
messages-starting-resources = { $name } erhält Startrohstoffe: { $cards }.
messages-must-discard = Zu viele Karten! { $owed } muss die Hälfte der Karten ablegen.
messages-discarded = { $name } hat { $cards } abgelegt.
messages-robber-moved = { $name } versetzt den Räuber auf { $hex }.
messages-stole = { $thief } zieht eine Karte von { $victim }.
messages-nothing-to-steal = { $name } konnte dort niemanden berauben.
messages-road-built = { $name } baut eine Straße bei { $place }.
messages-settlement-built = { $name } baut eine Siedlung bei { $place }.
messages-city-built = { $name } baut eine Stadt bei { $place }.
messages-card-bought = { $name } kauft eine Entwicklungskarte.
messages-card-played = { $name } spielt { $card }.
messages-invention-taken = { $name } nimmt { $cards } aus dem Vorrat.
messages-monopoly-from = { $count } von { $name }
messages-monopoly-none = { $name } fordert alles { $resource }, aber niemand hatte welches.
messages-monopoly = { $name } fordert alles { $resource }: { $from } ({ $total } insgesamt).
messages-maritime-traded = { $name } tauscht { $gave } mit dem Vorrat gegen { $got }.
messages-domestic-traded = { $name } gibt { $other } { $gave } für { $got }.
messages-longest-route = 🛣️ { $name } hat jetzt die Längste Handelsstraße ({ $count ->
    [one] { $count } Straße
   *[other] { $count } Straßen
}).
messages-longest-route-set-aside = Die Längste Handelsstraße wird beiseitegelegt, bis ein Spieler allein die längste Straße mit 5 oder mehr hat.
messages-largest-army = ⚔️ { $name } hat jetzt die Größte Rittermacht ({ $count } Ritter).
messages-turn-ended = { $name } beendet den Zug.
messages-won = 🏆 { $name } gewinnt mit { $vp } Siegpunkten!
messages-you-stole = Du hast 1 { $card } von { $name } gezogen.
messages-stole-from-you = { $name } hat dir 1 { $card } gezogen.
messages-you-drew = Du hast gezogen: { $card }.
messages-hand = Deine Hand: { $hand } ({ $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
})
messages-hand-new-card = { $card } (neu)
messages-hand-cards = {" "}· Entwicklungskarten: { $cards }
messages-hand-vp = {" "}· deine Siegpunkte: { $vp }
messages-waiting-setup-settlement = Gründungsphase, Runde { $round }: { $name }, setze eine Siedlung.
messages-waiting-setup-road = Gründungsphase, Runde { $round }: { $name }, setze eine Straße ab { $place }.
messages-waiting-roll-or-play = { $name }: würfle (oder spiele vorher eine Entwicklungskarte).
messages-waiting-roll = { $name }: würfle.
messages-waiting-discards = Warten aufs Ablegen: { $owed }.
messages-waiting-discard-one = { $name } { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}
messages-waiting-robber = { $name }: versetze den Räuber.
messages-waiting-main = { $name }: baue, handle, spiele eine Karte oder beende den Zug.
messages-waiting-over = Das Spiel ist vorbei: { $name } hat gewonnen.
messages-discard-yours = Du musst { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
} abwerfen, die Hälfte deiner Hand: zum Beispiel `{ $example }`.
messages-status-longest-route = Längste Handelsstraße
messages-status-largest-army = Größte Rittermacht
messages-status-player = { $name } ({ $colour }): { $vp } SP · { $cards ->
    [one] { $cards } Karte
   *[other] { $cards } Karten
} · { $devcards ->
    [one] { $devcards } Entwicklungskarte
   *[other] { $devcards } Entwicklungskarten
} · { $knights } Ritter · Straße { $route }
messages-status-supply = Vorrat: { $bank } · Entwicklungskarten-Stapel: { $deck ->
    [one] { $deck } Karte
   *[other] { $deck } Karten
} · Zug { $turn } · { $vp } SP zum Sieg.

## helper_messages.rs

helper_messages-received = 🤝 { $name } nimmt den Helfer { $helper } ({ $summary }).
helper_messages-offered = { $name } darf jetzt { $helper } einsetzen oder die Gelegenheit auslassen.
helper_messages-declined = { $name } lässt die Gelegenheit von { $helper } aus.
helper_messages-used = 🤝 { $name } setzt { $helper } ein.
helper_messages-took = { $name } nimmt 1 { $card } aus dem Vorrat.
helper_messages-jean-rate = { $name } tauscht { $resource } für den Rest des Zuges 2:1 mit dem Vorrat.
helper_messages-road-lifted = { $name } nimmt die Straße bei { $place } auf.
helper_messages-knight-discarded = { $name } legt einen ausgespielten Ritter ab, um günstiger zu bauen.
helper_messages-army-set-aside = ⚔️ { $name } hat die Größte Rittermacht nicht mehr: Sie wird beiseitegelegt.
helper_messages-cards-looked-at = { $name } sieht sich { $count ->
    [one] die oberste Entwicklungskarte
   *[other] die obersten { $count } Entwicklungskarten
} an und behält eine.
helper_messages-hand-looked-at = { $name } sieht sich die Hand von { $victim } an.
helper_messages-nassir-demands = { $name } fordert { $resource }.
helper_messages-nassir-gave = Je eine Karte gegeben: { $names }.
helper_messages-nassir-had-none = Keine hatten: { $names }.
helper_messages-gave-back = { $name } gibt { $other } dafür eine Karte.
helper_messages-flipped = { $name } behält { $helper }, auf Seite B gedreht.
helper_messages-exchanged = { $name } legt { $returned } in die Auslage zurück und nimmt { $took }.
helper_messages-you-look-at = Du siehst: { $cards }. Behalte eine (`helper keep KARTE`); die anderen werden zurückgemischt.
helper_messages-their-hand = Hand von { $name }: { $hand }. Nimm eine Karte.
helper_messages-looks-at-your-hand = { $name } sieht sich deine Hand an.
helper_messages-you-give = Du gibst { $name } 1 { $card }.
helper_messages-gives-you = { $name } gibt dir 1 { $card }.

## dispatch/seating.rs

seating-button-join = Mitspielen
seating-button-leave = Verlassen
seating-button-add-bot = Bot hinzufügen (Gastgeber)
seating-button-start = Starten (Gastgeber)
seating-button-abandon = Abbrechen (Gastgeber)
seating-lobby-waiting = Warte auf mindestens { $count } Spieler.
seating-lobby-ready = Bereit: { $host } (Gastgeber) kann das Spiel starten.
seating-lobby =
    Catan-Lobby (Spiel { $game }), Gastgeber { $host }.
    Einstellungen: { $settings }.
    Plätze ({ $seated }/{ $seats }): { $names }.
    { $state }
seating-already-running-here = Hier läuft schon ein Spiel (Spiel { $game }): ein Spiel pro Ort. Spiel mit, oder der Gastgeber oder ein Verwalter bricht es ab.
seating-already-lobby-here = Hier ist schon eine Lobby offen (Spiel { $game }): ein Spiel pro Ort. Spiel mit, oder der Gastgeber oder ein Verwalter bricht es ab.
seating-game-id = Spiel { $game }
seating-too-many-lobbies = Du bist schon Gastgeber von { $count } nicht gestarteten Lobbys ({ $games }), mehr geht nicht. Starte oder verlasse zuerst eine; nicht gestartete Lobbys schließen sich auch von selbst.
seating-game-not-saved = Das Spiel konnte nicht gespeichert werden ({ $error }); versuch es noch einmal.
seating-two-player-note = (2 Spieler: ein lockeres Spiel; die Regeln sind für 3 oder mehr geschrieben.)
seating-opened = { $name } hat ein Spiel eröffnet.
seating-lobby-only = Das Spiel läuft schon: Mitspielen, Verlassen und Einstellungen gibt es nur in der Lobby vor dem Start.
seating-lobby-not-saved = Die Lobby konnte nicht gespeichert werden ({ $error }); versuch es noch einmal.
seating-only-host-settings = Nur der Gastgeber kann die Einstellungen ändern.
seating-table-too-small = { $count ->
    [one] { $count } Spieler ist
   *[other] { $count } Spieler sind
} schon dabei; der Tisch kann nicht kleiner sein.
seating-settings-changed = Einstellungen geändert.
seating-already-joined = Du spielst schon mit.
seating-table-full = Der Tisch ist voll ({ $count } Spieler).
seating-joined = { $name } spielt mit.
seating-cannot-leave-running = Ein laufendes Spiel kannst du nicht verlassen; der Gastgeber oder ein Verwalter kann es abbrechen.
seating-not-joined = Du spielst in diesem Spiel nicht mit.
seating-left-closed = { $name } ist gegangen; die Lobby ist geschlossen.
seating-left = { $name } ist gegangen.
seating-game-not-removed = Das Spiel konnte nicht entfernt werden ({ $error }); versuch es noch einmal.
seating-duration-hours = { $count } Std.
seating-duration-minutes = { $count } Min.
seating-lobby-expired = Die Lobby von Spiel { $game } ist geschlossen: Sie wurde nicht innerhalb von { $after } gestartet. Hier kann ein neues Spiel eröffnet werden.
seating-only-host-abandon = Nur der Gastgeber oder wer diesen Ort verwaltet, kann das Spiel abbrechen.
seating-abandoned = { $name } hat das Spiel abgebrochen.
seating-already-running = Das Spiel läuft schon.
seating-only-host-start = Nur der Gastgeber kann das Spiel starten.
seating-too-few-players = Es braucht mindestens 2 Spieler (3 bis 6 für das richtige Spiel); die anderen müssen zuerst mitspielen.
seating-could-not-start = Das Spiel konnte nicht starten: { $error }. Versuch es noch einmal.
seating-two-player-start = Ein lockeres Spiel zu zweit: Die Regeln sind für 3 oder mehr geschrieben.
seating-beginner-map-too-small = Der Einsteiger-Spielplan ist für 3–4 Spieler, daher nutzt dieses Spiel den variablen Aufbau.
seating-begins = Das Spiel beginnt! Reihenfolge: { $names }. { $rules }.

## dispatch/turn_message.rs

turn_message-button-place-settlement = Siedlung setzen
turn_message-button-place-road = Straße setzen
turn_message-button-roll = Würfeln
turn_message-button-discard = Ablegen
turn_message-button-robber = Räuber versetzen
turn_message-button-build = Bauen
turn_message-button-trade = Handeln
turn_message-button-play = Karte spielen
turn_message-button-end = Zug beenden
turn_message-button-hand = Meine Hand
turn_message-button-helper = Helfer

## dispatch/trades.rs

trades-open-offer = #{ $offer } ({ $give } für { $get })
trades-too-many-offers = Du hast { $count } offene Angebote, mehr geht nicht: { $offers }. Zieh zuerst eines zurück oder warte bis zum Ende dieses Zuges.
trades-button-accept = Annehmen
trades-button-decline = Ablehnen
trades-button-confirm = Bestätigen mit { $name }
trades-no-open-offers = Keine offenen Handelsangebote.
trades-offer-not-saved = Das Angebot konnte nicht gespeichert werden ({ $error }); versuch es noch einmal.
trades-posted = Angebot #{ $offer } veröffentlicht.
trades-answer-not-saved = Deine Antwort konnte nicht gespeichert werden ({ $error }); versuch es noch einmal.
trades-you-accepted = Du hast Angebot #{ $offer } angenommen.
trades-you-declined = Du hast Angebot #{ $offer } abgelehnt.
trades-change-not-saved = Die Änderung konnte nicht gespeichert werden ({ $error }); versuch es noch einmal.
trades-withdrawn-public = Handelsangebot #{ $offer } ({ $terms }) wurde zurückgezogen.
trades-withdrawn = Angebot #{ $offer } zurückgezogen.
trades-done = Handelsangebot #{ $offer } ist erledigt: { $name } gab { $other } { $give } für { $get }.
trades-take-back-not-saved = Das Zurücknehmen deiner Antwort konnte nicht gespeichert werden ({ $error }); versuch es noch einmal.
trades-took-back-acceptance = Du hast deine Annahme von Angebot #{ $offer } zurückgenommen.
trades-took-back-refusal = Du hast deine Ablehnung von Angebot #{ $offer } zurückgenommen.

## offers.rs

offers-not-trading-time = Gehandelt wird in der Handels- und Bauphase des Spielers am Zug (nach dem Würfeln).
offers-must-involve-current = Gehandelt wird nur mit dem Spieler am Zug: Richte dein Angebot an { $current }.
offers-to-self = Du kannst dir selbst kein Angebot machen.
offers-empty-side = Beide Seiten müssen mindestens eine Karte geben (keine Geschenke).
offers-same-resource = Du kannst nicht { $resource } gegen { $resource } tauschen: Ein Rohstoff darf nur auf einer Seite stehen.
offers-cannot-give = Du hast keine { $cards } zum Anbieten (deine Hand: { $hand }).
offers-no-such-offer = Es gibt kein offenes Angebot #{ $offer } (vielleicht ist es schon geschlossen).
offers-own-offer = Das ist dein eigenes Angebot.
offers-not-for-you = Angebot #{ $offer } ist nur für { $only }.
offers-only-current = Angebot #{ $offer } richtet sich an den Spieler am Zug, { $current }: Nur er kann es annehmen.
offers-acceptor-cannot-give = Du hast keine { $cards } für Angebot #{ $offer } (deine Hand: { $hand }).
offers-not-maker-withdraw = Nur { $maker }, von dem Angebot #{ $offer } stammt, kann es zurückziehen.
offers-not-maker-confirm = Nur { $maker }, von dem Angebot #{ $offer } stammt, kann es bestätigen.
offers-not-accepted = { $who } hat Angebot #{ $offer } nicht angenommen (angenommen von: { $accepted }).
offers-no-longer-holds = Angebot #{ $offer } kann nicht mehr zustande kommen: { $who } hat { $cards } nicht mehr.
offers-nobody-yet = noch niemandem
offers-describe-to = {" "}an { $name }
offers-describe-to-anyone = {" "}an alle
offers-describe = Handelsangebot #{ $offer } von { $name }{ $to }: gibt { $give }, möchte { $get }.
offers-describe-counter = Handelsangebot #{ $offer }: { $name } macht { $to } ein Gegenangebot zu Angebot #{ $countered }: { $give } gegen { $get } von dir.
offers-describe-accepted = Angenommen von: { $names }. { $name } wählt einen davon.
offers-describe-declined = Abgelehnt von: { $names }.
offers-terms = { $name } bot { $give } für { $get }

## dispatch/actions.rs

actions-not-saved = Das Spiel konnte nicht gespeichert werden ({ $error }); es ist nichts passiert. Versuch es noch einmal.
actions-must-discard = { $names }: Du hast mehr als { $limit } Karten, lege die Hälfte ab.
actions-offer-closed = Handelsangebot #{ $offer } ({ $terms }) ist geschlossen: Der Zug ist zu Ende.
actions-wrong-rate = Dein Kurs für { $give } ist { $rate }:1, also kostet { $count } { $get } { $cost } { $give }, nicht { $typed }.

## dispatch/bots.rs

bots-no-such-bot = An diesem Tisch gibt es keinen Bot namens { $name }.
bots-no-bot = An diesem Tisch gibt es keinen Bot.
bots-joined = { $name } ({ $level ->
    [easy] ein leichter Bot
    [expert] ein Experten-Bot
   *[other] ein starker Bot
}) spielt mit.
bots-only-host-add = Nur der Gastgeber kann Bots hinzufügen.
bots-only-host-remove = Nur der Gastgeber kann Bots entfernen.
bots-already-away = Ein Bot spielt schon für dich; sag zurück, um wieder selbst zu spielen.
bots-away = 🤖 Ein Bot spielt für { $name }, bis er zurück ist.
bots-not-away = Niemand außer dir spielt auf deinem Platz.
bots-return-not-saved = Deine Rückkehr konnte nicht gespeichert werden ({ $error }); versuch es noch einmal.
bots-back = { $name } ist zurück und spielt wieder selbst.
bots-time-up = ⏰ Die Zeit für { $name } ist um: Ein Bot spielt für ihn, bis er zurück ist.

## dispatch/timer_ticks.rs

timer_ticks-left-before-bot = Noch { $seconds } s, dann spielt ein Bot für dich.
timer_ticks-left-before-auto = Noch { $seconds } s, dann handelt der Tisch für dich.
timer_ticks-waiting-for-you = Das Spiel wartet auf dich.
timer_ticks-reminder = ⏰ { $names }: { $then } { $waiting }
timer_ticks-bot-move-not-saved = Der Spielzug eines Bots konnte nicht gespeichert werden und fand nicht statt; der Tisch versucht es noch einmal.
timer_ticks-acted-for = ⏰ Die Zeit für { $name } ist um: Der Tisch hat für ihn gehandelt (`{ $command }`).
timer_ticks-auto-not-saved = ⏰ Die Zeit für { $name } ist um, aber das Spiel konnte nicht gespeichert werden ({ $error }), daher hat der Tisch nicht für ihn gehandelt. Er versucht es noch einmal.

## dispatch/mod.rs

mod-nothing-yet = Bisher ist nichts passiert.
mod-no-game = An diesem Ort gibt es kein Spiel.
mod-not-started = Das Spiel hat noch nicht begonnen (dabei: { $names }); der Gastgeber startet es.
mod-not-playing = Du spielst in diesem Spiel nicht mit (Spieler: { $names }).

## dispatch/info.rs

info-onlooker-board-wait = Spieler sehen den Spielplan jederzeit; Zuschauer bekommen an diesem Ort alle { $every } s einen Spielplan. Der nächste in { $wait } s.

## dispatch/records.rs

records-dice-host-seed = Würfel: Seed { $seed }, vom Gastgeber gewählt, daher kann jeder die Würfe vorhersehen. Festlegung { $commitment }.
records-dice-secret = Würfel: Der Seed bleibt bis zum Spielende geheim. Seine Festlegung, SHA-256 von "{ $hashed }": { $commitment }
records-export = Das öffentliche Protokoll von Spiel { $game } bisher: { $count ->
    [one] { $count } Spielzug
   *[other] { $count } Spielzüge
} und was nach jedem verkündet wurde. Der Seed wird am Spielende verraten; dann prüft `catan-bot verify` diese Datei.
records-reveal = Der Seed von Spiel { $game } war { $seed }: Jeder Wurf, jede Karte und jeder Raub lässt sich jetzt mit der Festlegung vom Start prüfen, z. B. mit `catan-bot verify { $file }`.
records-reveal-seed-only = Der Seed von Spiel { $game } war { $seed }.

## dispatch/rematch.rs

rematch-button = Revanche
rematch-no-finished-game = Hier gibt es kein beendetes Spiel zum Wiederholen; eröffne stattdessen ein neues Spiel.
rematch-not-read = Die beendeten Spiele konnten nicht gelesen werden ({ $error }); versuch es noch einmal.
rematch-other-place = Spiel { $game } wurde an einem anderen Ort gespielt.
rematch-only-players = Nur die Spieler von Spiel { $game } ({ $names }) können eine Revanche verlangen.
rematch-game-running = Hier läuft gerade Spiel { $game }.
rematch-lobby =
    Revanche von Spiel { $game }, gleiche Einstellungen. { $lobby }
    Eingeladen: { $names }; spiel mit, um noch einmal zu spielen.
rematch-lobby-no-one-invited = Revanche von Spiel { $game }, gleiche Einstellungen. { $lobby }

## lobby.rs

lobby-describe-seed = {" "}· Seed { $seed } (vom Gastgeber gewählt: Jeder kann die Würfe vorhersehen)
lobby-describe = bis zu { $count } Spieler · { $rules }{ $seed }
lobby-timer-bot = { $minutes } Min. Zugtimer (danach spielt ein Bot für Abwesende)
lobby-timer-auto = { $minutes } Min. Zugtimer
lobby-timer-wait = { $minutes } Min. Zug-Erinnerung (das Spiel wartet)
lobby-timer-off = kein Zugtimer
lobby-describe-helpers = {" "}· Helfer von Catan
lobby-describe-friendly = {" "}· freundlicher Räuber (wer höchstens 2 sichtbare Siegpunkte hat, ist vor ihm sicher)
lobby-describe-balanced = {" "}· ausgeglichene Würfel (Würfe aus einem gemischten Stapel der 36 Würfelergebnisse, neu gemischt unter 13 Karten)
lobby-describe-rules = { $board ->
    [beginner] Einsteiger-Spielplan
    [variable] variabler Spielplan
   *[other] Spielplan { $board }
} · { $vp } Siegpunkte zum Sieg · Ablegen ab mehr als { $discard } Karten · { $timer }{ $helpers }{ $friendly }{ $balanced }
lobby-needs-number = `{ $key }` braucht eine Zahl von { $low } bis { $high }, nicht `{ $value }`.
lobby-out-of-bounds = `{ $key }` muss von { $low } bis { $high } sein, nicht { $value }.
lobby-out-of-range = `{ $key }` liegt außerhalb des Bereichs.
lobby-needs-value = `{ $key }` braucht einen Wert.
lobby-not-a-board = `{ $value }` ist kein Spielplan: beginner, variable oder random-tokens.
lobby-helpers-on-off = `helpers` ist `on` oder `off`, nicht `{ $value }`.
lobby-friendly-on-off = `friendly` ist `on` oder `off`, nicht `{ $value }`.
lobby-balanced-on-off = `balanced` ist `on` oder `off`, nicht `{ $value }`.
lobby-not-afk = `{ $value }` ist keine Wahl für abwesend: bot, automatisch oder warten.
lobby-not-a-language = `{ $value }` ist keine Sprache, die ich spreche ({ $codes }).
lobby-seed-number = `seed` braucht eine ganze Zahl von 0 bis { $high }, nicht `{ $value }`.
lobby-not-a-setting = `{ $key }` ist keine Einstellung (spieler, spielplan, sp, ablegen, zugtimer, abwesend, bots, helfer, sprache, startwert).

## load.rs

load-damaged = Spiel #{ $game } konnte nicht fortgesetzt werden: Sein gespeicherter Stand ist beschädigt. Die Daten bleiben für den Gastgeber erhalten; hier kann ein neues Spiel gestartet werden.
load-lobby-as-verified = Die Lobby ist wie zuletzt geprüft; neue Mitspieler oder Einstellungen können verloren sein
load-moves-lost = Es geht nach Spielzug { $verified } weiter, dem zuletzt geprüften; die Spielzüge { $first } bis { $last } sind verloren
load-changes-lost = Es geht nach Spielzug { $verified } weiter, dem zuletzt geprüften; danach gespeicherte Änderungen (Handelsangebote, Plätze oder Einstellungen) können verloren sein
load-partly-damaged = Spiel #{ $game }: Ein Teil seines gespeicherten Stands war beschädigt. { $lost }.

## session.rs

session-not-started = Das Spiel hat noch nicht begonnen: Der Gastgeber startet es.
# Ein Platz, den ein Bot spielt, solange sein Spieler weg ist, wie die Züge ihn nennen.
session-stand-in-name = { $name } (Bot)

## names.rs

names-not-a-player = Diese Person spielt in diesem Spiel nicht mit.
names-no-such-seat = Es gibt keinen Platz { $seat }: Die Plätze sind von 1 bis { $count } nummeriert.
names-unknown = `{ $name }` spielt in diesem Spiel nicht mit.

## summary.rs

summary-settlements = { $count ->
    [one] { $count } Siedlung
   *[other] { $count } Siedlungen
}
summary-cities = { $count ->
    [one] { $count } Stadt
   *[other] { $count } Städte
}
summary-vp-cards = { $count ->
    [one] { $count } Siegpunktkarte
   *[other] { $count } Siegpunktkarten
}
summary-longest-route = Längste Handelsstraße ({ $count } Straßen)
summary-largest-army = Größte Rittermacht ({ $count } Ritter)
summary-nothing-built = nichts gebaut
summary-over = Spiel { $game } ist nach { $turns ->
    [one] { $turns } Zug
   *[other] { $turns } Zügen
} und { $duration } vorbei.
summary-scores = Punkte:
summary-score = { $name } { $vp } SP: { $what }
summary-during = Im Spiel:
summary-player-stats = { $name }: { $produced ->
    [one] { $produced } Karte
   *[other] { $produced } Karten
} Ertrag, { $robbed } an den Räuber verloren, { $discarded } abgelegt, { $trades ->
    [one] { $trades } Handel
   *[other] { $trades } Handel
} mit Mitspielern, { $bank } mit der Bank
summary-counted-from = (Würfel und Karten werden ab Zug { $turn } gezählt: Frühere Züge liefen auf einer Version, die sie nicht zählte.)
summary-dice = Würfel ({ $count ->
    [one] { $count } Wurf
   *[other] { $count } Würfe
}; erwartet in Klammern): { $cells }
summary-under-a-minute = weniger als einer Minute
summary-minutes = { $minutes } Min.
summary-hours = { $hours } Std. { $minutes } Min.
summary-days = { $days ->
    [one] { $days } Tag
   *[other] { $days } Tagen
} { $hours } Std.

## fairness.rs

fairness-no-randomness = das Betriebssystem liefert keine sicheren Zufallszahlen ({ $error })

## Die Vorteile der Helfer in wenigen Worten (Hilfe, `züge`, Spielerleiste) und Helfer-Wahlen
helper-summary-louis = versetze eine deiner Straßen, die in einer Sackgasse endet
helper-summary-candamir = kaufe eine Entwicklungskarte mit einem ausgetauschten Rohstoff und wähle 1 der obersten 3
helper-summary-marianne = nimm 1 Rohstoff, wenn ein Wurf (keine 7) dir nichts bringt
helper-summary-nassir = verlange einen genannten Rohstoff von 1 oder 2 Mitspielern und gib jedem 1 Karte zurück
helper-summary-hilde = sieh dir die Hand eines Spielers mit mehr Punkten an und nimm 1 Karte
helper-summary-sean = bei einer 7: behalte eine große Hand, oder nimm mit einer kleinen 1 Rohstoff
helper-summary-jean = handle in diesem Zug einen Rohstoff 2:1 mit dem Vorrat
helper-summary-lin = versetze den Räuber in die Wüste und nimm 1 Rohstoff des Feldes, das er verlassen hat
helper-summary-vincent = lege einen ausgespielten Ritter ab, um billiger zu bauen
helper-summary-william = baue eine Straße mit Holz oder Lehm plus einer beliebigen Karte
helper-your-helper = dein Helfer
helper-what-flip = behalte { $helper }, auf Seite B gedreht
helper-what-exchange = gib { $helper } zurück und nimm einen aus der Auslage
helper-what-decline = lass die Gelegenheit von { $helper } verstreichen
helper-what-keep = die Entwicklungskarte, die du behältst
helper-what-take = die Karte, die du nimmst
helper-what-give = je eine Karte zurück an jeden, der dir eine gegeben hat

## Das Spiel wartet auf einen Helfer-Schritt
messages-waiting-helper-offer = { $name }: { $helper } jetzt nutzen oder die Gelegenheit verstreichen lassen.
messages-waiting-helper-keep = { $name }: eine der angesehenen Entwicklungskarten behalten.
messages-waiting-helper-take = { $name }: eine Karte aus der Hand von { $victim } nehmen.
messages-waiting-helper-give = { $name }: je eine Karte an { $names } zurückgeben.
messages-waiting-helper-after = { $name }: { $helper } behalten (auf Seite B gedreht) oder tauschen.
actions-helper-offered = { $name }, { $helper } kann dir bei diesem Wurf helfen: nutze ihn oder lass die Gelegenheit verstreichen. Das Spiel wartet auf dich.
# `stats` während einer Partie.
stats-head = Partie { $game }, Zug { $turn }: die Zahlen bisher.
stats-player = { $name }: { $vp } SP · { $gained ->
    [one] { $gained } Karte
   *[other] { $gained } Karten
} erhalten · beraubt { $robbed ->
    [one] einmal
   *[other] { $robbed }-mal
}, andere beraubt { $stole ->
    [one] einmal
   *[other] { $stole }-mal
} · vom Räuber blockiert { $blocked ->
    [one] einmal
   *[other] { $blocked }-mal
} · { $trades ->
    [one] { $trades } Handel
   *[other] { $trades } Handel
} mit Spielern, { $bank } mit der Bank
stats-counted-from = (Gezählt ab Zug { $turn }: frühere Züge liefen auf einer Version, die nicht mitzählte.)
stats-series-full = (Die Grafik zeigt die ersten { $turns } Züge und den letzten.)
stats-not-started = Die Partie hat noch nicht begonnen: Zahlen gibt es, sobald sie läuft.
