# The table's game and lobby messages (src/table/): events, hands, status, lobby, offers, timers.

## messages.rs: events, hands, what the game waits for, status

messages-and = and
messages-port-generic = 3:1 port
messages-port-special = 2:1 { $resource } port
messages-turn-started = Turn { $turn }: { $name }'s turn.
messages-special-build = Special building phase: { $name } may build or buy a card, then end.
messages-rolled = 🎲 { $name } rolled { $first } + { $second } = { $sum }.
messages-produced = Production: { $gains }.
messages-shortage = The supply is short of { $resource }: nobody gets { $resource } from this roll.
messages-robber-blocked = The robber on { $hex } blocks production for { $names }.
messages-starting-resources = { $name } takes starting resources: { $cards }.
messages-must-discard = Too many cards! { $owed } must discard half their cards.
messages-discarded = { $name } discarded { $cards }.
messages-robber-moved = { $name } moved the robber to { $hex }.
messages-stole = { $thief } stole a card from { $victim }.
messages-nothing-to-steal = { $name } had nobody to rob there.
messages-road-built = { $name } built a road at { $place }.
messages-settlement-built = { $name } built a settlement at { $place }.
messages-city-built = { $name } built a city at { $place }.
messages-card-bought = { $name } bought a development card.
messages-card-played = { $name } played { $card }.
messages-invention-taken = { $name } took { $cards } from the supply.
messages-monopoly-from = { $count } from { $name }
messages-monopoly-none = { $name } claimed all { $resource }, but nobody had any.
messages-monopoly = { $name } claimed all { $resource }: { $from } ({ $total } in all).
messages-maritime-traded = { $name } traded { $gave } with the supply for { $got }.
messages-domestic-traded = { $name } gave { $other } { $gave } for { $got }.
messages-longest-route = 🛣️ { $name } now holds the Longest Route ({ $count } roads).
messages-longest-route-set-aside = The Longest Route is set aside until one player alone has the longest route of 5 or more.
messages-largest-army = ⚔️ { $name } now holds the Largest Army ({ $count } knights).
messages-turn-ended = { $name } ended the turn.
messages-won = 🏆 { $name } wins with { $vp } victory points!
messages-you-stole = You stole 1 { $card } from { $name }.
messages-stole-from-you = { $name } stole 1 { $card } from you.
messages-you-drew = You drew: { $card }.
messages-hand = Your hand: { $hand } ({ $count ->
    [one] { $count } card
   *[other] { $count } cards
})
messages-hand-new-card = { $card } (new)
messages-hand-cards = {" "}· development cards: { $cards }
messages-hand-vp = {" "}· your VP: { $vp }
messages-waiting-setup-settlement = Setup round { $round }: { $name }, place a settlement.
messages-waiting-setup-road = Setup round { $round }: { $name }, place a road from { $place }.
messages-waiting-roll-or-play = { $name }: roll the dice (or play a development card first).
messages-waiting-roll = { $name }: roll the dice.
messages-waiting-discards = Waiting for discards: { $owed }.
messages-waiting-discard-one = { $name } { $count } cards
messages-waiting-robber = { $name }: move the robber.
messages-waiting-main = { $name }: build, trade, play a card, or end the turn.
messages-waiting-over = The game is over: { $name } won.
messages-discard-yours = You must discard { $count ->
    [one] { $count } card
   *[other] { $count } cards
}, half your hand: for example `{ $example }`.
messages-status-longest-route = Longest Route
messages-status-largest-army = Largest Army
messages-status-player = { $name } ({ $colour }): { $vp } VP · { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
} · { $devcards ->
    [one] { $devcards } dev card
   *[other] { $devcards } dev cards
} · { $knights ->
    [one] { $knights } knight
   *[other] { $knights } knights
} · route { $route }
messages-status-supply = Supply: { $bank } · development deck: { $deck ->
    [one] { $deck } card
   *[other] { $deck } cards
} · turn { $turn } · { $vp } VP to win.

## helper_messages.rs: the Helpers of Catan events

