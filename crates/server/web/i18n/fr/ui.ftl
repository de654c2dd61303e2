# Kalah web page: every string the page shows, in French (translation of en/ui.ftl).
# Termes comme dans rules.ftl : trou (house), grenier (store), graine (seed), Sud/Nord (sides).

## Page frame

app-title = Kalah
skip-to-content = Aller au contenu principal
nav-new-game = Nouvelle partie
nav-analysis = Plateau d'analyse
nav-rules = Règles
language-label = Langue
theme-toggle = Basculer entre le thème clair et le thème sombre
theme-light = Thème clair
theme-dark = Thème sombre
loading = Chargement…
footer-text = Kalah, le jeu de semailles. Tout fonctionne sur ce serveur ; aucune donnée n'en sort.

## Errors (the server's own message, in English, may follow in $detail)

error-heading = Un problème est survenu
error-network = Impossible de joindre le serveur. Vérifiez qu'il est en marche et que votre connexion fonctionne, puis réessayez.
error-server = Le serveur n'a pas pu faire cela : { $detail }
error-bad-request = La requête a été refusée : { $detail }
error-no-token = Cette action nécessite le lien de votre place. Ouvrez la partie à partir du lien qui vous a été donné.
error-forbidden = Vous ne pouvez pas faire cela ici : { $detail }
error-not-found = Le serveur ne connaît pas ceci : { $detail }
error-stale = La partie a avancé avant l'arrivée de votre coup. Le plateau a été mis à jour ; veuillez choisir à nouveau.
error-try-again = Réessayer
error-dismiss = Fermer
not-found-heading = Partie introuvable
not-found-text = Il n'y a aucune partie avec l'identifiant « { $id } » sur ce serveur. Il a peut-être été mal saisi, ou le lien est incomplet.
not-found-page-heading = Page introuvable
not-found-page-text = Il n'y a rien à cette adresse.
back-home = Retour à l'accueil

## Sides and players

side-south = Sud
side-north = Nord
player-you = Vous
player-computer = Ordinateur
player-computer-level = Ordinateur ({ $level })
player-friend = Ami
player-opponent = Adversaire
player-waiting = en attente d'un ami
player-side-south = Joueur Sud
player-side-north = Joueur Nord

## Home: new game

