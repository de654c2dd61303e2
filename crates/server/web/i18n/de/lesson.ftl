# Die erste Lektion (/learn im Browser, `kalah play --lesson` im Terminal).
# Nur einfache Nachrichten: `id = Text`, eingerückte Fortsetzungszeilen, { $variable }.

lesson-title = Erste Lektion
lesson-heading = Kalah in zwei Minuten lernen
lesson-intro = Vier kurze Schritte, jeder auf dem Brett gespielt: Verteilen, der Extrazug, das Fangen und das Spielende. Du spielst die untere Reihe; deine Kalaha ist rechts von dir.
lesson-note-houses = Mulden pro Seite in diesen Regeln: { $houses }. Die Lektion zeigt { $shown } Mulden pro Seite, alle anderen Regeln bleiben gleich.
lesson-step = Schritt { $step } von { $steps }
lesson-you = Du
lesson-opponent = Gegner
lesson-board-label = Brett der Lektion
lesson-try-again = Noch einmal
lesson-next = Nächster Schritt
lesson-finish = Fertig
lesson-restart-step = Schritt neu beginnen
lesson-complete-heading = Lektion geschafft
lesson-complete-text = Du kennst jetzt das Verteilen, den Extrazug, das Fangen und das Spielende in diesen Regeln. Bereit für ein echtes Spiel?
lesson-play-computer = Gegen den Computer mit diesen Regeln spielen
lesson-again = Lektion wiederholen
lesson-read-rules = Alle Regeln lesen
lesson-home-link = Neu bei Kalah? In zwei Minuten lernen
lesson-nav = Lernen
lesson-rules-label = Regeln der Lektion
lesson-wrong-heading = Noch nicht ganz

lesson-sowing-title = Verteilen
lesson-sowing-body = Wenn du am Zug bist, nimmst du alle Steine aus einer deiner Mulden und legst sie einzeln gegen den Uhrzeigersinn in die folgenden Mulden: deine Mulden nach rechts, deine Kalaha, dann die Mulden deines Gegners.
lesson-sowing-skip = Die Kalaha deines Gegners wird übersprungen. Steine in einer Kalaha bleiben dort bis zum Schluss.
lesson-sowing-both-stores = In diesen Regeln bekommt auch die Kalaha deines Gegners einen Stein, wenn du an ihr vorbeikommst, und dieser Stein zählt für ihn.
lesson-sowing-task = Verteile eine Mulde, deren Steine bis auf die Seite deines Gegners (die obere Reihe) reichen.
lesson-sowing-done = Ein Stein in jede Mulde: Deine Steine sind durch deine Kalaha gewandert, wo einer für immer bleibt, und weiter auf die Seite deines Gegners.
lesson-sowing-hint = In jede Mulde kommt ein Stein: Die Mulde braucht mehr Steine, als es Schritte von ihr bis zu deiner Kalaha sind.

lesson-landed-house = Dein letzter Stein ist in deiner Mulde { $last } gelandet.
lesson-landed-opponent-house = Dein letzter Stein ist in der Mulde { $last } deines Gegners gelandet.
lesson-landed-store = Dein letzter Stein ist in deiner Kalaha gelandet.
lesson-landed-opponent-store = Dein letzter Stein ist in der Kalaha deines Gegners gelandet.

lesson-extra-title = Der Extrazug
lesson-extra-body = Landet dein letzter Stein in deiner eigenen Kalaha, bist du gleich noch einmal am Zug. Das kann sich mehrmals hintereinander wiederholen.
lesson-extra-task = Finde die Mulde, deren letzter Stein in deiner Kalaha landet.
lesson-extra-done = Dein letzter Stein ist in deiner Kalaha gelandet: Du bist noch einmal am Zug.
lesson-extra-hint = Suche eine Mulde mit genau so vielen Steinen, wie es Schritte bis zu deiner Kalaha sind.

