# Kalah web page: every string the page shows, in Polish (translation of en/ui.ftl).
# Terminy jak w rules.ftl: dołek (house), magazyn (store), kamień (seed), Południe/Północ (sides).

## Page frame

app-title = Kalah
skip-to-content = Przejdź do treści głównej
nav-new-game = Nowa gra
nav-analysis = Plansza analizy
nav-rules = Zasady
language-label = Język
theme-toggle = Przełącz między jasnym a ciemnym motywem
theme-light = Jasny motyw
theme-dark = Ciemny motyw
loading = Wczytywanie…
footer-text = Kalah, gra w rozkładanie kamieni. Wszystko działa na tym serwerze; żadne dane go nie opuszczają.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Coś poszło nie tak
error-network = Nie udało się połączyć z serwerem. Sprawdź, czy działa i czy masz połączenie, a potem spróbuj ponownie.
error-server = Serwer nie mógł tego zrobić: { $detail }
error-bad-request = Żądanie zostało odrzucone: { $detail }
error-no-token = Do tego potrzebny jest link do twojego miejsca. Otwórz grę z otrzymanego linku.
error-forbidden = Nie możesz tego tutaj zrobić: { $detail }
error-not-found = Serwer tego nie zna: { $detail }
error-stale = Gra potoczyła się dalej, zanim dotarł twój ruch. Plansza została zaktualizowana; wybierz ponownie.
error-try-again = Spróbuj ponownie
error-dismiss = Zamknij
not-found-heading = Nie ma takiej gry
not-found-text = Na tym serwerze nie ma gry o identyfikatorze „{ $id }”. Być może został źle wpisany albo link jest niepełny.
not-found-page-heading = Nie znaleziono strony
not-found-page-text = Pod tym adresem nic nie ma.
back-home = Wróć na stronę główną

## Sides and players

side-south = Południe
side-north = Północ
player-you = Ty
player-computer = Komputer
player-computer-level = Komputer ({ $level })
player-friend = Znajomy
player-opponent = Przeciwnik
player-waiting = czeka na znajomego
player-side-south = Gracz Południe
player-side-north = Gracz Północ

## Home: new game

home-heading = Zagraj w Kalah
home-intro = Rozkładaj kamienie po planszy, zbijaj kamienie przeciwnika i zbierz ponad połowę z nich w swoim magazynie.
home-new-game = Nowa gra
opponent-legend = Przeciwnik
opponent-computer = Z komputerem
opponent-computer-hint = Wybierz poziom; komputer odpowiada od razu.
opponent-friend = Ze znajomym
opponent-friend-hint = Dostaniesz link do wysłania; znajomy gra we własnej przeglądarce.
opponent-local = Na tym ekranie
opponent-local-hint = Dwie osoby grają na zmianę na jednym urządzeniu.
level-label = Poziom komputera
level-beginner = Początkujący
level-novice = Nowicjusz
level-casual = Amator
level-club = Gracz klubowy
level-expert = Ekspert
level-master = Mistrz
level-perfect = Gra doskonała
rules-legend = Zasady
preset-label = Zestaw zasad
preset-custom = Własne zasady
preset-name-standard = Standardowy Kalah (6,4)
preset-name-empty-capture = Kalah ze zbijaniem na pusto
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Instrukcja 002
preset-name-sheet-003 = Instrukcja 003
preset-name-sheet-004 = Instrukcja 004
more-options = Wszystkie opcje zasad
option-houses = Dołki po każdej stronie
option-seeds = Kamienie w dołku
option-capture = Zbijanie
capture-standard = Standardowe: ostatni kamień w twoim pustym dołku zbija kamienie naprzeciwko (tylko jeśli tam są)
capture-empty = Na pusto: ostatni kamień w twoim pustym dołku zawsze trafia do magazynu razem z tym, co leży naprzeciwko
capture-none = Brak: nic nigdy nie jest zbijane
option-end = Gra się kończy
end-either-empty = gdy tylko wszystkie dołki po jednej stronie są puste
end-mover-cannot-move = gdy gracz, na którego przypada kolej, nie ma kamieni
option-sweep = Kamienie, które na koniec zostały na planszy
sweep-owner = trafiają do magazynu strony, po której leżą
sweep-emptier = trafiają wszystkie do gracza, którego strona jest pusta
sweep-none = nie liczą się nikomu
option-early-end = Zakończ wcześniej, gdy w magazynie jest więcej niż połowa wszystkich kamieni
option-pie = Zasada zamiany: po pierwszej kolejce drugi gracz może zamienić strony
option-both-stores = Rozkładaj do obu magazynów (także do magazynu przeciwnika)
read-rules = Przeczytaj zasady tego zestawu
first-legend = Kto zaczyna
first-lot = Losowanie
first-south = Zaczyna Południe
first-north = Zaczyna Północ
side-legend = Twoja strona
side-choice-random = Losowo
side-local-note = Na jednym ekranie obie strony gra się tutaj; Południe jest na dole.
start-game = Rozpocznij grę
starting-game = Rozpoczynanie…

