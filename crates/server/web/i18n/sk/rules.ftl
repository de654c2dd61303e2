### Stránky s pravidlami hry Kalah, slovenčina. Preklad en/rules.ftl (tam je opísané, ako sa
### stránka z týchto správ skladá).
### Pojmy: house = jamka, store = pokladnica (kalah), seed = kameň, sow = rozkladať, capture = brať.

rules-title = Ako sa hrá Kalah
rules-intro = Kalah je stolová hra pre dvoch hráčov z rodiny mankál, ktorá sa hrá s kameňmi v malých jamkách. Rozkladáš kamene po doske a snažíš sa ich čo najviac nazbierať do svojej pokladnice (kalahu). Vyhráva ten, kto má na konci hry v pokladnici viac kameňov.

## Nadpisy

rules-setup-heading = Hracia doska
rules-move-heading = Ťah
rules-capture-heading = Branie
rules-end-heading = Koniec hry
rules-winner-heading = Kto vyhráva
rules-options-heading = Možnosti pravidiel
rules-presets-heading = Hotové súbory pravidiel
rules-example-heading = Príklad

## Hracia doska

rules-board =
    Doska má dva rady po { $houses ->
        [one] jednej jamke
        [few] { $houses } jamkách
       *[other] { $houses } jamkách
    }, jeden rad pre každého hráča, a na oboch koncoch veľkú jamku: pokladnicu (hovorí sa jej aj kalah). Tvoja pokladnica je tá po tvojej pravej ruke. Na začiatku { $seeds ->
        [one] leží v každej jamke jeden kameň
        [few] ležia v každej jamke { $seeds } kamene
       *[other] leží v každej jamke { $seeds } kameňov
    }, spolu { $total ->
        [one] { $total } kameň
        [few] { $total } kamene
       *[other] { $total } kameňov
    }, a obe pokladnice sú prázdne.
rules-numbering = Každý hráč čísluje svoje jamky zľava, takže jamka { $houses } je tá hneď vedľa jeho pokladnice.

## Ťah

rules-sowing = Keď si na ťahu, vyber jednu zo svojich jamiek, ktorá nie je prázdna, a vezmi z nej všetky kamene. Rozkladaj ich po jednom proti smeru hodinových ručičiek do nasledujúcich jamiek, do svojej pokladnice, keď okolo nej prejdeš, a ďalej do jamiek súpera. Súperovu pokladnicu preskakuješ. Ak kamene vystačia na celé kolo okolo dosky, dostane kameň aj vyprázdnená jamka.
rules-sowing-both-stores = Keď si na ťahu, vyber jednu zo svojich jamiek, ktorá nie je prázdna, a vezmi z nej všetky kamene. Rozkladaj ich po jednom proti smeru hodinových ručičiek do nasledujúcich jamiek a do oboch pokladníc, keď okolo nich prejdeš. Kameň vložený do súperovej pokladnice patrí súperovi, a ak tam skončí tvoj posledný kameň, tvoj ťah sa končí.
rules-extra-turn = Ak tvoj posledný kameň skončí v tvojej pokladnici, ťaháš znova. Môže sa to zopakovať aj niekoľkokrát za sebou.
rules-turn-ends = Ak tvoj posledný kameň skončí inde, tvoj ťah sa končí a na rade je súper.

## Branie

rules-capture-standard = Ak tvoj posledný kameň skončí v prázdnej jamke na tvojej strane a v protiľahlej jamke sú kamene, berieš: tento kameň aj všetky kamene z protiľahlej jamky idú do tvojej pokladnice a tvoj ťah sa končí. Ak je protiľahlá jamka prázdna, tvoj kameň jednoducho zostane tam, kam dopadol.
rules-capture-empty = Ak tvoj posledný kameň skončí v prázdnej jamke na tvojej strane, berieš: tento kameň ide do tvojej pokladnice spolu so všetkými kameňmi z protiľahlej jamky, aj keď je tá jamka prázdna. Potom sa tvoj ťah končí.
rules-capture-none = V tejto hre sa neberie: nech tvoj posledný kameň skončí kdekoľvek, zostane tam.

## Koniec hry

rules-end-either-empty = Hra sa končí, len čo sú všetky jamky na jednej strane prázdne. Kontroluje sa to po každom rozložení kameňov, takže hra sa skončí aj vtedy, keby hráč inak ťahal ešte raz.
rules-end-mover-cannot-move = Hra sa končí až vtedy, keď hráč, ktorý je na ťahu, nemá vo svojich jamkách žiadne kamene. Dovtedy môžu prázdnu stranu znova zaplniť ťahy druhého hráča.
rules-sweep-owner = Kamene, ktoré potom zostali v jamkách, sa počítajú ich majiteľovi: zvyšné kamene každej strany idú do pokladnice tejto strany.
rules-sweep-emptier = Hráč, ktorého strana je prázdna, potom získa všetky kamene, ktoré zostali na doske, a vloží ich do svojej pokladnice.
rules-sweep-none = Kamene, ktoré potom zostali v jamkách, sa nepočítajú nikomu; počítajú sa len pokladnice.
rules-early-end = Predčasný koniec: len čo je v jednej pokladnici viac ako polovica všetkých kameňov, hra je rozhodnutá a hneď sa končí. Každý hráč si ponechá kamene, ktoré zostali v jeho jamkách.
rules-pie = Pravidlo výmeny: po prvom ťahu začínajúceho hráča smie druhý hráč namiesto ťahu vymeniť strany. Prevezme miesto a pozíciu prvého hráča a ten pokračuje z protiľahlej strany. Preto sa neoplatí začínať príliš silným ťahom.
rules-winner = Vyhráva hráč, ktorý má vo svojej pokladnici viac kameňov. Ak je v oboch pokladniciach rovnako veľa kameňov, hra sa končí remízou.
rules-first-player = O tom, kto začína, rozhoduje žreb.

## Príklad (bežná doska: 6 jamiek po 4 kamene)

rules-example = Vezmeš 4 kamene zo svojej jamky 3 a vložíš po jednom do jamiek 4, 5 a 6 a posledný do svojej pokladnice. Keďže posledný kameň skončil v pokladnici, ťaháš znova.

## Popisky

rules-houses-label = Počet jamiek na strane
rules-seeds-label = Počet kameňov v jamke
rules-total-label = Spolu kameňov

## Hotové súbory pravidiel: zhrnutia na jeden riadok

preset-standard = Klasické pravidlá ako v bežnom návode a vo väčšine programov na Kalah: 4 kamene v jamke, bežné branie, hra sa končí, keď je jedna strana prázdna, a každý hráč si ponechá svoje zvyšné kamene.
preset-empty-capture = Štandardné pravidlá s braním naprázdno: posledný kameň v tvojej prázdnej jamke sa berie vždy, aj keď oproti nič nie je.
preset-bga = Ako na Board Game Arena: hra sa končí, keď hráč na ťahu nemôže ťahať, a hneď, len čo je v jednej pokladnici viac ako polovica kameňov; pravidlo výmeny a branie naprázdno sa dajú zapnúť.
preset-sheet-002 = 6 kameňov v jamke, s braním naprázdno.
preset-sheet-003 = 6 kameňov v jamke, s braním naprázdno; každý hráč si ponechá svoje zvyšné kamene.
preset-sheet-004 = 6 kameňov v jamke, s braním naprázdno; hráč, ktorého strana je prázdna, získa zvyšok.
