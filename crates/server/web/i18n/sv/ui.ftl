# Kalah web page: every string the page shows, in Swedish (translation of en/ui.ftl).
# Termer som i rules.ftl: grop (house), kalaha (store), kula (seed), Syd/Nord (sides).

## Page frame

app-title = Kalah
skip-to-content = Hoppa till huvudinnehållet
nav-new-game = Nytt parti
nav-analysis = Analysbräde
nav-rules = Regler
language-label = Språk
theme-toggle = Växla mellan ljust och mörkt tema
theme-light = Ljust tema
theme-dark = Mörkt tema
loading = Laddar …
footer-text = Kalah, såddspelet. Allt körs på den här servern; inga data lämnar den.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Något gick fel
error-network = Det gick inte att nå servern. Kontrollera att den är igång och att din anslutning fungerar, och försök sedan igen.
error-server = Servern kunde inte göra det: { $detail }
error-bad-request = Begäran avvisades: { $detail }
error-no-token = Det här kräver länken till din plats. Öppna partiet från länken du fick.
error-forbidden = Det kan du inte göra här: { $detail }
error-not-found = Servern känner inte till det här: { $detail }
error-stale = Partiet hade gått vidare innan ditt drag kom fram. Brädet har uppdaterats; välj igen.
error-try-again = Försök igen
error-dismiss = Stäng
not-found-heading = Partiet finns inte
not-found-text = Det finns inget parti med id:t ”{ $id }” på den här servern. Det kan vara felskrivet, eller så är länken ofullständig.
not-found-page-heading = Sidan hittades inte
not-found-page-text = Det finns ingenting på den här adressen.
back-home = Tillbaka till startsidan

## Sides and players

side-south = Syd
side-north = Nord
player-you = Du
player-computer = Datorn
player-computer-level = Datorn ({ $level })
player-friend = Vän
player-opponent = Motståndare
player-waiting = väntar på en vän
player-side-south = Spelare Syd
player-side-north = Spelare Nord

## Home: new game

home-heading = Spela Kalah
home-intro = Fördela kulorna runt brädet, fånga motståndarens kulor och samla mer än hälften av dem i din kalaha.
home-new-game = Nytt parti
opponent-legend = Motståndare
opponent-computer = Mot datorn
opponent-computer-hint = Välj en nivå; datorn svarar direkt.
opponent-friend = Mot en vän
opponent-friend-hint = Du får en länk att skicka; din vän spelar i sin egen webbläsare.
opponent-local = På den här skärmen
opponent-local-hint = Två personer turas om på en och samma enhet.
level-label = Datorns nivå
level-beginner = Nybörjare
level-novice = Novis
level-casual = Fritidsspelare
level-club = Klubbspelare
level-expert = Expert
level-master = Mästare
level-perfect = Perfekt spel
rules-legend = Regler
preset-label = Regeluppsättning
preset-custom = Egna regler
preset-name-standard = Standard-Kalah (6,4)
preset-name-empty-capture = Kalah med tom fångst
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Spelregler 002
preset-name-sheet-003 = Spelregler 003
preset-name-sheet-004 = Spelregler 004
more-options = Alla regelalternativ
option-houses = Gropar per sida
option-seeds = Kulor per grop
option-capture = Fångst
capture-standard = Standard: den sista kulan i en egen tom grop fångar kulorna mittemot (bara om det finns några)
capture-empty = Tom: den sista kulan i en egen tom grop hamnar alltid i din kalaha tillsammans med det som ligger mittemot
capture-none = Ingen: ingenting fångas någonsin
option-end = Spelet slutar
end-either-empty = så snart alla gropar på ena sidan är tomma
end-mover-cannot-move = när spelaren som står på tur inte har några kulor
option-sweep = Kulor som ligger kvar på brädet i slutet
sweep-owner = läggs i kalahan på den sida där de ligger
sweep-emptier = går alla till spelaren vars sida är tom
sweep-none = räknas inte till någon
option-early-end = Avsluta tidigt när en kalaha innehåller mer än hälften av alla kulor
option-pie = Bytesregel: efter första turen får den andra spelaren byta sida
option-both-stores = Så i båda kalahorna (även motståndarens)
read-rules = Läs reglerna för den här regeluppsättningen
first-legend = Vem börjar
first-lot = Genom lottning
first-south = Syd börjar
first-north = Nord börjar
side-legend = Din sida
side-choice-random = Slumpvis
side-local-note = På en skärm spelas båda sidorna här; Syd sitter längst ner.
start-game = Starta partiet
starting-game = Startar …

