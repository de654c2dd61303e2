# Kalah web page: every string the page shows, in Slovak (translation of en/ui.ftl).
# Pojmy ako v rules.ftl: jamka (house), pokladnica (store), kameň (seed), Juh/Sever (sides).

## Page frame

app-title = Kalah
skip-to-content = Prejsť na hlavný obsah
nav-new-game = Nová hra
nav-analysis = Analytická doska
nav-rules = Pravidlá
language-label = Jazyk
theme-toggle = Prepnúť medzi svetlým a tmavým motívom
theme-light = Svetlý motív
theme-dark = Tmavý motív
loading = Načítava sa…
footer-text = Kalah, hra o rozsievaní kameňov. Všetko beží na tomto serveri; žiadne údaje ho neopúšťajú.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Niečo sa pokazilo
error-network = Server nie je dostupný. Skontroluj, či beží a či tvoje pripojenie funguje, a skús to znova.
error-server = Server to nemohol vykonať: { $detail }
error-bad-request = Požiadavka bola odmietnutá: { $detail }
error-no-token = Na to potrebuješ odkaz na svoje miesto. Otvor hru z odkazu, ktorý ti poslali.
error-forbidden = To tu urobiť nemôžeš: { $detail }
error-not-found = Toto server nepozná: { $detail }
error-stale = Hra pokročila skôr, ako tvoj ťah dorazil. Doska bola aktualizovaná; vyber prosím znova.
error-try-again = Skúsiť znova
error-dismiss = Zavrieť
not-found-heading = Taká hra neexistuje
not-found-text = Na tomto serveri nie je žiadna hra s identifikátorom „{ $id }“. Možno je zle napísaný alebo je odkaz neúplný.
not-found-page-heading = Stránka sa nenašla
not-found-page-text = Na tejto adrese nič nie je.
back-home = Späť na úvodnú stránku

## Sides and players

side-south = Juh
side-north = Sever
player-you = Ty
player-computer = Počítač
player-computer-level = Počítač ({ $level })
player-friend = Priateľ
player-opponent = Súper
player-waiting = čaká sa na priateľa
player-side-south = Hráč Juh
player-side-north = Hráč Sever

## Home: new game

home-heading = Hraj Kalah
home-intro = Rozkladaj kamene po doske, ber súperove kamene a nazbieraj viac ako polovicu z nich do svojej pokladnice.
home-new-game = Nová hra
opponent-legend = Súper
opponent-computer = Proti počítaču
opponent-computer-hint = Vyber úroveň; počítač odpovie hneď.
opponent-friend = Proti priateľovi
opponent-friend-hint = Dostaneš odkaz na odoslanie; priateľ hrá vo svojom vlastnom prehliadači.
opponent-local = Na tejto obrazovke
opponent-local-hint = Dvaja ľudia sa striedajú na jednom zariadení.
level-label = Úroveň počítača
level-beginner = Začiatočník
level-novice = Nováčik
level-casual = Príležitostný hráč
level-club = Klubový hráč
level-expert = Expert
level-master = Majster
level-perfect = Dokonalá hra
rules-legend = Pravidlá
preset-label = Súbor pravidiel
preset-custom = Vlastné pravidlá
preset-name-standard = Štandardný Kalah (6,4)
preset-name-empty-capture = Kalah s braním naprázdno
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Návod 002
preset-name-sheet-003 = Návod 003
preset-name-sheet-004 = Návod 004
more-options = Všetky možnosti pravidiel
option-houses = Jamiek na strane
option-seeds = Kameňov v jamke
option-capture = Branie
capture-standard = Štandardné: posledný kameň v tvojej prázdnej jamke berie kamene oproti (len ak tam nejaké sú)
capture-empty = Naprázdno: posledný kameň v tvojej prázdnej jamke ide vždy do pokladnice spolu so všetkým, čo je oproti
capture-none = Žiadne: nikdy sa nič neberie
option-end = Hra sa končí
end-either-empty = len čo sú všetky jamky na jednej strane prázdne
end-mover-cannot-move = keď hráč na ťahu nemá žiadne kamene
option-sweep = Kamene, ktoré na konci zostali na doske
sweep-owner = idú do pokladnice strany, na ktorej ležia
sweep-emptier = idú všetky hráčovi, ktorého strana je prázdna
sweep-none = sa nepočítajú nikomu
option-early-end = Skončiť skôr, keď je v pokladnici viac ako polovica všetkých kameňov
option-pie = Pravidlo výmeny: po prvom ťahu smie druhý hráč vymeniť strany
option-both-stores = Rozkladať do oboch pokladníc (aj do súperovej)
read-rules = Prečítať pravidlá tohto súboru
first-legend = Kto začína
first-lot = Žrebom
first-south = Začína Juh
first-north = Začína Sever
side-legend = Tvoja strana
side-choice-random = Náhodne
side-local-note = Na jednej obrazovke sa tu hrajú obe strany; Juh je dole.
start-game = Začať hru
starting-game = Spúšťa sa…