helper_messages-received = 🤝 { $name } takes the helper { $helper } ({ $summary }).
helper_messages-offered = { $name } may use { $helper } now, or let it pass.
helper_messages-declined = { $name } lets { $helper }'s chance pass.
helper_messages-used = 🤝 { $name } uses { $helper }.
helper_messages-took = { $name } takes 1 { $card } from the supply.
helper_messages-jean-rate = { $name } trades { $resource } 2:1 with the supply for the rest of the turn.
helper_messages-road-lifted = { $name } lifts the road at { $place }.
helper_messages-knight-discarded = { $name } discards a played knight to build cheaper.
helper_messages-army-set-aside = ⚔️ { $name } no longer has the Largest Army: it is set aside.
helper_messages-cards-looked-at = { $name } looks at the top { $count ->
    [one] development card
   *[other] { $count } development cards
} and keeps one.
helper_messages-hand-looked-at = { $name } looks at { $victim }'s hand.
helper_messages-nassir-demands = { $name } demands { $resource }.
helper_messages-nassir-gave = { $names } hand one over.
helper_messages-nassir-had-none = { $names } had none.
helper_messages-gave-back = { $name } gives { $other } a card in return.
helper_messages-flipped = { $name } keeps { $helper }, turned to side B.
helper_messages-exchanged = { $name } returns { $returned } to the display and takes { $took }.
helper_messages-you-look-at = You look at: { $cards }. Keep one (`helper keep CARD`); the others are shuffled back.
helper_messages-their-hand = { $name }'s hand: { $hand }. Take one card.
helper_messages-looks-at-your-hand = { $name } looks at your hand.
helper_messages-you-give = You give 1 { $card } to { $name }.
helper_messages-gives-you = { $name } gives you 1 { $card }.

## dispatch/seating.rs: the lobby, joining, leaving, starting, abandoning

seating-button-join = Join
seating-button-leave = Leave
seating-button-add-bot = Add bot (host)
seating-button-start = Start (host)
seating-button-abandon = Abandon (host)
seating-lobby-waiting = Waiting for at least { $count } players.
seating-lobby-ready = Ready: { $host } (the host) can start the game.
seating-lobby =
    Catan lobby (game { $game }), host { $host }.
    Settings: { $settings }.
    Seats ({ $seated }/{ $seats }): { $names }.
    { $state }
seating-already-running-here = There is already a running game here (game { $game }): one game per place. Join it, or the host or a manager can abandon it.
seating-already-lobby-here = There is already an open lobby here (game { $game }): one game per place. Join it, or the host or a manager can abandon it.
seating-game-id = game { $game }
seating-too-many-lobbies = You already host { $count } lobbies that have not started ({ $games }), the most one player may host. Start one, or leave one, first; unstarted lobbies also close by themselves.
seating-game-not-saved = The game could not be saved ({ $error }); try again.
seating-two-player-note = (2 players: a casual game; the rules are written for 3 or more.)
seating-opened = { $name } opened a game.
seating-lobby-only = The game is already running: joining, leaving and settings are for the lobby, before the start.
seating-lobby-not-saved = The lobby could not be saved ({ $error }); try again.
seating-only-host-settings = Only the host can change the settings.
seating-table-too-small = { $count ->
    [one] { $count } player has
   *[other] { $count } players have
} joined already; the table can't be smaller than that.
seating-settings-changed = Settings changed.
seating-already-joined = You have already joined.
seating-table-full = The table is full ({ $count } players).
seating-joined = { $name } joined.
seating-cannot-leave-running = You can't leave a running game; the host or a manager can abandon it.
seating-not-joined = You have not joined this game.
seating-left-closed = { $name } left; the lobby is closed.
seating-left = { $name } left.
seating-game-not-removed = The game could not be removed ({ $error }); try again.
seating-duration-hours = { $count } h
seating-duration-minutes = { $count } min
seating-lobby-expired = The lobby of game { $game } closed: it was not started within { $after }. A new game can be opened here.
seating-only-host-abandon = Only the host or someone who manages this place can abandon the game.
seating-abandoned = { $name } abandoned the game.
seating-already-running = The game is already running.
seating-only-host-start = Only the host can start the game.
seating-too-few-players = At least 2 players are needed (3 to 6 for the real game); the others must join first.
seating-could-not-start = The game could not start: { $error }. Try again.
seating-two-player-start = A 2-player casual game: the rules are written for 3 or more.
seating-beginner-map-too-small = The beginner map is for 3–4 players, so this game uses the variable setup.
seating-begins = The game begins! Seat order: { $names }. { $rules }.

## dispatch/turn_message.rs: the turn message's buttons

turn_message-button-place-settlement = Place settlement
turn_message-button-place-road = Place road
turn_message-button-roll = Roll
turn_message-button-discard = Discard
turn_message-button-robber = Move robber
turn_message-button-build = Build
turn_message-button-trade = Trade
turn_message-button-play = Play card
turn_message-button-end = End turn
turn_message-button-hand = My hand
turn_message-button-helper = Helper

## dispatch/trades.rs: offers between players

