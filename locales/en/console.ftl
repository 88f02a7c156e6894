# The terminal's own words around the table's texts (src/console/).
console-not-resumed = stored game { $game } could not be resumed: { $reason }
console-line-skipped = line { $line } skipped: { $reason }
console-typing-as = now typing as { $name }
console-unknown-player = `{ $name }` is not one of the players ({ $players }); type `name: command` or `as name`.
console-help = In this terminal: `name: command` plays as that player, `as name` makes plain commands that player's, `quit` stops (the game is kept only with --data).
console-game-over = The game has ended. Run catan-bot local again to start a new one.
console-and = {" "}and{" "}
console-waits-for = {" "}The game waits for { $names }.
console-whose = Whose command is `{ $text }`? Players: { $players }.{ $awaited } Write `{ $example }: { $text }`, or `as { $example }` to type as { $example } from now on.
console-resumed = resumed game { $game } at move { $version }
console-seats = Players in turn order, with their colour on the board: { $seats }.
console-how-to-type = Type `name: command` (e.g. `{ $example }: moves`), or `as { $example }` once and then plain commands. `moves` lists what you can do now, `build road ?` where, `help` every command, `quit` stops.
console-not-kept = This game is not kept: it is gone when you quit. Start with --data DIR to keep it and resume later.
console-answer-with = Answer with { $commands }.
console-answer-with-either = Answer with { $first } or { $last }.
console-private-to = [private to { $name }]
console-board-written = [board written to { $path }]
console-picture-written = [{ $what ->
    [dice] dice chart
    [timeline] graph over time
   *[other] { $what }
} written to { $path }]
console-board-not-drawn = [the board could not be drawn: { $error }]
console-file-written = [file written to { $path }]
console-file-not-written = [file { $name } not written: --no-boards]
console-turn-timer = (turn timer: until { $time } UTC)
