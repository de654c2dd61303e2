# Kalah web page: every string the page shows, in Finnish (translation of en/ui.ftl).
# Termit kuten rules.ftl:ssä: kuoppa (house), kalaha (store), siemen (seed), Etelä/Pohjoinen (sides).

## Page frame

app-title = Kalah
skip-to-content = Siirry pääsisältöön
nav-new-game = Uusi peli
nav-analysis = Analyysilauta
nav-rules = Säännöt
language-label = Kieli
theme-toggle = Vaihda vaalean ja tumman teeman välillä
theme-light = Vaalea teema
theme-dark = Tumma teema
loading = Ladataan…
footer-text = Kalah, kylvöpeli. Kaikki toimii tällä palvelimella; mitään tietoja ei lähetetä muualle.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Jokin meni vikaan
error-network = Palvelimeen ei saatu yhteyttä. Tarkista, että se on käynnissä ja että yhteytesi toimii, ja yritä sitten uudelleen.
error-server = Palvelin ei pystynyt tekemään sitä: { $detail }
error-bad-request = Pyyntö hylättiin: { $detail }
error-no-token = Tähän tarvitaan paikkasi linkki. Avaa peli saamastasi linkistä.
error-forbidden = Et voi tehdä sitä täällä: { $detail }
error-not-found = Palvelin ei tunne tätä: { $detail }
error-stale = Peli ehti edetä ennen kuin siirtosi saapui. Lauta on päivitetty; valitse uudelleen.
error-try-again = Yritä uudelleen
error-dismiss = Sulje
not-found-heading = Peliä ei ole
not-found-text = Tällä palvelimella ei ole peliä tunnuksella ”{ $id }”. Tunnus voi olla kirjoitettu väärin, tai linkki on vajaa.
not-found-page-heading = Sivua ei löytynyt
not-found-page-text = Tässä osoitteessa ei ole mitään.
back-home = Takaisin etusivulle

## Sides and players

side-south = Etelä
side-north = Pohjoinen
player-you = Sinä
player-computer = Tietokone
player-computer-level = Tietokone ({ $level })
player-friend = Ystävä
player-opponent = Vastustaja
player-waiting = odottaa ystävää
player-side-south = Eteläinen pelaaja
player-side-north = Pohjoinen pelaaja

## Home: new game

home-heading = Pelaa Kalahia
home-intro = Kylvä siemeniä laudan ympäri, kaappaa vastustajasi siemeniä ja kerää niistä yli puolet omaan kalahaasi.
home-new-game = Uusi peli
opponent-legend = Vastustaja
opponent-computer = Tietokonetta vastaan
opponent-computer-hint = Valitse taso; tietokone vastaa heti.
opponent-friend = Ystävää vastaan
opponent-friend-hint = Saat linkin lähetettäväksi; ystäväsi pelaa omalla selaimellaan.
opponent-local = Tällä näytöllä
opponent-local-hint = Kaksi ihmistä pelaa vuorotellen samalla laitteella.
level-label = Tietokoneen taso
level-beginner = Aloittelija
level-novice = Noviisi
level-casual = Satunnainen pelaaja
level-club = Kerhopelaaja
level-expert = Asiantuntija
level-master = Mestari
level-perfect = Täydellinen peli
rules-legend = Säännöt
preset-label = Sääntökokoelma
preset-custom = Omat säännöt
preset-name-standard = Tavallinen Kalah (6,4)
preset-name-empty-capture = Kalah tyhjällä kaappauksella
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Pelisäännöt 002
preset-name-sheet-003 = Pelisäännöt 003
preset-name-sheet-004 = Pelisäännöt 004
more-options = Kaikki sääntövalinnat
option-houses = Kuoppia kummallakin puolella
option-seeds = Siemeniä kuoppaa kohden
option-capture = Kaappaus
capture-standard = Tavallinen: viimeinen siemen omassa tyhjässä kuopassa kaappaa vastapäiset siemenet (vain jos niitä on)
capture-empty = Tyhjä: viimeinen siemen omassa tyhjässä kuopassa menee aina kalahaasi yhdessä vastapäätä olevien siementen kanssa
capture-none = Ei kaappauksia: mitään ei koskaan kaapata
option-end = Peli päättyy
end-either-empty = heti kun jommankumman puolen kaikki kuopat ovat tyhjiä
end-mover-cannot-move = kun vuorossa olevalla pelaajalla ei ole siemeniä
option-sweep = Laudalle lopussa jääneet siemenet
sweep-owner = menevät sen puolen kalahaan, jolla ne ovat
sweep-emptier = menevät kaikki pelaajalle, jonka puoli on tyhjä
sweep-none = eivät kuulu kenellekään
option-early-end = Lopeta aikaisemmin, kun jossakin kalahassa on yli puolet kaikista siemenistä
option-pie = Vaihtosääntö: ensimmäisen vuoron jälkeen toinen pelaaja saa vaihtaa puolta
option-both-stores = Kylvä molempiin kalahoihin (myös vastustajan)
read-rules = Lue tämän sääntökokoelman säännöt
first-legend = Kuka aloittaa
first-lot = Arvonnalla
first-south = Etelä aloittaa
first-north = Pohjoinen aloittaa
side-legend = Sinun puolesi
side-choice-random = Satunnainen
side-local-note = Yhdellä näytöllä molempia puolia pelataan tässä; Etelä on alhaalla.
start-game = Aloita peli
starting-game = Aloitetaan…