## Home: recent games

recent-heading = Twoje ostatnie gry
recent-empty = W tej przeglądarce nie ma jeszcze gier. Pojawią się tu gry, które rozpoczniesz lub do których dołączysz.
recent-opponent = Przeciwnik
recent-date = Rozpoczęta
recent-status = Stan
recent-open = Otwórz
recent-remove = Usuń
recent-remove-label = Usuń grę { $id } z tej listy
recent-clear = Wyczyść listę
status-playing = W toku
status-your-turn = Twój ruch
status-finished = Zakończona
status-resigned = Poddana
status-unknown = Nieznany
status-won = Wygrana { $you }:{ $them }
status-lost = Przegrana { $you }:{ $them }
status-drawn = Remis { $you }:{ $them }

## Invitation and sharing

invite-heading = Zaproś znajomego
invite-text = Wyślij ten link znajomemu. Kto go otworzy, gra po drugiej stronie. Nie udostępniaj go innym: pozwala wykonywać ruchy.
invite-waiting = Czekamy, aż znajomy otworzy link…
copy = Kopiuj
copied = Skopiowano do schowka.
copy-failed = Nie udało się skopiować. Zaznacz tekst i skopiuj go ręcznie.
share-heading = Link do oglądania
share-text = Każdy, kto ma ten link, może oglądać grę na żywo, ale nie może wykonywać ruchów.
share-copy = Kopiuj link do oglądania

## Game page

game-heading = Gra { $id }
game-rules-summary = Zasady: { $rules }
turn-yours = Twój ruch
turn-sowing-yours = Rozsiewanie twoich kamieni…
turn-side = Ruch: { $side }
turn-opponent = Ruch przeciwnika
turn-thinking = Komputer myśli…
turn-waiting-friend = Czekamy, aż znajomy dołączy i wykona ruch…
pie-offer = Zasada zamiany: zamiast wykonać ruch, możesz zamienić strony i przejąć pozycję przeciwnika.
pie-swap = Zamień strony
spectator-note = Oglądasz tę grę.
local-note = Obie strony gra się na tym ekranie.
store-label = Magazyn
house-number = Dołek { $house }
house-aria-own = Twój dołek { $house }, { $seeds ->
        [one] { $seeds } kamień
        [few] { $seeds } kamienie
        [many] { $seeds } kamieni
       *[other] { $seeds } kamienia
    }
house-aria-opponent = Dołek { $house } przeciwnika, { $seeds ->
        [one] { $seeds } kamień
        [few] { $seeds } kamienie
        [many] { $seeds } kamieni
       *[other] { $seeds } kamienia
    }
house-aria-side = { $side }, dołek { $house }, { $seeds ->
        [one] { $seeds } kamień
        [few] { $seeds } kamienie
        [many] { $seeds } kamieni
       *[other] { $seeds } kamienia
    }
