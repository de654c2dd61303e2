# První lekce (/learn v prohlížeči, `kalah play --lesson` v terminálu).
# Jen jednoduché zprávy: `id = text`, odsazené pokračovací řádky, { $variable }.

lesson-title = První lekce
lesson-heading = Nauč se Kalah za dvě minuty
lesson-intro = Čtyři krátké kroky, každý zahraný na desce: rozkládání, tah navíc, braní a konec hry. Hraješ spodní řadou; tvoje pokladnice je po tvé pravici.
lesson-note-houses = Počet jamek na každé straně podle těchto pravidel: { $houses }. Lekce ukazuje { $shown } jamky na každé straně a všechna ostatní pravidla zůstávají stejná.
lesson-step = Krok { $step } z { $steps }
lesson-you = Ty
lesson-opponent = Soupeř
lesson-board-label = Deska lekce
lesson-try-again = Zkusit znovu
lesson-next = Další krok
lesson-finish = Dokončit
lesson-restart-step = Začít tento krok znovu
lesson-complete-heading = Lekce dokončena
lesson-complete-text = Teď znáš rozkládání, tah navíc, braní a konec hry podle těchto pravidel. Jsi připraven na skutečnou hru?
lesson-play-computer = Hrát proti počítači podle těchto pravidel
lesson-again = Projít lekci znovu
lesson-read-rules = Přečíst všechna pravidla
lesson-home-link = Jsi v Kalahu nový? Nauč se ho za dvě minuty
lesson-nav = Naučit se
lesson-rules-label = Pravidla lekce
lesson-wrong-heading = Ještě ne

lesson-sowing-title = Rozkládání
lesson-sowing-body = Když jsi na tahu, vezmeš všechny kameny z jedné ze svých jamek a rozkládáš je po jednom do následujících jamek proti směru hodinových ručiček: do svých jamek doprava, do své pokladnice a pak do jamek soupeře.
lesson-sowing-skip = Soupeřovu pokladnici přeskakuješ. Kameny v pokladnici v ní zůstávají až do konce.
lesson-sowing-both-stores = Podle těchto pravidel dostane kámen i soupeřova pokladnice, když kolem ní projdeš, a ten kámen se počítá soupeři.
lesson-sowing-task = Rozlož jamku, jejíž kameny dosáhnou na soupeřovu stranu (horní řadu).
lesson-sowing-done = Do každé jamky jeden kámen: tvoje kameny prošly tvou pokladnicí, kde jeden zůstane natrvalo, a pokračovaly na soupeřovu stranu.
lesson-sowing-hint = Každá jamka dostane jeden kámen: jamka potřebuje víc kamenů, než kolik je kroků z ní do tvé pokladnice.

lesson-landed-house = Tvůj poslední kámen skončil ve tvé jamce { $last }.
lesson-landed-opponent-house = Tvůj poslední kámen skončil v soupeřově jamce { $last }.
lesson-landed-store = Tvůj poslední kámen skončil ve tvé pokladnici.
lesson-landed-opponent-store = Tvůj poslední kámen skončil v soupeřově pokladnici.

lesson-extra-title = Tah navíc
lesson-extra-body = Pokud poslední kámen, který rozložíš, skončí ve tvé pokladnici, táhneš znovu. To se může opakovat i několikrát za sebou.
lesson-extra-task = Najdi jamku, jejíž poslední kámen skončí ve tvé pokladnici.
lesson-extra-done = Tvůj poslední kámen skončil ve tvé pokladnici: táhneš znovu.
lesson-extra-hint = Hledej jamku s přesně tolika kameny, kolik je kroků do tvé pokladnice.

