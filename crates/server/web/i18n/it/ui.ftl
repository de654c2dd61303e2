# Kalah web page: every string the page shows, in Italian (translation of en/ui.ftl).
# Termini come in rules.ftl: buca (house), granaio (store), seme (seed), Sud/Nord (sides).

## Page frame

app-title = Kalah
skip-to-content = Vai al contenuto principale
nav-new-game = Nuova partita
nav-analysis = Tavoliere di analisi
nav-rules = Regole
language-label = Lingua
theme-toggle = Passa dal tema chiaro a quello scuro
theme-light = Tema chiaro
theme-dark = Tema scuro
loading = Caricamento…
footer-text = Kalah, il gioco della semina. Tutto funziona su questo server; nessun dato ne esce.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Qualcosa è andato storto
error-network = Impossibile raggiungere il server. Controlla che sia in funzione e che la tua connessione funzioni, poi riprova.
error-server = Il server non è riuscito a farlo: { $detail }
error-bad-request = La richiesta è stata rifiutata: { $detail }
error-no-token = Per questa azione serve il link del tuo posto. Apri la partita dal link che hai ricevuto.
error-forbidden = Qui non puoi farlo: { $detail }
error-not-found = Il server non conosce questo: { $detail }
error-stale = La partita è andata avanti prima che arrivasse la tua mossa. Il tavoliere è stato aggiornato; scegli di nuovo.
error-try-again = Riprova
error-dismiss = Chiudi
not-found-heading = Partita inesistente
not-found-text = Su questo server non c'è nessuna partita con l'identificativo «{ $id }». Forse è stato scritto male o il link è incompleto.
not-found-page-heading = Pagina non trovata
not-found-page-text = A questo indirizzo non c'è niente.
back-home = Torna alla pagina iniziale

## Sides and players

side-south = Sud
side-north = Nord
player-you = Tu
player-computer = Computer
player-computer-level = Computer ({ $level })
player-friend = Amico
player-opponent = Avversario
player-waiting = in attesa di un amico
player-side-south = Giocatore Sud
player-side-north = Giocatore Nord

## Home: new game

