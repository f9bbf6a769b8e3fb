"""What the end-of-deal and end-of-match panels show (docs/web.md, "Between deals").

Built from the finished deal on the table (the server keeps it there until the people have
continued: ``Table(hold=True)``) and from public facts only: the result every seat is told,
the trick counts and the last trick everybody saw, and the tricks the rules open at the end
of the deal (S-8: "when a claim is made, the deal ends and all cards are shown"), so the
claimer's or closer's tricks prove the claim. The page words every code in both languages.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.deal import ContractSchnapsen
from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.contract.match import RaceMatch
from stich.core.cards import cards_in
from stich.core.game import Game, to_json
from stich.core.match import Match
from stich.jass.game import Jass
from stich.schnapsen.game import Schnapsen
from stich.schnapsen.match import SchnapsenMatch

SCHNAPSEN_POINTS = {1: "loser_33", 2: "loser_under_33", 3: "loser_no_trick"}
"""S-9: the winner's game points and the table row that gave them."""


def deal_end(game: Game, deal: int) -> dict[str, Any]:
    """The ``deal_end`` message of a finished deal (the same for every seat and spectator)."""
    result = game.result()
    assert result is not None
    view = game.observation(0).to_dict()
    family = _FAMILIES[game.NAME]
    sides = family.sides(game)
    tricks_won = view.get("tricks_won") or []
    out: dict[str, Any] = {
        "type": "deal_end", "deal": deal, "game": game.NAME, "reason": result.reason,
        "sides": sides, "winners": list(result.winner),
        "card_points": [_side_points(game, result.card_points, side) for side in sides],
        "game_points": [result.game_points[side[0]] for side in sides],
        "tricks": family.tricks(tricks_won, sides),
        "last_trick": to_json(view.get("last_trick") or []),
        "rules": family.rules(game, result.to_dict()), "proof": None,
    }
    proof = family.proof(game, result.reason)
    if proof is not None:
        out["proof"] = proof
    return out


def _side_points(game: Game, per_seat: tuple[int, ...], side: list[int]) -> int:
    """A playing side's card points: each seat carries its team's (``core.game.DealResult``),
    so every team in the side counts once (Dreierschnapsen's two defenders are two teams,
    Bauernschnapsen's partners one)."""
    return sum(per_seat[team[0]] for team in game.TEAMS if team[0] in side)


def _teams(game: Game) -> list[list[int]]:
    return [list(side) for side in game.TEAMS]


def _playing_sides(game: Game) -> list[list[int]]:
    """The contract games' sides as the contract made them (B-5, D-1)."""
    assert isinstance(game, ContractSchnapsen)
    return [list(side) for side in game.sides]


def _tricks_by_seat(tricks_won: list[Any], sides: list[list[int]]) -> list[int]:
    return [sum(int(tricks_won[s]) for s in side) for side in sides]


def _tricks_by_team(tricks_won: list[Any], sides: list[list[int]]) -> list[int]:
    """Jass counts tricks per team (J-2)."""
    return [int(tricks_won[index]) for index in range(len(sides))]


def _no_proof(game: Game, reason: str) -> None:
    return None


def _contract_rules(game: Game, result: dict[str, Any]) -> list[dict[str, Any]]:
    """B-5, B-6: the contract, who announced it, and its factor."""
    out: list[dict[str, Any]] = []
    if "contract" in result:
        contract: dict[str, Any] = {"kind": "contract", "rule": "B-5",
                                    "contract": result["contract"]}
        if isinstance(result.get("declarer"), int):  # who announced it: made or failed by him
            contract.update(kind="contract_by", seat=result["declarer"])
        out.append(contract)
        if result.get("factor", 1) != 1:
            out.append({"kind": "factor", "rule": "B-6", "factor": result["factor"]})
    return out


def _jass_rules(game: Game, result: dict[str, Any]) -> list[dict[str, Any]]:
    """J-5, J-6, J-7: what each team wrote besides its card points."""
    assert isinstance(game, Jass)
    out: list[dict[str, Any]] = [{"kind": "multiplier", "rule": "J-7",
                                  "factor": result.get("multiplier", 1)}]
    sides = _teams(game)
    for team, points in enumerate(result.get("weis") or ()):
        if points:
            out.append({"kind": "weis", "rule": "J-5", "side": sides[team], "points": points})
    for team, points in enumerate(result.get("stoeck") or ()):
        if points:
            out.append({"kind": "stoeck", "rule": "J-6", "side": sides[team], "points": points})
    if result.get("match"):
        out.append({"kind": "match", "rule": "J-7", "side": result["match"],
                    "points": game.options.match_bonus})
    if result["reason"] == "target reached":
        out.append({"kind": "target", "rule": "J-7", "points": game.options.target})
    return out


