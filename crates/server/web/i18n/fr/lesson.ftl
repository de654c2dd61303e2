# La première leçon (/learn dans le navigateur, `kalah play --lesson` dans le terminal).
# Messages simples uniquement : `id = texte`, lignes de suite indentées, { $variable }.

lesson-title = Première leçon
lesson-heading = Apprendre le Kalah en deux minutes
lesson-intro = Quatre courtes étapes, chacune jouée sur le plateau : semer, le tour supplémentaire, la prise et la fin de la partie. Vous jouez la rangée du bas ; votre grenier est à votre droite.
lesson-note-houses = Trous par côté dans ces règles : { $houses }. La leçon montre { $shown } trous par côté, toutes les autres règles restant les mêmes.
lesson-step = Étape { $step } sur { $steps }
lesson-you = Vous
lesson-opponent = Adversaire
lesson-board-label = Plateau de la leçon
lesson-try-again = Réessayer
lesson-next = Étape suivante
lesson-finish = Terminer
lesson-restart-step = Recommencer cette étape
lesson-complete-heading = Leçon terminée
lesson-complete-text = Vous connaissez le semis, le tour supplémentaire, la prise et la fin de la partie dans ces règles. Prêt pour une vraie partie ?
lesson-play-computer = Jouer contre l'ordinateur avec ces règles
lesson-again = Refaire la leçon
lesson-read-rules = Lire toutes les règles
lesson-home-link = Nouveau au Kalah ? Apprenez-le en deux minutes
lesson-nav = Apprendre
lesson-rules-label = Règles de la leçon
lesson-wrong-heading = Pas tout à fait

lesson-sowing-title = Semer
lesson-sowing-body = À votre tour, prenez toutes les graines d'un de vos trous et semez-les une par une dans les trous suivants, dans le sens inverse des aiguilles d'une montre : vos trous vers la droite, votre grenier, puis les trous de votre adversaire.
lesson-sowing-skip = Le grenier de votre adversaire est sauté. Les graines d'un grenier y restent jusqu'à la fin.
lesson-sowing-both-stores = Dans ces règles, le grenier de votre adversaire reçoit lui aussi une graine quand vous passez devant, et cette graine compte pour lui.
lesson-sowing-task = Semez un trou dont les graines atteignent le côté de votre adversaire (la rangée du haut).
lesson-sowing-done = Une graine dans chaque trou : vos graines sont passées par votre grenier, où l'une reste pour de bon, puis ont continué chez votre adversaire.
lesson-sowing-hint = Chaque trou reçoit une graine : il faut un trou avec plus de graines qu'il n'y a de pas jusqu'à votre grenier.

lesson-landed-house = Votre dernière graine est tombée dans votre trou { $last }.
lesson-landed-opponent-house = Votre dernière graine est tombée dans le trou { $last } de votre adversaire.
lesson-landed-store = Votre dernière graine est tombée dans votre grenier.
lesson-landed-opponent-store = Votre dernière graine est tombée dans le grenier de votre adversaire.

lesson-extra-title = Le tour supplémentaire
lesson-extra-body = Si la dernière graine que vous semez tombe dans votre propre grenier, vous rejouez. Cela peut se produire plusieurs fois de suite.
lesson-extra-task = Trouvez le trou dont la dernière graine tombe dans votre grenier.
lesson-extra-done = Votre dernière graine est tombée dans votre grenier : vous rejouez.
lesson-extra-hint = Cherchez un trou avec exactement autant de graines que de pas jusqu'à votre grenier.

