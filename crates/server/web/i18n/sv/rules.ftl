### Regelsidor för Kalah, svenska. Översättning av en/rules.ftl (där står det hur en sida
### sätts ihop av dessa meddelanden).
### Termer: house = grop, store = kalaha, seed = kula, sow = fördela, capture = fånga/ta.

rules-title = Så spelar du Kalah
rules-intro = Kalah är ett brädspel för två spelare ur mancalafamiljen, och det spelas med kulor i små gropar. Du fördelar kulorna runt brädet och försöker samla så många som möjligt i din egen kalaha. Den som har flest kulor i sin kalaha när spelet är slut vinner.

## Rubriker

rules-setup-heading = Brädet
rules-move-heading = Ett drag
rules-capture-heading = Fångst
rules-end-heading = Spelets slut
rules-winner-heading = Vem vinner
rules-options-heading = Regelalternativ
rules-presets-heading = Färdiga regeluppsättningar
rules-example-heading = Exempel

## Brädet

rules-board =
    Brädet har två rader med { $houses ->
        [one] en grop
       *[other] { $houses } gropar
    }, en rad för varje spelare, och en stor grop i varje ände: kalahan. Din kalaha är den till höger om dig. I början ligger det { $seeds ->
        [one] en kula
       *[other] { $seeds } kulor
    } i varje grop, { $total } kulor totalt, och båda kalahorna är tomma.
rules-numbering = Varje spelare numrerar sina gropar från vänster, så grop { $houses } är den som ligger närmast spelarens egen kalaha.

## Ett drag

rules-sowing = När det är din tur väljer du en av dina gropar som inte är tom och tar upp alla kulorna. Lägg dem en i taget moturs i groparna som följer, i din egen kalaha när du passerar den och vidare i motståndarens gropar. Motståndarens kalaha hoppas över. Räcker kulorna till ett helt varv runt brädet får även gropen du tömde en kula.
rules-sowing-both-stores = När det är din tur väljer du en av dina gropar som inte är tom och tar upp alla kulorna. Lägg dem en i taget moturs i groparna som följer och i båda kalahorna när du passerar dem. En kula i motståndarens kalaha tillhör motståndaren, och hamnar din sista kula där är din tur slut.
rules-extra-turn = Hamnar din sista kula i din egen kalaha får du göra ett drag till. Det kan hända flera gånger i rad.
rules-turn-ends = Hamnar din sista kula någon annanstans är din tur slut, och det är motståndarens tur.

## Fångst

rules-capture-standard = Hamnar din sista kula i en tom grop på din sida och det finns kulor i gropen mittemot, fångar du dem: den kulan och alla kulor mittemot läggs i din kalaha, och din tur är slut. Är gropen mittemot tom blir din kula helt enkelt kvar där den hamnade.
rules-capture-empty = Hamnar din sista kula i en tom grop på din sida fångar du: kulan läggs i din kalaha tillsammans med alla kulor i gropen mittemot, även om den gropen är tom. Sedan är din tur slut.
rules-capture-none = I det här spelet fångar man inga kulor: var din sista kula än hamnar blir den kvar där.

## Spelets slut

rules-end-either-empty = Spelet är slut så snart alla gropar på ena sidan är tomma. Det kontrolleras varje gång kulor har fördelats, så spelet tar slut även om spelaren annars skulle ha fått ett drag till.
rules-end-mover-cannot-move = Spelet är slut först när spelaren som står på tur inte har några kulor kvar i sina gropar. Fram till dess kan en tom sida fyllas på igen av den andra spelarens drag.
rules-sweep-owner = De kulor som då finns kvar i groparna räknas till sin ägare: varje sidas återstående kulor läggs i den sidans kalaha.
rules-sweep-emptier = Spelaren vars sida är tom får då alla kulor som finns kvar på brädet och lägger dem i sin egen kalaha.
rules-sweep-none = De kulor som då finns kvar i groparna räknas inte till någon; bara kalahorna räknas.
rules-early-end = Tidigt slut: så snart en kalaha innehåller mer än hälften av alla kulor är spelet avgjort och slutar direkt. Varje spelare behåller kulorna i sina egna gropar.
rules-pie = Bytesregeln: efter första spelarens första tur får den andra spelaren, i stället för att dra, byta plats och ta över första spelarens plats och ställning, medan den första spelaren fortsätter från motsatt sida. Då lönar det sig inte att börja med ett alltför starkt drag.
rules-winner = Den som har flest kulor i sin kalaha vinner. Har båda kalahorna lika många kulor blir det oavgjort.
rules-first-player = Vem som börjar avgörs genom lottning.

## Exempel (standardbräde: 6 gropar med 4 kulor i varje)

rules-example = Du tar de 4 kulorna i din grop 3 och lägger en i var och en av groparna 4, 5 och 6 och den sista i din kalaha. Eftersom den sista kulan hamnade i din kalaha får du göra ett drag till.

## Etiketter

rules-houses-label = Gropar per sida
rules-seeds-label = Kulor per grop
rules-total-label = Kulor totalt

## Färdiga regeluppsättningar: sammanfattningar på en rad

preset-standard = De klassiska reglerna, som i den vanliga spelbeskrivningen och de flesta Kalah-program: 4 kulor per grop, vanlig fångst, spelet slutar när en sida är tom och varje spelare behåller sina återstående kulor.
preset-empty-capture = Standardreglerna med tom fångst: en sista kula i en av dina egna tomma gropar fångas alltid, även om det inte finns något mittemot.
preset-bga = Som på Board Game Arena: spelet slutar när spelaren som står på tur inte kan dra, och direkt när en kalaha innehåller mer än hälften av kulorna; bytesregeln och tom fångst kan slås på.
preset-sheet-002 = 6 kulor per grop, med tom fångst.
preset-sheet-003 = 6 kulor per grop, med tom fångst; varje spelare behåller sina återstående kulor.
preset-sheet-004 = 6 kulor per grop, med tom fångst; spelaren vars sida är tom får resten.
