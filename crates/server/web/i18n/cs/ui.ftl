# Kalah web page: every string the page shows, in Czech (translation of en/ui.ftl).
# Pojmy jako v rules.ftl: jamka (house), pokladnice (store), kámen (seed), Jih/Sever (sides).

## Page frame

app-title = Kalah
skip-to-content = Přejít na hlavní obsah
nav-new-game = Nová hra
nav-analysis = Analytická deska
nav-rules = Pravidla
language-label = Jazyk
theme-toggle = Přepnout mezi světlým a tmavým motivem
theme-light = Světlý motiv
theme-dark = Tmavý motiv
loading = Načítání…
footer-text = Kalah, hra o rozsévání kamenů. Vše běží na tomto serveru; žádná data ho neopouštějí.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Něco se pokazilo
error-network = Server není dostupný. Zkontroluj, že běží a že tvoje připojení funguje, a zkus to znovu.
error-server = Server to nemohl provést: { $detail }
error-bad-request = Požadavek byl odmítnut: { $detail }
error-no-token = K tomu potřebuješ odkaz na své místo. Otevři hru z odkazu, který ti byl poslán.
error-forbidden = To tady udělat nemůžeš: { $detail }
error-not-found = Tohle server nezná: { $detail }
error-stale = Hra pokročila dřív, než tvůj tah dorazil. Deska byla aktualizována; vyber prosím znovu.
error-try-again = Zkusit znovu
error-dismiss = Zavřít
not-found-heading = Taková hra neexistuje
not-found-text = Na tomto serveru není žádná hra s identifikátorem „{ $id }“. Možná je špatně napsaný nebo je odkaz neúplný.
not-found-page-heading = Stránka nenalezena
not-found-page-text = Na této adrese nic není.
back-home = Zpět na úvodní stránku

## Sides and players

side-south = Jih
side-north = Sever
player-you = Ty
player-computer = Počítač
player-computer-level = Počítač ({ $level })
player-friend = Přítel
player-opponent = Soupeř
player-waiting = čeká se na přítele
player-side-south = Hráč Jih
player-side-north = Hráč Sever

## Home: new game

home-heading = Hraj Kalah
home-intro = Rozkládej kameny po desce, ber soupeřovy kameny a nasbírej víc než polovinu z nich do své pokladnice.
home-new-game = Nová hra
opponent-legend = Soupeř
opponent-computer = Proti počítači
opponent-computer-hint = Vyber úroveň; počítač odpoví hned.
opponent-friend = Proti příteli
opponent-friend-hint = Dostaneš odkaz k odeslání; přítel hraje ve svém vlastním prohlížeči.
opponent-local = Na této obrazovce
opponent-local-hint = Dva lidé se střídají na jednom zařízení.
level-label = Úroveň počítače
level-beginner = Začátečník
level-novice = Nováček
level-casual = Příležitostný hráč
level-club = Klubový hráč
level-expert = Expert
level-master = Mistr
level-perfect = Dokonalá hra
rules-legend = Pravidla
preset-label = Sada pravidel
preset-custom = Vlastní pravidla
preset-name-standard = Standardní Kalah (6,4)
preset-name-empty-capture = Kalah s braním naprázdno
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Návod 002
preset-name-sheet-003 = Návod 003
preset-name-sheet-004 = Návod 004
more-options = Všechny možnosti pravidel
option-houses = Jamek na straně
option-seeds = Kamenů v jamce
option-capture = Braní
capture-standard = Standardní: poslední kámen ve tvé prázdné jamce bere kameny naproti (jen pokud tam nějaké jsou)
capture-empty = Naprázdno: poslední kámen ve tvé prázdné jamce jde vždy do pokladnice spolu se vším, co je naproti
capture-none = Žádné: nikdy se nic nebere
option-end = Hra končí
end-either-empty = jakmile jsou všechny jamky na jedné straně prázdné
end-mover-cannot-move = když hráč na tahu nemá žádné kameny
option-sweep = Kameny, které na konci zůstaly na desce
sweep-owner = jdou do pokladnice strany, na které leží
sweep-emptier = jdou všechny hráči, jehož strana je prázdná
sweep-none = se nepočítají nikomu
option-early-end = Skončit dřív, když je v pokladnici víc než polovina všech kamenů
option-pie = Pravidlo výměny: po prvním tahu smí druhý hráč vyměnit strany
option-both-stores = Rozkládat do obou pokladnic (i do soupeřovy)
read-rules = Přečíst pravidla této sady
first-legend = Kdo začíná
first-lot = Losem
first-south = Začíná Jih
first-north = Začíná Sever
side-legend = Tvoje strana
side-choice-random = Náhodně
side-local-note = Na jedné obrazovce se tady hrají obě strany; Jih je dole.
start-game = Začít hru
starting-game = Spouští se…