## Home: recent games

recent-heading = Viimeisimmät pelisi
recent-empty = Tällä selaimella ei ole vielä pelejä. Pelit, jotka aloitat tai joihin liityt, näkyvät tässä.
recent-opponent = Vastustaja
recent-date = Aloitettu
recent-status = Tila
recent-open = Avaa
recent-remove = Poista
recent-remove-label = Poista peli { $id } tästä luettelosta
recent-clear = Tyhjennä luettelo
status-playing = Käynnissä
status-your-turn = Sinun vuorosi
status-finished = Päättynyt
status-resigned = Luovutettu
status-unknown = Tuntematon
status-won = Voitto { $you }–{ $them }
status-lost = Tappio { $you }–{ $them }
status-drawn = Tasapeli { $you }–{ $them }

## Invitation and sharing

invite-heading = Kutsu ystävä
invite-text = Lähetä tämä linkki ystävällesi. Se, joka avaa linkin, pelaa toista puolta. Älä jaa sitä muille: linkillä voi tehdä siirtoja.
invite-waiting = Odotetaan, että ystäväsi avaa linkin…
copy = Kopioi
copied = Kopioitu leikepöydälle.
copy-failed = Kopiointi ei onnistunut. Valitse teksti ja kopioi se käsin.
share-heading = Katselulinkki
share-text = Kuka tahansa, jolla on tämä linkki, voi seurata peliä suorana mutta ei voi tehdä siirtoja.
share-copy = Kopioi katselulinkki

## Game page

game-heading = Peli { $id }
game-rules-summary = Säännöt: { $rules }
turn-yours = Sinun vuorosi
turn-sowing-yours = Siemeniäsi kylvetään…
turn-side = Vuorossa: { $side }
turn-opponent = Vastustajan vuoro
turn-thinking = Tietokone miettii…
turn-waiting-friend = Odotetaan, että ystäväsi liittyy ja siirtää…
pie-offer = Vaihtosääntö: siirron sijaan voit vaihtaa puolta ja ottaa vastustajasi aseman.
pie-swap = Vaihda puolta
spectator-note = Katselet tätä peliä.
local-note = Molempia puolia pelataan tällä näytöllä.
store-label = Kalaha
house-number = Kuoppa { $house }
house-aria-own = Oma kuoppasi { $house }, { $seeds ->
        [one] { $seeds } siemen
       *[other] { $seeds } siementä
    }
house-aria-opponent = Vastustajan kuoppa { $house }, { $seeds ->
        [one] { $seeds } siemen
       *[other] { $seeds } siementä
    }
house-aria-side = { $side }, kuoppa { $house }, { $seeds ->
        [one] { $seeds } siemen
       *[other] { $seeds } siementä
    }
