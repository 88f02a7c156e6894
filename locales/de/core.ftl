# Gemeinsame Wörter: Sprachen, Rohstoffe, Karten, Spielfiguren (Begriffe der deutschen Ausgabe).
language-name = Deutsch
language-en = Englisch
language-de = Deutsch

card-count = { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}

resource-brick = Lehm
resource-lumber = Holz
resource-wool = Wolle
resource-grain = Getreide
resource-ore = Erz
resource-amount = { $count } { $resource }
resources-nothing = nichts

terrain-hills = Hügelland
terrain-forest = Wald
terrain-pasture = Weideland
terrain-fields = Ackerland
terrain-mountains = Gebirge
terrain-desert = Wüste

devcard-knight = Ritter
devcard-victory-point = Siegpunkt
devcard-road-building = Straßenbau
devcard-invention = Erfindung
devcard-monopoly = Monopol

## The player colours (seat order), as the board shows them
colour-red = rot
colour-blue = blau
colour-white = weiß
colour-orange = orange
colour-green = grün
colour-brown = braun