trades-open-offer = #{ $offer } ({ $give } for { $get })
trades-too-many-offers = You have { $count } open offers, the most one player may have: { $offers }. Withdraw one first, or wait until this turn ends.
trades-button-accept = Accept
trades-button-decline = Decline
trades-button-confirm = Confirm with { $name }
trades-no-open-offers = No open trade offers.
trades-offer-not-saved = The offer could not be saved ({ $error }); try again.
trades-posted = Offer #{ $offer } posted.
trades-answer-not-saved = Your answer could not be saved ({ $error }); try again.
trades-you-accepted = You accepted offer #{ $offer }.
trades-you-declined = You declined offer #{ $offer }.
trades-change-not-saved = The change could not be saved ({ $error }); try again.
trades-withdrawn-public = Trade offer #{ $offer } ({ $terms }) was withdrawn.
trades-withdrawn = Offer #{ $offer } withdrawn.
trades-done = Trade offer #{ $offer } is done: { $name } gave { $other } { $give } for { $get }.
trades-take-back-not-saved = Taking back your answer could not be saved ({ $error }); try again.
trades-took-back-acceptance = You took back your acceptance of offer #{ $offer }.
trades-took-back-refusal = You took back your refusal of offer #{ $offer }.

## offers.rs: offers between players and why one is refused

offers-not-trading-time = Trading with players happens in the current player's action phase (after the roll).
offers-must-involve-current = Players trade only with the current player: make your offer to { $current }.
offers-to-self = An offer can't be made to yourself.
offers-empty-side = Both sides must give at least one card (no gifts).
offers-same-resource = You can't trade { $resource } for { $resource }: a resource may be on one side only.
offers-cannot-give = You don't have { $cards } to offer (your hand: { $hand }).
offers-no-such-offer = There is no open offer #{ $offer } (it may have closed).
offers-own-offer = That is your own offer.
offers-not-for-you = Offer #{ $offer } is for { $only } only.
offers-only-current = Offer #{ $offer } is made to the current player, { $current }: only they can accept it.
offers-acceptor-cannot-give = You don't have { $cards } to give for offer #{ $offer } (your hand: { $hand }).
offers-not-maker-withdraw = Only { $maker }, who made offer #{ $offer }, can withdraw it.
offers-not-maker-confirm = Only { $maker }, who made offer #{ $offer }, can confirm it.
offers-not-accepted = { $who } has not accepted offer #{ $offer } (accepted: { $accepted }).
offers-no-longer-holds = Offer #{ $offer } can't go through any more: { $who } no longer has { $cards }.
offers-nobody-yet = nobody yet
offers-describe-to = {" "}to { $name }
offers-describe-to-anyone = {" "}to anyone
offers-describe = Trade offer #{ $offer } from { $name }{ $to }: gives { $give }, wants { $get }.
offers-describe-counter = Trade offer #{ $offer }: { $name } counters offer #{ $countered } by { $to }: { $give } for your { $get }.
offers-describe-accepted = Accepted by: { $names }. { $name } picks one of them.
offers-describe-declined = Declined by: { $names }.
offers-terms = { $name } offered { $give } for { $get }

## dispatch/actions.rs: after a move

actions-not-saved = The game could not be saved ({ $error }); nothing happened. Try again.
actions-must-discard = { $names }: you have more than { $limit } cards, discard half of them.
actions-offer-closed = Trade offer #{ $offer } ({ $terms }) is closed: the turn ended.
actions-wrong-rate = Your rate for { $give } is { $rate }:1, so { $count } { $get } costs { $cost } { $give }, not { $typed }.

## dispatch/bots.rs: computer players and stand-ins

bots-no-such-bot = There is no bot called { $name } at this table.
bots-no-bot = There is no bot at this table.
# $level: easy, strong or expert (the word the lobby setting uses).
bots-joined = { $name } ({ $level ->
    [easy] an easy
    [expert] an expert
   *[other] a { $level }
} bot) joined.
bots-only-host-add = Only the host can add bots.
bots-only-host-remove = Only the host can remove bots.
bots-already-away = A bot plays your seat already; say back to play again.
bots-away = 🤖 A bot plays { $name }'s seat until they are back.
bots-not-away = Nobody plays your seat but you.
bots-return-not-saved = Your return could not be saved ({ $error }); try again.
bots-back = { $name } is back and plays their seat again.
bots-time-up = ⏰ Time is up for { $name }: a bot plays their seat until they are back.

## dispatch/timer_ticks.rs: the turn timer's reminders and automatic moves