store-aria-own = Oma kalahasi, { $seeds ->
        [one] { $seeds } siemen
       *[other] { $seeds } siementä
    }
store-aria-opponent = Vastustajan kalaha, { $seeds ->
        [one] { $seeds } siemen
       *[other] { $seeds } siementä
    }
store-aria-side = { $side }, kalaha, { $seeds ->
        [one] { $seeds } siemen
       *[other] { $seeds } siementä
    }
house-value = arvo { $value }
board-label = Kalah-lauta
board-keys-help = Nuolinäppäimillä siirryt kuopasta toiseen, Enter kylvää valitun kuopan. Laudan ulkopuolella vasen ja oikea nuoli selaavat siirtoja.

## Announcements (also read out by screen readers)

announce-your-turn = Sinun vuorosi.
announce-game-over = Peli päättyi.

## Result

result-heading = Peli päättyi
result-you-win = Voitit { $you }–{ $them }!
result-you-lose = Hävisit { $you }–{ $them }.
result-draw = Tasapeli, { $south }–{ $north }.
result-side-wins = { $side } voittaa { $winner }–{ $loser }.
result-early-end = Peli päättyi ennenaikaisesti: jossakin kalahassa on yli puolet kaikista siemenistä.
## Moves and history

moves-heading = Siirrot
moves-empty = Ei vielä siirtoja.
moves-turn = Vuoro { $number }
history-first = Alkuasema
history-back = Edellinen siirto
history-forward = Seuraava siirto
history-last = Nykyinen asema
history-viewing = Näytetään asema siirron { $ply }/{ $total } jälkeen.
history-viewing-start = Näytetään alkuasema.
history-return = Takaisin peliin
move-swap = vaihto

## Actions

actions-heading = Peli
resign = Luovuta
resign-confirm = Haluatko varmasti luovuttaa tämän pelin? Se lasketaan tappioksi.
resign-yes = Kyllä, luovuta
resign-no = Ei, jatka peliä
rematch = Uusintapeli (puolet vaihdettu)
rematch-open = Avaa uusintapeli
rematch-ready = Uusintapeli on alkanut.
hint = Näytä siirtojen arvot
hint-hide = Piilota siirtojen arvot
hint-loading = Lasketaan…
hint-explain = Siirron arvo on kalahojen lopullinen erotus (siirtäjän siemenet miinus vastustajan siemenet), kun molemmat pelaavat sen jälkeen parhaalla mahdollisella tavalla.
hint-best-unchecked = Muut siirrot voivat olla yhtä hyviä: aika loppui ennen kuin kaikki siirrot tarkistettiin.
hint-unavailable = Siirtojen arvot näytetään peleissä tietokonetta vastaan, yhdellä näytöllä pelatuissa peleissä, päättyneissä peleissä ja analyysilaudalla.
export-record = Lataa pelipöytäkirja
copy-position = Kopioi asema
analyze-game = Avaa analyysilaudalla
speed-label = Kylvön animaatio
speed-off = Pois
speed-fast = Nopea
speed-normal = Normaali
speed-slow = Hidas

## Live connection

conn-lost = Yhteys katkesi. Yhdistetään uudelleen { $seconds ->
        [one] { $seconds } sekunnin
       *[other] { $seconds } sekunnin
    } kuluttua…
conn-reconnecting = Yhdistetään uudelleen…
conn-back = Yhteys palasi; lauta on ajan tasalla.
conn-retry-now = Yhdistä nyt

## Analysis board

analysis-heading = Analyysilauta
analysis-intro = Tuo pelipöytäkirja tai liitä asema, niin voit käydä sen läpi ja nähdä jokaisen siirron tarkan arvon.
analysis-import-heading = Tuo pelipöytäkirja
analysis-import-label = Pelipöytäkirja
analysis-import-button = Tuo
analysis-import-file = Tai avaa pöytäkirjatiedosto
analysis-position-heading = Aseta asema
analysis-position-label = Asema
analysis-position-button = Näytä
analysis-bad-position = Tämä ei ole asema. Kirjoita se näin: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Laske siirtojen arvot
analysis-thinking = Lasketaan…
analysis-pv = Paras jatko: { $line }
analysis-game-over = Tässä asemassa peli on päättynyt.
analysis-play-hint = Napsauta vuorossa olevan puolen kuoppaa kokeillaksesi siirtoa; siirtoluettelo jatkuu siitä.
analysis-reset = Takaisin tuotuun peliin
analysis-empty = Mitään ei ole vielä ladattu: näytetään tavallisten sääntöjen alkuasema.

