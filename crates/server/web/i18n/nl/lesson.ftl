# De eerste les (/learn in de browser, `kalah play --lesson` in de terminal).
# Alleen eenvoudige berichten: `id = tekst`, ingesprongen vervolgregels, { $variable }.

lesson-title = Eerste les
lesson-heading = Leer Kalah in twee minuten
lesson-intro = Vier korte stappen, elk op het bord gespeeld: zaaien, de extra beurt, het slaan en het einde van het spel. Jij speelt de onderste rij; je kalaha staat rechts van je.
lesson-note-houses = Kuiltjes per kant in deze regels: { $houses }. De les toont { $shown } kuiltjes per kant, met alle andere regels hetzelfde.
lesson-step = Stap { $step } van { $steps }
lesson-you = Jij
lesson-opponent = Tegenstander
lesson-board-label = Bord van de les
lesson-try-again = Opnieuw proberen
lesson-next = Volgende stap
lesson-finish = Afronden
lesson-restart-step = Deze stap opnieuw beginnen
lesson-complete-heading = Les voltooid
lesson-complete-text = Je kent nu het zaaien, de extra beurt, het slaan en het einde van het spel in deze regels. Klaar voor een echt spel?
lesson-play-computer = Tegen de computer spelen met deze regels
lesson-again = De les opnieuw doen
lesson-read-rules = Alle regels lezen
lesson-home-link = Nieuw bij Kalah? Leer het in twee minuten
lesson-nav = Leren
lesson-rules-label = Regels van de les
lesson-wrong-heading = Nog niet helemaal

lesson-sowing-title = Zaaien
lesson-sowing-body = Als je aan de beurt bent, pak je alle stenen uit een van je kuiltjes en leg je ze één voor één tegen de klok in in de volgende kuiltjes: je kuiltjes naar rechts, je kalaha en dan de kuiltjes van je tegenstander.
lesson-sowing-skip = De kalaha van je tegenstander sla je over. Stenen in een kalaha blijven daar tot het einde.
lesson-sowing-both-stores = In deze regels krijgt ook de kalaha van je tegenstander een steen als je erlangs komt, en die steen telt voor je tegenstander.
lesson-sowing-task = Zaai een kuiltje waarvan de stenen tot de kant van je tegenstander (de bovenste rij) reiken.
lesson-sowing-done = Eén steen in elk kuiltje: je stenen gingen langs je kalaha, waar er één voorgoed blijft, en verder naar de kant van je tegenstander.
lesson-sowing-hint = In elk kuiltje komt één steen: het kuiltje heeft meer stenen nodig dan er stappen zijn tot je kalaha.

lesson-landed-house = Je laatste steen kwam in je kuiltje { $last } terecht.
lesson-landed-opponent-house = Je laatste steen kwam in kuiltje { $last } van je tegenstander terecht.
lesson-landed-store = Je laatste steen kwam in je kalaha terecht.
lesson-landed-opponent-store = Je laatste steen kwam in de kalaha van je tegenstander terecht.

lesson-extra-title = De extra beurt
lesson-extra-body = Komt de laatste steen die je zaait in je eigen kalaha terecht, dan ben je nog een keer aan de beurt. Dat kan meerdere keren achter elkaar gebeuren.
lesson-extra-task = Zoek het kuiltje waarvan de laatste steen in je kalaha terechtkomt.
lesson-extra-done = Je laatste steen kwam in je kalaha terecht: je bent nog een keer aan de beurt.
lesson-extra-hint = Zoek een kuiltje met precies zoveel stenen als er stappen zijn tot je kalaha.