## Home: recent games

recent-heading = Dina senaste partier
recent-empty = Inga partier i den här webbläsaren än. Partier som du startar eller går med i visas här.
recent-opponent = Motståndare
recent-date = Startat
recent-status = Status
recent-open = Öppna
recent-remove = Ta bort
recent-remove-label = Ta bort parti { $id } från listan
recent-clear = Töm listan
status-playing = Pågår
status-your-turn = Din tur
status-finished = Avslutat
status-resigned = Uppgivet
status-unknown = Okänt
status-won = Vunnet { $you }–{ $them }
status-lost = Förlorat { $you }–{ $them }
status-drawn = Oavgjort { $you }–{ $them }

## Invitation and sharing

invite-heading = Bjud in en vän
invite-text = Skicka den här länken till din vän. Den som öppnar den spelar den andra sidan. Dela den inte med andra: med länken kan man göra drag.
invite-waiting = Väntar på att din vän ska öppna länken …
copy = Kopiera
copied = Kopierat till urklipp.
copy-failed = Det gick inte att kopiera. Markera texten och kopiera den för hand.
share-heading = Länk för att titta
share-text = Alla med den här länken kan följa partiet live men inte göra drag.
share-copy = Kopiera länken för att titta

## Game page

game-heading = Parti { $id }
game-rules-summary = Regler: { $rules }
turn-yours = Din tur
turn-sowing-yours = Dina kulor sås…
turn-side = { $side } står på tur
turn-opponent = Motståndarens tur
turn-thinking = Datorn tänker …
turn-waiting-friend = Väntar på att din vän ska ansluta och dra …
pie-offer = Bytesregel: i stället för att dra får du byta sida och ta över motståndarens ställning.
pie-swap = Byt sida
spectator-note = Du tittar på det här partiet.
local-note = Båda sidorna spelas på den här skärmen.
store-label = Kalaha
house-number = Grop { $house }
house-aria-own = Din grop { $house }, { $seeds ->
        [one] { $seeds } kula
       *[other] { $seeds } kulor
    }
house-aria-opponent = Motståndarens grop { $house }, { $seeds ->
        [one] { $seeds } kula
       *[other] { $seeds } kulor
    }
house-aria-side = { $side }, grop { $house }, { $seeds ->
        [one] { $seeds } kula
       *[other] { $seeds } kulor
    }
store-aria-own = Din kalaha, { $seeds ->
        [one] { $seeds } kula
       *[other] { $seeds } kulor
    }
store-aria-opponent = Motståndarens kalaha, { $seeds ->
        [one] { $seeds } kula
       *[other] { $seeds } kulor
    }
store-aria-side = { $side }, kalaha, { $seeds ->
        [one] { $seeds } kula
       *[other] { $seeds } kulor
    }
house-value = värde { $value }
board-label = Kalahbräde
board-keys-help = Piltangenterna flyttar mellan groparna, Enter fördelar den valda gropen. Utanför brädet bläddrar vänster- och högerpilen genom dragen.

## Announcements (also read out by screen readers)

announce-your-turn = Din tur.
announce-game-over = Spelet är slut.

## Result

result-heading = Spelet är slut
result-you-win = Du vinner med { $you }–{ $them }!
result-you-lose = Du förlorar med { $you }–{ $them }.
result-draw = Oavgjort, { $south }–{ $north }.
result-side-wins = { $side } vinner med { $winner }–{ $loser }.
result-early-end = Spelet slutade tidigt: en kalaha innehåller mer än hälften av alla kulor.
## Moves and history

