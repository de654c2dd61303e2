# Prvá lekcia (/learn v prehliadači, `kalah play --lesson` v termináli).
# Len jednoduché správy: `id = text`, odsadené pokračovacie riadky, { $variable }.

lesson-title = Prvá lekcia
lesson-heading = Nauč sa Kalah za dve minúty
lesson-intro = Štyri krátke kroky, každý zahraný na doske: rozkladanie, ťah navyše, branie a koniec hry. Hráš spodným radom; tvoja pokladnica je po tvojej pravici.
lesson-note-houses = Počet jamiek na každej strane podľa týchto pravidiel: { $houses }. Lekcia ukazuje { $shown } jamky na každej strane a všetky ostatné pravidlá zostávajú rovnaké.
lesson-step = Krok { $step } z { $steps }
lesson-you = Ty
lesson-opponent = Súper
lesson-board-label = Doska lekcie
lesson-try-again = Skúsiť znova
lesson-next = Ďalší krok
lesson-finish = Dokončiť
lesson-restart-step = Začať tento krok znova
lesson-complete-heading = Lekcia dokončená
lesson-complete-text = Teraz poznáš rozkladanie, ťah navyše, branie a koniec hry podľa týchto pravidiel. Si pripravený na skutočnú hru?
lesson-play-computer = Hrať proti počítaču podľa týchto pravidiel
lesson-again = Prejsť lekciu znova
lesson-read-rules = Prečítať všetky pravidlá
lesson-home-link = Si v Kalahu nový? Nauč sa ho za dve minúty
lesson-nav = Naučiť sa
lesson-rules-label = Pravidlá lekcie
lesson-wrong-heading = Ešte nie

lesson-sowing-title = Rozkladanie
lesson-sowing-body = Keď si na ťahu, vezmeš všetky kamene z jednej zo svojich jamiek a rozkladáš ich po jednom do nasledujúcich jamiek proti smeru hodinových ručičiek: do svojich jamiek doprava, do svojej pokladnice a potom do jamiek súpera.
lesson-sowing-skip = Súperovu pokladnicu preskakuješ. Kamene v pokladnici v nej zostávajú až do konca.
lesson-sowing-both-stores = Podľa týchto pravidiel dostane kameň aj súperova pokladnica, keď okolo nej prejdeš, a ten kameň sa počíta súperovi.
lesson-sowing-task = Rozlož jamku, ktorej kamene dosiahnu na súperovu stranu (horný rad).
lesson-sowing-done = Do každej jamky jeden kameň: tvoje kamene prešli tvojou pokladnicou, kde jeden zostane natrvalo, a pokračovali na súperovu stranu.
lesson-sowing-hint = Každá jamka dostane jeden kameň: jamka potrebuje viac kameňov, než koľko je krokov z nej do tvojej pokladnice.

lesson-landed-house = Tvoj posledný kameň skončil v tvojej jamke { $last }.
lesson-landed-opponent-house = Tvoj posledný kameň skončil v súperovej jamke { $last }.
lesson-landed-store = Tvoj posledný kameň skončil v tvojej pokladnici.
lesson-landed-opponent-store = Tvoj posledný kameň skončil v súperovej pokladnici.

lesson-extra-title = Ťah navyše
lesson-extra-body = Ak posledný kameň, ktorý rozložíš, skončí v tvojej pokladnici, ťaháš znova. Môže sa to zopakovať aj niekoľkokrát za sebou.
lesson-extra-task = Nájdi jamku, ktorej posledný kameň skončí v tvojej pokladnici.
lesson-extra-done = Tvoj posledný kameň skončil v tvojej pokladnici: ťaháš znova.
lesson-extra-hint = Hľadaj jamku s presne toľkými kameňmi, koľko je krokov do tvojej pokladnice.

