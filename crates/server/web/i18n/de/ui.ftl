# Kalah web page: every string the page shows, in German (translation of en/ui.ftl).
# Begriffe wie in rules.ftl: Mulde (house), Kalaha (store), Stein (seed), Süd/Nord (sides).

## Page frame

app-title = Kalah
skip-to-content = Zum Hauptinhalt springen
nav-new-game = Neues Spiel
nav-analysis = Analysebrett
nav-rules = Regeln
language-label = Sprache
theme-toggle = Zwischen hellem und dunklem Design wechseln
theme-light = Helles Design
theme-dark = Dunkles Design
loading = Wird geladen …
footer-text = Kalah, das Spiel ums Säen und Sammeln. Alles läuft auf diesem Server; keine Daten verlassen ihn.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Etwas ist schiefgegangen
error-network = Der Server ist nicht erreichbar. Prüfe, ob er läuft und deine Verbindung funktioniert, und versuche es dann noch einmal.
error-server = Der Server konnte das nicht ausführen: { $detail }
error-bad-request = Die Anfrage wurde abgelehnt: { $detail }
error-no-token = Dafür brauchst du den Link zu deinem Platz. Öffne das Spiel über den Link, den du bekommen hast.
error-forbidden = Das kannst du hier nicht tun: { $detail }
error-not-found = Das kennt der Server nicht: { $detail }
error-stale = Das Spiel ist weitergegangen, bevor dein Zug ankam. Das Brett ist jetzt auf dem neuesten Stand; bitte wähle noch einmal.
error-try-again = Noch einmal versuchen
error-dismiss = Schließen
not-found-heading = Kein solches Spiel
not-found-text = Auf diesem Server gibt es kein Spiel mit der Kennung „{ $id }“. Vielleicht ist sie falsch geschrieben oder der Link ist unvollständig.
not-found-page-heading = Seite nicht gefunden
not-found-page-text = Unter dieser Adresse gibt es nichts.
back-home = Zurück zur Startseite

## Sides and players

side-south = Süd
side-north = Nord
player-you = Du
player-computer = Computer
player-computer-level = Computer ({ $level })
player-friend = Freund
player-opponent = Gegner
player-waiting = wartet auf einen Freund
player-side-south = Spieler Süd
player-side-north = Spieler Nord

## Home: new game

home-heading = Kalah spielen
home-intro = Verteile die Steine über das Brett, fange die Steine deines Gegners und sammle mehr als die Hälfte davon in deiner Kalaha.
home-new-game = Neues Spiel
opponent-legend = Gegner
opponent-computer = Gegen den Computer
opponent-computer-hint = Wähle eine Spielstärke; der Computer antwortet sofort.
opponent-friend = Gegen einen Freund
opponent-friend-hint = Du bekommst einen Link zum Verschicken; dein Freund spielt in seinem eigenen Browser.
opponent-local = An diesem Bildschirm
opponent-local-hint = Zwei Personen ziehen abwechselnd an einem Gerät.
level-label = Spielstärke des Computers
level-beginner = Anfänger
level-novice = Neuling
level-casual = Gelegenheitsspieler
level-club = Vereinsspieler
level-expert = Experte
level-master = Meister
level-perfect = Perfektes Spiel
rules-legend = Regeln
preset-label = Regelsatz
preset-custom = Eigene Regeln
preset-name-standard = Standard-Kalah (6,4)
preset-name-empty-capture = Kalah mit Leerfang
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Spielanleitung 002
preset-name-sheet-003 = Spielanleitung 003
preset-name-sheet-004 = Spielanleitung 004
more-options = Alle Regeloptionen
option-houses = Mulden pro Seite
option-seeds = Steine pro Mulde
option-capture = Fangen
capture-standard = Standard: Der letzte Stein in einer eigenen leeren Mulde fängt die Steine gegenüber (nur wenn dort welche liegen)
capture-empty = Leerfang: Der letzte Stein in einer eigenen leeren Mulde kommt immer in deine Kalaha, zusammen mit allem, was gegenüber liegt
capture-none = Kein Fangen: Es wird nie etwas gefangen
option-end = Das Spiel endet
end-either-empty = sobald alle Mulden einer Seite leer sind
end-mover-cannot-move = wenn der Spieler am Zug keine Steine mehr hat
option-sweep = Steine, die am Ende noch auf dem Brett liegen
sweep-owner = kommen in die Kalaha der Seite, auf der sie liegen
sweep-emptier = gehen alle an den Spieler, dessen Seite leer ist
sweep-none = zählen für niemanden
option-early-end = Vorzeitig beenden, wenn eine Kalaha mehr als die Hälfte aller Steine enthält
option-pie = Kuchenregel: Nach dem ersten Zug darf der zweite Spieler die Seiten tauschen
option-both-stores = In beide Kalahas verteilen (auch in die des Gegners)
read-rules = Die Regeln dieses Regelsatzes lesen
first-legend = Wer beginnt
first-lot = Per Los
first-south = Süd beginnt
first-north = Nord beginnt
side-legend = Deine Seite
side-choice-random = Zufällig
side-local-note = An einem Bildschirm werden beide Seiten hier gespielt; Süd sitzt unten.
start-game = Spiel starten
starting-game = Wird gestartet …