moves-heading = Drag
moves-empty = Inga drag än.
moves-turn = Tur { $number }
history-first = Startställning
history-back = Föregående drag
history-forward = Nästa drag
history-last = Aktuell ställning
history-viewing = Visar ställningen efter drag { $ply } av { $total }.
history-viewing-start = Visar startställningen.
history-return = Tillbaka till partiet
move-swap = byte

## Actions

actions-heading = Parti
resign = Ge upp
resign-confirm = Vill du verkligen ge upp det här partiet? Det räknas som en förlust.
resign-yes = Ja, ge upp
resign-no = Nej, spela vidare
rematch = Returmatch (sidorna bytta)
rematch-open = Öppna returmatchen
rematch-ready = En returmatch har startat.
hint = Visa dragens värden
hint-hide = Dölj dragens värden
hint-loading = Beräknar …
hint-explain = Ett drags värde är skillnaden mellan kalahorna i slutet (den dragandes kulor minus motståndarens) om båda sidor spelar så bra som möjligt efteråt.
hint-best-unchecked = Andra drag kan vara lika bra: tiden tog slut innan alla drag var kontrollerade.
hint-unavailable = Dragens värden visas i partier mot datorn, på en skärm, i avslutade partier och på analysbrädet.
export-record = Ladda ner partiprotokollet
copy-position = Kopiera ställningen
analyze-game = Öppna på analysbrädet
speed-label = Animering av sådden
speed-off = Av
speed-fast = Snabb
speed-normal = Normal
speed-slow = Långsam

## Live connection

conn-lost = Anslutningen bröts. Ansluter igen om { $seconds ->
        [one] { $seconds } sekund
       *[other] { $seconds } sekunder
    } …
conn-reconnecting = Ansluter igen …
conn-back = Ansluten igen; brädet är uppdaterat.
conn-retry-now = Anslut nu

## Analysis board

analysis-heading = Analysbräde
analysis-intro = Importera ett partiprotokoll eller klistra in en ställning för att stega igenom den och se det exakta värdet för varje drag.
analysis-import-heading = Importera ett partiprotokoll
analysis-import-label = Partiprotokoll
analysis-import-button = Importera
analysis-import-file = Eller öppna en protokollfil
analysis-position-heading = Ställ upp en ställning
analysis-position-label = Ställning
analysis-position-button = Visa
analysis-bad-position = Det är ingen ställning. Skriv den så här: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Beräkna dragens värden
analysis-thinking = Beräknar …
analysis-pv = Bästa fortsättning: { $line }
analysis-game-over = Spelet är slut i den här ställningen.
analysis-play-hint = Klicka på en grop hos sidan som står på tur för att prova ett drag; draglistan fortsätter därifrån.
analysis-reset = Tillbaka till det importerade partiet
analysis-empty = Inget inläst än: startställningen enligt standardreglerna visas.

## Rules page

rules-page-heading = Regler: { $preset }
rules-other-presets = Andra regeluppsättningar
rules-start-position = Startställning
rules-play-this = Spela med de här reglerna
rules-unknown-preset = Det finns ingen regeluppsättning som heter ”{ $preset }”.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Spela mot datorn
play-friend = Spela med en vän
custom-game = Eget parti
quick-rules = Regler: { $rules }. Andra regler, vem som börjar och partier på en skärm: ”Eget parti” nedan.
side-bottom-note = Vilken sida du än väljer är dina gropar den nedersta raden på din bräda.
subject-computer = Datorn
subject-friend = Din vän
move-you-sow = Du sår grop { $house }.
move-other-sow = { $name } sår grop { $house }.
move-you-capture = Du tar kulorna mittemot din grop { $house } (+{ $seeds } i din kalaha).
move-other-capture = { $name } tar kulorna mittemot grop { $house } (+{ $seeds }).
move-other-capture-yours = { $name } tar kulorna i din grop { $house } (+{ $seeds }).
move-you-again = Din sista kula hamnade i din kalaha: du drar igen.
move-other-again = Den sista kulan hamnade i kalahan: { $name } drar igen.
move-sweep = Partiet är slut: kulorna kvar på brädan går till kalahorna ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Du byter sida (tårtregeln).
move-other-swap = { $name } byter sida (tårtregeln).
result-you-resigned = Du gav upp.
result-other-resigned = { $name } gav upp.
replay-last = Visa senaste draget igen
score-label = Poäng
legend-from = sått från
legend-last = sista kulan
legend-capture = tagna
legend-sweep = insamlat i slutet
sound-toggle = Ljud vid drag
share-export-heading = Dela / exportera
coach-text = Dina gropar är den nedersta raden. Klicka på en: dess kulor sås en i taget, moturs, i nästa gropar och i din kalaha till höger.
coach-dismiss = Uppfattat
hint-you-ahead = Bäst: grop { $moves }. Med bästa spel härifrån slutar du { $exact ->
        [yes] { $n }
       *[no] ungefär { $n }
    } före.
