# Kalah web page: every string the page shows, in Danish (translation of en/ui.ftl).
# Begreber som i rules.ftl: hul (house), kalaha (store), kugle (seed), Syd/Nord (sides).

## Page frame

app-title = Kalah
skip-to-content = Gå til hovedindholdet
nav-new-game = Nyt spil
nav-analysis = Analysebræt
nav-rules = Regler
language-label = Sprog
theme-toggle = Skift mellem lyst og mørkt tema
theme-light = Lyst tema
theme-dark = Mørkt tema
loading = Indlæser …
footer-text = Kalah, såspillet. Alt kører på denne server; ingen data forlader den.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Noget gik galt
error-network = Serveren kunne ikke nås. Tjek, at den kører, og at din forbindelse virker, og prøv så igen.
error-server = Serveren kunne ikke gøre det: { $detail }
error-bad-request = Forespørgslen blev afvist: { $detail }
error-no-token = Det kræver linket til din plads. Åbn spillet fra det link, du fik.
error-forbidden = Det kan du ikke gøre her: { $detail }
error-not-found = Det kender serveren ikke: { $detail }
error-stale = Spillet var gået videre, før dit træk nåede frem. Brættet er blevet opdateret; vælg igen.
error-try-again = Prøv igen
error-dismiss = Luk
not-found-heading = Spillet findes ikke
not-found-text = Der er ikke noget spil med id'et “{ $id }” på denne server. Måske er det skrevet forkert, eller linket er ufuldstændigt.
not-found-page-heading = Siden blev ikke fundet
not-found-page-text = Der er intet på denne adresse.
back-home = Tilbage til forsiden

## Sides and players

side-south = Syd
side-north = Nord
player-you = Dig
player-computer = Computer
player-computer-level = Computer ({ $level })
player-friend = Ven
player-opponent = Modstander
player-waiting = venter på en ven
player-side-south = Spiller Syd
player-side-north = Spiller Nord

## Home: new game

home-heading = Spil Kalah
home-intro = Fordel kuglerne rundt på brættet, fang din modstanders kugler, og saml mere end halvdelen af dem i din kalaha.
home-new-game = Nyt spil
opponent-legend = Modstander
opponent-computer = Mod computeren
opponent-computer-hint = Vælg et niveau; computeren svarer med det samme.
opponent-friend = Mod en ven
opponent-friend-hint = Du får et link, du kan sende; din ven spiller i sin egen browser.
opponent-local = På denne skærm
opponent-local-hint = To personer skiftes til at spille på én enhed.
level-label = Computerens niveau
level-beginner = Begynder
level-novice = Nybegynder
level-casual = Hyggespiller
level-club = Klubspiller
level-expert = Ekspert
level-master = Mester
level-perfect = Perfekt spil
rules-legend = Regler
preset-label = Regelsæt
preset-custom = Egne regler
preset-name-standard = Standard-Kalah (6,4)
preset-name-empty-capture = Kalah med tom fangst
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Spilleregler 002
preset-name-sheet-003 = Spilleregler 003
preset-name-sheet-004 = Spilleregler 004
more-options = Alle regelvalg
option-houses = Huller pr. side
option-seeds = Kugler pr. hul
option-capture = Fangst
capture-standard = Standard: Den sidste kugle i et af dine egne tomme huller fanger kuglerne overfor (kun hvis der er nogen)
capture-empty = Tom: Den sidste kugle i et af dine egne tomme huller kommer altid i din kalaha sammen med det, der ligger overfor
capture-none = Ingen: Der fanges aldrig noget
option-end = Spillet slutter
end-either-empty = så snart alle huller på én side er tomme
end-mover-cannot-move = når den spiller, der har turen, ikke har flere kugler
option-sweep = Kugler, der ligger tilbage på brættet til sidst
sweep-owner = kommer i kalahaen på den side, hvor de ligger
sweep-emptier = går alle til den spiller, hvis side er tom
sweep-none = tæller ikke for nogen
option-early-end = Slut tidligt, når en kalaha indeholder mere end halvdelen af alle kugler
option-pie = Bytteregel: Efter første tur må den anden spiller bytte side
option-both-stores = Fordel i begge kalahaer (også modstanderens)
read-rules = Læs reglerne for dette regelsæt
first-legend = Hvem begynder
first-lot = Ved lodtrækning
first-south = Syd begynder
first-north = Nord begynder
side-legend = Din side
side-choice-random = Tilfældig
side-local-note = På én skærm spilles begge sider her; Syd sidder nederst.
start-game = Start spillet
starting-game = Starter …