## Home: recent games

recent-heading = Tvoje poslední hry
recent-empty = V tomto prohlížeči zatím nejsou žádné hry. Hry, které začneš nebo ke kterým se připojíš, se objeví tady.
recent-opponent = Soupeř
recent-date = Zahájena
recent-status = Stav
recent-open = Otevřít
recent-remove = Odebrat
recent-remove-label = Odebrat hru { $id } z tohoto seznamu
recent-clear = Vymazat seznam
status-playing = Probíhá
status-your-turn = Jsi na tahu
status-finished = Skončená
status-resigned = Vzdaná
status-unknown = Neznámý
status-won = Výhra { $you }:{ $them }
status-lost = Prohra { $you }:{ $them }
status-drawn = Remíza { $you }:{ $them }

## Invitation and sharing

invite-heading = Pozvat přítele
invite-text = Pošli tento odkaz příteli. Kdo ho otevře, hraje za druhou stranu. Nikomu jinému ho nedávej: umožňuje táhnout.
invite-waiting = Čeká se, až přítel otevře odkaz…
copy = Kopírovat
copied = Zkopírováno do schránky.
copy-failed = Kopírování se nezdařilo. Označ text a zkopíruj ho ručně.
share-heading = Odkaz pro diváky
share-text = Kdokoli s tímto odkazem může hru sledovat živě, ale nemůže táhnout.
share-copy = Kopírovat odkaz pro diváky

## Game page

game-heading = Hra { $id }
game-rules-summary = Pravidla: { $rules }
turn-yours = Jsi na tahu
turn-sowing-yours = Rozsévají se tvé kameny…
turn-side = Na tahu: { $side }
turn-opponent = Na tahu je soupeř
turn-thinking = Počítač přemýšlí…
turn-waiting-friend = Čeká se, až se přítel připojí a táhne…
pie-offer = Pravidlo výměny: místo tahu můžeš vyměnit strany a převzít soupeřovu pozici.
pie-swap = Vyměnit strany
spectator-note = Sleduješ tuto hru.
local-note = Obě strany se hrají na této obrazovce.
store-label = Pokladnice
house-number = Jamka { $house }
house-aria-own = Tvoje jamka { $house }, { $seeds ->
        [one] { $seeds } kámen
        [few] { $seeds } kameny
        [many] { $seeds } kamene
       *[other] { $seeds } kamenů
    }
house-aria-opponent = Soupeřova jamka { $house }, { $seeds ->
        [one] { $seeds } kámen
        [few] { $seeds } kameny
        [many] { $seeds } kamene
       *[other] { $seeds } kamenů
    }
house-aria-side = { $side }, jamka { $house }, { $seeds ->
        [one] { $seeds } kámen
        [few] { $seeds } kameny
        [many] { $seeds } kamene
       *[other] { $seeds } kamenů
    }
store-aria-own = Tvoje pokladnice, { $seeds ->
        [one] { $seeds } kámen
        [few] { $seeds } kameny
        [many] { $seeds } kamene
       *[other] { $seeds } kamenů
    }
store-aria-opponent = Soupeřova pokladnice, { $seeds ->
        [one] { $seeds } kámen
        [few] { $seeds } kameny
        [many] { $seeds } kamene
       *[other] { $seeds } kamenů
    }
store-aria-side = { $side }, pokladnice, { $seeds ->
        [one] { $seeds } kámen
        [few] { $seeds } kameny
        [many] { $seeds } kamene
       *[other] { $seeds } kamenů
    }
house-value = hodnota { $value }
board-label = Deska hry Kalah
board-keys-help = Šipkami se přesouváš mezi jamkami, Enter rozloží kameny z vybrané jamky. Mimo desku procházejí šipky vlevo a vpravo tahy.

## Announcements (also read out by screen readers)

announce-your-turn = Jsi na tahu.
announce-game-over = Konec hry.

## Result

result-heading = Konec hry
result-you-win = Vyhráváš { $you }:{ $them }!
result-you-lose = Prohráváš { $you }:{ $them }.
result-draw = Remíza, { $south }:{ $north }.
result-side-wins = { $side } vyhrává { $winner }:{ $loser }.
result-early-end = Hra skončila předčasně: v jedné pokladnici je víc než polovina všech kamenů.
## Moves and history