## Home: recent games

recent-heading = Deine letzten Spiele
recent-empty = In diesem Browser gibt es noch keine Spiele. Spiele, die du startest oder denen du beitrittst, erscheinen hier.
recent-opponent = Gegner
recent-date = Begonnen
recent-status = Stand
recent-open = Öffnen
recent-remove = Entfernen
recent-remove-label = Spiel { $id } aus dieser Liste entfernen
recent-clear = Liste leeren
status-playing = Läuft
status-your-turn = Du bist am Zug
status-finished = Beendet
status-resigned = Aufgegeben
status-unknown = Unbekannt
status-won = Gewonnen { $you }:{ $them }
status-lost = Verloren { $you }:{ $them }
status-drawn = Unentschieden { $you }:{ $them }

## Invitation and sharing

invite-heading = Einen Freund einladen
invite-text = Schicke diesen Link an deinen Freund. Wer ihn öffnet, spielt die andere Seite. Gib ihn nicht weiter: Mit ihm kann man ziehen.
invite-waiting = Warte darauf, dass dein Freund den Link öffnet …
copy = Kopieren
copied = In die Zwischenablage kopiert.
copy-failed = Kopieren nicht möglich. Markiere den Text und kopiere ihn von Hand.
share-heading = Link zum Zuschauen
share-text = Mit diesem Link kann jeder das Spiel live verfolgen, aber nicht ziehen.
share-copy = Link zum Zuschauen kopieren

## Game page

game-heading = Spiel { $id }
game-rules-summary = Regeln: { $rules }
turn-yours = Du bist am Zug
turn-sowing-yours = Deine Steine werden gesät…
turn-side = { $side } ist am Zug
turn-opponent = Dein Gegner ist am Zug
turn-thinking = Der Computer denkt nach …
turn-waiting-friend = Warte darauf, dass dein Freund beitritt und zieht …
pie-offer = Kuchenregel: Statt zu ziehen, darfst du die Seiten tauschen und die Stellung deines Gegners übernehmen.
pie-swap = Seiten tauschen
spectator-note = Du schaust diesem Spiel zu.
local-note = Beide Seiten werden an diesem Bildschirm gespielt.
store-label = Kalaha
house-number = Mulde { $house }
house-aria-own = Deine Mulde { $house }, { $seeds ->
        [one] { $seeds } Stein
       *[other] { $seeds } Steine
    }
house-aria-opponent = Mulde { $house } des Gegners, { $seeds ->
        [one] { $seeds } Stein
       *[other] { $seeds } Steine
    }
house-aria-side = { $side }, Mulde { $house }, { $seeds ->
        [one] { $seeds } Stein
       *[other] { $seeds } Steine
    }
