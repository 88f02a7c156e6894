# Refusals (the engine's typed RuleError, put in words by src/table/refusals.rs): what was wrong
# and what is allowed instead. $seat is the player's name (a number only in engine-no-such-seat).
engine-game-over = The game is over.
engine-not-your-turn = It is not your turn: waiting for { $waiting }.
engine-wrong-phase = You can't { $action } now: { $allowed }.
engine-no-such-place = There is no { $what } { $label } on this board.
engine-intersection-taken = Intersection { $at } is taken.
engine-distance-rule = Intersection { $at } is next to a settlement or city at { $neighbor } (distance rule).
engine-edge-taken = Road { $at } is taken.
engine-not-connected = Road { $at } does not connect to your roads, settlements or cities.
engine-setup-road-must-touch = In setup the road must touch the settlement you just placed at { $settlement }.
engine-settlement-not-connected = Intersection { $at } does not touch one of your roads.
engine-no-settlement-to-upgrade = You have no settlement at { $at } to upgrade.
engine-no-pieces-left = You have no { $piece } left (limit { $limit }).
engine-cannot-afford = You need { $cost } but have { $have }.
engine-deck-empty = The development deck is empty.
engine-no-such-card = You have no { $card } card you can play (cards bought this turn wait until next turn).
engine-already-played = You have already played a development card this turn.
engine-supply-empty = The supply has no { $resource } left.

engine-word-intersection = intersection
engine-word-road-place = road place
engine-word-hex = hex
engine-word-roads = roads
engine-word-settlements = settlements
engine-word-cities = cities

engine-and = and
engine-or = or
engine-waiting-discard = { $seats } to discard
engine-waiting-special-build = { $seat } (special building phase)
engine-waiting-nobody = nobody (the game is over)
engine-allowed-setup-settlement = place your setup settlement first
engine-allowed-setup-road = place a road touching your settlement at { $at }
engine-allowed-roll = roll the dice (you may play a development card first)
engine-allowed-discard = discard { $count } cards first
engine-allowed-waiting = waiting for { $waiting }
engine-allowed-robber = move the robber first
engine-allowed-main = build, trade, play a development card or end your turn
engine-allowed-special-build = in the special building phase you may only build roads, settlements and cities, buy development cards, or end
engine-allowed-nothing = nothing (the game is over)

# "You can't … now"
engine-do-roll = roll the dice
engine-do-discard = discard
engine-do-robber = move the robber
engine-do-place-settlement = place a settlement
engine-do-place-road = place a road
engine-do-trade = trade
engine-do-end = end your turn
engine-do-build-city = build a city
engine-do-build-road = build a road
engine-do-build-settlement = build a settlement
engine-do-buy = buy a development card
engine-do-play = play { $card }
engine-do-use = use { $helper }

engine-no-such-seat = There is no seat { $seat } in this game (seats 0 to { $last }).
engine-discard-exactly = You must discard exactly { $owed } cards (half of your hand, rounded down), not { $count }.
engine-discard-not-held = You can't discard { $cards }: you hold { $hand }.
engine-robber-already-there = The robber is already on { $hex }: move it to a different hex.
engine-robber-choose-victim = Choose whom to rob on { $hex }: { $victims }.
engine-robber-self = You can't steal from yourself.
engine-robber-nobody = Nobody can be robbed on { $hex } ({ $seat } is not there or has no cards): move the robber without a victim.
engine-robber-not-there = { $seat } can't be robbed on { $hex }: choose { $victims }.
# $seats: the protected players on the hex, $count how many; $max: 2.
engine-robber-protected = Friendly robber: { $seats } { $count ->
    [one] has
   *[other] have
} { $max } or fewer public victory points and a building on { $hex }, so the robber can't go there. Choose a hex without them.
engine-robber-protected-victim = Friendly robber: { $seat } has { $max } or fewer public victory points and can't be robbed.
engine-trade-same = You can't trade { $give } for { $get }: ask for a different resource.
engine-trade-at-least-one = Ask for at least one card from the supply.
engine-trade-rate = At { $rate }:1 you need { $need } { $give } for { $count } { $get }, but you have { $have }.
engine-supply-only = { $count } { $resource } (only { $left } left)
engine-trade-other-player = Trade with another player at the table.
engine-trade-no-gifts = Both sides must give at least one card (no gifts).
engine-trade-both-sides = { $resource } can't be on both sides of a trade.
engine-trade-not-held = You can't give { $give }: you hold { $hand }.
engine-trade-they-lack = { $seat } doesn't hold { $get }.
engine-one-road-left = You have only one road piece left: place one road.
engine-name-second-road = Road Building places two roads when two can be placed: name a second road.