home-heading = Jouer au Kalah
home-intro = Semez les graines autour du plateau, capturez celles de votre adversaire et réunissez-en plus de la moitié dans votre grenier.
home-new-game = Nouvelle partie
opponent-legend = Adversaire
opponent-computer = Contre l'ordinateur
opponent-computer-hint = Choisissez un niveau ; l'ordinateur répond aussitôt.
opponent-friend = Contre un ami
opponent-friend-hint = Vous recevez un lien à envoyer ; votre ami joue depuis son propre navigateur.
opponent-local = Sur cet écran
opponent-local-hint = Deux personnes jouent à tour de rôle sur un même appareil.
level-label = Niveau de l'ordinateur
level-beginner = Débutant
level-novice = Novice
level-casual = Joueur occasionnel
level-club = Joueur de club
level-expert = Expert
level-master = Maître
level-perfect = Jeu parfait
rules-legend = Règles
preset-label = Variante
preset-custom = Règles personnalisées
preset-name-standard = Kalah standard (6,4)
preset-name-empty-capture = Kalah avec prise à vide
preset-name-bga = Board Game Arena
preset-name-sheet-002 = Règle du jeu 002
preset-name-sheet-003 = Règle du jeu 003
preset-name-sheet-004 = Règle du jeu 004
more-options = Toutes les options de règles
option-houses = Trous par côté
option-seeds = Graines par trou
option-capture = Prise
capture-standard = Standard : la dernière graine dans l'un de vos trous vides prend les graines d'en face (seulement s'il y en a)
capture-empty = À vide : la dernière graine dans l'un de vos trous vides va toujours dans votre grenier avec tout ce qui se trouve en face
capture-none = Aucune : rien n'est jamais pris
option-end = La partie se termine
end-either-empty = dès que tous les trous d'un côté sont vides
end-mover-cannot-move = quand le joueur dont c'est le tour n'a plus de graines
option-sweep = Graines restées sur le plateau à la fin
sweep-owner = vont dans le grenier du côté où elles se trouvent
sweep-emptier = vont toutes au joueur dont le côté est vide
sweep-none = ne comptent pour personne
option-early-end = Terminer plus tôt quand un grenier contient plus de la moitié des graines
option-pie = Règle du gâteau : après le premier tour, le second joueur peut échanger les côtés
option-both-stores = Semer dans les deux greniers (celui de l'adversaire aussi)
read-rules = Lire les règles de cette variante
first-legend = Qui commence
first-lot = Tiré au sort
first-south = Sud commence
first-north = Nord commence
side-legend = Votre côté
side-choice-random = Au hasard
side-local-note = Sur un seul écran, les deux côtés se jouent ici ; Sud est en bas.
start-game = Commencer la partie
starting-game = Démarrage…

## Home: recent games

recent-heading = Vos parties récentes
recent-empty = Aucune partie sur ce navigateur pour l'instant. Les parties que vous lancez ou rejoignez apparaîtront ici.
recent-opponent = Adversaire
recent-date = Commencée
recent-status = État
recent-open = Ouvrir
recent-remove = Retirer
recent-remove-label = Retirer la partie { $id } de cette liste
recent-clear = Vider la liste
status-playing = En cours
status-your-turn = À vous de jouer
status-finished = Terminée
status-resigned = Abandonnée
status-unknown = Inconnu
status-won = Gagnée { $you }–{ $them }
status-lost = Perdue { $you }–{ $them }
status-drawn = Nulle { $you }–{ $them }

## Invitation and sharing

invite-heading = Inviter un ami
invite-text = Envoyez ce lien à votre ami. La personne qui l'ouvre joue l'autre côté. Gardez-le privé : il permet de jouer des coups.
invite-waiting = En attente de l'ouverture du lien par votre ami…
copy = Copier
copied = Copié dans le presse-papiers.
copy-failed = Impossible de copier. Sélectionnez le texte et copiez-le à la main.
share-heading = Lien pour regarder
share-text = Toute personne ayant ce lien peut suivre la partie en direct, mais pas jouer.
share-copy = Copier le lien pour regarder

## Game page

game-heading = Partie { $id }
game-rules-summary = Règles : { $rules }
turn-yours = À vous de jouer
turn-sowing-yours = Vos graines sont semées…
turn-side = Au tour de { $side }
turn-opponent = Au tour de votre adversaire
turn-thinking = L'ordinateur réfléchit…
turn-waiting-friend = En attente que votre ami rejoigne la partie et joue…
pie-offer = Règle du gâteau : au lieu de jouer, vous pouvez échanger les côtés et reprendre la position de votre adversaire.
pie-swap = Échanger les côtés
spectator-note = Vous regardez cette partie.
local-note = Les deux côtés se jouent sur cet écran.
store-label = Grenier
house-number = Trou { $house }
house-aria-own = Votre trou { $house }, { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
house-aria-opponent = Trou { $house } de l'adversaire, { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
house-aria-side = { $side }, trou { $house }, { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
store-aria-own = Votre grenier, { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
store-aria-opponent = Grenier de l'adversaire, { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
store-aria-side = { $side }, grenier, { $seeds ->
        [one] { $seeds } graine
       *[other] { $seeds } graines
    }
house-value = valeur { $value }
board-label = Plateau de Kalah
board-keys-help = Les flèches passent d'un trou à l'autre, Entrée sème le trou sélectionné. En dehors du plateau, les flèches gauche et droite parcourent les coups.

## Announcements (also read out by screen readers)

announce-your-turn = À vous de jouer.
announce-game-over = Partie terminée.

## Result

result-heading = Partie terminée
result-you-win = Vous gagnez { $you }–{ $them } !
result-you-lose = Vous perdez { $you }–{ $them }.
result-draw = Partie nulle, { $south }–{ $north }.
result-side-wins = { $side } gagne { $winner }–{ $loser }.
result-early-end = La partie s'est terminée plus tôt : un grenier contient plus de la moitié des graines.
## Moves and history

moves-heading = Coups
moves-empty = Aucun coup pour l'instant.
moves-turn = Tour { $number }
history-first = Position de départ
history-back = Coup précédent
history-forward = Coup suivant
history-last = Position actuelle
history-viewing = Position après le coup { $ply } sur { $total }.
history-viewing-start = Position de départ.
history-return = Retour à la partie
move-swap = échange

## Actions

actions-heading = Partie
resign = Abandonner
resign-confirm = Abandonner vraiment cette partie ? Elle comptera comme une défaite.
resign-yes = Oui, abandonner
resign-no = Non, continuer
rematch = Revanche (côtés inversés)
rematch-open = Ouvrir la revanche
rematch-ready = Une revanche a commencé.
hint = Afficher la valeur des coups
hint-hide = Masquer la valeur des coups
hint-loading = Calcul en cours…
hint-explain = La valeur d'un coup est l'écart final entre les greniers (les graines du joueur qui joue moins celles de l'adversaire) si les deux camps jouent au mieux ensuite.
hint-best-unchecked = D'autres coups peuvent être aussi bons : le temps a manqué pour vérifier chaque coup.
hint-unavailable = La valeur des coups est affichée dans les parties contre l'ordinateur, sur un seul écran, dans les parties terminées et sur le plateau d'analyse.
export-record = Télécharger la feuille de partie
copy-position = Copier la position
analyze-game = Ouvrir sur le plateau d'analyse
speed-label = Animation des semailles
speed-off = Désactivée
speed-fast = Rapide
speed-normal = Normale
speed-slow = Lente

## Live connection

conn-lost = Connexion perdue. Nouvelle tentative dans { $seconds ->
        [one] { $seconds } seconde
       *[other] { $seconds } secondes
    }…
conn-reconnecting = Reconnexion…
conn-back = Reconnecté ; le plateau est à jour.
conn-retry-now = Se reconnecter maintenant

## Analysis board

analysis-heading = Plateau d'analyse
analysis-intro = Importez une feuille de partie ou collez une position pour la parcourir et voir la valeur exacte de chaque coup.
analysis-import-heading = Importer une feuille de partie
analysis-import-label = Feuille de partie
analysis-import-button = Importer
analysis-import-file = Ou ouvrir un fichier de partie
analysis-position-heading = Mettre en place une position
analysis-position-label = Position
analysis-position-button = Afficher
analysis-bad-position = Ce n'est pas une position : écrivez-la comme <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S.
analysis-analyze = Calculer la valeur des coups
analysis-thinking = Calcul en cours…
analysis-pv = Meilleure suite : { $line }
analysis-game-over = Dans cette position, la partie est terminée.
analysis-play-hint = Cliquez sur un trou du camp au trait pour essayer un coup ; la liste des coups continue à partir de là.
analysis-reset = Retour à la partie importée
analysis-empty = Rien n'est encore chargé : la position de départ des règles standard est affichée.

## Rules page

rules-page-heading = Règles : { $preset }
rules-other-presets = Autres variantes
rules-start-position = Position de départ
rules-play-this = Jouer avec ces règles
rules-unknown-preset = Il n'existe pas de variante appelée « { $preset } ».

## Issue 16: one-click play, the game in the player's words, hints as sentences

play-computer = Jouer contre l'ordinateur
play-friend = Jouer avec un ami
custom-game = Partie personnalisée
quick-rules = Règles : { $rules }. Autres règles, qui commence et parties sur un seul écran : « Partie personnalisée » ci-dessous.
side-bottom-note = Quel que soit votre côté, vos trous sont la rangée du bas de votre plateau.
subject-computer = L'ordinateur
subject-friend = Votre ami
move-you-sow = Vous semez le trou { $house }.
move-other-sow = { $name } sème le trou { $house }.
move-you-capture = Vous capturez les graines en face de votre trou { $house } (+{ $seeds } dans votre grenier).
move-other-capture = { $name } capture les graines en face du trou { $house } (+{ $seeds }).
move-other-capture-yours = { $name } capture les graines de votre trou { $house } (+{ $seeds }).
move-you-again = Votre dernière graine est tombée dans votre grenier : vous rejouez.
move-other-again = La dernière graine est tombée dans le grenier : { $name } rejoue.
move-sweep = Fin de la partie : les graines restées sur le plateau vont dans les greniers ({ $first } +{ $a }, { $second } +{ $b }).
move-you-swap = Vous échangez les côtés (règle du gâteau).
move-other-swap = { $name } échange les côtés (règle du gâteau).
result-you-resigned = Vous avez abandonné.
result-other-resigned = { $name } a abandonné.
replay-last = Revoir le dernier coup
score-label = Score
legend-from = semé depuis
legend-last = dernière graine
legend-capture = capture
legend-sweep = ramassé à la fin
sound-toggle = Sons des coups
share-export-heading = Partager / exporter
coach-text = Vos trous sont la rangée du bas. Cliquez sur l'un d'eux : ses graines sont semées une à une, dans le sens inverse des aiguilles d'une montre, dans les trous suivants et votre grenier à droite.
coach-dismiss = J'ai compris
hint-you-ahead = Meilleur : trou { $moves }. Avec le meilleur jeu d'ici, vous finissez avec { $exact ->
        [yes] { $n }
       *[no] environ { $n }
    } d'avance.
hint-you-behind = Meilleur : trou { $moves }. Avec le meilleur jeu d'ici, vous finissez avec { $exact ->
        [yes] { $n }
       *[no] environ { $n }
    } de retard.
hint-you-level = Meilleur : trou { $moves }. Avec le meilleur jeu d'ici, la partie se termine { $exact ->
        [yes] sur un match nul
       *[no] à peu près à égalité
    }.
hint-other-ahead = Meilleur pour { $name } : trou { $moves }. Avec le meilleur jeu d'ici, { $name } finit avec { $exact ->
        [yes] { $n }
       *[no] environ { $n }
    } d'avance.
hint-other-behind = Meilleur pour { $name } : trou { $moves }. Avec le meilleur jeu d'ici, { $name } finit avec { $exact ->
        [yes] { $n }
       *[no] environ { $n }
    } de retard.
hint-other-level = Meilleur pour { $name } : trou { $moves }. Avec le meilleur jeu d'ici, la partie se termine { $exact ->
        [yes] sur un match nul
       *[no] à peu près à égalité
    }.

