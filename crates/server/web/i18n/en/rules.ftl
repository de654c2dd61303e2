### Rules pages of Kalah, English (the source language of every rules.ftl).
###
### A rules page for a set of rules is composed of:
###   rules-title, rules-intro,
###   rules-setup-heading, rules-board, rules-numbering,
###   rules-move-heading, rules-sowing OR rules-sowing-both-stores, rules-extra-turn,
###     rules-turn-ends,
###   rules-capture-heading, rules-capture-standard OR rules-capture-empty OR rules-capture-none,
###   rules-end-heading, rules-end-either-empty OR rules-end-mover-cannot-move,
###     rules-sweep-owner OR rules-sweep-emptier OR rules-sweep-none,
###     rules-early-end (only when that option is on),
###   rules-pie (only when the pie rule is on),
###   rules-winner, rules-first-player,
###   rules-example-heading, rules-example (standard board), rules-options-heading with
###   the labels below (the option names and values are option-*, capture-* ... in ui.ftl),
###   rules-presets-heading with preset-name-* (ui.ftl) and the summaries preset-* below.
### Variables: $houses houses per side, $seeds seeds per house, $total seeds in all.

rules-title = How to play Kalah
rules-intro =
    Kalah is a board game for two players from the mancala family, played with seeds in
    small pits. You sow seeds around the board, try to collect as many of them as possible
    in your own store, and win by having more seeds in your store than your opponent
    at the end of the game.

## Headings

rules-setup-heading = The board
rules-move-heading = A move
rules-capture-heading = Captures
rules-end-heading = End of the game
rules-winner-heading = Who wins
rules-options-heading = Rule options
rules-presets-heading = Presets
rules-example-heading = Example

## The board

rules-board =
    The board has two rows of { $houses ->
        [one] one house
       *[other] { $houses } houses
    }, one row for each player, and a large pit at each end: the store (also called the kalah).
    Your store is the one on your right. At the start every house holds { $seeds ->
        [one] one seed
       *[other] { $seeds } seeds
    }, { $total } seeds in all, and both stores are empty.
rules-numbering =
    The houses are numbered from each player's left, so house { $houses } is the one next to
    that player's store.

## A move

rules-sowing =
    On your turn, choose one of your houses that is not empty and pick up all its seeds.
    Sow them one at a time, counter-clockwise, into the houses that follow, into your own
    store as you pass it, and on into your opponent's houses. Your opponent's store is
    skipped. With enough seeds you go all the way round the board, and the house you
    emptied gets a seed too.
rules-sowing-both-stores =
    On your turn, choose one of your houses that is not empty and pick up all its seeds.
    Sow them one at a time, counter-clockwise, into the houses that follow and into both
    stores as you pass them. A seed dropped into your opponent's store belongs to your
    opponent, and if your last seed lands there, your turn is over.
rules-extra-turn =
    If your last seed lands in your own store, you move again. This can happen several
    times in a row.
rules-turn-ends =
    If your last seed lands anywhere else, your turn is over and your opponent moves next.

## Captures

rules-capture-standard =
    If your last seed lands in an empty house on your side and the house opposite holds
    seeds, you capture: that seed and all the seeds opposite go into your store, and your
    turn ends. If the opposite house is empty, your seed simply stays where it landed.
rules-capture-empty =
    If your last seed lands in an empty house on your side, you capture: that seed goes into
    your store together with all the seeds in the house opposite, even if that house is
    empty. Your turn then ends.
rules-capture-none =
    This game has no captures: wherever your last seed lands, it stays there.

## End of the game

rules-end-either-empty =
    The game ends as soon as all the houses on one side are empty. This is checked after
    every sowing, so it also ends the game when the mover would otherwise have an extra turn.
rules-end-mover-cannot-move =
    The game ends only when the player whose turn it is has no seeds left in their houses.
    Until then, an empty side can still be refilled by the other player's sowing.
rules-sweep-owner =
    The seeds still left in the houses are then counted for their owner: each side's
    remaining seeds go into that side's store.
rules-sweep-emptier =
    The player whose side is empty then takes all the seeds still left on the board and puts
    them into their own store.
rules-sweep-none =
    The seeds still left in the houses are not counted for anybody; only the stores count.
rules-early-end =
    Early end: as soon as one store holds more than half of all the seeds, the game is
    decided and ends at once. Each player keeps the seeds still in their own houses.
rules-pie =
    Pie rule: after the first player's first turn, the second player may, instead of
    moving, swap: they take over the first player's seat and position, and the other
    player moves next from the opposite side. This keeps the first move honest.
rules-winner =
    The player with more seeds in their store wins. If both stores hold the same number of
    seeds, the game is a draw.
rules-first-player = Who moves first is decided by lot.

## Example (standard board: 6 houses, 4 seeds each)

rules-example =
    You pick up the 4 seeds of your house 3 and sow one each into houses 4, 5 and 6 and the
    last one into your store. Because the last seed landed in your store, you move again.

## Labels

rules-houses-label = Houses per side
rules-seeds-label = Seeds per house
rules-total-label = Seeds in all

## Presets: one-line summaries (their names are preset-name-* in ui.ftl)

preset-standard =
    The classic rules, as in the common rule sheet and most Kalah software: 4 seeds per
    house, standard capture, the game ends when either side is empty, and each player keeps
    their remaining seeds.
preset-empty-capture =
    The standard rules with empty capture: a last seed in your own empty house is always
    captured, even with nothing opposite.
preset-bga =
    As played on Board Game Arena: the game ends when the player to move cannot move, and
    at once when a store holds more than half of the seeds; the pie rule and empty capture
    can be switched on.
preset-sheet-002 = 6 seeds per house, with empty capture.
preset-sheet-003 = 6 seeds per house, with empty capture; each player keeps their remaining seeds.
preset-sheet-004 = 6 seeds per house, with empty capture; the player whose side is empty takes the rest.
