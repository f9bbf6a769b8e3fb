"""The rule-based bot of the contract games: judging contracts, remembering, playing."""
