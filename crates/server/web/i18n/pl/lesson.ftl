# Pierwsza lekcja (/learn w przeglądarce, `kalah play --lesson` w terminalu).
# Tylko proste komunikaty: `id = tekst`, wcięte wiersze kontynuacji, { $variable }.

lesson-title = Pierwsza lekcja
lesson-heading = Naucz się Kalah w dwie minuty
lesson-intro = Cztery krótkie kroki, każdy rozegrany na planszy: rozkładanie, dodatkowy ruch, zbijanie i koniec gry. Grasz dolnym rzędem; twój magazyn jest po twojej prawej.
lesson-note-houses = Liczba dołków po każdej stronie w tych zasadach: { $houses }. Lekcja pokazuje { $shown } dołki po każdej stronie, a wszystkie inne zasady są takie same.
lesson-step = Krok { $step } z { $steps }
lesson-you = Ty
lesson-opponent = Przeciwnik
lesson-board-label = Plansza lekcji
lesson-try-again = Spróbuj ponownie
lesson-next = Następny krok
lesson-finish = Zakończ
lesson-restart-step = Zacznij ten krok od nowa
lesson-complete-heading = Lekcja ukończona
lesson-complete-text = Znasz już rozkładanie, dodatkowy ruch, zbijanie i koniec gry w tych zasadach. Gotowy na prawdziwą partię?
lesson-play-computer = Zagraj z komputerem według tych zasad
lesson-again = Powtórz lekcję
lesson-read-rules = Przeczytaj wszystkie zasady
lesson-home-link = Pierwszy raz w Kalah? Naucz się w dwie minuty
lesson-nav = Nauka
lesson-rules-label = Zasady lekcji
lesson-wrong-heading = Jeszcze nie

lesson-sowing-title = Rozkładanie
lesson-sowing-body = W swoim ruchu bierzesz wszystkie kamienie z jednego ze swoich dołków i rozkładasz je po jednym do kolejnych dołków, przeciwnie do ruchu wskazówek zegara: do swoich dołków w prawo, do swojego magazynu, a potem do dołków przeciwnika.
lesson-sowing-skip = Magazyn przeciwnika pomijasz. Kamienie w magazynie zostają tam do końca gry.
lesson-sowing-both-stores = W tych zasadach magazyn przeciwnika też dostaje kamień, gdy go mijasz, i ten kamień liczy się przeciwnikowi.
lesson-sowing-task = Rozłóż dołek, z którego kamienie dotrą na stronę przeciwnika (górny rząd).
lesson-sowing-done = Po jednym kamieniu do każdego dołka: twoje kamienie przeszły przez twój magazyn, gdzie jeden zostaje na dobre, i dotarły na stronę przeciwnika.
lesson-sowing-hint = Każdy dołek dostaje jeden kamień: dołek musi mieć więcej kamieni, niż jest kroków od niego do twojego magazynu.

lesson-landed-house = Twój ostatni kamień trafił do twojego dołka { $last }.
lesson-landed-opponent-house = Twój ostatni kamień trafił do dołka { $last } przeciwnika.
lesson-landed-store = Twój ostatni kamień trafił do twojego magazynu.
lesson-landed-opponent-store = Twój ostatni kamień trafił do magazynu przeciwnika.

lesson-extra-title = Dodatkowy ruch
lesson-extra-body = Jeśli ostatni rozłożony kamień trafi do twojego magazynu, wykonujesz jeszcze jeden ruch. Może się to powtórzyć kilka razy z rzędu.
lesson-extra-task = Znajdź dołek, z którego ostatni kamień trafi do twojego magazynu.
lesson-extra-done = Twój ostatni kamień trafił do twojego magazynu: wykonujesz jeszcze jeden ruch.
lesson-extra-hint = Szukaj dołka, w którym jest dokładnie tyle kamieni, ile kroków do twojego magazynu.

