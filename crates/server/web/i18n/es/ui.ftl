# Kalah web page: every string the page shows, in Spanish (translation of en/ui.ftl).
# Términos como en rules.ftl: hoyo (house), almacén (store), semilla (seed), Sur/Norte (sides).

## Page frame

app-title = Kalah
skip-to-content = Saltar al contenido principal
nav-new-game = Nueva partida
nav-analysis = Tablero de análisis
nav-rules = Reglas
language-label = Idioma
theme-toggle = Cambiar entre tema claro y oscuro
theme-light = Tema claro
theme-dark = Tema oscuro
loading = Cargando…
footer-text = Kalah, el juego de siembra. Todo funciona en este servidor; ningún dato sale de él.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Algo ha salido mal
error-network = No se ha podido contactar con el servidor. Comprueba que está en marcha y que tu conexión funciona, y vuelve a intentarlo.
error-server = El servidor no ha podido hacerlo: { $detail }
error-bad-request = Se ha rechazado la solicitud: { $detail }
error-no-token = Para esto necesitas el enlace de tu puesto. Abre la partida desde el enlace que te dieron.
error-forbidden = No puedes hacer eso aquí: { $detail }
error-not-found = El servidor no conoce esto: { $detail }
error-stale = La partida avanzó antes de que llegara tu jugada. El tablero se ha actualizado; vuelve a elegir, por favor.
error-try-again = Reintentar
error-dismiss = Cerrar
not-found-heading = No existe esa partida
not-found-text = No hay ninguna partida con el identificador «{ $id }» en este servidor. Puede que esté mal escrito o que el enlace esté incompleto.
not-found-page-heading = Página no encontrada
not-found-page-text = No hay nada en esta dirección.
back-home = Volver a la página de inicio

## Sides and players

side-south = Sur
side-north = Norte
player-you = Tú
player-computer = Ordenador
player-computer-level = Ordenador ({ $level })
player-friend = Amigo
player-opponent = Rival
player-waiting = esperando a un amigo
player-side-south = Jugador Sur
player-side-north = Jugador Norte

## Home: new game

home-heading = Jugar al Kalah
home-intro = Siembra semillas alrededor del tablero, captura las de tu rival y reúne más de la mitad en tu almacén.
home-new-game = Nueva partida
opponent-legend = Rival
opponent-computer = Contra el ordenador
opponent-computer-hint = Elige un nivel; el ordenador responde al instante.
opponent-friend = Contra un amigo
opponent-friend-hint = Recibes un enlace para enviar; tu amigo juega desde su propio navegador.
opponent-local = En esta pantalla
opponent-local-hint = Dos personas se turnan en un mismo dispositivo.
level-label = Nivel del ordenador
level-beginner = Principiante
level-novice = Novato
level-casual = Aficionado
level-club = Jugador de club
level-expert = Experto
level-master = Maestro
level-perfect = Juego perfecto
rules-legend = Reglas
preset-label = Conjunto de reglas
preset-custom = Reglas personalizadas
preset-name-standard = Kalah estándar (6,4)
preset-name-empty-capture = Kalah con captura en vacío
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Instrucciones 002
preset-name-sheet-003 = Instrucciones 003
preset-name-sheet-004 = Instrucciones 004
more-options = Todas las opciones de reglas
option-houses = Hoyos por lado
option-seeds = Semillas por hoyo
option-capture = Captura
capture-standard = Estándar: la última semilla en un hoyo vacío propio se lleva las semillas de enfrente (solo si las hay)
capture-empty = En vacío: la última semilla en un hoyo vacío propio va siempre a tu almacén con lo que haya enfrente
capture-none = Ninguna: nunca se captura nada
option-end = La partida termina
end-either-empty = en cuanto todos los hoyos de un lado están vacíos
end-mover-cannot-move = cuando el jugador al que le toca no tiene semillas
option-sweep = Semillas que quedan en el tablero al final
sweep-owner = van al almacén del lado en que están
sweep-emptier = van todas al jugador cuyo lado está vacío
sweep-none = no cuentan para nadie
option-early-end = Terminar antes cuando un almacén tenga más de la mitad de todas las semillas
option-pie = Regla del pastel: tras el primer turno, el segundo jugador puede cambiar de lado
option-both-stores = Sembrar en los dos almacenes (también en el del rival)
read-rules = Leer las reglas de este conjunto
first-legend = Quién empieza
first-lot = Por sorteo
first-south = Empieza Sur
first-north = Empieza Norte
side-legend = Tu lado
side-choice-random = Al azar
side-local-note = En una sola pantalla, los dos lados se juegan aquí; Sur está abajo.
start-game = Empezar la partida
starting-game = Empezando…

