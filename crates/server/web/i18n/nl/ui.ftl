# Kalah web page: every string the page shows, in Dutch (translation of en/ui.ftl).
# Termen zoals in rules.ftl: kuiltje (house), kalaha (store), steen (seed), Zuid/Noord (sides).

## Page frame

app-title = Kalah
skip-to-content = Naar de hoofdinhoud
nav-new-game = Nieuw spel
nav-analysis = Analysebord
nav-rules = Spelregels
language-label = Taal
theme-toggle = Wisselen tussen licht en donker thema
theme-light = Licht thema
theme-dark = Donker thema
loading = Laden…
footer-text = Kalah, het zaaispel. Alles draait op deze server; er gaan geen gegevens naar buiten.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Er is iets misgegaan
error-network = De server is niet bereikbaar. Controleer of hij draait en of je verbinding werkt, en probeer het dan opnieuw.
error-server = De server kon dat niet doen: { $detail }
error-bad-request = Het verzoek is geweigerd: { $detail }
error-no-token = Hiervoor heb je de link van je plaats nodig. Open het spel via de link die je hebt gekregen.
error-forbidden = Dat kun je hier niet doen: { $detail }
error-not-found = De server kent dit niet: { $detail }
error-stale = Het spel was al verder voordat je zet aankwam. Het bord is bijgewerkt; kies opnieuw.
error-try-again = Opnieuw proberen
error-dismiss = Sluiten
not-found-heading = Dit spel bestaat niet
not-found-text = Er is op deze server geen spel met de code ‘{ $id }’. Misschien is die verkeerd getypt of is de link onvolledig.
not-found-page-heading = Pagina niet gevonden
not-found-page-text = Op dit adres staat niets.
back-home = Terug naar de startpagina

## Sides and players

side-south = Zuid
side-north = Noord
player-you = Jij
player-computer = Computer
player-computer-level = Computer ({ $level })
player-friend = Vriend
player-opponent = Tegenstander
player-waiting = wacht op een vriend
player-side-south = Speler Zuid
player-side-north = Speler Noord

## Home: new game

home-heading = Kalah spelen
home-intro = Verdeel de stenen over het bord, sla de stenen van je tegenstander en verzamel er meer dan de helft van in je kalaha.
home-new-game = Nieuw spel
opponent-legend = Tegenstander
opponent-computer = Tegen de computer
opponent-computer-hint = Kies een niveau; de computer antwoordt meteen.
opponent-friend = Tegen een vriend
opponent-friend-hint = Je krijgt een link om te versturen; je vriend speelt in zijn eigen browser.
opponent-local = Op dit scherm
opponent-local-hint = Twee mensen spelen om beurten op één apparaat.
level-label = Niveau van de computer
level-beginner = Beginner
level-novice = Nieuweling
level-casual = Recreatieve speler
level-club = Clubspeler
level-expert = Expert
level-master = Meester
level-perfect = Perfect spel
rules-legend = Spelregels
preset-label = Regelset
preset-custom = Eigen regels
preset-name-standard = Standaard-Kalah (6,4)
preset-name-empty-capture = Kalah met leeg slaan
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Spelregels 002
preset-name-sheet-003 = Spelregels 003
preset-name-sheet-004 = Spelregels 004
more-options = Alle regelopties
option-houses = Kuiltjes per kant
option-seeds = Stenen per kuiltje
option-capture = Slaan
capture-standard = Standaard: de laatste steen in een eigen leeg kuiltje slaat de stenen ertegenover (alleen als die er zijn)
capture-empty = Leeg slaan: de laatste steen in een eigen leeg kuiltje gaat altijd naar je kalaha, samen met wat er tegenover ligt
capture-none = Geen: er wordt nooit geslagen
option-end = Het spel eindigt
end-either-empty = zodra alle kuiltjes aan één kant leeg zijn
end-mover-cannot-move = als de speler die aan de beurt is geen stenen heeft
option-sweep = Stenen die aan het eind nog op het bord liggen
sweep-owner = gaan naar de kalaha van de kant waar ze liggen
sweep-emptier = gaan allemaal naar de speler van wie de kant leeg is
sweep-none = tellen voor niemand
option-early-end = Vroeg stoppen als een kalaha meer dan de helft van alle stenen bevat
option-pie = Taartregel: na de eerste beurt mag de tweede speler van kant wisselen
option-both-stores = In beide kalaha's zaaien (ook in die van de tegenstander)
read-rules = Lees de spelregels van deze regelset
first-legend = Wie begint
first-lot = Door loting
first-south = Zuid begint
first-north = Noord begint
side-legend = Jouw kant
side-choice-random = Willekeurig
side-local-note = Op één scherm worden beide kanten hier gespeeld; Zuid zit onderaan.
start-game = Spel starten
starting-game = Starten…