lesson-capture-title = Zbijanie
lesson-capture-standard = Jeśli twój ostatni kamień trafi do pustego dołka po twojej stronie, a w dołku naprzeciwko są kamienie, zbijasz: ten kamień i wszystkie kamienie naprzeciwko trafiają do twojego magazynu. Jeśli naprzeciwko nic nie ma, kamień po prostu zostaje. W obu przypadkach twoja kolej się kończy.
lesson-capture-empty = Jeśli twój ostatni kamień trafi do pustego dołka po twojej stronie, zbijasz: ten kamień i wszystkie kamienie z dołka naprzeciwko trafiają do twojego magazynu, nawet jeśli dołek naprzeciwko jest pusty. Potem twoja kolej się kończy.
lesson-capture-none = W tych zasadach nie ma zbijania: ostatni kamień, który trafi do pustego dołka po twojej stronie, po prostu tam zostaje, a twoja kolej się kończy.
lesson-capture-task = Zbij kamienie z dołka { $house } przeciwnika, naprzeciwko twojego pustego dołka.
lesson-capture-none-task = Rozłóż dołek, z którego ostatni kamień trafi do twojego pustego dołka { $house }.
lesson-capture-done = Zbite: twój ostatni kamień i kamienie z dołka { $opposite } przeciwnika trafiły do twojego magazynu.
lesson-capture-none-done = Twój ostatni kamień zostaje w twoim dołku { $house }: nic nie zostaje zbite, a twoja kolej się kończy.
lesson-capture-nothing-opposite = Dołek naprzeciwko był pusty, więc nie było czego zbić.
lesson-capture-not-empty = W tym dołku były już kamienie, więc nic nie zostaje zbite.
lesson-capture-hint = Szukaj dołka, z którego ostatni kamień trafi do twojego pustego dołka { $house }.

lesson-end-title = Koniec gry
lesson-end-either-empty = Gra kończy się, gdy tylko wszystkie dołki po jednej stronie są puste.
lesson-end-mover-cannot-move = Gra kończy się, gdy gracz, na którego przypada kolej, nie ma kamieni w swoich dołkach.
lesson-sweep-owner = Kamienie, które zostały w dołkach, trafiają wtedy do magazynu ich właściciela, a wygrywa pełniejszy magazyn.
lesson-sweep-emptier = Gracz, którego strona jest pusta, zabiera wtedy wszystkie kamienie, które zostały w dołkach, a wygrywa pełniejszy magazyn.
lesson-sweep-none = Kamienie, które zostały w dołkach, nie liczą się wtedy nikomu, a wygrywa pełniejszy magazyn.
lesson-early-end = W tych zasadach gra kończy się też od razu, gdy w jednym magazynie jest więcej niż połowa wszystkich kamieni; pozostałe kamienie trafiają wtedy do ich właściciela.
lesson-end-task = Opróżnij w tej kolejce wszystkie swoje dołki, aby zakończyć grę. Wykorzystaj dodatkowe ruchy.
lesson-end-task-mover = Zakończ grę: opróżnij wszystkie swoje dołki, z ostatnim kamieniem w swoim magazynie, tak aby była twoja kolej, a ty nie miał nic do rozłożenia.
lesson-end-again = Wykonujesz jeszcze jeden ruch.
lesson-end-stuck = Wykonujesz jeszcze jeden ruch, ale stąd nie da się już opróżnić wszystkich twoich dołków w tej kolejce.
lesson-end-seeds-left = Twoja kolej się skończyła, a w twoich dołkach są jeszcze kamienie, więc gra toczy się dalej.
lesson-end-opponent-moves = Twoje dołki są puste, ale twoja kolej się skończyła, a przeciwnik może jeszcze wykonać ruch, więc gra toczy się dalej.
lesson-end-hint = Za każdym razem rozkładaj dołek najbliższy twojemu magazynowi, z którego kamienie sięgają dokładnie do niego.
lesson-end-done-owner = Gra skończona. Kamienie, które zostały w dołkach przeciwnika, trafiają do jego magazynu (+{ $seeds }).
lesson-end-done-you = Gra skończona. Twoja strona jest pusta, więc wszystkie pozostałe kamienie trafiają do twojego magazynu (+{ $seeds }).
lesson-end-done-none = Gra skończona. Kamienie, które zostały w dołkach, nie liczą się nikomu.
lesson-end-done-early = Gra kończy się od razu: w twoim magazynie jest więcej niż połowa wszystkich kamieni. Pozostałe kamienie trafiają do ich właściciela.
lesson-end-score = Wynik końcowy: ty { $you }, przeciwnik { $opponent }.

lesson-key-sow = rozłóż
lesson-key-choose = wybierz i rozłóż
lesson-key-retry = zacznij krok od nowa
lesson-key-next = następny krok
lesson-key-leave = opuść lekcję
lesson-key-quit = wyjdź
lesson-key-play = partia według tych zasad
lesson-tui-next = Enter: następny krok.
lesson-tui-finish = Enter: zakończ lekcję.
lesson-tui-retry = Enter: spróbuj ponownie.
lesson-tui-empty = Dołek { $house } jest pusty: wybierz dołek z kamieniami.
lesson-tui-no-house = Nie ma dołka { $house }.