timer_ticks-left-before-bot = { $seconds } s left before a bot plays for you.
timer_ticks-left-before-auto = { $seconds } s left before the table acts for you.
timer_ticks-waiting-for-you = The game is waiting for you.
timer_ticks-reminder = ⏰ { $names }: { $then } { $waiting }
timer_ticks-bot-move-not-saved = A bot's move could not be saved, so it did not happen; the table will try again.
timer_ticks-acted-for = ⏰ Time is up for { $name }: the table acted for them (`{ $command }`).
timer_ticks-auto-not-saved = ⏰ Time is up for { $name }, but the game could not be saved ({ $error }), so the table did not act for them. It will try again.

## dispatch/mod.rs

mod-nothing-yet = Nothing has happened yet.
mod-no-game = There is no game in this place.
mod-not-started = The game has not started yet (joined: { $names }); the host starts it.
mod-not-playing = You are not playing in this game (players: { $names }).

## dispatch/info.rs

info-onlooker-board-wait = Players can see the board any time; onlookers get one board every { $every } s in this place. The next one in { $wait } s.

## dispatch/records.rs: fair dice

records-dice-host-seed = Dice: seed { $seed }, chosen by the host, so everyone can foresee the dice. Commitment { $commitment }.
# $hashed: the exact text whose SHA-256 is the commitment (never translated).
records-dice-secret = Dice: the seed is secret until the game ends. Its commitment, SHA-256 of "{ $hashed }": { $commitment }
records-export = The public record of game { $game } so far: { $count ->
    [one] { $count } move
   *[other] { $count } moves
} and what was announced after each. The seed is revealed when the game ends; `catan-bot verify` then checks this file.
records-reveal = The seed of game { $game } was { $seed }: every roll, card and steal can now be checked against the commitment from the start, e.g. with `catan-bot verify { $file }`.
records-reveal-seed-only = The seed of game { $game } was { $seed }.

## dispatch/rematch.rs

rematch-button = Rematch
rematch-no-finished-game = There is no finished game here to play again; open a new game instead.
rematch-not-read = The finished games could not be read ({ $error }); try again.
rematch-other-place = Game { $game } was played in another place.
rematch-only-players = Only the players of game { $game } ({ $names }) can ask for its rematch.
rematch-game-running = Game { $game } is being played here now.
rematch-lobby =
    Rematch of game { $game }, same settings. { $lobby }
    Invited: { $names }; join to play again.
rematch-lobby-no-one-invited = Rematch of game { $game }, same settings. { $lobby }

## lobby.rs: the lobby's settings and why a setting is refused

lobby-describe-seed = {" "}· seed { $seed } (chosen by the host: anyone can foresee the dice)
lobby-describe = up to { $count } players · { $rules }{ $seed }
lobby-timer-bot = { $minutes } min turn timer (then a bot plays for the absent)
lobby-timer-auto = { $minutes } min turn timer
lobby-timer-wait = { $minutes } min turn reminder (the game waits)
lobby-timer-off = no turn timer
lobby-describe-helpers = {" "}· Helpers of Catan
lobby-describe-friendly = {" "}· friendly robber (players with 2 or fewer public points are safe from it)
lobby-describe-balanced = {" "}· balanced dice (rolls drawn from a shuffled deck of the 36 dice outcomes, reshuffled below 13 cards)
# $board: beginner, variable or random-tokens (the setting's own word).
lobby-describe-rules = { $board } board · { $vp } VP to win · discard above { $discard } cards · { $timer }{ $helpers }{ $friendly }{ $balanced }
lobby-needs-number = `{ $key }` needs a number from { $low } to { $high }, not `{ $value }`.
lobby-out-of-bounds = `{ $key }` must be from { $low } to { $high }, not { $value }.
lobby-out-of-range = `{ $key }` is out of range.
lobby-needs-value = `{ $key }` needs a value.
lobby-not-a-board = `{ $value }` is not a board: beginner, variable or random-tokens.
lobby-helpers-on-off = `helpers` is `on` or `off`, not `{ $value }`.
lobby-friendly-on-off = `friendly` is `on` or `off`, not `{ $value }`.
lobby-balanced-on-off = `balanced` is `on` or `off`, not `{ $value }`.
lobby-not-afk = `{ $value }` is not an afk choice: bot, auto or wait.
lobby-not-a-language = `{ $value }` is not a language I speak ({ $codes }).
lobby-seed-number = `seed` needs a whole number from 0 to { $high }, not `{ $value }`.
lobby-not-a-setting = `{ $key }` is not a setting (players, board, vp, discard, timer, afk, bots, helpers, lang, seed).

## load.rs: games resumed after a restart