# Helpers of Catan (crates/engine/src/helpers/check.rs).
engine-helper-none-in-game = This game is played without helpers.
engine-helper-no-choice = There is no helper choice to make now (flip or exchange come right after a use).
engine-helper-waiting = { $seat } (a helper choice)
engine-helper-none = You have no helper.
engine-helper-not-looked-at = { $card } is not among the cards you look at.
engine-helper-victim-lacks = { $seat } has no { $resource }.
engine-helper-owe-none = You owe no card to { $seat }: give one back to { $owed }.
engine-helper-nothing-to-give = You have no { $card } to give.
engine-helper-already-b = { $helper } is already on side B: exchange it for a helper from the display.
engine-helper-not-in-display = { $helper } is not in the display: choose { $display }.
engine-helper-first-use = First use { $helper } (after this roll) or let the chance pass.
engine-helper-first-keep = First choose which development card to keep (Candamir).
engine-helper-first-take = First choose the card to take from { $seat } (Hilde).
engine-helper-first-give-back = First give one card back to { $owed } (Nassir).
engine-helper-first-flip = First flip your helper to side B or exchange it for one from the display.
engine-helper-sean-no-discard = You hold { $limit } cards or fewer: you have nothing to discard; take a resource instead.
engine-helper-sean-spares = With more cards than the limit Sean spares you the discard instead.
engine-helper-use-offered = Use the helper you were offered.
engine-helper-after-roll = { $helper } can be used only after your roll is resolved.
engine-helper-roll-seven = a 7
engine-helper-roll-nothing = not a 7, that gave you nothing
engine-helper-when-offered-roll = { $helper } is used right after a roll ({ $roll }), when the game offers it.
engine-helper-received-now = You received { $helper } this turn: a helper can't be used on the turn it is received.
engine-helper-used-already = You already used { $helper } this turn.
engine-helper-other = Your helper is { $held }, not { $helper }.
engine-helper-none-yet = You have no helper yet.
engine-helper-when-offered = { $helper } is used right after a roll, when the game offers it.
engine-helper-candamir = Candamir swaps one of ore, wool or grain for a different resource.
engine-helper-william = William keeps lumber or brick and pays any other card for the other one.
engine-helper-louis-lift = Louis lifts one of your roads with an end touching none of your other pieces; road { $road } is not one.
engine-helper-louis-place = Road { $road } can't take the lifted road: it must be free, different and connect to your other pieces.
engine-helper-nassir = Nassir asks 1 or 2 opponents; { $seat } is not one.
engine-helper-two-opponents = Name two different opponents (or one).
engine-helper-not-opponent = { $seat } is not an opponent.
engine-helper-hilde = Hilde visits only a player with more points showing than you ({ $mine }); { $seat } shows { $theirs }.
engine-helper-no-cards = { $seat } has no cards.
engine-helper-lin-in-desert = The robber is already in a desert: Lin moves it from a terrain hex.
engine-helper-lin-not-desert = { $hex } is not a desert: Lin moves the robber to the desert.
engine-helper-vincent = Vincent needs one of your played knights to discard; you have none.
