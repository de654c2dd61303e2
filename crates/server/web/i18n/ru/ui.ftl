# Kalah web page: every string the page shows, in Russian (translation of en/ui.ftl).
# Термины как в rules.ftl: лунка (house), калах (store), камень (seed), Юг/Север (sides).

## Page frame

app-title = Калах
skip-to-content = Перейти к основному содержанию
nav-new-game = Новая игра
nav-analysis = Доска для анализа
nav-rules = Правила
language-label = Язык
theme-toggle = Переключить светлую и тёмную тему
theme-light = Светлая тема
theme-dark = Тёмная тема
loading = Загрузка…
footer-text = Калах — игра в раскладывание камней. Всё работает на этом сервере; никакие данные его не покидают.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Что-то пошло не так
error-network = Не удалось связаться с сервером. Проверьте, что он запущен и подключение работает, и попробуйте ещё раз.
error-server = Сервер не смог выполнить действие: { $detail }
error-bad-request = Запрос отклонён: { $detail }
error-no-token = Для этого нужна ссылка на ваше место. Откройте игру по полученной ссылке.
error-forbidden = Здесь это сделать нельзя: { $detail }
error-not-found = Сервер этого не знает: { $detail }
error-stale = Игра продвинулась раньше, чем пришёл ваш ход. Доска обновлена; выберите ход ещё раз.
error-try-again = Повторить
error-dismiss = Закрыть
not-found-heading = Такой игры нет
not-found-text = На этом сервере нет игры с идентификатором «{ $id }». Возможно, он набран с ошибкой или ссылка неполная.
not-found-page-heading = Страница не найдена
not-found-page-text = По этому адресу ничего нет.
back-home = На главную страницу

## Sides and players

side-south = Юг
side-north = Север
player-you = Вы
player-computer = Компьютер
player-computer-level = Компьютер ({ $level })
player-friend = Друг
player-opponent = Соперник
player-waiting = ожидание друга
player-side-south = Игрок Юг
player-side-north = Игрок Север

## Home: new game

home-heading = Играть в калах
home-intro = Раскладывайте камни по доске, забирайте камни соперника и соберите в своём калахе больше половины всех камней.
home-new-game = Новая игра
opponent-legend = Соперник
opponent-computer = Против компьютера
opponent-computer-hint = Выберите уровень; компьютер отвечает сразу.
opponent-friend = Против друга
opponent-friend-hint = Вы получите ссылку для отправки; друг играет в своём браузере.
opponent-local = На этом экране
opponent-local-hint = Два человека ходят по очереди на одном устройстве.
level-label = Уровень компьютера
level-beginner = Начинающий
level-novice = Новичок
level-casual = Любитель
level-club = Клубный игрок
level-expert = Эксперт
level-master = Мастер
level-perfect = Идеальная игра
rules-legend = Правила
preset-label = Набор правил
preset-custom = Свои правила
preset-name-standard = Стандартный калах (6,4)
preset-name-empty-capture = Калах со взятием впустую
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Инструкция 002
preset-name-sheet-003 = Инструкция 003
preset-name-sheet-004 = Инструкция 004
more-options = Все параметры правил
option-houses = Лунок на каждой стороне
option-seeds = Камней в лунке
option-capture = Взятие
capture-standard = Стандартное: последний камень в вашей пустой лунке забирает камни напротив (только если они там есть)
capture-empty = Впустую: последний камень в вашей пустой лунке всегда уходит в калах вместе со всем, что лежит напротив
capture-none = Нет: ничего никогда не берётся
option-end = Игра заканчивается
end-either-empty = как только все лунки одной стороны пусты
end-mover-cannot-move = когда у игрока, чья очередь ходить, нет камней
option-sweep = Камни, оставшиеся на доске в конце
sweep-owner = уходят в калах той стороны, где лежат
sweep-emptier = все достаются игроку, чья сторона пуста
sweep-none = не засчитываются никому
option-early-end = Заканчивать досрочно, когда в калахе больше половины всех камней
option-pie = Правило обмена: после первого хода второй игрок может поменяться сторонами
option-both-stores = Раскладывать в оба калаха (и в калах соперника)
read-rules = Прочитать правила этого набора
first-legend = Кто начинает
first-lot = По жребию
first-south = Начинает Юг
first-north = Начинает Север
side-legend = Ваша сторона
side-choice-random = Случайно
side-local-note = На одном экране здесь играются обе стороны; Юг внизу.
start-game = Начать игру
starting-game = Запуск…

