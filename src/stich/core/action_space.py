"""Integer actions: a fixed, documented numbering of every action of a game.

Each game lists its whole action space once, in a fixed order (its ``ACTION_SPACE``); ids are
positions in that list, so they never change between runs or machines. ``Action`` stays the
notation layer: ``space.id(Action.parse("weis D8 D6 D7"))`` reads the cards in any order.

Example::

    space = game.ACTION_SPACE            # a Game class's, or a deal's
    space.id(Action("play", "HA"))       # an int below len(space)
    space.action(3)                      # Action('play', ...)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stich.core.actions import Action, takes_cards
from stich.core.cards import Card


class ActionSpace:
    """A game's actions in a fixed order; ``id`` and ``action`` translate both ways."""

    def __init__(self, game: str, actions: Iterable[Action]) -> None:
        self.game = game
        self.actions: tuple[Action, ...] = tuple(canonical(action) for action in actions)
        self._ids = {action: index for index, action in enumerate(self.actions)}
        if len(self._ids) != len(self.actions):
            raise ValueError(f"{game}: the action space lists an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, action: Action) -> int:
        """The id of an action; ValueError if the game has no such action."""
        index = self._ids.get(action)
        if index is None:
            index = self._ids.get(canonical(action))
        if index is None:
            raise ValueError(f"{action} is not an action of {self.game}")
        return index

    def ids(self, actions: Sequence[Action]) -> list[int]:
        """The ids of several actions (a legal-move list; ValueError as ``id``)."""
        ids = self._ids
        try:
            return [ids[action] for action in actions]
        except KeyError:  # a spelling that is not canonical, or no action of the game
            return [self.id(action) for action in actions]

    def action(self, index: int) -> Action:
        """The action with that id; ValueError outside the space."""
        if not 0 <= index < len(self.actions):
            raise ValueError(f"{self.game} has action ids 0 to {len(self.actions) - 1}, "
                             f"not {index}")
        return self.actions[index]

    def mask(self, legal: Sequence[Action]) -> list[int]:
        """1 at the id of every legal action, else 0."""
        out = [0] * len(self.actions)
        for action in legal:
            out[self.id(action)] = 1
        return out


def canonical(action: Action) -> Action:
    """Card lists in card order (``weis D8 D6 D7`` is ``weis D6 D7 D8``)."""
    if takes_cards(action.verb) and " " in action.arg:
        cards = sorted(Card[code] for code in action.arg.split())
        return Action(action.verb, " ".join(card.name for card in cards))
    return action