## Home: recent games

recent-heading = Tvoje posledné hry
recent-empty = V tomto prehliadači zatiaľ nie sú žiadne hry. Hry, ktoré začneš alebo ku ktorým sa pripojíš, sa zobrazia tu.
recent-opponent = Súper
recent-date = Začatá
recent-status = Stav
recent-open = Otvoriť
recent-remove = Odstrániť
recent-remove-label = Odstrániť hru { $id } z tohto zoznamu
recent-clear = Vymazať zoznam
status-playing = Prebieha
status-your-turn = Si na ťahu
status-finished = Skončená
status-resigned = Vzdaná
status-unknown = Neznámy
status-won = Výhra { $you }:{ $them }
status-lost = Prehra { $you }:{ $them }
status-drawn = Remíza { $you }:{ $them }

## Invitation and sharing

invite-heading = Pozvať priateľa
invite-text = Pošli tento odkaz priateľovi. Kto ho otvorí, hrá za druhú stranu. Nikomu inému ho nedávaj: umožňuje ťahať.
invite-waiting = Čaká sa, kým priateľ otvorí odkaz…
copy = Kopírovať
copied = Skopírované do schránky.
copy-failed = Kopírovanie sa nepodarilo. Označ text a skopíruj ho ručne.
share-heading = Odkaz pre divákov
share-text = Ktokoľvek s týmto odkazom môže hru sledovať naživo, ale nemôže ťahať.
share-copy = Kopírovať odkaz pre divákov

## Game page

game-heading = Hra { $id }
game-rules-summary = Pravidlá: { $rules }
turn-yours = Si na ťahu
turn-sowing-yours = Rozsievajú sa tvoje kamene…
turn-side = Na ťahu: { $side }
turn-opponent = Na ťahu je súper
turn-thinking = Počítač premýšľa…
turn-waiting-friend = Čaká sa, kým sa priateľ pripojí a potiahne…
pie-offer = Pravidlo výmeny: namiesto ťahu môžeš vymeniť strany a prevziať súperovu pozíciu.
pie-swap = Vymeniť strany
spectator-note = Sleduješ túto hru.
local-note = Obe strany sa hrajú na tejto obrazovke.
store-label = Pokladnica
house-number = Jamka { $house }
house-aria-own = Tvoja jamka { $house }, { $seeds ->
        [one] { $seeds } kameň
        [few] { $seeds } kamene
        [many] { $seeds } kameňa
       *[other] { $seeds } kameňov
    }
house-aria-opponent = Súperova jamka { $house }, { $seeds ->
        [one] { $seeds } kameň
        [few] { $seeds } kamene
        [many] { $seeds } kameňa
       *[other] { $seeds } kameňov
    }
house-aria-side = { $side }, jamka { $house }, { $seeds ->
        [one] { $seeds } kameň
        [few] { $seeds } kamene
        [many] { $seeds } kameňa
       *[other] { $seeds } kameňov
    }