moves-heading = Tahy
moves-empty = Zatím žádné tahy.
moves-turn = Kolo { $number }
history-first = Výchozí pozice
history-back = Předchozí tah
history-forward = Další tah
history-last = Aktuální pozice
history-viewing = Pozice po tahu { $ply } z { $total }.
history-viewing-start = Výchozí pozice.
history-return = Zpět do hry
move-swap = výměna

## Actions

actions-heading = Hra
resign = Vzdát se
resign-confirm = Opravdu se chceš vzdát? Hra se počítá jako prohra.
resign-yes = Ano, vzdát se
resign-no = Ne, hrát dál
rematch = Odveta (strany vyměněny)
rematch-open = Otevřít odvetu
rematch-ready = Odveta začala.
hint = Zobrazit hodnoty tahů
hint-hide = Skrýt hodnoty tahů
hint-loading = Počítá se…
hint-explain = Hodnota tahu je konečný rozdíl mezi pokladnicemi (kameny hráče na tahu minus kameny soupeře), pokud potom obě strany hrají co nejlépe.
hint-best-unchecked = Jiné tahy mohou být stejně dobré: nezbyl čas zkontrolovat každý tah.
hint-unavailable = Hodnoty tahů se zobrazují ve hrách proti počítači, na jedné obrazovce, ve skončených hrách a na analytické desce.
export-record = Stáhnout záznam hry
copy-position = Kopírovat pozici
analyze-game = Otevřít na analytické desce
speed-label = Animace rozkládání
speed-off = Vypnuto
speed-fast = Rychlá
speed-normal = Normální
speed-slow = Pomalá

## Live connection

conn-lost = Spojení bylo přerušeno. Nové připojení za { $seconds ->
        [one] { $seconds } sekundu
        [few] { $seconds } sekundy
        [many] { $seconds } sekundy
       *[other] { $seconds } sekund
    }…
conn-reconnecting = Znovu se připojuje…
conn-back = Znovu připojeno; deska je aktuální.
conn-retry-now = Připojit hned

## Analysis board

analysis-heading = Analytická deska
analysis-intro = Importuj záznam hry nebo vlož pozici, projdi ji tah po tahu a podívej se na přesnou hodnotu každého tahu.
analysis-import-heading = Importovat záznam hry
analysis-import-label = Záznam hry
analysis-import-button = Importovat
analysis-import-file = Nebo otevři soubor se záznamem
analysis-position-heading = Nastavit pozici
analysis-position-label = Pozice
analysis-position-button = Zobrazit
analysis-bad-position = To není pozice. Zapiš ji takto: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Spočítat hodnoty tahů
analysis-thinking = Počítá se…
analysis-pv = Nejlepší pokračování: { $line }
analysis-game-over = V této pozici je hra u konce.
analysis-play-hint = Klikni na jamku strany na tahu a vyzkoušej tah; seznam tahů bude pokračovat odtud.
analysis-reset = Zpět k importované hře
analysis-empty = Zatím nic nenačteno: zobrazuje se výchozí pozice standardních pravidel.

## Rules page