## Home: recent games

recent-heading = Dine seneste spil
recent-empty = Der er endnu ingen spil i denne browser. Spil, du starter eller deltager i, vises her.
recent-opponent = Modstander
recent-date = Startet
recent-status = Status
recent-open = Åbn
recent-remove = Fjern
recent-remove-label = Fjern spil { $id } fra listen
recent-clear = Ryd listen
status-playing = I gang
status-your-turn = Din tur
status-finished = Slut
status-resigned = Opgivet
status-unknown = Ukendt
status-won = Vundet { $you }-{ $them }
status-lost = Tabt { $you }-{ $them }
status-drawn = Uafgjort { $you }-{ $them }

## Invitation and sharing

invite-heading = Inviter en ven
invite-text = Send dette link til din ven. Den, der åbner det, spiller den anden side. Del det ikke med andre: Med linket kan man trække.
invite-waiting = Venter på, at din ven åbner linket …
copy = Kopiér
copied = Kopieret til udklipsholderen.
copy-failed = Kunne ikke kopiere. Markér teksten, og kopiér den manuelt.
share-heading = Link til tilskuere
share-text = Alle med dette link kan følge spillet live, men ikke trække.
share-copy = Kopiér linket til tilskuere

## Game page

game-heading = Spil { $id }
game-rules-summary = Regler: { $rules }
turn-yours = Din tur
turn-sowing-yours = Dine kugler sås…
turn-side = { $side } har turen
turn-opponent = Din modstanders tur
turn-thinking = Computeren tænker …
turn-waiting-friend = Venter på, at din ven kommer med og trækker …
pie-offer = Bytteregel: I stedet for at trække kan du bytte side og overtage din modstanders stilling.
pie-swap = Byt side
spectator-note = Du ser dette spil som tilskuer.
local-note = Begge sider spilles på denne skærm.
store-label = Kalaha
house-number = Hul { $house }
house-aria-own = Dit hul { $house }, { $seeds ->
        [one] { $seeds } kugle
       *[other] { $seeds } kugler
    }
house-aria-opponent = Modstanderens hul { $house }, { $seeds ->
        [one] { $seeds } kugle
       *[other] { $seeds } kugler
    }
house-aria-side = { $side }, hul { $house }, { $seeds ->
        [one] { $seeds } kugle
       *[other] { $seeds } kugler
    }
store-aria-own = Din kalaha, { $seeds ->
        [one] { $seeds } kugle
       *[other] { $seeds } kugler
    }
store-aria-opponent = Modstanderens kalaha, { $seeds ->
        [one] { $seeds } kugle
       *[other] { $seeds } kugler
    }
store-aria-side = { $side }, kalaha, { $seeds ->
        [one] { $seeds } kugle
       *[other] { $seeds } kugler
    }
house-value = værdi { $value }
board-label = Kalah-bræt
board-keys-help = Piletasterne flytter mellem hullerne, Enter fordeler det valgte hul. Uden for brættet bladrer venstre og højre piletast gennem trækkene.

## Announcements (also read out by screen readers)

announce-your-turn = Din tur.
announce-game-over = Spillet er slut.

## Result

result-heading = Spillet er slut
result-you-win = Du vinder { $you }-{ $them }!
result-you-lose = Du taber { $you }-{ $them }.
result-draw = Uafgjort, { $south }-{ $north }.
result-side-wins = { $side } vinder { $winner }-{ $loser }.
result-early-end = Spillet sluttede tidligt: En kalaha indeholder mere end halvdelen af alle kugler.
## Moves and history

