### Regelsider for Kalah, norsk bokmål. Oversettelse av en/rules.ftl (der står det hvordan en
### side settes sammen av disse meldingene).
### Begreper: house = hull, store = kalaha, seed = kule, sow = fordele, capture = fange.

rules-title = Slik spiller du Kalah
rules-intro = Kalah er et brettspill for to spillere fra mancala-familien, og det spilles med kuler i små hull. Du fordeler kulene rundt på brettet og prøver å samle så mange som mulig i din egen kalaha. Den som har flest kuler i kalahaen sin når spillet er slutt, vinner.

## Overskrifter

rules-setup-heading = Brettet
rules-move-heading = Et trekk
rules-capture-heading = Fangst
rules-end-heading = Slutten på spillet
rules-winner-heading = Hvem vinner
rules-options-heading = Regelvalg
rules-presets-heading = Ferdige regelsett
rules-example-heading = Eksempel

## Brettet

rules-board =
    Brettet har to rader med { $houses ->
        [one] ett hull
       *[other] { $houses } hull
    }, én rad for hver spiller, og et stort hull i hver ende: kalahaen. Din kalaha er den som ligger til høyre for deg. Ved start ligger det { $seeds ->
        [one] én kule
       *[other] { $seeds } kuler
    } i hvert hull, { $total } kuler i alt, og begge kalahaene er tomme.
rules-numbering = Hver spiller nummererer hullene sine fra venstre, så hull { $houses } er det som ligger rett ved siden av spillerens egen kalaha.

## Et trekk

rules-sowing = Når det er din tur, velger du et av hullene dine som ikke er tomt, og tar opp alle kulene. Legg dem én om gangen mot klokken i hullene som følger, i din egen kalaha når du passerer den, og videre i motstanderens hull. Motstanderens kalaha hoppes over. Har du nok kuler til å gå hele runden rundt brettet, får også hullet du tømte, en kule.
rules-sowing-both-stores = Når det er din tur, velger du et av hullene dine som ikke er tomt, og tar opp alle kulene. Legg dem én om gangen mot klokken i hullene som følger og i begge kalahaene når du passerer dem. En kule i motstanderens kalaha tilhører motstanderen, og havner den siste kulen din der, er turen din over.
rules-extra-turn = Havner den siste kulen din i din egen kalaha, får du ett trekk til. Det kan skje flere ganger på rad.
rules-turn-ends = Havner den siste kulen din et annet sted, er turen din over, og det er motstanderens tur.

## Fangst

rules-capture-standard = Havner den siste kulen din i et tomt hull på din side, og det ligger kuler i hullet rett overfor, fanger du dem: Den kulen og alle kulene overfor går i kalahaen din, og turen din er over. Er hullet overfor tomt, blir kulen din bare liggende der den havnet.
rules-capture-empty = Havner den siste kulen din i et tomt hull på din side, fanger du: Kulen går i kalahaen din sammen med alle kulene fra hullet overfor, også om det hullet er tomt. Deretter er turen din over.
rules-capture-none = I dette spillet fanges ingen kuler: Uansett hvor den siste kulen din havner, blir den liggende der.

## Slutten på spillet

rules-end-either-empty = Spillet er slutt så snart alle hullene på den ene siden er tomme. Dette sjekkes hver gang kuler er fordelt, så spillet slutter også om spilleren ellers skulle fått ett trekk til.
rules-end-mover-cannot-move = Spillet er først slutt når spilleren som har turen, ikke har flere kuler i hullene sine. Fram til da kan en tom side fylles opp igjen av den andre spillerens trekk.
rules-sweep-owner = Kulene som da fortsatt ligger i hullene, teller for eieren sin: De gjenværende kulene på hver side går i den sidens kalaha.
rules-sweep-emptier = Spilleren med den tomme siden får da alle kulene som fortsatt ligger på brettet, og legger dem i sin egen kalaha.
rules-sweep-none = Kulene som da fortsatt ligger i hullene, teller ikke for noen; bare kalahaene teller.
rules-early-end = Tidlig slutt: Så snart en kalaha har mer enn halvparten av alle kulene, er spillet avgjort og slutter straks. Hver spiller beholder kulene i sine egne hull.
rules-pie = Bytteregelen: Etter første spillers første tur kan den andre spilleren, i stedet for å trekke, bytte plass og overta første spillers plass og stilling, mens første spiller fortsetter fra motsatt side. Da lønner det seg ikke å åpne med et altfor sterkt trekk.
rules-winner = Den som har flest kuler i kalahaen sin, vinner. Har begge kalahaene like mange kuler, blir det uavgjort.
rules-first-player = Hvem som begynner, avgjøres ved loddtrekning.

## Eksempel (standardbrett: 6 hull med 4 kuler i hvert)

rules-example = Du tar de 4 kulene fra hull 3 og legger én i hvert av hullene 4, 5 og 6 og den siste i kalahaen din. Fordi den siste kulen havnet i kalahaen din, får du ett trekk til.

## Etiketter

rules-houses-label = Hull per side
rules-seeds-label = Kuler per hull
rules-total-label = Kuler i alt

## Ferdige regelsett: sammendrag på én linje

preset-standard = De klassiske reglene, som i den vanlige spillebeskrivelsen og de fleste Kalah-programmer: 4 kuler per hull, vanlig fangst, spillet slutter når én side er tom, og hver spiller beholder de gjenværende kulene sine.
preset-empty-capture = Standardreglene med tom fangst: En siste kule i et av dine egne tomme hull fanges alltid, også når det ikke ligger noe overfor.
preset-bga = Som på Board Game Arena: Spillet slutter når spilleren som har turen, ikke kan trekke, og straks når en kalaha har mer enn halvparten av kulene; bytteregelen og tom fangst kan slås på.
preset-sheet-002 = 6 kuler per hull, med tom fangst.
preset-sheet-003 = 6 kuler per hull, med tom fangst; hver spiller beholder de gjenværende kulene sine.
preset-sheet-004 = 6 kuler per hull, med tom fangst; spilleren med den tomme siden får resten.
