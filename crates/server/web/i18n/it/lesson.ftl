# La prima lezione (/learn nel browser, `kalah play --lesson` nel terminale).
# Solo messaggi semplici: `id = testo`, righe di continuazione rientrate, { $variable }.

lesson-title = Prima lezione
lesson-heading = Impara Kalah in due minuti
lesson-intro = Quattro brevi passi, ognuno giocato sul tavoliere: la semina, il turno in più, la cattura e la fine della partita. Giochi la fila in basso; il tuo granaio è alla tua destra.
lesson-note-houses = Buche per lato in queste regole: { $houses }. La lezione mostra { $shown } buche per lato, con tutte le altre regole uguali.
lesson-step = Passo { $step } di { $steps }
lesson-you = Tu
lesson-opponent = Avversario
lesson-board-label = Tavoliere della lezione
lesson-try-again = Riprova
lesson-next = Passo successivo
lesson-finish = Fine
lesson-restart-step = Ricomincia questo passo
lesson-complete-heading = Lezione completata
lesson-complete-text = Ora conosci la semina, il turno in più, la cattura e la fine della partita con queste regole. Pronto per una partita vera?
lesson-play-computer = Gioca contro il computer con queste regole
lesson-again = Rifai la lezione
lesson-read-rules = Leggi tutte le regole
lesson-home-link = Nuovo a Kalah? Imparalo in due minuti
lesson-nav = Impara
lesson-rules-label = Regole della lezione
lesson-wrong-heading = Non ancora

lesson-sowing-title = La semina
lesson-sowing-body = Al tuo turno prendi tutti i semi di una delle tue buche e seminali uno alla volta nelle buche successive, in senso antiorario: le tue buche verso destra, il tuo granaio e poi le buche dell'avversario.
lesson-sowing-skip = Il granaio dell'avversario viene saltato. I semi in un granaio ci restano fino alla fine.
lesson-sowing-both-stores = Con queste regole anche il granaio dell'avversario riceve un seme quando ci passi, e quel seme conta per lui.
lesson-sowing-task = Semina una buca i cui semi arrivano dalla parte dell'avversario (la fila in alto).
lesson-sowing-done = Un seme in ogni buca: i tuoi semi sono passati dal tuo granaio, dove uno resta per sempre, e sono arrivati dalla parte dell'avversario.
lesson-sowing-hint = Ogni buca riceve un seme: serve una buca con più semi dei passi che la separano dal tuo granaio.

lesson-landed-house = Il tuo ultimo seme è caduto nella tua buca { $last }.
lesson-landed-opponent-house = Il tuo ultimo seme è caduto nella buca { $last } dell'avversario.
lesson-landed-store = Il tuo ultimo seme è caduto nel tuo granaio.
lesson-landed-opponent-store = Il tuo ultimo seme è caduto nel granaio dell'avversario.

lesson-extra-title = Il turno in più
lesson-extra-body = Se l'ultimo seme che semini cade nel tuo granaio, giochi di nuovo. Può succedere più volte di seguito.
lesson-extra-task = Trova la buca il cui ultimo seme cade nel tuo granaio.
lesson-extra-done = Il tuo ultimo seme è caduto nel tuo granaio: giochi di nuovo.
lesson-extra-hint = Cerca una buca con esattamente tanti semi quanti sono i passi fino al tuo granaio.