## Rules page

rules-page-heading = Säännöt: { $preset }
rules-other-presets = Muut sääntökokoelmat
rules-start-position = Alkuasema
rules-play-this = Pelaa näillä säännöillä
rules-unknown-preset = Sääntökokoelmaa nimeltä ”{ $preset }” ei ole.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Pelaa tietokonetta vastaan
play-friend = Pelaa ystävän kanssa
custom-game = Oma peli
quick-rules = Säännöt: { $rules }. Muut säännöt, aloittaja ja pelit yhdellä näytöllä: ”Oma peli” alla.
side-bottom-note = Valitsitpa minkä puolen tahansa, kuoppasi ovat laudan alarivi.
subject-computer = Tietokone
subject-friend = Ystäväsi
move-you-sow = Kylvät kuopan { $house }.
move-other-sow = { $name } kylvää kuopan { $house }.
move-you-capture = Kaappaat kuoppasi { $house } vastapäiset siemenet (+{ $seeds } kalahaasi).
move-other-capture = { $name } kaappaa kuopan { $house } vastapäiset siemenet (+{ $seeds }).
move-other-capture-yours = { $name } kaappaa kuoppasi { $house } siemenet (+{ $seeds }).
move-you-again = Viimeinen siemenesi osui kalahaasi: siirrät uudelleen.
move-other-again = Viimeinen siemen osui kalahaan: { $name } siirtää uudelleen.
move-sweep = Peli päättyi: laudalle jääneet siemenet menevät kalahoihin ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Vaihdat puolta (kakkusääntö).
move-other-swap = { $name } vaihtaa puolta (kakkusääntö).
result-you-resigned = Luovutit.
result-other-resigned = { $name } luovutti.
replay-last = Näytä viimeinen siirto uudelleen
score-label = Pisteet
legend-from = kylvetty kuopasta
legend-last = viimeinen siemen
legend-capture = kaappaus
legend-sweep = kerätty lopussa
sound-toggle = Siirtojen äänet
share-export-heading = Jaa / vie
coach-text = Kuoppasi ovat alarivi. Napsauta yhtä: sen siemenet kylvetään yksi kerrallaan vastapäivään seuraaviin kuoppiin ja oikealla olevaan kalahaasi.
coach-dismiss = Selvä
hint-you-ahead = Paras: kuoppa { $moves }. Parhaalla pelillä tästä eteenpäin olet lopussa { $exact ->
        [yes] { $n }
       *[no] noin { $n }
    } edellä.
hint-you-behind = Paras: kuoppa { $moves }. Parhaalla pelillä tästä eteenpäin olet lopussa { $exact ->
        [yes] { $n }
       *[no] noin { $n }
    } jäljessä.
hint-you-level = Paras: kuoppa { $moves }. Parhaalla pelillä tästä eteenpäin peli päättyy { $exact ->
        [yes] tasapeliin
       *[no] suunnilleen tasan
    }.
hint-other-ahead = Paras pelaajalle { $name }: kuoppa { $moves }. Parhaalla pelillä tästä eteenpäin { $name } on lopussa { $exact ->
        [yes] { $n }
       *[no] noin { $n }
    } edellä.
hint-other-behind = Paras pelaajalle { $name }: kuoppa { $moves }. Parhaalla pelillä tästä eteenpäin { $name } on lopussa { $exact ->
        [yes] { $n }
       *[no] noin { $n }
    } jäljessä.
hint-other-level = Paras pelaajalle { $name }: kuoppa { $moves }. Parhaalla pelillä tästä eteenpäin peli päättyy { $exact ->
        [yes] tasapeliin
       *[no] suunnilleen tasan
    }.

## Bots (the page /bots)

