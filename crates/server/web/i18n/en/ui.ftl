# Kalah web page: every string the page shows, in English.
# Other languages: web/i18n/{lang}/ui.ftl with the same message ids; a message missing
# there falls back to this file. Variables ($name) are filled in by the page.

## Page frame

app-title = Kalah
skip-to-content = Skip to the main content
nav-new-game = New game
nav-analysis = Analysis board
nav-rules = Rules
language-label = Language
theme-toggle = Switch between light and dark theme
theme-light = Light theme
theme-dark = Dark theme
loading = Loading…
footer-text = Kalah, the sowing game. Everything runs on this server; no data leaves it.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Something went wrong
error-network = The server could not be reached. Check that it is running and your connection works, then try again.
error-server = The server could not do that: { $detail }
error-bad-request = The request was refused: { $detail }
error-no-token = This action needs your seat link. Open the game from the link you were given.
error-forbidden = You cannot do that here: { $detail }
error-not-found = The server does not know this: { $detail }
error-stale = The game moved on before your move arrived. The board has been brought up to date; please choose again.
error-try-again = Try again
error-dismiss = Dismiss
not-found-heading = No such game
not-found-text = There is no game with the id “{ $id }” on this server. It may have been mistyped, or the link is incomplete.
not-found-page-heading = Page not found
not-found-page-text = There is nothing at this address.
back-home = Back to the home page

## Sides and players

side-south = South
side-north = North
player-you = You
player-computer = Computer
player-computer-level = Computer ({ $level })
player-friend = Friend
player-opponent = Opponent
player-waiting = waiting for a friend
player-side-south = South player
player-side-north = North player

## Home: new game

home-heading = Play Kalah
home-intro = Sow seeds around the board, capture your opponent’s seeds and collect more than half of them in your store.
home-new-game = New game
opponent-legend = Opponent
opponent-computer = Against the computer
opponent-computer-hint = Pick a level; the computer answers at once.
opponent-friend = Against a friend
opponent-friend-hint = You get a link to send; your friend plays from their own browser.
opponent-local = On this screen
opponent-local-hint = Two people take turns on one device.
level-label = Computer level
level-beginner = Beginner
level-novice = Novice
level-casual = Casual
level-club = Club player
level-expert = Expert
level-master = Master
level-perfect = Perfect play
rules-legend = Rules
preset-label = Rule set
preset-custom = Custom rules
preset-name-standard = Standard Kalah (6,4)
preset-name-empty-capture = Kalah with empty capture
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Rule sheet 002
preset-name-sheet-003 = Rule sheet 003
preset-name-sheet-004 = Rule sheet 004
more-options = All rule options
option-houses = Houses per side
option-seeds = Seeds per house
option-capture = Capture
capture-standard = Standard: last seed in your own empty house takes the seeds opposite (only if there are any)
capture-empty = Empty: last seed in your own empty house always goes to your store with whatever is opposite
capture-none = None: nothing is ever captured
option-end = The game ends
end-either-empty = as soon as either side’s houses are all empty
end-mover-cannot-move = when the player to move has no seeds
option-sweep = Seeds left on the board at the end
sweep-owner = go to the store of the side they are on
sweep-emptier = all go to the player whose side is empty
sweep-none = count for nobody
option-early-end = End early when a store holds more than half of all seeds
option-pie = Pie rule: after the first turn, the second player may swap sides
option-both-stores = Sow into both stores (the opponent’s store too)
read-rules = Read the rules of this rule set
first-legend = Who starts
first-lot = Drawn by lot
first-south = South starts
first-north = North starts
side-legend = Your side
side-choice-random = Random
side-local-note = On one screen, both sides are played here; South sits at the bottom.
start-game = Start the game
starting-game = Starting…

## Home: recent games