hint-you-behind = Bäst: grop { $moves }. Med bästa spel härifrån slutar du { $exact ->
        [yes] { $n }
       *[no] ungefär { $n }
    } efter.
hint-you-level = Bäst: grop { $moves }. Med bästa spel härifrån slutar partiet { $exact ->
        [yes] oavgjort
       *[no] ungefär jämnt
    }.
hint-other-ahead = Bäst för { $name }: grop { $moves }. Med bästa spel härifrån slutar { $name } { $exact ->
        [yes] { $n }
       *[no] ungefär { $n }
    } före.
hint-other-behind = Bäst för { $name }: grop { $moves }. Med bästa spel härifrån slutar { $name } { $exact ->
        [yes] { $n }
       *[no] ungefär { $n }
    } efter.
hint-other-level = Bäst för { $name }: grop { $moves }. Med bästa spel härifrån slutar partiet { $exact ->
        [yes] oavgjort
       *[no] ungefär jämnt
    }.

## Bots (the page /bots)

home-bots-link = Bottar: spela mot program eller se dem spela
player-bot = Bott { $name }
bots-heading = Bottar
bots-intro = Program som spelar Kalah ansluter till den här servern med Kalah Game Protocol. Utmana en bott som väntar, eller titta på ett parti.
bots-online-heading = Bottar online
bots-none = Ingen bott är ansluten just nu. Listan uppdateras av sig själv.
bots-waiting = väntar på ett parti
bots-playing = spelar
bots-unrated = utan rating
bots-provisional = preliminär rating: få partier spelade
bots-challenge = Utmana
bots-challenge-label = Utmana { $name }
bots-watch = Titta
bots-watch-label = Titta på partiet med { $name }
bots-busy = { $name } spelar ett parti just nu. Titta på det, eller utmana den igen när den väntar.
bots-gone = { $name } är inte längre ansluten.
bots-leaderboard-heading = Topplista
bots-leaderboard-empty = Inget parti med rating har spelats ännu. Bottar som ansluter med en token får rating efter varje parti.
bots-col-rank = Plats
bots-col-name = Bott
bots-col-rating = Rating
bots-col-games = Partier
bots-col-wdl = Vunna / remi / förlorade
bots-board-label = Bräde för en utmaning
bots-board-option = { $houses } gropar, { $seeds } kulor i varje
bots-back = Tillbaka till bottarna

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Ditt namn
account-signed-in = Inloggad som { $name }.
account-guest = Du spelar som { $name } (gäst).
account-anonymous = Du spelar utan namn. Logga in, eller skapa ett konto för att behålla ditt namn och dina partier.
account-sign-in = Logga in
account-sign-up = Skapa konto
account-log-out = Logga ut
account-name = Användarnamn
account-password = Lösenord
account-name-hint = 3 till 20 bokstäver A–Z, siffror, _ eller -
account-password-hint = 8 till 256 tecken
account-bad-login = Användarnamnet eller lösenordet är fel.
account-name-taken = Användarnamnet är upptaget; välj ett annat.
account-rate-limited = För många försök från din adress; försök igen om några minuter.

