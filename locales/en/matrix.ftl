# Matrix's own words around the table's texts (`src/matrix/`).
mx-react-or-type = { $emoji } or { $typed }
mx-answer-offer = react ✅ / ❌ on the offer, or { $typed }
mx-turn-timer = ⏱ turn timer: until { $at } UTC
# inbound.rs: an encrypted message the bot has no key for ($name: its sender).
mx-cannot-decrypt = { $name }, I could not decrypt your last message (my device did not get its key). If it was a command, please send it again.

## help.rs: `!catan help` ($p is the command prefix, `!catan`)
mhelp-text =
    {"**"}Catan in this room**
    Start: `{ $p } new` opens a table, others `{ $p } join`, the host types `{ $p } start` (`{ $p } new players 5 board variable` for a 5–6 player game on a shuffled board; `{ $p } set timer 10` in the lobby).
    Bots: `{ $p } addbot` (or `{ $p } addbot easy`) seats a computer player in the lobby, `{ $p } new bots 3` opens a table with three; `{ $p } away` lets a bot play your seat until you act again or type `{ $p } back`.
    Each turn the bot posts the board and a turn message. React on the turn message: 🎲 roll · 🛒 buy a development card · ✅ end the turn · 🃏 your hand.
    Everything else is typed: `{ $p } build road 12-13`, `{ $p } build settlement 23`, `{ $p } build city 23`, `{ $p } play knight`, `{ $p } robber C3 alice`, `{ $p } discard 2 wool`, `{ $p } bank 4 ore for 1 wool`. Add `?` to see the legal places: `{ $p } build road ?`, `{ $p } robber ?`, or `{ $p } moves` for everything you can do now.
    Helpers of Catan: `{ $p } new helpers on` (or `{ $p } set helpers on` in the lobby); `{ $p } helper ?` lists what your helper can do now, e.g. `{ $p } helper use jean ore`, then `{ $p } helper flip` or `{ $p } helper exchange lin`.
    Trades: `{ $p } trade offer 1 wool for 1 ore` posts an offer; others react ✅ or ❌ on it (remove the reaction to take it back); the offerer picks with `{ $p } trade confirm <offer> <player>`.
    Your hand, drawn cards and private notes arrive in a direct room the bot opens with you (encrypted when your app supports it, as Element does). Never in this room.
    More: `{ $p } rules` for the rules (or `{ $p } rules <any question>`), `{ $p } stats` for the numbers so far (dice, cards, robber, trades, with a graph), `{ $p } export` for the game's public record, `{ $p } abandon` to end a game (host or room moderators). `{ $p } set lang de` plays in German.
    Ratings of this room: `{ $p } leaderboard` (the top ten and your rank; `{ $p } leaderboard season 1` for an earlier season), `{ $p } profile` or `{ $p } profile <name>` (games, wins, rating and its trend, resources); `{ $p } season new` starts the next season (room moderators). A game among people counts; with bots only after `{ $p } set rated on`.