## Home: recent games

recent-heading = Je recente spellen
recent-empty = Nog geen spellen in deze browser. Spellen die je start of waaraan je meedoet, verschijnen hier.
recent-opponent = Tegenstander
recent-date = Begonnen
recent-status = Status
recent-open = Openen
recent-remove = Verwijderen
recent-remove-label = Spel { $id } uit deze lijst verwijderen
recent-clear = Lijst leegmaken
status-playing = Bezig
status-your-turn = Jij bent aan de beurt
status-finished = Afgelopen
status-resigned = Opgegeven
status-unknown = Onbekend
status-won = Gewonnen { $you }–{ $them }
status-lost = Verloren { $you }–{ $them }
status-drawn = Gelijk { $you }–{ $them }

## Invitation and sharing

invite-heading = Een vriend uitnodigen
invite-text = Stuur deze link naar je vriend. Wie hem opent, speelt de andere kant. Houd hem privé: met deze link kun je zetten doen.
invite-waiting = Wachten tot je vriend de link opent…
copy = Kopiëren
copied = Gekopieerd naar het klembord.
copy-failed = Kopiëren is mislukt. Selecteer de tekst en kopieer hem met de hand.
share-heading = Link om te kijken
share-text = Iedereen met deze link kan het spel live volgen, maar geen zetten doen.
share-copy = Kijklink kopiëren

## Game page

game-heading = Spel { $id }
game-rules-summary = Spelregels: { $rules }
turn-yours = Jij bent aan de beurt
turn-sowing-yours = Je stenen worden gezaaid…
turn-side = { $side } is aan de beurt
turn-opponent = Je tegenstander is aan de beurt
turn-thinking = De computer denkt na…
turn-waiting-friend = Wachten tot je vriend meedoet en een zet doet…
pie-offer = Taartregel: in plaats van een zet te doen, mag je van kant wisselen en de stelling van je tegenstander overnemen.
pie-swap = Van kant wisselen
spectator-note = Je kijkt naar dit spel.
local-note = Beide kanten worden op dit scherm gespeeld.
store-label = Kalaha
house-number = Kuiltje { $house }
house-aria-own = Jouw kuiltje { $house }, { $seeds ->
        [one] { $seeds } steen
       *[other] { $seeds } stenen
    }
house-aria-opponent = Kuiltje { $house } van de tegenstander, { $seeds ->
        [one] { $seeds } steen
       *[other] { $seeds } stenen
    }
house-aria-side = { $side }, kuiltje { $house }, { $seeds ->
        [one] { $seeds } steen
       *[other] { $seeds } stenen
    }
store-aria-own = Jouw kalaha, { $seeds ->
        [one] { $seeds } steen
       *[other] { $seeds } stenen
    }
store-aria-opponent = Kalaha van de tegenstander, { $seeds ->
        [one] { $seeds } steen
       *[other] { $seeds } stenen
    }
store-aria-side = { $side }, kalaha, { $seeds ->
        [one] { $seeds } steen
       *[other] { $seeds } stenen
    }
house-value = waarde { $value }
board-label = Kalahbord
board-keys-help = Met de pijltjestoetsen ga je van kuiltje naar kuiltje, Enter verdeelt het gekozen kuiltje. Buiten het bord bladeren de pijltjes links en rechts door de zetten.

## Announcements (also read out by screen readers)

announce-your-turn = Jij bent aan de beurt.
announce-game-over = Het spel is afgelopen.

## Result

result-heading = Het spel is afgelopen
result-you-win = Je wint met { $you }–{ $them }!
result-you-lose = Je verliest met { $you }–{ $them }.
result-draw = Gelijkspel, { $south }–{ $north }.
result-side-wins = { $side } wint met { $winner }–{ $loser }.
result-early-end = Het spel is vroegtijdig afgelopen: een kalaha bevat meer dan de helft van alle stenen.
## Moves and history