## Bots (the page /bots)

home-bots-link = Bots : jouez contre des programmes ou regardez-les jouer
player-bot = Bot { $name }
bots-heading = Bots
bots-intro = Des programmes qui jouent au Kalah se connectent à ce serveur avec le Kalah Game Protocol. Défiez un bot qui attend ou regardez une partie.
bots-online-heading = Bots en ligne
bots-none = Aucun bot n’est connecté pour le moment. Cette liste se met à jour toute seule.
bots-waiting = attend une partie
bots-playing = en partie
bots-unrated = non classé
bots-provisional = classement provisoire : peu de parties jouées
bots-challenge = Défier
bots-challenge-label = Défier { $name }
bots-watch = Regarder
bots-watch-label = Regarder la partie de { $name }
bots-busy = { $name } joue une partie en ce moment. Regardez-la, ou défiez-le de nouveau quand il attend.
bots-gone = { $name } n’est plus connecté.
bots-leaderboard-heading = Classement
bots-leaderboard-empty = Aucune partie classée n’a encore été jouée. Les bots qui se connectent avec un jeton sont classés après chaque partie.
bots-col-rank = Rang
bots-col-name = Bot
bots-col-rating = Classement
bots-col-games = Parties
bots-col-wdl = Gagnées / nulles / perdues
bots-board-label = Plateau pour un défi
bots-board-option = { $houses } trous, { $seeds } graines chacun
bots-back = Retour aux bots

