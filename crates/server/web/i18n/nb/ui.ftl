# Kalah web page: every string the page shows, in Norwegian Bokmål (translation of en/ui.ftl).
# Begreper som i rules.ftl: hull (house), kalaha (store), kule (seed), Sør/Nord (sides).

## Page frame

app-title = Kalah
skip-to-content = Gå til hovedinnholdet
nav-new-game = Nytt parti
nav-analysis = Analysebrett
nav-rules = Regler
language-label = Språk
theme-toggle = Bytt mellom lyst og mørkt tema
theme-light = Lyst tema
theme-dark = Mørkt tema
loading = Laster inn …
footer-text = Kalah, såspillet. Alt kjører på denne serveren; ingen data forlater den.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Noe gikk galt
error-network = Fikk ikke kontakt med serveren. Sjekk at den kjører og at tilkoblingen din virker, og prøv igjen.
error-server = Serveren kunne ikke gjøre det: { $detail }
error-bad-request = Forespørselen ble avvist: { $detail }
error-no-token = Dette krever lenken til plassen din. Åpne partiet fra lenken du fikk.
error-forbidden = Det kan du ikke gjøre her: { $detail }
error-not-found = Serveren kjenner ikke til dette: { $detail }
error-stale = Partiet hadde gått videre før trekket ditt kom fram. Brettet er oppdatert; velg på nytt.
error-try-again = Prøv igjen
error-dismiss = Lukk
not-found-heading = Partiet finnes ikke
not-found-text = Det finnes ikke noe parti med ID-en «{ $id }» på denne serveren. Kanskje den er feilskrevet, eller lenken er ufullstendig.
not-found-page-heading = Fant ikke siden
not-found-page-text = Det finnes ingenting på denne adressen.
back-home = Tilbake til forsiden

## Sides and players

side-south = Sør
side-north = Nord
player-you = Du
player-computer = Datamaskinen
player-computer-level = Datamaskinen ({ $level })
player-friend = Venn
player-opponent = Motstander
player-waiting = venter på en venn
player-side-south = Spiller Sør
player-side-north = Spiller Nord

## Home: new game

home-heading = Spill Kalah
home-intro = Fordel kulene rundt på brettet, fang motstanderens kuler og samle mer enn halvparten av dem i kalahaen din.
home-new-game = Nytt parti
opponent-legend = Motstander
opponent-computer = Mot datamaskinen
opponent-computer-hint = Velg et nivå; datamaskinen svarer med én gang.
opponent-friend = Mot en venn
opponent-friend-hint = Du får en lenke du kan sende; vennen din spiller i sin egen nettleser.
opponent-local = På denne skjermen
opponent-local-hint = To personer bytter på å spille på én enhet.
level-label = Datamaskinens nivå
level-beginner = Begynner
level-novice = Nybegynner
level-casual = Hobbyspiller
level-club = Klubbspiller
level-expert = Ekspert
level-master = Mester
level-perfect = Perfekt spill
rules-legend = Regler
preset-label = Regelsett
preset-custom = Egne regler
preset-name-standard = Standard-Kalah (6,4)
preset-name-empty-capture = Kalah med tom fangst
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Spilleregler 002
preset-name-sheet-003 = Spilleregler 003
preset-name-sheet-004 = Spilleregler 004
more-options = Alle regelvalg
option-houses = Hull per side
option-seeds = Kuler per hull
option-capture = Fangst
capture-standard = Standard: Den siste kulen i et av dine egne tomme hull fanger kulene overfor (bare hvis det ligger noen der)
capture-empty = Tom: Den siste kulen i et av dine egne tomme hull går alltid i kalahaen din sammen med det som ligger overfor
capture-none = Ingen: Ingenting fanges noen gang
option-end = Spillet slutter
end-either-empty = så snart alle hullene på én side er tomme
end-mover-cannot-move = når spilleren som har turen, ikke har flere kuler
option-sweep = Kuler som ligger igjen på brettet til slutt
sweep-owner = går i kalahaen på siden der de ligger
sweep-emptier = går alle til spilleren med den tomme siden
sweep-none = teller ikke for noen
option-early-end = Avslutt tidlig når en kalaha har mer enn halvparten av alle kulene
option-pie = Bytteregel: Etter første tur kan den andre spilleren bytte side
option-both-stores = Fordel i begge kalahaene (også motstanderens)
read-rules = Les reglene for dette regelsettet
first-legend = Hvem begynner
first-lot = Ved loddtrekning
first-south = Sør begynner
first-north = Nord begynner
side-legend = Din side
side-choice-random = Tilfeldig
side-local-note = På én skjerm spilles begge sidene her; Sør sitter nederst.
start-game = Start partiet
starting-game = Starter …