## Home: recent games

recent-heading = Tus partidas recientes
recent-empty = Todavía no hay partidas en este navegador. Las partidas que empieces o a las que te unas aparecerán aquí.
recent-opponent = Rival
recent-date = Empezada
recent-status = Estado
recent-open = Abrir
recent-remove = Quitar
recent-remove-label = Quitar la partida { $id } de esta lista
recent-clear = Vaciar la lista
status-playing = En curso
status-your-turn = Te toca
status-finished = Terminada
status-resigned = Abandonada
status-unknown = Desconocido
status-won = Ganada { $you }–{ $them }
status-lost = Perdida { $you }–{ $them }
status-drawn = Empate { $you }–{ $them }

## Invitation and sharing

invite-heading = Invitar a un amigo
invite-text = Envía este enlace a tu amigo. Quien lo abra jugará el otro lado. No lo compartas con nadie más: permite hacer jugadas.
invite-waiting = Esperando a que tu amigo abra el enlace…
copy = Copiar
copied = Copiado al portapapeles.
copy-failed = No se ha podido copiar. Selecciona el texto y cópialo a mano.
share-heading = Enlace para espectadores
share-text = Cualquiera con este enlace puede ver la partida en directo, pero no puede jugar.
share-copy = Copiar el enlace para espectadores

## Game page