lesson-capture-title = Slaan
lesson-capture-standard = Komt je laatste steen in een leeg kuiltje aan jouw kant terecht en liggen er stenen in het kuiltje ertegenover, dan sla je: die steen en alle stenen ertegenover gaan naar je kalaha. Ligt er niets tegenover, dan blijft de steen gewoon liggen. Hoe dan ook is je beurt dan voorbij.
lesson-capture-empty = Komt je laatste steen in een leeg kuiltje aan jouw kant terecht, dan sla je: die steen en alle stenen uit het kuiltje ertegenover gaan naar je kalaha, ook als dat kuiltje leeg is. Daarna is je beurt voorbij.
lesson-capture-none = In deze regels wordt niet geslagen: een laatste steen die in een leeg kuiltje aan jouw kant terechtkomt, blijft daar gewoon liggen, en je beurt is voorbij.
lesson-capture-task = Sla de stenen in kuiltje { $house } van je tegenstander, tegenover je lege kuiltje.
lesson-capture-none-task = Zaai het kuiltje waarvan de laatste steen in je lege kuiltje { $house } terechtkomt.
lesson-capture-done = Geslagen: je laatste steen en de stenen uit kuiltje { $opposite } van je tegenstander gingen naar je kalaha.
lesson-capture-none-done = Je laatste steen blijft in je kuiltje { $house } liggen: er wordt niets geslagen, en je beurt is voorbij.
lesson-capture-nothing-opposite = Het kuiltje ertegenover was leeg, dus er viel niets te slaan.
lesson-capture-not-empty = In dat kuiltje lagen al stenen, dus er wordt niets geslagen.
lesson-capture-hint = Zoek het kuiltje waarvan de laatste steen in je lege kuiltje { $house } terechtkomt.

lesson-end-title = Het einde van het spel
lesson-end-either-empty = Het spel is afgelopen zodra alle kuiltjes aan één kant leeg zijn.
lesson-end-mover-cannot-move = Het spel is afgelopen als de speler die aan de beurt is geen stenen meer in zijn kuiltjes heeft.
lesson-sweep-owner = De stenen die dan nog in de kuiltjes liggen, gaan naar de kalaha van hun eigenaar, en de volste kalaha wint.
lesson-sweep-emptier = De speler van wie de kant leeg is, krijgt dan alle stenen die nog in de kuiltjes liggen, en de volste kalaha wint.
lesson-sweep-none = De stenen die dan nog in de kuiltjes liggen, tellen voor niemand, en de volste kalaha wint.
lesson-early-end = In deze regels is het spel ook meteen afgelopen als een kalaha meer dan de helft van alle stenen bevat; de overgebleven stenen gaan dan naar hun eigenaar.
lesson-end-task = Maak in deze beurt al je kuiltjes leeg om het spel te beëindigen. Gebruik extra beurten.
lesson-end-task-mover = Beëindig het spel: maak al je kuiltjes leeg met je laatste steen in je kalaha, zodat jij aan de beurt bent zonder iets te zaaien.
lesson-end-again = Je bent nog een keer aan de beurt.
lesson-end-stuck = Je bent nog een keer aan de beurt, maar vanaf hier kun je niet meer al je kuiltjes in deze beurt leegmaken.
lesson-end-seeds-left = Je beurt is voorbij en er liggen nog stenen in je kuiltjes, dus het spel gaat door.
lesson-end-opponent-moves = Je kuiltjes zijn leeg, maar je beurt is voorbij en je tegenstander kan nog zetten, dus het spel gaat door.
lesson-end-hint = Zaai telkens het kuiltje dat het dichtst bij je kalaha ligt en waarvan de stenen er precies in uitkomen.
lesson-end-done-owner = Het spel is afgelopen. De stenen die nog in de kuiltjes van je tegenstander liggen, gaan naar diens kalaha (+{ $seeds }).
lesson-end-done-you = Het spel is afgelopen. Jouw kant is leeg, dus alle overgebleven stenen gaan naar je kalaha (+{ $seeds }).
lesson-end-done-none = Het spel is afgelopen. De stenen die nog in de kuiltjes liggen, tellen voor niemand.
lesson-end-done-early = Het spel is meteen afgelopen: je kalaha bevat meer dan de helft van alle stenen. De overgebleven stenen gaan naar hun eigenaar.
lesson-end-score = Eindstand: jij { $you }, je tegenstander { $opponent }.

lesson-key-sow = zaaien
lesson-key-choose = kiezen en zaaien
lesson-key-retry = stap opnieuw beginnen
lesson-key-next = volgende stap
lesson-key-leave = les verlaten
lesson-key-quit = stoppen
lesson-key-play = een spel met deze regels
lesson-tui-next = Enter: volgende stap.
lesson-tui-finish = Enter: les afronden.
lesson-tui-retry = Enter: opnieuw proberen.
lesson-tui-empty = Kuiltje { $house } is leeg: kies een kuiltje met stenen.
lesson-tui-no-house = Er is geen kuiltje { $house }.