recent-heading = Your recent games
recent-empty = No games on this browser yet. Games you start or join appear here.
recent-opponent = Opponent
recent-date = Started
recent-status = Status
recent-open = Open
recent-remove = Remove
recent-remove-label = Remove game { $id } from this list
recent-clear = Clear the list
status-playing = In progress
status-your-turn = Your turn
status-finished = Finished
status-resigned = Resigned
status-unknown = Unknown
status-won = Won { $you }–{ $them }
status-lost = Lost { $you }–{ $them }
status-drawn = Drawn { $you }–{ $them }

## Invitation and sharing

invite-heading = Invite a friend
invite-text = Send this link to your friend. Whoever opens it plays the other side. Keep it private: it lets them move.
invite-waiting = Waiting for your friend to open the link…
copy = Copy
copied = Copied to the clipboard.
copy-failed = Could not copy. Select the text and copy it by hand.
share-heading = Watch link
share-text = Anyone with this link can watch the game live but cannot move.
share-copy = Copy the watch link

## Game page

game-heading = Game { $id }
game-rules-summary = Rules: { $rules }
turn-yours = Your turn
turn-sowing-yours = Sowing your seeds…
turn-side = { $side } to move
turn-opponent = Your opponent’s turn
turn-thinking = The computer is thinking…
turn-waiting-friend = Waiting for your friend to join and move…
pie-offer = Pie rule: you may swap sides and take over your opponent’s position instead of moving.
pie-swap = Swap sides
spectator-note = You are watching this game.
local-note = Both sides are played on this screen.
store-label = Store
house-number = House { $house }
house-aria-own = Your house { $house }, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
house-aria-opponent = Opponent’s house { $house }, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
house-aria-side = { $side } house { $house }, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
store-aria-own = Your store, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
store-aria-opponent = Opponent’s store, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
store-aria-side = { $side } store, { $seeds ->
        [one] { $seeds } seed
       *[other] { $seeds } seeds
    }
house-value = value { $value }
board-label = Kalah board
board-keys-help = Arrow keys move between houses, Enter sows the focused house. Outside the board, the left and right arrows step through the moves.

## Announcements (also read out by screen readers)

announce-your-turn = Your turn.
announce-game-over = Game over.

## Result

result-heading = Game over
result-you-win = You win { $you }–{ $them }!
result-you-lose = You lose { $you }–{ $them }.
result-draw = Draw, { $south }–{ $north }.
result-side-wins = { $side } wins { $winner }–{ $loser }.
result-early-end = The game ended early: one store holds more than half of all seeds.
## Moves and history

moves-heading = Moves
moves-empty = No moves yet.
moves-turn = Turn { $number }
history-first = First position
history-back = Previous move
history-forward = Next move
history-last = Current position
history-viewing = Showing the position after move { $ply } of { $total }.
history-viewing-start = Showing the start position.
history-return = Back to the game
move-swap = swap

## Actions

actions-heading = Game
resign = Resign
resign-confirm = Really resign this game? It counts as a loss.
resign-yes = Yes, resign
resign-no = No, play on
rematch = Rematch (sides swapped)
rematch-open = Open the rematch
rematch-ready = A rematch has started.
hint = Show move values
hint-hide = Hide move values
hint-loading = Calculating…
hint-explain = A move’s value is the final store difference (the mover’s seeds minus the opponent’s) with best play from both sides after it.
hint-best-unchecked = Other moves may be just as good: time ran out before every move was checked.
hint-unavailable = Move values are shown in games against the computer, on one screen, in finished games and on the analysis board.
export-record = Download the game record
copy-position = Copy the position
analyze-game = Open on the analysis board
speed-label = Sowing animation
speed-off = Off
speed-fast = Fast
speed-normal = Normal
speed-slow = Slow

## Live connection

conn-lost = Connection lost. Reconnecting in { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }…
conn-reconnecting = Reconnecting…
conn-back = Connected again; the board is up to date.
conn-retry-now = Reconnect now

## Analysis board

