# Discords Auswahlmenüs: bauen, ausspielen, handeln, wohin der Räuber zieht.
menus-q-build = Was willst du bauen?
menus-q-play = Welche Karte willst du ausspielen?
menus-q-trade = Handle mit der Bank oder biete den Mitspielern einen Handel an:
menus-q-robber = Wohin zieht der Räuber?
menus-q-discard = Welche Karten legst du ab?
menus-q-helper = Was tut dein Helfer?
menus-edge-from = { $what } ab { $from }
menus-edge-to = nach { $to }
menus-robber-to = Räuber auf { $hex }
menus-rob = { $name } berauben
menus-has-cards = { $name } hat { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}
menus-robber-rob = Räuber auf { $hex }, { $name } berauben
menus-robber-nobody = Räuber auf { $hex }, niemand zu berauben
menus-settlement-at = Siedlung auf { $at }
menus-near = Nahe { $at }
menus-settlement = Siedlung
menus-city-at = Stadt auf { $at }
menus-city = Stadt
menus-road = Straße
menus-road-at = Straße { $at }
menus-dev-card = Entwicklungskarte
menus-buy-dev-card = Eine Entwicklungskarte kaufen
menus-knight-what = Räuber versetzen und rauben
menus-knight-title = Ritter: { $what }
menus-road-building-what = zwei Straßen kostenlos
menus-first-road = Erste Straße
menus-second-road = Zweite Straße
menus-road-building-title = Straßenbau: { $first }
menus-and-road = {" "}und { $second }
menus-no-second-road = Keine zweite Straße
menus-no-second-road-why = kein erlaubter Platz dafür
menus-invention-what = nimm zwei Rohstoffe aus dem Vorrat
menus-take-two = { $a } und { $b } nehmen
menus-invention-title = Erfindung: { $a } und { $b } nehmen
menus-monopoly-what = nimm alle Karten eines Rohstoffs
menus-take-all = Alles { $resource } nehmen
menus-monopoly-title = Monopol: alles { $resource } nehmen
menus-bank = Mit der Bank handeln
menus-bank-what = zu deinem besten Kurs
menus-bank-give = { $rate } { $resource } an die Bank geben
menus-bank-rate = dein Kurs: { $rate }:1
menus-get-one = 1 { $resource } erhalten
menus-bank-title = Bank: { $rate } { $give } für 1 { $get }
menus-offer = Den Mitspielern einen Handel anbieten
menus-offer-what = 1 Karte für 1 Karte
menus-offer-one = 1 { $resource } anbieten
menus-ask-one = 1 { $resource } verlangen
menus-offer-title = 1 { $give } für 1 { $get } anbieten
menus-as-it-is = so wie er ist
menus-none-not-yours = Du bist jetzt nicht am Zug.
menus-none-build = Du kannst jetzt nichts bauen oder kaufen: zu wenige Karten oder kein erlaubter Platz.
menus-none-play = Du hast keine Entwicklungskarte, die du jetzt ausspielen kannst (eine in diesem Zug gekaufte Karte wartet bis zu deinem nächsten Zug; eine Karte pro Zug).
menus-none-trade-cards = Du hast keine Karten zum Handeln.
menus-none-trade = Du kannst jetzt nicht handeln: gehandelt wird nach deinem Wurf, in deinem eigenen Zug.
menus-none-robber = Der Räuber zieht jetzt nicht.
menus-none-discard = Du musst jetzt nichts ablegen.
menus-none-helper = Dein Helfer kann jetzt nichts tun.
menus-not-ours = Dieses Menü gehört nicht zu den Menüs dieses Spiels.
menus-game-gone = Dieses Menü gehört zu einem Spiel, das vorbei ist oder hier nicht mehr läuft.
menus-choice-gone = Diese Wahl ist nicht mehr möglich; es ist nichts geschehen.
buttons-not-ours = Dieser Knopf gehört nicht zu den Knöpfen dieses Spiels.
buttons-game-gone = Dieser Knopf gehört zu einem Spiel, das vorbei ist oder hier nicht mehr läuft.
buttons-earlier-turn = Dieser Knopf gehört zur Nachricht eines früheren Zugs; es ist nichts geschehen. Jetzt ist Zug { $turn }, { $name } ist dran: Nimm die Knöpfe der neuesten Zugnachricht.
menus-earlier-turn = Dieses Menü wurde in einem früheren Zug geöffnet; es ist nichts geschehen. Das kannst du jetzt wählen:
menus-discard-count = { $count ->
    [one] Wähle 1 Karte zum Ablegen.
   *[other] Wähle { $count } Karten zum Ablegen.
}
