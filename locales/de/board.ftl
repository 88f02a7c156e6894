# Worte auf dem Spielplan-Bild und im Würfeldiagramm am Spielende (`src/render/`).
board-port-any = alle
board-dice-rolls = { $count ->
    [one] Würfel: { $count } Wurf
   *[other] Würfel: { $count } Würfe
}
board-rolled = gewürfelt
board-expected = erwartet
# The graph over time (end summary and `stats`).
chart-vp-title = Siegpunkte je Zug
chart-cards-title = Erhaltene Karten je Zug
chart-turn = Zug