## Home: recent games

recent-heading = Dine siste partier
recent-empty = Ingen partier i denne nettleseren ennå. Partier du starter eller blir med i, vises her.
recent-opponent = Motstander
recent-date = Startet
recent-status = Status
recent-open = Åpne
recent-remove = Fjern
recent-remove-label = Fjern parti { $id } fra listen
recent-clear = Tøm listen
status-playing = Pågår
status-your-turn = Din tur
status-finished = Ferdig
status-resigned = Oppgitt
status-unknown = Ukjent
status-won = Vunnet { $you }–{ $them }
status-lost = Tapt { $you }–{ $them }
status-drawn = Uavgjort { $you }–{ $them }

## Invitation and sharing

invite-heading = Inviter en venn
invite-text = Send denne lenken til vennen din. Den som åpner den, spiller den andre siden. Ikke del den med andre: Med lenken kan man gjøre trekk.
invite-waiting = Venter på at vennen din åpner lenken …
copy = Kopier
copied = Kopiert til utklippstavlen.
copy-failed = Kunne ikke kopiere. Merk teksten og kopier den manuelt.
share-heading = Lenke for å se på
share-text = Alle med denne lenken kan følge partiet direkte, men ikke gjøre trekk.
share-copy = Kopier lenken for å se på

## Game page

game-heading = Parti { $id }
game-rules-summary = Regler: { $rules }
turn-yours = Din tur
turn-sowing-yours = Kulene dine sås…
turn-side = { $side } har turen
turn-opponent = Motstanderens tur
turn-thinking = Datamaskinen tenker …
turn-waiting-friend = Venter på at vennen din blir med og gjør et trekk …
pie-offer = Bytteregel: I stedet for å trekke kan du bytte side og overta motstanderens stilling.
pie-swap = Bytt side
spectator-note = Du ser på dette partiet.
local-note = Begge sidene spilles på denne skjermen.
store-label = Kalaha
house-number = Hull { $house }
house-aria-own = Ditt hull { $house }, { $seeds ->
        [one] { $seeds } kule
       *[other] { $seeds } kuler
    }
house-aria-opponent = Motstanderens hull { $house }, { $seeds ->
        [one] { $seeds } kule
       *[other] { $seeds } kuler
    }
house-aria-side = { $side }, hull { $house }, { $seeds ->
        [one] { $seeds } kule
       *[other] { $seeds } kuler
    }
store-aria-own = Din kalaha, { $seeds ->
        [one] { $seeds } kule
       *[other] { $seeds } kuler
    }
store-aria-opponent = Motstanderens kalaha, { $seeds ->
        [one] { $seeds } kule
       *[other] { $seeds } kuler
    }
store-aria-side = { $side }, kalaha, { $seeds ->
        [one] { $seeds } kule
       *[other] { $seeds } kuler
    }
house-value = verdi { $value }
board-label = Kalah-brett
board-keys-help = Piltastene flytter mellom hullene, Enter fordeler det valgte hullet. Utenfor brettet blar venstre og høyre piltast gjennom trekkene.

## Announcements (also read out by screen readers)

announce-your-turn = Din tur.
announce-game-over = Spillet er slutt.

## Result

result-heading = Spillet er slutt
result-you-win = Du vinner { $you }–{ $them }!
result-you-lose = Du taper { $you }–{ $them }.
result-draw = Uavgjort, { $south }–{ $north }.
result-side-wins = { $side } vinner { $winner }–{ $loser }.
result-early-end = Spillet sluttet tidlig: En kalaha har mer enn halvparten av alle kulene.
## Moves and history

