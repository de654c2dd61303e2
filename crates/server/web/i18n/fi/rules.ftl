### Kalahin sääntösivut, suomi. Käännös tiedostosta en/rules.ftl (siinä kerrotaan, miten sivu
### kootaan näistä viesteistä).
### Termit: house = kuoppa, store = kalaha, seed = siemen, sow = kylvää, capture = kaapata.

rules-title = Näin pelataan Kalahia
rules-intro = Kalah on kahden pelaajan lautapeli mankala- eli kylvöpelien perheestä, ja sitä pelataan pienissä kuopissa olevilla siemenillä. Kylvät siemeniä laudan ympäri ja yrität kerätä niitä mahdollisimman paljon omaan kalahaasi. Voittaja on se, jolla on pelin lopussa enemmän siemeniä kalahassaan.

## Otsikot

rules-setup-heading = Pelilauta
rules-move-heading = Siirto
rules-capture-heading = Kaappaukset
rules-end-heading = Pelin loppu
rules-winner-heading = Kuka voittaa
rules-options-heading = Sääntövalinnat
rules-presets-heading = Valmiit sääntökokoelmat
rules-example-heading = Esimerkki

## Pelilauta

rules-board =
    Laudalla on kaksi { $houses ->
        [one] yhden kuopan
       *[other] { $houses } kuopan
    } riviä, yksi kummallekin pelaajalle, ja kummassakin päässä iso kuoppa: kalaha. Sinun kalahasi on se, joka on oikealla puolellasi. Alussa jokaisessa kuopassa on { $seeds ->
        [one] yksi siemen
       *[other] { $seeds } siementä
    }, yhteensä { $total } siementä, ja molemmat kalahat ovat tyhjiä.
rules-numbering = Kumpikin pelaaja numeroi kuoppansa vasemmalta alkaen, joten kuoppa { $houses } on se, joka on aivan hänen oman kalahansa vieressä.

## Siirto

rules-sowing = Valitse vuorollasi yksi omista kuopistasi, joka ei ole tyhjä, ja ota kaikki sen siemenet. Kylvä ne yksi kerrallaan vastapäivään seuraaviin kuoppiin, omaan kalahaasi, kun kuljet sen ohi, ja edelleen vastustajan kuoppiin. Vastustajan kalaha ohitetaan. Jos siemeniä riittää koko laudan ympäri, myös tyhjentämäsi kuoppa saa siemenen.
rules-sowing-both-stores = Valitse vuorollasi yksi omista kuopistasi, joka ei ole tyhjä, ja ota kaikki sen siemenet. Kylvä ne yksi kerrallaan vastapäivään seuraaviin kuoppiin ja molempiin kalahoihin, kun kuljet niiden ohi. Vastustajan kalahaan pudonnut siemen kuuluu vastustajalle, ja jos viimeinen siemenesi päätyy sinne, vuorosi päättyy.
rules-extra-turn = Jos viimeinen siemenesi päätyy omaan kalahaasi, saat siirtää uudelleen. Näin voi käydä monta kertaa peräkkäin.
rules-turn-ends = Jos viimeinen siemenesi päätyy muualle, vuorosi päättyy ja on vastustajan vuoro.

## Kaappaukset

rules-capture-standard = Jos viimeinen siemenesi päätyy tyhjään kuoppaan omalla puolellasi ja vastapäisessä kuopassa on siemeniä, kaappaat ne: tämä siemen ja kaikki vastapäiset siemenet siirretään kalahaasi, ja vuorosi päättyy. Jos vastapäinen kuoppa on tyhjä, siemenesi jää yksinkertaisesti paikalleen.
rules-capture-empty = Jos viimeinen siemenesi päätyy tyhjään kuoppaan omalla puolellasi, kaappaat: siemen siirretään kalahaasi yhdessä vastapäisen kuopan kaikkien siementen kanssa, vaikka se kuoppa olisi tyhjä. Sen jälkeen vuorosi päättyy.
rules-capture-none = Tässä pelissä ei kaapata: mihin tahansa viimeinen siemenesi päätyykin, siihen se jää.