load-damaged = Game #{ $game } could not be resumed: its saved record is damaged. Its data is kept for the host; a new game can be started here.
load-lobby-as-verified = The lobby is as last verified; recent joins or settings may be lost
load-moves-lost = It resumes after move { $verified }, the last verified one; moves { $first } to { $last } were lost
load-changes-lost = It resumes after move { $verified }, the last verified one; changes saved after it (trade offers, seats or settings) may be lost
load-partly-damaged = Game #{ $game }: part of its saved record was damaged. { $lost }.

## session.rs

session-not-started = The game has not started yet: the host starts it.
# A seat a bot plays while its player is away or gone, as the moves name it.
session-stand-in-name = { $name } (bot)

## names.rs: players named in commands

names-not-a-player = That user is not a player in this game.
names-no-such-seat = There is no seat { $seat }: seats are numbered 1 to { $count }.
names-unknown = `{ $name }` is not a player in this game.

## summary.rs: the end-of-game summary

summary-settlements = { $count ->
    [one] { $count } settlement
   *[other] { $count } settlements
}
summary-cities = { $count ->
    [one] { $count } city
   *[other] { $count } cities
}
summary-vp-cards = { $count ->
    [one] { $count } VP card
   *[other] { $count } VP cards
}
summary-longest-route = Longest Route ({ $count } roads)
summary-largest-army = Largest Army ({ $count } knights)
summary-nothing-built = nothing built
summary-over = Game { $game } is over after { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
} and { $duration }.
summary-scores = Scores:
summary-score = { $name } { $vp } VP: { $what }
summary-during = During the game:
summary-player-stats = { $name }: { $produced ->
    [one] { $produced } card
   *[other] { $produced } cards
} produced, { $robbed } lost to the robber, { $discarded } discarded, { $trades ->
    [one] { $trades } trade
   *[other] { $trades } trades
} with players, { $bank } with the bank
summary-counted-from = (Dice and cards are counted from turn { $turn } on: earlier turns were played on a version that did not count them.)
summary-dice = Dice ({ $count ->
    [one] { $count } roll
   *[other] { $count } rolls
}; expected in brackets): { $cells }
summary-under-a-minute = under a minute
summary-minutes = { $minutes } min
summary-hours = { $hours } h { $minutes } min
summary-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
} { $hours } h

## fairness.rs

fairness-no-randomness = no secure random numbers available from the operating system ({ $error })

## The helpers' advantages in a few words (help texts, `moves`, the panel) and helper choices
helper-summary-louis = move one of your dead-end roads
helper-summary-candamir = buy a development card with one resource swapped, choosing 1 of the top 3
helper-summary-marianne = take 1 resource when a roll (not 7) gives you nothing
helper-summary-nassir = demand a named resource from 1 or 2 opponents, giving 1 card back for each
helper-summary-hilde = look at the hand of a player with more points and take 1 card
helper-summary-sean = on a 7: keep a big hand, or take 1 resource with a small one
helper-summary-jean = trade one resource 2:1 with the supply this turn
helper-summary-lin = move the robber to the desert and take 1 resource of the hex it left
helper-summary-vincent = discard a played knight to build cheaper
helper-summary-william = build a road with lumber or brick plus any card
helper-your-helper = your helper
helper-what-flip = keep { $helper }, turned to side B
helper-what-exchange = return { $helper } and take one from the display
helper-what-decline = let { $helper }'s chance pass
helper-what-keep = the development card you keep
helper-what-take = the card you take
helper-what-give = one card back to each player who gave you one

## The game waits for a helper step
messages-waiting-helper-offer = { $name }: use { $helper } now, or let it pass.
messages-waiting-helper-keep = { $name }: keep one of the development cards looked at.
messages-waiting-helper-take = { $name }: take one card from { $victim }'s hand.
messages-waiting-helper-give = { $name }: give one card back to { $names }.
messages-waiting-helper-after = { $name }: keep { $helper } (turned to side B) or exchange it.
actions-helper-offered = { $name }, { $helper } may help you on this roll: use it or let it pass. The game waits for you.
# `stats` during a game.
stats-head = Game { $game }, turn { $turn }: the numbers so far.
stats-player = { $name }: { $vp } VP · { $gained ->
    [one] { $gained } card
   *[other] { $gained } cards
} gained · robbed { $robbed ->
    [one] once
   *[other] { $robbed } times
}, robbed others { $stole ->
    [one] once
   *[other] { $stole } times
} · blocked by the robber { $blocked ->
    [one] once
   *[other] { $blocked } times
} · { $trades ->
    [one] { $trades } trade
   *[other] { $trades } trades
} with players, { $bank } with the bank
stats-counted-from = (Counted from turn { $turn } on: earlier turns were played on a version that did not count them.)
stats-series-full = (The graph shows the first { $turns } turns and the last.)
stats-not-started = The game has not started yet: numbers come once it runs.
