### Strony z zasadami gry Kalah, polski. Tłumaczenie en/rules.ftl (tam opisano, jak strona
### składa się z tych komunikatów).
### Terminy: house = dołek, store = magazyn (kalaha), seed = kamień, sow = rozkładać, capture = zbijać.

rules-title = Jak grać w Kalah
rules-intro = Kalah to gra planszowa dla dwóch osób z rodziny mankali, w którą gra się kamieniami rozłożonymi w małych dołkach. Rozkładasz kamienie po planszy i starasz się zebrać jak najwięcej z nich w swoim magazynie (kalaha). Wygrywa ten, kto na koniec gry ma w magazynie więcej kamieni.

## Nagłówki

rules-setup-heading = Plansza
rules-move-heading = Ruch
rules-capture-heading = Zbijanie
rules-end-heading = Koniec gry
rules-winner-heading = Kto wygrywa
rules-options-heading = Opcje zasad
rules-presets-heading = Gotowe zestawy zasad
rules-example-heading = Przykład

## Plansza

rules-board =
    Plansza ma dwa rzędy po { $houses ->
        [one] jednym dołku
        [few] { $houses } dołki
        [many] { $houses } dołków
       *[other] { $houses } dołka
    }, po jednym rzędzie dla każdego gracza, a na obu końcach duży dołek: magazyn (zwany też kalahą). Twój magazyn to ten po twojej prawej stronie. Na początku w każdym dołku { $seeds ->
        [one] leży jeden kamień
        [few] leżą { $seeds } kamienie
        [many] leży { $seeds } kamieni
       *[other] leży { $seeds } kamienia
    }, łącznie { $total ->
        [one] { $total } kamień
        [few] { $total } kamienie
        [many] { $total } kamieni
       *[other] { $total } kamienia
    }, a oba magazyny są puste.
rules-numbering = Każdy gracz numeruje swoje dołki od lewej strony, więc dołek { $houses } to ten tuż obok jego magazynu.

## Ruch

rules-sowing = W swoim ruchu wybierz jeden ze swoich niepustych dołków i wyjmij z niego wszystkie kamienie. Rozłóż je po jednym, przeciwnie do ruchu wskazówek zegara, do kolejnych dołków, do swojego magazynu, gdy go mijasz, i dalej do dołków przeciwnika. Magazyn przeciwnika pomijasz. Jeśli kamieni wystarczy na pełne okrążenie planszy, opróżniony dołek też dostaje kamień.
rules-sowing-both-stores = W swoim ruchu wybierz jeden ze swoich niepustych dołków i wyjmij z niego wszystkie kamienie. Rozłóż je po jednym, przeciwnie do ruchu wskazówek zegara, do kolejnych dołków i do obu magazynów, gdy je mijasz. Kamień włożony do magazynu przeciwnika należy do przeciwnika, a jeśli trafi tam twój ostatni kamień, twoja kolej się kończy.
rules-extra-turn = Jeśli twój ostatni kamień trafi do twojego magazynu, wykonujesz jeszcze jeden ruch. Może się to powtórzyć kilka razy z rzędu.
rules-turn-ends = Jeśli twój ostatni kamień trafi gdzie indziej, twoja kolej się kończy i ruch ma przeciwnik.

## Zbijanie

rules-capture-standard = Jeśli twój ostatni kamień trafi do pustego dołka po twojej stronie, a w dołku naprzeciwko są kamienie, zbijasz: ten kamień i wszystkie kamienie z dołka naprzeciwko trafiają do twojego magazynu, a twoja kolej się kończy. Jeśli dołek naprzeciwko jest pusty, twój kamień po prostu zostaje tam, gdzie trafił.
rules-capture-empty = Jeśli twój ostatni kamień trafi do pustego dołka po twojej stronie, zbijasz: ten kamień trafia do twojego magazynu razem ze wszystkimi kamieniami z dołka naprzeciwko, nawet jeśli ten dołek jest pusty. Potem twoja kolej się kończy.
rules-capture-none = W tej grze nie ma zbijania: gdziekolwiek trafi twój ostatni kamień, tam zostaje.