moves-heading = Zetten
moves-empty = Nog geen zetten.
moves-turn = Beurt { $number }
history-first = Beginstelling
history-back = Vorige zet
history-forward = Volgende zet
history-last = Huidige stelling
history-viewing = Stelling na zet { $ply } van { $total }.
history-viewing-start = Beginstelling.
history-return = Terug naar het spel
move-swap = wissel

## Actions

actions-heading = Spel
resign = Opgeven
resign-confirm = Wil je dit spel echt opgeven? Het telt als verlies.
resign-yes = Ja, opgeven
resign-no = Nee, verder spelen
rematch = Revanche (kanten gewisseld)
rematch-open = Revanche openen
rematch-ready = Er is een revanche begonnen.
hint = Waarde van de zetten tonen
hint-hide = Waarde van de zetten verbergen
hint-loading = Berekenen…
hint-explain = De waarde van een zet is het verschil tussen de kalaha's aan het eind (de stenen van wie zet min die van de tegenstander) als beide kanten daarna zo goed mogelijk spelen.
hint-best-unchecked = Andere zetten kunnen even goed zijn: er was geen tijd om elke zet na te gaan.
hint-unavailable = De waarde van de zetten wordt getoond in spellen tegen de computer, op één scherm, in afgelopen spellen en op het analysebord.
export-record = Spelverslag downloaden
copy-position = Stelling kopiëren
analyze-game = Openen op het analysebord
speed-label = Animatie van het zaaien
speed-off = Uit
speed-fast = Snel
speed-normal = Normaal
speed-slow = Langzaam

## Live connection

conn-lost = Verbinding verbroken. Opnieuw verbinden over { $seconds ->
        [one] { $seconds } seconde
       *[other] { $seconds } seconden
    }…
conn-reconnecting = Opnieuw verbinden…
conn-back = Weer verbonden; het bord is bijgewerkt.
conn-retry-now = Nu opnieuw verbinden

## Analysis board

analysis-heading = Analysebord
analysis-intro = Importeer een spelverslag of plak een stelling om er stap voor stap doorheen te gaan en de exacte waarde van elke zet te zien.
analysis-import-heading = Spelverslag importeren
analysis-import-label = Spelverslag
analysis-import-button = Importeren
analysis-import-file = Of open een bestand met een spelverslag
analysis-position-heading = Stelling opzetten
analysis-position-label = Stelling
analysis-position-button = Tonen
analysis-bad-position = Dat is geen stelling: schrijf hem zo: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Waarde van de zetten berekenen
analysis-thinking = Berekenen…
analysis-pv = Beste voortzetting: { $line }
analysis-game-over = In deze stelling is het spel afgelopen.
analysis-play-hint = Klik op een kuiltje van de kant die aan zet is om een zet te proberen; de zettenlijst gaat vanaf daar verder.
analysis-reset = Terug naar het geïmporteerde spel
analysis-empty = Nog niets geladen: je ziet de beginstelling van de standaardregels.

## Rules page

rules-page-heading = Spelregels: { $preset }
rules-other-presets = Andere regelsets
rules-start-position = Beginstelling
rules-play-this = Met deze regels spelen
rules-unknown-preset = Er is geen regelset met de naam ‘{ $preset }’.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Speel tegen de computer
play-friend = Speel met een vriend
custom-game = Eigen spel
quick-rules = Regels: { $rules }. Andere regels, wie begint en spellen op één scherm: „Eigen spel” hieronder.
side-bottom-note = Welke kant je ook kiest, jouw kuiltjes zijn de onderste rij van je bord.
subject-computer = De computer
subject-friend = Je vriend
move-you-sow = Je zaait kuiltje { $house }.
move-other-sow = { $name } zaait kuiltje { $house }.
move-you-capture = Je slaat de stenen tegenover je kuiltje { $house } (+{ $seeds } in je kalaha).
move-other-capture = { $name } slaat de stenen tegenover kuiltje { $house } (+{ $seeds }).
move-other-capture-yours = { $name } slaat de stenen van je kuiltje { $house } (+{ $seeds }).
move-you-again = Je laatste steen viel in je kalaha: je bent nog een keer aan de beurt.
move-other-again = De laatste steen viel in de kalaha: { $name } is nog een keer aan de beurt.
move-sweep = Einde van het spel: de stenen die nog op het bord liggen gaan naar de kalaha’s ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Je wisselt van kant (taartregel).
move-other-swap = { $name } wisselt van kant (taartregel).
result-you-resigned = Je hebt opgegeven.
result-other-resigned = { $name } heeft opgegeven.
replay-last = Laatste zet opnieuw tonen
score-label = Score
legend-from = gezaaid uit
legend-last = laatste steen
legend-capture = geslagen
legend-sweep = aan het eind opgeruimd
sound-toggle = Geluiden bij zetten
share-export-heading = Delen / exporteren
coach-text = Jouw kuiltjes zijn de onderste rij. Klik er een aan: de stenen worden één voor één, tegen de klok in, in de volgende kuiltjes en je kalaha rechts gezaaid.
coach-dismiss = Begrepen
hint-you-ahead = Beste: kuiltje { $moves }. Met het beste spel vanaf hier eindig je { $exact ->
        [yes] { $n }
       *[no] ongeveer { $n }
    } voor.