lesson-capture-title = La prise
lesson-capture-standard = Si votre dernière graine tombe dans un trou vide de votre côté et que le trou d'en face contient des graines, vous faites une prise : cette graine et toutes celles d'en face vont dans votre grenier. S'il n'y a rien en face, la graine reste simplement là. Dans les deux cas, votre tour se termine.
lesson-capture-empty = Si votre dernière graine tombe dans un trou vide de votre côté, vous faites une prise : cette graine et toutes celles du trou d'en face vont dans votre grenier, même si le trou d'en face est vide. Votre tour se termine ensuite.
lesson-capture-none = Ces règles n'ont pas de prise : une dernière graine qui tombe dans un trou vide de votre côté y reste simplement, et votre tour se termine.
lesson-capture-task = Prenez les graines du trou { $house } de votre adversaire, en face de votre trou vide.
lesson-capture-none-task = Semez le trou dont la dernière graine tombe dans votre trou vide { $house }.
lesson-capture-done = Prise : votre dernière graine et les graines du trou { $opposite } de votre adversaire sont allées dans votre grenier.
lesson-capture-none-done = Votre dernière graine reste dans votre trou { $house } : rien n'est pris, et votre tour se termine.
lesson-capture-nothing-opposite = Le trou d'en face était vide : il n'y avait rien à prendre.
lesson-capture-not-empty = Ce trou contenait déjà des graines : rien n'est pris.
lesson-capture-hint = Cherchez le trou dont la dernière graine tombe dans votre trou vide { $house }.

lesson-end-title = La fin de la partie
lesson-end-either-empty = La partie se termine dès que tous les trous d'un côté sont vides.
lesson-end-mover-cannot-move = La partie se termine quand le joueur dont c'est le tour n'a plus de graines dans ses trous.
lesson-sweep-owner = Les graines restées dans les trous vont alors dans le grenier de leur propriétaire, et le grenier le plus rempli gagne.
lesson-sweep-emptier = Le joueur dont le côté est vide prend alors toutes les graines restées dans les trous, et le grenier le plus rempli gagne.
lesson-sweep-none = Les graines restées dans les trous ne comptent alors pour personne, et le grenier le plus rempli gagne.
lesson-early-end = Dans ces règles, la partie se termine aussi aussitôt qu'un grenier contient plus de la moitié de toutes les graines ; les graines restantes vont alors à leur propriétaire.
lesson-end-task = Videz tous vos trous pendant ce tour pour terminer la partie. Servez-vous des tours supplémentaires.
lesson-end-task-mover = Terminez la partie : videz tous vos trous, la dernière graine dans votre grenier, de sorte que ce soit à vous de jouer sans rien à semer.
lesson-end-again = Vous rejouez.
lesson-end-stuck = Vous rejouez, mais d'ici vos trous ne peuvent plus tous être vidés pendant ce tour.
lesson-end-seeds-left = Votre tour est fini et il reste des graines dans vos trous : la partie continue.
lesson-end-opponent-moves = Vos trous sont vides, mais votre tour est fini et votre adversaire peut encore jouer : la partie continue.
lesson-end-hint = À chaque fois, semez le trou le plus proche de votre grenier dont les graines y arrivent tout juste.
lesson-end-done-owner = La partie est finie. Les graines restées dans les trous de votre adversaire vont dans son grenier (+{ $seeds }).
lesson-end-done-you = La partie est finie. Votre côté est vide : toutes les graines restantes vont dans votre grenier (+{ $seeds }).
lesson-end-done-none = La partie est finie. Les graines restées dans les trous ne comptent pour personne.
lesson-end-done-early = La partie s'arrête aussitôt : votre grenier contient plus de la moitié de toutes les graines. Les graines restantes vont à leur propriétaire.
lesson-end-score = Score final : vous { $you }, votre adversaire { $opponent }.

lesson-key-sow = semer
lesson-key-choose = choisir et semer
lesson-key-retry = recommencer l'étape
lesson-key-next = étape suivante
lesson-key-leave = quitter la leçon
lesson-key-quit = quitter
lesson-key-play = une partie avec ces règles
lesson-tui-next = Entrée : étape suivante.
lesson-tui-finish = Entrée : terminer la leçon.
lesson-tui-retry = Entrée : réessayer.
lesson-tui-empty = Le trou { $house } est vide : choisissez un trou avec des graines.
lesson-tui-no-house = Il n'y a pas de trou { $house }.
