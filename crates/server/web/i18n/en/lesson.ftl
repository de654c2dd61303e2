# The first lesson (/learn in the browser, `kalah play --lesson` in the terminal).
# Read by the page with @fluent/bundle and by the terminal game (crates/lesson/src/text.rs),
# which knows only plain messages: `id = text` with indented continuation lines,
# { $variable } and { "literal" } placeables. No selects, terms or attributes here.

lesson-title = First lesson
lesson-heading = Learn Kalah in two minutes
lesson-intro = Four short steps, each played on the board: sowing, the extra turn, the capture, and the end of the game. You play the bottom row; your store is on your right.
lesson-note-houses = Houses per side in these rules: { $houses }. The lesson shows { $shown } houses per side, with every other rule the same.
lesson-step = Step { $step } of { $steps }
lesson-you = You
lesson-opponent = Opponent
lesson-board-label = Lesson board
lesson-try-again = Try again
lesson-next = Next step
lesson-finish = Finish
lesson-restart-step = Start this step again
lesson-complete-heading = Lesson complete
lesson-complete-text = You know sowing, the extra turn, the capture and the end of the game in these rules. Ready for a real game?
lesson-play-computer = Play the computer in these rules
lesson-again = Take the lesson again
lesson-read-rules = Read the full rules
lesson-home-link = New to Kalah? Learn it in two minutes
lesson-nav = Learn
lesson-rules-label = Rules of the lesson
lesson-wrong-heading = Not quite

# Step 1: sowing
lesson-sowing-title = Sowing
lesson-sowing-body = On your turn, take all the seeds from one of your houses and sow them one by one into the next pits, counter-clockwise: your houses to the right, your store, then your opponent's houses.
lesson-sowing-skip = Your opponent's store is skipped. Seeds in a store stay there to the end.
lesson-sowing-both-stores = In these rules your opponent's store gets a seed too as you pass it, and that seed counts for them.
lesson-sowing-task = Sow a house whose seeds reach your opponent's side (the top row).
lesson-sowing-done = One seed in each pit: your seeds went through your store, where one stays for good, and on to your opponent's side.
lesson-sowing-hint = One seed goes into each pit: the house needs more seeds than there are steps from it to your store.

# Where a last seed landed
lesson-landed-house = Your last seed landed in your house { $last }.
lesson-landed-opponent-house = Your last seed landed in your opponent's house { $last }.
lesson-landed-store = Your last seed landed in your store.
lesson-landed-opponent-store = Your last seed landed in your opponent's store.

# Step 2: the extra turn
lesson-extra-title = The extra turn
lesson-extra-body = If the last seed you sow lands in your own store, you move again. This can happen several times in a row.
lesson-extra-task = Find the house whose last seed lands in your store.
lesson-extra-done = Your last seed landed in your store: you move again.
lesson-extra-hint = Look for a house with exactly as many seeds as steps to your store.

# Step 3: the capture
lesson-capture-title = The capture
lesson-capture-standard = If your last seed lands in an empty house of yours and the house opposite has seeds, you capture: that seed and all the seeds opposite go into your store. With nothing opposite, the seed just stays. Either way, your turn ends.
lesson-capture-empty = If your last seed lands in an empty house of yours, you capture: that seed and all the seeds in the house opposite go into your store, even when the house opposite is empty. Then your turn ends.
lesson-capture-none = These rules have no captures: a last seed that lands in an empty house of yours simply stays there, and your turn ends.
lesson-capture-task = Capture the seeds in your opponent's house { $house }, opposite your empty house.
lesson-capture-none-task = Sow the house whose last seed lands in your empty house { $house }.
lesson-capture-done = Captured: your last seed and the seeds of your opponent's house { $opposite } went into your store.
lesson-capture-none-done = Your last seed stays in your house { $house }: nothing is captured, and your turn ends.
lesson-capture-nothing-opposite = The house opposite was empty, so there was nothing to capture.
lesson-capture-not-empty = That house already had seeds, so nothing is captured.
lesson-capture-hint = Look for the house whose last seed lands in your empty house { $house }.

# Step 4: the end of the game and the seeds left
lesson-end-title = The end of the game
lesson-end-either-empty = The game ends as soon as all the houses of one side are empty.
lesson-end-mover-cannot-move = The game ends when the player to move has no seeds in their houses.
lesson-sweep-owner = The seeds still in the houses then go to their owner's store, and the fuller store wins.
lesson-sweep-emptier = The player whose side is empty then takes all the seeds still in the houses, and the fuller store wins.
lesson-sweep-none = The seeds still in the houses then count for nobody, and the fuller store wins.
lesson-early-end = In these rules the game also ends at once when a store holds more than half of all the seeds; the seeds left then go to their owner.
lesson-end-task = Empty all your houses in this turn to end the game. Use extra turns.
lesson-end-task-mover = End the game: empty all your houses with your last seed in your store, so that you are to move with nothing to sow.
lesson-end-again = You move again.
lesson-end-stuck = You move again, but from here your houses cannot all be emptied in this turn.
lesson-end-seeds-left = Your turn is over with seeds still in your houses, so the game goes on.
lesson-end-opponent-moves = Your houses are empty, but your turn is over and your opponent can still move, so the game goes on.
lesson-end-hint = Each time, sow the house nearest your store whose seeds reach exactly into it.
lesson-end-done-owner = The game is over. The seeds left in your opponent's houses go to their store (+{ $seeds }).
lesson-end-done-you = The game is over. Your side is empty, so all the seeds left go to your store (+{ $seeds }).
lesson-end-done-none = The game is over. The seeds left in the houses count for nobody.
lesson-end-done-early = The game is over at once: your store holds more than half of all the seeds. The seeds left go to their owner.
lesson-end-score = Final score: you { $you }, your opponent { $opponent }.

# The terminal game (kalah play --lesson)
lesson-key-sow = sow
lesson-key-choose = choose and sow
lesson-key-retry = start the step again
lesson-key-next = next step
lesson-key-leave = leave the lesson
lesson-key-quit = quit
lesson-key-play = play a game in these rules
lesson-tui-next = Press Enter for the next step.
lesson-tui-finish = Press Enter to finish.
lesson-tui-retry = Press Enter to try again.
lesson-tui-empty = House { $house } is empty: choose a house with seeds.
lesson-tui-no-house = There is no house { $house }.