store-aria-own = Twój magazyn, { $seeds ->
        [one] { $seeds } kamień
        [few] { $seeds } kamienie
        [many] { $seeds } kamieni
       *[other] { $seeds } kamienia
    }
store-aria-opponent = Magazyn przeciwnika, { $seeds ->
        [one] { $seeds } kamień
        [few] { $seeds } kamienie
        [many] { $seeds } kamieni
       *[other] { $seeds } kamienia
    }
store-aria-side = { $side }, magazyn, { $seeds ->
        [one] { $seeds } kamień
        [few] { $seeds } kamienie
        [many] { $seeds } kamieni
       *[other] { $seeds } kamienia
    }
house-value = wartość { $value }
board-label = Plansza do gry w Kalah
board-keys-help = Strzałki przenoszą między dołkami, Enter rozkłada kamienie z wybranego dołka. Poza planszą strzałki w lewo i w prawo przewijają ruchy.

## Announcements (also read out by screen readers)

announce-your-turn = Twój ruch.
announce-game-over = Koniec gry.

## Result

result-heading = Koniec gry
result-you-win = Wygrywasz { $you }:{ $them }!
result-you-lose = Przegrywasz { $you }:{ $them }.
result-draw = Remis, { $south }:{ $north }.
result-side-wins = Wygrywa { $side }, { $winner }:{ $loser }.
result-early-end = Gra zakończyła się wcześniej: w jednym magazynie jest ponad połowa wszystkich kamieni.
## Moves and history

moves-heading = Ruchy
moves-empty = Nie ma jeszcze ruchów.
moves-turn = Kolejka { $number }
history-first = Pozycja początkowa
history-back = Poprzedni ruch
history-forward = Następny ruch
history-last = Bieżąca pozycja
history-viewing = Pozycja po ruchu { $ply } z { $total }.
history-viewing-start = Pozycja początkowa.
history-return = Wróć do gry
move-swap = zamiana

## Actions

actions-heading = Gra
resign = Poddaj się
resign-confirm = Na pewno chcesz się poddać? Gra zostanie policzona jako przegrana.
resign-yes = Tak, poddaję się
resign-no = Nie, gram dalej
rematch = Rewanż (strony zamienione)
rematch-open = Otwórz rewanż
rematch-ready = Rewanż się rozpoczął.
hint = Pokaż wartości ruchów
hint-hide = Ukryj wartości ruchów
hint-loading = Obliczanie…
hint-explain = Wartość ruchu to końcowa różnica między magazynami (kamienie wykonującego ruch minus kamienie przeciwnika), jeśli potem obie strony grają najlepiej, jak się da.
hint-best-unchecked = Inne ruchy mogą być równie dobre: zabrakło czasu, by sprawdzić każdy ruch.
hint-unavailable = Wartości ruchów są pokazywane w grach z komputerem, na jednym ekranie, w zakończonych grach i na planszy analizy.
export-record = Pobierz zapis gry
copy-position = Kopiuj pozycję
analyze-game = Otwórz na planszy analizy
speed-label = Animacja rozkładania
speed-off = Wyłączona
speed-fast = Szybka
speed-normal = Normalna
speed-slow = Wolna

## Live connection

conn-lost = Utracono połączenie. Ponowne łączenie za { $seconds ->
        [one] { $seconds } sekundę
        [few] { $seconds } sekundy
        [many] { $seconds } sekund
       *[other] { $seconds } sekundy
    }…
conn-reconnecting = Ponowne łączenie…
conn-back = Połączono ponownie; plansza jest aktualna.
conn-retry-now = Połącz teraz

## Analysis board