moves-heading = Trekk
moves-empty = Ingen trekk ennå.
moves-turn = Tur { $number }
history-first = Startstilling
history-back = Forrige trekk
history-forward = Neste trekk
history-last = Nåværende stilling
history-viewing = Viser stillingen etter trekk { $ply } av { $total }.
history-viewing-start = Viser startstillingen.
history-return = Tilbake til partiet
move-swap = bytt

## Actions

actions-heading = Parti
resign = Gi opp
resign-confirm = Vil du virkelig gi opp dette partiet? Det teller som tap.
resign-yes = Ja, gi opp
resign-no = Nei, spill videre
rematch = Returparti (sidene byttet)
rematch-open = Åpne returpartiet
rematch-ready = Et returparti har startet.
hint = Vis trekkenes verdi
hint-hide = Skjul trekkenes verdi
hint-loading = Beregner …
hint-explain = Et trekks verdi er forskjellen mellom kalahaene til slutt (kulene til den som trekker minus motstanderens) hvis begge sider spiller best mulig etterpå.
hint-best-unchecked = Andre trekk kan være like gode: tiden gikk ut før alle trekk var sjekket.
hint-unavailable = Trekkenes verdi vises i partier mot datamaskinen, på én skjerm, i avsluttede partier og på analysebrettet.
export-record = Last ned partiprotokollen
copy-position = Kopier stillingen
analyze-game = Åpne på analysebrettet
speed-label = Animasjon av fordelingen
speed-off = Av
speed-fast = Rask
speed-normal = Normal
speed-slow = Langsom

## Live connection

conn-lost = Tilkoblingen ble brutt. Kobler til igjen om { $seconds ->
        [one] { $seconds } sekund
       *[other] { $seconds } sekunder
    } …
conn-reconnecting = Kobler til igjen …
conn-back = Tilkoblet igjen; brettet er oppdatert.
conn-retry-now = Koble til nå

## Analysis board

analysis-heading = Analysebrett
analysis-intro = Importer en partiprotokoll eller lim inn en stilling for å gå gjennom den og se den eksakte verdien av hvert trekk.
analysis-import-heading = Importer en partiprotokoll
analysis-import-label = Partiprotokoll
analysis-import-button = Importer
analysis-import-file = Eller åpne en protokollfil
analysis-position-heading = Sett opp en stilling
analysis-position-label = Stilling
analysis-position-button = Vis
analysis-bad-position = Det er ikke en stilling. Skriv den slik: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Beregn trekkenes verdi
analysis-thinking = Beregner …
analysis-pv = Beste fortsettelse: { $line }
analysis-game-over = Spillet er slutt i denne stillingen.
analysis-play-hint = Klikk på et hull hos siden som har turen for å prøve et trekk; trekklisten fortsetter derfra.
analysis-reset = Tilbake til det importerte partiet
analysis-empty = Ingenting lastet inn ennå: Startstillingen etter standardreglene vises.

## Rules page

rules-page-heading = Regler: { $preset }
rules-other-presets = Andre regelsett
rules-start-position = Startstilling
rules-play-this = Spill med disse reglene
rules-unknown-preset = Det finnes ikke noe regelsett som heter «{ $preset }».

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Spill mot datamaskinen
play-friend = Spill med en venn
custom-game = Eget parti
quick-rules = Regler: { $rules }. Andre regler, hvem som begynner, og partier på én skjerm: «Eget parti» nedenfor.
side-bottom-note = Uansett hvilken side du velger, er hullene dine den nederste raden på brettet ditt.
subject-computer = Datamaskinen
subject-friend = Vennen din
move-you-sow = Du sår hull { $house }.
move-other-sow = { $name } sår hull { $house }.
move-you-capture = Du fanger kulene overfor hull { $house } ditt (+{ $seeds } i kalahaen din).
move-other-capture = { $name } fanger kulene overfor hull { $house } (+{ $seeds }).
move-other-capture-yours = { $name } fanger kulene i hull { $house } ditt (+{ $seeds }).
move-you-again = Den siste kula di havnet i kalahaen din: du trekker igjen.
move-other-again = Den siste kula havnet i kalahaen: { $name } trekker igjen.
move-sweep = Partiet er slutt: kulene som er igjen på brettet, går til kalahaene ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Du bytter side (kakeregelen).
move-other-swap = { $name } bytter side (kakeregelen).
result-you-resigned = Du ga opp.
result-other-resigned = { $name } ga opp.
replay-last = Vis siste trekk igjen
score-label = Poeng
legend-from = sådd fra
legend-last = siste kule
legend-capture = fangst
legend-sweep = samlet inn til slutt
sound-toggle = Lyd ved trekk
share-export-heading = Del / eksporter
coach-text = Hullene dine er den nederste raden. Klikk på ett: kulene sås én og én, mot klokka, i de neste hullene og i kalahaen din til høyre.
coach-dismiss = Skjønner
hint-you-ahead = Best: hull { $moves }. Med beste spill herfra ender du { $exact ->
        [yes] { $n }
       *[no] omtrent { $n }
    } foran.
