# Words drawn on the board image and the end-of-game dice chart (`src/render/`).
board-port-any = any
board-dice-rolls = { $count ->
    [one] Dice: { $count } roll
   *[other] Dice: { $count } rolls
}
board-rolled = rolled
board-expected = expected
# The graph over time (end summary and `stats`).
chart-vp-title = Victory points by turn
chart-cards-title = Cards gained per turn
chart-turn = turn
