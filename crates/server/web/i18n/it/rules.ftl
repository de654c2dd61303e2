### Pagine delle regole del Kalah, italiano. Traduzione di en/rules.ftl (che spiega come una
### pagina è composta da questi messaggi).
### Termini: house = buca, store = granaio (kalaha), seed = seme, sow = seminare, capture = cattura.

rules-title = Come si gioca a Kalah
rules-intro = Il Kalah è un gioco da tavolo per due giocatori della famiglia del mancala, che si gioca con dei semi in piccole buche. Distribuisci i semi intorno al tavoliere e cerchi di raccoglierne il più possibile nel tuo granaio, il kalaha. Vince chi alla fine della partita ha più semi nel proprio granaio.

## Titoli

rules-setup-heading = Il tavoliere
rules-move-heading = Una mossa
rules-capture-heading = Le catture
rules-end-heading = Fine della partita
rules-winner-heading = Chi vince
rules-options-heading = Opzioni delle regole
rules-presets-heading = Regole predefinite
rules-example-heading = Esempio

## Il tavoliere

rules-board =
    Il tavoliere ha due file di { $houses ->
        [one] una buca
       *[other] { $houses } buche
    }, una per giocatore, e una buca grande a ciascuna estremità: il granaio (detto anche kalaha). Il tuo granaio è quello alla tua destra. All'inizio ogni buca contiene { $seeds ->
        [one] un seme
       *[other] { $seeds } semi
    }, { $total } semi in tutto, e i due granai sono vuoti.
rules-numbering = Ogni giocatore numera le proprie buche partendo dalla sua sinistra: la buca { $houses } è quindi quella accanto al suo granaio.

## Una mossa

rules-sowing = Al tuo turno scegli una delle tue buche che non sia vuota e prendi tutti i suoi semi. Seminali uno alla volta, in senso antiorario, nelle buche successive, nel tuo granaio quando ci passi e poi nelle buche dell'avversario. Il granaio dell'avversario viene saltato. Se hai abbastanza semi per fare il giro completo del tavoliere, anche la buca che hai svuotato riceve un seme.
rules-sowing-both-stores = Al tuo turno scegli una delle tue buche che non sia vuota e prendi tutti i suoi semi. Seminali uno alla volta, in senso antiorario, nelle buche successive e in entrambi i granai quando ci passi. Un seme finito nel granaio dell'avversario è suo, e se il tuo ultimo seme cade lì, il tuo turno finisce.
rules-extra-turn = Se il tuo ultimo seme cade nel tuo granaio, giochi di nuovo. Può succedere più volte di seguito.
rules-turn-ends = Se il tuo ultimo seme cade altrove, il tuo turno finisce e tocca all'avversario.

## Le catture

rules-capture-standard = Se il tuo ultimo seme cade in una buca vuota dalla tua parte e la buca di fronte contiene semi, fai una cattura: quel seme e tutti i semi di fronte vanno nel tuo granaio, e il tuo turno finisce. Se la buca di fronte è vuota, il tuo seme resta semplicemente dov'è caduto.
rules-capture-empty = Se il tuo ultimo seme cade in una buca vuota dalla tua parte, fai una cattura: quel seme va nel tuo granaio insieme a tutti i semi della buca di fronte, anche se quella buca è vuota. Poi il tuo turno finisce.
rules-capture-none = In questa partita non ci sono catture: dovunque cada il tuo ultimo seme, lì resta.

## Fine della partita

rules-end-either-empty = La partita finisce appena tutte le buche di uno dei due lati sono vuote. Si controlla dopo ogni semina, quindi finisce anche se il giocatore avrebbe dovuto giocare di nuovo.
rules-end-mover-cannot-move = La partita finisce solo quando il giocatore di turno non ha più semi nelle sue buche. Fino ad allora, un lato vuoto può ancora essere rifornito dalle semine dell'altro giocatore.
rules-sweep-owner = I semi rimasti nelle buche vanno allora al loro proprietario: i semi rimanenti di ciascun lato finiscono nel granaio di quel lato.
rules-sweep-emptier = Il giocatore il cui lato è vuoto prende allora tutti i semi rimasti sul tavoliere e li mette nel proprio granaio.
rules-sweep-none = I semi rimasti nelle buche non contano allora per nessuno; contano solo i granai.
rules-early-end = Fine anticipata: appena un granaio contiene più della metà di tutti i semi, la partita è decisa e finisce subito. Ogni giocatore tiene i semi ancora presenti nelle proprie buche.
rules-pie = Regola della torta: dopo il primo turno del primo giocatore, il secondo può, invece di muovere, scambiare i posti: prende il posto e la posizione del primo giocatore, e quest'ultimo continua dal lato opposto. Così non conviene iniziare con una mossa troppo forte.
rules-winner = Vince il giocatore con più semi nel proprio granaio. Se i due granai contengono lo stesso numero di semi, la partita è patta.
rules-first-player = Chi inizia viene deciso a sorte.

## Esempio (tavoliere standard: 6 buche con 4 semi ciascuna)

rules-example = Prendi i 4 semi della tua buca 3 e ne semini uno in ciascuna delle buche 4, 5 e 6 e l'ultimo nel tuo granaio. Dato che l'ultimo seme è caduto nel tuo granaio, giochi di nuovo.

## Etichette

rules-houses-label = Buche per lato
rules-seeds-label = Semi per buca
rules-total-label = Semi in tutto

## Regole predefinite: riassunti di una riga

preset-standard = Le regole classiche, come nel regolamento più diffuso e nella maggior parte dei programmi di Kalah: 4 semi per buca, cattura standard, la partita finisce quando un lato è vuoto e ogni giocatore tiene i semi che gli restano.
preset-empty-capture = Le regole standard con cattura a vuoto: un ultimo seme in una tua buca vuota viene sempre catturato, anche se di fronte non c'è niente.
preset-bga = Come su Board Game Arena: la partita finisce quando il giocatore di turno non può muovere, e subito quando un granaio contiene più della metà dei semi; la regola della torta e la cattura a vuoto si possono attivare.
preset-sheet-002 = 6 semi per buca, con cattura a vuoto.
preset-sheet-003 = 6 semi per buca, con cattura a vuoto; ogni giocatore tiene i semi che gli restano.
preset-sheet-004 = 6 semi per buca, con cattura a vuoto; il giocatore con il lato vuoto prende il resto.