## Home: recent games

recent-heading = Ваши недавние игры
recent-empty = В этом браузере пока нет игр. Здесь появятся игры, которые вы начнёте или к которым присоединитесь.
recent-opponent = Соперник
recent-date = Начата
recent-status = Состояние
recent-open = Открыть
recent-remove = Удалить
recent-remove-label = Удалить игру { $id } из этого списка
recent-clear = Очистить список
status-playing = Идёт
status-your-turn = Ваш ход
status-finished = Завершена
status-resigned = Сдана
status-unknown = Неизвестно
status-won = Победа { $you }:{ $them }
status-lost = Поражение { $you }:{ $them }
status-drawn = Ничья { $you }:{ $them }

## Invitation and sharing

invite-heading = Пригласить друга
invite-text = Отправьте эту ссылку другу. Тот, кто её откроет, играет за другую сторону. Не передавайте её никому больше: по ней можно делать ходы.
invite-waiting = Ждём, пока друг откроет ссылку…
copy = Копировать
copied = Скопировано в буфер обмена.
copy-failed = Не удалось скопировать. Выделите текст и скопируйте его вручную.
share-heading = Ссылка для зрителей
share-text = Любой, у кого есть эта ссылка, может смотреть игру в реальном времени, но не может делать ходы.
share-copy = Копировать ссылку для зрителей

## Game page

game-heading = Игра { $id }
game-rules-summary = Правила: { $rules }
turn-yours = Ваш ход
turn-sowing-yours = Ваши камни раскладываются…
turn-side = Ходит { $side }
turn-opponent = Ход соперника
turn-thinking = Компьютер думает…
turn-waiting-friend = Ждём, пока друг присоединится и сделает ход…
pie-offer = Правило обмена: вместо хода вы можете поменяться сторонами и занять позицию соперника.
pie-swap = Поменяться сторонами
spectator-note = Вы наблюдаете за этой игрой.
local-note = Обе стороны играют на этом экране.
store-label = Калах
house-number = Лунка { $house }
house-aria-own = Ваша лунка { $house }, { $seeds ->
        [one] { $seeds } камень
        [few] { $seeds } камня
        [many] { $seeds } камней
       *[other] { $seeds } камня
    }
house-aria-opponent = Лунка соперника { $house }, { $seeds ->
        [one] { $seeds } камень
        [few] { $seeds } камня
        [many] { $seeds } камней
       *[other] { $seeds } камня
    }
house-aria-side = { $side }, лунка { $house }, { $seeds ->
        [one] { $seeds } камень
        [few] { $seeds } камня
        [many] { $seeds } камней
       *[other] { $seeds } камня
    }
store-aria-own = Ваш калах, { $seeds ->
        [one] { $seeds } камень
        [few] { $seeds } камня
        [many] { $seeds } камней
       *[other] { $seeds } камня
    }
store-aria-opponent = Калах соперника, { $seeds ->
        [one] { $seeds } камень
        [few] { $seeds } камня
        [many] { $seeds } камней
       *[other] { $seeds } камня
    }
store-aria-side = { $side }, калах, { $seeds ->
        [one] { $seeds } камень
        [few] { $seeds } камня
        [many] { $seeds } камней
       *[other] { $seeds } камня
    }
house-value = оценка { $value }
board-label = Доска для калаха
board-keys-help = Стрелки перемещают между лунками, Enter раскладывает камни из выбранной лунки. Вне доски стрелки влево и вправо листают ходы.

## Announcements (also read out by screen readers)

announce-your-turn = Ваш ход.
announce-game-over = Игра окончена.

## Result

result-heading = Игра окончена
result-you-win = Вы победили { $you }:{ $them }!
result-you-lose = Вы проиграли { $you }:{ $them }.
result-draw = Ничья, { $south }:{ $north }.
result-side-wins = Побеждает { $side }, { $winner }:{ $loser }.
result-early-end = Игра закончилась досрочно: в одном калахе больше половины всех камней.
## Moves and history

