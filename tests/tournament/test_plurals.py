"""What the organiser reads says 1 player, 1 card, 1 pairing and 2 players, 2 cards: counts
agree with their nouns in every line (T-1 registration, T-2 the draw, the audit)."""

from __future__ import annotations

import re
from collections.abc import Callable

Cli = Callable[..., str]


def test_counts_agree_with_their_nouns(cli: Cli) -> None:
    cli("create", "Cup", "--cards", "4", "--max-cards", "2", "--prizes", "1")
    said = [cli("register", "Anna"), cli("register", "Bert", "--cards", "2"),
            cli("cards", "Anna", "1")]
    assert said[0].startswith("registered Anna with 1 card; 1 player, 1 of 4 cards sold")
    assert said[1].startswith("registered Bert with 2 cards; 2 players, 3 of 4 cards sold")
    assert said[2].startswith("Anna now holds 1 card; 2 players, 3 of 4 cards sold")
    drawn = cli("draw", "--seed", "3")
    assert re.search(r"drawn with seed 3, \d+ numbers? put back, 0 redraws\b", drawn), drawn
    audit = cli("audit")
    assert "1 draw replayed identically" in audit, audit
    assert "0 redraws, " in audit and re.search(r"\b2 pairings\b", audit), audit
    everything = " ".join([*said, drawn, audit])
    assert "(s)" not in everything
    assert not re.search(r"\b1 (players|cards|pairings|draws|redraws)\b", everything)
