"""Score pads for games played with real cards (docs/tafel.md): a Bummerl counter, the race to 24,
the Jass board's Z, the Coiffeur table and the Differenzler sheet, in the terminal
(``stich tafel``) and on a phone (``stich tafel --web``). Every pad books its entries through
the scoring the engines use (each family's: ``stich.schnapsen.scoring``,
``stich.contract.race``, ``stich.jass.scoring``)."""