analysis-heading = Analysis board
analysis-intro = Import a game record or paste a position to step through it and see the exact value of every move.
analysis-import-heading = Import a game record
analysis-import-label = Game record
analysis-import-button = Import
analysis-import-file = Or open a record file
analysis-position-heading = Set up a position
analysis-position-label = Position
analysis-position-button = Show
analysis-bad-position = That is not a position: write it like <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Calculate move values
analysis-thinking = Calculating…
analysis-pv = Best line: { $line }
analysis-game-over = The game is over in this position.
analysis-play-hint = Click a house of the side to move to try a move; the move list continues from there.
analysis-reset = Back to the imported game
analysis-empty = Nothing loaded yet: the start position of the standard rules is shown.

## Rules page

rules-page-heading = Rules: { $preset }
rules-other-presets = Other rule sets
rules-start-position = Start position
rules-play-this = Play with these rules
rules-unknown-preset = There is no rule set called “{ $preset }”.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Play the computer
play-friend = Play a friend
custom-game = Custom game
quick-rules = Rules: { $rules }. Other rules, who starts and games on one screen: “Custom game” below.
side-bottom-note = Whichever side you take, your houses are the bottom row of your board.
subject-computer = The computer
subject-friend = Your friend
move-you-sow = You sow house { $house }.
move-other-sow = { $name } sows house { $house }.
move-you-capture = You capture the seeds opposite your house { $house } (+{ $seeds } in your store).
move-other-capture = { $name } captures the seeds opposite house { $house } (+{ $seeds }).
move-other-capture-yours = { $name } captures the seeds of your house { $house } (+{ $seeds }).
move-you-again = Your last seed landed in your store: you move again.
move-other-again = { $name } moves again: the last seed landed in the store.
move-sweep = Game over: the seeds left on the board go to the stores ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = You swap sides (pie rule).
move-other-swap = { $name } swaps sides (pie rule).
result-you-resigned = You resigned.
result-other-resigned = { $name } resigned.
replay-last = Replay the last move
score-label = Score
legend-from = sown from
legend-last = last seed
legend-capture = capture
legend-sweep = swept at the end
sound-toggle = Move sounds
share-export-heading = Share / export
coach-text = Your houses are the bottom row. Click one: its seeds are sown one by one, counter-clockwise, into the next houses and your store on the right.
coach-dismiss = Got it
hint-you-ahead = Best: house { $moves }. With best play from here you finish { $exact ->
        [yes] { $n }
       *[no] about { $n }
    } ahead.
hint-you-behind = Best: house { $moves }. With best play from here you finish { $exact ->
        [yes] { $n }
       *[no] about { $n }
    } behind.
hint-you-level = Best: house { $moves }. With best play from here the game ends { $exact ->
        [yes] in a draw
       *[no] about level
    }.
hint-other-ahead = Best for { $name }: house { $moves }. With best play from here { $name } finishes { $exact ->
        [yes] { $n }
       *[no] about { $n }
    } ahead.
hint-other-behind = Best for { $name }: house { $moves }. With best play from here { $name } finishes { $exact ->
        [yes] { $n }
       *[no] about { $n }
    } behind.
hint-other-level = Best for { $name }: house { $moves }. With best play from here the game ends { $exact ->
        [yes] in a draw
       *[no] about level
    }.

## Bots (the page /bots)