analysis-heading = Plansza analizy
analysis-intro = Zaimportuj zapis gry albo wklej pozycję, aby przejść ją krok po kroku i zobaczyć dokładną wartość każdego ruchu.
analysis-import-heading = Importuj zapis gry
analysis-import-label = Zapis gry
analysis-import-button = Importuj
analysis-import-file = Albo otwórz plik z zapisem
analysis-position-heading = Ustaw pozycję
analysis-position-label = Pozycja
analysis-position-button = Pokaż
analysis-bad-position = To nie jest pozycja. Zapisz ją tak: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Oblicz wartości ruchów
analysis-thinking = Obliczanie…
analysis-pv = Najlepsza kontynuacja: { $line }
analysis-game-over = W tej pozycji gra jest zakończona.
analysis-play-hint = Kliknij dołek strony, która ma ruch, aby wypróbować ruch; lista ruchów będzie kontynuowana od tego miejsca.
analysis-reset = Wróć do zaimportowanej gry
analysis-empty = Nic jeszcze nie wczytano: widać pozycję początkową według zasad standardowych.

## Rules page

rules-page-heading = Zasady: { $preset }
rules-other-presets = Inne zestawy zasad
rules-start-position = Pozycja początkowa
rules-play-this = Zagraj według tych zasad
rules-unknown-preset = Nie ma zestawu zasad o nazwie „{ $preset }”.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Zagraj z komputerem
play-friend = Zagraj ze znajomym
custom-game = Własna gra
quick-rules = Zasady: { $rules }. Inne zasady, kto zaczyna i gra na jednym ekranie: „Własna gra” poniżej.
side-bottom-note = Niezależnie od wybranej strony twoje dołki to dolny rząd twojej planszy.
subject-computer = Komputer
subject-friend = Twój znajomy
move-you-sow = Siejesz z dołka { $house }.
move-other-sow = { $name } sieje z dołka { $house }.
move-you-capture = Zbijasz kamienie naprzeciw twojego dołka { $house } (+{ $seeds } w twoim magazynie).
move-other-capture = { $name } zbija kamienie naprzeciw dołka { $house } (+{ $seeds }).
move-other-capture-yours = { $name } zbija kamienie z twojego dołka { $house } (+{ $seeds }).
move-you-again = Twój ostatni kamień trafił do twojego magazynu: ruszasz się jeszcze raz.
move-other-again = Ostatni kamień trafił do magazynu: { $name } rusza się jeszcze raz.
move-sweep = Koniec gry: kamienie pozostałe na planszy trafiają do magazynów ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Zamieniasz strony (zasada ciastka).
move-other-swap = { $name } zamienia strony (zasada ciastka).
result-you-resigned = Poddajesz grę.
result-other-resigned = { $name } poddaje grę.
replay-last = Pokaż ostatni ruch jeszcze raz
score-label = Wynik
legend-from = siane z
legend-last = ostatni kamień
legend-capture = bicie
legend-sweep = zebrane na końcu
sound-toggle = Dźwięki ruchów
share-export-heading = Udostępnij / eksportuj
coach-text = Twoje dołki to dolny rząd. Kliknij jeden: jego kamienie są rozsiewane po jednym, przeciwnie do ruchu wskazówek zegara, do kolejnych dołków i do twojego magazynu po prawej.
coach-dismiss = Rozumiem
hint-you-ahead = Najlepszy: dołek { $moves }. Przy najlepszej grze od tego miejsca kończysz { $exact ->
        [yes] { $n }
       *[no] około { $n }
    } do przodu.
hint-you-behind = Najlepszy: dołek { $moves }. Przy najlepszej grze od tego miejsca kończysz { $exact ->
        [yes] { $n }
       *[no] około { $n }
    } do tyłu.
hint-you-level = Najlepszy: dołek { $moves }. Przy najlepszej grze od tego miejsca gra kończy się { $exact ->
        [yes] remisem
       *[no] mniej więcej remisem
    }.
hint-other-ahead = Najlepszy dla: { $name }: dołek { $moves }. Przy najlepszej grze od tego miejsca { $name } kończy { $exact ->
        [yes] { $n }
       *[no] około { $n }
    } do przodu.
hint-other-behind = Najlepszy dla: { $name }: dołek { $moves }. Przy najlepszej grze od tego miejsca { $name } kończy { $exact ->
        [yes] { $n }
       *[no] około { $n }
    } do tyłu.