## Home: the "Your name" card (sign in, sign up, log out)
account-heading = Votre nom
account-signed-in = Connecté en tant que { $name }.
account-guest = Vous jouez en tant que { $name } (invité).
account-anonymous = Vous jouez sans nom. Connectez-vous, ou créez un compte pour garder votre nom et vos parties.
account-sign-in = Se connecter
account-sign-up = Créer un compte
account-log-out = Se déconnecter
account-name = Nom d’utilisateur
account-password = Mot de passe
account-name-hint = 3 à 20 lettres A–Z, chiffres, _ ou -
account-password-hint = 8 à 256 caractères
account-bad-login = Le nom d’utilisateur ou le mot de passe est incorrect.
account-name-taken = Ce nom d’utilisateur est pris ; choisissez-en un autre.
account-rate-limited = Trop de tentatives depuis votre adresse ; réessayez dans quelques minutes.

## Clocks of timed games
clock-label = Pendule de { $name }
clock-low = peu de temps
clock-low-say = Votre temps est presque écoulé.
clock-first-move = { $side } doit jouer un premier coup dans les { $seconds } s, sinon la partie est annulée.
time-control-label = Pendule
time-control-none = Sans pendule
result-aborted = Partie annulée : un premier coup n'est pas venu à temps. Pas de résultat.
result-on-time-you = Votre temps est écoulé.
result-on-time-opponent = Le temps de votre adversaire est écoulé.
result-on-time-side = Le temps de { $side } est écoulé.
result-abandoned-you = Vous avez quitté la partie.
result-abandoned-opponent = Votre adversaire a quitté la partie.
result-abandoned-side = { $side } a quitté la partie.
status-aborted = Annulée

