"""What every game's match scoring shares: the error for an impossible entry and small checks
(``entry``), and the words a match's end is said with (``ends``). Each game family keeps its
own scoring."""
