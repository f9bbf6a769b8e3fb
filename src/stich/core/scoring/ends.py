"""How a Bummerl, a race, a rubber, a match or a game ends, in words: who won and why.

Score pads, terminal play and tournament play say a match's end with these, so every front end
names the winner and the reason a Bummerl counted 1, 2 or 4 (Schneider S-10, B-7, D-1;
Retourschneider B-7, D-1) the same way. Names come from the caller: a player's name, a team's
(``"Anna & Carl"``) or ``"You"``; a team and ``"You"`` take the plural verb.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stich.core.scoring.bummerl import BummerlCounter, RaceTo24
from stich.core.scoring.jass_game import JassScore
from stich.core.scoring.race import DOUBLING_FACTORS, RaceRules


def says(subject: str, verb: str) -> str:
    """``Anna wins``, ``Anna & Carl win``, ``You win``; ``Anna reaches``, ``Anna has``."""
    if subject == "You" or " & " in subject or " and " in subject:
        return f"{subject} {verb}"
    if verb == "have":
        return f"{subject} has"
    return f"{subject} {verb}{'es' if verb.endswith(('s', 'sh', 'ch', 'x')) else 's'}"


def count(number: int, word: str, plural: str | None = None) -> str:
    """``1 row``, ``2 rows``, ``1 Bummerl``, ``2 Bummerl``."""
    return f"{number} {word if number == 1 else plural or word + 's'}"


def joined(names: Sequence[str]) -> str:
    """``Anna``, ``Anna and Ben``, ``Anna, Ben and Carl``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def bummerl_end(outcome: dict[str, Any], names: Sequence[str], start: int = 7) -> str:
    """A Schnapsen Bummerl's end (S-10): who won it, who gets how many Bummerl and why."""
    winner, loser = names[outcome["winner"]], names[outcome["loser"]]
    given = count(outcome["bummerl"], "Bummerl", "Bummerl")
    if outcome["schneider"]:
        why = (f"Schneider, {loser} never scored" if outcome["bummerl"] > 1 else
               f"a Schneider, {loser} never scored, counted as one by the option "
               f"schneider_bummerl")
    else:
        left = start - outcome["score"][outcome["loser"]]
        why = f"{loser} still {left} to go"
    return f"{says(winner, 'win')} the Bummerl: {says(loser, 'get')} {given}, {why} (S-10)."


def rubber_end(counter: BummerlCounter, names: Sequence[str]) -> str | None:
    """The rubber's end (S-10): who won it and the Bummerl each holds; None before."""
    winner = counter.rubber_winner()
    if winner is None:
        return None
    loser = 1 - winner
    return (f"{says(names[winner], 'win')} the rubber: {says(names[loser], 'hold')} "
            f"{count(counter.bummerl[loser], 'Bummerl', 'Bummerl')}, {names[winner]} "
            f"{counter.bummerl[winner]} (a rubber is {counter.rubber}, option rubber, S-10).")


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
