"""What each seat knows: events and the perfect-recall information state.

Every game says what each seat learns from every action (``Game._events``) and at the start of
its history (``Game._start_events``). A seat's :class:`InfoState` is plain data: the game's
name, the seat, the options and the sequence of :class:`Event` values that seat saw, and the
rules class it came from (not compared: it only says whose rules read it). Two histories give
equal info states (and equal ``str``) exactly when the seat cannot tell them apart. Sampling is
the game class's: ``Game.sample_world(info, rng)`` returns a whole deal consistent with it,
replayed through the rules (``info.sample_world(rng)`` asks the class it carries).

Example::

    game = stich.new_game("schnapsen", seed=1)
    game.apply("play " + ...)
    info = game.information_state(0)
    str(info)                 # 'schnapsen seat 0 soft | - deal d1 HA HK ... | 1 play SQ ...'
    world = Schnapsen.sample_world(info, random.Random(7))
    assert world.information_state(0) == info
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from stich.core.cards import Card
from stich.core.options import OptionsError

if TYPE_CHECKING:
    from stich.core.actions import Action
    from stich.core.observation import Observation
    from stich.core.options import RuleOptions


class World(Protocol):
    """A whole deal as an information state needs one: what a seat observes in it (a
    ``Game``; ``Game.sample_world`` returns the game's own class)."""

    def observation(self, seat: int) -> Observation: ...


class Rules(Protocol):
    """The game class an information state belongs to (a ``Game`` subclass), as far as the
    state uses it; this module names no game and imports nothing of the ``Game`` interface."""

    NAME: str
    SEATS: int
    OPTIONS: type[RuleOptions]

    def sample_world(self, info: InfoState, rng: random.Random) -> World: ...


class InfoStateError(ValueError):
    """A malformed information state (from_dict) or one no deal is consistent with."""


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """One thing a seat saw happen.

    ``kind`` names it (``deal``, ``play``, ``draw``, ``marriage``, ``exchange``, ``close``,
    ``claim``, ``trump``, ``turnup``, ``bid``, ``double``, ``talon``, ``discard``, ``weis``,
    ``shown``, ``stoeck``, ``push``, ``trick``, ``end`` ..., each game documents its own);
    ``seat`` is who acted or whom it concerns (None: the table); ``cards`` are the cards the
    viewer saw; ``hidden`` counts cards the viewer knows exist but could not see (another
    seat's draw or discard); ``arg`` holds the rest (a suit, a contract, points).
    """

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    hidden: int = 0
    arg: str = ""

    def __str__(self) -> str:
        parts = ["-" if self.seat is None else str(self.seat), self.kind]
        if self.arg:
            parts.append(self.arg)
        parts.extend(card.name for card in self.cards)
        parts.extend("?" * self.hidden)
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.cards:
            out["cards"] = [card.name for card in self.cards]
        if self.hidden:
            out["hidden"] = self.hidden
        if self.arg:
            out["arg"] = self.arg
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InfoStateError(f"an event is an object with a 'kind', got {data!r}")
        seat = data.get("seat")
        hidden = data.get("hidden", 0)
        arg = data.get("arg", "")
        codes = data.get("cards", [])
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise InfoStateError(f"event seat must be a number or null, got {seat!r}")
        if not isinstance(hidden, int) or isinstance(hidden, bool) or hidden < 0:
            raise InfoStateError(f"event 'hidden' must be a count, got {hidden!r}")
        if not isinstance(arg, str):
            raise InfoStateError(f"event 'arg' must be text, got {arg!r}")
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise InfoStateError("event 'cards' must be a list of card codes")
        try:
            cards = tuple(Card[code] for code in codes)
        except KeyError as error:
            raise InfoStateError(f"unknown card {error.args[0]!r} in an event") from None
        return cls(data["kind"], seat, cards, hidden, arg)


@dataclasses.dataclass(frozen=True)
class InfoState:
    """Everything one seat knows about the deal so far (perfect recall).

    Immutable and comparable; ``str`` is canonical. The observation of the moment is its
    projection (:meth:`observation`). ``rules`` is the game class that made or read it (the
    one that can sample its worlds); it takes no part in comparisons.
    """

    game: str
    seat: int
    options: RuleOptions
    events: tuple[Event, ...]
    rules: Rules = dataclasses.field(compare=False, repr=False)
    _observation: Observation | None = dataclasses.field(
        default=None, compare=False, repr=False)

    def __str__(self) -> str:
        head = f"{self.game} seat {self.seat} {self.options.preset}"
        overrides = self.options.overrides()
        if overrides:
            head += " " + " ".join(f"{k}={_option_text(v)}" for k, v in sorted(overrides.items()))
        return " | ".join([head, *map(str, self.events)])

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "seat": self.seat, "preset": self.options.preset,
                "options": self.options.overrides(),
                "events": [event.to_dict() for event in self.events]}

    @classmethod
    def from_dict(cls, data: Any, rules: Rules) -> InfoState:
        """The info state written by :meth:`to_dict`, read by the game class ``rules`` (whose
        name the data must carry); InfoStateError names what is wrong."""
        if not isinstance(data, dict):
            raise InfoStateError("an information state is a JSON object")
        name, seat = data.get("game"), data.get("seat")
        if name != rules.NAME:
            raise InfoStateError(f"'game' must be {rules.NAME!r}, got {name!r}")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(rules.SEATS):
            raise InfoStateError(f"'seat' must be a seat of {name} (0 to {rules.SEATS - 1})")
        overrides = data.get("options", {})
        if not isinstance(overrides, dict):
            raise InfoStateError("'options' must be an object")
        try:
            options = rules.OPTIONS.from_preset(data.get("preset") or None, **overrides)
        except OptionsError as error:
            raise InfoStateError(str(error)) from None
        events = data.get("events")
        if not isinstance(events, list):
            raise InfoStateError("'events' must be a list")
        return cls(rules.NAME, seat, options, tuple(Event.from_dict(e) for e in events), rules)

    # --- what follows from it -------------------------------------------------------------
    def sample_world(self, rng: random.Random) -> World:
        """``self.rules.sample_world(self, rng)``: a whole deal consistent with everything this
        seat knows, uniformly among such deals (``Game.sample_world``, which a caller holding
        the class asks directly to get the game's own type)."""
        return self.rules.sample_world(self, rng)

    def observation(self) -> Observation:
        """What the seat sees now: the game's observation, a projection of this state."""
        if self._observation is not None:
            return self._observation
        return self.sample_world(random.Random(0)).observation(self.seat)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.observation().legal_actions

    def kinds(self, *kinds: str) -> Iterable[Event]:
        """The events of the given kinds, in order."""
        return (event for event in self.events if event.kind in kinds)


def read_forfeit(event: Event) -> tuple[int, str, str]:
    """The seat, rule and sentence of a ``forfeit`` event (``stich.core.game.forfeit_event``;
    the sentence '' if it has none)."""
    rule, _, reason = event.arg.partition(": ")
    return (event.seat if event.seat is not None else 0), rule, reason


def _option_text(value: Any) -> str:
    if isinstance(value, tuple | list | frozenset | set):
        return ",".join(sorted(map(str, value)))
    return str(value)
