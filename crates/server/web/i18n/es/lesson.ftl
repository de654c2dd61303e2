# La primera lección (/learn en el navegador, `kalah play --lesson` en el terminal).
# Solo mensajes simples: `id = texto`, líneas de continuación sangradas, { $variable }.

lesson-title = Primera lección
lesson-heading = Aprende Kalah en dos minutos
lesson-intro = Cuatro pasos cortos, cada uno jugado en el tablero: sembrar, el turno extra, la captura y el final de la partida. Juegas la fila de abajo; tu almacén está a tu derecha.
lesson-note-houses = Hoyos por lado en estas reglas: { $houses }. La lección muestra { $shown } hoyos por lado, con todas las demás reglas iguales.
lesson-step = Paso { $step } de { $steps }
lesson-you = Tú
lesson-opponent = Rival
lesson-board-label = Tablero de la lección
lesson-try-again = Intentar de nuevo
lesson-next = Siguiente paso
lesson-finish = Terminar
lesson-restart-step = Empezar este paso de nuevo
lesson-complete-heading = Lección completada
lesson-complete-text = Ya conoces la siembra, el turno extra, la captura y el final de la partida con estas reglas. ¿Listo para una partida de verdad?
lesson-play-computer = Jugar contra el ordenador con estas reglas
lesson-again = Repetir la lección
lesson-read-rules = Leer todas las reglas
lesson-home-link = ¿Nuevo en Kalah? Apréndelo en dos minutos
lesson-nav = Aprender
lesson-rules-label = Reglas de la lección
lesson-wrong-heading = Todavía no

lesson-sowing-title = Sembrar
lesson-sowing-body = En tu turno, toma todas las semillas de uno de tus hoyos y siémbralas de una en una en los hoyos siguientes, en sentido contrario a las agujas del reloj: tus hoyos hacia la derecha, tu almacén y después los hoyos de tu rival.
lesson-sowing-skip = El almacén de tu rival se salta. Las semillas de un almacén se quedan allí hasta el final.
lesson-sowing-both-stores = Con estas reglas, el almacén de tu rival también recibe una semilla cuando pasas por él, y esa semilla cuenta para tu rival.
lesson-sowing-task = Siembra un hoyo cuyas semillas lleguen al lado de tu rival (la fila de arriba).
lesson-sowing-done = Una semilla en cada hoyo: tus semillas pasaron por tu almacén, donde una se queda para siempre, y siguieron hasta el lado de tu rival.
lesson-sowing-hint = Cada hoyo recibe una semilla: el hoyo necesita más semillas que pasos hay desde él hasta tu almacén.

lesson-landed-house = Tu última semilla cayó en tu hoyo { $last }.
lesson-landed-opponent-house = Tu última semilla cayó en el hoyo { $last } de tu rival.
lesson-landed-store = Tu última semilla cayó en tu almacén.
lesson-landed-opponent-store = Tu última semilla cayó en el almacén de tu rival.

lesson-extra-title = El turno extra
lesson-extra-body = Si la última semilla que siembras cae en tu propio almacén, vuelves a jugar. Esto puede repetirse varias veces seguidas.
lesson-extra-task = Encuentra el hoyo cuya última semilla cae en tu almacén.
lesson-extra-done = Tu última semilla cayó en tu almacén: vuelves a jugar.
lesson-extra-hint = Busca un hoyo con exactamente tantas semillas como pasos hasta tu almacén.