## Player pages and the leaderboard of people
home-leaderboard-link = Classement des joueurs
leaderboard-heading = Classement
leaderboard-intro = Les joueurs les mieux classés de chaque catégorie (règles et cadence). Un joueur y figure dès que son classement est établi, après assez de parties classées.
leaderboard-pool-label = Catégorie
leaderboard-empty = Personne n’est encore classé ici : un joueur apparaît quand assez de parties classées ont établi son classement.
leaderboard-col-player = Joueur
pool-name = { $family } · { $category }
pool-family-kalah-6-4 = Kalah (6,4)
pool-family-bga-6-6 = Board Game Arena, 6 graines
pool-family-other = Autres règles
pool-category-bullet = Bullet
pool-category-blitz = Blitz
pool-category-rapid = Rapide
pool-category-classical = Classique
pool-category-correspondence = Par correspondance
rating-chart-summary = Classement de { $first } à { $last } (parties classées affichées : { $count })
rating-history-table = Classement après chaque partie
rating-col-date = Date
rating-col-change = Variation
rating-games = Parties : { $count }
game-result-win = Gagnée
game-result-loss = Perdue
game-result-draw = Nulle
game-result-playing = En cours
game-against = contre
game-rated = classée
player-not-found-heading = Joueur introuvable
player-not-found-text = Aucun compte ne s’appelle { $name }. Les invités n’ont pas de page, et les comptes supprimés ont disparu.
player-since = Joue depuis le { $date }
player-ratings-heading = Classements
player-no-ratings = Pas encore de partie classée.
player-puzzles-heading = Problèmes
player-puzzles-solved = Résolus : { $solved } sur { $tried }
player-games-heading = Parties récentes
player-no-games = Pas encore de partie.
result-rating-change = { $name } : classement { $before } → { $after } ({ $change })

## Watch page and claims (issue 18)
nav-watch = Regarder
watch-heading = Regarder des parties
watch-intro = Les parties en cours, les mieux classées d'abord. Ouvrez-en une pour la suivre en direct.
watch-list-heading = Parties en cours
watch-empty = Aucune partie n'est en cours. Cette liste se met à jour toute seule.
watch-count = Parties en cours : { $count } (affichées : { $shown })
watch-rated = classée
watch-casual = amicale
watch-bots = bots
watch-score = Score : Sud { $south }, Nord { $north }
watch-ply = Coups : { $ply }
watch-to-move = Au tour de { $side }
watch-reconnecting = Connexion perdue ; reconnexion en cours. En attendant, la liste est rafraîchie toutes les quelques secondes.
claim-button = Réclamer la partie
claim-opponent-left = Votre adversaire a quitté la partie.
claim-wait = Votre adversaire est parti. S'il ne revient pas d'ici { $seconds } s, vous pourrez réclamer la partie.
claim-ready = Votre adversaire est absent depuis trop longtemps : vous pouvez réclamer la partie (une victoire, ou une nulle si vous ne pouvez plus gagner).
claim-refused-back = Votre adversaire est revenu, la partie continue.
claim-refused-early = Trop tôt : vous pourrez réclamer la partie dans { $seconds } s si votre adversaire ne revient pas.
## Play online: quick pairing, the lobby, challenges (js/online.js, js/lobby.js)
online-heading = Jouer en ligne
online-intro = Jouez contre une personne avec une pendule : l'appariement rapide trouve un adversaire proche de votre classement, ou acceptez une proposition du salon.
online-you = Dans le salon en tant que { $name }.
online-rated = Partie classée
online-guest-note = En invité, vous jouez des parties amicales. Inscrivez-vous pour jouer des parties classées.
online-quick-heading = Appariement rapide
online-quick-button = Jouer { $rules }, { $clock }, en ligne
online-waiting = Recherche d'un adversaire : { $rules }, { $clock }…
online-cancel = Annuler
online-enter = Entrer dans le salon
online-enter-note = Le salon liste les joueurs qui attendent un adversaire.
online-disconnected = La connexion au salon est perdue ; nouvel essai…
online-seeks-heading = Propositions ouvertes
online-seeks-empty = Aucune proposition ouverte pour l'instant. Créez-en une, ou utilisez l'appariement rapide.
online-col-player = Joueur
online-col-mode = Partie
online-col-action = Action
online-rules-label = Règles
online-mode-rated = Classée
online-casual = Amicale
online-accept = Accepter
online-accept-label = Accepter la proposition de { $name } : { $rules }, { $clock }
online-your-seek = Votre proposition
online-cancel-seek = Retirer la proposition
online-create-heading = Créer une proposition
online-create = Créer la proposition
online-game-found = Partie trouvée contre { $name }.
challenge-heading = Défier { $name }
challenge-button = Défier
challenge-send = Envoyer le défi
challenge-sent = Défi envoyé ; en attente de la réponse de { $name }…
challenge-declined = { $name } a refusé votre défi.
challenge-expired = Votre défi a expiré sans réponse.
challenge-cancelled = Le défi a été retiré.
challenge-crowded-out = { $name } a trop de défis en attente, et celui d'un joueur qu'il connaît a pris la place du vôtre. Réessayez plus tard.
challenge-incoming = { $name }{ $rating } vous défie : { $rules }, { $clock }, { $mode }.
challenge-accept = Accepter
challenge-decline = Refuser
challenge-notices = Défis
lobby-error-account = Les parties classées se jouent entre comptes : inscrivez-vous ou connectez-vous, ou choisissez une partie amicale.
lobby-error-offline = Ce joueur n'a pas le site ouvert en ce moment ; un défi n'atteint que les joueurs en ligne.
lobby-error-gone = Cette proposition ou ce défi n'est plus ouvert.
lobby-error-too-many = Vous avez autant de propositions ou de défis ouverts que permis ; retirez-en un d'abord.
lobby-error = Le salon a refusé : { $detail }

