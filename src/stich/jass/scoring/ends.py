"""How a Jass game ends, in words (J-7): the winning team, the score and what took it to the
target (names from the caller, worded with ``stich.core.scoring.ends``)."""

from __future__ import annotations

from collections.abc import Sequence

from stich.core.scoring.ends import says
from stich.jass.scoring.game import JassScore

JASS_HOW = {"stoeck": "with Stöck, which count first", "weis": "with Weis, which count before "
            "the tricks", "tricks": "with the tricks", "first": "first: both teams got there "
            "with their tricks", "correction": "with a correction"}


def jass_end(score: JassScore, names: Sequence[str]) -> str | None:
    """A Jass game's end (J-7): the winning team, the score and what took it to the target."""
    if score.winner is None:
        return None
    won, scores = score.winner, score.scores
    how = JASS_HOW.get(score.decided_by or "", "")
    return (f"{says(names[won], 'win')} the game, {scores[won]} to {scores[1 - won]}: "
            f"{score.rules.target} reached {how} (J-7).")