rules-page-heading = Pravidla: { $preset }
rules-other-presets = Další sady pravidel
rules-start-position = Výchozí pozice
rules-play-this = Hrát podle těchto pravidel
rules-unknown-preset = Sada pravidel s názvem „{ $preset }“ neexistuje.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Hrát proti počítači
play-friend = Hrát s přítelem
custom-game = Vlastní hra
quick-rules = Pravidla: { $rules }. Jiná pravidla, kdo začíná a hra na jedné obrazovce: „Vlastní hra“ níže.
side-bottom-note = Ať zvolíš kteroukoli stranu, tvé jamky jsou dolní řada tvé desky.
subject-computer = Počítač
subject-friend = Tvůj přítel
move-you-sow = Rozséváš jamku { $house }.
move-other-sow = { $name } rozsévá jamku { $house }.
move-you-capture = Bereš kameny naproti své jamce { $house } (+{ $seeds } do tvé pokladnice).
move-other-capture = { $name } bere kameny naproti jamce { $house } (+{ $seeds }).
move-other-capture-yours = { $name } bere kameny z tvé jamky { $house } (+{ $seeds }).
move-you-again = Tvůj poslední kámen skončil v tvé pokladnici: táhneš znovu.
move-other-again = Poslední kámen skončil v pokladnici: { $name } táhne znovu.
move-sweep = Konec hry: kameny zbylé na desce jdou do pokladnic ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Měníš strany (koláčové pravidlo).
move-other-swap = { $name } mění strany (koláčové pravidlo).
result-you-resigned = Vzdal(a) ses.
result-other-resigned = { $name } se vzdává.
replay-last = Přehrát poslední tah znovu
score-label = Skóre
legend-from = rozseto z
legend-last = poslední kámen
legend-capture = braní
legend-sweep = sebráno na konci
sound-toggle = Zvuky tahů
share-export-heading = Sdílet / exportovat
coach-text = Tvé jamky jsou dolní řada. Klikni na jednu: její kameny se rozsejí po jednom proti směru hodinových ručiček do dalších jamek a do tvé pokladnice vpravo.
coach-dismiss = Rozumím
hint-you-ahead = Nejlepší: jamka { $moves }. Při nejlepší hře odsud skončíš { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } vpředu.
hint-you-behind = Nejlepší: jamka { $moves }. Při nejlepší hře odsud skončíš { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } pozadu.
hint-you-level = Nejlepší: jamka { $moves }. Při nejlepší hře odsud hra skončí { $exact ->
        [yes] remízou
       *[no] zhruba vyrovnaně
    }.
hint-other-ahead = Nejlepší pro hráče { $name }: jamka { $moves }. Při nejlepší hře odsud { $name } skončí { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } vpředu.
hint-other-behind = Nejlepší pro hráče { $name }: jamka { $moves }. Při nejlepší hře odsud { $name } skončí { $exact ->
        [yes] { $n }
       *[no] asi { $n }
    } pozadu.
hint-other-level = Nejlepší pro hráče { $name }: jamka { $moves }. Při nejlepší hře odsud hra skončí { $exact ->
        [yes] remízou
       *[no] zhruba vyrovnaně
    }.

## Bots (the page /bots)

home-bots-link = Boti: hrajte proti programům nebo sledujte jejich hry
player-bot = Bot { $name }
bots-heading = Boti
bots-intro = Programy, které hrají Kalah, se k tomuto serveru připojují přes Kalah Game Protocol. Vyzvěte čekajícího bota, nebo sledujte partii.
bots-online-heading = Boti online
bots-none = Právě není připojen žádný bot. Seznam se obnovuje sám.
bots-waiting = čeká na partii
bots-playing = hraje
bots-unrated = bez hodnocení
bots-provisional = předběžné hodnocení: odehráno málo partií
bots-challenge = Vyzvat
bots-challenge-label = Vyzvat: { $name }
bots-watch = Sledovat
bots-watch-label = Sledovat partii: { $name }
bots-busy = { $name } právě hraje partii. Sledujte ji, nebo bota vyzvěte znovu, až bude čekat.
bots-gone = { $name } už není připojen.
bots-leaderboard-heading = Žebříček
bots-leaderboard-empty = Zatím nebyla odehrána žádná hodnocená partie. Boti, kteří se připojí s tokenem, jsou hodnoceni po každé partii.
bots-col-rank = Pořadí
bots-col-name = Bot
bots-col-rating = Hodnocení
bots-col-games = Partie
bots-col-wdl = Výhry / remízy / prohry
bots-board-label = Deska pro výzvu
bots-board-option = Jamky: { $houses }, kameny v každé: { $seeds }
bots-back = Zpět na boty

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Tvoje jméno
account-signed-in = Přihlášen jako { $name }.
account-guest = Hraješ jako { $name } (host).
account-anonymous = Hraješ bez jména. Přihlas se, nebo si založ účet, abys měl jméno a partie uložené.
account-sign-in = Přihlásit se
account-sign-up = Založit účet
account-log-out = Odhlásit se
account-name = Uživatelské jméno
account-password = Heslo
account-name-hint = 3 až 20 písmen A–Z, číslic, _ nebo -
account-password-hint = 8 až 256 znaků
account-bad-login = Uživatelské jméno nebo heslo je špatně.
account-name-taken = Toto uživatelské jméno je obsazené; zvol jiné.
account-rate-limited = Příliš mnoho pokusů z tvé adresy; zkus to znovu za pár minut.

