### Pages de règles du Kalah, français. Traduction de en/rules.ftl (qui explique comment une
### page est composée de ces messages).
### Termes : house = trou, store = grenier (kalaha), seed = graine, sow = semer, capture = prise.

rules-title = Comment jouer au Kalah
rules-intro = Le Kalah est un jeu de plateau pour deux joueurs de la famille des mancalas, qui se joue avec des graines placées dans de petits trous. Vous semez les graines autour du plateau et cherchez à en réunir le plus possible dans votre grenier, le kalaha. Celui qui a le plus de graines dans son grenier à la fin de la partie gagne.

## Titres

rules-setup-heading = Le plateau
rules-move-heading = Un coup
rules-capture-heading = Les prises
rules-end-heading = Fin de la partie
rules-winner-heading = Qui gagne ?
rules-options-heading = Options de règles
rules-presets-heading = Variantes prédéfinies
rules-example-heading = Exemple

## Le plateau

rules-board =
    Le plateau compte deux rangées de { $houses ->
        [one] un trou
       *[other] { $houses } trous
    }, une par joueur, et un grand trou à chaque extrémité : le grenier (ou kalaha). Votre grenier est celui qui se trouve à votre droite. Au début, chaque trou contient { $seeds ->
        [one] une graine
       *[other] { $seeds } graines
    }, soit { $total } graines en tout, et les deux greniers sont vides.
rules-numbering = Chaque joueur numérote ses trous à partir de sa gauche : le trou { $houses } est donc celui qui touche son grenier.

## Un coup

rules-sowing = À votre tour, choisissez l'un de vos trous qui n'est pas vide et prenez-en toutes les graines. Semez-les une par une, dans le sens inverse des aiguilles d'une montre, dans les trous suivants, dans votre propre grenier quand vous passez devant, puis dans les trous de votre adversaire. Le grenier adverse est sauté. Si vous avez assez de graines pour faire tout le tour du plateau, le trou que vous avez vidé reçoit lui aussi une graine.
rules-sowing-both-stores = À votre tour, choisissez l'un de vos trous qui n'est pas vide et prenez-en toutes les graines. Semez-les une par une, dans le sens inverse des aiguilles d'une montre, dans les trous suivants et dans les deux greniers quand vous passez devant. Une graine déposée dans le grenier adverse appartient à votre adversaire, et si votre dernière graine y tombe, votre tour est terminé.
rules-extra-turn = Si votre dernière graine tombe dans votre propre grenier, vous rejouez. Cela peut se produire plusieurs fois de suite.
rules-turn-ends = Si votre dernière graine tombe ailleurs, votre tour est terminé et c'est à votre adversaire de jouer.

## Les prises

rules-capture-standard = Si votre dernière graine tombe dans un trou vide de votre côté et que le trou d'en face contient des graines, vous faites une prise : cette graine et toutes celles d'en face vont dans votre grenier, et votre tour se termine. Si le trou d'en face est vide, votre graine reste simplement là où elle est tombée.
rules-capture-empty = Si votre dernière graine tombe dans un trou vide de votre côté, vous faites une prise : cette graine va dans votre grenier avec toutes les graines du trou d'en face, même si celui-ci est vide. Votre tour se termine ensuite.
rules-capture-none = Il n'y a pas de prise dans ce jeu : où que tombe votre dernière graine, elle y reste.

## Fin de la partie

rules-end-either-empty = La partie se termine dès que tous les trous d'un côté sont vides. On le vérifie après chaque semis ; la partie s'arrête donc même si le joueur aurait dû rejouer.
rules-end-mover-cannot-move = La partie ne se termine que lorsque le joueur dont c'est le tour n'a plus aucune graine dans ses trous. Jusque-là, un côté vide peut encore être réapprovisionné par les semis de l'autre joueur.
rules-sweep-owner = Les graines restées dans les trous reviennent alors à leur propriétaire : les graines restantes de chaque côté vont dans le grenier de ce côté.
rules-sweep-emptier = Le joueur dont le côté est vide prend alors toutes les graines restées sur le plateau et les met dans son propre grenier.
rules-sweep-none = Les graines restées dans les trous ne comptent alors pour personne ; seuls les greniers comptent.
rules-early-end = Fin anticipée : dès qu'un grenier contient plus de la moitié de toutes les graines, l'issue est acquise et la partie s'arrête aussitôt. Chaque joueur garde les graines qui restent dans ses propres trous.
rules-pie = Règle du gâteau : après le premier tour du premier joueur, le second peut, au lieu de jouer, échanger les places : il prend la place et la position du premier joueur, et celui-ci continue depuis le côté opposé. Ainsi, le premier joueur n'a pas intérêt à commencer par un coup trop fort.
rules-winner = Le joueur qui a le plus de graines dans son grenier gagne. Si les deux greniers en contiennent autant, la partie est nulle.
rules-first-player = Le premier joueur est tiré au sort.

## Exemple (plateau standard : 6 trous de 4 graines)

rules-example = Vous prenez les 4 graines de votre trou 3 et en semez une dans chacun des trous 4, 5 et 6, puis la dernière dans votre grenier. Comme la dernière graine est tombée dans votre grenier, vous rejouez.

## Libellés

rules-houses-label = Trous par côté
rules-seeds-label = Graines par trou
rules-total-label = Graines en tout

## Variantes prédéfinies : résumés d'une ligne

preset-standard = Les règles classiques, comme dans la règle du jeu habituelle et la plupart des logiciels de Kalah : 4 graines par trou, prise standard, la partie se termine quand un côté est vide, et chaque joueur garde ses graines restantes.
preset-empty-capture = Les règles standard avec prise à vide : une dernière graine dans l'un de vos trous vides est toujours prise, même s'il n'y a rien en face.
preset-bga = Comme sur Board Game Arena : la partie se termine quand le joueur dont c'est le tour ne peut pas jouer, et aussitôt qu'un grenier contient plus de la moitié des graines ; la règle du gâteau et la prise à vide peuvent être activées.
preset-sheet-002 = 6 graines par trou, avec prise à vide.
preset-sheet-003 = 6 graines par trou, avec prise à vide ; chaque joueur garde ses graines restantes.
preset-sheet-004 = 6 graines par trou, avec prise à vide ; le joueur dont le côté est vide prend le reste.
