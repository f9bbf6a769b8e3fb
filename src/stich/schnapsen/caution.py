"""Costly actions that a soft table asks about once before taking them (S-7, S-8, S-11).

In the ``soft`` preset a player may see his points (S-11), so a front end may ask before a claim
below 66 (a false claim gives the deal away, S-8) and before a close that cannot reach 66 any
more (the closer fails, S-9). Where players must count for themselves (``sharp``,
``tournament``: S-11) there is no hint. One predicate, used by every front end; it reads only
what the seat to act may know in ``soft``: its own points and hand, and the card points both
players have taken (every trick is played face up).
"""

from __future__ import annotations

import dataclasses

from stich.core.actions import Action, as_action
from stich.core.cards import Suit
from stich.core.game import TERMINAL
from stich.schnapsen.family import (
    TOTAL_CARD_POINTS,
    WINNING_SCORE,
    marriage_cards,
    marriage_value,
)
from stich.schnapsen.game import Schnapsen


@dataclasses.dataclass(frozen=True)
class CostlyAction:
    """Why an action allowed now is likely to cost the deal: the rule and a sentence."""

    rule: str
    reason: str
    points: int
    """The seat's points now (card points and the marriages that count, S-5, S-8)."""
    reachable: int
    """The most the seat can still reach in this deal."""


def reachable_points(game: Schnapsen, seat: int) -> int:
    """An upper bound on the seat's points at the end: its card points, every marriage it has
    announced (a pending one counts once it wins a trick, S-5) or still holds, and every card
    point neither player has taken yet."""
    mine = {suit for who, suit in game.marriages if who == seat}
    announced = sum(marriage_value(suit, game.trump) for suit in mine)
    hand = game.hands[seat]
    held = sum(marriage_value(suit, game.trump) for suit in Suit
               if suit not in mine and hand & marriage_cards(suit) == marriage_cards(suit))
    untaken = TOTAL_CARD_POINTS - game.points[0] - game.points[1]
    return game.points[seat] + announced + held + untaken


def costly_action_warning(game: Schnapsen, action: Action | str) -> CostlyAction | None:
    """A warning for the seat to act before ``action``, or None.

    Only in presets that show a player his points (``trick_review``, S-11) and only for an
    action allowed now (a refusal says more): a claim below 66 (S-8: a false claim, the other
    player scores), or a close after which the closer cannot reach 66 even taking every card
    point left (S-7, S-9: the closer fails and the other player scores 2 or 3)."""
    if not game.options.trick_review:
        return None
    seat = game.current_player()
    chosen = as_action(action)
    if seat == TERMINAL or game.why_illegal(chosen) is not None:
        return None
    points = game.score(seat)
    reachable = reachable_points(game, seat)
    if chosen.verb == "claim" and points < WINNING_SCORE:
        return CostlyAction("S-8", f"you have {points} points: a claim below {WINNING_SCORE} is "
                                   "false and the other player scores", points, reachable)
    if chosen.verb == "close" and reachable < WINNING_SCORE:
        return CostlyAction("S-7, S-9", f"you have {points} points and can reach at most "
                                        f"{reachable} (every card point not yet taken, and your "
                                        f"marriages): closing, you cannot reach "
                                        f"{WINNING_SCORE}, and the other player scores 2 or 3",
                            points, reachable)
    return None

