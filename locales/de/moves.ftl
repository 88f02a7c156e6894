# `züge` / `?`: was du jetzt tun kannst, als Befehle zum Tippen.
moves-head-settlement = Wo du jetzt eine Siedlung bauen kannst
moves-head-city = Siedlungen, die du jetzt zur Stadt ausbauen kannst
moves-head-road = Wo du jetzt eine Straße bauen kannst
moves-head-robber = Wohin du den Räuber jetzt versetzen kannst
moves-head-knight = Wohin ein Ritter den Räuber jetzt schicken kann
moves-head-victim = Wen du auf { $hex } jetzt berauben kannst
moves-head-free-road = Wo die erste Straße des Straßenbaus jetzt hin kann
moves-head-second-road = Wo die zweite Straße des Straßenbaus nach { $first } hin kann
moves-head-helper = Was dein Helfer jetzt tun kann
moves-none-settlement = Du kannst jetzt nirgends eine Siedlung bauen.
moves-none-city = Du kannst jetzt keine Stadt bauen.
moves-none-road = Du kannst jetzt keine Straße bauen.
moves-none-robber = Du kannst den Räuber jetzt nicht versetzen.
moves-none-knight = Du kannst jetzt keinen Ritter ausspielen.
moves-none-victim = Auf { $hex } kann niemand beraubt werden: niemand sonst dort hat Karten.
moves-none-robber-hex = Du kannst den Räuber jetzt nicht auf { $hex } schicken.
moves-none-free-road = Du kannst Straßenbau jetzt nicht ausspielen.
moves-none-second-road = Nach { $first } hat der Straßenbau keine zweite Straße mehr.
moves-none-helpers-off = Dieses Spiel läuft ohne Helfer.
moves-none-helper = Dein Helfer kann jetzt nichts tun.
moves-roll = würfeln
moves-discard = abwerfen: { $count } Karten (die Hälfte deiner Hand), z. B. abwerfen { $example }
moves-robber = räuber { $places }
moves-build-settlement = baue siedlung { $places }
moves-build-road = baue straße { $places }
moves-build-city = baue stadt { $places }
moves-buy = kaufe karte (eine Entwicklungskarte)
moves-play-knight = spiele ritter { $places }
moves-play-road-building = spiele straßenbau { $places }
moves-play-invention = spiele erfindung (2 beliebige Rohstoffe aus dem Vorrat)
moves-play-monopoly = spiele monopol (ein Rohstoff von allen)
moves-helper-swap = { $head }, oder mit Tausch: { $list }
moves-helper = helfer { $words } ({ $what })
moves-bank = bank { $offers } für 1 anderen Rohstoff
moves-trade-own = biete … für … (Karten mit den Mitspielern)
moves-trade-with = biete … für … (Karten mit { $name }, der am Zug ist)
moves-end = ende (dein Zug)
moves-nothing-over = Nichts: das Spiel ist vorbei.
moves-nothing-waits = Gerade nichts zu tun: das Spiel wartet auf { $who }.
moves-what-now = Was du jetzt tun kannst:
moves-or = {" "}oder{" "}
moves-and = {" "}und{" "}
moves-some = { $first }, … ({ $count } insgesamt: { $question })
moves-can-settlement-at = Du kannst eine Siedlung bauen auf
moves-can-city-at = Du kannst eine Stadt bauen auf
moves-can-road-at = Du kannst eine Straße bauen auf
moves-can-second-road-at = Nach dieser ersten Straße kann die zweite hin auf
moves-can-free-road-at = Die erste Straße des Straßenbaus kann hin auf

# place_order.rs: a place's pips (of the 36 rolls of two dice, how many pay it)
places-pips = { $pips ->
    [one] 1 Wurfchance
   *[other] { $pips } Wurfchancen
}