store-aria-own = Tvoja pokladnica, { $seeds ->
        [one] { $seeds } kameň
        [few] { $seeds } kamene
        [many] { $seeds } kameňa
       *[other] { $seeds } kameňov
    }
store-aria-opponent = Súperova pokladnica, { $seeds ->
        [one] { $seeds } kameň
        [few] { $seeds } kamene
        [many] { $seeds } kameňa
       *[other] { $seeds } kameňov
    }
store-aria-side = { $side }, pokladnica, { $seeds ->
        [one] { $seeds } kameň
        [few] { $seeds } kamene
        [many] { $seeds } kameňa
       *[other] { $seeds } kameňov
    }
house-value = hodnota { $value }
board-label = Doska hry Kalah
board-keys-help = Šípkami sa presúvaš medzi jamkami, Enter rozloží kamene z vybranej jamky. Mimo dosky prechádzajú šípky doľava a doprava ťahmi.

## Announcements (also read out by screen readers)

announce-your-turn = Si na ťahu.
announce-game-over = Koniec hry.

## Result

result-heading = Koniec hry
result-you-win = Vyhrávaš { $you }:{ $them }!
result-you-lose = Prehrávaš { $you }:{ $them }.
result-draw = Remíza, { $south }:{ $north }.
result-side-wins = { $side } vyhráva { $winner }:{ $loser }.
result-early-end = Hra sa skončila predčasne: v jednej pokladnici je viac ako polovica všetkých kameňov.
## Moves and history

moves-heading = Ťahy
moves-empty = Zatiaľ žiadne ťahy.
moves-turn = Kolo { $number }
history-first = Východisková pozícia
history-back = Predchádzajúci ťah
history-forward = Ďalší ťah
history-last = Aktuálna pozícia
history-viewing = Pozícia po ťahu { $ply } z { $total }.
history-viewing-start = Východisková pozícia.
history-return = Späť do hry
move-swap = výmena

## Actions

actions-heading = Hra
resign = Vzdať sa
resign-confirm = Naozaj sa chceš vzdať? Hra sa počíta ako prehra.
resign-yes = Áno, vzdať sa
resign-no = Nie, hrať ďalej
rematch = Odveta (strany vymenené)
rematch-open = Otvoriť odvetu
rematch-ready = Odveta sa začala.
hint = Zobraziť hodnoty ťahov
hint-hide = Skryť hodnoty ťahov
hint-loading = Počíta sa…
hint-explain = Hodnota ťahu je konečný rozdiel medzi pokladnicami (kamene hráča na ťahu mínus kamene súpera), ak potom obe strany hrajú čo najlepšie.
hint-best-unchecked = Iné ťahy môžu byť rovnako dobré: nezostal čas skontrolovať každý ťah.
hint-unavailable = Hodnoty ťahov sa zobrazujú v hrách proti počítaču, na jednej obrazovke, v skončených hrách a na analytickej doske.
export-record = Stiahnuť záznam hry
copy-position = Kopírovať pozíciu
analyze-game = Otvoriť na analytickej doske
speed-label = Animácia rozkladania
speed-off = Vypnutá
speed-fast = Rýchla
speed-normal = Normálna
speed-slow = Pomalá

## Live connection

conn-lost = Spojenie sa prerušilo. Nové pripojenie o { $seconds ->
        [one] { $seconds } sekundu
        [few] { $seconds } sekundy
        [many] { $seconds } sekundy
       *[other] { $seconds } sekúnd
    }…
conn-reconnecting = Znova sa pripája…
conn-back = Znova pripojené; doska je aktuálna.
conn-retry-now = Pripojiť hneď

## Analysis board