moves-heading = Træk
moves-empty = Ingen træk endnu.
moves-turn = Tur { $number }
history-first = Startstilling
history-back = Forrige træk
history-forward = Næste træk
history-last = Nuværende stilling
history-viewing = Viser stillingen efter træk { $ply } af { $total }.
history-viewing-start = Viser startstillingen.
history-return = Tilbage til spillet
move-swap = byt

## Actions

actions-heading = Spil
resign = Opgiv
resign-confirm = Vil du virkelig opgive dette spil? Det tæller som et nederlag.
resign-yes = Ja, opgiv
resign-no = Nej, spil videre
rematch = Revanche (sider byttet)
rematch-open = Åbn revanchen
rematch-ready = En revanche er startet.
hint = Vis trækkenes værdi
hint-hide = Skjul trækkenes værdi
hint-loading = Beregner …
hint-explain = Et træks værdi er forskellen mellem kalahaerne til sidst (den trækkendes kugler minus modstanderens), hvis begge sider spiller bedst muligt derefter.
hint-best-unchecked = Andre træk kan være lige så gode: tiden slap op, før alle træk blev tjekket.
hint-unavailable = Trækkenes værdi vises i spil mod computeren, på én skærm, i afsluttede spil og på analysebrættet.
export-record = Download spilreferatet
copy-position = Kopiér stillingen
analyze-game = Åbn på analysebrættet
speed-label = Animation af fordelingen
speed-off = Fra
speed-fast = Hurtig
speed-normal = Normal
speed-slow = Langsom

## Live connection

conn-lost = Forbindelsen blev afbrudt. Forbinder igen om { $seconds ->
        [one] { $seconds } sekund
       *[other] { $seconds } sekunder
    } …
conn-reconnecting = Forbinder igen …
conn-back = Forbundet igen; brættet er opdateret.
conn-retry-now = Forbind nu

## Analysis board

analysis-heading = Analysebræt
analysis-intro = Importér et spilreferat, eller indsæt en stilling for at gå den igennem og se den præcise værdi af hvert træk.
analysis-import-heading = Importér et spilreferat
analysis-import-label = Spilreferat
analysis-import-button = Importér
analysis-import-file = Eller åbn en fil med et referat
analysis-position-heading = Opstil en stilling
analysis-position-label = Stilling
analysis-position-button = Vis
analysis-bad-position = Det er ikke en stilling. Skriv den sådan: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Beregn trækkenes værdi
analysis-thinking = Beregner …
analysis-pv = Bedste fortsættelse: { $line }
analysis-game-over = Spillet er slut i denne stilling.
analysis-play-hint = Klik på et hul hos den side, der har turen, for at prøve et træk; træklisten fortsætter derfra.
analysis-reset = Tilbage til det importerede spil
analysis-empty = Intet indlæst endnu: Startstillingen efter standardreglerne vises.

## Rules page

rules-page-heading = Regler: { $preset }
rules-other-presets = Andre regelsæt
rules-start-position = Startstilling
rules-play-this = Spil med disse regler
rules-unknown-preset = Der findes intet regelsæt, der hedder “{ $preset }”.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Spil mod computeren
play-friend = Spil med en ven
custom-game = Eget spil
quick-rules = Regler: { $rules }. Andre regler, hvem der starter, og spil på én skærm: »Eget spil« herunder.
side-bottom-note = Uanset hvilken side du vælger, er dine huller den nederste række på dit bræt.
subject-computer = Computeren
subject-friend = Din ven
move-you-sow = Du sår hul { $house }.
move-other-sow = { $name } sår hul { $house }.
move-you-capture = Du fanger kuglerne over for dit hul { $house } (+{ $seeds } i din kalaha).
move-other-capture = { $name } fanger kuglerne over for hul { $house } (+{ $seeds }).
move-other-capture-yours = { $name } fanger kuglerne i dit hul { $house } (+{ $seeds }).
move-you-again = Din sidste kugle landede i din kalaha: du trækker igen.
move-other-again = Den sidste kugle landede i kalahaen: { $name } trækker igen.
move-sweep = Spillet er slut: kuglerne på brættet går til kalahaerne ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Du bytter side (kagereglen).
move-other-swap = { $name } bytter side (kagereglen).
result-you-resigned = Du har opgivet.
result-other-resigned = { $name } har opgivet.
replay-last = Vis sidste træk igen
score-label = Point
legend-from = sået fra
legend-last = sidste kugle
legend-capture = fangst
legend-sweep = samlet ind til sidst
sound-toggle = Lyd ved træk
share-export-heading = Del / eksportér
coach-text = Dine huller er den nederste række. Klik på et: dets kugler sås én ad gangen mod uret i de næste huller og din kalaha til højre.
coach-dismiss = Forstået
hint-you-ahead = Bedst: hul { $moves }. Med bedste spil herfra slutter du { $exact ->
        [yes] { $n }
       *[no] cirka { $n }
    } foran.