game-heading = Partida { $id }
game-rules-summary = Reglas: { $rules }
turn-yours = Te toca
turn-sowing-yours = Sembrando tus semillas…
turn-side = Le toca a { $side }
turn-opponent = Le toca a tu rival
turn-thinking = El ordenador está pensando…
turn-waiting-friend = Esperando a que tu amigo se una y juegue…
pie-offer = Regla del pastel: en lugar de jugar, puedes cambiar de lado y quedarte con la posición de tu rival.
pie-swap = Cambiar de lado
spectator-note = Estás viendo esta partida.
local-note = Los dos lados se juegan en esta pantalla.
store-label = Almacén
house-number = Hoyo { $house }
house-aria-own = Tu hoyo { $house }, { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
house-aria-opponent = Hoyo { $house } del rival, { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
house-aria-side = { $side }, hoyo { $house }, { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
store-aria-own = Tu almacén, { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
store-aria-opponent = Almacén del rival, { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
store-aria-side = { $side }, almacén, { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
house-value = valor { $value }
board-label = Tablero de Kalah
board-keys-help = Las flechas te mueven entre los hoyos; Intro siembra el hoyo seleccionado. Fuera del tablero, las flechas izquierda y derecha recorren las jugadas.

## Announcements (also read out by screen readers)

announce-your-turn = Te toca.
announce-game-over = Fin de la partida.

## Result

result-heading = Fin de la partida
result-you-win = ¡Ganas { $you }–{ $them }!
result-you-lose = Pierdes { $you }–{ $them }.
result-draw = Empate, { $south }–{ $north }.
result-side-wins = { $side } gana { $winner }–{ $loser }.
result-early-end = La partida terminó antes: un almacén tiene más de la mitad de todas las semillas.
## Moves and history

moves-heading = Jugadas
moves-empty = Todavía no hay jugadas.
moves-turn = Turno { $number }
history-first = Posición inicial
history-back = Jugada anterior
history-forward = Jugada siguiente
history-last = Posición actual
history-viewing = Posición después de la jugada { $ply } de { $total }.
history-viewing-start = Posición inicial.
history-return = Volver a la partida
move-swap = cambio

## Actions

actions-heading = Partida
resign = Abandonar
resign-confirm = ¿Seguro que quieres abandonar esta partida? Cuenta como derrota.
resign-yes = Sí, abandonar
resign-no = No, seguir jugando
rematch = Revancha (lados cambiados)
rematch-open = Abrir la revancha
rematch-ready = Ha empezado una revancha.
hint = Mostrar el valor de las jugadas
hint-hide = Ocultar el valor de las jugadas
hint-loading = Calculando…
hint-explain = El valor de una jugada es la diferencia final entre los almacenes (las semillas de quien juega menos las del rival) si después ambos juegan de la mejor manera.
hint-best-unchecked = Otras jugadas pueden ser igual de buenas: no hubo tiempo para comprobarlas todas.
hint-unavailable = El valor de las jugadas se muestra en las partidas contra el ordenador, en una sola pantalla, en las partidas terminadas y en el tablero de análisis.
export-record = Descargar el registro de la partida
copy-position = Copiar la posición
analyze-game = Abrir en el tablero de análisis
speed-label = Animación de la siembra
speed-off = Desactivada
speed-fast = Rápida
speed-normal = Normal
speed-slow = Lenta

## Live connection

conn-lost = Se ha perdido la conexión. Reconectando en { $seconds ->
        [one] { $seconds } segundo
       *[other] { $seconds } segundos
    }…
conn-reconnecting = Reconectando…
conn-back = Conectado de nuevo; el tablero está actualizado.
conn-retry-now = Reconectar ahora

## Analysis board

analysis-heading = Tablero de análisis
analysis-intro = Importa un registro de partida o pega una posición para recorrerla y ver el valor exacto de cada jugada.
analysis-import-heading = Importar un registro de partida
analysis-import-label = Registro de partida
analysis-import-button = Importar
analysis-import-file = O abre un archivo de registro
analysis-position-heading = Preparar una posición
analysis-position-label = Posición
analysis-position-button = Mostrar
analysis-bad-position = Eso no es una posición: escríbela así: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Calcular el valor de las jugadas
analysis-thinking = Calculando…
analysis-pv = Mejor línea: { $line }
analysis-game-over = En esta posición la partida ha terminado.
analysis-play-hint = Haz clic en un hoyo del lado que juega para probar una jugada; la lista de jugadas continúa desde ahí.
analysis-reset = Volver a la partida importada
analysis-empty = Aún no se ha cargado nada: se muestra la posición inicial de las reglas estándar.

## Rules page

rules-page-heading = Reglas: { $preset }
rules-other-presets = Otros conjuntos de reglas
rules-start-position = Posición inicial
rules-play-this = Jugar con estas reglas
rules-unknown-preset = No hay ningún conjunto de reglas llamado «{ $preset }».

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Jugar contra el ordenador
play-friend = Jugar con un amigo
custom-game = Partida personalizada
quick-rules = Reglas: { $rules }. Otras reglas, quién empieza y partidas en una sola pantalla: «Partida personalizada», abajo.
side-bottom-note = Elijas el lado que elijas, tus hoyos son la fila de abajo de tu tablero.
subject-computer = El ordenador
subject-friend = Tu amigo
move-you-sow = Siembras el hoyo { $house }.
move-other-sow = { $name } siembra el hoyo { $house }.
move-you-capture = Capturas las semillas frente a tu hoyo { $house } (+{ $seeds } en tu almacén).
move-other-capture = { $name } captura las semillas frente al hoyo { $house } (+{ $seeds }).
move-other-capture-yours = { $name } captura las semillas de tu hoyo { $house } (+{ $seeds }).
move-you-again = Tu última semilla cayó en tu almacén: vuelves a jugar.
move-other-again = La última semilla cayó en el almacén: { $name } vuelve a jugar.
move-sweep = Fin de la partida: las semillas que quedan en el tablero van a los almacenes ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Cambias de lado (regla del pastel).
move-other-swap = { $name } cambia de lado (regla del pastel).
result-you-resigned = Te has rendido.
result-other-resigned = { $name } se ha rendido.
replay-last = Repetir la última jugada
score-label = Puntos
legend-from = sembrado desde
legend-last = última semilla
legend-capture = captura
legend-sweep = recogido al final
sound-toggle = Sonidos de las jugadas
share-export-heading = Compartir / exportar
coach-text = Tus hoyos son la fila de abajo. Haz clic en uno: sus semillas se siembran una a una, en sentido antihorario, en los hoyos siguientes y en tu almacén de la derecha.
coach-dismiss = Entendido
hint-you-ahead = Mejor: hoyo { $moves }. Con el mejor juego desde aquí terminas { $exact ->
        [yes] { $n }
       *[no] unas { $n }
    } por delante.
hint-you-behind = Mejor: hoyo { $moves }. Con el mejor juego desde aquí terminas { $exact ->
        [yes] { $n }
       *[no] unas { $n }
    } por detrás.
hint-you-level = Mejor: hoyo { $moves }. Con el mejor juego desde aquí la partida termina { $exact ->
        [yes] en empate
       *[no] más o menos igualada
    }.
hint-other-ahead = Mejor para { $name }: hoyo { $moves }. Con el mejor juego desde aquí { $name } termina { $exact ->
        [yes] { $n }
       *[no] unas { $n }
    } por delante.
hint-other-behind = Mejor para { $name }: hoyo { $moves }. Con el mejor juego desde aquí { $name } termina { $exact ->
        [yes] { $n }
       *[no] unas { $n }
    } por detrás.
hint-other-level = Mejor para { $name }: hoyo { $moves }. Con el mejor juego desde aquí la partida termina { $exact ->
        [yes] en empate
       *[no] más o menos igualada
    }.

## Bots (the page /bots)

home-bots-link = Bots: juega contra programas o míralos jugar
player-bot = Bot { $name }
bots-heading = Bots
bots-intro = Los programas que juegan al Kalah se conectan a este servidor con el Kalah Game Protocol. Desafía a un bot que esté esperando o mira una partida.
bots-online-heading = Bots conectados
bots-none = Ahora mismo no hay ningún bot conectado. Esta lista se actualiza sola.
bots-waiting = esperando una partida
bots-playing = jugando
bots-unrated = sin puntuación
bots-provisional = puntuación provisional: pocas partidas jugadas
bots-challenge = Desafiar
bots-challenge-label = Desafiar a { $name }
bots-watch = Mirar
bots-watch-label = Mirar la partida de { $name }
bots-busy = { $name } está jugando una partida ahora. Mírala o desafíalo de nuevo cuando esté esperando.
bots-gone = { $name } ya no está conectado.
bots-leaderboard-heading = Clasificación
bots-leaderboard-empty = Todavía no se ha jugado ninguna partida puntuada. Los bots que se conectan con un token se puntúan después de cada partida.
bots-col-rank = Puesto
bots-col-name = Bot
bots-col-rating = Puntuación
bots-col-games = Partidas
bots-col-wdl = Ganadas / tablas / perdidas
bots-board-label = Tablero para un desafío
bots-board-option = { $houses } hoyos, { $seeds } semillas en cada uno
bots-back = Volver a los bots

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Tu nombre
account-signed-in = Has iniciado sesión como { $name }.
account-guest = Juegas como { $name } (invitado).
account-anonymous = Juegas sin nombre. Inicia sesión o regístrate para conservar tu nombre y tus partidas.
account-sign-in = Iniciar sesión
account-sign-up = Registrarse
account-log-out = Cerrar sesión
account-name = Nombre de usuario
account-password = Contraseña
account-name-hint = De 3 a 20 letras A–Z, cifras, _ o -
account-password-hint = De 8 a 256 caracteres
account-bad-login = El nombre de usuario o la contraseña no son correctos.
account-name-taken = Este nombre de usuario ya existe; elige otro.
account-rate-limited = Demasiados intentos desde tu dirección; vuelve a intentarlo en unos minutos.

## Clocks of timed games
clock-label = Reloj de { $name }
clock-low = poco tiempo
clock-low-say = Se te acaba el tiempo.
clock-first-move = { $side } debe hacer una primera jugada en { $seconds } s o la partida se anula.
time-control-label = Reloj
time-control-none = Sin reloj
result-aborted = Partida anulada: una primera jugada no llegó a tiempo. Sin resultado.
result-on-time-you = Se te acabó el tiempo.
result-on-time-opponent = A tu rival se le acabó el tiempo.
result-on-time-side = A { $side } se le acabó el tiempo.
result-abandoned-you = Abandonaste la partida.
result-abandoned-opponent = Tu rival abandonó la partida.
result-abandoned-side = { $side } abandonó la partida.
status-aborted = Anulada

## Player pages and the leaderboard of people
home-leaderboard-link = Clasificación de jugadores
leaderboard-heading = Clasificación
leaderboard-intro = Los jugadores mejor valorados de cada grupo (reglas y ritmo). Un jugador aparece cuando su valoración se ha asentado tras suficientes partidas valoradas.
leaderboard-pool-label = Grupo
leaderboard-empty = Aún no hay nadie en este grupo: los jugadores aparecen cuando suficientes partidas valoradas han asentado su valoración.
leaderboard-col-player = Jugador
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 semillas
pool-family-other = Otras reglas
pool-category-bullet = Bala
pool-category-blitz = Relámpago
pool-category-rapid = Rápida
pool-category-classical = Clásica
pool-category-correspondence = Por correspondencia
rating-chart-summary = Valoración de { $first } a { $last } (partidas valoradas mostradas: { $count })
rating-history-table = Valoración tras cada partida
rating-col-date = Fecha
rating-col-change = Cambio
rating-games = Partidas: { $count }
game-result-win = Ganada
game-result-loss = Perdida
game-result-draw = Tablas
game-result-playing = En curso
game-against = contra
game-rated = valorada
player-not-found-heading = Jugador no encontrado
player-not-found-text = No hay ninguna cuenta llamada { $name }. Los invitados no tienen página y las cuentas borradas ya no existen.
player-since = Juega desde el { $date }
player-ratings-heading = Valoraciones
player-no-ratings = Aún no hay partidas valoradas.
player-puzzles-heading = Problemas
player-puzzles-solved = Resueltos: { $solved } de { $tried }
player-games-heading = Partidas recientes
player-no-games = Aún no hay partidas.
result-rating-change = { $name }: valoración { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Ver
watch-heading = Ver partidas
watch-intro = Partidas que se están jugando ahora, las de mejor puntuación primero. Abre una para verla en directo.
watch-list-heading = Partidas en juego
watch-empty = Ahora no se está jugando ninguna partida. Esta lista se actualiza sola.
watch-count = Partidas en juego: { $count } (se muestran { $shown })
watch-rated = puntuada
watch-casual = amistosa
watch-bots = bots
watch-score = Marcador: Sur { $south }, Norte { $north }
watch-ply = Jugadas: { $ply }
watch-to-move = Le toca a { $side }
watch-reconnecting = Conexión perdida; reconectando. Mientras tanto la lista se actualiza cada pocos segundos.
claim-button = Reclamar la partida
claim-opponent-left = Tu rival ha abandonado la partida.
claim-wait = Tu rival se ha ido. Si no vuelve en { $seconds } s, podrás reclamar la partida.
claim-ready = Tu rival lleva demasiado tiempo ausente: puedes reclamar la partida (una victoria, o tablas si ya no puedes ganar).
claim-refused-back = Tu rival ha vuelto, la partida sigue.
claim-refused-early = Demasiado pronto: podrás reclamar la partida dentro de { $seconds } s si tu rival no vuelve.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Jugar en línea
online-intro = Juega contra una persona con reloj: el emparejamiento rápido encuentra un rival cerca de tu puntuación, o acepta una propuesta del vestíbulo.
online-you = En el vestíbulo como { $name }.
online-rated = Partida puntuable
online-guest-note = Como invitado juegas partidas amistosas. Regístrate para jugar partidas puntuables.
online-quick-heading = Emparejamiento rápido
online-quick-button = Jugar { $rules }, { $clock }, en línea
online-waiting = Buscando un rival: { $rules }, { $clock }…
online-cancel = Cancelar
online-enter = Entrar al vestíbulo
online-enter-note = El vestíbulo muestra los jugadores que esperan un rival.
online-disconnected = Se perdió la conexión con el vestíbulo; reintentando…
online-seeks-heading = Propuestas abiertas
online-seeks-empty = No hay propuestas abiertas ahora. Crea una o usa el emparejamiento rápido.
online-col-player = Jugador
online-col-mode = Partida
online-col-action = Acción
online-rules-label = Reglas
online-mode-rated = Puntuable
online-casual = Amistosa
online-accept = Aceptar
online-accept-label = Aceptar la propuesta de { $name }: { $rules }, { $clock }
online-your-seek = Tu propuesta
online-cancel-seek = Retirar propuesta
online-create-heading = Crear una propuesta
online-create = Crear propuesta
online-game-found = Partida encontrada contra { $name }.
challenge-heading = Desafiar a { $name }
challenge-button = Desafiar
challenge-send = Enviar desafío
challenge-sent = Desafío enviado; esperando la respuesta de { $name }…
challenge-declined = { $name } rechazó tu desafío.
challenge-expired = Tu desafío caducó sin respuesta.
challenge-cancelled = El desafío fue retirado.
challenge-crowded-out = { $name } tiene demasiados desafíos pendientes, y el de un jugador conocido ocupó el lugar del tuyo. Inténtalo más tarde.
challenge-incoming = { $name }{ $rating } te desafía: { $rules }, { $clock }, { $mode }.
challenge-accept = Aceptar
challenge-decline = Rechazar
challenge-notices = Desafíos
lobby-error-account = Las partidas puntuables son entre cuentas: regístrate o inicia sesión, o elige una partida amistosa.
lobby-error-offline = Este jugador no tiene el sitio abierto ahora; un desafío solo llega a jugadores en línea.
lobby-error-gone = Esta propuesta o este desafío ya no está abierto.
lobby-error-too-many = Tienes tantas propuestas o desafíos abiertos como se permite; retira uno primero.
lobby-error = El vestíbulo lo rechazó: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Sala
nav-leaderboard = Clasificación
nav-bots = Bots
nav-menu = Menú
menu-my-page = Mi página
menu-player-label = { $name }: mi página, cerrar sesión
result-lost-on-time = Has perdido por tiempo.
result-you-win-plain = Ganas.
result-you-lose-plain = Pierdes.
result-draw-plain = Tablas.
result-side-wins-plain = Gana { $side }.
result-stores = Semillas en los almacenes: { $score }
hint-estimate-you = Una estimación, no demostrada: el hoyo { $moves } parece el más fuerte, { $outcome ->
        [ahead] unas { $n } por delante para ti
        [behind] unas { $n } por detrás para ti
       *[level] más o menos igualado
    }.
hint-estimate-other = Una estimación, no demostrada: para { $name }, el hoyo { $moves } parece el más fuerte, { $outcome ->
        [ahead] unas { $n } por delante
        [behind] unas { $n } por detrás
       *[level] más o menos igualado
    }.
bots-levels-heading = El ordenador
bots-levels-intro = Los niveles propios del ordenador, siempre listos para jugar, de principiante a juego perfecto.
bots-level-play = Jugar
bots-level-play-label = Jugar contra el ordenador: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bot no encontrado
bot-not-found-text = Ningún bot llamado { $name } ha jugado en este servidor ni está conectado ahora.
bot-unrated-note = se conecta sin token, así que sus partidas no cambian ninguna puntuación.
bot-rating-fixed = una puntuación fija: las partidas del ordenador nunca la cambian
bot-record = Partidas puntuadas: { $games } (ganadas { $wins }, tablas { $draws }, perdidas { $losses })
bot-person = una persona
bot-status-playing = Conectado ahora, jugando una partida.
bot-status-waiting = Conectado ahora, esperando una partida.
bot-status-level = Uno de los niveles propios del ordenador: siempre listo para jugar.
bot-status-offline = No está conectado ahora.
bot-games-heading = Partidas
bot-newest-games = Partidas más recientes
bot-older-games = Partidas anteriores

leaderboard-empty-lobby = Jugar una partida puntuada en la sala
leaderboard-empty-bots = Jugar contra el ordenador o un bot
share-button = Compartir
share-copied = Enlace para ver esta partida copiado:
turn-waiting-friend-open = Esperando a que tu amigo abra el enlace; podrás mover cuando lo haga.