store-aria-own = Deine Kalaha, { $seeds ->
        [one] { $seeds } Stein
       *[other] { $seeds } Steine
    }
store-aria-opponent = Kalaha des Gegners, { $seeds ->
        [one] { $seeds } Stein
       *[other] { $seeds } Steine
    }
store-aria-side = { $side }, Kalaha, { $seeds ->
        [one] { $seeds } Stein
       *[other] { $seeds } Steine
    }
house-value = Wert { $value }
board-label = Kalah-Brett
board-keys-help = Mit den Pfeiltasten wechselst du zwischen den Mulden, die Eingabetaste verteilt die gewählte Mulde. Außerhalb des Bretts blättern die Pfeiltasten links und rechts durch die Züge.

## Announcements (also read out by screen readers)

announce-your-turn = Du bist am Zug.
announce-game-over = Spiel beendet.

## Result

result-heading = Spiel beendet
result-you-win = Du gewinnst { $you }:{ $them }!
result-you-lose = Du verlierst { $you }:{ $them }.
result-draw = Unentschieden, { $south }:{ $north }.
result-side-wins = { $side } gewinnt { $winner }:{ $loser }.
result-early-end = Das Spiel endete vorzeitig: Eine Kalaha enthält mehr als die Hälfte aller Steine.
## Moves and history

moves-heading = Züge
moves-empty = Noch keine Züge.
moves-turn = Zug { $number }
history-first = Anfangsstellung
history-back = Vorheriger Zug
history-forward = Nächster Zug
history-last = Aktuelle Stellung
history-viewing = Stellung nach Zug { $ply } von { $total }.
history-viewing-start = Anfangsstellung.
history-return = Zurück zum Spiel
move-swap = Tausch

## Actions

actions-heading = Spiel
resign = Aufgeben
resign-confirm = Dieses Spiel wirklich aufgeben? Es zählt als Niederlage.
resign-yes = Ja, aufgeben
resign-no = Nein, weiterspielen
rematch = Revanche (Seiten getauscht)
rematch-open = Revanche öffnen
rematch-ready = Eine Revanche hat begonnen.
hint = Zugwerte zeigen
hint-hide = Zugwerte ausblenden
hint-loading = Wird berechnet …
hint-explain = Der Wert eines Zugs ist die Differenz der Kalahas am Ende (die Steine des Ziehenden minus die des Gegners), wenn danach beide Seiten bestmöglich spielen.
hint-best-unchecked = Andere Züge können ebenso gut sein: Die Zeit reichte nicht, um jeden Zug zu prüfen.
hint-unavailable = Zugwerte gibt es in Spielen gegen den Computer, an einem Bildschirm, in beendeten Spielen und auf dem Analysebrett.
export-record = Spielprotokoll herunterladen
copy-position = Stellung kopieren
analyze-game = Auf dem Analysebrett öffnen
speed-label = Animation beim Verteilen
speed-off = Aus
speed-fast = Schnell
speed-normal = Normal
speed-slow = Langsam

## Live connection

conn-lost = Verbindung unterbrochen. Neuer Versuch in { $seconds ->
        [one] { $seconds } Sekunde
       *[other] { $seconds } Sekunden
    } …
conn-reconnecting = Verbindung wird wiederhergestellt …
conn-back = Wieder verbunden; das Brett ist auf dem neuesten Stand.
conn-retry-now = Jetzt neu verbinden

## Analysis board

analysis-heading = Analysebrett
analysis-intro = Importiere ein Spielprotokoll oder füge eine Stellung ein, um sie Zug für Zug durchzugehen und den exakten Wert jedes Zugs zu sehen.
analysis-import-heading = Spielprotokoll importieren
analysis-import-label = Spielprotokoll
analysis-import-button = Importieren
analysis-import-file = Oder eine Protokolldatei öffnen
analysis-position-heading = Stellung aufbauen
analysis-position-label = Stellung
analysis-position-button = Anzeigen
analysis-bad-position = Das ist keine Stellung: Schreibe sie so: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Zugwerte berechnen
analysis-thinking = Wird berechnet …
analysis-pv = Beste Fortsetzung: { $line }
analysis-game-over = In dieser Stellung ist das Spiel zu Ende.
analysis-play-hint = Klicke eine Mulde der Seite am Zug an, um einen Zug auszuprobieren; die Zugliste geht von dort aus weiter.
analysis-reset = Zurück zum importierten Spiel
analysis-empty = Noch nichts geladen: Zu sehen ist die Anfangsstellung der Standardregeln.