analysis-heading = Analytická doska
analysis-intro = Importuj záznam hry alebo vlož pozíciu, prejdi ju ťah po ťahu a pozri sa na presnú hodnotu každého ťahu.
analysis-import-heading = Importovať záznam hry
analysis-import-label = Záznam hry
analysis-import-button = Importovať
analysis-import-file = Alebo otvor súbor so záznamom
analysis-position-heading = Nastaviť pozíciu
analysis-position-label = Pozícia
analysis-position-button = Zobraziť
analysis-bad-position = To nie je pozícia. Zapíš ju takto: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Vypočítať hodnoty ťahov
analysis-thinking = Počíta sa…
analysis-pv = Najlepšie pokračovanie: { $line }
analysis-game-over = V tejto pozícii je hra na konci.
analysis-play-hint = Klikni na jamku strany na ťahu a vyskúšaj ťah; zoznam ťahov bude pokračovať odtiaľ.
analysis-reset = Späť k importovanej hre
analysis-empty = Zatiaľ nič nenačítané: zobrazuje sa východisková pozícia štandardných pravidiel.

## Rules page

rules-page-heading = Pravidlá: { $preset }
rules-other-presets = Ďalšie súbory pravidiel
rules-start-position = Východisková pozícia
rules-play-this = Hrať podľa týchto pravidiel
rules-unknown-preset = Súbor pravidiel s názvom „{ $preset }“ neexistuje.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Hrať proti počítaču
play-friend = Hrať s priateľom
custom-game = Vlastná hra
quick-rules = Pravidlá: { $rules }. Iné pravidlá, kto začína a hra na jednej obrazovke: „Vlastná hra“ nižšie.
side-bottom-note = Nech si zvolíš ktorúkoľvek stranu, tvoje jamky sú dolný rad tvojej dosky.
subject-computer = Počítač
subject-friend = Tvoj priateľ
move-you-sow = Rozsievaš jamku { $house }.
move-other-sow = { $name } rozsieva jamku { $house }.
move-you-capture = Berieš kamene oproti svojej jamke { $house } (+{ $seeds } do tvojej pokladnice).
move-other-capture = { $name } berie kamene oproti jamke { $house } (+{ $seeds }).
move-other-capture-yours = { $name } berie kamene z tvojej jamky { $house } (+{ $seeds }).
move-you-again = Tvoj posledný kameň skončil v tvojej pokladnici: ťaháš znova.
move-other-again = Posledný kameň skončil v pokladnici: { $name } ťahá znova.
move-sweep = Koniec hry: kamene, ktoré zostali na doske, idú do pokladníc ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Meníš strany (koláčové pravidlo).
move-other-swap = { $name } mení strany (koláčové pravidlo).
result-you-resigned = Vzdal(a) si sa.
result-other-resigned = { $name } sa vzdáva.
replay-last = Prehrať posledný ťah znova
score-label = Skóre
legend-from = rozsiate z
legend-last = posledný kameň
legend-capture = branie
legend-sweep = zozbierané na konci
sound-toggle = Zvuky ťahov
share-export-heading = Zdieľať / exportovať
coach-text = Tvoje jamky sú dolný rad. Klikni na jednu: jej kamene sa rozsejú po jednom proti smeru hodinových ručičiek do ďalších jamiek a do tvojej pokladnice vpravo.
coach-dismiss = Rozumiem
hint-you-ahead = Najlepší: jamka { $moves }. Pri najlepšej hre odtiaľto skončíš { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } vpredu.
hint-you-behind = Najlepší: jamka { $moves }. Pri najlepšej hre odtiaľto skončíš { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } pozadu.
hint-you-level = Najlepší: jamka { $moves }. Pri najlepšej hre odtiaľto hra skončí { $exact ->
        [yes] remízou
       *[no] zhruba vyrovnane
    }.
hint-other-ahead = Najlepší pre hráča { $name }: jamka { $moves }. Pri najlepšej hre odtiaľto { $name } skončí { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } vpredu.
hint-other-behind = Najlepší pre hráča { $name }: jamka { $moves }. Pri najlepšej hre odtiaľto { $name } skončí { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } pozadu.
hint-other-level = Najlepší pre hráča { $name }: jamka { $moves }. Pri najlepšej hre odtiaľto hra skončí { $exact ->
        [yes] remízou
       *[no] zhruba vyrovnane
    }.