hint-you-behind = Bedst: hul { $moves }. Med bedste spil herfra slutter du { $exact ->
        [yes] { $n }
       *[no] cirka { $n }
    } bagud.
hint-you-level = Bedst: hul { $moves }. Med bedste spil herfra ender spillet { $exact ->
        [yes] uafgjort
       *[no] cirka lige
    }.
hint-other-ahead = Bedst for { $name }: hul { $moves }. Med bedste spil herfra slutter { $name } { $exact ->
        [yes] { $n }
       *[no] cirka { $n }
    } foran.
hint-other-behind = Bedst for { $name }: hul { $moves }. Med bedste spil herfra slutter { $name } { $exact ->
        [yes] { $n }
       *[no] cirka { $n }
    } bagud.
hint-other-level = Bedst for { $name }: hul { $moves }. Med bedste spil herfra ender spillet { $exact ->
        [yes] uafgjort
       *[no] cirka lige
    }.

## Bots (the page /bots)

home-bots-link = Bots: spil mod programmer, eller se dem spille
player-bot = Bot { $name }
bots-heading = Bots
bots-intro = Programmer, der spiller Kalah, forbinder sig til denne server med Kalah Game Protocol. Udfordr en bot, der venter, eller se et parti.
bots-online-heading = Bots online
bots-none = Ingen bot er forbundet lige nu. Listen opdaterer sig selv.
bots-waiting = venter på et parti
bots-playing = spiller
bots-unrated = uden rating
bots-provisional = foreløbig rating: få partier spillet
bots-challenge = Udfordr
bots-challenge-label = Udfordr { $name }
bots-watch = Se med
bots-watch-label = Se partiet med { $name }
bots-busy = { $name } spiller et parti lige nu. Se med, eller udfordr den igen, når den venter.
bots-gone = { $name } er ikke længere forbundet.
bots-leaderboard-heading = Rangliste
bots-leaderboard-empty = Der er endnu ikke spillet noget parti med rating. Bots, der forbinder sig med et token, får rating efter hvert parti.
bots-col-rank = Plads
bots-col-name = Bot
bots-col-rating = Rating
bots-col-games = Partier
bots-col-wdl = Vundet / remis / tabt
bots-board-label = Bræt til en udfordring
bots-board-option = { $houses } huller, { $seeds } kugler i hvert
bots-back = Tilbage til bots

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Dit navn
account-signed-in = Logget ind som { $name }.
account-guest = Du spiller som { $name } (gæst).
account-anonymous = Du spiller uden navn. Log ind, eller opret en konto for at beholde dit navn og dine spil.
account-sign-in = Log ind
account-sign-up = Opret konto
account-log-out = Log ud
account-name = Brugernavn
account-password = Adgangskode
account-name-hint = 3 til 20 bogstaver A–Z, cifre, _ eller -
account-password-hint = 8 til 256 tegn
account-bad-login = Brugernavnet eller adgangskoden er forkert.
account-name-taken = Brugernavnet er optaget; vælg et andet.
account-rate-limited = For mange forsøg fra din adresse; prøv igen om et par minutter.