## Rules page

rules-page-heading = Regeln: { $preset }
rules-other-presets = Andere Regelsätze
rules-start-position = Anfangsstellung
rules-play-this = Mit diesen Regeln spielen
rules-unknown-preset = Es gibt keinen Regelsatz namens „{ $preset }“.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Gegen den Computer spielen
play-friend = Mit einem Freund spielen
custom-game = Eigenes Spiel
quick-rules = Regeln: { $rules }. Andere Regeln, wer beginnt und Spiele an einem Bildschirm: unten unter „Eigenes Spiel“.
side-bottom-note = Egal welche Seite du nimmst: Deine Mulden sind die untere Reihe deines Bretts.
subject-computer = Der Computer
subject-friend = Dein Freund
move-you-sow = Du säst Mulde { $house }.
move-other-sow = { $name } sät Mulde { $house }.
move-you-capture = Du schlägst die Steine gegenüber deiner Mulde { $house } (+{ $seeds } in deiner Kalaha).
move-other-capture = { $name } schlägt die Steine gegenüber Mulde { $house } (+{ $seeds }).
move-other-capture-yours = { $name } schlägt die Steine deiner Mulde { $house } (+{ $seeds }).
move-you-again = Dein letzter Stein landete in deiner Kalaha: Du bist noch einmal am Zug.
move-other-again = Der letzte Stein landete in der Kalaha: { $name } ist noch einmal am Zug.
move-sweep = Spielende: Die Steine auf dem Brett kommen in die Kalahas ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Du tauschst die Seiten (Kuchenregel).
move-other-swap = { $name } tauscht die Seiten (Kuchenregel).
result-you-resigned = Du hast aufgegeben.
result-other-resigned = { $name } hat aufgegeben.
replay-last = Letzten Zug noch einmal zeigen
score-label = Punkte
legend-from = gesät aus
legend-last = letzter Stein
legend-capture = geschlagen
legend-sweep = am Ende eingesammelt
sound-toggle = Zuggeräusche
share-export-heading = Teilen / exportieren
coach-text = Deine Mulden sind die untere Reihe. Klicke eine an: Ihre Steine werden einzeln gegen den Uhrzeigersinn in die folgenden Mulden und deine Kalaha rechts gesät.
coach-dismiss = Verstanden
hint-you-ahead = Bester Zug: Mulde { $moves }. Bei bestem Spiel liegst du am Ende { $exact ->
        [yes] { $n }
       *[no] etwa { $n }
    } vorn.
hint-you-behind = Bester Zug: Mulde { $moves }. Bei bestem Spiel liegst du am Ende { $exact ->
        [yes] { $n }
       *[no] etwa { $n }
    } zurück.
hint-you-level = Bester Zug: Mulde { $moves }. Bei bestem Spiel endet die Partie { $exact ->
        [yes] unentschieden
       *[no] etwa ausgeglichen
    }.
hint-other-ahead = Bester Zug für { $name }: Mulde { $moves }. Bei bestem Spiel liegt { $name } am Ende { $exact ->
        [yes] { $n }
       *[no] etwa { $n }
    } vorn.
hint-other-behind = Bester Zug für { $name }: Mulde { $moves }. Bei bestem Spiel liegt { $name } am Ende { $exact ->
        [yes] { $n }
       *[no] etwa { $n }
    } zurück.
hint-other-level = Bester Zug für { $name }: Mulde { $moves }. Bei bestem Spiel endet die Partie { $exact ->
        [yes] unentschieden
       *[no] etwa ausgeglichen
    }.