## Bots (the page /bots)

home-bots-link = Boti: hrajte proti programom alebo sledujte ich hry
player-bot = Bot { $name }
bots-heading = Boti
bots-intro = Programy, ktoré hrajú Kalah, sa k tomuto serveru pripájajú cez Kalah Game Protocol. Vyzvite čakajúceho bota alebo sledujte partiu.
bots-online-heading = Boti online
bots-none = Práve nie je pripojený žiadny bot. Zoznam sa obnovuje sám.
bots-waiting = čaká na partiu
bots-playing = hrá
bots-unrated = bez hodnotenia
bots-provisional = predbežné hodnotenie: odohraných málo partií
bots-challenge = Vyzvať
bots-challenge-label = Vyzvať: { $name }
bots-watch = Sledovať
bots-watch-label = Sledovať partiu: { $name }
bots-busy = { $name } práve hrá partiu. Sledujte ju alebo bota vyzvite znova, keď bude čakať.
bots-gone = { $name } už nie je pripojený.
bots-leaderboard-heading = Rebríček
bots-leaderboard-empty = Zatiaľ sa neodohrala žiadna hodnotená partia. Boti, ktorí sa pripoja s tokenom, sú hodnotení po každej partii.
bots-col-rank = Poradie
bots-col-name = Bot
bots-col-rating = Hodnotenie
bots-col-games = Partie
bots-col-wdl = Výhry / remízy / prehry
bots-board-label = Doska pre výzvu
bots-board-option = Jamky: { $houses }, kamene v každej: { $seeds }
bots-back = Späť na botov

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Tvoje meno
account-signed-in = Prihlásený ako { $name }.
account-guest = Hráš ako { $name } (hosť).
account-anonymous = Hráš bez mena. Prihlás sa alebo si založ účet, aby si si meno a partie uchoval.
account-sign-in = Prihlásiť sa
account-sign-up = Založiť účet
account-log-out = Odhlásiť sa
account-name = Používateľské meno
account-password = Heslo
account-name-hint = 3 až 20 písmen A–Z, číslic, _ alebo -
account-password-hint = 8 až 256 znakov
account-bad-login = Používateľské meno alebo heslo je nesprávne.
account-name-taken = Toto používateľské meno je obsadené; zvoľ iné.
account-rate-limited = Príliš veľa pokusov z tvojej adresy; skús to znova o pár minút.

## Clocks of timed games
clock-label = Hodiny: { $name }
clock-low = málo času
clock-low-say = Dochádza ti čas.
clock-first-move = { $side } musí urobiť prvý ťah do { $seconds } s, inak sa partia zruší.
time-control-label = Hodiny
time-control-none = Bez hodín
result-aborted = Partia zrušená: prvý ťah neprišiel včas. Bez výsledku.
result-on-time-you = Došiel ti čas.
result-on-time-opponent = Súperovi došiel čas.
result-on-time-side = { $side }: došiel čas.
result-abandoned-you = Opustil si partiu.
result-abandoned-opponent = Súper opustil partiu.
result-abandoned-side = { $side } opustil partiu.
status-aborted = Zrušená