hint-other-level = Najlepszy dla: { $name }: dołek { $moves }. Przy najlepszej grze od tego miejsca gra kończy się { $exact ->
        [yes] remisem
       *[no] mniej więcej remisem
    }.

## Bots (the page /bots)

home-bots-link = Boty: zagraj z programami albo obserwuj ich grę
player-bot = Bot { $name }
bots-heading = Boty
bots-intro = Programy grające w Kalah łączą się z tym serwerem przez Kalah Game Protocol. Wyzwij czekającego bota albo obserwuj partię.
bots-online-heading = Boty online
bots-none = Żaden bot nie jest teraz połączony. Ta lista odświeża się sama.
bots-waiting = czeka na partię
bots-playing = gra
bots-unrated = bez rankingu
bots-provisional = ranking tymczasowy: rozegrano mało partii
bots-challenge = Wyzwij
bots-challenge-label = Wyzwij: { $name }
bots-watch = Obserwuj
bots-watch-label = Obserwuj partię: { $name }
bots-busy = { $name } gra teraz partię. Obserwuj ją albo wyzwij bota ponownie, gdy będzie czekał.
bots-gone = { $name } nie jest już połączony.
bots-leaderboard-heading = Ranking
bots-leaderboard-empty = Nie rozegrano jeszcze żadnej partii rankingowej. Boty łączące się z tokenem dostają ranking po każdej partii.
bots-col-rank = Miejsce
bots-col-name = Bot
bots-col-rating = Ranking
bots-col-games = Partie
bots-col-wdl = Wygrane / remisy / przegrane
bots-board-label = Plansza do wyzwania
bots-board-option = Dołki: { $houses }, kamienie w każdym: { $seeds }
bots-back = Wróć do botów

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Twoja nazwa
account-signed-in = Zalogowano jako { $name }.
account-guest = Grasz jako { $name } (gość).
account-anonymous = Grasz bez nazwy. Zaloguj się lub załóż konto, aby zachować nazwę i partie.
account-sign-in = Zaloguj się
account-sign-up = Załóż konto
account-log-out = Wyloguj się
account-name = Nazwa użytkownika
account-password = Hasło
account-name-hint = Od 3 do 20 liter A–Z, cyfr, _ lub -
account-password-hint = Od 8 do 256 znaków
account-bad-login = Nazwa użytkownika lub hasło są nieprawidłowe.
account-name-taken = Ta nazwa użytkownika jest zajęta; wybierz inną.
account-rate-limited = Zbyt wiele prób z Twojego adresu; spróbuj ponownie za kilka minut.

## Clocks of timed games
clock-label = Zegar: { $name }
clock-low = mało czasu
clock-low-say = Kończy ci się czas.
clock-first-move = { $side } musi wykonać pierwszy ruch w ciągu { $seconds } s, inaczej partia zostanie przerwana.
time-control-label = Zegar
time-control-none = Bez zegara
result-aborted = Partia przerwana: pierwszy ruch nie nadszedł na czas. Brak wyniku.
result-on-time-you = Skończył ci się czas.
result-on-time-opponent = Przeciwnikowi skończył się czas.
result-on-time-side = { $side }: skończył się czas.
result-abandoned-you = Opuściłeś partię.
result-abandoned-opponent = Przeciwnik opuścił partię.
result-abandoned-side = { $side } opuścił partię.
status-aborted = Przerwana

