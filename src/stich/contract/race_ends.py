"""How a race to 24 and a match of races end, in words (B-7, D-1): who reached 24, the score,
who gets how many Bummerl and why (Schneider, Retourschneider). Score pads, terminal play and
tournament play say it with these, names from the caller (worded with
``stich.core.scoring.ends``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stich.contract.race import DOUBLING_FACTORS, RaceRules, RaceTo24
from stich.core.scoring.ends import count, joined, says


def race_why(outcome: dict[str, Any], names: Sequence[str], target: int = 24,
             count_down: bool = False) -> str:
    """Why a race's losers get 4 (Retourschneider) or 2 (Schneider) Bummerl (B-7, D-1); empty
    for the plain one. With ``count_down`` (B-7) the scores are those left to 0."""
    losers = joined([names[p] for p in outcome["losers"]])
    winners = joined([names[p] for p in outcome["winners"]])
    start, near = (target, 1) if count_down else (0, target - 1)
    if outcome["kind"] == "retourschneider":
        return f"Retourschneider: {losers} stood at {near} and {winners} won from {start}"
    if outcome["kind"] == "schneider":
        return f"Schneider: {losers} still at {start} points"
    return ""


def _race_body(outcome: dict[str, Any], names: Sequence[str], target: int,
               count_down: bool = False) -> str:
    """``reach 24 (4:24): Anna & Carl get 2 Bummerl; Schneider: ...`` without the subject;
    with ``count_down`` (B-7) ``reach 0 (20:0)``, the numbers the board shows."""
    losers = joined([names[p] for p in outcome["losers"]])
    shown = [target - s if count_down else s for s in outcome["score"]]
    score = ":".join(map(str, shown))
    given = count(outcome["bummerl"], "Bummerl", "Bummerl")
    why = race_why(outcome, names, target, count_down)
    each = " each" if len(outcome["losers"]) > 1 else ""
    goal = 0 if count_down else target
    return f"{goal} ({score}): {says(losers, 'get')} {given}{each}" + (f"; {why}" if why else "")


def race_end(outcome: dict[str, Any], names: Sequence[str], target: int = 24,
             rule: str = "B-7", count_down: bool = False) -> str:
    """A race to 24's end: who reached it, the score, who gets how many Bummerl and why."""
    winners = joined([names[p] for p in outcome["winners"]])
    body = _race_body(outcome, names, target, count_down)
    return f"{says(winners, 'reach')} {body} ({rule})."


def race_match_end(race: RaceTo24, names: Sequence[str], rule: str = "B-7",
                   count_down: bool = False) -> str | None:
    """A match of races' end: who won it, why, and the Bummerl each holds; None before."""
    if not race.match_over():
        return None
    won = race.match_winners()
    winners = joined([names[p] for p in won])
    last = race.finished[-1]
    body = _race_body(last, names, race.target, count_down)
    if won == last["winners"]:
        how = f"reaching {body}"
    else:
        reached = joined([names[p] for p in last["winners"]])
        how = f"with the fewest Bummerl; in the last race {says(reached, 'reach')} {body}"
    holds = ", ".join(f"{names[p]} {n}" for p, n in enumerate(race.bummerl))
    return (f"{says(winners, 'win')} the match, {how}. Bummerl: {holds}; the match ends at "
            f"{count(race.limit, 'Bummerl', 'Bummerl')} (option match_bummerl, {rule}).")


def race_match_start(limit: int, rules: RaceRules, target: int = 24,
                     rule: str = "B-7") -> str:
    """What a first-time player should hear before a match of races (B-7, D-1): how long it
    is, and with the default of one Bummerl that a single doubled deal can end it."""
    if limit != 1:
        return (f"The match ends once a side holds {limit} Bummerl (option match_bummerl), "
                f"after races to {target} ({rule}).")
    top = DOUBLING_FACTORS[-1]
    played = [(name, c.value) for name, c in rules.contracts.items()
              if not c.shown and c.value * top >= target]
    played.sort(key=lambda item: (item[0] != "assenbettler", item[1]))
    example = (f": one deal can decide it, such as {played[0][0].capitalize()} doubled to "
               f"x{top}, {played[0][1]} x {top} = {played[0][1] * top} (B-6)") if played else ""
    return (f"The match is one race to {target} (option match_bummerl=1, {rule}){example}.")