## Player pages and the leaderboard of people
home-leaderboard-link = Rebríček hráčov
leaderboard-heading = Rebríček
leaderboard-intro = Najlepšie hodnotení hráči každej skupiny (pravidlá a tempo). Hráč sa objaví, keď sa jeho hodnotenie po dostatku hodnotených hier ustáli.
leaderboard-pool-label = Skupina
leaderboard-empty = V tejto skupine zatiaľ nikto nie je: hráči sa objavia, keď dosť hodnotených hier ustáli ich hodnotenie.
leaderboard-col-player = Hráč
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 semienok
pool-family-other = Iné pravidlá
pool-category-bullet = Bullet
pool-category-blitz = Blesková
pool-category-rapid = Rapid
pool-category-classical = Klasická
pool-category-correspondence = Korešpondenčná
rating-chart-summary = Hodnotenie od { $first } do { $last } (zobrazené hodnotené hry: { $count })
rating-history-table = Hodnotenie po každej hre
rating-col-date = Dátum
rating-col-change = Zmena
rating-games = Hry: { $count }
game-result-win = Výhra
game-result-loss = Prehra
game-result-draw = Remíza
game-result-playing = Prebieha
game-against = proti
game-rated = hodnotená
player-not-found-heading = Hráč sa nenašiel
player-not-found-text = Žiadny účet s menom { $name } neexistuje. Hostia nemajú stránku a zmazané účty zmizli.
player-since = Hrá od { $date }
player-ratings-heading = Hodnotenia
player-no-ratings = Zatiaľ žiadne hodnotené hry.
player-puzzles-heading = Úlohy
player-puzzles-solved = Vyriešené: { $solved } z { $tried }
player-games-heading = Posledné hry
player-no-games = Zatiaľ žiadne hry.
result-rating-change = { $name }: hodnotenie { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Sledovať
watch-heading = Sledovať partie
watch-intro = Partie, ktoré sa práve hrajú, najlepšie hodnotené navrchu. Otvorte niektorú a sledujte ju naživo.
watch-list-heading = Prebiehajúce partie
watch-empty = Práve sa nehrá žiadna partia. Tento zoznam sa aktualizuje sám.
watch-count = Prebiehajúce partie: { $count } (zobrazené: { $shown })
watch-rated = hodnotená
watch-casual = priateľská
watch-bots = boty
watch-score = Skóre: Juh { $south }, Sever { $north }
watch-ply = Ťahy: { $ply }
watch-to-move = Na ťahu: { $side }
watch-reconnecting = Spojenie sa stratilo; pripájam znova. Medzitým sa zoznam obnovuje každých niekoľko sekúnd.
claim-button = Nárokovať partiu
claim-opponent-left = Váš súper opustil partiu.
claim-wait = Váš súper odišiel. Ak sa nevráti do { $seconds } s, môžete partiu nárokovať.
claim-ready = Váš súper je preč príliš dlho: môžete partiu nárokovať (výhra, alebo remíza, ak už nemôžete vyhrať).
claim-refused-back = Váš súper je späť, partia pokračuje.
claim-refused-early = Príliš skoro: partiu môžete nárokovať o { $seconds } s, ak sa súper nevráti.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Hrať online
online-intro = Hrajte s človekom na čas: rýchle párovanie nájde súpera blízko vášho hodnotenia, alebo prijmite ponuku z čakárne.
online-you = V čakárni ako { $name }.
online-rated = Hodnotená partia
online-guest-note = Ako hosť hráte priateľské partie. Zaregistrujte sa a hrajte hodnotené partie.
online-quick-heading = Rýchle párovanie
online-quick-button = Hrať { $rules }, { $clock }, online
online-waiting = Hľadám súpera: { $rules }, { $clock }…
online-cancel = Zrušiť
online-enter = Vstúpiť do čakárne
online-enter-note = Čakáreň ukazuje hráčov, ktorí čakajú na súpera.
online-disconnected = Spojenie s čakárňou sa prerušilo; skúšam znova…
online-seeks-heading = Otvorené ponuky
online-seeks-empty = Teraz tu nie sú žiadne otvorené ponuky. Vytvorte jednu, alebo použite rýchle párovanie.
online-col-player = Hráč
online-col-mode = Partia
online-col-action = Akcia
online-rules-label = Pravidlá
online-mode-rated = Hodnotená
online-casual = Priateľská
online-accept = Prijať
online-accept-label = Prijať ponuku hráča { $name }: { $rules }, { $clock }
online-your-seek = Vaša ponuka
online-cancel-seek = Stiahnuť ponuku
online-create-heading = Vytvoriť ponuku
online-create = Vytvoriť ponuku
online-game-found = Nájdená partia proti hráčovi { $name }.
challenge-heading = Vyzvať hráča { $name }
challenge-button = Vyzvať
challenge-send = Poslať výzvu
challenge-sent = Výzva odoslaná; čakám na odpoveď hráča { $name }…
challenge-declined = { $name } vašu výzvu odmietol/odmietla.
challenge-expired = Vaša výzva vypršala bez odpovede.
challenge-cancelled = Výzva bola stiahnutá.
challenge-crowded-out = { $name } má príliš veľa čakajúcich výziev a výzva od hráča, ktorého pozná, zaujala miesto vašej. Skúste to neskôr.
challenge-incoming = { $name }{ $rating } vás vyzýva: { $rules }, { $clock }, { $mode }.
challenge-accept = Prijať
challenge-decline = Odmietnuť
challenge-notices = Výzvy
lobby-error-account = Hodnotené partie sa hrajú medzi účtami: zaregistrujte sa alebo sa prihláste, alebo zvoľte priateľskú partiu.
lobby-error-offline = Tento hráč teraz nemá stránku otvorenú; výzva dorazí len k hráčom, ktorí sú online.
lobby-error-gone = Táto ponuka alebo výzva už nie je otvorená.
lobby-error-too-many = Máte toľko otvorených ponúk alebo výziev, koľko je povolené; najprv jednu stiahnite.
lobby-error = Čakáreň odmietla: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Herňa
nav-leaderboard = Rebríček
nav-bots = Boti
nav-menu = Ponuka
menu-my-page = Moja stránka
menu-player-label = { $name }: moja stránka, odhlásiť sa
result-lost-on-time = Prehral si na čas.
result-you-win-plain = Vyhrávaš.
result-you-lose-plain = Prehrávaš.
result-draw-plain = Remíza.
result-side-wins-plain = Vyhráva { $side }.
result-stores = Kamene v pokladniciach: { $score }
hint-estimate-you = Odhad, nedokázaný: jamka { $moves } vyzerá najsilnejšie, { $outcome ->
        [ahead] asi o { $n } vpredu pre teba
        [behind] asi o { $n } vzadu pre teba
       *[level] zhruba vyrovnane
    }.
hint-estimate-other = Odhad, nedokázaný: pre { $name } vyzerá najsilnejšie jamka { $moves }, { $outcome ->
        [ahead] asi o { $n } vpredu
        [behind] asi o { $n } vzadu
       *[level] zhruba vyrovnane
    }.
bots-levels-heading = Počítač
bots-levels-intro = Vlastné úrovne počítača, vždy pripravené hrať, od začiatočníka po dokonalú hru.
bots-level-play = Hrať
bots-level-play-label = Hrať proti počítaču: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bot sa nenašiel
bot-not-found-text = Žiadny bot s menom { $name } na tomto serveri nehral ani nie je práve pripojený.
bot-unrated-note = pripája sa bez tokenu, takže jeho partie nemenia žiadne hodnotenie.
bot-rating-fixed = pevné hodnotenie: partie počítača ho nikdy nezmenia
bot-record = Hodnotené partie: { $games } (výhry { $wins }, remízy { $draws }, prehry { $losses })
bot-person = človek
bot-status-playing = Práve pripojený, hrá partiu.
bot-status-waiting = Práve pripojený, čaká na partiu.
bot-status-level = Jedna z vlastných úrovní počítača: vždy pripravená hrať.
bot-status-offline = Práve nepripojený.
bot-games-heading = Partie
bot-newest-games = Najnovšie partie
bot-older-games = Staršie partie

leaderboard-empty-lobby = Zahrať hodnotenú partiu v herni
leaderboard-empty-bots = Zahrať proti počítaču alebo botovi
share-button = Zdieľať
share-copied = Odkaz na sledovanie tejto partie je skopírovaný:
turn-waiting-friend-open = Čaká sa, kým tvoj priateľ otvorí odkaz; potom môžeš ťahať.
