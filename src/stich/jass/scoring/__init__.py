"""Jass's match scoring: the board's Z (J-8), a Schieber game to the target (J-7), Coiffeur
(J-11) and Differenzler (J-12); and how a game ends in words."""