lesson-capture-title = Branie
lesson-capture-standard = Ak tvoj posledný kameň skončí v prázdnej jamke na tvojej strane a v protiľahlej jamke sú kamene, berieš: tento kameň aj všetky kamene oproti idú do tvojej pokladnice. Ak oproti nič nie je, kameň jednoducho zostane ležať. V oboch prípadoch sa tvoj ťah končí.
lesson-capture-empty = Ak tvoj posledný kameň skončí v prázdnej jamke na tvojej strane, berieš: tento kameň aj všetky kamene z protiľahlej jamky idú do tvojej pokladnice, aj keď je protiľahlá jamka prázdna. Potom sa tvoj ťah končí.
lesson-capture-none = Tieto pravidlá branie nemajú: posledný kameň, ktorý skončí v prázdnej jamke na tvojej strane, tam jednoducho zostane a tvoj ťah sa končí.
lesson-capture-task = Vezmi kamene zo súperovej jamky { $house } oproti tvojej prázdnej jamke.
lesson-capture-none-task = Rozlož jamku, ktorej posledný kameň skončí v tvojej prázdnej jamke { $house }.
lesson-capture-done = Vzaté: tvoj posledný kameň a kamene zo súperovej jamky { $opposite } išli do tvojej pokladnice.
lesson-capture-none-done = Tvoj posledný kameň zostáva v tvojej jamke { $house }: nič sa neberie a tvoj ťah sa končí.
lesson-capture-nothing-opposite = Protiľahlá jamka bola prázdna, takže nebolo čo vziať.
lesson-capture-not-empty = V tej jamke už kamene boli, takže sa nič neberie.
lesson-capture-hint = Hľadaj jamku, ktorej posledný kameň skončí v tvojej prázdnej jamke { $house }.

lesson-end-title = Koniec hry
lesson-end-either-empty = Hra sa končí, len čo sú všetky jamky na jednej strane prázdne.
lesson-end-mover-cannot-move = Hra sa končí, keď hráč, ktorý je na ťahu, nemá vo svojich jamkách žiadne kamene.
lesson-sweep-owner = Kamene, ktoré potom zostali v jamkách, idú do pokladnice svojho majiteľa a vyhráva plnšia pokladnica.
lesson-sweep-emptier = Hráč, ktorého strana je prázdna, potom získa všetky kamene, ktoré zostali v jamkách, a vyhráva plnšia pokladnica.
lesson-sweep-none = Kamene, ktoré potom zostali v jamkách, sa nepočítajú nikomu a vyhráva plnšia pokladnica.
lesson-early-end = Podľa týchto pravidiel sa hra tiež hneď končí, len čo je v jednej pokladnici viac ako polovica všetkých kameňov; zvyšné kamene potom dostane ich majiteľ.
lesson-end-task = Vyprázdni v tomto ťahu všetky svoje jamky a hra sa skončí. Využi ťahy navyše.
lesson-end-task-mover = Ukonči hru: vyprázdni všetky svoje jamky tak, aby posledný kameň skončil v tvojej pokladnici a ty si bol na ťahu bez kameňov na rozloženie.
lesson-end-again = Ťaháš znova.
lesson-end-stuck = Ťaháš znova, ale odtiaľto sa už v tomto ťahu nedajú vyprázdniť všetky tvoje jamky.
lesson-end-seeds-left = Tvoj ťah sa skončil a v tvojich jamkách ešte sú kamene, takže hra pokračuje.
lesson-end-opponent-moves = Tvoje jamky sú prázdne, ale tvoj ťah sa skončil a súper ešte môže ťahať, takže hra pokračuje.
lesson-end-hint = Zakaždým rozlož jamku najbližšie k tvojej pokladnici, ktorej kamene do nej dosiahnu presne.
lesson-end-done-owner = Hra sa skončila. Kamene, ktoré zostali v súperových jamkách, idú do jeho pokladnice (+{ $seeds }).
lesson-end-done-you = Hra sa skončila. Tvoja strana je prázdna, takže všetky zvyšné kamene idú do tvojej pokladnice (+{ $seeds }).
lesson-end-done-none = Hra sa skončila. Kamene, ktoré zostali v jamkách, sa nepočítajú nikomu.
lesson-end-done-early = Hra sa hneď končí: v tvojej pokladnici je viac ako polovica všetkých kameňov. Zvyšné kamene dostane ich majiteľ.
lesson-end-score = Konečný stav: ty { $you }, súper { $opponent }.

lesson-key-sow = rozložiť
lesson-key-choose = vybrať a rozložiť
lesson-key-retry = začať krok znova
lesson-key-next = ďalší krok
lesson-key-leave = opustiť lekciu
lesson-key-quit = ukončiť
lesson-key-play = hra podľa týchto pravidiel
lesson-tui-next = Enter: ďalší krok.
lesson-tui-finish = Enter: dokončiť lekciu.
lesson-tui-retry = Enter: skúsiť znova.
lesson-tui-empty = Jamka { $house } je prázdna: vyber jamku s kameňmi.
lesson-tui-no-house = Jamka { $house } neexistuje.
