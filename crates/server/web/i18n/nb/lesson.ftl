# Den første leksjonen (/learn i nettleseren, `kalah play --lesson` i terminalen).
# Bare enkle meldinger: `id = tekst`, innrykkede fortsettelseslinjer, { $variable }.

lesson-title = Første leksjon
lesson-heading = Lær Kalah på to minutter
lesson-intro = Fire korte steg som hvert spilles på brettet: å så, det ekstra trekket, å fange og slutten av spillet. Du spiller den nederste raden; kalahaen din er til høyre for deg.
lesson-note-houses = Hull på hver side i disse reglene: { $houses }. Leksjonen viser { $shown } hull på hver side, og alle andre regler er de samme.
lesson-step = Steg { $step } av { $steps }
lesson-you = Du
lesson-opponent = Motstander
lesson-board-label = Leksjonens brett
lesson-try-again = Prøv igjen
lesson-next = Neste steg
lesson-finish = Fullfør
lesson-restart-step = Start dette steget på nytt
lesson-complete-heading = Leksjonen er fullført
lesson-complete-text = Nå kan du såingen, det ekstra trekket, fangsten og slutten av spillet i disse reglene. Klar for et ekte parti?
lesson-play-computer = Spill mot datamaskinen med disse reglene
lesson-again = Ta leksjonen på nytt
lesson-read-rules = Les alle reglene
lesson-home-link = Ny i Kalah? Lær det på to minutter
lesson-nav = Lær
lesson-rules-label = Leksjonens regler
lesson-wrong-heading = Ikke helt

lesson-sowing-title = Å så
lesson-sowing-body = Når det er din tur, tar du alle kulene fra et av hullene dine og legger dem én om gangen mot klokken i hullene som følger: hullene dine mot høyre, kalahaen din og så motstanderens hull.
lesson-sowing-skip = Motstanderens kalaha hoppes over. Kuler i en kalaha blir liggende der til slutten.
lesson-sowing-both-stores = I disse reglene får også motstanderens kalaha en kule når du passerer den, og den kulen teller for motstanderen.
lesson-sowing-task = Så et hull der kulene når over til motstanderens side (den øverste raden).
lesson-sowing-done = Én kule i hvert hull: Kulene dine gikk gjennom kalahaen din, der én blir for godt, og videre til motstanderens side.
lesson-sowing-hint = Hvert hull får én kule: Hullet trenger flere kuler enn det er steg fra det til kalahaen din.

lesson-landed-house = Den siste kulen din havnet i hullet ditt { $last }.
lesson-landed-opponent-house = Den siste kulen din havnet i motstanderens hull { $last }.
lesson-landed-store = Den siste kulen din havnet i kalahaen din.
lesson-landed-opponent-store = Den siste kulen din havnet i motstanderens kalaha.

lesson-extra-title = Det ekstra trekket
lesson-extra-body = Havner den siste kulen du sår i din egen kalaha, får du ett trekk til. Det kan skje flere ganger på rad.
lesson-extra-task = Finn hullet der den siste kulen havner i kalahaen din.
lesson-extra-done = Den siste kulen din havnet i kalahaen din: Du får ett trekk til.
lesson-extra-hint = Se etter et hull med nøyaktig like mange kuler som det er steg til kalahaen din.

lesson-capture-title = Å fange
lesson-capture-standard = Havner den siste kulen din i et tomt hull på din side, og det ligger kuler i hullet overfor, fanger du: Den kulen og alle kulene overfor går i kalahaen din. Er det ingenting overfor, blir kulen bare liggende. Uansett er turen din da over.
lesson-capture-empty = Havner den siste kulen din i et tomt hull på din side, fanger du: Den kulen og alle kulene i hullet overfor går i kalahaen din, også om hullet overfor er tomt. Deretter er turen din over.
lesson-capture-none = Disse reglene har ingen fangst: En siste kule som havner i et tomt hull på din side, blir bare liggende der, og turen din er over.
lesson-capture-task = Fang kulene i motstanderens hull { $house }, rett overfor det tomme hullet ditt.
lesson-capture-none-task = Så hullet der den siste kulen havner i det tomme hullet ditt { $house }.
lesson-capture-done = Fanget: Den siste kulen din og kulene fra motstanderens hull { $opposite } gikk i kalahaen din.
lesson-capture-none-done = Den siste kulen din blir liggende i hullet ditt { $house }: Ingenting fanges, og turen din er over.
lesson-capture-nothing-opposite = Hullet overfor var tomt, så det var ingenting å fange.
lesson-capture-not-empty = Det lå allerede kuler i det hullet, så ingenting fanges.
lesson-capture-hint = Se etter hullet der den siste kulen havner i det tomme hullet ditt { $house }.

lesson-end-title = Slutten av spillet
lesson-end-either-empty = Spillet er slutt så snart alle hullene på den ene siden er tomme.
lesson-end-mover-cannot-move = Spillet er slutt når spilleren som har turen, ikke har flere kuler i hullene sine.
lesson-sweep-owner = Kulene som da fortsatt ligger i hullene, går i eierens kalaha, og den fulleste kalahaen vinner.
lesson-sweep-emptier = Spilleren med den tomme siden får da alle kulene som fortsatt ligger i hullene, og den fulleste kalahaen vinner.
lesson-sweep-none = Kulene som da fortsatt ligger i hullene, teller ikke for noen, og den fulleste kalahaen vinner.
lesson-early-end = I disse reglene slutter spillet også straks når en kalaha har mer enn halvparten av alle kulene; de gjenværende kulene går da til eieren sin.
lesson-end-task = Tøm alle hullene dine i denne turen for å avslutte spillet. Bruk ekstra trekk.
lesson-end-task-mover = Avslutt spillet: Tøm alle hullene dine med den siste kulen i kalahaen din, slik at det er din tur og du ikke har noe å så.
lesson-end-again = Du får ett trekk til.
lesson-end-stuck = Du får ett trekk til, men herfra kan ikke alle hullene dine tømmes i denne turen.
lesson-end-seeds-left = Turen din er over, og det ligger fortsatt kuler i hullene dine, så spillet fortsetter.
lesson-end-opponent-moves = Hullene dine er tomme, men turen din er over og motstanderen kan fortsatt trekke, så spillet fortsetter.
lesson-end-hint = Så hver gang det hullet nærmest kalahaen din der kulene når nøyaktig ned i den.
lesson-end-done-owner = Spillet er slutt. Kulene som fortsatt ligger i motstanderens hull, går i motstanderens kalaha (+{ $seeds }).
lesson-end-done-you = Spillet er slutt. Siden din er tom, så alle de gjenværende kulene går i kalahaen din (+{ $seeds }).
lesson-end-done-none = Spillet er slutt. Kulene som fortsatt ligger i hullene, teller ikke for noen.
lesson-end-done-early = Spillet slutter straks: Kalahaen din har mer enn halvparten av alle kulene. De gjenværende kulene går til eieren sin.
lesson-end-score = Sluttresultat: du { $you }, motstanderen din { $opponent }.

lesson-key-sow = så
lesson-key-choose = velg og så
lesson-key-retry = start steget på nytt
lesson-key-next = neste steg
lesson-key-leave = forlat leksjonen
lesson-key-quit = avslutt
lesson-key-play = et parti med disse reglene
lesson-tui-next = Enter: neste steg.
lesson-tui-finish = Enter: fullfør leksjonen.
lesson-tui-retry = Enter: prøv igjen.
lesson-tui-empty = Hull { $house } er tomt: Velg et hull med kuler.
lesson-tui-no-house = Det finnes ikke noe hull { $house }.