home-bots-link = Bots: play against programs, or watch them play
player-bot = Bot { $name }
bots-heading = Bots
bots-intro = Programs that play Kalah connect to this server with the Kalah Game Protocol. Challenge a bot that is waiting, or watch a game.
bots-online-heading = Bots online
bots-none = No bot is connected right now. This list updates by itself.
bots-waiting = waiting for a game
bots-playing = playing
bots-unrated = unrated
bots-provisional = provisional rating: few games played
bots-challenge = Challenge
bots-challenge-label = Challenge { $name }
bots-watch = Watch
bots-watch-label = Watch the game of { $name }
bots-busy = { $name } is playing a game now. Watch it, or challenge it again when it is waiting.
bots-gone = { $name } is no longer connected.
bots-leaderboard-heading = Leaderboard
bots-leaderboard-empty = No rated game has been played yet. Bots that connect with a token are rated after each game.
bots-col-rank = Rank
bots-col-name = Bot
bots-col-rating = Rating
bots-col-games = Games
bots-col-wdl = Won / drawn / lost
bots-board-label = Board for a challenge
bots-board-option = { $houses } houses, { $seeds } seeds each
bots-back = Back to the bots

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Your name
account-signed-in = Signed in as { $name }.
account-guest = You play as { $name } (a guest).
account-anonymous = You play without a name. Sign in, or sign up to keep your name and games.
account-sign-in = Sign in
account-sign-up = Sign up
account-log-out = Log out
account-name = User name
account-password = Password
account-name-hint = 3 to 20 letters A–Z, digits, _ or -
account-password-hint = 8 to 256 characters
account-bad-login = The user name or the password is wrong.
account-name-taken = This user name is taken; choose another.
account-rate-limited = Too many attempts from your address; try again in a few minutes.

## Clocks of timed games
clock-label = Clock of { $name }
clock-low = low on time
clock-low-say = Your time is running out.
clock-first-move = { $side } must make a first move within { $seconds } s, or the game is aborted.
time-control-label = Clock
time-control-none = No clock
result-aborted = Game aborted: a first move did not come in time. No result.
result-on-time-you = Your time ran out.
result-on-time-opponent = Your opponent's time ran out.
result-on-time-side = { $side }'s time ran out.
result-abandoned-you = You left the game.
result-abandoned-opponent = Your opponent left the game.
result-abandoned-side = { $side } left the game.
status-aborted = Aborted

