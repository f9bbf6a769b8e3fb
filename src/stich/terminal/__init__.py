"""Terminal play for every game: a Rich table view per game on one shared prompt and session."""