## Clocks of timed games
clock-label = Ur for { $name }
clock-low = lidt tid
clock-low-say = Din tid er ved at løbe ud.
clock-first-move = { $side } skal gøre et første træk inden for { $seconds } s, ellers afbrydes partiet.
time-control-label = Ur
time-control-none = Uden ur
result-aborted = Partiet er afbrudt: et første træk kom ikke i tide. Intet resultat.
result-on-time-you = Din tid løb ud.
result-on-time-opponent = Din modstanders tid løb ud.
result-on-time-side = Tiden for { $side } løb ud.
result-abandoned-you = Du forlod partiet.
result-abandoned-opponent = Din modstander forlod partiet.
result-abandoned-side = { $side } forlod partiet.
status-aborted = Afbrudt

## Player pages and the leaderboard of people
home-leaderboard-link = Rangliste over spillere
leaderboard-heading = Rangliste
leaderboard-intro = De bedst ratede spillere i hver pulje (regler og tempo). En spiller kommer på, når ratingen er faldet på plads efter nok ratede spil.
leaderboard-pool-label = Pulje
leaderboard-empty = Ingen er på listen i denne pulje endnu: spillere kommer på, når nok ratede spil har fastlagt deres rating.
leaderboard-col-player = Spiller
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 frø
pool-family-other = Andre regler
pool-category-bullet = Bullet
pool-category-blitz = Lyn
pool-category-rapid = Hurtig
pool-category-classical = Klassisk
pool-category-correspondence = Korrespondance
rating-chart-summary = Rating fra { $first } til { $last } (viste ratede spil: { $count })
rating-history-table = Rating efter hvert spil
rating-col-date = Dato
rating-col-change = Ændring
rating-games = Spil: { $count }
game-result-win = Vundet
game-result-loss = Tabt
game-result-draw = Uafgjort
game-result-playing = I gang
game-against = mod
game-rated = ratet
player-not-found-heading = Spilleren findes ikke
player-not-found-text = Der er ingen konto med navnet { $name }. Gæster har ingen side, og slettede konti er væk.
player-since = Spiller siden { $date }
player-ratings-heading = Ratings
player-no-ratings = Ingen ratede spil endnu.
player-puzzles-heading = Opgaver
player-puzzles-solved = Løst: { $solved } af { $tried }
player-games-heading = Seneste spil
player-no-games = Ingen spil endnu.
result-rating-change = { $name }: rating { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Se med
watch-heading = Se partier
watch-intro = Partier, der spilles lige nu, de højest ratede først. Åbn et for at følge det direkte.
watch-list-heading = Igangværende partier
watch-empty = Der spilles ingen partier lige nu. Listen opdaterer sig selv.
watch-count = Igangværende partier: { $count } (viser { $shown })
watch-rated = ratet
watch-casual = venskabeligt
watch-bots = bots
watch-score = Stilling: Syd { $south }, Nord { $north }
watch-ply = Træk: { $ply }
watch-to-move = { $side } er i trækket
watch-reconnecting = Forbindelsen blev afbrudt; forbinder igen. Imens opdateres listen med få sekunders mellemrum.
claim-button = Kræv partiet
claim-opponent-left = Din modstander har forladt partiet.
claim-wait = Din modstander er gået. Hvis modstanderen ikke kommer tilbage inden for { $seconds } s, kan du kræve partiet.
claim-ready = Din modstander har været væk for længe: du kan kræve partiet (en sejr, eller remis hvis du ikke længere kan vinde).
claim-refused-back = Din modstander er tilbage, partiet fortsætter.
claim-refused-early = For tidligt: du kan kræve partiet om { $seconds } s, hvis din modstander ikke kommer tilbage.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Spil online
online-intro = Spil mod et menneske med ur: hurtig parring finder en modstander tæt på din rating, eller tag imod et tilbud i lobbyen.
online-you = I lobbyen som { $name }.
online-rated = Ratet parti
online-guest-note = Som gæst spiller du uratede partier. Opret en konto for at spille ratede partier.
online-quick-heading = Hurtig parring
online-quick-button = Spil { $rules }, { $clock }, online
online-waiting = Leder efter en modstander: { $rules }, { $clock }…
online-cancel = Annuller
online-enter = Gå ind i lobbyen
online-enter-note = Lobbyen viser spillerne, der venter på en modstander.
online-disconnected = Forbindelsen til lobbyen blev afbrudt; prøver igen…
online-seeks-heading = Åbne tilbud
online-seeks-empty = Ingen åbne tilbud lige nu. Opret et, eller brug hurtig parring.
online-col-player = Spiller
online-col-mode = Parti
online-col-action = Handling
online-rules-label = Regler
online-mode-rated = Ratet
online-casual = Urateret
online-accept = Tag imod
online-accept-label = Tag imod tilbuddet fra { $name }: { $rules }, { $clock }
online-your-seek = Dit tilbud
online-cancel-seek = Træk tilbud tilbage
online-create-heading = Opret et tilbud
online-create = Opret tilbud
online-game-found = Parti fundet mod { $name }.
challenge-heading = Udfordr { $name }
challenge-button = Udfordr
challenge-send = Send udfordring
challenge-sent = Udfordring sendt; venter på svar fra { $name }…
challenge-declined = { $name } afslog din udfordring.
challenge-expired = Din udfordring udløb uden svar.
challenge-cancelled = Udfordringen blev trukket tilbage.
challenge-crowded-out = { $name } har for mange ventende udfordringer, og en fra en spiller, de kender, tog din plads. Prøv igen senere.
challenge-incoming = { $name }{ $rating } udfordrer dig: { $rules }, { $clock }, { $mode }.
challenge-accept = Tag imod
challenge-decline = Afslå
challenge-notices = Udfordringer
lobby-error-account = Ratede partier er mellem konti: opret en konto eller log ind, eller vælg et urateret parti.
lobby-error-offline = Denne spiller har ikke siden åben nu; en udfordring når kun spillere, der er online.
lobby-error-gone = Dette tilbud eller denne udfordring er ikke længere åben.
lobby-error-too-many = Du har så mange åbne tilbud eller udfordringer som tilladt; træk et tilbage først.
lobby-error = Lobbyen afviste: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Lobby
nav-leaderboard = Rangliste
nav-bots = Bots
nav-menu = Menu
menu-my-page = Min side
menu-player-label = { $name }: min side, log ud
result-lost-on-time = Du tabte på tid.
result-you-win-plain = Du vinder.
result-you-lose-plain = Du taber.
result-draw-plain = Uafgjort.
result-side-wins-plain = { $side } vinder.
result-stores = Kugler i kalahaerne: { $score }
hint-estimate-you = Et skøn, ikke bevist: hul { $moves } ser stærkest ud, { $outcome ->
        [ahead] omkring { $n } foran for dig
        [behind] omkring { $n } bagud for dig
       *[level] omtrent lige
    }.
hint-estimate-other = Et skøn, ikke bevist: for { $name } ser hul { $moves } stærkest ud, { $outcome ->
        [ahead] omkring { $n } foran
        [behind] omkring { $n } bagud
       *[level] omtrent lige
    }.
bots-levels-heading = Computeren
bots-levels-intro = Computerens egne niveauer, altid klar til at spille, fra begynder til perfekt spil.
bots-level-play = Spil
bots-level-play-label = Spil mod computeren: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Botten findes ikke
bot-not-found-text = Ingen bot ved navn { $name } har spillet på denne server eller er forbundet nu.
bot-unrated-note = den forbinder sig uden token, så dens partier ændrer ingen rating.
bot-rating-fixed = en fast rating: computerens partier ændrer den aldrig
bot-record = Partier med rating: { $games } (vundet { $wins }, remis { $draws }, tabt { $losses })
bot-person = et menneske
bot-status-playing = Forbundet nu, spiller et parti.
bot-status-waiting = Forbundet nu, venter på et parti.
bot-status-level = Et af computerens egne niveauer: altid klar til at spille.
bot-status-offline = Ikke forbundet nu.
bot-games-heading = Partier
bot-newest-games = Nyeste partier
bot-older-games = Ældre partier

leaderboard-empty-lobby = Spil et rated parti i lobbyen
leaderboard-empty-bots = Spil mod computeren eller en bot
share-button = Del
share-copied = Linket til at se dette parti er kopieret:
turn-waiting-friend-open = Venter på, at din ven åbner linket; derefter kan du trække.