home-bots-link = Botit: pelaa ohjelmia vastaan tai katso niiden pelejä
player-bot = Botti { $name }
bots-heading = Botit
bots-intro = Kalahia pelaavat ohjelmat yhdistävät tähän palvelimeen Kalah Game Protocol -yhteyskäytännöllä. Haasta odottava botti tai katso peliä.
bots-online-heading = Paikalla olevat botit
bots-none = Yhtään bottia ei ole nyt yhdistettynä. Lista päivittyy itsestään.
bots-waiting = odottaa peliä
bots-playing = pelaa
bots-unrated = ei luokitusta
bots-provisional = alustava luokitus: vähän pelejä
bots-challenge = Haasta
bots-challenge-label = Haasta { $name }
bots-watch = Katso
bots-watch-label = Katso botin { $name } peliä
bots-busy = { $name } pelaa nyt. Katso peliä tai haasta botti uudelleen, kun se odottaa.
bots-gone = { $name } ei ole enää yhdistettynä.
bots-leaderboard-heading = Tulostaulu
bots-leaderboard-empty = Yhtään luokiteltua peliä ei ole vielä pelattu. Tunnisteella yhdistävät botit saavat luokituksen jokaisen pelin jälkeen.
bots-col-rank = Sija
bots-col-name = Botti
bots-col-rating = Luokitus
bots-col-games = Pelit
bots-col-wdl = Voitot / tasapelit / tappiot
bots-board-label = Lauta haasteeseen
bots-board-option = { $houses } kuoppaa, kussakin { $seeds } siementä
bots-back = Takaisin botteihin

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Nimesi
account-signed-in = Kirjautunut nimellä { $name }.
account-guest = Pelaat nimellä { $name } (vieras).
account-anonymous = Pelaat ilman nimeä. Kirjaudu sisään tai luo tili, niin nimesi ja pelisi säilyvät.
account-sign-in = Kirjaudu sisään
account-sign-up = Luo tili
account-log-out = Kirjaudu ulos
account-name = Käyttäjänimi
account-password = Salasana
account-name-hint = 3–20 kirjainta A–Z, numeroita, _ tai -
account-password-hint = 8–256 merkkiä
account-bad-login = Käyttäjänimi tai salasana on väärin.
account-name-taken = Käyttäjänimi on varattu; valitse toinen.
account-rate-limited = Liian monta yritystä osoitteestasi; yritä uudelleen muutaman minuutin kuluttua.

## Clocks of timed games
clock-label = Pelaajan { $name } kello
clock-low = aika vähissä
clock-low-say = Aikasi on loppumassa.
clock-first-move = { $side }: ensimmäinen siirto { $seconds } s kuluessa, muuten peli keskeytetään.
time-control-label = Kello
time-control-none = Ei kelloa
result-aborted = Peli keskeytettiin: ensimmäinen siirto ei tullut ajoissa. Ei tulosta.
result-on-time-you = Aikasi loppui.
result-on-time-opponent = Vastustajasi aika loppui.
result-on-time-side = Aika loppui: { $side }.
result-abandoned-you = Poistuit pelistä.
result-abandoned-opponent = Vastustajasi poistui pelistä.
result-abandoned-side = { $side } poistui pelistä.
status-aborted = Keskeytetty