## Koniec gry

rules-end-either-empty = Gra kończy się, gdy tylko wszystkie dołki po jednej stronie są puste. Sprawdza się to po każdym rozłożeniu kamieni, więc gra kończy się nawet wtedy, gdy gracz miałby jeszcze dodatkowy ruch.
rules-end-mover-cannot-move = Gra kończy się dopiero wtedy, gdy gracz, na którego przypada kolej, nie ma żadnych kamieni w swoich dołkach. Do tego czasu pusta strona może się znów zapełnić kamieniami rozkładanymi przez drugiego gracza.
rules-sweep-owner = Kamienie, które zostały w dołkach, liczą się wtedy ich właścicielowi: pozostałe kamienie z każdej strony trafiają do magazynu tej strony.
rules-sweep-emptier = Gracz, którego strona jest pusta, zabiera wtedy wszystkie kamienie pozostałe na planszy i wkłada je do swojego magazynu.
rules-sweep-none = Kamienie, które zostały w dołkach, nie liczą się wtedy nikomu; liczą się tylko magazyny.
rules-early-end = Wcześniejszy koniec: gdy tylko w jednym magazynie jest więcej niż połowa wszystkich kamieni, gra jest rozstrzygnięta i od razu się kończy. Każdy gracz zatrzymuje kamienie, które zostały w jego dołkach.
rules-pie = Zasada zamiany: po pierwszej kolejce gracza rozpoczynającego drugi gracz może zamiast ruchu zamienić się miejscami: przejmuje miejsce i pozycję pierwszego gracza, a ten gra dalej z przeciwnej strony. Dlatego nie opłaca się zaczynać od zbyt mocnego ruchu.
rules-winner = Wygrywa gracz, który ma więcej kamieni w swoim magazynie. Jeśli w obu magazynach jest tyle samo kamieni, gra kończy się remisem.
rules-first-player = O tym, kto zaczyna, decyduje losowanie.

## Przykład (standardowa plansza: 6 dołków po 4 kamienie)

rules-example = Wyjmujesz 4 kamienie ze swojego dołka 3 i wkładasz po jednym do dołków 4, 5 i 6, a ostatni do swojego magazynu. Ponieważ ostatni kamień trafił do magazynu, wykonujesz jeszcze jeden ruch.

## Etykiety

rules-houses-label = Liczba dołków po każdej stronie
rules-seeds-label = Liczba kamieni w dołku
rules-total-label = Łączna liczba kamieni

## Gotowe zestawy zasad: podsumowania w jednym wierszu

preset-standard = Klasyczne zasady, jak w typowej instrukcji i w większości programów do gry w Kalah: 4 kamienie w dołku, zwykłe zbijanie, gra kończy się, gdy jedna strona jest pusta, a każdy gracz zatrzymuje swoje pozostałe kamienie.
preset-empty-capture = Zasady standardowe ze zbijaniem na pusto: ostatni kamień w twoim pustym dołku jest zawsze zbijany, nawet gdy naprzeciwko nic nie ma.
preset-bga = Jak na Board Game Arena: gra kończy się, gdy gracz, na którego przypada kolej, nie może wykonać ruchu, oraz natychmiast, gdy w jednym magazynie jest więcej niż połowa kamieni; zasadę zamiany i zbijanie na pusto można włączyć.
preset-sheet-002 = 6 kamieni w dołku, ze zbijaniem na pusto.
preset-sheet-003 = 6 kamieni w dołku, ze zbijaniem na pusto; każdy gracz zatrzymuje swoje pozostałe kamienie.
preset-sheet-004 = 6 kamieni w dołku, ze zbijaniem na pusto; gracz, którego strona jest pusta, zabiera resztę.