home-heading = Gioca a Kalah
home-intro = Semina intorno al tavoliere, cattura i semi dell'avversario e raccogline più della metà nel tuo granaio.
home-new-game = Nuova partita
opponent-legend = Avversario
opponent-computer = Contro il computer
opponent-computer-hint = Scegli un livello; il computer risponde subito.
opponent-friend = Contro un amico
opponent-friend-hint = Ricevi un link da inviare; il tuo amico gioca dal proprio browser.
opponent-local = Su questo schermo
opponent-local-hint = Due persone giocano a turno sullo stesso dispositivo.
level-label = Livello del computer
level-beginner = Principiante
level-novice = Novizio
level-casual = Giocatore occasionale
level-club = Giocatore di club
level-expert = Esperto
level-master = Maestro
level-perfect = Gioco perfetto
rules-legend = Regole
preset-label = Insieme di regole
preset-custom = Regole personalizzate
preset-name-standard = Kalah standard (6,4)
preset-name-empty-capture = Kalah con cattura a vuoto
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Regolamento 002
preset-name-sheet-003 = Regolamento 003
preset-name-sheet-004 = Regolamento 004
more-options = Tutte le opzioni delle regole
option-houses = Buche per lato
option-seeds = Semi per buca
option-capture = Cattura
capture-standard = Standard: l'ultimo seme in una tua buca vuota prende i semi di fronte (solo se ce ne sono)
capture-empty = A vuoto: l'ultimo seme in una tua buca vuota va sempre nel tuo granaio insieme a ciò che c'è di fronte
capture-none = Nessuna: non si cattura mai niente
option-end = La partita finisce
end-either-empty = appena tutte le buche di un lato sono vuote
end-mover-cannot-move = quando il giocatore di turno non ha semi
option-sweep = Semi rimasti sul tavoliere alla fine
sweep-owner = vanno nel granaio del lato in cui si trovano
sweep-emptier = vanno tutti al giocatore il cui lato è vuoto
sweep-none = non contano per nessuno
option-early-end = Termina prima quando un granaio contiene più della metà di tutti i semi
option-pie = Regola della torta: dopo il primo turno, il secondo giocatore può scambiare i lati
option-both-stores = Semina in entrambi i granai (anche in quello dell'avversario)
read-rules = Leggi le regole di questo insieme
first-legend = Chi inizia
first-lot = A sorte
first-south = Inizia Sud
first-north = Inizia Nord
side-legend = Il tuo lato
side-choice-random = A caso
side-local-note = Su un solo schermo si giocano qui entrambi i lati; Sud è in basso.
start-game = Inizia la partita
starting-game = Avvio…

## Home: recent games

recent-heading = Le tue partite recenti
recent-empty = Nessuna partita su questo browser per ora. Le partite che inizi o a cui ti unisci compariranno qui.
recent-opponent = Avversario
recent-date = Iniziata
recent-status = Stato
recent-open = Apri
recent-remove = Rimuovi
recent-remove-label = Rimuovi la partita { $id } da questo elenco
recent-clear = Svuota l'elenco
status-playing = In corso
status-your-turn = Tocca a te
status-finished = Finita
status-resigned = Abbandonata
status-unknown = Sconosciuto
status-won = Vinta { $you }–{ $them }
status-lost = Persa { $you }–{ $them }
status-drawn = Patta { $you }–{ $them }

## Invitation and sharing

invite-heading = Invita un amico
invite-text = Invia questo link al tuo amico. Chi lo apre gioca l'altro lato. Non diffonderlo: permette di muovere.
invite-waiting = In attesa che il tuo amico apra il link…
copy = Copia
copied = Copiato negli appunti.
copy-failed = Impossibile copiare. Seleziona il testo e copialo a mano.
share-heading = Link per guardare
share-text = Chiunque abbia questo link può seguire la partita in diretta, ma non può muovere.
share-copy = Copia il link per guardare

## Game page

game-heading = Partita { $id }
game-rules-summary = Regole: { $rules }
turn-yours = Tocca a te
turn-sowing-yours = Semina dei tuoi semi…
turn-side = Tocca a { $side }
turn-opponent = Tocca al tuo avversario
turn-thinking = Il computer sta pensando…
turn-waiting-friend = In attesa che il tuo amico entri e muova…
pie-offer = Regola della torta: invece di muovere, puoi scambiare i lati e prendere la posizione del tuo avversario.
pie-swap = Scambia i lati
spectator-note = Stai guardando questa partita.
local-note = Entrambi i lati si giocano su questo schermo.
store-label = Granaio
house-number = Buca { $house }
house-aria-own = La tua buca { $house }, { $seeds ->
        [one] { $seeds } seme
       *[other] { $seeds } semi
    }
house-aria-opponent = Buca { $house } dell'avversario, { $seeds ->
        [one] { $seeds } seme
       *[other] { $seeds } semi
    }
house-aria-side = { $side }, buca { $house }, { $seeds ->
        [one] { $seeds } seme
       *[other] { $seeds } semi
    }
store-aria-own = Il tuo granaio, { $seeds ->
        [one] { $seeds } seme
       *[other] { $seeds } semi
    }
store-aria-opponent = Granaio dell'avversario, { $seeds ->
        [one] { $seeds } seme
       *[other] { $seeds } semi
    }
store-aria-side = { $side }, granaio, { $seeds ->
        [one] { $seeds } seme
       *[other] { $seeds } semi
    }
house-value = valore { $value }
board-label = Tavoliere del Kalah
board-keys-help = I tasti freccia spostano tra le buche, Invio semina la buca selezionata. Fuori dal tavoliere, le frecce sinistra e destra scorrono le mosse.

## Announcements (also read out by screen readers)

announce-your-turn = Tocca a te.
announce-game-over = Partita finita.

## Result

result-heading = Partita finita
result-you-win = Hai vinto { $you }–{ $them }!
result-you-lose = Hai perso { $you }–{ $them }.
result-draw = Patta, { $south }–{ $north }.
result-side-wins = { $side } vince { $winner }–{ $loser }.
result-early-end = La partita è finita in anticipo: un granaio contiene più della metà di tutti i semi.
## Moves and history

