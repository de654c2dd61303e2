# Ensimmäinen oppitunti (/learn selaimessa, `kalah play --lesson` päätteessä).
# Vain yksinkertaisia viestejä: `id = teksti`, sisennetyt jatkorivit, { $variable }.

lesson-title = Ensimmäinen oppitunti
lesson-heading = Opi Kalah kahdessa minuutissa
lesson-intro = Neljä lyhyttä vaihetta, jotka kukin pelataan laudalla: kylväminen, lisävuoro, kaappaus ja pelin loppu. Pelaat alariviä; kalahasi on oikealla puolellasi.
lesson-note-houses = Kuoppia kummallakin puolella näissä säännöissä: { $houses }. Oppitunnilla kuoppia on { $shown } kummallakin puolella, ja muut säännöt pysyvät samoina.
lesson-step = Vaihe { $step }/{ $steps }
lesson-you = Sinä
lesson-opponent = Vastustaja
lesson-board-label = Oppitunnin lauta
lesson-try-again = Yritä uudelleen
lesson-next = Seuraava vaihe
lesson-finish = Valmis
lesson-restart-step = Aloita tämä vaihe alusta
lesson-complete-heading = Oppitunti suoritettu
lesson-complete-text = Osaat nyt kylvämisen, lisävuoron, kaappauksen ja pelin lopun näillä säännöillä. Valmis oikeaan peliin?
lesson-play-computer = Pelaa tietokonetta vastaan näillä säännöillä
lesson-again = Käy oppitunti uudelleen
lesson-read-rules = Lue kaikki säännöt
lesson-home-link = Uusi Kalahissa? Opi se kahdessa minuutissa
lesson-nav = Opi
lesson-rules-label = Oppitunnin säännöt
lesson-wrong-heading = Ei aivan

lesson-sowing-title = Kylväminen
lesson-sowing-body = Vuorollasi otat kaikki siemenet yhdestä kuopastasi ja kylvät ne yksi kerrallaan seuraaviin kuoppiin vastapäivään: omiin kuoppiisi oikealle, omaan kalahaasi ja sitten vastustajan kuoppiin.
lesson-sowing-skip = Vastustajan kalaha ohitetaan. Kalahassa olevat siemenet pysyvät siellä loppuun asti.
lesson-sowing-both-stores = Näissä säännöissä myös vastustajan kalaha saa siemenen, kun kuljet sen ohi, ja se siemen lasketaan vastustajalle.
lesson-sowing-task = Kylvä kuoppa, jonka siemenet ulottuvat vastustajan puolelle (ylärivi).
lesson-sowing-done = Yksi siemen kuhunkin kuoppaan: siemenesi kulkivat kalahasi kautta, jonne yksi jää pysyvästi, ja edelleen vastustajan puolelle.
lesson-sowing-hint = Jokainen kuoppa saa yhden siemenen: kuopassa pitää olla enemmän siemeniä kuin siitä on askelia kalahaasi.

lesson-landed-house = Viimeinen siemenesi päätyi kuoppaasi { $last }.
lesson-landed-opponent-house = Viimeinen siemenesi päätyi vastustajan kuoppaan { $last }.
lesson-landed-store = Viimeinen siemenesi päätyi kalahaasi.
lesson-landed-opponent-store = Viimeinen siemenesi päätyi vastustajan kalahaan.

lesson-extra-title = Lisävuoro
lesson-extra-body = Jos viimeinen kylvämäsi siemen päätyy omaan kalahaasi, saat siirtää uudelleen. Näin voi käydä monta kertaa peräkkäin.
lesson-extra-task = Etsi kuoppa, jonka viimeinen siemen päätyy kalahaasi.
lesson-extra-done = Viimeinen siemenesi päätyi kalahaasi: saat siirtää uudelleen.
lesson-extra-hint = Etsi kuoppa, jossa on täsmälleen yhtä monta siementä kuin askelia kalahaasi.