lesson-capture-title = La cattura
lesson-capture-standard = Se il tuo ultimo seme cade in una buca vuota dalla tua parte e la buca di fronte contiene semi, fai una cattura: quel seme e tutti i semi di fronte vanno nel tuo granaio. Se di fronte non c'è niente, il seme resta semplicemente lì. In entrambi i casi il tuo turno finisce.
lesson-capture-empty = Se il tuo ultimo seme cade in una buca vuota dalla tua parte, fai una cattura: quel seme e tutti i semi della buca di fronte vanno nel tuo granaio, anche se la buca di fronte è vuota. Poi il tuo turno finisce.
lesson-capture-none = Queste regole non hanno catture: un ultimo seme che cade in una buca vuota dalla tua parte resta semplicemente lì, e il tuo turno finisce.
lesson-capture-task = Cattura i semi della buca { $house } dell'avversario, di fronte alla tua buca vuota.
lesson-capture-none-task = Semina la buca il cui ultimo seme cade nella tua buca vuota { $house }.
lesson-capture-done = Catturati: il tuo ultimo seme e i semi della buca { $opposite } dell'avversario sono finiti nel tuo granaio.
lesson-capture-none-done = Il tuo ultimo seme resta nella tua buca { $house }: non si cattura niente e il tuo turno finisce.
lesson-capture-nothing-opposite = La buca di fronte era vuota, quindi non c'era niente da catturare.
lesson-capture-not-empty = Quella buca aveva già dei semi, quindi non si cattura niente.
lesson-capture-hint = Cerca la buca il cui ultimo seme cade nella tua buca vuota { $house }.

lesson-end-title = La fine della partita
lesson-end-either-empty = La partita finisce appena tutte le buche di un lato sono vuote.
lesson-end-mover-cannot-move = La partita finisce quando il giocatore di turno non ha più semi nelle sue buche.
lesson-sweep-owner = I semi rimasti nelle buche vanno allora nel granaio del loro proprietario, e vince il granaio più pieno.
lesson-sweep-emptier = Il giocatore il cui lato è vuoto prende allora tutti i semi rimasti nelle buche, e vince il granaio più pieno.
lesson-sweep-none = I semi rimasti nelle buche non contano allora per nessuno, e vince il granaio più pieno.
lesson-early-end = Con queste regole la partita finisce anche subito quando un granaio contiene più della metà di tutti i semi; i semi rimasti vanno allora al loro proprietario.
lesson-end-task = Svuota tutte le tue buche in questo turno per finire la partita. Sfrutta i turni in più.
lesson-end-task-mover = Finisci la partita: svuota tutte le tue buche con l'ultimo seme nel tuo granaio, così che tocchi a te senza niente da seminare.
lesson-end-again = Giochi di nuovo.
lesson-end-stuck = Giochi di nuovo, ma da qui le tue buche non si possono più svuotare tutte in questo turno.
lesson-end-seeds-left = Il tuo turno è finito e nelle tue buche ci sono ancora semi, quindi la partita continua.
lesson-end-opponent-moves = Le tue buche sono vuote, ma il tuo turno è finito e l'avversario può ancora muovere, quindi la partita continua.
lesson-end-hint = Ogni volta, semina la buca più vicina al tuo granaio i cui semi ci arrivano esattamente.
lesson-end-done-owner = La partita è finita. I semi rimasti nelle buche dell'avversario vanno nel suo granaio (+{ $seeds }).
lesson-end-done-you = La partita è finita. Il tuo lato è vuoto, quindi tutti i semi rimasti vanno nel tuo granaio (+{ $seeds }).
lesson-end-done-none = La partita è finita. I semi rimasti nelle buche non contano per nessuno.
lesson-end-done-early = La partita finisce subito: il tuo granaio contiene più della metà di tutti i semi. I semi rimasti vanno al loro proprietario.
lesson-end-score = Punteggio finale: tu { $you }, l'avversario { $opponent }.

lesson-key-sow = semina
lesson-key-choose = scegli e semina
lesson-key-retry = ricomincia il passo
lesson-key-next = passo successivo
lesson-key-leave = esci dalla lezione
lesson-key-quit = esci
lesson-key-play = una partita con queste regole
lesson-tui-next = Invio: passo successivo.
lesson-tui-finish = Invio: termina la lezione.
lesson-tui-retry = Invio: riprova.
lesson-tui-empty = La buca { $house } è vuota: scegli una buca con dei semi.
lesson-tui-no-house = Non c'è nessuna buca { $house }.
