### Regelsider for Kalah, dansk. Oversættelse af en/rules.ftl (der står, hvordan en side
### sættes sammen af disse beskeder).
### Begreber: house = hul, store = kalaha, seed = kugle, sow = fordele, capture = fange.

rules-title = Sådan spiller du Kalah
rules-intro = Kalah er et brætspil for to spillere fra mancala-familien, og det spilles med kugler i små huller. Du fordeler kuglerne rundt på brættet og prøver at samle så mange som muligt i din egen kalaha. Den, der har flest kugler i sin kalaha, når spillet slutter, vinder.

## Overskrifter

rules-setup-heading = Brættet
rules-move-heading = Et træk
rules-capture-heading = Fangst
rules-end-heading = Spillets afslutning
rules-winner-heading = Hvem vinder
rules-options-heading = Regelvalg
rules-presets-heading = Faste regelsæt
rules-example-heading = Eksempel

## Brættet

rules-board =
    Brættet har to rækker med { $houses ->
        [one] ét hul
       *[other] { $houses } huller
    }, én række til hver spiller, og et stort hul i hver ende: kalahaen. Din kalaha er den, der ligger til højre for dig. Ved start ligger der { $seeds ->
        [one] én kugle
       *[other] { $seeds } kugler
    } i hvert hul, { $total } kugler i alt, og begge kalahaer er tomme.
rules-numbering = Hver spiller nummererer sine huller fra venstre, så hul { $houses } er det, der ligger lige ved siden af spillerens egen kalaha.

## Et træk

rules-sowing = Når det er din tur, vælger du et af dine huller, som ikke er tomt, og tager alle kuglerne op. Læg dem én ad gangen mod uret i de følgende huller, i din egen kalaha, når du kommer forbi den, og videre i modstanderens huller. Modstanderens kalaha springes over. Har du kugler nok til at nå hele vejen rundt om brættet, får det hul, du tømte, også en kugle.
rules-sowing-both-stores = Når det er din tur, vælger du et af dine huller, som ikke er tomt, og tager alle kuglerne op. Læg dem én ad gangen mod uret i de følgende huller og i begge kalahaer, når du kommer forbi dem. En kugle i modstanderens kalaha tilhører modstanderen, og lander din sidste kugle dér, er din tur slut.
rules-extra-turn = Lander din sidste kugle i din egen kalaha, får du en tur mere. Det kan ske flere gange i træk.
rules-turn-ends = Lander din sidste kugle et andet sted, er din tur slut, og det er modstanderens tur.

## Fangst

rules-capture-standard = Lander din sidste kugle i et tomt hul på din side, og er der kugler i hullet overfor, fanger du dem: Den kugle og alle kuglerne overfor kommer i din kalaha, og din tur er slut. Er hullet overfor tomt, bliver din kugle bare liggende, hvor den landede.
rules-capture-empty = Lander din sidste kugle i et tomt hul på din side, fanger du: Kuglen kommer i din kalaha sammen med alle kuglerne fra hullet overfor, også selv om det hul er tomt. Derefter er din tur slut.
rules-capture-none = I dette spil fanger man ikke: Hvor din sidste kugle end lander, bliver den liggende.

## Spillets afslutning

rules-end-either-empty = Spillet slutter, så snart alle huller på den ene side er tomme. Det tjekkes, hver gang kugler er blevet fordelt, så spillet slutter også, selv om spilleren ellers skulle have haft en tur mere.
rules-end-mover-cannot-move = Spillet slutter først, når den spiller, der har turen, ikke har flere kugler i sine huller. Indtil da kan en tom side blive fyldt op igen af den anden spillers træk.
rules-sweep-owner = De kugler, der så stadig ligger i hullerne, tæller for deres ejer: De resterende kugler på hver side kommer i den sides kalaha.
rules-sweep-emptier = Den spiller, hvis side er tom, får så alle de kugler, der stadig ligger på brættet, og lægger dem i sin egen kalaha.
rules-sweep-none = De kugler, der så stadig ligger i hullerne, tæller ikke for nogen; kun kalahaerne tæller.
rules-early-end = Tidlig afslutning: Så snart en kalaha indeholder mere end halvdelen af alle kugler, er spillet afgjort og slutter med det samme. Hver spiller beholder kuglerne i sine egne huller.
rules-pie = Byttereglen: Efter første spillers første tur må den anden spiller i stedet for at trække bytte plads og overtage første spillers plads og stilling, mens første spiller fortsætter fra den modsatte side. Så kan det ikke betale sig at åbne med et for stærkt træk.
rules-winner = Den spiller, der har flest kugler i sin kalaha, vinder. Har begge kalahaer lige mange kugler, ender spillet uafgjort.
rules-first-player = Hvem der begynder, afgøres ved lodtrækning.

## Eksempel (standardbræt: 6 huller med 4 kugler i hvert)

rules-example = Du tager de 4 kugler fra dit hul 3 og lægger én i hvert af hullerne 4, 5 og 6 og den sidste i din kalaha. Fordi den sidste kugle landede i din kalaha, får du en tur mere.

## Etiketter

rules-houses-label = Huller pr. side
rules-seeds-label = Kugler pr. hul
rules-total-label = Kugler i alt

## Faste regelsæt: resuméer på én linje

preset-standard = De klassiske regler som i den almindelige spillevejledning og de fleste Kalah-programmer: 4 kugler pr. hul, almindelig fangst, spillet slutter, når en af siderne er tom, og hver spiller beholder sine resterende kugler.
preset-empty-capture = Standardreglerne med tom fangst: En sidste kugle i et af dine egne tomme huller fanges altid, også selv om der ikke er noget overfor.
preset-bga = Som på Board Game Arena: Spillet slutter, når den spiller, der har turen, ikke kan trække, og med det samme, når en kalaha indeholder mere end halvdelen af kuglerne; byttereglen og tom fangst kan slås til.
preset-sheet-002 = 6 kugler pr. hul, med tom fangst.
preset-sheet-003 = 6 kugler pr. hul, med tom fangst; hver spiller beholder sine resterende kugler.
preset-sheet-004 = 6 kugler pr. hul, med tom fangst; den spiller, hvis side er tom, får resten.
