# Discord's own words around the table's texts (`src/discord/`): hints name the buttons first
# and the slash command as the precise way.
dchint-join = **Join** (or `/catan join`)
dchint-start = **Start** when everyone is in (host; `/catan start`)
dchint-new = `/catan new` opens the next game
dchint-place-settlement = **Place settlement** to pick a spot (or `/catan build settlement`{ $example })
dchint-place-road = **Place road** to pick a road (or `/catan build road`{ $example })
dchint-example = , e.g. `{ $place }`
dchint-roll = **Roll**
dchint-build = **Build** (roads, settlements, cities, cards)
dchint-buy-card = **Build** → development card (or `/catan buy`)
dchint-play-card = **Play card**
dchint-trade = **Trade** (bank, or an offer to everyone; `/catan trade offer` for any mix)
dchint-end-turn = **End turn**
dchint-discard = **Discard** to choose the cards (or `/catan discard`)
dchint-move-robber = **Move robber** to choose a hex and whom to rob
dchint-answer-offer = react ✅ to accept or ❌ to decline (remove it to take it back)
dchint-confirm-offer = the offerer picks a partner with the buttons
dchint-hand = **My hand**
dchint-help = `/catan help`
dchint-rules = `/catan rules` for the rules topics
dc-turn-timer = ⏱ Turn timer: { $at }
dc-my-hand = My hand