## Bots (the page /bots)

home-bots-link = Bots: gegen Programme spielen oder ihnen zusehen
player-bot = Bot { $name }
bots-heading = Bots
bots-intro = Programme, die Kalah spielen, verbinden sich über das Kalah Game Protocol mit diesem Server. Fordere einen wartenden Bot heraus oder sieh einer Partie zu.
bots-online-heading = Bots online
bots-none = Gerade ist kein Bot verbunden. Diese Liste aktualisiert sich selbst.
bots-waiting = wartet auf eine Partie
bots-playing = spielt
bots-unrated = ohne Wertung
bots-provisional = vorläufige Wertung: wenige Partien gespielt
bots-challenge = Herausfordern
bots-challenge-label = { $name } herausfordern
bots-watch = Zusehen
bots-watch-label = Der Partie von { $name } zusehen
bots-busy = { $name } spielt gerade eine Partie. Sieh zu oder fordere den Bot wieder heraus, wenn er wartet.
bots-gone = { $name } ist nicht mehr verbunden.
bots-leaderboard-heading = Rangliste
bots-leaderboard-empty = Es wurde noch keine gewertete Partie gespielt. Bots, die sich mit einem Token verbinden, werden nach jeder Partie gewertet.
bots-col-rank = Rang
bots-col-name = Bot
bots-col-rating = Wertung
bots-col-games = Partien
bots-col-wdl = Gewonnen / remis / verloren
bots-board-label = Brett für eine Herausforderung
bots-board-option = { $houses } Mulden, je { $seeds } Steine
bots-back = Zurück zu den Bots

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Dein Name
account-signed-in = Angemeldet als { $name }.
account-guest = Du spielst als { $name } (Gast).
account-anonymous = Du spielst ohne Namen. Melde dich an oder registriere dich, um Namen und Partien zu behalten.
account-sign-in = Anmelden
account-sign-up = Registrieren
account-log-out = Abmelden
account-name = Benutzername
account-password = Passwort
account-name-hint = 3 bis 20 Buchstaben A–Z, Ziffern, _ oder -
account-password-hint = 8 bis 256 Zeichen
account-bad-login = Benutzername oder Passwort ist falsch.
account-name-taken = Dieser Benutzername ist vergeben; wähle einen anderen.
account-rate-limited = Zu viele Versuche von deiner Adresse; versuche es in ein paar Minuten wieder.

## Clocks of timed games
clock-label = Uhr von { $name }
clock-low = wenig Zeit
clock-low-say = Deine Zeit läuft ab.
clock-first-move = { $side } muss innerhalb von { $seconds } s den ersten Zug machen, sonst wird die Partie abgebrochen.
time-control-label = Uhr
time-control-none = Ohne Uhr
result-aborted = Partie abgebrochen: ein erster Zug kam nicht rechtzeitig. Kein Ergebnis.
result-on-time-you = Deine Zeit ist abgelaufen.
result-on-time-opponent = Die Zeit deines Gegners ist abgelaufen.
result-on-time-side = Die Zeit von { $side } ist abgelaufen.
result-abandoned-you = Du hast die Partie verlassen.
result-abandoned-opponent = Dein Gegner hat die Partie verlassen.
result-abandoned-side = { $side } hat die Partie verlassen.
status-aborted = Abgebrochen