## Player pages and the leaderboard of people
home-leaderboard-link = Ranking graczy
leaderboard-heading = Ranking
leaderboard-intro = Najwyżej oceniani gracze każdej puli (zasady i tempo). Gracz pojawia się, gdy jego ranking ustabilizuje się po wystarczającej liczbie partii rankingowych.
leaderboard-pool-label = Pula
leaderboard-empty = W tej puli nie ma jeszcze nikogo: gracze pojawiają się, gdy wystarczająco wiele partii rankingowych ustali ich ranking.
leaderboard-col-player = Gracz
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 nasion
pool-family-other = Inne zasady
pool-category-bullet = Bullet
pool-category-blitz = Blitz
pool-category-rapid = Szybkie
pool-category-classical = Klasyczne
pool-category-correspondence = Korespondencyjne
rating-chart-summary = Ranking od { $first } do { $last } (pokazane partie rankingowe: { $count })
rating-history-table = Ranking po każdej partii
rating-col-date = Data
rating-col-change = Zmiana
rating-games = Partie: { $count }
game-result-win = Wygrana
game-result-loss = Przegrana
game-result-draw = Remis
game-result-playing = W toku
game-against = przeciw
game-rated = rankingowa
player-not-found-heading = Nie ma takiego gracza
player-not-found-text = Nie ma konta o nazwie { $name }. Goście nie mają strony, a usunięte konta zniknęły.
player-since = Gra od { $date }
player-ratings-heading = Rankingi
player-no-ratings = Jeszcze brak partii rankingowych.
player-puzzles-heading = Zadania
player-puzzles-solved = Rozwiązane: { $solved } z { $tried }
player-games-heading = Ostatnie partie
player-no-games = Jeszcze brak partii.
result-rating-change = { $name }: ranking { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Oglądaj
watch-heading = Oglądaj partie
watch-intro = Partie rozgrywane teraz, najwyżej oceniane najpierw. Otwórz jedną, aby oglądać ją na żywo.
watch-list-heading = Trwające partie
watch-empty = Teraz nie jest rozgrywana żadna partia. Ta lista aktualizuje się sama.
watch-count = Trwające partie: { $count } (pokazano: { $shown })
watch-rated = rankingowa
watch-casual = towarzyska
watch-bots = boty
watch-score = Wynik: Południe { $south }, Północ { $north }
watch-ply = Ruchy: { $ply }
watch-to-move = Ruch: { $side }
watch-reconnecting = Utracono połączenie; łączenie ponownie. W międzyczasie lista odświeża się co kilka sekund.
claim-button = Zażądaj wygranej
claim-opponent-left = Twój przeciwnik opuścił partię.
claim-wait = Twój przeciwnik wyszedł. Jeśli nie wróci w ciągu { $seconds } s, możesz zażądać rozstrzygnięcia partii.
claim-ready = Twojego przeciwnika nie ma zbyt długo: możesz zażądać rozstrzygnięcia partii (wygrana albo remis, jeśli nie możesz już wygrać).
claim-refused-back = Twój przeciwnik wrócił, partia trwa dalej.
claim-refused-early = Za wcześnie: możesz zażądać rozstrzygnięcia za { $seconds } s, jeśli przeciwnik nie wróci.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Graj online
online-intro = Zagraj z człowiekiem na czas: szybkie parowanie znajdzie przeciwnika o podobnym rankingu, albo przyjmij ofertę z poczekalni.
online-you = W poczekalni jako { $name }.
online-rated = Partia rankingowa
online-guest-note = Jako gość grasz partie towarzyskie. Załóż konto, aby grać partie rankingowe.
online-quick-heading = Szybkie parowanie
online-quick-button = Graj { $rules }, { $clock }, online
online-waiting = Szukam przeciwnika: { $rules }, { $clock }…
online-cancel = Anuluj
online-enter = Wejdź do poczekalni
online-enter-note = Poczekalnia pokazuje graczy czekających na przeciwnika.
online-disconnected = Utracono połączenie z poczekalnią; ponawiam…
online-seeks-heading = Otwarte oferty
online-seeks-empty = Brak otwartych ofert. Utwórz ofertę lub użyj szybkiego parowania.
online-col-player = Gracz
online-col-mode = Partia
online-col-action = Akcja
online-rules-label = Zasady
online-mode-rated = Rankingowa
online-casual = Towarzyska
online-accept = Przyjmij
online-accept-label = Przyjmij ofertę gracza { $name }: { $rules }, { $clock }
online-your-seek = Twoja oferta
online-cancel-seek = Wycofaj ofertę
online-create-heading = Utwórz ofertę
online-create = Utwórz ofertę
online-game-found = Znaleziono partię z graczem { $name }.
challenge-heading = Wyzwij gracza { $name }
challenge-button = Wyzwij
challenge-send = Wyślij wyzwanie
challenge-sent = Wyzwanie wysłane; czekam na odpowiedź gracza { $name }…
challenge-declined = { $name } odrzucił(a) twoje wyzwanie.
challenge-expired = Twoje wyzwanie wygasło bez odpowiedzi.
challenge-cancelled = Wyzwanie zostało wycofane.
challenge-crowded-out = { $name } ma zbyt wiele oczekujących wyzwań i wyzwanie od znanego mu gracza zajęło miejsce Twojego. Spróbuj ponownie później.
challenge-incoming = { $name }{ $rating } wyzywa cię: { $rules }, { $clock }, { $mode }.
challenge-accept = Przyjmij
challenge-decline = Odrzuć
challenge-notices = Wyzwania
lobby-error-account = Partie rankingowe są między kontami: załóż konto lub zaloguj się, albo wybierz partię towarzyską.
lobby-error-offline = Ten gracz nie ma teraz otwartej strony; wyzwanie dociera tylko do graczy online.
lobby-error-gone = Ta oferta lub to wyzwanie nie jest już otwarte.
lobby-error-too-many = Masz już tyle otwartych ofert lub wyzwań, ile wolno; najpierw wycofaj jedno.
lobby-error = Poczekalnia odmówiła: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Poczekalnia
nav-leaderboard = Ranking
nav-bots = Boty
nav-menu = Menu
menu-my-page = Moja strona
menu-player-label = { $name }: moja strona, wyloguj
result-lost-on-time = Przegrałeś na czas.
result-you-win-plain = Wygrywasz.
result-you-lose-plain = Przegrywasz.
result-draw-plain = Remis.
result-side-wins-plain = Wygrywa { $side }.
result-stores = Kamienie w magazynach: { $score }
hint-estimate-you = Szacunek, bez dowodu: dołek { $moves } wygląda na najsilniejszy, { $outcome ->
        [ahead] około { $n } przewagi dla ciebie
        [behind] około { $n } straty dla ciebie
       *[level] mniej więcej po równo
    }.
hint-estimate-other = Szacunek, bez dowodu: dla { $name } dołek { $moves } wygląda na najsilniejszy, { $outcome ->
        [ahead] około { $n } przewagi
        [behind] około { $n } straty
       *[level] mniej więcej po równo
    }.
bots-levels-heading = Komputer
bots-levels-intro = Własne poziomy komputera, zawsze gotowe do gry, od początkującego po grę doskonałą.
bots-level-play = Graj
bots-level-play-label = Graj z komputerem: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Nie ma takiego bota
bot-not-found-text = Żaden bot o nazwie { $name } nie grał na tym serwerze ani nie jest teraz połączony.
bot-unrated-note = łączy się bez tokenu, więc jego partie nie zmieniają żadnego rankingu.
bot-rating-fixed = stały ranking: partie komputera nigdy go nie zmieniają
bot-record = Partie rankingowe: { $games } (wygrane { $wins }, remisy { $draws }, przegrane { $losses })
bot-person = człowiek
bot-status-playing = Połączony, gra partię.
bot-status-waiting = Połączony, czeka na partię.
bot-status-level = Jeden z własnych poziomów komputera: zawsze gotowy do gry.
bot-status-offline = Teraz niepołączony.
bot-games-heading = Partie
bot-newest-games = Najnowsze partie
bot-older-games = Starsze partie

leaderboard-empty-lobby = Zagraj partię rankingową w poczekalni
leaderboard-empty-bots = Zagraj z komputerem lub botem
share-button = Udostępnij
share-copied = Skopiowano link do oglądania tej partii:
turn-waiting-friend-open = Czekamy, aż twój znajomy otworzy link; potem możesz wykonać ruch.