def _schnapsen_rules(game: Game, result: dict[str, Any]) -> list[dict[str, Any]]:
    """S-8, S-9, S-12: the line of the rules that gave this deal's game points.

    The S-9 table is judged on the loser's points for a plain claim, at the moment of closing
    for a closer's claim, on the winner's own points for a false claim (S-8); a failed close
    scores 2 or 3, the last trick of an exhausted stock 1, a revoke 3."""
    assert isinstance(game, Schnapsen)
    points = max(result["game_points"])
    reason = result["reason"]
    row = SCHNAPSEN_POINTS.get(points, "loser_33")
    closer = game.closed_by
    claimer = game.history[-1][0] if game.history and game.history[-1][1].verb == "claim" else None
    if reason == "last trick":
        return [{"kind": "last_trick", "rule": "S-9", "points": points}]
    if reason == "revoke":
        return [{"kind": "revoke", "rule": "S-12", "points": points}]
    if reason in ("closer failed", "claim against closer") or (
            reason == "false claim" and closer >= 0 and claimer == closer):
        return [{"kind": "closer_failed", "rule": "S-9", "points": points}]
    if reason == "false claim":
        kind = "false_claim_pagat" if game.options.false_claim == "pagat" else "false_claim"
        return [{"kind": kind, "rule": "S-8", "points": points}]
    if reason == "claim after closing":
        return [{"kind": "closed_" + row, "rule": "S-9", "points": points}]
    return [{"kind": row, "rule": "S-9", "points": points}]


def _schnapsen_proof(game: Game, reason: str) -> dict[str, Any] | None:
    """For a claim or a close (S-7, S-8): whose tricks are shown and their cards."""
    assert isinstance(game, Schnapsen)
    history = game.history
    seat = None
    if "claim" in reason and history and history[-1][1].verb == "claim":
        seat = history[-1][0]
    elif game.closed_by >= 0:
        seat = game.closed_by
    if seat is None:
        return None
    return {"seat": seat, "cards": [card.name for card in cards_in(game.won[seat])],
            "points": game.score(seat)}


@dataclasses.dataclass(frozen=True)
class _Family:
    """What a family's deal end shows beyond the result: its sides, tricks, rules, proof."""

    sides: Callable[[Game], list[list[int]]]
    tricks: Callable[[list[Any], list[list[int]]], list[int]]
    rules: Callable[[Game, dict[str, Any]], list[dict[str, Any]]]
    proof: Callable[[Game, str], dict[str, Any] | None]


_CONTRACT = _Family(_playing_sides, _tricks_by_seat, _contract_rules, _no_proof)
_FAMILIES: dict[str, _Family] = {
    Schnapsen.NAME: _Family(_teams, _tricks_by_seat, _schnapsen_rules, _schnapsen_proof),
    Bauernschnapsen.NAME: _CONTRACT, Dreierschnapsen.NAME: _CONTRACT,
    Jass.NAME: _Family(_teams, _tricks_by_team, _jass_rules, _no_proof),
}
"""Each game's deal-end facts, keyed on ``Game.NAME``."""


def match_end(match: Match, resigned: int | None = None) -> dict[str, Any]:
    """The end-of-match panel's facts: the winning seats (as the family's scoring decides them,
    the logic its match-end words say), the unit that decided it and the score as it
    stood (the race to 24 at its last score, not the 0:0 of a race not begun). A resigned
    match is lost by the resigning seat's side (docs/web.md, "Resigning")."""
    state = match.state()
    sides = [list(side) for side in match.game_class.TEAMS]
    if resigned is not None:
        return {"winners": sorted(s for side in sides if resigned not in side for s in side),
                "how": "resigned", "seat": resigned, "last": None,
                "state": state}
    winners: list[int] = []
    last: dict[str, Any] | None = None
    if isinstance(match, SchnapsenMatch):
        counter = match.bummerl
        winner = counter.rubber_winner()
        winners = [] if winner is None else [winner]
        last = counter.finished[-1] if counter.finished else None
        how = "rubber" if counter.rubber > 1 else "bummerl"
    elif isinstance(match, RaceMatch):
        race = match.race
        winners = sorted(s for party in race.match_winners() for s in sides[party])
        last = race.finished[-1] if race.finished else None
        how = "race"
    else:  # Jass: the game to the target (J-7)
        winners = list(state["winner"] or [])
        how = "target"
    return {"winners": winners, "how": how, "seat": None, "last": to_json(last),
            "state": state}
