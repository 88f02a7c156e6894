# Discord's menus: what to build, play, trade, where the robber goes (`src/table/dispatch/menus.rs`).
menus-q-build = What do you want to build?
menus-q-play = Which card do you want to play?
menus-q-trade = Trade with the bank, or offer a trade to the other players:
menus-q-robber = Where does the robber go?
menus-q-discard = Which cards do you discard?
menus-q-helper = What does your helper do?
menus-edge-from = { $what } from { $from }
menus-edge-to = to { $to }
menus-robber-to = Robber to { $hex }
menus-rob = Rob { $name }
menus-has-cards = { $name } has { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
menus-robber-rob = Robber to { $hex }, rob { $name }
menus-robber-nobody = Robber to { $hex }, nobody to rob
menus-settlement-at = Settlement at { $at }
menus-near = Near { $at }
menus-settlement = Settlement
menus-city-at = City at { $at }
menus-city = City
menus-road = Road
menus-road-at = Road { $at }
menus-dev-card = Development card
menus-buy-dev-card = Buy a development card
menus-knight-what = move the robber and rob
menus-knight-title = Knight: { $what }
menus-road-building-what = two free roads
menus-first-road = First road
menus-second-road = Second road
menus-road-building-title = Road Building: { $first }
menus-and-road = {" "}and { $second }
menus-no-second-road = No second road
menus-no-second-road-why = no legal place for it
menus-invention-what = take two resources from the supply
menus-take-two = Take { $a } and { $b }
menus-invention-title = Invention: take { $a } and { $b }
menus-monopoly-what = take every card of one resource
menus-take-all = Take all { $resource }
menus-monopoly-title = Monopoly: take all { $resource }
menus-bank = Trade with the bank
menus-bank-what = at your best rate
menus-bank-give = Give { $rate } { $resource } to the bank
menus-bank-rate = your rate: { $rate }:1
menus-get-one = Get 1 { $resource }
menus-bank-title = Bank: { $rate } { $give } for 1 { $get }
menus-offer = Offer a trade to the players
menus-offer-what = 1 card for 1 card
menus-offer-one = Offer 1 { $resource }
menus-ask-one = Ask for 1 { $resource }
menus-offer-title = Offer 1 { $give } for 1 { $get }
menus-as-it-is = as it is
menus-none-not-yours = It is not your move now.
menus-none-build = You can't build or buy anything now: not enough cards, or no legal place.
menus-none-play = You have no development card you can play now (a card bought this turn waits for your next turn; one card per turn).
menus-none-trade-cards = You have no cards to trade, and nobody can be offered nothing.
menus-none-trade = You can't trade now: trading happens after your roll, on your own turn.
menus-none-robber = The robber does not move now.
menus-none-discard = You don't have to discard now.
menus-none-helper = Your helper can't do anything now.
menus-not-ours = This menu is not one of this game's menus.
menus-game-gone = This menu belongs to a game that is over or not hosted here any more.
menus-choice-gone = That choice is no longer possible; nothing was done.
buttons-not-ours = This button is not one of this game's buttons.
buttons-game-gone = This button belongs to a game that is over or not hosted here any more.
buttons-earlier-turn = This button is on an earlier turn's message; nothing was done. It is now turn { $turn }, { $name }'s: use the buttons on the latest turn message.
menus-earlier-turn = That menu was opened in an earlier turn; nothing was done. Here are your choices now:
menus-discard-count = { $count ->
    [one] Choose 1 card to discard.
   *[other] Choose { $count } cards to discard.
}