## Issue 37: header, endings, estimates, the computer on the Bots page

nav-lobby = Salon
nav-leaderboard = Classement
nav-bots = Bots
nav-menu = Menu
menu-my-page = Ma page
menu-player-label = { $name } : ma page, déconnexion
result-lost-on-time = Vous avez perdu au temps.
result-you-win-plain = Vous gagnez.
result-you-lose-plain = Vous perdez.
result-draw-plain = Partie nulle.
result-side-wins-plain = { $side } gagne.
result-stores = Graines dans les greniers : { $score }
hint-estimate-you = Une estimation, non prouvée : le trou { $moves } semble le plus fort, { $outcome ->
        [ahead] environ { $n } d’avance pour vous
        [behind] environ { $n } de retard pour vous
       *[level] à peu près à égalité
    }.
hint-estimate-other = Une estimation, non prouvée : pour { $name }, le trou { $moves } semble le plus fort, { $outcome ->
        [ahead] environ { $n } d’avance
        [behind] environ { $n } de retard
       *[level] à peu près à égalité
    }.
bots-levels-heading = L’ordinateur
bots-levels-intro = Les niveaux de l’ordinateur, toujours prêts à jouer, du débutant au jeu parfait.
bots-level-play = Jouer
bots-level-play-label = Jouer contre l’ordinateur : { $level }

# A bot's page /bots/{name} (bot.js).
bot-not-found-heading = Bot introuvable
bot-not-found-text = Aucun bot nommé { $name } n’a joué sur ce serveur ni n’est connecté en ce moment.
bot-unrated-note = il se connecte sans jeton, ses parties ne changent donc aucun classement.
bot-rating-fixed = un classement fixe : les parties de l’ordinateur ne le changent jamais
bot-record = Parties classées : { $games } (gagnées { $wins }, nulles { $draws }, perdues { $losses })
bot-person = une personne
bot-status-playing = Connecté, en train de jouer une partie.
bot-status-waiting = Connecté, attend une partie.
bot-status-level = Un des niveaux de l’ordinateur : toujours prêt à jouer.
bot-status-offline = Pas connecté en ce moment.
bot-games-heading = Parties
bot-newest-games = Parties les plus récentes
bot-older-games = Parties plus anciennes

leaderboard-empty-lobby = Jouer une partie classée dans le salon
leaderboard-empty-bots = Jouer contre l’ordinateur ou un bot
share-button = Partager
share-copied = Le lien pour regarder cette partie est copié :
turn-waiting-friend-open = En attente que votre ami ouvre le lien ; vous pourrez jouer ensuite.