moves-heading = Ходы
moves-empty = Ходов пока нет.
moves-turn = Ход { $number }
history-first = Начальная позиция
history-back = Предыдущий ход
history-forward = Следующий ход
history-last = Текущая позиция
history-viewing = Позиция после хода { $ply } из { $total }.
history-viewing-start = Начальная позиция.
history-return = Вернуться к игре
move-swap = обмен

## Actions

actions-heading = Игра
resign = Сдаться
resign-confirm = Точно сдать эту игру? Она будет засчитана как поражение.
resign-yes = Да, сдаться
resign-no = Нет, играть дальше
rematch = Реванш (стороны меняются)
rematch-open = Открыть реванш
rematch-ready = Реванш начался.
hint = Показать оценки ходов
hint-hide = Скрыть оценки ходов
hint-loading = Вычисление…
hint-explain = Оценка хода — это итоговая разница между калахами (камни сделавшего ход минус камни соперника), если после него обе стороны играют наилучшим образом.
hint-best-unchecked = Другие ходы могут быть не хуже: не хватило времени проверить каждый ход.
hint-unavailable = Оценки ходов показываются в играх против компьютера, на одном экране, в завершённых играх и на доске для анализа.
export-record = Скачать запись игры
copy-position = Копировать позицию
analyze-game = Открыть на доске для анализа
speed-label = Анимация раскладывания
speed-off = Выкл.
speed-fast = Быстро
speed-normal = Обычно
speed-slow = Медленно

## Live connection

conn-lost = Соединение потеряно. Повторное подключение через { $seconds ->
        [one] { $seconds } секунду
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунды
    }…
conn-reconnecting = Повторное подключение…
conn-back = Соединение восстановлено; доска обновлена.
conn-retry-now = Подключиться сейчас

## Analysis board

analysis-heading = Доска для анализа
analysis-intro = Импортируйте запись игры или вставьте позицию, чтобы пройти её по ходам и увидеть точную оценку каждого хода.
analysis-import-heading = Импорт записи игры
analysis-import-label = Запись игры
analysis-import-button = Импортировать
analysis-import-file = Или откройте файл с записью
analysis-position-heading = Расставить позицию
analysis-position-label = Позиция
analysis-position-button = Показать
analysis-bad-position = Это не позиция. Запишите её так: <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Вычислить оценки ходов
analysis-thinking = Вычисление…
analysis-pv = Лучшее продолжение: { $line }
analysis-game-over = В этой позиции игра окончена.
analysis-play-hint = Нажмите на лунку стороны, которая ходит, чтобы попробовать ход; список ходов продолжится оттуда.
analysis-reset = Вернуться к импортированной игре
analysis-empty = Пока ничего не загружено: показана начальная позиция по стандартным правилам.

## Rules page

rules-page-heading = Правила: { $preset }
rules-other-presets = Другие наборы правил
rules-start-position = Начальная позиция
rules-play-this = Играть по этим правилам
rules-unknown-preset = Набора правил «{ $preset }» не существует.

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Играть с компьютером
play-friend = Играть с другом
custom-game = Своя игра
quick-rules = Правила: { $rules }. Другие правила, кто ходит первым и игра на одном экране — в разделе «Своя игра» ниже.
side-bottom-note = Какую бы сторону вы ни выбрали, ваши лунки — нижний ряд вашей доски.
subject-computer = Компьютер
subject-friend = Ваш друг
move-you-sow = Вы сеете из лунки { $house }.
move-other-sow = { $name } сеет из лунки { $house }.
move-you-capture = Вы забираете камни напротив своей лунки { $house } (+{ $seeds } в ваш калах).
move-other-capture = { $name } забирает камни напротив лунки { $house } (+{ $seeds }).
move-other-capture-yours = { $name } забирает камни из вашей лунки { $house } (+{ $seeds }).
move-you-again = Ваш последний камень попал в ваш калах: вы ходите ещё раз.
move-other-again = Последний камень попал в калах: { $name } ходит ещё раз.
move-sweep = Игра окончена: камни, оставшиеся на доске, уходят в калахи ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Вы меняетесь сторонами (правило пирога).
move-other-swap = { $name } меняется сторонами (правило пирога).
result-you-resigned = Вы сдались.
result-other-resigned = { $name } сдаётся.
replay-last = Повторить последний ход
score-label = Счёт
legend-from = посев из
legend-last = последний камень
legend-capture = захват
legend-sweep = собрано в конце
sound-toggle = Звуки ходов
share-export-heading = Поделиться / экспорт
coach-text = Ваши лунки — нижний ряд. Нажмите на одну: её камни раскладываются по одному, против часовой стрелки, в следующие лунки и в ваш калах справа.
coach-dismiss = Понятно
hint-you-ahead = Лучший ход: лунка { $moves }. При лучшей игре отсюда вы закончите { $exact ->
        [yes] на { $n }
       *[no] примерно на { $n }
    } впереди.