lesson-capture-title = Braní
lesson-capture-standard = Pokud tvůj poslední kámen skončí v prázdné jamce na tvé straně a v protější jamce jsou kameny, bereš: tento kámen i všechny kameny naproti jdou do tvé pokladnice. Pokud naproti nic není, kámen prostě zůstane ležet. V obou případech tvůj tah končí.
lesson-capture-empty = Pokud tvůj poslední kámen skončí v prázdné jamce na tvé straně, bereš: tento kámen i všechny kameny z protější jamky jdou do tvé pokladnice, i když je protější jamka prázdná. Potom tvůj tah končí.
lesson-capture-none = Tato pravidla braní nemají: poslední kámen, který skončí v prázdné jamce na tvé straně, tam prostě zůstane a tvůj tah končí.
lesson-capture-task = Vezmi kameny ze soupeřovy jamky { $house } naproti tvé prázdné jamce.
lesson-capture-none-task = Rozlož jamku, jejíž poslední kámen skončí ve tvé prázdné jamce { $house }.
lesson-capture-done = Vzato: tvůj poslední kámen a kameny ze soupeřovy jamky { $opposite } šly do tvé pokladnice.
lesson-capture-none-done = Tvůj poslední kámen zůstává ve tvé jamce { $house }: nic se nebere a tvůj tah končí.
lesson-capture-nothing-opposite = Protější jamka byla prázdná, takže nebylo co vzít.
lesson-capture-not-empty = V té jamce už kameny byly, takže se nic nebere.
lesson-capture-hint = Hledej jamku, jejíž poslední kámen skončí ve tvé prázdné jamce { $house }.

lesson-end-title = Konec hry
lesson-end-either-empty = Hra končí, jakmile jsou všechny jamky na jedné straně prázdné.
lesson-end-mover-cannot-move = Hra končí, když hráč, který je na tahu, nemá ve svých jamkách žádné kameny.
lesson-sweep-owner = Kameny, které pak zůstaly v jamkách, jdou do pokladnice svého majitele a vyhrává plnější pokladnice.
lesson-sweep-emptier = Hráč, jehož strana je prázdná, pak získá všechny kameny, které zůstaly v jamkách, a vyhrává plnější pokladnice.
lesson-sweep-none = Kameny, které pak zůstaly v jamkách, se nepočítají nikomu a vyhrává plnější pokladnice.
lesson-early-end = Podle těchto pravidel hra také hned končí, jakmile je v jedné pokladnici víc než polovina všech kamenů; zbylé kameny pak dostane jejich majitel.
lesson-end-task = Vyprázdni v tomto tahu všechny své jamky a hra skončí. Využij tahy navíc.
lesson-end-task-mover = Ukonči hru: vyprázdni všechny své jamky tak, aby poslední kámen skončil ve tvé pokladnici a ty jsi byl na tahu bez kamenů k rozložení.
lesson-end-again = Táhneš znovu.
lesson-end-stuck = Táhneš znovu, ale odsud už v tomto tahu nejde vyprázdnit všechny tvoje jamky.
lesson-end-seeds-left = Tvůj tah skončil a ve tvých jamkách ještě jsou kameny, takže hra pokračuje.
lesson-end-opponent-moves = Tvoje jamky jsou prázdné, ale tvůj tah skončil a soupeř ještě může táhnout, takže hra pokračuje.
lesson-end-hint = Pokaždé rozlož jamku nejblíž tvé pokladnici, jejíž kameny do ní dosáhnou přesně.
lesson-end-done-owner = Hra skončila. Kameny, které zůstaly v soupeřových jamkách, jdou do jeho pokladnice (+{ $seeds }).
lesson-end-done-you = Hra skončila. Tvoje strana je prázdná, takže všechny zbylé kameny jdou do tvé pokladnice (+{ $seeds }).
lesson-end-done-none = Hra skončila. Kameny, které zůstaly v jamkách, se nepočítají nikomu.
lesson-end-done-early = Hra hned končí: ve tvé pokladnici je víc než polovina všech kamenů. Zbylé kameny dostane jejich majitel.
lesson-end-score = Konečný stav: ty { $you }, soupeř { $opponent }.

lesson-key-sow = rozložit
lesson-key-choose = vybrat a rozložit
lesson-key-retry = začít krok znovu
lesson-key-next = další krok
lesson-key-leave = opustit lekci
lesson-key-quit = ukončit
lesson-key-play = hra podle těchto pravidel
lesson-tui-next = Enter: další krok.
lesson-tui-finish = Enter: dokončit lekci.
lesson-tui-retry = Enter: zkusit znovu.
lesson-tui-empty = Jamka { $house } je prázdná: vyber jamku s kameny.
lesson-tui-no-house = Jamka { $house } neexistuje.
