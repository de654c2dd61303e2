### Páginas de reglas del Kalah, español. Traducción de en/rules.ftl (donde se explica cómo se
### compone una página con estos mensajes).
### Términos: house = hoyo, store = almacén (kalaha), seed = semilla, sow = sembrar, capture = capturar.

rules-title = Cómo se juega al Kalah
rules-intro = El Kalah es un juego de tablero para dos jugadores de la familia del mancala, que se juega con semillas en pequeños hoyos. Vas sembrando las semillas alrededor del tablero e intentas reunir el mayor número posible en tu propio almacén, la kalaha. Gana quien tenga más semillas en su almacén al final de la partida.

## Títulos

rules-setup-heading = El tablero
rules-move-heading = Una jugada
rules-capture-heading = Capturas
rules-end-heading = Final de la partida
rules-winner-heading = Quién gana
rules-options-heading = Opciones de reglas
rules-presets-heading = Reglas predefinidas
rules-example-heading = Ejemplo

## El tablero

rules-board =
    El tablero tiene dos filas de { $houses ->
        [one] un hoyo
       *[other] { $houses } hoyos
    }, una para cada jugador, y un hoyo grande en cada extremo: el almacén (también llamado kalaha). Tu almacén es el que está a tu derecha. Al principio, cada hoyo contiene { $seeds ->
        [one] una semilla
       *[other] { $seeds } semillas
    }, { $total } semillas en total, y los dos almacenes están vacíos.
rules-numbering = Cada jugador numera sus hoyos empezando por su izquierda, así que el hoyo { $houses } es el que está junto a su almacén.

## Una jugada

rules-sowing = En tu turno, elige uno de tus hoyos que no esté vacío y toma todas sus semillas. Siémbralas de una en una, en sentido contrario a las agujas del reloj, en los hoyos siguientes, en tu propio almacén al pasar por él y después en los hoyos de tu rival. El almacén del rival se salta. Si tienes semillas suficientes para dar la vuelta completa al tablero, el hoyo que has vaciado también recibe una semilla.
rules-sowing-both-stores = En tu turno, elige uno de tus hoyos que no esté vacío y toma todas sus semillas. Siémbralas de una en una, en sentido contrario a las agujas del reloj, en los hoyos siguientes y en los dos almacenes al pasar por ellos. Una semilla que cae en el almacén del rival es suya, y si tu última semilla cae allí, tu turno termina.
rules-extra-turn = Si tu última semilla cae en tu propio almacén, vuelves a jugar. Esto puede repetirse varias veces seguidas.
rules-turn-ends = Si tu última semilla cae en cualquier otro sitio, tu turno termina y le toca a tu rival.

## Capturas

rules-capture-standard = Si tu última semilla cae en un hoyo vacío de tu lado y el hoyo de enfrente tiene semillas, capturas: esa semilla y todas las de enfrente van a tu almacén, y tu turno termina. Si el hoyo de enfrente está vacío, tu semilla se queda donde ha caído.
rules-capture-empty = Si tu última semilla cae en un hoyo vacío de tu lado, capturas: esa semilla va a tu almacén junto con todas las del hoyo de enfrente, aunque ese hoyo esté vacío. Después, tu turno termina.
rules-capture-none = En esta partida no hay capturas: allí donde caiga tu última semilla, allí se queda.

## Final de la partida

rules-end-either-empty = La partida termina en cuanto todos los hoyos de uno de los lados están vacíos. Se comprueba después de cada siembra, así que termina aunque el jugador tuviera que volver a jugar.
rules-end-mover-cannot-move = La partida solo termina cuando el jugador al que le toca mover no tiene ninguna semilla en sus hoyos. Hasta entonces, un lado vacío puede volver a llenarse con las siembras del otro jugador.
rules-sweep-owner = Las semillas que quedan en los hoyos son entonces para su dueño: las semillas restantes de cada lado van al almacén de ese lado.
rules-sweep-emptier = El jugador cuyo lado está vacío se lleva entonces todas las semillas que quedan en el tablero y las pone en su propio almacén.
rules-sweep-none = Las semillas que quedan en los hoyos no cuentan entonces para nadie; solo cuentan los almacenes.
rules-early-end = Final anticipado: en cuanto un almacén contiene más de la mitad de todas las semillas, la partida está decidida y termina en el acto. Cada jugador se queda con las semillas que siguen en sus propios hoyos.
rules-pie = Regla del pastel: después del primer turno del primer jugador, el segundo puede, en lugar de jugar, cambiar de lado: ocupa el puesto y la posición del primer jugador, y este sigue jugando desde el lado contrario. Así no compensa empezar con una jugada demasiado fuerte.
rules-winner = Gana el jugador que tiene más semillas en su almacén. Si los dos almacenes tienen las mismas, la partida termina en empate.
rules-first-player = Quién empieza se decide por sorteo.

## Ejemplo (tablero estándar: 6 hoyos con 4 semillas cada uno)

rules-example = Tomas las 4 semillas de tu hoyo 3 y siembras una en cada uno de los hoyos 4, 5 y 6 y la última en tu almacén. Como la última semilla ha caído en tu almacén, vuelves a jugar.

## Etiquetas

rules-houses-label = Hoyos por lado
rules-seeds-label = Semillas por hoyo
rules-total-label = Semillas en total

## Reglas predefinidas: resúmenes de una línea

preset-standard = Las reglas clásicas, como en las instrucciones habituales y en la mayoría de los programas de Kalah: 4 semillas por hoyo, captura estándar, la partida termina cuando un lado queda vacío y cada jugador se queda con sus semillas restantes.
preset-empty-capture = Las reglas estándar con captura en vacío: una última semilla en uno de tus hoyos vacíos siempre se captura, aunque enfrente no haya nada.
preset-bga = Como en Board Game Arena: la partida termina cuando el jugador al que le toca no puede mover, y en el acto cuando un almacén contiene más de la mitad de las semillas; se pueden activar la regla del pastel y la captura en vacío.
preset-sheet-002 = 6 semillas por hoyo, con captura en vacío.
preset-sheet-003 = 6 semillas por hoyo, con captura en vacío; cada jugador se queda con sus semillas restantes.
preset-sheet-004 = 6 semillas por hoyo, con captura en vacío; el jugador cuyo lado queda vacío se lleva el resto.