lesson-capture-title = La captura
lesson-capture-standard = Si tu última semilla cae en un hoyo vacío de tu lado y el hoyo de enfrente tiene semillas, capturas: esa semilla y todas las de enfrente van a tu almacén. Si enfrente no hay nada, la semilla simplemente se queda. En ambos casos, tu turno termina.
lesson-capture-empty = Si tu última semilla cae en un hoyo vacío de tu lado, capturas: esa semilla y todas las del hoyo de enfrente van a tu almacén, aunque el hoyo de enfrente esté vacío. Después, tu turno termina.
lesson-capture-none = Estas reglas no tienen capturas: una última semilla que cae en un hoyo vacío de tu lado simplemente se queda allí, y tu turno termina.
lesson-capture-task = Captura las semillas del hoyo { $house } de tu rival, enfrente de tu hoyo vacío.
lesson-capture-none-task = Siembra el hoyo cuya última semilla cae en tu hoyo vacío { $house }.
lesson-capture-done = Capturado: tu última semilla y las semillas del hoyo { $opposite } de tu rival fueron a tu almacén.
lesson-capture-none-done = Tu última semilla se queda en tu hoyo { $house }: no se captura nada y tu turno termina.
lesson-capture-nothing-opposite = El hoyo de enfrente estaba vacío, así que no había nada que capturar.
lesson-capture-not-empty = Ese hoyo ya tenía semillas, así que no se captura nada.
lesson-capture-hint = Busca el hoyo cuya última semilla cae en tu hoyo vacío { $house }.

lesson-end-title = El final de la partida
lesson-end-either-empty = La partida termina en cuanto todos los hoyos de un lado están vacíos.
lesson-end-mover-cannot-move = La partida termina cuando el jugador al que le toca mover no tiene semillas en sus hoyos.
lesson-sweep-owner = Las semillas que quedan en los hoyos van entonces al almacén de su dueño, y gana el almacén más lleno.
lesson-sweep-emptier = El jugador cuyo lado está vacío se lleva entonces todas las semillas que quedan en los hoyos, y gana el almacén más lleno.
lesson-sweep-none = Las semillas que quedan en los hoyos no cuentan entonces para nadie, y gana el almacén más lleno.
lesson-early-end = Con estas reglas la partida también termina en el acto cuando un almacén tiene más de la mitad de todas las semillas; las semillas restantes van entonces a su dueño.
lesson-end-task = Vacía todos tus hoyos en este turno para terminar la partida. Aprovecha los turnos extra.
lesson-end-task-mover = Termina la partida: vacía todos tus hoyos con la última semilla en tu almacén, de modo que te toque mover sin nada que sembrar.
lesson-end-again = Vuelves a jugar.
lesson-end-stuck = Vuelves a jugar, pero desde aquí ya no puedes vaciar todos tus hoyos en este turno.
lesson-end-seeds-left = Tu turno ha terminado y aún quedan semillas en tus hoyos, así que la partida sigue.
lesson-end-opponent-moves = Tus hoyos están vacíos, pero tu turno ha terminado y tu rival todavía puede mover, así que la partida sigue.
lesson-end-hint = Cada vez, siembra el hoyo más cercano a tu almacén cuyas semillas llegan justo hasta él.
lesson-end-done-owner = La partida ha terminado. Las semillas que quedan en los hoyos de tu rival van a su almacén (+{ $seeds }).
lesson-end-done-you = La partida ha terminado. Tu lado está vacío, así que todas las semillas restantes van a tu almacén (+{ $seeds }).
lesson-end-done-none = La partida ha terminado. Las semillas que quedan en los hoyos no cuentan para nadie.
lesson-end-done-early = La partida termina en el acto: tu almacén tiene más de la mitad de todas las semillas. Las semillas restantes van a su dueño.
lesson-end-score = Resultado final: tú { $you }, tu rival { $opponent }.

lesson-key-sow = sembrar
lesson-key-choose = elegir y sembrar
lesson-key-retry = empezar el paso de nuevo
lesson-key-next = siguiente paso
lesson-key-leave = salir de la lección
lesson-key-quit = salir
lesson-key-play = una partida con estas reglas
lesson-tui-next = Intro: siguiente paso.
lesson-tui-finish = Intro: terminar la lección.
lesson-tui-retry = Intro: intentarlo de nuevo.
lesson-tui-empty = El hoyo { $house } está vacío: elige un hoyo con semillas.
lesson-tui-no-house = No hay ningún hoyo { $house }.
