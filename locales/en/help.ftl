# How the console and typed chats say hints (src/table/typed_hints.rs); `$cmd` and the like are
# commands in this language's command words.
hints-or-examples = { $cmd } (or { $others })
hints-join = { $cmd } to sit down
hints-start = { $cmd } (the host)
hints-new = { $cmd } to open a game
hints-lists-all = { $cmd }; { $list } lists them all
hints-build = { $road } / { $settlement } / { $city } or { $buy }
hints-either = { $a } or { $b }
hints-robber = { $cmd }; { $list } lists the hexes
hints-confirm = { $cmd } (offerer)
hints-rules = { $cmd } lists the rules topics

# The command list (`help`) and the rules topics (`rules <topic>`), src/table/rules_help.rs.
help-rules-topics = Rules topics: { $topics }. Ask about one of them, or ask a question in your own words.
help-rules-unknown = I don't know the answer to that. Rules topics: { $topics }.
help-commands =
    {"**"}Lobby**: `new [players 4] [board beginner|variable|random-tokens] [vp 10] [discard 7] [timer 5|off] [friendly on] [balanced on]`, `set vp 12`, `join`, `leave`, `start` (host), `abandon` (host or a manager); after a game, `rematch` (same players and settings).
    {"**"}Bots**: `addbot [easy|strong|expert]`, `removebot [name]` (host, in the lobby; or `new bots 3`); `set afk wait` sets what happens when the turn timer runs out (bot, the default: a bot plays the seat; auto: one automatic move; wait: nothing); `away` lets a bot play your seat until you act again or say `back`.
    {"**"}Your turn**: `roll`, `build road 8-13`, `build settlement 12`, `build city 12`, `buy`, `end`.
    {"**"}Cards**: `play knight C3 bob`, `play road-building 8-13 13-9`, `play invention wool ore`, `play monopoly ore`.
    {"**"}After a 7**: `discard 2 wool 1 ore`, `robber C3 bob`.
    {"**"}Helpers of Catan** (`new helpers on` or `set helpers on`): `helper ?` (what your helper can do now), `helper use jean ore`, `helper use nassir wool from bob`, then `helper flip` or `helper exchange lin`.
    {"**"}Trade**: `bank 4 ore for 1 wool`; `trade offer 1 wool for 1 ore [to bob]`, `trade accept 1`, `trade decline 1`, `trade confirm 1 bob`, `trade withdraw 1`, `trade list`.
    {"**"}Info**: `moves` (what you can do now), `build road ?` (where: also `build settlement ?`, `build city ?`, `robber ?`, `robber C3 ?`, `play knight ?`, `play road-building ?`), `hand`, `board`, `status`, `stats` (dice, cards, robber and trades so far, with a graph), `log`, `export` (the game's record, for `catan-bot verify`), `rules <topic>`.
    Players are named exactly as shown, or by seat: `robber C3 seat 2`.
    Intersections are the numbers on the board, roads are two neighbouring numbers (`8-13`), hexes are row letter + position (`C3`). Old names work too: wood, sheep, wheat, stone, year of plenty.

help-title-robber = robber
help-topic-robber = The robber blocks its hex: that hex produces nothing while it stands there. It moves when someone rolls a 7 or plays a knight: the player puts it on a different hex (the desert is allowed) and steals one random card from a player with a settlement or city on that hex (their choice if several; never themselves; nobody with cards, no steal). House rule `set friendly on` (in the lobby): players with 2 or fewer public victory points are protected (`rules friendly robber`).
help-title-seven = 7
help-topic-seven = On a 7 nothing produces. Everyone holding more than 7 cards (the table's discard limit) returns half, rounded down, cards of their choice; then the roller moves the robber and steals. House rule `set balanced on` (in the lobby): the dice are drawn from a shuffled deck of the 36 outcomes, so a deck of 24 rolls has at most six 7s (`rules balanced dice`).
help-title-ports = ports
help-topic-ports = Trade with the supply at 4:1 any time in your action phase. A building on a 3:1 port lets you trade 3 of one kind for 1; on a 2:1 port, 2 of that port's resource for 1. A port works on the turn you build on it.
help-title-longest-route = longest route
help-topic-longest-route = Longest Route (Longest Road), 2 VP: the first player with an unbroken chain of 5 or more roads takes it; another player takes it only with a strictly longer chain. Branches don't add up; a loop counts all its roads. An opponent's settlement on your chain breaks it. If it breaks and nobody is clearly longest, the card is set aside.
help-title-largest-army = largest army
help-topic-largest-army = Largest Army, 2 VP: the first player to have played 3 knights takes it; another takes it only with strictly more knights played.
help-title-devcards = development cards
help-topic-devcards = Buy one for ore + wool + grain. Play at most one per turn, before or after rolling, but not on the turn you bought it. Knight: move the robber and steal. Road Building: 2 free roads. Invention (Year of Plenty): take any 2 cards from the supply. Monopoly: every other player gives you all of one resource. Victory Point cards are never played: they count while hidden and are revealed when you win.
help-title-distance = distance rule
help-topic-distance = No settlement or city may stand next to another one, anyone's: the neighbouring intersections of a new settlement must all be empty. After setup, a new settlement must also touch one of your roads.
help-title-trading = trading
help-topic-trading = Only the current player trades with the others, after rolling; anyone may make an offer to the current player. Both sides give at least one card, never the same resource on both sides, and development cards are never traded. Here an offer is posted for everyone to accept or decline; the player who made it then picks one of those who accepted. Offers end with the turn.
help-title-special-build = special building phase
help-topic-special-build = With 5 or 6 players: after each turn, every other player in turn order may build and buy development cards with what they hold (no trading, no card play), then end their slot.
help-title-setup = setup
help-topic-setup = Round one in seat order: each player places a settlement and a road touching it. Round two in reverse order: a second settlement (need not connect) and a road touching it; the second settlement gives one card per adjacent terrain hex. Then the first player takes the first turn.
help-title-winning = winning
help-topic-winning = Settlement 1 VP, city 2, Longest Route 2, Largest Army 2, each Victory Point card 1. Reach the target (10 unless the host chose otherwise) during your own turn and you win at once. Reaching it on someone else's turn wins when your turn begins.

## rules_desk: the rules desk's own words
rules-desk-see-also = See also: { $questions }
rules-desk-too-long = That question is { $chars } characters long; the rules desk reads questions of up to { $max }. Ask it in fewer words.
rules-desk-damaged = The rules desk's knowledge base is damaged ({ $why }); the rules topics still work.
hints-helper = { $cmd } lists what your helper can do
rules-desk-rules = RULES
