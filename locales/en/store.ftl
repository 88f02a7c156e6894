## table/load.rs: what start-up tells a game's players about damage the store found (with the
## load-… messages in table.ftl)

# The game itself (not its lobby) is back at its first move: every saved move was lost.
load-game-lost = It resumes after move 0, the last verified one: the whole game ({ $last ->
    [one] { $last } move
   *[other] { $last } moves
}) was lost
load-game-lost-lobby = The whole game ({ $last ->
    [one] { $last } move
   *[other] { $last } moves
}) was lost: it is back in its lobby as last verified, and can be started again
load-unverified = Game #{ $game }: the file that proves no saved move was lost ({ $file }) was missing or damaged, so lost moves cannot be ruled out. { $resumes } If more moves had been played, they were lost.
load-resumes-after = It resumes after move { $verified }, the last one stored.
load-resumes-in-lobby = It resumes in its lobby.
load-told-until-next-move = This notice is repeated at every start until the game's next move.