hint-you-behind = Beste: kuiltje { $moves }. Met het beste spel vanaf hier eindig je { $exact ->
        [yes] { $n }
       *[no] ongeveer { $n }
    } achter.
hint-you-level = Beste: kuiltje { $moves }. Met het beste spel vanaf hier eindigt het spel { $exact ->
        [yes] gelijk
       *[no] ongeveer gelijk
    }.
hint-other-ahead = Beste voor { $name }: kuiltje { $moves }. Met het beste spel vanaf hier eindigt { $name } { $exact ->
        [yes] { $n }
       *[no] ongeveer { $n }
    } voor.
hint-other-behind = Beste voor { $name }: kuiltje { $moves }. Met het beste spel vanaf hier eindigt { $name } { $exact ->
        [yes] { $n }
       *[no] ongeveer { $n }
    } achter.
hint-other-level = Beste voor { $name }: kuiltje { $moves }. Met het beste spel vanaf hier eindigt het spel { $exact ->
        [yes] gelijk
       *[no] ongeveer gelijk
    }.

## Bots (the page /bots)

home-bots-link = Bots: speel tegen programma’s of kijk hoe ze spelen
player-bot = Bot { $name }
bots-heading = Bots
bots-intro = Programma’s die Kalah spelen, maken verbinding met deze server via het Kalah Game Protocol. Daag een wachtende bot uit of kijk naar een partij.
bots-online-heading = Bots online
bots-none = Er is nu geen bot verbonden. Deze lijst werkt zichzelf bij.
bots-waiting = wacht op een partij
bots-playing = speelt
bots-unrated = zonder rating
bots-provisional = voorlopige rating: weinig partijen gespeeld
bots-challenge = Uitdagen
bots-challenge-label = { $name } uitdagen
bots-watch = Kijken
bots-watch-label = Naar de partij van { $name } kijken
bots-busy = { $name } speelt nu een partij. Kijk mee, of daag de bot opnieuw uit als hij wacht.
bots-gone = { $name } is niet meer verbonden.
bots-leaderboard-heading = Ranglijst
bots-leaderboard-empty = Er is nog geen partij met rating gespeeld. Bots die met een token verbinden, krijgen na elke partij een rating.
bots-col-rank = Plaats
bots-col-name = Bot
bots-col-rating = Rating
bots-col-games = Partijen
bots-col-wdl = Gewonnen / remise / verloren
bots-board-label = Bord voor een uitdaging
bots-board-option = { $houses } kuiltjes, elk { $seeds } stenen
bots-back = Terug naar de bots

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Je naam
account-signed-in = Aangemeld als { $name }.
account-guest = Je speelt als { $name } (gast).
account-anonymous = Je speelt zonder naam. Meld je aan, of registreer je om je naam en partijen te houden.
account-sign-in = Aanmelden
account-sign-up = Registreren
account-log-out = Afmelden
account-name = Gebruikersnaam
account-password = Wachtwoord
account-name-hint = 3 tot 20 letters A–Z, cijfers, _ of -
account-password-hint = 8 tot 256 tekens
account-bad-login = De gebruikersnaam of het wachtwoord is onjuist.
account-name-taken = Deze gebruikersnaam is al bezet; kies een andere.
account-rate-limited = Te veel pogingen vanaf je adres; probeer het over een paar minuten opnieuw.