hint-you-behind = Best: hull { $moves }. Med beste spill herfra ender du { $exact ->
        [yes] { $n }
       *[no] omtrent { $n }
    } bak.
hint-you-level = Best: hull { $moves }. Med beste spill herfra ender partiet { $exact ->
        [yes] uavgjort
       *[no] omtrent likt
    }.
hint-other-ahead = Best for { $name }: hull { $moves }. Med beste spill herfra ender { $name } { $exact ->
        [yes] { $n }
       *[no] omtrent { $n }
    } foran.
hint-other-behind = Best for { $name }: hull { $moves }. Med beste spill herfra ender { $name } { $exact ->
        [yes] { $n }
       *[no] omtrent { $n }
    } bak.
hint-other-level = Best for { $name }: hull { $moves }. Med beste spill herfra ender partiet { $exact ->
        [yes] uavgjort
       *[no] omtrent likt
    }.

## Bots (the page /bots)

home-bots-link = Boter: spill mot programmer, eller se dem spille
player-bot = Bot { $name }
bots-heading = Boter
bots-intro = Programmer som spiller Kalah, kobler seg til denne serveren med Kalah Game Protocol. Utfordre en bot som venter, eller se på et parti.
bots-online-heading = Boter på nett
bots-none = Ingen bot er tilkoblet akkurat nå. Listen oppdaterer seg selv.
bots-waiting = venter på et parti
bots-playing = spiller
bots-unrated = uten rating
bots-provisional = foreløpig rating: få partier spilt
bots-challenge = Utfordre
bots-challenge-label = Utfordre { $name }
bots-watch = Se på
bots-watch-label = Se på partiet til { $name }
bots-busy = { $name } spiller et parti nå. Se på det, eller utfordre boten igjen når den venter.
bots-gone = { $name } er ikke lenger tilkoblet.
bots-leaderboard-heading = Rangering
bots-leaderboard-empty = Ingen parti med rating er spilt ennå. Boter som kobler til med et token, får rating etter hvert parti.
bots-col-rank = Plass
bots-col-name = Bot
bots-col-rating = Rating
bots-col-games = Partier
bots-col-wdl = Vunnet / remis / tapt
bots-board-label = Brett for en utfordring
bots-board-option = { $houses } hull, { $seeds } kuler i hvert
bots-back = Tilbake til botene

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Navnet ditt
account-signed-in = Logget inn som { $name }.
account-guest = Du spiller som { $name } (gjest).
account-anonymous = Du spiller uten navn. Logg inn, eller opprett en konto for å beholde navnet og partiene dine.
account-sign-in = Logg inn
account-sign-up = Opprett konto
account-log-out = Logg ut
account-name = Brukernavn
account-password = Passord
account-name-hint = 3 til 20 bokstaver A–Z, sifre, _ eller -
account-password-hint = 8 til 256 tegn
account-bad-login = Brukernavnet eller passordet er feil.
account-name-taken = Brukernavnet er tatt; velg et annet.
account-rate-limited = For mange forsøk fra adressen din; prøv igjen om noen minutter.

