# Discord's own words around the table's texts (`src/discord/`): hints name the buttons first
# and the slash command as the precise way.
dchint-join = **Join** (or `/catan join`)
dchint-start = **Start** when everyone is in (host; `/catan start`)
dchint-new = `/catan new` opens the next game
dchint-place-settlement = **Place settlement** to pick a spot (or `/catan-move build settlement`{ $example })
dchint-place-road = **Place road** to pick a road (or `/catan-move build road`{ $example })
dchint-example = , e.g. `{ $place }`
dchint-roll = **Roll**
dchint-build = **Build** (roads, settlements, cities, cards)
dchint-buy-card = **Build** → development card (or `/catan-move buy`)
dchint-play-card = **Play card**
dchint-trade = **Trade** (bank, or an offer to everyone; `/catan-trade offer` for any mix)
dchint-end-turn = **End turn**
dchint-discard = **Discard** to choose the cards (or `/catan-move discard`)
dchint-move-robber = **Move robber** to choose a hex and whom to rob
dchint-answer-offer = react ✅ to accept or ❌ to decline (remove it to take it back)
dchint-confirm-offer = the offerer picks a partner with the buttons
dchint-hand = **My hand**
dchint-help = `/catan help`
dchint-rules = `/catan rules` for the rules topics
dc-turn-timer = ⏱ Turn timer: { $at }
dc-my-hand = My hand

## help.rs: `/catan help`, shown only to the player who asked
dhelp-title = Catan here: how to play
dhelp-intro = Everything can be done by clicking. The board is posted with each turn; numbers mark intersections, two numbers a road (`12-13`), a letter and a number a hex (`C3`).
dhelp-start-name = Start a game
dhelp-start = `/catan new` opens a lobby (options: players, board, vp, discard_limit, timer, seed). Others press **Join**; the host presses **Start**. **Leave** and **Abandon** are there too.
dhelp-bots-name = Bots
dhelp-bots = **Add bot** in the lobby (or `/catan new bots:3`, `/catan bot add level:easy`) seats a computer player. The `afk` option of `/catan new` says what happens when the turn timer runs out: a bot plays the seat (until its player acts again), an automatic move, or nothing. `/catan bot away` lets a bot play your seat; `/catan bot back` takes it back.
dhelp-turn-name = Your turn
dhelp-turn = The turn message pings you and shows what you can do: **Roll**, **Build** (pick a road, settlement, city or a development card), **Trade**, **Play card**, **End turn**. **My hand** shows your cards, only to you. After a 7: **Discard** and **Move robber**.
dhelp-trading-name = Trading
dhelp-trading = **Trade** → the bank at your best rate, or a 1-for-1 offer to everyone. Other players react ✅ to accept or ❌ to decline (remove the reaction to take it back); the offerer picks a partner with the buttons on the offer. Any mix of cards: `/catan-trade offer give:2 wool want:1 ore`.
dhelp-commands-name = Precise commands
dhelp-commands = Moves: `/catan-move roll`, `build road|settlement|city`, `buy`, `play knight|road-building|invention|monopoly`, `robber`, `discard`, `end`. Trading: `/catan-trade offer|accept|decline|confirm|withdraw|list`, `/catan-trade bank`. The table: `/catan hand`, `board`, `status`, `stats` (dice, cards, robber and trades so far, with a graph), `rules` (a topic, or any rules question), `helper`, `game log|export|rematch|abandon`. Ratings: `/catan-ratings leaderboard`, `profile`, `season new` (Manage Server). Places are suggested as you type, only legal ones; a player is named by mention, seat (`seat 2`) or name.
dhelp-helpers-name = Helpers of Catan
dhelp-helpers = `/catan new helpers:True` deals each player a helper card; the board shows it beside their name with its side (A or B). `/catan helper` suggests what yours can do now as you type, e.g. `use jean ore`; after a use, flip it to side B or exchange it for one from the display.
dhelp-dice-name = Fair dice
dhelp-dice = The dice and cards come from a secret seed; the start message shows its commitment. At the end the seed and the game's record are posted: anyone can check every roll with `catan-bot verify`. `/catan game export` gives the record so far.
dchint-helper = **Helper** (or `/catan helper`)
discord-internal-failure = Something went wrong on the bot's side. Please try again; if it keeps happening, tell whoever hosts the bot.
discord-new-game-thread = New Catan game in { $thread }: join it there.
# The private answer to a command whose result is a message in the channel (e.g. the lobby).
discord-see-message = It's in the channel: { $link }
discord-see-channel = See { $channel } for the game.