lesson-capture-title = Das Fangen
lesson-capture-standard = Landet dein letzter Stein in einer leeren Mulde auf deiner Seite und liegen in der gegenüberliegenden Mulde Steine, fängst du sie: Dieser Stein und alle Steine gegenüber kommen in deine Kalaha. Liegt gegenüber nichts, bleibt der Stein einfach liegen. So oder so ist dein Zug dann zu Ende.
lesson-capture-empty = Landet dein letzter Stein in einer leeren Mulde auf deiner Seite, fängst du: Dieser Stein und alle Steine der gegenüberliegenden Mulde kommen in deine Kalaha, auch wenn diese Mulde leer ist. Danach ist dein Zug zu Ende.
lesson-capture-none = In diesen Regeln wird nicht gefangen: Landet dein letzter Stein in einer leeren Mulde auf deiner Seite, bleibt er einfach dort liegen, und dein Zug ist zu Ende.
lesson-capture-task = Fange die Steine in der Mulde { $house } deines Gegners, gegenüber deiner leeren Mulde.
lesson-capture-none-task = Verteile die Mulde, deren letzter Stein in deiner leeren Mulde { $house } landet.
lesson-capture-done = Gefangen: Dein letzter Stein und die Steine aus der Mulde { $opposite } deines Gegners sind in deine Kalaha gekommen.
lesson-capture-none-done = Dein letzter Stein bleibt in deiner Mulde { $house } liegen: Nichts wird gefangen, und dein Zug ist zu Ende.
lesson-capture-nothing-opposite = Die gegenüberliegende Mulde war leer, also gab es nichts zu fangen.
lesson-capture-not-empty = In dieser Mulde lagen schon Steine, also wird nichts gefangen.
lesson-capture-hint = Suche die Mulde, deren letzter Stein in deiner leeren Mulde { $house } landet.

lesson-end-title = Das Spielende
lesson-end-either-empty = Das Spiel endet, sobald alle Mulden einer Seite leer sind.
lesson-end-mover-cannot-move = Das Spiel endet, wenn der Spieler, der am Zug ist, keine Steine mehr in seinen Mulden hat.
lesson-sweep-owner = Die Steine, die dann noch in den Mulden liegen, kommen in die Kalaha ihres Besitzers, und die vollere Kalaha gewinnt.
lesson-sweep-emptier = Der Spieler, dessen Seite leer ist, bekommt dann alle Steine, die noch in den Mulden liegen, und die vollere Kalaha gewinnt.
lesson-sweep-none = Die Steine, die dann noch in den Mulden liegen, zählen für niemanden, und die vollere Kalaha gewinnt.
lesson-early-end = In diesen Regeln endet das Spiel außerdem sofort, wenn eine Kalaha mehr als die Hälfte aller Steine enthält; die restlichen Steine bekommt dann ihr Besitzer.
lesson-end-task = Leere in diesem Zug alle deine Mulden, um das Spiel zu beenden. Nutze Extrazüge.
lesson-end-task-mover = Beende das Spiel: Leere alle deine Mulden, mit dem letzten Stein in deiner Kalaha, sodass du am Zug bist und nichts mehr verteilen kannst.
lesson-end-again = Du bist noch einmal am Zug.
lesson-end-stuck = Du bist noch einmal am Zug, aber von hier aus lassen sich deine Mulden in diesem Zug nicht mehr alle leeren.
lesson-end-seeds-left = Dein Zug ist vorbei, und in deinen Mulden liegen noch Steine, also geht das Spiel weiter.
lesson-end-opponent-moves = Deine Mulden sind leer, aber dein Zug ist vorbei und dein Gegner kann noch ziehen, also geht das Spiel weiter.
lesson-end-hint = Verteile jedes Mal die Mulde, die deiner Kalaha am nächsten ist und deren Steine genau bis in die Kalaha reichen.
lesson-end-done-owner = Das Spiel ist vorbei. Die Steine, die noch in den Mulden deines Gegners liegen, kommen in seine Kalaha (+{ $seeds }).
lesson-end-done-you = Das Spiel ist vorbei. Deine Seite ist leer, also kommen alle restlichen Steine in deine Kalaha (+{ $seeds }).
lesson-end-done-none = Das Spiel ist vorbei. Die Steine, die noch in den Mulden liegen, zählen für niemanden.
lesson-end-done-early = Das Spiel ist sofort vorbei: Deine Kalaha enthält mehr als die Hälfte aller Steine. Die restlichen Steine bekommt ihr Besitzer.
lesson-end-score = Endstand: du { $you }, dein Gegner { $opponent }.

lesson-key-sow = verteilen
lesson-key-choose = wählen und verteilen
lesson-key-retry = Schritt neu beginnen
lesson-key-next = nächster Schritt
lesson-key-leave = Lektion verlassen
lesson-key-quit = beenden
lesson-key-play = ein Spiel mit diesen Regeln
lesson-tui-next = Enter: weiter zum nächsten Schritt.
lesson-tui-finish = Enter: Lektion abschließen.
lesson-tui-retry = Enter: noch einmal versuchen.
lesson-tui-empty = Die Mulde { $house } ist leer: Wähle eine Mulde mit Steinen.
lesson-tui-no-house = Es gibt keine Mulde { $house }.