## Clocks of timed games
clock-label = Klok van { $name }
clock-low = weinig tijd
clock-low-say = Je tijd raakt op.
clock-first-move = { $side } moet binnen { $seconds } s een eerste zet doen, anders wordt de partij afgebroken.
time-control-label = Klok
time-control-none = Zonder klok
result-aborted = Partij afgebroken: een eerste zet kwam niet op tijd. Geen uitslag.
result-on-time-you = Je tijd is op.
result-on-time-opponent = De tijd van je tegenstander is op.
result-on-time-side = De tijd van { $side } is op.
result-abandoned-you = Je hebt de partij verlaten.
result-abandoned-opponent = Je tegenstander heeft de partij verlaten.
result-abandoned-side = { $side } heeft de partij verlaten.
status-aborted = Afgebroken

## Player pages and the leaderboard of people
home-leaderboard-link = Ranglijst van spelers
leaderboard-heading = Ranglijst
leaderboard-intro = De best gewaardeerde spelers van elke pool (regels en tempo). Een speler staat erin zodra zijn rating na genoeg gewaardeerde partijen vaststaat.
leaderboard-pool-label = Pool
leaderboard-empty = Er staat nog niemand in deze pool: spelers verschijnen zodra genoeg gewaardeerde partijen hun rating hebben vastgelegd.
leaderboard-col-player = Speler
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 zaden
pool-family-other = Andere regels
pool-category-bullet = Bullet
pool-category-blitz = Blitz
pool-category-rapid = Rapid
pool-category-classical = Klassiek
pool-category-correspondence = Correspondentie
rating-chart-summary = Rating van { $first } naar { $last } (getoonde gewaardeerde partijen: { $count })
rating-history-table = Rating na elke partij
rating-col-date = Datum
rating-col-change = Verschil
rating-games = Partijen: { $count }
game-result-win = Gewonnen
game-result-loss = Verloren
game-result-draw = Remise
game-result-playing = Bezig
game-against = tegen
game-rated = gewaardeerd
player-not-found-heading = Speler niet gevonden
player-not-found-text = Er is geen account met de naam { $name }. Gasten hebben geen pagina en verwijderde accounts zijn weg.
player-since = Speelt sinds { $date }
player-ratings-heading = Ratings
player-no-ratings = Nog geen gewaardeerde partijen.
player-puzzles-heading = Puzzels
player-puzzles-solved = Opgelost: { $solved } van { $tried }
player-games-heading = Recente partijen
player-no-games = Nog geen partijen.
result-rating-change = { $name }: rating { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Kijken
watch-heading = Partijen bekijken
watch-intro = Partijen die nu gespeeld worden, de hoogst gewaardeerde eerst. Open er een om live mee te kijken.
watch-list-heading = Lopende partijen
watch-empty = Er wordt nu geen partij gespeeld. Deze lijst werkt zichzelf bij.
watch-count = Lopende partijen: { $count } (getoond: { $shown })
watch-rated = met rating
watch-casual = vriendschappelijk
watch-bots = bots
watch-score = Stand: Zuid { $south }, Noord { $north }
watch-ply = Zetten: { $ply }
watch-to-move = { $side } is aan zet
watch-reconnecting = Verbinding verbroken; opnieuw verbinden. Intussen wordt de lijst om de paar seconden ververst.
claim-button = Partij opeisen
claim-opponent-left = Je tegenstander heeft de partij verlaten.
claim-wait = Je tegenstander is weg. Als die niet binnen { $seconds } s terugkomt, mag je de partij opeisen.
claim-ready = Je tegenstander is te lang weg: je mag de partij opeisen (een winst, of remise als je niet meer kunt winnen).
claim-refused-back = Je tegenstander is terug, de partij gaat door.
claim-refused-early = Te vroeg: je mag de partij over { $seconds } s opeisen als je tegenstander niet terugkomt.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Online spelen
online-intro = Speel tegen een mens met een klok: snel koppelen vindt een tegenstander dicht bij je rating, of neem een aanbod in de lobby aan.
online-you = In de lobby als { $name }.
online-rated = Partij met rating
online-guest-note = Als gast speel je vriendschappelijke partijen. Meld je aan om partijen met rating te spelen.
online-quick-heading = Snel koppelen
online-quick-button = Speel { $rules }, { $clock }, online
online-waiting = Zoekt een tegenstander: { $rules }, { $clock }…
online-cancel = Annuleren
online-enter = Naar de lobby
online-enter-note = De lobby toont de spelers die op een tegenstander wachten.
online-disconnected = De verbinding met de lobby is verbroken; opnieuw proberen…
online-seeks-heading = Open aanbiedingen
online-seeks-empty = Nu geen open aanbiedingen. Maak er een, of gebruik snel koppelen.
online-col-player = Speler
online-col-mode = Partij
online-col-action = Actie
online-rules-label = Regels
online-mode-rated = Met rating
online-casual = Vriendschappelijk
online-accept = Aannemen
online-accept-label = Aanbod van { $name } aannemen: { $rules }, { $clock }
online-your-seek = Jouw aanbod
online-cancel-seek = Aanbod intrekken
online-create-heading = Een aanbod maken
online-create = Aanbod maken
online-game-found = Partij gevonden tegen { $name }.
challenge-heading = { $name } uitdagen
challenge-button = Uitdagen
challenge-send = Uitdaging sturen
challenge-sent = Uitdaging verstuurd; wacht op het antwoord van { $name }…
challenge-declined = { $name } heeft je uitdaging afgewezen.
challenge-expired = Je uitdaging is zonder antwoord verlopen.
challenge-cancelled = De uitdaging is ingetrokken.
challenge-crowded-out = { $name } heeft te veel wachtende uitdagingen, en die van een speler die hij kent nam de plaats van de jouwe in. Probeer het later opnieuw.
challenge-incoming = { $name }{ $rating } daagt je uit: { $rules }, { $clock }, { $mode }.
challenge-accept = Aannemen
challenge-decline = Afwijzen
challenge-notices = Uitdagingen
lobby-error-account = Partijen met rating zijn tussen accounts: meld je aan of log in, of kies een vriendschappelijke partij.
lobby-error-offline = Deze speler heeft de site nu niet open; een uitdaging bereikt alleen spelers die online zijn.
lobby-error-gone = Dit aanbod of deze uitdaging is niet meer open.
lobby-error-too-many = Je hebt het maximum aan open aanbiedingen of uitdagingen; trek er eerst een in.
lobby-error = De lobby weigerde: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Lobby
nav-leaderboard = Ranglijst
nav-bots = Bots
nav-menu = Menu
menu-my-page = Mijn pagina
menu-player-label = { $name }: mijn pagina, afmelden
result-lost-on-time = Je hebt op tijd verloren.
result-you-win-plain = Je wint.
result-you-lose-plain = Je verliest.
result-draw-plain = Gelijkspel.
result-side-wins-plain = { $side } wint.
result-stores = Stenen in de kalaha's: { $score }
hint-estimate-you = Een schatting, niet bewezen: kuiltje { $moves } lijkt het sterkst, { $outcome ->
        [ahead] ongeveer { $n } voor voor jou
        [behind] ongeveer { $n } achter voor jou
       *[level] ongeveer gelijk
    }.
hint-estimate-other = Een schatting, niet bewezen: voor { $name } lijkt kuiltje { $moves } het sterkst, { $outcome ->
        [ahead] ongeveer { $n } voor
        [behind] ongeveer { $n } achter
       *[level] ongeveer gelijk
    }.
bots-levels-heading = De computer
bots-levels-intro = De eigen niveaus van de computer, altijd klaar om te spelen, van beginner tot perfect spel.
bots-level-play = Spelen
bots-level-play-label = Tegen de computer spelen: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bot niet gevonden
bot-not-found-text = Geen bot met de naam { $name } heeft op deze server gespeeld of is nu verbonden.
bot-unrated-note = hij verbindt zonder token, dus zijn partijen veranderen geen rating.
bot-rating-fixed = een vaste rating: de partijen van de computer veranderen hem nooit
bot-record = Partijen met rating: { $games } (gewonnen { $wins }, remise { $draws }, verloren { $losses })
bot-person = een mens
bot-status-playing = Nu verbonden, speelt een partij.
bot-status-waiting = Nu verbonden, wacht op een partij.
bot-status-level = Een van de eigen niveaus van de computer: altijd klaar om te spelen.
bot-status-offline = Nu niet verbonden.
bot-games-heading = Partijen
bot-newest-games = Nieuwste partijen
bot-older-games = Oudere partijen

leaderboard-empty-lobby = Speel een gewaardeerde partij in de lobby
leaderboard-empty-bots = Speel tegen de computer of een bot
share-button = Delen
share-copied = De link om deze partij te bekijken is gekopieerd:
turn-waiting-friend-open = Wachten tot je vriend de link opent; daarna kun je zetten.
