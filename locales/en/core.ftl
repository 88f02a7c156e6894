# Shared words: languages, resources, cards, pieces. Other files hold each area's messages.
language-name = English
language-en = English
language-de = German

card-count = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}

resource-brick = brick
resource-lumber = lumber
resource-wool = wool
resource-grain = grain
resource-ore = ore
# "2 wool, 1 ore" — one part of a list of resources.
resource-amount = { $count } { $resource }
resources-nothing = nothing

terrain-hills = hills
terrain-forest = forest
terrain-pasture = pasture
terrain-fields = fields
terrain-mountains = mountains
terrain-desert = desert

devcard-knight = Knight
devcard-victory-point = Victory Point
devcard-road-building = Road Building
devcard-invention = Invention
devcard-monopoly = Monopoly

## The player colours (seat order), as the board shows them
colour-red = red
colour-blue = blue
colour-white = white
colour-orange = orange
colour-green = green
colour-brown = brown