## Player pages and the leaderboard of people
home-leaderboard-link = Leaderboard of players
leaderboard-heading = Leaderboard
leaderboard-intro = The best rated players of each pool (rules and time category). A player is listed once their rating is settled, after enough rated games.
leaderboard-pool-label = Pool
leaderboard-empty = Nobody is listed in this pool yet: players appear once enough rated games have settled their rating.
leaderboard-col-player = Player
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 seeds
pool-family-other = Other rules
pool-category-bullet = Bullet
pool-category-blitz = Blitz
pool-category-rapid = Rapid
pool-category-classical = Classical
pool-category-correspondence = Correspondence
rating-chart-summary = Rating from { $first } to { $last } (rated games shown: { $count })
rating-history-table = Rating after each game
rating-col-date = Date
rating-col-change = Change
rating-games = Games: { $count }
game-result-win = Won
game-result-loss = Lost
game-result-draw = Drawn
game-result-playing = In progress
game-against = against
game-rated = rated
player-not-found-heading = No such player
player-not-found-text = There is no account named { $name }. Guests have no page, and deleted accounts are gone.
player-since = Playing since { $date }
player-ratings-heading = Ratings
player-no-ratings = No rated games yet.
player-puzzles-heading = Puzzles
player-puzzles-solved = Solved: { $solved } of { $tried }
player-games-heading = Recent games
player-no-games = No games yet.
result-rating-change = { $name }: rating { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Watch
watch-heading = Watch games
watch-intro = Games being played now, the best rated first. Open one to watch it live.
watch-list-heading = Games being played
watch-empty = No game is being played right now. This list updates by itself.
watch-count = Games being played: { $count } (showing { $shown })
watch-rated = rated
watch-casual = casual
watch-bots = bots
watch-score = Score: South { $south }, North { $north }
watch-ply = Moves: { $ply }
watch-to-move = { $side } to move
watch-reconnecting = Connection lost; reconnecting. Meanwhile the list is refreshed every few seconds.
claim-button = Claim the game
claim-opponent-left = Your opponent has left the game.
claim-wait = Your opponent has left. If they do not come back within { $seconds } s, you may claim the game.
claim-ready = Your opponent has been gone too long: you may claim the game (a win, or a draw if you can no longer win).
claim-refused-back = Your opponent is back, so the game goes on.
claim-refused-early = Too early: you may claim the game in { $seconds } s if your opponent does not come back.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Play online
online-intro = Play a person on a clock: quick pairing finds an opponent near your rating, or accept a seek from the lobby.
online-you = In the lobby as { $name }.
online-rated = Rated game
online-guest-note = As a guest you play casual games. Sign up to play rated games.
online-quick-heading = Quick pairing
online-quick-button = Play { $rules }, { $clock }, online
online-waiting = Looking for an opponent: { $rules }, { $clock }…
online-cancel = Cancel
online-enter = Enter the lobby
online-enter-note = The lobby lists the players waiting for an opponent.
online-disconnected = The connection to the lobby was lost; trying again…
online-seeks-heading = Open seeks
online-seeks-empty = No open seeks right now. Create one, or use quick pairing.
online-col-player = Player
online-col-mode = Game
online-col-action = Action
online-rules-label = Rules
online-mode-rated = Rated
online-casual = Casual
online-accept = Accept
online-accept-label = Accept the seek of { $name }: { $rules }, { $clock }
online-your-seek = Your seek
online-cancel-seek = Cancel seek
online-create-heading = Create a seek
online-create = Create seek
online-game-found = Game found against { $name }.
challenge-heading = Challenge { $name }
challenge-button = Challenge
challenge-send = Send challenge
challenge-sent = Challenge sent; waiting for { $name } to answer…
challenge-declined = { $name } declined your challenge.
challenge-expired = Your challenge expired without an answer.
challenge-cancelled = The challenge was withdrawn.
challenge-crowded-out = { $name } has too many challenges waiting, and one from a player they know took the place of yours. Try again later.
challenge-incoming = { $name }{ $rating } challenges you: { $rules }, { $clock }, { $mode }.
challenge-accept = Accept
challenge-decline = Decline
challenge-notices = Challenges
lobby-error-account = Rated games are between accounts: sign up or sign in, or choose a casual game.
lobby-error-offline = This player does not have the site open now; a challenge reaches only players who are online.
lobby-error-gone = This seek or challenge is no longer open.
lobby-error-too-many = You have as many open seeks or challenges as allowed; cancel one first.
lobby-error = The lobby refused this: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Lobby
nav-leaderboard = Leaderboard
nav-bots = Bots
nav-menu = Menu
menu-my-page = My page
menu-player-label = { $name }: my page, sign out
result-lost-on-time = You lost on time.
result-you-win-plain = You win.
result-you-lose-plain = You lose.
result-draw-plain = Draw.
result-side-wins-plain = { $side } wins.
result-stores = Seeds in the stores: { $score }
hint-estimate-you = An estimate, not proven: house { $moves } looks strongest, { $outcome ->
        [ahead] about { $n } ahead for you
        [behind] about { $n } behind for you
       *[level] about level
    }.
hint-estimate-other = An estimate, not proven: for { $name }, house { $moves } looks strongest, { $outcome ->
        [ahead] about { $n } ahead
        [behind] about { $n } behind
       *[level] about level
    }.
bots-levels-heading = The computer
bots-levels-intro = The computer’s own levels, always ready to play, from beginner to perfect play.
bots-level-play = Play
bots-level-play-label = Play the computer: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = No such bot
bot-not-found-text = No bot named { $name } has played on this server or is connected now.
bot-unrated-note = it connects without a token, so its games change no rating.
bot-rating-fixed = a fixed rating: the computer’s games never change it
bot-record = Rated games: { $games } (won { $wins }, drawn { $draws }, lost { $losses })
bot-person = a person
bot-status-playing = Connected now, playing a game.
bot-status-waiting = Connected now, waiting for a game.
bot-status-level = One of the computer’s own levels: always ready to play.
bot-status-offline = Not connected now.
bot-games-heading = Games
bot-newest-games = Newest games
bot-older-games = Older games

leaderboard-empty-lobby = Play a rated game in the lobby
leaderboard-empty-bots = Play the computer or a bot
share-button = Share
share-copied = The link to watch this game is copied:
turn-waiting-friend-open = Waiting for your friend to open the link; you can move once they have.
