"""Score pads for games played with real cards (issue 12): a Bummerl counter, the race to 24,
the Jass board's Z, the Coiffeur table and the Differenzler sheet, in the terminal
(``stich tafel``) and on a phone (``stich tafel --web``). Every pad books its entries through
the scoring the engines use (``stich.core.scoring``)."""
