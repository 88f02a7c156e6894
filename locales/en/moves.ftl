# `moves` / `?`: what a player can do now, as commands to type (`src/table/dispatch/moves.rs`).
moves-head-settlement = Where you can build a settlement now
moves-head-city = Settlements you can turn into a city now
moves-head-road = Where you can build a road now
moves-head-robber = Where you can move the robber now
moves-head-knight = Where a knight can send the robber now
moves-head-victim = Whom you can rob on { $hex } now
moves-head-free-road = Where Road Building's first road can go now
moves-head-second-road = Where Road Building's second road can go after { $first }
moves-head-helper = What your helper can do now
moves-none-settlement = You can't build a settlement anywhere now.
moves-none-city = You can't build a city now.
moves-none-road = You can't build a road now.
moves-none-robber = You can't move the robber now.
moves-none-knight = You can't play a knight now.
moves-none-victim = Nobody can be robbed on { $hex }: nobody else there holds cards.
moves-none-robber-hex = You can't send the robber to { $hex } now.
moves-none-free-road = You can't play Road Building now.
moves-none-second-road = After { $first }, Road Building has no second road to place.
moves-none-helpers-off = This game plays without helpers.
moves-none-helper = Your helper can't do anything now.
moves-roll = roll
moves-discard = discard { $count } cards (half your hand), e.g. discard { $example }
moves-robber = robber { $places }
moves-build-settlement = build settlement { $places }
moves-build-road = build road { $places }
moves-build-city = build city { $places }
moves-buy = buy (a development card)
moves-play-knight = play knight { $places }
moves-play-road-building = play road-building { $places }
moves-play-invention = play invention (any 2 resources from the supply)
moves-play-monopoly = play monopoly (one resource from everyone)
moves-helper-swap = { $head }, or with a swap: { $list }
moves-helper = helper { $words } ({ $what })
moves-bank = bank { $offers } for 1 of another resource
moves-trade-own = trade offer (cards with the other players)
moves-trade-with = trade offer (cards with { $name }, whose turn it is)
moves-end = end (your turn)
moves-nothing-over = Nothing: the game is over.
moves-nothing-waits = Nothing to do now: the game waits for { $who }.
moves-what-now = What you can do now:
moves-or = {" "}or{" "}
moves-and = {" "}and{" "}
moves-some = { $first }, … ({ $count } in all: { $question })
moves-can-settlement-at = You can build a settlement at
moves-can-city-at = You can build a city at
moves-can-road-at = You can build a road at
moves-can-second-road-at = After that first road, the second can go at
moves-can-free-road-at = Road Building's first road can go at

# place_order.rs: a place's pips (of the 36 rolls of two dice, how many pay it)
places-pips = { $pips ->
    [one] 1 pip
   *[other] { $pips } pips
}