## Clocks of timed games
clock-label = Hodiny: { $name }
clock-low = málo času
clock-low-say = Dochází ti čas.
clock-first-move = { $side } musí provést první tah do { $seconds } s, jinak se partie zruší.
time-control-label = Hodiny
time-control-none = Bez hodin
result-aborted = Partie zrušena: první tah nepřišel včas. Bez výsledku.
result-on-time-you = Došel ti čas.
result-on-time-opponent = Soupeři došel čas.
result-on-time-side = { $side }: došel čas.
result-abandoned-you = Opustil jsi partii.
result-abandoned-opponent = Soupeř opustil partii.
result-abandoned-side = { $side } opustil partii.
status-aborted = Zrušena

## Player pages and the leaderboard of people
home-leaderboard-link = Žebříček hráčů
leaderboard-heading = Žebříček
leaderboard-intro = Nejlépe hodnocení hráči každé skupiny (pravidla a tempo). Hráč se objeví, jakmile se jeho hodnocení po dostatku hodnocených her ustálí.
leaderboard-pool-label = Skupina
leaderboard-empty = V této skupině zatím nikdo není: hráči se objeví, jakmile dost hodnocených her ustálí jejich hodnocení.
leaderboard-col-player = Hráč
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 semínek
pool-family-other = Jiná pravidla
pool-category-bullet = Bullet
pool-category-blitz = Blesková
pool-category-rapid = Rapid
pool-category-classical = Klasická
pool-category-correspondence = Korespondenční
rating-chart-summary = Hodnocení od { $first } do { $last } (zobrazené hodnocené hry: { $count })
rating-history-table = Hodnocení po každé hře
rating-col-date = Datum
rating-col-change = Změna
rating-games = Hry: { $count }
game-result-win = Výhra
game-result-loss = Prohra
game-result-draw = Remíza
game-result-playing = Probíhá
game-against = proti
game-rated = hodnocená
player-not-found-heading = Hráč nenalezen
player-not-found-text = Žádný účet se jménem { $name } neexistuje. Hosté nemají stránku a smazané účty zmizely.
player-since = Hraje od { $date }
player-ratings-heading = Hodnocení
player-no-ratings = Zatím žádné hodnocené hry.
player-puzzles-heading = Úlohy
player-puzzles-solved = Vyřešeno: { $solved } z { $tried }
player-games-heading = Poslední hry
player-no-games = Zatím žádné hry.
result-rating-change = { $name }: hodnocení { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Sledovat
watch-heading = Sledovat partie
watch-intro = Partie, které se právě hrají, nejlépe hodnocené nahoře. Otevřete některou a sledujte ji živě.
watch-list-heading = Probíhající partie
watch-empty = Právě se nehraje žádná partie. Tento seznam se aktualizuje sám.
watch-count = Probíhající partie: { $count } (zobrazeno: { $shown })
watch-rated = hodnocená
watch-casual = přátelská
watch-bots = boti
watch-score = Skóre: Jih { $south }, Sever { $north }
watch-ply = Tahy: { $ply }
watch-to-move = Na tahu: { $side }
watch-reconnecting = Spojení ztraceno; připojuji znovu. Mezitím se seznam obnovuje každých několik sekund.
claim-button = Nárokovat partii
claim-opponent-left = Váš soupeř opustil partii.
claim-wait = Váš soupeř odešel. Pokud se nevrátí do { $seconds } s, můžete partii nárokovat.
claim-ready = Váš soupeř je pryč příliš dlouho: můžete partii nárokovat (výhra, nebo remíza, pokud už nemůžete vyhrát).
claim-refused-back = Váš soupeř je zpět, partie pokračuje.
claim-refused-early = Příliš brzy: partii můžete nárokovat za { $seconds } s, pokud se soupeř nevrátí.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Hrát online
online-intro = Hrajte s člověkem na čas: rychlé párování najde soupeře blízko vašeho hodnocení, nebo přijměte nabídku z čekárny.
online-you = V čekárně jako { $name }.
online-rated = Hodnocená partie
online-guest-note = Jako host hrajete přátelské partie. Zaregistrujte se a hrajte hodnocené partie.
online-quick-heading = Rychlé párování
online-quick-button = Hrát { $rules }, { $clock }, online
online-waiting = Hledám soupeře: { $rules }, { $clock }…
online-cancel = Zrušit
online-enter = Vstoupit do čekárny
online-enter-note = Čekárna ukazuje hráče, kteří čekají na soupeře.
online-disconnected = Spojení s čekárnou se přerušilo; zkouším znovu…
online-seeks-heading = Otevřené nabídky
online-seeks-empty = Teď tu nejsou žádné otevřené nabídky. Vytvořte jednu, nebo použijte rychlé párování.
online-col-player = Hráč
online-col-mode = Partie
online-col-action = Akce
online-rules-label = Pravidla
online-mode-rated = Hodnocená
online-casual = Přátelská
online-accept = Přijmout
online-accept-label = Přijmout nabídku hráče { $name }: { $rules }, { $clock }
online-your-seek = Vaše nabídka
online-cancel-seek = Stáhnout nabídku
online-create-heading = Vytvořit nabídku
online-create = Vytvořit nabídku
online-game-found = Nalezena partie proti hráči { $name }.
challenge-heading = Vyzvat hráče { $name }
challenge-button = Vyzvat
challenge-send = Poslat výzvu
challenge-sent = Výzva odeslána; čekám na odpověď hráče { $name }…
challenge-declined = { $name } vaši výzvu odmítl(a).
challenge-expired = Vaše výzva vypršela bez odpovědi.
challenge-cancelled = Výzva byla stažena.
challenge-crowded-out = { $name } má příliš mnoho čekajících výzev a výzva od hráče, kterého zná, zaujala místo té vaší. Zkuste to později.
challenge-incoming = { $name }{ $rating } vás vyzývá: { $rules }, { $clock }, { $mode }.
challenge-accept = Přijmout
challenge-decline = Odmítnout
challenge-notices = Výzvy
lobby-error-account = Hodnocené partie se hrají mezi účty: zaregistrujte se nebo se přihlaste, nebo zvolte přátelskou partii.
lobby-error-offline = Tento hráč teď nemá stránku otevřenou; výzva dorazí jen hráčům, kteří jsou online.
lobby-error-gone = Tato nabídka nebo výzva už není otevřená.
lobby-error-too-many = Máte tolik otevřených nabídek nebo výzev, kolik je povoleno; nejprve jednu stáhněte.
lobby-error = Čekárna odmítla: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Herna
nav-leaderboard = Žebříček
nav-bots = Boti
nav-menu = Nabídka
menu-my-page = Moje stránka
menu-player-label = { $name }: moje stránka, odhlásit se
result-lost-on-time = Prohrál jsi na čas.
result-you-win-plain = Vyhráváš.
result-you-lose-plain = Prohráváš.
result-draw-plain = Remíza.
result-side-wins-plain = Vyhrává { $side }.
result-stores = Kameny v pokladnicích: { $score }
hint-estimate-you = Odhad, nedokázaný: jamka { $moves } vypadá nejsilněji, { $outcome ->
        [ahead] asi o { $n } napřed pro tebe
        [behind] asi o { $n } pozadu pro tebe
       *[level] zhruba vyrovnaně
    }.
hint-estimate-other = Odhad, nedokázaný: pro { $name } vypadá nejsilněji jamka { $moves }, { $outcome ->
        [ahead] asi o { $n } napřed
        [behind] asi o { $n } pozadu
       *[level] zhruba vyrovnaně
    }.
bots-levels-heading = Počítač
bots-levels-intro = Vlastní úrovně počítače, vždy připravené ke hře, od začátečníka po dokonalou hru.
bots-level-play = Hrát
bots-level-play-label = Hrát proti počítači: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bot nenalezen
bot-not-found-text = Žádný bot se jménem { $name } na tomto serveru nehrál ani není právě připojen.
bot-unrated-note = připojuje se bez tokenu, takže jeho partie nemění žádné hodnocení.
bot-rating-fixed = pevné hodnocení: partie počítače ho nikdy nezmění
bot-record = Hodnocené partie: { $games } (výhry { $wins }, remízy { $draws }, prohry { $losses })
bot-person = člověk
bot-status-playing = Právě připojen, hraje partii.
bot-status-waiting = Právě připojen, čeká na partii.
bot-status-level = Jedna z vlastních úrovní počítače: vždy připravená ke hře.
bot-status-offline = Právě nepřipojen.
bot-games-heading = Partie
bot-newest-games = Nejnovější partie
bot-older-games = Starší partie

leaderboard-empty-lobby = Zahrát hodnocenou partii v herně
leaderboard-empty-bots = Zahrát proti počítači nebo botovi
share-button = Sdílet
share-copied = Odkaz ke sledování této partie je zkopírován:
turn-waiting-friend-open = Čeká se, až tvůj přítel otevře odkaz; pak můžeš táhnout.