moves-heading = Mosse
moves-empty = Ancora nessuna mossa.
moves-turn = Turno { $number }
history-first = Posizione iniziale
history-back = Mossa precedente
history-forward = Mossa successiva
history-last = Posizione attuale
history-viewing = Posizione dopo la mossa { $ply } di { $total }.
history-viewing-start = Posizione iniziale.
history-return = Torna alla partita
move-swap = scambio

## Actions

actions-heading = Partita
resign = Abbandona
resign-confirm = Vuoi davvero abbandonare questa partita? Conta come una sconfitta.
resign-yes = Sì, abbandona
resign-no = No, continua
rematch = Rivincita (lati scambiati)
rematch-open = Apri la rivincita
rematch-ready = È iniziata una rivincita.
hint = Mostra il valore delle mosse
hint-hide = Nascondi il valore delle mosse
hint-loading = Calcolo in corso…
hint-explain = Il valore di una mossa è la differenza finale tra i granai (i semi di chi muove meno quelli dell'avversario) se poi entrambi giocano al meglio.
hint-best-unchecked = Altre mosse possono essere altrettanto buone: non c'è stato tempo per controllarle tutte.
hint-unavailable = Il valore delle mosse è mostrato nelle partite contro il computer, su un solo schermo, nelle partite finite e sul tavoliere di analisi.
export-record = Scarica il resoconto della partita
copy-position = Copia la posizione
analyze-game = Apri sul tavoliere di analisi
speed-label = Animazione della semina
speed-off = Disattivata
speed-fast = Veloce
speed-normal = Normale
speed-slow = Lenta

## Live connection

conn-lost = Connessione persa. Nuovo tentativo tra { $seconds ->
        [one] { $seconds } secondo
       *[other] { $seconds } secondi
    }…
conn-reconnecting = Riconnessione…
conn-back = Di nuovo connesso; il tavoliere è aggiornato.
conn-retry-now = Riconnetti ora

## Analysis board

analysis-heading = Tavoliere di analisi
analysis-intro = Importa il resoconto di una partita o incolla una posizione per scorrerla e vedere il valore esatto di ogni mossa.
analysis-import-heading = Importa il resoconto di una partita
analysis-import-label = Resoconto della partita
analysis-import-button = Importa
analysis-import-file = Oppure apri un file di resoconto
analysis-position-heading = Imposta una posizione
analysis-position-label = Posizione
analysis-position-button = Mostra
analysis-bad-position = Questa non è una posizione: scrivila così: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Calcola il valore delle mosse
analysis-thinking = Calcolo in corso…
analysis-pv = Linea migliore: { $line }
analysis-game-over = In questa posizione la partita è finita.
analysis-play-hint = Fai clic su una buca del lato che muove per provare una mossa; l'elenco delle mosse prosegue da lì.
analysis-reset = Torna alla partita importata
analysis-empty = Non è ancora caricato niente: è mostrata la posizione iniziale delle regole standard.

## Rules page

rules-page-heading = Regole: { $preset }
rules-other-presets = Altri insiemi di regole
rules-start-position = Posizione iniziale
rules-play-this = Gioca con queste regole
rules-unknown-preset = Non esiste un insieme di regole chiamato «{ $preset }».

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Gioca contro il computer
play-friend = Gioca con un amico
custom-game = Partita personalizzata
quick-rules = Regole: { $rules }. Altre regole, chi inizia e partite su un solo schermo: «Partita personalizzata», qui sotto.
side-bottom-note = Qualunque lato tu scelga, le tue buche sono la fila in basso del tuo tavoliere.
subject-computer = Il computer
subject-friend = Il tuo amico
move-you-sow = Semini la buca { $house }.
move-other-sow = { $name } semina la buca { $house }.
move-you-capture = Catturi i semi di fronte alla tua buca { $house } (+{ $seeds } nel tuo granaio).
move-other-capture = { $name } cattura i semi di fronte alla buca { $house } (+{ $seeds }).
move-other-capture-yours = { $name } cattura i semi della tua buca { $house } (+{ $seeds }).
move-you-again = Il tuo ultimo seme è finito nel tuo granaio: giochi di nuovo.
move-other-again = L'ultimo seme è finito nel granaio: { $name } gioca di nuovo.
move-sweep = Partita finita: i semi rimasti sul tavoliere vanno nei granai ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Scambi i lati (regola della torta).
move-other-swap = { $name } scambia i lati (regola della torta).
result-you-resigned = Hai abbandonato.
result-other-resigned = { $name } ha abbandonato.
replay-last = Rivedi l'ultima mossa
score-label = Punteggio
legend-from = seminato da
legend-last = ultimo seme
legend-capture = cattura
legend-sweep = raccolto alla fine
sound-toggle = Suoni delle mosse
share-export-heading = Condividi / esporta
coach-text = Le tue buche sono la fila in basso. Fai clic su una: i suoi semi vengono seminati uno alla volta, in senso antiorario, nelle buche successive e nel tuo granaio a destra.
coach-dismiss = Ho capito
hint-you-ahead = Migliore: buca { $moves }. Giocando al meglio da qui finisci { $exact ->
        [yes] con { $n }
       *[no] con circa { $n }
    } di vantaggio.
hint-you-behind = Migliore: buca { $moves }. Giocando al meglio da qui finisci { $exact ->
        [yes] con { $n }
       *[no] con circa { $n }
    } di svantaggio.
hint-you-level = Migliore: buca { $moves }. Giocando al meglio da qui la partita finisce { $exact ->
        [yes] in pareggio
       *[no] più o meno in parità
    }.
hint-other-ahead = Migliore per { $name }: buca { $moves }. Giocando al meglio da qui { $name } finisce { $exact ->
        [yes] con { $n }
       *[no] con circa { $n }
    } di vantaggio.
hint-other-behind = Migliore per { $name }: buca { $moves }. Giocando al meglio da qui { $name } finisce { $exact ->
        [yes] con { $n }
       *[no] con circa { $n }
    } di svantaggio.
hint-other-level = Migliore per { $name }: buca { $moves }. Giocando al meglio da qui la partita finisce { $exact ->
        [yes] in pareggio
       *[no] più o meno in parità
    }.

## Bots (the page /bots)

home-bots-link = Bot: gioca contro dei programmi o guardali giocare
player-bot = Bot { $name }
bots-heading = Bot
bots-intro = I programmi che giocano a Kalah si collegano a questo server con il Kalah Game Protocol. Sfida un bot in attesa o guarda una partita.
bots-online-heading = Bot collegati
bots-none = Al momento nessun bot è collegato. Questo elenco si aggiorna da solo.
bots-waiting = in attesa di una partita
bots-playing = sta giocando
bots-unrated = senza punteggio
bots-provisional = punteggio provvisorio: poche partite giocate
bots-challenge = Sfida
bots-challenge-label = Sfida { $name }
bots-watch = Guarda
bots-watch-label = Guarda la partita di { $name }
bots-busy = { $name } sta giocando una partita. Guardala, oppure sfidalo di nuovo quando è in attesa.
bots-gone = { $name } non è più collegato.
bots-leaderboard-heading = Classifica
bots-leaderboard-empty = Non è ancora stata giocata nessuna partita valida per la classifica. I bot che si collegano con un token ricevono un punteggio dopo ogni partita.
bots-col-rank = Posizione
bots-col-name = Bot
bots-col-rating = Punteggio
bots-col-games = Partite
bots-col-wdl = Vinte / patte / perse
bots-board-label = Tavoliere per una sfida
bots-board-option = { $houses } buche, { $seeds } semi ciascuna
bots-back = Torna ai bot

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Il tuo nome
account-signed-in = Accesso effettuato come { $name }.
account-guest = Giochi come { $name } (ospite).
account-anonymous = Giochi senza nome. Accedi o registrati per conservare il tuo nome e le tue partite.
account-sign-in = Accedi
account-sign-up = Registrati
account-log-out = Esci
account-name = Nome utente
account-password = Password
account-name-hint = Da 3 a 20 lettere A–Z, cifre, _ o -
account-password-hint = Da 8 a 256 caratteri
account-bad-login = Il nome utente o la password non sono corretti.
account-name-taken = Questo nome utente è già in uso; scegline un altro.
account-rate-limited = Troppi tentativi dal tuo indirizzo; riprova tra qualche minuto.

## Clocks of timed games
clock-label = Orologio di { $name }
clock-low = poco tempo
clock-low-say = Il tuo tempo sta per scadere.
clock-first-move = { $side } deve fare una prima mossa entro { $seconds } s, altrimenti la partita è annullata.
time-control-label = Orologio
time-control-none = Senza orologio
result-aborted = Partita annullata: una prima mossa non è arrivata in tempo. Nessun risultato.
result-on-time-you = Il tuo tempo è scaduto.
result-on-time-opponent = Il tempo del tuo avversario è scaduto.
result-on-time-side = Il tempo di { $side } è scaduto.
result-abandoned-you = Hai lasciato la partita.
result-abandoned-opponent = Il tuo avversario ha lasciato la partita.
result-abandoned-side = { $side } ha lasciato la partita.
status-aborted = Annullata

## Player pages and the leaderboard of people
home-leaderboard-link = Classifica dei giocatori
leaderboard-heading = Classifica
leaderboard-intro = I giocatori con il punteggio più alto di ogni gruppo (regole e cadenza). Un giocatore compare quando il suo punteggio si è stabilizzato dopo abbastanza partite valutate.
leaderboard-pool-label = Gruppo
leaderboard-empty = Nessuno è ancora in questo gruppo: i giocatori compaiono quando abbastanza partite valutate hanno stabilizzato il loro punteggio.
leaderboard-col-player = Giocatore
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 semi
pool-family-other = Altre regole
pool-category-bullet = Bullet
pool-category-blitz = Blitz
pool-category-rapid = Rapida
pool-category-classical = Classica
pool-category-correspondence = Per corrispondenza
rating-chart-summary = Punteggio da { $first } a { $last } (partite valutate mostrate: { $count })
rating-history-table = Punteggio dopo ogni partita
rating-col-date = Data
rating-col-change = Variazione
rating-games = Partite: { $count }
game-result-win = Vinta
game-result-loss = Persa
game-result-draw = Patta
game-result-playing = In corso
game-against = contro
game-rated = valutata
player-not-found-heading = Giocatore non trovato
player-not-found-text = Nessun account si chiama { $name }. Gli ospiti non hanno una pagina e gli account eliminati non ci sono più.
player-since = Gioca dal { $date }
player-ratings-heading = Punteggi
player-no-ratings = Ancora nessuna partita valutata.
player-puzzles-heading = Problemi
player-puzzles-solved = Risolti: { $solved } su { $tried }
player-games-heading = Partite recenti
player-no-games = Ancora nessuna partita.
result-rating-change = { $name }: punteggio { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Guarda
watch-heading = Guarda le partite
watch-intro = Le partite in corso, prima quelle con il punteggio più alto. Aprine una per seguirla dal vivo.
watch-list-heading = Partite in corso
watch-empty = Nessuna partita in corso al momento. Questo elenco si aggiorna da solo.
watch-count = Partite in corso: { $count } (mostrate: { $shown })
watch-rated = valida per il punteggio
watch-casual = amichevole
watch-bots = bot
watch-score = Punteggio: Sud { $south }, Nord { $north }
watch-ply = Mosse: { $ply }
watch-to-move = Tocca a { $side }
watch-reconnecting = Connessione persa; riconnessione in corso. Nel frattempo l'elenco si aggiorna ogni pochi secondi.
claim-button = Rivendica la partita
claim-opponent-left = Il tuo avversario ha lasciato la partita.
claim-wait = Il tuo avversario se n'è andato. Se non torna entro { $seconds } s, potrai rivendicare la partita.
claim-ready = Il tuo avversario è assente da troppo tempo: puoi rivendicare la partita (una vittoria, o un pareggio se non puoi più vincere).
claim-refused-back = Il tuo avversario è tornato, la partita continua.
claim-refused-early = Troppo presto: potrai rivendicare la partita tra { $seconds } s se il tuo avversario non torna.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Gioca online
online-intro = Gioca contro una persona con l'orologio: l'abbinamento rapido trova un avversario vicino al tuo punteggio, oppure accetta una proposta dalla sala.
online-you = Nella sala come { $name }.
online-rated = Partita valutata
online-guest-note = Da ospite giochi partite amichevoli. Registrati per giocare partite valutate.
online-quick-heading = Abbinamento rapido
online-quick-button = Gioca { $rules }, { $clock }, online
online-waiting = Cerco un avversario: { $rules }, { $clock }…
online-cancel = Annulla
online-enter = Entra nella sala
online-enter-note = La sala elenca i giocatori in attesa di un avversario.
online-disconnected = La connessione alla sala si è interrotta; nuovo tentativo…
online-seeks-heading = Proposte aperte
online-seeks-empty = Nessuna proposta aperta ora. Creane una o usa l'abbinamento rapido.
online-col-player = Giocatore
online-col-mode = Partita
online-col-action = Azione
online-rules-label = Regole
online-mode-rated = Valutata
online-casual = Amichevole
online-accept = Accetta
online-accept-label = Accetta la proposta di { $name }: { $rules }, { $clock }
online-your-seek = La tua proposta
online-cancel-seek = Ritira la proposta
online-create-heading = Crea una proposta
online-create = Crea proposta
online-game-found = Partita trovata contro { $name }.
challenge-heading = Sfida { $name }
challenge-button = Sfida
challenge-send = Invia la sfida
challenge-sent = Sfida inviata; in attesa della risposta di { $name }…
challenge-declined = { $name } ha rifiutato la tua sfida.
challenge-expired = La tua sfida è scaduta senza risposta.
challenge-cancelled = La sfida è stata ritirata.
challenge-crowded-out = { $name } ha troppe sfide in attesa, e quella di un giocatore che conosce ha preso il posto della tua. Riprova più tardi.
challenge-incoming = { $name }{ $rating } ti sfida: { $rules }, { $clock }, { $mode }.
challenge-accept = Accetta
challenge-decline = Rifiuta
challenge-notices = Sfide
lobby-error-account = Le partite valutate sono tra account: registrati o accedi, oppure scegli una partita amichevole.
lobby-error-offline = Questo giocatore non ha il sito aperto ora; una sfida raggiunge solo i giocatori online.
lobby-error-gone = Questa proposta o sfida non è più aperta.
lobby-error-too-many = Hai già il numero massimo di proposte o sfide aperte; ritirane una prima.
lobby-error = La sala ha rifiutato: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Sala
nav-leaderboard = Classifica
nav-bots = Bot
nav-menu = Menu
menu-my-page = La mia pagina
menu-player-label = { $name }: la mia pagina, esci
result-lost-on-time = Hai perso per tempo.
result-you-win-plain = Vinci.
result-you-lose-plain = Perdi.
result-draw-plain = Patta.
result-side-wins-plain = Vince { $side }.
result-stores = Semi nei granai: { $score }
hint-estimate-you = Una stima, non dimostrata: la buca { $moves } sembra la più forte, { $outcome ->
        [ahead] circa { $n } in vantaggio per te
        [behind] circa { $n } in svantaggio per te
       *[level] più o meno alla pari
    }.
hint-estimate-other = Una stima, non dimostrata: per { $name } la buca { $moves } sembra la più forte, { $outcome ->
        [ahead] circa { $n } in vantaggio
        [behind] circa { $n } in svantaggio
       *[level] più o meno alla pari
    }.
bots-levels-heading = Il computer
bots-levels-intro = I livelli del computer, sempre pronti a giocare, dal principiante al gioco perfetto.
bots-level-play = Gioca
bots-level-play-label = Gioca contro il computer: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bot non trovato
bot-not-found-text = Nessun bot di nome { $name } ha giocato su questo server o è collegato ora.
bot-unrated-note = si collega senza token, quindi le sue partite non cambiano alcun punteggio.
bot-rating-fixed = un punteggio fisso: le partite del computer non lo cambiano mai
bot-record = Partite valutate: { $games } (vinte { $wins }, patte { $draws }, perse { $losses })
bot-person = una persona
bot-status-playing = Collegato ora, sta giocando una partita.
bot-status-waiting = Collegato ora, in attesa di una partita.
bot-status-level = Uno dei livelli del computer: sempre pronto a giocare.
bot-status-offline = Non collegato ora.
bot-games-heading = Partite
bot-newest-games = Partite più recenti
bot-older-games = Partite precedenti

leaderboard-empty-lobby = Gioca una partita valutata nella sala
leaderboard-empty-bots = Gioca contro il computer o un bot
share-button = Condividi
share-copied = Il link per guardare questa partita è copiato:
turn-waiting-friend-open = In attesa che il tuo amico apra il link; potrai muovere dopo.