## Clocks of timed games
clock-label = Klocka för { $name }
clock-low = ont om tid
clock-low-say = Din tid håller på att ta slut.
clock-first-move = { $side } måste göra ett första drag inom { $seconds } s, annars avbryts partiet.
time-control-label = Klocka
time-control-none = Utan klocka
result-aborted = Partiet avbröts: ett första drag kom inte i tid. Inget resultat.
result-on-time-you = Din tid tog slut.
result-on-time-opponent = Din motståndares tid tog slut.
result-on-time-side = Tiden för { $side } tog slut.
result-abandoned-you = Du lämnade partiet.
result-abandoned-opponent = Din motståndare lämnade partiet.
result-abandoned-side = { $side } lämnade partiet.
status-aborted = Avbrutet

## Player pages and the leaderboard of people
home-leaderboard-link = Topplista över spelare
leaderboard-heading = Topplista
leaderboard-intro = De högst rankade spelarna i varje pool (regler och tempo). En spelare syns när rankingen har stabiliserats efter tillräckligt många rankade partier.
leaderboard-pool-label = Pool
leaderboard-empty = Ingen finns i den här poolen än: spelare syns när tillräckligt många rankade partier har stabiliserat deras ranking.
leaderboard-col-player = Spelare
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 frön
pool-family-other = Andra regler
pool-category-bullet = Bullet
pool-category-blitz = Blixt
pool-category-rapid = Snabb
pool-category-classical = Klassisk
pool-category-correspondence = Korrespondens
rating-chart-summary = Ranking från { $first } till { $last } (visade rankade partier: { $count })
rating-history-table = Ranking efter varje parti
rating-col-date = Datum
rating-col-change = Ändring
rating-games = Partier: { $count }
game-result-win = Vunnet
game-result-loss = Förlorat
game-result-draw = Oavgjort
game-result-playing = Pågår
game-against = mot
game-rated = rankat
player-not-found-heading = Spelaren finns inte
player-not-found-text = Det finns inget konto som heter { $name }. Gäster har ingen sida, och raderade konton är borta.
player-since = Spelar sedan { $date }
player-ratings-heading = Rankingar
player-no-ratings = Inga rankade partier än.
player-puzzles-heading = Problem
player-puzzles-solved = Lösta: { $solved } av { $tried }
player-games-heading = Senaste partier
player-no-games = Inga partier än.
result-rating-change = { $name }: ranking { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Titta
watch-heading = Titta på partier
watch-intro = Partier som spelas just nu, de högst rankade först. Öppna ett för att följa det live.
watch-list-heading = Pågående partier
watch-empty = Inga partier spelas just nu. Listan uppdateras av sig själv.
watch-count = Pågående partier: { $count } (visar { $shown })
watch-rated = rankat
watch-casual = vänskapligt
watch-bots = bottar
watch-score = Ställning: Syd { $south }, Nord { $north }
watch-ply = Drag: { $ply }
watch-to-move = { $side } ska dra
watch-reconnecting = Anslutningen bröts; ansluter igen. Under tiden uppdateras listan med några sekunders mellanrum.
claim-button = Gör anspråk på partiet
claim-opponent-left = Din motståndare har lämnat partiet.
claim-wait = Din motståndare har gått. Om motståndaren inte kommer tillbaka inom { $seconds } s kan du göra anspråk på partiet.
claim-ready = Din motståndare har varit borta för länge: du kan göra anspråk på partiet (en vinst, eller remi om du inte längre kan vinna).
claim-refused-back = Din motståndare är tillbaka, partiet fortsätter.
claim-refused-early = För tidigt: du kan göra anspråk på partiet om { $seconds } s om din motståndare inte kommer tillbaka.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Spela online
online-intro = Spela mot en människa med klocka: snabbparning hittar en motståndare nära din rating, eller anta ett erbjudande i lobbyn.
online-you = I lobbyn som { $name }.
online-rated = Ratat parti
online-guest-note = Som gäst spelar du oratade partier. Skapa ett konto för att spela ratade partier.
online-quick-heading = Snabbparning
online-quick-button = Spela { $rules }, { $clock }, online
online-waiting = Söker en motståndare: { $rules }, { $clock }…
online-cancel = Avbryt
online-enter = Gå in i lobbyn
online-enter-note = Lobbyn visar spelarna som väntar på en motståndare.
online-disconnected = Anslutningen till lobbyn bröts; försöker igen…
online-seeks-heading = Öppna erbjudanden
online-seeks-empty = Inga öppna erbjudanden just nu. Skapa ett, eller använd snabbparning.
online-col-player = Spelare
online-col-mode = Parti
online-col-action = Åtgärd
online-rules-label = Regler
online-mode-rated = Ratat
online-casual = Oratat
online-accept = Anta
online-accept-label = Anta erbjudandet från { $name }: { $rules }, { $clock }
online-your-seek = Ditt erbjudande
online-cancel-seek = Dra tillbaka erbjudandet
online-create-heading = Skapa ett erbjudande
online-create = Skapa erbjudande
online-game-found = Parti hittat mot { $name }.
challenge-heading = Utmana { $name }
challenge-button = Utmana
challenge-send = Skicka utmaning
challenge-sent = Utmaning skickad; väntar på svar från { $name }…
challenge-declined = { $name } avböjde din utmaning.
challenge-expired = Din utmaning gick ut utan svar.
challenge-cancelled = Utmaningen drogs tillbaka.
challenge-crowded-out = { $name } har för många väntande utmaningar, och en från en spelare de känner tog din plats. Försök igen senare.
challenge-incoming = { $name }{ $rating } utmanar dig: { $rules }, { $clock }, { $mode }.
challenge-accept = Anta
challenge-decline = Avböj
challenge-notices = Utmaningar
lobby-error-account = Ratade partier spelas mellan konton: skapa ett konto eller logga in, eller välj ett oratat parti.
lobby-error-offline = Den här spelaren har inte sidan öppen nu; en utmaning når bara spelare som är online.
lobby-error-gone = Det här erbjudandet eller den här utmaningen är inte längre öppen.
lobby-error-too-many = Du har så många öppna erbjudanden eller utmaningar som tillåts; dra tillbaka ett först.
lobby-error = Lobbyn avböjde: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Lobby
nav-leaderboard = Topplista
nav-bots = Bottar
nav-menu = Meny
menu-my-page = Min sida
menu-player-label = { $name }: min sida, logga ut
result-lost-on-time = Du förlorade på tid.
result-you-win-plain = Du vinner.
result-you-lose-plain = Du förlorar.
result-draw-plain = Oavgjort.
result-side-wins-plain = { $side } vinner.
result-stores = Kulor i kalahorna: { $score }
hint-estimate-you = En uppskattning, inte bevisad: grop { $moves } ser starkast ut, { $outcome ->
        [ahead] ungefär { $n } före för dig
        [behind] ungefär { $n } efter för dig
       *[level] ungefär jämnt
    }.
hint-estimate-other = En uppskattning, inte bevisad: för { $name } ser grop { $moves } starkast ut, { $outcome ->
        [ahead] ungefär { $n } före
        [behind] ungefär { $n } efter
       *[level] ungefär jämnt
    }.
bots-levels-heading = Datorn
bots-levels-intro = Datorns egna nivåer, alltid redo att spela, från nybörjare till perfekt spel.
bots-level-play = Spela
bots-level-play-label = Spela mot datorn: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Botten finns inte
bot-not-found-text = Ingen bot som heter { $name } har spelat på den här servern eller är ansluten nu.
bot-unrated-note = den ansluter utan token, så dess partier ändrar ingen rating.
bot-rating-fixed = en fast rating: datorns partier ändrar den aldrig
bot-record = Partier med rating: { $games } (vunna { $wins }, remi { $draws }, förlorade { $losses })
bot-person = en människa
bot-status-playing = Ansluten nu, spelar ett parti.
bot-status-waiting = Ansluten nu, väntar på ett parti.
bot-status-level = En av datorns egna nivåer: alltid redo att spela.
bot-status-offline = Inte ansluten nu.
bot-games-heading = Partier
bot-newest-games = Nyaste partierna
bot-older-games = Äldre partier

leaderboard-empty-lobby = Spela ett rankat parti i lobbyn
leaderboard-empty-bots = Spela mot datorn eller en bot
share-button = Dela
share-copied = Länken för att titta på partiet är kopierad:
turn-waiting-friend-open = Väntar på att din vän öppnar länken; sedan kan du dra.