hint-you-behind = Лучший ход: лунка { $moves }. При лучшей игре отсюда вы отстанете { $exact ->
        [yes] на { $n }
       *[no] примерно на { $n }
    }.
hint-you-level = Лучший ход: лунка { $moves }. При лучшей игре отсюда игра закончится { $exact ->
        [yes] вничью
       *[no] примерно вровень
    }.
hint-other-ahead = Лучший ход для: { $name } — лунка { $moves }. При лучшей игре отсюда { $name } закончит { $exact ->
        [yes] на { $n }
       *[no] примерно на { $n }
    } впереди.
hint-other-behind = Лучший ход для: { $name } — лунка { $moves }. При лучшей игре отсюда { $name } отстанет { $exact ->
        [yes] на { $n }
       *[no] примерно на { $n }
    }.
hint-other-level = Лучший ход для: { $name } — лунка { $moves }. При лучшей игре отсюда игра закончится { $exact ->
        [yes] вничью
       *[no] примерно вровень
    }.

## Bots (the page /bots)

home-bots-link = Боты: играйте против программ или смотрите их партии
player-bot = Бот { $name }
bots-heading = Боты
bots-intro = Программы, играющие в калах, подключаются к этому серверу по протоколу Kalah Game Protocol. Вызовите ожидающего бота или посмотрите партию.
bots-online-heading = Боты в сети
bots-none = Сейчас ни один бот не подключён. Список обновляется сам.
bots-waiting = ждёт партию
bots-playing = играет
bots-unrated = без рейтинга
bots-provisional = предварительный рейтинг: сыграно мало партий
bots-challenge = Вызвать
bots-challenge-label = Вызвать: { $name }
bots-watch = Смотреть
bots-watch-label = Смотреть партию: { $name }
bots-busy = { $name } сейчас играет партию. Посмотрите её или вызовите бота снова, когда он будет ждать.
bots-gone = { $name } больше не подключён.
bots-leaderboard-heading = Таблица рейтинга
bots-leaderboard-empty = Ещё не сыграно ни одной рейтинговой партии. Боты, подключившиеся с токеном, получают рейтинг после каждой партии.
bots-col-rank = Место
bots-col-name = Бот
bots-col-rating = Рейтинг
bots-col-games = Партии
bots-col-wdl = Победы / ничьи / поражения
bots-board-label = Доска для вызова
bots-board-option = Лунок: { $houses }, камней в каждой: { $seeds }
bots-back = Назад к ботам

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Ваше имя
account-signed-in = Вы вошли как { $name }.
account-guest = Вы играете как { $name } (гость).
account-anonymous = Вы играете без имени. Войдите или зарегистрируйтесь, чтобы сохранить имя и партии.
account-sign-in = Войти
account-sign-up = Зарегистрироваться
account-log-out = Выйти
account-name = Имя пользователя
account-password = Пароль
account-name-hint = От 3 до 20 латинских букв A–Z, цифр, _ или -
account-password-hint = От 8 до 256 символов
account-bad-login = Неверное имя пользователя или пароль.
account-name-taken = Это имя пользователя занято; выберите другое.
account-rate-limited = Слишком много попыток с вашего адреса; попробуйте снова через несколько минут.

