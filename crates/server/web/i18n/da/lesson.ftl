# Den første lektion (/learn i browseren, `kalah play --lesson` i terminalen).
# Kun enkle beskeder: `id = tekst`, indrykkede fortsættelseslinjer, { $variable }.

lesson-title = Første lektion
lesson-heading = Lær Kalah på to minutter
lesson-intro = Fire korte trin, der hver spilles på brættet: at så, den ekstra tur, at fange og spillets afslutning. Du spiller den nederste række; din kalaha er til højre for dig.
lesson-note-houses = Huller på hver side i disse regler: { $houses }. Lektionen viser { $shown } huller på hver side, og alle andre regler er de samme.
lesson-step = Trin { $step } af { $steps }
lesson-you = Du
lesson-opponent = Modstander
lesson-board-label = Lektionens bræt
lesson-try-again = Prøv igen
lesson-next = Næste trin
lesson-finish = Afslut
lesson-restart-step = Start dette trin forfra
lesson-complete-heading = Lektionen er gennemført
lesson-complete-text = Nu kender du såningen, den ekstra tur, fangsten og spillets afslutning i disse regler. Klar til et rigtigt spil?
lesson-play-computer = Spil mod computeren med disse regler
lesson-again = Tag lektionen igen
lesson-read-rules = Læs alle reglerne
lesson-home-link = Ny i Kalah? Lær det på to minutter
lesson-nav = Lær
lesson-rules-label = Lektionens regler
lesson-wrong-heading = Ikke helt

lesson-sowing-title = At så
lesson-sowing-body = Når det er din tur, tager du alle kuglerne fra et af dine huller og lægger dem én ad gangen mod uret i de følgende huller: dine huller mod højre, din kalaha og derefter modstanderens huller.
lesson-sowing-skip = Modstanderens kalaha springes over. Kugler i en kalaha bliver der til slutningen.
lesson-sowing-both-stores = I disse regler får modstanderens kalaha også en kugle, når du kommer forbi den, og den kugle tæller for modstanderen.
lesson-sowing-task = Så et hul, hvis kugler når over på modstanderens side (den øverste række).
lesson-sowing-done = Én kugle i hvert hul: Dine kugler gik gennem din kalaha, hvor én bliver for altid, og videre over på modstanderens side.
lesson-sowing-hint = Hvert hul får én kugle: Hullet skal have flere kugler, end der er skridt fra det til din kalaha.

lesson-landed-house = Din sidste kugle landede i dit hul { $last }.
lesson-landed-opponent-house = Din sidste kugle landede i modstanderens hul { $last }.
lesson-landed-store = Din sidste kugle landede i din kalaha.
lesson-landed-opponent-store = Din sidste kugle landede i modstanderens kalaha.

lesson-extra-title = Den ekstra tur
lesson-extra-body = Lander den sidste kugle, du sår, i din egen kalaha, får du en tur mere. Det kan ske flere gange i træk.
lesson-extra-task = Find det hul, hvis sidste kugle lander i din kalaha.
lesson-extra-done = Din sidste kugle landede i din kalaha: Du får en tur mere.
lesson-extra-hint = Se efter et hul med præcis lige så mange kugler, som der er skridt til din kalaha.

lesson-capture-title = At fange
lesson-capture-standard = Lander din sidste kugle i et tomt hul på din side, og er der kugler i hullet overfor, fanger du: Den kugle og alle kuglerne overfor kommer i din kalaha. Er der intet overfor, bliver kuglen bare liggende. Under alle omstændigheder er din tur så slut.
lesson-capture-empty = Lander din sidste kugle i et tomt hul på din side, fanger du: Den kugle og alle kuglerne i hullet overfor kommer i din kalaha, også selv om hullet overfor er tomt. Derefter er din tur slut.
lesson-capture-none = Disse regler har ingen fangst: En sidste kugle, der lander i et tomt hul på din side, bliver bare liggende der, og din tur er slut.
lesson-capture-task = Fang kuglerne i modstanderens hul { $house }, over for dit tomme hul.
lesson-capture-none-task = Så det hul, hvis sidste kugle lander i dit tomme hul { $house }.
lesson-capture-done = Fanget: Din sidste kugle og kuglerne fra modstanderens hul { $opposite } kom i din kalaha.
lesson-capture-none-done = Din sidste kugle bliver liggende i dit hul { $house }: Intet bliver fanget, og din tur er slut.
lesson-capture-nothing-opposite = Hullet overfor var tomt, så der var intet at fange.
lesson-capture-not-empty = Der lå allerede kugler i det hul, så intet bliver fanget.
lesson-capture-hint = Se efter det hul, hvis sidste kugle lander i dit tomme hul { $house }.

lesson-end-title = Spillets afslutning
lesson-end-either-empty = Spillet slutter, så snart alle huller på den ene side er tomme.
lesson-end-mover-cannot-move = Spillet slutter, når den spiller, der har turen, ikke har flere kugler i sine huller.
lesson-sweep-owner = De kugler, der så stadig ligger i hullerne, kommer i deres ejers kalaha, og den fyldigste kalaha vinder.
lesson-sweep-emptier = Den spiller, hvis side er tom, får så alle de kugler, der stadig ligger i hullerne, og den fyldigste kalaha vinder.
lesson-sweep-none = De kugler, der så stadig ligger i hullerne, tæller ikke for nogen, og den fyldigste kalaha vinder.
lesson-early-end = I disse regler slutter spillet også med det samme, når en kalaha indeholder mere end halvdelen af alle kugler; de resterende kugler går så til deres ejer.
lesson-end-task = Tøm alle dine huller i denne tur for at afslutte spillet. Brug ekstra ture.
lesson-end-task-mover = Afslut spillet: Tøm alle dine huller med den sidste kugle i din kalaha, så det er din tur, og du intet har at så.
lesson-end-again = Du får en tur mere.
lesson-end-stuck = Du får en tur mere, men herfra kan du ikke længere tømme alle dine huller i denne tur.
lesson-end-seeds-left = Din tur er slut, og der ligger stadig kugler i dine huller, så spillet fortsætter.
lesson-end-opponent-moves = Dine huller er tomme, men din tur er slut, og modstanderen kan stadig trække, så spillet fortsætter.
lesson-end-hint = Så hver gang det hul nærmest din kalaha, hvis kugler når præcis ned i den.
lesson-end-done-owner = Spillet er slut. De kugler, der stadig ligger i modstanderens huller, kommer i modstanderens kalaha (+{ $seeds }).
lesson-end-done-you = Spillet er slut. Din side er tom, så alle de resterende kugler kommer i din kalaha (+{ $seeds }).
lesson-end-done-none = Spillet er slut. De kugler, der stadig ligger i hullerne, tæller ikke for nogen.
lesson-end-done-early = Spillet slutter med det samme: Din kalaha indeholder mere end halvdelen af alle kugler. De resterende kugler går til deres ejer.
lesson-end-score = Slutresultat: du { $you }, din modstander { $opponent }.

lesson-key-sow = så
lesson-key-choose = vælg og så
lesson-key-retry = start trinnet forfra
lesson-key-next = næste trin
lesson-key-leave = forlad lektionen
lesson-key-quit = afslut
lesson-key-play = et spil med disse regler
lesson-tui-next = Enter: næste trin.
lesson-tui-finish = Enter: afslut lektionen.
lesson-tui-retry = Enter: prøv igen.
lesson-tui-empty = Hul { $house } er tomt: Vælg et hul med kugler.
lesson-tui-no-house = Der er intet hul { $house }.
