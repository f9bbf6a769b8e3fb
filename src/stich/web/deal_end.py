"""What the end-of-deal and end-of-match panels show (docs/web.md, "Between deals").

Built from the finished deal on the table (the server keeps it there until the people have
continued: ``Table(hold=True)``) and from public facts only: the result every seat is told,
the trick counts and the last trick everybody saw, and the tricks the rules open at the end
of the deal (S-8: "when a claim is made, the deal ends and all cards are shown"), so the
claimer's or closer's tricks prove the claim. The page words every code in both languages.
"""

from __future__ import annotations

from typing import Any

from stich.core.cards import cards_in
from stich.core.game import Game, to_json
from stich.core.match import Match

SCHNAPSEN_POINTS = {1: "plain", 2: "schneider", 3: "schwarz"}
"""S-9: the winner's game points and the table row that gave them."""


def deal_end(game: Game, deal: int) -> dict[str, Any]:
    """The ``deal_end`` message of a finished deal (the same for every seat and spectator)."""
    result = game.result()
    assert result is not None
    view = game.observation(0).to_dict()
    sides = [list(side) for side in getattr(game, "sides", None) or game.TEAMS]
    tricks_won = view.get("tricks_won") or []
    if game.NAME == "jass":  # tricks_won is per team there
        tricks = [int(tricks_won[index]) for index in range(len(sides))]
    else:
        tricks = [sum(int(tricks_won[s]) for s in side) for side in sides]
    out: dict[str, Any] = {
        "type": "deal_end", "deal": deal, "game": game.NAME, "reason": result.reason,
        "sides": sides, "winners": list(result.winner),
        "card_points": [result.card_points[side[0]] for side in sides],
        "game_points": [result.game_points[side[0]] for side in sides],
        "tricks": tricks, "last_trick": to_json(view.get("last_trick") or []),
        "rules": _rules(game, result.to_dict()), "proof": None,
    }
    proof = _proof(game, result.reason)
    if proof is not None:
        out["proof"] = proof
    return out


def _rules(game: Game, result: dict[str, Any]) -> list[dict[str, Any]]:
    """Why the game points are what they are: codes with their rule numbers and values."""
    if game.NAME == "schnapsen":
        points = max(result["game_points"])
        rule = "S-8" if "false" in result["reason"] else "S-9"
        return [{"kind": SCHNAPSEN_POINTS.get(points, "plain"), "rule": rule,
                 "points": points}]
    out: list[dict[str, Any]] = []
    if "contract" in result and game.NAME != "jass":  # B-5, B-6: the contract and its factor
        out.append({"kind": "contract", "rule": "B-5", "contract": result["contract"]})
        if result.get("factor", 1) != 1:
            out.append({"kind": "factor", "rule": "B-6", "factor": result["factor"]})
    if game.NAME == "jass":
        out.append({"kind": "multiplier", "rule": "J-7", "factor": result.get("multiplier", 1)})
        if result.get("match"):
            out.append({"kind": "match", "rule": "J-7", "points": result["match"]})
    return out


def _proof(game: Game, reason: str) -> dict[str, Any] | None:
    """For a claim or a close (Schnapsen, S-7, S-8): whose tricks are shown and their cards."""
    if game.NAME != "schnapsen":
        return None
    history = game.history
    seat = None
    if "claim" in reason and history and history[-1][1].verb == "claim":
        seat = history[-1][0]
    elif game.closed_by is not None:  # type: ignore[attr-defined]
        seat = game.closed_by  # type: ignore[attr-defined]
    if seat is None:
        return None
    won = game.won[seat]  # type: ignore[attr-defined]
    return {"seat": seat, "cards": [card.name for card in cards_in(won)],
            "points": game.score(seat)}  # type: ignore[attr-defined]


def match_end(match: Match, resigned: int | None = None) -> dict[str, Any]:
    """The end-of-match panel's facts: the winning seats (as ``core/scoring`` decides them,
    the logic ``core/scoring/ends.py`` words), the unit that decided it and the score as it
    stood (the race to 24 at its last score, not the 0:0 of a race not begun). A resigned
    match is lost by the resigning seat's side (docs/web.md, "Resigning")."""
    state = match.state()
    sides = [list(side) for side in match.game_class.TEAMS]
    if resigned is not None:
        winners = sorted(s for side in sides if resigned not in side for s in side)
        return {"winners": winners, "how": "resigned", "seat": resigned, "last": None,
                "state": state}
    winners = []
    last: dict[str, Any] | None = None
    if match.GAME == "schnapsen":
        counter = match.bummerl  # type: ignore[attr-defined]
        winner = counter.rubber_winner()
        winners = [] if winner is None else [winner]
        last = counter.finished[-1] if counter.finished else None
        how = "rubber" if counter.rubber > 1 else "bummerl"
    elif match.GAME == "jass":
        winners = list(state["winner"] or [])
        how = "target"
    else:
        race = match.race  # type: ignore[attr-defined]
        winners = sorted(s for party in race.match_winners() for s in sides[party])
        last = race.finished[-1] if race.finished else None
        how = "race"
    return {"winners": winners, "how": how, "seat": None, "last": to_json(last),
            "state": state}