## Pelin loppu

rules-end-either-empty = Peli päättyy heti, kun jommankumman puolen kaikki kuopat ovat tyhjiä. Tämä tarkistetaan jokaisen kylvön jälkeen, joten peli päättyy, vaikka pelaaja muuten saisi siirtää uudelleen.
rules-end-mover-cannot-move = Peli päättyy vasta, kun vuorossa olevalla pelaajalla ei ole yhtään siementä kuopissaan. Siihen asti tyhjä puoli voi vielä täyttyä toisen pelaajan kylvöistä.
rules-sweep-owner = Kuoppiin jääneet siemenet lasketaan silloin omistajalleen: kummankin puolen jäljellä olevat siemenet siirretään sen puolen kalahaan.
rules-sweep-emptier = Pelaaja, jonka puoli on tyhjä, saa silloin kaikki laudalle jääneet siemenet ja siirtää ne omaan kalahaansa.
rules-sweep-none = Kuoppiin jääneitä siemeniä ei silloin lasketa kenellekään; vain kalahat lasketaan.
rules-early-end = Ennenaikainen loppu: heti kun jossakin kalahassa on yli puolet kaikista siemenistä, peli on ratkennut ja päättyy saman tien. Kumpikin pelaaja pitää omiin kuoppiinsa jääneet siemenet.
rules-pie = Vaihtosääntö: aloittajan ensimmäisen vuoron jälkeen toinen pelaaja saa siirtämisen sijaan vaihtaa puolta. Hän ottaa aloittajan paikan ja aseman, ja aloittaja jatkaa vastakkaiselta puolelta. Siksi liian vahvalla avauksella ei kannata aloittaa.
rules-winner = Pelin voittaa se, jonka kalahassa on enemmän siemeniä. Jos molemmissa kalahoissa on yhtä monta siementä, peli päättyy tasapeliin.
rules-first-player = Aloittaja arvotaan.

## Esimerkki (tavallinen lauta: 6 kuoppaa, kussakin 4 siementä)

rules-example = Otat kuopan 3 neljä siementä ja kylvät yhden kuhunkin kuoppaan 4, 5 ja 6 sekä viimeisen kalahaasi. Koska viimeinen siemen päätyi kalahaasi, saat siirtää uudelleen.

## Nimikkeet

rules-houses-label = Kuoppia kummallakin puolella
rules-seeds-label = Siemeniä kuoppaa kohden
rules-total-label = Siemeniä yhteensä

## Valmiit sääntökokoelmat: yhden rivin yhteenvedot

preset-standard = Klassiset säännöt, kuten tavallisissa pelisäännöissä ja useimmissa Kalah-ohjelmissa: 4 siementä kuoppaa kohden, tavallinen kaappaus, peli päättyy, kun jompikumpi puoli on tyhjä, ja kumpikin pelaaja pitää jäljellä olevat siemenensä.
preset-empty-capture = Perussäännöt tyhjällä kaappauksella: viimeinen siemen omassa tyhjässä kuopassasi kaapataan aina, vaikka vastapäätä ei olisi mitään.
preset-bga = Kuten Board Game Arenassa: peli päättyy, kun vuorossa oleva pelaaja ei voi siirtää, ja heti, kun jossakin kalahassa on yli puolet siemenistä; vaihtosäännön ja tyhjän kaappauksen voi ottaa käyttöön.
preset-sheet-002 = 6 siementä kuoppaa kohden, tyhjä kaappaus.
preset-sheet-003 = 6 siementä kuoppaa kohden, tyhjä kaappaus; kumpikin pelaaja pitää jäljellä olevat siemenensä.
preset-sheet-004 = 6 siementä kuoppaa kohden, tyhjä kaappaus; pelaaja, jonka puoli on tyhjä, saa loput.