## Clocks of timed games
clock-label = Часы: { $name }
clock-low = мало времени
clock-low-say = Ваше время на исходе.
clock-first-move = { $side } должен сделать первый ход за { $seconds } с, иначе партия будет отменена.
time-control-label = Часы
time-control-none = Без часов
result-aborted = Партия отменена: первый ход не был сделан вовремя. Без результата.
result-on-time-you = Ваше время истекло.
result-on-time-opponent = Время соперника истекло.
result-on-time-side = { $side }: время истекло.
result-abandoned-you = Вы покинули партию.
result-abandoned-opponent = Соперник покинул партию.
result-abandoned-side = { $side } покинул партию.
status-aborted = Отменена

## Player pages and the leaderboard of people
home-leaderboard-link = Рейтинг игроков
leaderboard-heading = Таблица лидеров
leaderboard-intro = Игроки с самым высоким рейтингом в каждом пуле (правила и контроль времени). Игрок появляется, когда его рейтинг устоится после достаточного числа рейтинговых партий.
leaderboard-pool-label = Пул
leaderboard-empty = В этом пуле пока никого нет: игроки появляются, когда достаточно рейтинговых партий устоит их рейтинг.
leaderboard-col-player = Игрок
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Калах (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 камней
pool-family-other = Другие правила
pool-category-bullet = Пуля
pool-category-blitz = Блиц
pool-category-rapid = Рапид
pool-category-classical = Классика
pool-category-correspondence = По переписке
rating-chart-summary = Рейтинг от { $first } до { $last } (показано рейтинговых партий: { $count })
rating-history-table = Рейтинг после каждой партии
rating-col-date = Дата
rating-col-change = Изменение
rating-games = Партий: { $count }
game-result-win = Победа
game-result-loss = Поражение
game-result-draw = Ничья
game-result-playing = Идёт
game-against = против
game-rated = рейтинговая
player-not-found-heading = Игрок не найден
player-not-found-text = Учётной записи с именем { $name } нет. У гостей нет страницы, а удалённые учётные записи исчезли.
player-since = Играет с { $date }
player-ratings-heading = Рейтинги
player-no-ratings = Рейтинговых партий пока нет.
player-puzzles-heading = Задачи
player-puzzles-solved = Решено: { $solved } из { $tried }
player-games-heading = Последние партии
player-no-games = Партий пока нет.
result-rating-change = { $name }: рейтинг { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Смотреть
watch-heading = Смотреть партии
watch-intro = Партии, которые играются сейчас, сначала с самым высоким рейтингом. Откройте любую, чтобы смотреть её вживую.
watch-list-heading = Идущие партии
watch-empty = Сейчас не играется ни одной партии. Список обновляется сам.
watch-count = Идущие партии: { $count } (показано: { $shown })
watch-rated = рейтинговая
watch-casual = товарищеская
watch-bots = боты
watch-score = Счёт: Юг { $south }, Север { $north }
watch-ply = Ходов: { $ply }
watch-to-move = Ход: { $side }
watch-reconnecting = Соединение потеряно; переподключение. Пока список обновляется каждые несколько секунд.
claim-button = Потребовать победу
claim-opponent-left = Ваш соперник покинул партию.
claim-wait = Ваш соперник ушёл. Если он не вернётся в течение { $seconds } с, вы сможете потребовать присудить вам партию.
claim-ready = Ваш соперник отсутствует слишком долго: вы можете потребовать присудить вам партию (победа или ничья, если вы уже не можете выиграть).
claim-refused-back = Ваш соперник вернулся, партия продолжается.
claim-refused-early = Слишком рано: вы сможете потребовать партию через { $seconds } с, если соперник не вернётся.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Играть онлайн
online-intro = Играйте с человеком на время: быстрый подбор найдёт соперника с близким рейтингом, или примите вызов из зала ожидания.
online-you = В зале ожидания как { $name }.
online-rated = Рейтинговая партия
online-guest-note = Как гость вы играете товарищеские партии. Зарегистрируйтесь, чтобы играть рейтинговые партии.
online-quick-heading = Быстрый подбор
online-quick-button = Играть { $rules }, { $clock }, онлайн
online-waiting = Ищем соперника: { $rules }, { $clock }…
online-cancel = Отмена
online-enter = Войти в зал ожидания
online-enter-note = В зале ожидания видны игроки, которые ждут соперника.
online-disconnected = Связь с залом ожидания потеряна; пробуем снова…
online-seeks-heading = Открытые заявки
online-seeks-empty = Сейчас нет открытых заявок. Создайте заявку или воспользуйтесь быстрым подбором.
online-col-player = Игрок
online-col-mode = Партия
online-col-action = Действие
online-rules-label = Правила
online-mode-rated = Рейтинговая
online-casual = Товарищеская
online-accept = Принять
online-accept-label = Принять заявку игрока { $name }: { $rules }, { $clock }
online-your-seek = Ваша заявка
online-cancel-seek = Отозвать заявку
online-create-heading = Создать заявку
online-create = Создать заявку
online-game-found = Найдена партия против игрока { $name }.
challenge-heading = Вызвать игрока { $name }
challenge-button = Вызвать
challenge-send = Отправить вызов
challenge-sent = Вызов отправлен; ждём ответа игрока { $name }…
challenge-declined = { $name } отклонил(а) ваш вызов.
challenge-expired = Ваш вызов истёк без ответа.
challenge-cancelled = Вызов отозван.
challenge-crowded-out = У игрока { $name } слишком много ожидающих вызовов, и вызов знакомого ему игрока занял место вашего. Попробуйте позже.
challenge-incoming = { $name }{ $rating } вызывает вас: { $rules }, { $clock }, { $mode }.
challenge-accept = Принять
challenge-decline = Отклонить
challenge-notices = Вызовы
lobby-error-account = Рейтинговые партии играются между учётными записями: зарегистрируйтесь или войдите, или выберите товарищескую партию.
lobby-error-offline = У этого игрока сейчас не открыт сайт; вызов доходит только до игроков онлайн.
lobby-error-gone = Эта заявка или этот вызов больше не открыты.
lobby-error-too-many = У вас уже максимум открытых заявок или вызовов; сначала отзовите одну.
lobby-error = Зал ожидания отказал: { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Лобби
nav-leaderboard = Таблица лидеров
nav-bots = Боты
nav-menu = Меню
menu-my-page = Моя страница
menu-player-label = { $name }: моя страница, выход
result-lost-on-time = Вы проиграли по времени.
result-you-win-plain = Вы выиграли.
result-you-lose-plain = Вы проиграли.
result-draw-plain = Ничья.
result-side-wins-plain = Побеждает { $side }.
result-stores = Камней в калахах: { $score }
hint-estimate-you = Оценка, не доказано: лунка { $moves } выглядит сильнейшей, { $outcome ->
        [ahead] примерно { $n } в вашу пользу
        [behind] примерно { $n } не в вашу пользу
       *[level] примерно поровну
    }.
hint-estimate-other = Оценка, не доказано: для { $name } сильнейшей выглядит лунка { $moves }, { $outcome ->
        [ahead] примерно { $n } в его пользу
        [behind] примерно { $n } не в его пользу
       *[level] примерно поровну
    }.
bots-levels-heading = Компьютер
bots-levels-intro = Собственные уровни компьютера, всегда готовые к игре: от новичка до идеальной игры.
bots-level-play = Играть
bots-level-play-label = Играть с компьютером: { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Бот не найден
bot-not-found-text = Ни один бот с именем { $name } не играл на этом сервере и сейчас не подключён.
bot-unrated-note = он подключается без токена, поэтому его партии не меняют рейтинг.
bot-rating-fixed = постоянный рейтинг: партии компьютера его никогда не меняют
bot-record = Рейтинговые партии: { $games } (выигрыши { $wins }, ничьи { $draws }, поражения { $losses })
bot-person = человек
bot-status-playing = Сейчас подключён, играет партию.
bot-status-waiting = Сейчас подключён, ждёт партию.
bot-status-level = Один из собственных уровней компьютера: всегда готов к игре.
bot-status-offline = Сейчас не подключён.
bot-games-heading = Партии
bot-newest-games = Новейшие партии
bot-older-games = Более старые партии

leaderboard-empty-lobby = Сыграть рейтинговую партию в лобби
leaderboard-empty-bots = Сыграть с компьютером или ботом
share-button = Поделиться
share-copied = Ссылка для просмотра партии скопирована:
turn-waiting-friend-open = Ждём, пока ваш друг откроет ссылку; после этого можно ходить.
