# Den första lektionen (/learn i webbläsaren, `kalah play --lesson` i terminalen).
# Bara enkla meddelanden: `id = text`, indragna fortsättningsrader, { $variable }.

lesson-title = Första lektionen
lesson-heading = Lär dig Kalah på två minuter
lesson-intro = Fyra korta steg som vart och ett spelas på brädet: att så, det extra draget, att fånga och spelets slut. Du spelar den nedre raden; din kalaha ligger till höger om dig.
lesson-note-houses = Gropar per sida i de här reglerna: { $houses }. Lektionen visar { $shown } gropar per sida, och alla andra regler är desamma.
lesson-step = Steg { $step } av { $steps }
lesson-you = Du
lesson-opponent = Motståndare
lesson-board-label = Lektionens bräde
lesson-try-again = Försök igen
lesson-next = Nästa steg
lesson-finish = Avsluta
lesson-restart-step = Börja om det här steget
lesson-complete-heading = Lektionen är klar
lesson-complete-text = Nu kan du sådden, det extra draget, fångsten och spelets slut i de här reglerna. Redo för ett riktigt parti?
lesson-play-computer = Spela mot datorn med de här reglerna
lesson-again = Gör lektionen igen
lesson-read-rules = Läs alla regler
lesson-home-link = Ny i Kalah? Lär dig på två minuter
lesson-nav = Lär dig
lesson-rules-label = Lektionens regler
lesson-wrong-heading = Inte riktigt

lesson-sowing-title = Att så
lesson-sowing-body = När det är din tur tar du alla kulor från en av dina gropar och lägger dem en i taget moturs i groparna som följer: dina gropar åt höger, din kalaha och sedan motståndarens gropar.
lesson-sowing-skip = Motståndarens kalaha hoppas över. Kulor i en kalaha ligger kvar där till slutet.
lesson-sowing-both-stores = I de här reglerna får även motståndarens kalaha en kula när du passerar den, och den kulan räknas till motståndaren.
lesson-sowing-task = Så en grop vars kulor når fram till motståndarens sida (den övre raden).
lesson-sowing-done = En kula i varje grop: dina kulor gick via din kalaha, där en ligger kvar för gott, och vidare till motståndarens sida.
lesson-sowing-hint = Varje grop får en kula: gropen behöver fler kulor än det finns steg från den till din kalaha.

lesson-landed-house = Din sista kula hamnade i din grop { $last }.
lesson-landed-opponent-house = Din sista kula hamnade i motståndarens grop { $last }.
lesson-landed-store = Din sista kula hamnade i din kalaha.
lesson-landed-opponent-store = Din sista kula hamnade i motståndarens kalaha.

lesson-extra-title = Det extra draget
lesson-extra-body = Hamnar den sista kulan du sår i din egen kalaha får du göra ett drag till. Det kan hända flera gånger i rad.
lesson-extra-task = Hitta gropen vars sista kula hamnar i din kalaha.
lesson-extra-done = Din sista kula hamnade i din kalaha: du får göra ett drag till.
lesson-extra-hint = Leta efter en grop med exakt lika många kulor som det finns steg till din kalaha.

lesson-capture-title = Att fånga
lesson-capture-standard = Hamnar din sista kula i en tom grop på din sida och det finns kulor i gropen mittemot, fångar du: den kulan och alla kulor mittemot läggs i din kalaha. Finns det inget mittemot blir kulan helt enkelt kvar. I båda fallen är din tur sedan slut.
lesson-capture-empty = Hamnar din sista kula i en tom grop på din sida fångar du: den kulan och alla kulor i gropen mittemot läggs i din kalaha, även om gropen mittemot är tom. Sedan är din tur slut.
lesson-capture-none = De här reglerna har ingen fångst: en sista kula som hamnar i en tom grop på din sida blir helt enkelt kvar där, och din tur är slut.
lesson-capture-task = Fånga kulorna i motståndarens grop { $house }, mittemot din tomma grop.
lesson-capture-none-task = Så gropen vars sista kula hamnar i din tomma grop { $house }.
lesson-capture-done = Fångat: din sista kula och kulorna från motståndarens grop { $opposite } hamnade i din kalaha.
lesson-capture-none-done = Din sista kula blir kvar i din grop { $house }: inget fångas, och din tur är slut.
lesson-capture-nothing-opposite = Gropen mittemot var tom, så det fanns inget att fånga.
lesson-capture-not-empty = Det fanns redan kulor i den gropen, så inget fångas.
lesson-capture-hint = Leta efter gropen vars sista kula hamnar i din tomma grop { $house }.

lesson-end-title = Spelets slut
lesson-end-either-empty = Spelet är slut så snart alla gropar på ena sidan är tomma.
lesson-end-mover-cannot-move = Spelet är slut när spelaren som står på tur inte har några kulor i sina gropar.
lesson-sweep-owner = De kulor som då finns kvar i groparna läggs i ägarens kalaha, och den fullaste kalahan vinner.
lesson-sweep-emptier = Spelaren vars sida är tom får då alla kulor som finns kvar i groparna, och den fullaste kalahan vinner.
lesson-sweep-none = De kulor som då finns kvar i groparna räknas inte till någon, och den fullaste kalahan vinner.
lesson-early-end = I de här reglerna slutar spelet också direkt när en kalaha innehåller mer än hälften av alla kulor; de återstående kulorna går då till sin ägare.
lesson-end-task = Töm alla dina gropar under det här draget för att avsluta spelet. Använd extra drag.
lesson-end-task-mover = Avsluta spelet: töm alla dina gropar med den sista kulan i din kalaha, så att det är din tur och du inte har något att så.
lesson-end-again = Du får göra ett drag till.
lesson-end-stuck = Du får göra ett drag till, men härifrån går det inte längre att tömma alla dina gropar under det här draget.
lesson-end-seeds-left = Din tur är slut och det finns fortfarande kulor i dina gropar, så spelet fortsätter.
lesson-end-opponent-moves = Dina gropar är tomma, men din tur är slut och motståndaren kan fortfarande dra, så spelet fortsätter.
lesson-end-hint = Så varje gång den grop som ligger närmast din kalaha och vars kulor når precis ner i den.
lesson-end-done-owner = Spelet är slut. Kulorna som finns kvar i motståndarens gropar läggs i motståndarens kalaha (+{ $seeds }).
lesson-end-done-you = Spelet är slut. Din sida är tom, så alla återstående kulor läggs i din kalaha (+{ $seeds }).
lesson-end-done-none = Spelet är slut. Kulorna som finns kvar i groparna räknas inte till någon.
lesson-end-done-early = Spelet slutar direkt: din kalaha innehåller mer än hälften av alla kulor. De återstående kulorna går till sin ägare.
lesson-end-score = Slutställning: du { $you }, din motståndare { $opponent }.

lesson-key-sow = så
lesson-key-choose = välj och så
lesson-key-retry = börja om steget
lesson-key-next = nästa steg
lesson-key-leave = lämna lektionen
lesson-key-quit = avsluta
lesson-key-play = ett parti med de här reglerna
lesson-tui-next = Enter: nästa steg.
lesson-tui-finish = Enter: avsluta lektionen.
lesson-tui-retry = Enter: försök igen.
lesson-tui-empty = Grop { $house } är tom: välj en grop med kulor.
lesson-tui-no-house = Det finns ingen grop { $house }.