lesson-capture-title = Kaappaus
lesson-capture-standard = Jos viimeinen siemenesi päätyy tyhjään kuoppaan omalla puolellasi ja vastapäisessä kuopassa on siemeniä, kaappaat: tämä siemen ja kaikki vastapäiset siemenet siirtyvät kalahaasi. Jos vastapäätä ei ole mitään, siemen vain jää paikalleen. Kummassakin tapauksessa vuorosi päättyy.
lesson-capture-empty = Jos viimeinen siemenesi päätyy tyhjään kuoppaan omalla puolellasi, kaappaat: tämä siemen ja kaikki vastapäisen kuopan siemenet siirtyvät kalahaasi, vaikka vastapäinen kuoppa olisi tyhjä. Sen jälkeen vuorosi päättyy.
lesson-capture-none = Näissä säännöissä ei kaapata: viimeinen siemen, joka päätyy tyhjään kuoppaan omalla puolellasi, vain jää sinne, ja vuorosi päättyy.
lesson-capture-task = Kaappaa vastustajan kuopan { $house } siemenet tyhjän kuoppasi vastapäätä.
lesson-capture-none-task = Kylvä kuoppa, jonka viimeinen siemen päätyy tyhjään kuoppaasi { $house }.
lesson-capture-done = Kaapattu: viimeinen siemenesi ja vastustajan kuopan { $opposite } siemenet siirtyivät kalahaasi.
lesson-capture-none-done = Viimeinen siemenesi jää kuoppaasi { $house }: mitään ei kaapata, ja vuorosi päättyy.
lesson-capture-nothing-opposite = Vastapäinen kuoppa oli tyhjä, joten kaapattavaa ei ollut.
lesson-capture-not-empty = Siinä kuopassa oli jo siemeniä, joten mitään ei kaapata.
lesson-capture-hint = Etsi kuoppa, jonka viimeinen siemen päätyy tyhjään kuoppaasi { $house }.

lesson-end-title = Pelin loppu
lesson-end-either-empty = Peli päättyy heti, kun jommankumman puolen kaikki kuopat ovat tyhjiä.
lesson-end-mover-cannot-move = Peli päättyy, kun vuorossa olevalla pelaajalla ei ole siemeniä kuopissaan.
lesson-sweep-owner = Kuoppiin jääneet siemenet siirtyvät silloin omistajansa kalahaan, ja täydempi kalaha voittaa.
lesson-sweep-emptier = Pelaaja, jonka puoli on tyhjä, saa silloin kaikki kuoppiin jääneet siemenet, ja täydempi kalaha voittaa.
lesson-sweep-none = Kuoppiin jääneitä siemeniä ei silloin lasketa kenellekään, ja täydempi kalaha voittaa.
lesson-early-end = Näissä säännöissä peli päättyy myös heti, kun jossakin kalahassa on yli puolet kaikista siemenistä; jäljelle jääneet siemenet menevät silloin omistajalleen.
lesson-end-task = Tyhjennä kaikki kuoppasi tämän vuoron aikana, niin peli päättyy. Käytä lisävuoroja.
lesson-end-task-mover = Lopeta peli: tyhjennä kaikki kuoppasi niin, että viimeinen siemen päätyy kalahaasi ja olet vuorossa ilman kylvettävää.
lesson-end-again = Saat siirtää uudelleen.
lesson-end-stuck = Saat siirtää uudelleen, mutta tästä et enää saa kaikkia kuoppiasi tyhjiksi tämän vuoron aikana.
lesson-end-seeds-left = Vuorosi päättyi ja kuopissasi on vielä siemeniä, joten peli jatkuu.
lesson-end-opponent-moves = Kuoppasi ovat tyhjiä, mutta vuorosi päättyi ja vastustaja voi vielä siirtää, joten peli jatkuu.
lesson-end-hint = Kylvä joka kerta kalahaasi lähinnä oleva kuoppa, jonka siemenet ulottuvat täsmälleen sinne.
lesson-end-done-owner = Peli on päättynyt. Vastustajan kuoppiin jääneet siemenet siirtyvät hänen kalahaansa (+{ $seeds }).
lesson-end-done-you = Peli on päättynyt. Puolesi on tyhjä, joten kaikki jäljellä olevat siemenet siirtyvät kalahaasi (+{ $seeds }).
lesson-end-done-none = Peli on päättynyt. Kuoppiin jääneitä siemeniä ei lasketa kenellekään.
lesson-end-done-early = Peli päättyy heti: kalahassasi on yli puolet kaikista siemenistä. Jäljelle jääneet siemenet menevät omistajalleen.
lesson-end-score = Lopputulos: sinä { $you }, vastustaja { $opponent }.

lesson-key-sow = kylvä
lesson-key-choose = valitse ja kylvä
lesson-key-retry = aloita vaihe alusta
lesson-key-next = seuraava vaihe
lesson-key-leave = poistu oppitunnilta
lesson-key-quit = lopeta
lesson-key-play = peli näillä säännöillä
lesson-tui-next = Enter: seuraava vaihe.
lesson-tui-finish = Enter: päätä oppitunti.
lesson-tui-retry = Enter: yritä uudelleen.
lesson-tui-empty = Kuoppa { $house } on tyhjä: valitse kuoppa, jossa on siemeniä.
lesson-tui-no-house = Kuoppaa { $house } ei ole.
