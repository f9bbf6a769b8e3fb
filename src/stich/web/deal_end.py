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

SCHNAPSEN_POINTS = {1: "loser_33", 2: "loser_under_33", 3: "loser_no_trick"}
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
        "card_points": [_side_points(game, result.card_points, side) for side in sides],
        "game_points": [result.game_points[side[0]] for side in sides],
        "tricks": tricks, "last_trick": to_json(view.get("last_trick") or []),
        "rules": _rules(game, result.to_dict()), "proof": None,
    }
    proof = _proof(game, result.reason)
    if proof is not None:
        out["proof"] = proof
    return out


def _side_points(game: Game, per_seat: tuple[int, ...], side: list[int]) -> int:
    """A playing side's card points: each seat carries its team's (``core.game.DealResult``),
    so every team in the side counts once (Dreierschnapsen's two defenders are two teams,
    Bauernschnapsen's partners one)."""
    return sum(per_seat[team[0]] for team in game.TEAMS if team[0] in side)


def _rules(game: Game, result: dict[str, Any]) -> list[dict[str, Any]]:
    """Why the game points are what they are: codes with their rule numbers and values."""
    if game.NAME == "schnapsen":
        return [_schnapsen_rule(game, result)]
    out: list[dict[str, Any]] = []
    if "contract" in result and game.NAME != "jass":  # B-5, B-6: the contract and its factor
        contract: dict[str, Any] = {"kind": "contract", "rule": "B-5",
                                    "contract": result["contract"]}
        if isinstance(result.get("declarer"), int):  # who announced it: made or failed by him
            contract.update(kind="contract_by", seat=result["declarer"])
        out.append(contract)
        if result.get("factor", 1) != 1:
            out.append({"kind": "factor", "rule": "B-6", "factor": result["factor"]})
    if game.NAME == "jass":  # J-5, J-6, J-7: what each team wrote besides its card points
        out.append({"kind": "multiplier", "rule": "J-7", "factor": result.get("multiplier", 1)})
        sides = [list(side) for side in game.TEAMS]
        for team, points in enumerate(result.get("weis") or ()):
            if points:
                out.append({"kind": "weis", "rule": "J-5", "side": sides[team], "points": points})
        for team, points in enumerate(result.get("stoeck") or ()):
            if points:
                out.append({"kind": "stoeck", "rule": "J-6", "side": sides[team],
                            "points": points})
        if result.get("match"):
            out.append({"kind": "match", "rule": "J-7", "side": result["match"],
                        "points": game.options.match_bonus})  # type: ignore[attr-defined]
        if result["reason"] == "target reached":
            out.append({"kind": "target", "rule": "J-7",
                        "points": game.options.target})  # type: ignore[attr-defined]
    return out


def _schnapsen_rule(game: Game, result: dict[str, Any]) -> dict[str, Any]:
    """S-8, S-9, S-12: the line of the rules that gave this deal's game points.

    The S-9 table is judged on the loser's points for a plain claim, at the moment of closing
    for a closer's claim, on the winner's own points for a false claim (S-8); a failed close
    scores 2 or 3, the last trick of an exhausted stock 1, a revoke 3."""
    points = max(result["game_points"])
    reason = result["reason"]
    row = SCHNAPSEN_POINTS.get(points, "loser_33")
    closer = game.closed_by  # type: ignore[attr-defined]
    claimer = game.history[-1][0] if game.history and game.history[-1][1].verb == "claim" else None
    if reason == "last trick":
        return {"kind": "last_trick", "rule": "S-9", "points": points}
    if reason == "revoke":
        return {"kind": "revoke", "rule": "S-12", "points": points}
    if reason in ("closer failed", "claim against closer") or (
            reason == "false claim" and closer >= 0 and claimer == closer):
        return {"kind": "closer_failed", "rule": "S-9", "points": points}
    if reason == "false claim":
        if game.options.false_claim == "pagat":  # type: ignore[attr-defined]
            return {"kind": "false_claim_pagat", "rule": "S-8", "points": points}
        return {"kind": "false_claim", "rule": "S-8", "points": points}
    if reason == "claim after closing":
        return {"kind": "closed_" + row, "rule": "S-9", "points": points}
    return {"kind": row, "rule": "S-9", "points": points}


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
    """The end-of-match panel's facts: the winning seats (as the family's scoring decides them,
    the logic its match-end words say), the unit that decided it and the score as it
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