## Player pages and the leaderboard of people
home-leaderboard-link = Pelaajien tulostaulu
leaderboard-heading = Tulostaulu
leaderboard-intro = Kunkin poolin (säännöt ja aikaluokka) parhaiksi luokitellut pelaajat. Pelaaja näkyy, kun hänen luokituksensa on vakiintunut riittävän monen luokitellun pelin jälkeen.
leaderboard-pool-label = Pooli
leaderboard-empty = Tässä poolissa ei ole vielä ketään: pelaajat näkyvät, kun riittävän moni luokiteltu peli on vakiinnuttanut heidän luokituksensa.
leaderboard-col-player = Pelaaja
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 siementä
pool-family-other = Muut säännöt
pool-category-bullet = Bullet
pool-category-blitz = Salama
pool-category-rapid = Pika
pool-category-classical = Klassinen
pool-category-correspondence = Kirjeshakkitahti
rating-chart-summary = Luokitus { $first } → { $last } (näytetyt luokitellut pelit: { $count })
rating-history-table = Luokitus jokaisen pelin jälkeen
rating-col-date = Päivä
rating-col-change = Muutos
rating-games = Pelejä: { $count }
game-result-win = Voitto
game-result-loss = Tappio
game-result-draw = Tasapeli
game-result-playing = Kesken
game-against = vastaan
game-rated = luokiteltu
player-not-found-heading = Pelaajaa ei löydy
player-not-found-text = Tiliä nimeltä { $name } ei ole. Vierailla ei ole sivua, ja poistetut tilit ovat poissa.
player-since = Pelannut { $date } alkaen
player-ratings-heading = Luokitukset
player-no-ratings = Ei vielä luokiteltuja pelejä.
player-puzzles-heading = Tehtävät
player-puzzles-solved = Ratkaistu: { $solved }/{ $tried }
player-games-heading = Viimeisimmät pelit
player-no-games = Ei vielä pelejä.
result-rating-change = { $name }: luokitus { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Katsele
watch-heading = Katsele pelejä
watch-intro = Parhaillaan pelattavat pelit, parhaiten rankatut ensin. Avaa peli seurataksesi sitä suorana.
watch-list-heading = Käynnissä olevat pelit
watch-empty = Yhtään peliä ei pelata juuri nyt. Lista päivittyy itsestään.
watch-count = Käynnissä olevat pelit: { $count } (näytetään { $shown })
watch-rated = rankattu
watch-casual = ystävyysottelu
watch-bots = botit
watch-score = Tilanne: Etelä { $south }, Pohjoinen { $north }
watch-ply = Siirrot: { $ply }
watch-to-move = Vuorossa: { $side }
watch-reconnecting = Yhteys katkesi; yhdistetään uudelleen. Sillä välin lista päivittyy muutaman sekunnin välein.
claim-button = Vaadi peli itsellesi
claim-opponent-left = Vastustajasi on poistunut pelistä.
claim-wait = Vastustajasi on poistunut. Jos hän ei palaa { $seconds } s:n kuluessa, voit vaatia pelin itsellesi.
claim-ready = Vastustajasi on ollut poissa liian kauan: voit vaatia pelin itsellesi (voitto, tai tasapeli jos et voi enää voittaa).
claim-refused-back = Vastustajasi palasi, peli jatkuu.
claim-refused-early = Liian aikaista: voit vaatia pelin { $seconds } s:n kuluttua, jos vastustajasi ei palaa.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Pelaa verkossa
online-intro = Pelaa ihmistä vastaan kellolla: pikaparitus löytää vastustajan läheltä vahvuuslukuasi, tai hyväksy tarjous aulasta.
online-you = Aulassa nimellä { $name }.
online-rated = Pisteytetty peli
online-guest-note = Vieraana pelaat pisteyttämättömiä pelejä. Rekisteröidy pelataksesi pisteytettyjä pelejä.
online-quick-heading = Pikaparitus
online-quick-button = Pelaa { $rules }, { $clock }, verkossa
online-waiting = Etsitään vastustajaa: { $rules }, { $clock }…
online-cancel = Peruuta
online-enter = Siirry aulaan
online-enter-note = Aula näyttää pelaajat, jotka odottavat vastustajaa.
online-disconnected = Yhteys aulaan katkesi; yritetään uudelleen…
online-seeks-heading = Avoimet tarjoukset
online-seeks-empty = Ei avoimia tarjouksia juuri nyt. Luo sellainen tai käytä pikaparitusta.
online-col-player = Pelaaja
online-col-mode = Peli
online-col-action = Toiminto
online-rules-label = Säännöt
online-mode-rated = Pisteytetty
online-casual = Pisteyttämätön
online-accept = Hyväksy
online-accept-label = Hyväksy pelaajan { $name } tarjous: { $rules }, { $clock }
online-your-seek = Oma tarjouksesi
online-cancel-seek = Peru tarjous
online-create-heading = Luo tarjous
online-create = Luo tarjous
online-game-found = Peli löytyi, vastustajana { $name }.
challenge-heading = Haasta { $name }
challenge-button = Haasta
challenge-send = Lähetä haaste
challenge-sent = Haaste lähetetty; odotetaan pelaajan { $name } vastausta…
challenge-declined = { $name } hylkäsi haasteesi.
challenge-expired = Haasteesi vanheni ilman vastausta.
challenge-cancelled = Haaste peruttiin.
challenge-crowded-out = Pelaajalla { $name } on liian monta odottavaa haastetta, ja tutun pelaajan haaste vei sinun haasteesi paikan. Yritä myöhemmin uudelleen.
challenge-incoming = { $name }{ $rating } haastaa sinut: { $rules }, { $clock }, { $mode }.
challenge-accept = Hyväksy
challenge-decline = Hylkää
challenge-notices = Haasteet
lobby-error-account = Pisteytetyt pelit pelataan tilien kesken: rekisteröidy tai kirjaudu sisään, tai valitse pisteyttämätön peli.
lobby-error-offline = Tällä pelaajalla ei ole sivustoa nyt auki; haaste tavoittaa vain verkossa olevat pelaajat.
lobby-error-gone = Tämä tarjous tai haaste ei ole enää avoinna.
lobby-error-too-many = Sinulla on jo sallittu määrä avoimia tarjouksia tai haasteita; peru ensin yksi.
lobby-error = Aula kieltäytyi: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Aula
nav-leaderboard = Tulostaulu
nav-bots = Botit
nav-menu = Valikko
menu-my-page = Oma sivu
menu-player-label = { $name }: oma sivu, kirjaudu ulos
result-lost-on-time = Hävisit ajalla.
result-you-win-plain = Voitit.
result-you-lose-plain = Hävisit.
result-draw-plain = Tasapeli.
result-side-wins-plain = { $side } voittaa.
result-stores = Siemeniä kalahoissa: { $score }
hint-estimate-you = Arvio, ei todistettu: kuoppa { $moves } näyttää vahvimmalta, { $outcome ->
        [ahead] noin { $n } edellä sinun hyväksesi
        [behind] noin { $n } jäljessä sinun osaltasi
       *[level] suunnilleen tasan
    }.
hint-estimate-other = Arvio, ei todistettu: pelaajalle { $name } kuoppa { $moves } näyttää vahvimmalta, { $outcome ->
        [ahead] noin { $n } edellä
        [behind] noin { $n } jäljessä
       *[level] suunnilleen tasan
    }.
bots-levels-heading = Tietokone
bots-levels-intro = Tietokoneen omat tasot, aina valmiina pelaamaan, aloittelijasta täydelliseen peliin.
bots-level-play = Pelaa
bots-level-play-label = Pelaa tietokonetta vastaan: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bottia ei löydy
bot-not-found-text = Bottia nimeltä { $name } ei ole pelannut tällä palvelimella eikä se ole nyt yhteydessä.
bot-unrated-note = se yhdistää ilman tunnistetta, joten sen pelit eivät muuta luokitusta.
bot-rating-fixed = kiinteä luokitus: tietokoneen pelit eivät koskaan muuta sitä
bot-record = Luokitellut pelit: { $games } (voitot { $wins }, tasapelit { $draws }, tappiot { $losses })
bot-person = ihminen
bot-status-playing = Yhteydessä nyt, pelaa peliä.
bot-status-waiting = Yhteydessä nyt, odottaa peliä.
bot-status-level = Yksi tietokoneen omista tasoista: aina valmiina pelaamaan.
bot-status-offline = Ei yhteydessä nyt.
bot-games-heading = Pelit
bot-newest-games = Uusimmat pelit
bot-older-games = Vanhemmat pelit

leaderboard-empty-lobby = Pelaa pisteytetty peli aulassa
leaderboard-empty-bots = Pelaa tietokonetta tai bottia vastaan
share-button = Jaa
share-copied = Linkki tämän pelin katsomiseen on kopioitu:
turn-waiting-friend-open = Odotetaan, että ystäväsi avaa linkin; sen jälkeen voit siirtää.
