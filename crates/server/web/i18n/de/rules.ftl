### Regelseiten von Kalah, Deutsch. Übersetzung von en/rules.ftl (dort steht, wie eine Seite
### aus diesen Texten zusammengesetzt wird).
### Begriffe: house = Mulde, store = Kalaha, seed = Stein, sow = verteilen, capture = fangen.

rules-title = So spielt man Kalah
rules-intro = Kalah ist ein Brettspiel für zwei aus der Familie der Mancala-Spiele. Gespielt wird mit Steinen in kleinen Mulden: Du verteilst die Steine über das Brett und versuchst, möglichst viele davon in deiner eigenen Kalaha zu sammeln. Wer am Ende mehr Steine in seiner Kalaha hat, gewinnt.

## Überschriften

rules-setup-heading = Das Spielbrett
rules-move-heading = Ein Zug
rules-capture-heading = Fangen
rules-end-heading = Spielende
rules-winner-heading = Wer gewinnt
rules-options-heading = Regeloptionen
rules-presets-heading = Regelsätze
rules-example-heading = Beispiel

## Das Brett

rules-board =
    Das Brett hat zwei Reihen mit je { $houses ->
        [one] einer Mulde
       *[other] { $houses } Mulden
    }, eine Reihe für jeden Spieler, und an beiden Enden eine große Mulde: die Kalaha. Deine Kalaha ist die rechts von dir. Zu Beginn enthält jede Mulde { $seeds ->
        [one] einen Stein
       *[other] { $seeds } Steine
    }, insgesamt sind es { $total } Steine, und beide Kalahas sind leer.
rules-numbering = Jeder Spieler zählt seine Mulden von links nach rechts; Mulde { $houses } liegt also direkt neben seiner eigenen Kalaha.

## Ein Zug

rules-sowing = Wähle in deinem Zug eine deiner Mulden, die nicht leer ist, und nimm alle Steine heraus. Lege sie einzeln gegen den Uhrzeigersinn in die folgenden Mulden: auch in deine eigene Kalaha, wenn du an ihr vorbeikommst, und weiter in die Mulden deines Gegners. Die Kalaha des Gegners wird übersprungen. Reichen deine Steine für eine ganze Runde ums Brett, bekommt auch die Mulde, die du geleert hast, wieder einen Stein.
rules-sowing-both-stores = Wähle in deinem Zug eine deiner Mulden, die nicht leer ist, und nimm alle Steine heraus. Lege sie einzeln gegen den Uhrzeigersinn in die folgenden Mulden und in beide Kalahas, wenn du an ihnen vorbeikommst. Ein Stein in der Kalaha des Gegners gehört dem Gegner, und landet dein letzter Stein dort, ist dein Zug zu Ende.
rules-extra-turn = Landet dein letzter Stein in deiner eigenen Kalaha, bist du gleich noch einmal am Zug. Das kann sich mehrmals hintereinander wiederholen.
rules-turn-ends = Landet dein letzter Stein anderswo, ist dein Zug zu Ende und dein Gegner ist an der Reihe.

## Fangen

rules-capture-standard = Landet dein letzter Stein in einer leeren Mulde auf deiner Seite und liegen in der gegenüberliegenden Mulde Steine, fängst du sie: Dieser Stein und alle Steine gegenüber kommen in deine Kalaha, und dein Zug ist zu Ende. Ist die gegenüberliegende Mulde leer, bleibt dein Stein einfach liegen.
rules-capture-empty = Landet dein letzter Stein in einer leeren Mulde auf deiner Seite, fängst du: Dieser Stein kommt zusammen mit allen Steinen aus der gegenüberliegenden Mulde in deine Kalaha, auch wenn diese Mulde leer ist. Danach ist dein Zug zu Ende.
rules-capture-none = In diesem Spiel wird nicht gefangen: Wo dein letzter Stein landet, da bleibt er liegen.

## Spielende

rules-end-either-empty = Das Spiel endet, sobald alle Mulden einer Seite leer sind. Das wird nach jedem Verteilen geprüft; das Spiel endet also auch dann, wenn der Spieler sonst noch einmal ziehen dürfte.
rules-end-mover-cannot-move = Das Spiel endet erst, wenn der Spieler, der am Zug ist, keine Steine mehr in seinen Mulden hat. Bis dahin kann eine leere Seite durch die Züge des anderen wieder gefüllt werden.
rules-sweep-owner = Die Steine, die dann noch in den Mulden liegen, zählen für ihren Besitzer: Die restlichen Steine jeder Seite kommen in die Kalaha dieser Seite.
rules-sweep-emptier = Der Spieler, dessen Seite leer ist, bekommt dann alle Steine, die noch auf dem Brett liegen, und legt sie in seine eigene Kalaha.
rules-sweep-none = Die Steine, die dann noch in den Mulden liegen, zählen für niemanden; es zählen nur die Kalahas.
rules-early-end = Vorzeitiges Ende: Sobald eine Kalaha mehr als die Hälfte aller Steine enthält, ist das Spiel entschieden und endet sofort. Jeder behält die Steine, die noch in seinen eigenen Mulden liegen.
rules-pie = Kuchenregel: Nach dem ersten Zug des Startspielers darf der zweite Spieler, statt selbst zu ziehen, die Seiten tauschen. Er übernimmt Platz und Stellung des ersten Spielers, und der andere spielt von der Gegenseite aus weiter. So lohnt es sich nicht, mit einem zu starken ersten Zug zu beginnen.
rules-winner = Wer mehr Steine in seiner Kalaha hat, gewinnt. Haben beide gleich viele, endet das Spiel unentschieden.
rules-first-player = Wer anfängt, wird ausgelost.

## Beispiel (Standardbrett: 6 Mulden mit je 4 Steinen)

rules-example = Du nimmst die 4 Steine aus deiner Mulde 3 und legst je einen in die Mulden 4, 5 und 6 und den letzten in deine Kalaha. Weil der letzte Stein in deiner Kalaha gelandet ist, bist du noch einmal am Zug.

## Beschriftungen

rules-houses-label = Mulden pro Seite
rules-seeds-label = Steine pro Mulde
rules-total-label = Steine insgesamt

## Regelsätze: Zusammenfassungen in einer Zeile

preset-standard = Die klassischen Regeln wie in der üblichen Spielanleitung und den meisten Kalah-Programmen: 4 Steine pro Mulde, normales Fangen, das Spiel endet, sobald eine Seite leer ist, und jeder behält seine restlichen Steine.
preset-empty-capture = Die Standardregeln mit Leerfang: Ein letzter Stein in deiner eigenen leeren Mulde wird immer gefangen, auch wenn gegenüber nichts liegt.
preset-bga = Wie auf Board Game Arena: Das Spiel endet, wenn der Spieler am Zug nicht ziehen kann, und sofort, wenn eine Kalaha mehr als die Hälfte der Steine enthält; Kuchenregel und Leerfang lassen sich zuschalten.
preset-sheet-002 = 6 Steine pro Mulde, mit Leerfang.
preset-sheet-003 = 6 Steine pro Mulde, mit Leerfang; jeder behält seine restlichen Steine.
preset-sheet-004 = 6 Steine pro Mulde, mit Leerfang; wer die leere Seite hat, bekommt die restlichen Steine.
