### Spelregelpagina's van Kalah, Nederlands. Vertaling van en/rules.ftl (daar staat hoe een
### pagina uit deze berichten wordt samengesteld).
### Termen: house = kuiltje, store = kalaha, seed = steen, sow = verdelen, capture = slaan.

rules-title = Zo speel je Kalah
rules-intro = Kalah is een bordspel voor twee spelers uit de mancalafamilie, gespeeld met stenen in kleine kuiltjes. Je verdeelt de stenen over het bord en probeert er zoveel mogelijk in je eigen kalaha te verzamelen. Wie aan het eind van het spel de meeste stenen in zijn kalaha heeft, wint.

## Koppen

rules-setup-heading = Het bord
rules-move-heading = Een zet
rules-capture-heading = Slaan
rules-end-heading = Einde van het spel
rules-winner-heading = Wie wint
rules-options-heading = Regelopties
rules-presets-heading = Vaste regelsets
rules-example-heading = Voorbeeld

## Het bord

rules-board =
    Het bord heeft twee rijen van { $houses ->
        [one] één kuiltje
       *[other] { $houses } kuiltjes
    }, één rij per speler, en aan elk uiteinde een grote kuil: de kalaha. Jouw kalaha is die aan je rechterkant. Aan het begin bevat elk kuiltje { $seeds ->
        [one] één steen
       *[other] { $seeds } stenen
    }, samen { $total } stenen, en beide kalaha's zijn leeg.
rules-numbering = Elke speler nummert zijn kuiltjes vanaf zijn linkerkant, dus kuiltje { $houses } ligt direct naast zijn eigen kalaha.

## Een zet

rules-sowing = Kies als je aan de beurt bent een van je kuiltjes dat niet leeg is en pak alle stenen eruit. Leg ze één voor één tegen de klok in in de volgende kuiltjes, in je eigen kalaha als je erlangs komt, en verder in de kuiltjes van je tegenstander. De kalaha van je tegenstander sla je over. Heb je genoeg stenen om het hele bord rond te gaan, dan krijgt ook het kuiltje dat je hebt leeggemaakt een steen.
rules-sowing-both-stores = Kies als je aan de beurt bent een van je kuiltjes dat niet leeg is en pak alle stenen eruit. Leg ze één voor één tegen de klok in in de volgende kuiltjes en in beide kalaha's als je erlangs komt. Een steen in de kalaha van je tegenstander is van je tegenstander, en als je laatste steen daar terechtkomt, is je beurt voorbij.
rules-extra-turn = Komt je laatste steen in je eigen kalaha terecht, dan ben je nog een keer aan de beurt. Dat kan meerdere keren achter elkaar gebeuren.
rules-turn-ends = Komt je laatste steen ergens anders terecht, dan is je beurt voorbij en is je tegenstander aan zet.

## Slaan

rules-capture-standard = Komt je laatste steen in een leeg kuiltje aan jouw kant terecht en liggen er stenen in het kuiltje ertegenover, dan sla je: die steen en alle stenen ertegenover gaan naar je kalaha, en je beurt is voorbij. Is het kuiltje ertegenover leeg, dan blijft je steen gewoon liggen waar hij terechtkwam.
rules-capture-empty = Komt je laatste steen in een leeg kuiltje aan jouw kant terecht, dan sla je: die steen gaat naar je kalaha, samen met alle stenen uit het kuiltje ertegenover, ook als dat leeg is. Daarna is je beurt voorbij.
rules-capture-none = In dit spel wordt niet geslagen: waar je laatste steen ook terechtkomt, daar blijft hij liggen.

## Einde van het spel

rules-end-either-empty = Het spel is afgelopen zodra alle kuiltjes aan één kant leeg zijn. Dat wordt gecontroleerd telkens als er stenen zijn verdeeld, dus het spel eindigt ook als de speler anders nog een beurt zou krijgen.
rules-end-mover-cannot-move = Het spel is pas afgelopen als de speler die aan de beurt is geen stenen meer in zijn kuiltjes heeft. Tot dan kan een lege kant door de zetten van de ander weer worden aangevuld.
rules-sweep-owner = De stenen die dan nog in de kuiltjes liggen, tellen voor hun eigenaar: de overgebleven stenen van elke kant gaan naar de kalaha van die kant.
rules-sweep-emptier = De speler van wie de kant leeg is, krijgt dan alle stenen die nog op het bord liggen en legt ze in zijn eigen kalaha.
rules-sweep-none = De stenen die dan nog in de kuiltjes liggen, tellen voor niemand; alleen de kalaha's tellen.
rules-early-end = Vroegtijdig einde: zodra een kalaha meer dan de helft van alle stenen bevat, is het spel beslist en meteen afgelopen. Elke speler houdt de stenen die nog in zijn eigen kuiltjes liggen.
rules-pie = Taartregel: na de eerste beurt van de beginnende speler mag de tweede speler, in plaats van een zet te doen, van plaats wisselen. Hij neemt de plaats en de stelling van de eerste speler over, en de ander speelt verder vanaf de andere kant. Zo loont het niet om met een te sterke eerste zet te beginnen.
rules-winner = Wie de meeste stenen in zijn kalaha heeft, wint. Liggen er in beide kalaha's evenveel stenen, dan is het gelijkspel.
rules-first-player = Wie begint, wordt door loting bepaald.

## Voorbeeld (standaardbord: 6 kuiltjes met elk 4 stenen)

rules-example = Je pakt de 4 stenen uit je kuiltje 3 en legt er één in de kuiltjes 4, 5 en 6 en de laatste in je kalaha. Omdat de laatste steen in je kalaha terechtkwam, ben je nog een keer aan de beurt.

## Labels

rules-houses-label = Kuiltjes per kant
rules-seeds-label = Stenen per kuiltje
rules-total-label = Stenen in totaal

## Vaste regelsets: samenvattingen van één regel

preset-standard = De klassieke regels, zoals in de gebruikelijke spelregels en de meeste Kalah-programma's: 4 stenen per kuiltje, gewoon slaan, het spel eindigt zodra één kant leeg is en iedereen houdt zijn overgebleven stenen.
preset-empty-capture = De standaardregels met leeg slaan: een laatste steen in een van je eigen lege kuiltjes wordt altijd geslagen, ook als er niets tegenover ligt.
preset-bga = Zoals op Board Game Arena: het spel eindigt als de speler die aan de beurt is niet kan zetten, en meteen zodra een kalaha meer dan de helft van de stenen bevat; de taartregel en leeg slaan kun je aanzetten.
preset-sheet-002 = 6 stenen per kuiltje, met leeg slaan.
preset-sheet-003 = 6 stenen per kuiltje, met leeg slaan; iedereen houdt zijn overgebleven stenen.
preset-sheet-004 = 6 stenen per kuiltje, met leeg slaan; de speler van wie de kant leeg is, krijgt de rest.
