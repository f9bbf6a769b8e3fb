"""What the table page is sent of a deal: a seat's observation, or the spectators' view.

A seat's view is its observation (``Game.observation(seat).to_dict()``) with every seat's
hand size, which all seats can count (Jass's observation leaves it out). The spectators' view
is what all seats see in common: each field that is the same in every seat's observation,
the hands that the rules open to every other seat (Plauderer, B-5) and the Weis whose cards
every other seat is shown (J-5); never a hand, a seat's legal actions or its private review
(S-11) or talon (D-1). A field that differs between seats and is not one of those is left
out (None), so nothing seat-specific reaches a spectator unless it is named here.
"""

from __future__ import annotations

from typing import Any

from stich.core.game import Game

_OWN = ("seat", "hand", "legal_actions")


def hand_sizes(game: Game) -> list[int]:
    hands: tuple[int, ...] = game.hands  # type: ignore[attr-defined]
    return [hand.bit_count() for hand in hands]


def first_trick_winners(game: Game) -> list[int]:
    """Who took each team's first trick, in the order of ``first_tricks`` (B-1: everybody saw
    it taken)."""
    seen: set[int] = set()
    team_of = {seat: index for index, team in enumerate(game.TEAMS) for seat in team}
    out = []
    for winner in game.winners:  # type: ignore[attr-defined]
        if team_of[winner] not in seen:
            seen.add(team_of[winner])
            out.append(winner)
    return out


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """A seat's observation, with every seat's hand size and who took the first tricks."""
    view = game.observation(seat).to_dict()
    view.setdefault("hand_sizes", hand_sizes(game))
    if "first_tricks" in view:
        view["first_trick_winners"] = first_trick_winners(game)
    return view


def public_view(game: Game) -> dict[str, Any]:
    """The view of a spectator: what every seat sees."""
    views = [seat_view(game, seat) for seat in range(game.SEATS)]
    out: dict[str, Any] = {}
    for key, value in views[0].items():
        if key in _OWN:
            continue
        if key == "open_hands" and value is not None:
            out[key] = _open_to_all(views)
        elif key == "weis" and value:
            out[key] = _weis_shown(views)
        else:
            out[key] = value if all(view.get(key) == value for view in views) else None
    out.update(seat=None, hand=[], legal_actions=[])
    return out


def _open_to_all(views: list[dict[str, Any]]) -> list[list[Any]]:
    """The hands every other seat sees (B-5's Plauderer)."""
    shown: dict[int, Any] = {}
    for view in views:
        for owner, cards in view["open_hands"] or ():
            shown[owner] = cards
    return [[owner, cards] for owner, cards in sorted(shown.items())
            if all(owner in dict(view["open_hands"] or ())
                   for seat, view in enumerate(views) if seat != owner)]


def _weis_shown(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each Weis by its points, with its cards where every other seat sees them (J-5)."""
    out = []
    for index, weis in enumerate(views[0]["weis"]):
        others = [view["weis"][index]["cards"] for seat, view in enumerate(views)
                  if seat != weis["seat"]]
        shown = all(cards is not None for cards in others)
        out.append({**weis, "cards": others[0] if shown else None})
    return out
