### Stránky s pravidly hry Kalah, čeština. Překlad en/rules.ftl (tam je popsáno, jak se stránka
### z těchto zpráv skládá).
### Pojmy: house = jamka, store = pokladnice (kalah), seed = kámen, sow = rozkládat, capture = brát.

rules-title = Jak se hraje Kalah
rules-intro = Kalah je desková hra pro dva hráče z rodiny mankal, která se hraje s kameny v malých jamkách. Rozkládáš kameny po desce a snažíš se jich co nejvíc nasbírat do své pokladnice (kalahu). Vyhrává ten, kdo má na konci hry v pokladnici víc kamenů.

## Nadpisy

rules-setup-heading = Hrací deska
rules-move-heading = Tah
rules-capture-heading = Braní
rules-end-heading = Konec hry
rules-winner-heading = Kdo vyhrává
rules-options-heading = Možnosti pravidel
rules-presets-heading = Hotové sady pravidel
rules-example-heading = Příklad

## Hrací deska

rules-board =
    Deska má dvě řady po { $houses ->
        [one] jedné jamce
        [few] { $houses } jamkách
       *[other] { $houses } jamkách
    }, jednu řadu pro každého hráče, a na obou koncích velkou jamku: pokladnici (říká se jí také kalah). Tvoje pokladnice je ta po tvé pravé ruce. Na začátku leží v každé jamce { $seeds ->
        [one] jeden kámen
        [few] { $seeds } kameny
       *[other] { $seeds } kamenů
    }, celkem { $total ->
        [one] { $total } kámen
        [few] { $total } kameny
       *[other] { $total } kamenů
    }, a obě pokladnice jsou prázdné.
rules-numbering = Každý hráč čísluje své jamky zleva, takže jamka { $houses } je ta hned vedle jeho pokladnice.

## Tah

rules-sowing = Když jsi na tahu, vyber jednu ze svých jamek, která není prázdná, a vezmi z ní všechny kameny. Rozkládej je po jednom proti směru hodinových ručiček do následujících jamek, do své pokladnice, když kolem ní projdeš, a dál do jamek soupeře. Soupeřovu pokladnici přeskakuješ. Pokud kameny vystačí na celé kolo kolem desky, dostane kámen i vyprázdněná jamka.
rules-sowing-both-stores = Když jsi na tahu, vyber jednu ze svých jamek, která není prázdná, a vezmi z ní všechny kameny. Rozkládej je po jednom proti směru hodinových ručiček do následujících jamek a do obou pokladnic, když kolem nich projdeš. Kámen vložený do soupeřovy pokladnice patří soupeři, a pokud tam skončí tvůj poslední kámen, tvůj tah končí.
rules-extra-turn = Pokud tvůj poslední kámen skončí ve tvé pokladnici, táhneš znovu. To se může opakovat i několikrát za sebou.
rules-turn-ends = Pokud tvůj poslední kámen skončí jinde, tvůj tah končí a na řadě je soupeř.

## Braní

rules-capture-standard = Pokud tvůj poslední kámen skončí v prázdné jamce na tvé straně a v protější jamce jsou kameny, bereš: tento kámen i všechny kameny z protější jamky jdou do tvé pokladnice a tvůj tah končí. Je-li protější jamka prázdná, tvůj kámen prostě zůstane tam, kam dopadl.
rules-capture-empty = Pokud tvůj poslední kámen skončí v prázdné jamce na tvé straně, bereš: tento kámen jde do tvé pokladnice spolu se všemi kameny z protější jamky, i když je ta jamka prázdná. Potom tvůj tah končí.
rules-capture-none = V této hře se nebere: ať tvůj poslední kámen skončí kdekoli, zůstane tam.

## Konec hry

rules-end-either-empty = Hra končí, jakmile jsou všechny jamky na jedné straně prázdné. Kontroluje se to po každém rozložení kamenů, takže hra skončí i tehdy, kdyby hráč jinak táhl ještě jednou.
rules-end-mover-cannot-move = Hra končí až tehdy, když hráč, který je na tahu, nemá ve svých jamkách žádné kameny. Do té doby může prázdnou stranu znovu zaplnit tahy druhého hráče.
rules-sweep-owner = Kameny, které pak zůstaly v jamkách, se počítají jejich majiteli: zbylé kameny každé strany jdou do pokladnice této strany.
rules-sweep-emptier = Hráč, jehož strana je prázdná, pak získá všechny kameny, které zůstaly na desce, a vloží je do své pokladnice.
rules-sweep-none = Kameny, které pak zůstaly v jamkách, se nepočítají nikomu; počítají se jen pokladnice.
rules-early-end = Předčasný konec: jakmile je v jedné pokladnici víc než polovina všech kamenů, je hra rozhodnutá a hned končí. Každý hráč si ponechá kameny, které zůstaly v jeho jamkách.
rules-pie = Pravidlo výměny: po prvním tahu začínajícího hráče smí druhý hráč místo tahu vyměnit strany. Převezme místo a pozici prvního hráče a ten pokračuje z protější strany. Proto se nevyplatí začínat příliš silným tahem.
rules-winner = Vyhrává hráč, který má ve své pokladnici víc kamenů. Pokud je v obou pokladnicích stejně kamenů, hra končí remízou.
rules-first-player = O tom, kdo začíná, rozhoduje los.

## Příklad (běžná deska: 6 jamek po 4 kamenech)

rules-example = Vezmeš 4 kameny ze své jamky 3 a vložíš po jednom do jamek 4, 5 a 6 a poslední do své pokladnice. Protože poslední kámen skončil v pokladnici, táhneš znovu.

## Popisky

rules-houses-label = Počet jamek na straně
rules-seeds-label = Počet kamenů v jamce
rules-total-label = Celkem kamenů

## Hotové sady pravidel: shrnutí na jeden řádek

preset-standard = Klasická pravidla jako v běžném návodu a ve většině programů pro Kalah: 4 kameny v jamce, běžné braní, hra končí, když je jedna strana prázdná, a každý hráč si ponechá své zbylé kameny.
preset-empty-capture = Standardní pravidla s braním naprázdno: poslední kámen ve tvé prázdné jamce se bere vždy, i když naproti nic není.
preset-bga = Jako na Board Game Arena: hra končí, když hráč na tahu nemůže táhnout, a hned, jakmile je v jedné pokladnici víc než polovina kamenů; pravidlo výměny a braní naprázdno lze zapnout.
preset-sheet-002 = 6 kamenů v jamce, s braním naprázdno.
preset-sheet-003 = 6 kamenů v jamce, s braním naprázdno; každý hráč si ponechá své zbylé kameny.
preset-sheet-004 = 6 kamenů v jamce, s braním naprázdno; hráč, jehož strana je prázdná, získá zbytek.