## Player pages and the leaderboard of people
home-leaderboard-link = Rangliste der Spieler
leaderboard-heading = Rangliste
leaderboard-intro = Die bestbewerteten Spieler jedes Pools (Regeln und Zeitkategorie). Ein Spieler erscheint, sobald seine Wertung nach genug gewerteten Partien gefestigt ist.
leaderboard-pool-label = Pool
leaderboard-empty = In diesem Pool steht noch niemand: Spieler erscheinen, sobald genug gewertete Partien ihre Wertung gefestigt haben.
leaderboard-col-player = Spieler
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 Samen
pool-family-other = Andere Regeln
pool-category-bullet = Bullet
pool-category-blitz = Blitz
pool-category-rapid = Schnell
pool-category-classical = Klassisch
pool-category-correspondence = Fernpartie
rating-chart-summary = Wertung von { $first } auf { $last } (gezeigte gewertete Partien: { $count })
rating-history-table = Wertung nach jeder Partie
rating-col-date = Datum
rating-col-change = Änderung
rating-games = Partien: { $count }
game-result-win = Gewonnen
game-result-loss = Verloren
game-result-draw = Unentschieden
game-result-playing = Läuft
game-against = gegen
game-rated = gewertet
player-not-found-heading = Spieler nicht gefunden
player-not-found-text = Es gibt kein Konto namens { $name }. Gäste haben keine Seite, und gelöschte Konten sind weg.
player-since = Spielt seit { $date }
player-ratings-heading = Wertungen
player-no-ratings = Noch keine gewerteten Partien.
player-puzzles-heading = Aufgaben
player-puzzles-solved = Gelöst: { $solved } von { $tried }
player-games-heading = Letzte Partien
player-no-games = Noch keine Partien.
result-rating-change = { $name }: Wertung { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Zuschauen
watch-heading = Partien zuschauen
watch-intro = Partien, die gerade gespielt werden, die am besten gewerteten zuerst. Öffne eine, um live zuzuschauen.
watch-list-heading = Laufende Partien
watch-empty = Gerade wird keine Partie gespielt. Diese Liste aktualisiert sich von selbst.
watch-count = Laufende Partien: { $count } (angezeigt: { $shown })
watch-rated = gewertet
watch-casual = ungewertet
watch-bots = Bots
watch-score = Stand: Süd { $south }, Nord { $north }
watch-ply = Züge: { $ply }
watch-to-move = { $side } ist am Zug
watch-reconnecting = Verbindung verloren; neuer Versuch läuft. Bis dahin wird die Liste alle paar Sekunden neu geladen.
claim-button = Partie beanspruchen
claim-opponent-left = Dein Gegner hat die Partie verlassen.
claim-wait = Dein Gegner hat die Partie verlassen. Kommt er nicht innerhalb von { $seconds } s zurück, kannst du die Partie beanspruchen.
claim-ready = Dein Gegner ist zu lange weg: Du kannst die Partie beanspruchen (ein Sieg, oder ein Remis, wenn du nicht mehr gewinnen kannst).
claim-refused-back = Dein Gegner ist zurück, die Partie geht weiter.
claim-refused-early = Zu früh: Du kannst die Partie in { $seconds } s beanspruchen, wenn dein Gegner nicht zurückkommt.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Online spielen
online-intro = Spiele gegen einen Menschen mit Uhr: Die Schnellpaarung findet einen Gegner nahe deiner Wertung, oder nimm ein Angebot aus der Lobby an.
online-you = In der Lobby als { $name }.
online-rated = Gewertete Partie
online-guest-note = Als Gast spielst du ungewertete Partien. Registriere dich, um gewertet zu spielen.
online-quick-heading = Schnellpaarung
online-quick-button = { $rules }, { $clock }, online spielen
online-waiting = Suche einen Gegner: { $rules }, { $clock }…
online-cancel = Abbrechen
online-enter = Lobby betreten
online-enter-note = Die Lobby zeigt die Spieler, die auf einen Gegner warten.
online-disconnected = Die Verbindung zur Lobby ist abgebrochen; neuer Versuch…
online-seeks-heading = Offene Angebote
online-seeks-empty = Gerade keine offenen Angebote. Erstelle eines oder nutze die Schnellpaarung.
online-col-player = Spieler
online-col-mode = Partie
online-col-action = Aktion
online-rules-label = Regeln
online-mode-rated = Gewertet
online-casual = Ungewertet
online-accept = Annehmen
online-accept-label = Angebot von { $name } annehmen: { $rules }, { $clock }
online-your-seek = Dein Angebot
online-cancel-seek = Angebot zurückziehen
online-create-heading = Angebot erstellen
online-create = Angebot erstellen
online-game-found = Partie gegen { $name } gefunden.
challenge-heading = { $name } herausfordern
challenge-button = Herausfordern
challenge-send = Herausforderung senden
challenge-sent = Herausforderung gesendet; warte auf die Antwort von { $name }…
challenge-declined = { $name } hat deine Herausforderung abgelehnt.
challenge-expired = Deine Herausforderung ist ohne Antwort abgelaufen.
challenge-cancelled = Die Herausforderung wurde zurückgezogen.
challenge-crowded-out = { $name } hat zu viele offene Herausforderungen, und die eines bekannten Spielers hat deinen Platz eingenommen. Versuche es später noch einmal.
challenge-incoming = { $name }{ $rating } fordert dich heraus: { $rules }, { $clock }, { $mode }.
challenge-accept = Annehmen
challenge-decline = Ablehnen
challenge-notices = Herausforderungen
lobby-error-account = Gewertete Partien gibt es nur zwischen Konten: Registriere dich oder melde dich an, oder wähle eine ungewertete Partie.
lobby-error-offline = Dieser Spieler hat die Seite gerade nicht offen; Herausforderungen erreichen nur Spieler, die online sind.
lobby-error-gone = Dieses Angebot oder diese Herausforderung ist nicht mehr offen.
lobby-error-too-many = Du hast so viele offene Angebote oder Herausforderungen wie erlaubt; ziehe zuerst eines zurück.
lobby-error = Die Lobby hat abgelehnt: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Lobby
nav-leaderboard = Rangliste
nav-bots = Bots
nav-menu = Menü
menu-my-page = Meine Seite
menu-player-label = { $name }: meine Seite, abmelden
result-lost-on-time = Du hast auf Zeit verloren.
result-you-win-plain = Du gewinnst.
result-you-lose-plain = Du verlierst.
result-draw-plain = Unentschieden.
result-side-wins-plain = { $side } gewinnt.
result-stores = Steine in den Kalahas: { $score }
hint-estimate-you = Eine Schätzung, nicht bewiesen: Mulde { $moves } scheint am stärksten, { $outcome ->
        [ahead] etwa { $n } vorn für dich
        [behind] etwa { $n } zurück für dich
       *[level] etwa ausgeglichen
    }.
hint-estimate-other = Eine Schätzung, nicht bewiesen: Für { $name } scheint Mulde { $moves } am stärksten, { $outcome ->
        [ahead] etwa { $n } vorn
        [behind] etwa { $n } zurück
       *[level] etwa ausgeglichen
    }.
bots-levels-heading = Der Computer
bots-levels-intro = Die eigenen Stufen des Computers, immer spielbereit, vom Anfänger bis zum perfekten Spiel.
bots-level-play = Spielen
bots-level-play-label = Gegen den Computer spielen: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bot nicht gefunden
bot-not-found-text = Kein Bot namens { $name } hat auf diesem Server gespielt oder ist gerade verbunden.
bot-unrated-note = er verbindet sich ohne Token, daher ändern seine Partien keine Wertung.
bot-rating-fixed = eine feste Wertung: die Partien des Computers ändern sie nie
bot-record = Gewertete Partien: { $games } (gewonnen { $wins }, remis { $draws }, verloren { $losses })
bot-person = ein Mensch
bot-status-playing = Gerade verbunden, spielt eine Partie.
bot-status-waiting = Gerade verbunden, wartet auf eine Partie.
bot-status-level = Eine der eigenen Stufen des Computers: immer spielbereit.
bot-status-offline = Gerade nicht verbunden.
bot-games-heading = Partien
bot-newest-games = Neueste Partien
bot-older-games = Ältere Partien

leaderboard-empty-lobby = Eine gewertete Partie in der Lobby spielen
leaderboard-empty-bots = Gegen den Computer oder einen Bot spielen
share-button = Teilen
share-copied = Der Link zum Zuschauen ist kopiert:
turn-waiting-friend-open = Warten, bis dein Freund den Link öffnet; danach kannst du ziehen.