## Clocks of timed games
clock-label = Klokke for { $name }
clock-low = lite tid
clock-low-say = Tiden din er i ferd med å renne ut.
clock-first-move = { $side } må gjøre et første trekk innen { $seconds } s, ellers avbrytes partiet.
time-control-label = Klokke
time-control-none = Uten klokke
result-aborted = Partiet er avbrutt: et første trekk kom ikke i tide. Ikke noe resultat.
result-on-time-you = Tiden din rant ut.
result-on-time-opponent = Motstanderens tid rant ut.
result-on-time-side = Tiden til { $side } rant ut.
result-abandoned-you = Du forlot partiet.
result-abandoned-opponent = Motstanderen forlot partiet.
result-abandoned-side = { $side } forlot partiet.
status-aborted = Avbrutt

## Player pages and the leaderboard of people
home-leaderboard-link = Rangliste over spillere
leaderboard-heading = Rangliste
leaderboard-intro = De best ratede spillerne i hver pulje (regler og tempo). En spiller kommer på listen når ratingen har stabilisert seg etter nok ratede partier.
leaderboard-pool-label = Pulje
leaderboard-empty = Ingen er på listen i denne puljen ennå: spillere kommer på når nok ratede partier har stabilisert ratingen deres.
leaderboard-col-player = Spiller
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 frø
pool-family-other = Andre regler
pool-category-bullet = Bullet
pool-category-blitz = Lyn
pool-category-rapid = Hurtig
pool-category-classical = Klassisk
pool-category-correspondence = Korrespondanse
rating-chart-summary = Rating fra { $first } til { $last } (viste ratede partier: { $count })
rating-history-table = Rating etter hvert parti
rating-col-date = Dato
rating-col-change = Endring
rating-games = Partier: { $count }
game-result-win = Vunnet
game-result-loss = Tapt
game-result-draw = Uavgjort
game-result-playing = Pågår
game-against = mot
game-rated = ratet
player-not-found-heading = Fant ikke spilleren
player-not-found-text = Det finnes ingen konto som heter { $name }. Gjester har ingen side, og slettede kontoer er borte.
player-since = Spiller siden { $date }
player-ratings-heading = Ratinger
player-no-ratings = Ingen ratede partier ennå.
player-puzzles-heading = Oppgaver
player-puzzles-solved = Løst: { $solved } av { $tried }
player-games-heading = Siste partier
player-no-games = Ingen partier ennå.
result-rating-change = { $name }: rating { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Se på
watch-heading = Se på partier
watch-intro = Partier som spilles nå, de høyest rangerte først. Åpne et for å følge det direkte.
watch-list-heading = Pågående partier
watch-empty = Ingen partier spilles akkurat nå. Listen oppdaterer seg selv.
watch-count = Pågående partier: { $count } (viser { $shown })
watch-rated = rangert
watch-casual = vennskapelig
watch-bots = boter
watch-score = Stilling: Sør { $south }, Nord { $north }
watch-ply = Trekk: { $ply }
watch-to-move = { $side } er i trekket
watch-reconnecting = Forbindelsen ble brutt; kobler til igjen. Imens oppdateres listen med noen sekunders mellomrom.
claim-button = Krev partiet
claim-opponent-left = Motstanderen din har forlatt partiet.
claim-wait = Motstanderen din har gått. Hvis motstanderen ikke kommer tilbake innen { $seconds } s, kan du kreve partiet.
claim-ready = Motstanderen din har vært borte for lenge: du kan kreve partiet (en seier, eller remis hvis du ikke lenger kan vinne).
claim-refused-back = Motstanderen din er tilbake, partiet fortsetter.
claim-refused-early = For tidlig: du kan kreve partiet om { $seconds } s hvis motstanderen din ikke kommer tilbake.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Spill på nett
online-intro = Spill mot et menneske med klokke: rask paring finner en motstander nær ratingen din, eller ta imot et tilbud i lobbyen.
online-you = I lobbyen som { $name }.
online-rated = Ratet parti
online-guest-note = Som gjest spiller du uratede partier. Opprett en konto for å spille ratede partier.
online-quick-heading = Rask paring
online-quick-button = Spill { $rules }, { $clock }, på nett
online-waiting = Ser etter en motstander: { $rules }, { $clock }…
online-cancel = Avbryt
online-enter = Gå inn i lobbyen
online-enter-note = Lobbyen viser spillerne som venter på en motstander.
online-disconnected = Forbindelsen til lobbyen ble brutt; prøver igjen…
online-seeks-heading = Åpne tilbud
online-seeks-empty = Ingen åpne tilbud akkurat nå. Opprett et, eller bruk rask paring.
online-col-player = Spiller
online-col-mode = Parti
online-col-action = Handling
online-rules-label = Regler
online-mode-rated = Ratet
online-casual = Urated
online-accept = Ta imot
online-accept-label = Ta imot tilbudet fra { $name }: { $rules }, { $clock }
online-your-seek = Ditt tilbud
online-cancel-seek = Trekk tilbake tilbudet
online-create-heading = Opprett et tilbud
online-create = Opprett tilbud
online-game-found = Parti funnet mot { $name }.
challenge-heading = Utfordre { $name }
challenge-button = Utfordre
challenge-send = Send utfordring
challenge-sent = Utfordring sendt; venter på svar fra { $name }…
challenge-declined = { $name } avslo utfordringen din.
challenge-expired = Utfordringen din gikk ut uten svar.
challenge-cancelled = Utfordringen ble trukket tilbake.
challenge-crowded-out = { $name } har for mange ventende utfordringer, og en fra en spiller de kjenner tok plassen til din. Prøv igjen senere.
challenge-incoming = { $name }{ $rating } utfordrer deg: { $rules }, { $clock }, { $mode }.
challenge-accept = Ta imot
challenge-decline = Avslå
challenge-notices = Utfordringer
lobby-error-account = Ratede partier er mellom kontoer: opprett en konto eller logg inn, eller velg et urated parti.
lobby-error-offline = Denne spilleren har ikke siden åpen nå; en utfordring når bare spillere som er på nett.
lobby-error-gone = Dette tilbudet eller denne utfordringen er ikke lenger åpen.
lobby-error-too-many = Du har så mange åpne tilbud eller utfordringer som tillatt; trekk tilbake ett først.
lobby-error = Lobbyen avslo: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Lobby
nav-leaderboard = Rangliste
nav-bots = Boter
nav-menu = Meny
menu-my-page = Min side
menu-player-label = { $name }: min side, logg ut
result-lost-on-time = Du tapte på tid.
result-you-win-plain = Du vinner.
result-you-lose-plain = Du taper.
result-draw-plain = Uavgjort.
result-side-wins-plain = { $side } vinner.
result-stores = Kuler i kalahaene: { $score }
hint-estimate-you = Et anslag, ikke bevist: hull { $moves } ser sterkest ut, { $outcome ->
        [ahead] omtrent { $n } foran for deg
        [behind] omtrent { $n } bak for deg
       *[level] omtrent likt
    }.
hint-estimate-other = Et anslag, ikke bevist: for { $name } ser hull { $moves } sterkest ut, { $outcome ->
        [ahead] omtrent { $n } foran
        [behind] omtrent { $n } bak
       *[level] omtrent likt
    }.
bots-levels-heading = Datamaskinen
bots-levels-intro = Datamaskinens egne nivåer, alltid klare til å spille, fra nybegynner til perfekt spill.
bots-level-play = Spill
bots-level-play-label = Spill mot datamaskinen: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Fant ikke boten
bot-not-found-text = Ingen bot som heter { $name }, har spilt på denne serveren eller er tilkoblet nå.
bot-unrated-note = den kobler til uten token, så partiene dens endrer ingen rating.
bot-rating-fixed = en fast rating: datamaskinens partier endrer den aldri
bot-record = Partier med rating: { $games } (vunnet { $wins }, remis { $draws }, tapt { $losses })
bot-person = et menneske
bot-status-playing = Tilkoblet nå, spiller et parti.
bot-status-waiting = Tilkoblet nå, venter på et parti.
bot-status-level = Et av datamaskinens egne nivåer: alltid klar til å spille.
bot-status-offline = Ikke tilkoblet nå.
bot-games-heading = Partier
bot-newest-games = Nyeste partier
bot-older-games = Eldre partier

leaderboard-empty-lobby = Spill et rangert parti i lobbyen
leaderboard-empty-bots = Spill mot datamaskinen eller en bot
share-button = Del
share-copied = Lenken for å se dette partiet er kopiert:
turn-waiting-friend-open = Venter på at vennen din åpner lenken; deretter kan du trekke.
