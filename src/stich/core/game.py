"""The one interface every game implements (docs/architecture.md, "The Game interface").

A :class:`Game` is the mutable state of one deal. The vocabulary follows OpenSpiel: who is to
act, legal actions, apply and undo, clone, terminal, returns, and a per-seat observation that
holds exactly what that seat may know. Games keep their state in immutable values (ints, card
bitmasks, tuples) named in ``_STATE``, so undo restores a snapshot and clone is a shallow copy.
"""

from __future__ import annotations

import collections
import copy
import dataclasses
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Self

from stich.core.actions import Action, ActionParseError, as_action
from stich.core.cards import Card, Suit, format_cards
from stich.core.knowledge import Event, InfoState
from stich.core.observation import CardSet as CardSet  # re-exported: the games' card sets
from stich.core.observation import Observation as Observation  # re-exported
from stich.core.observation import to_json as to_json  # re-exported
from stich.core.observer import ObservationType, Observer
from stich.core.options import OptionsError, RuleOptions
from stich.core.position import PositionError
from stich.core.records import DealRecord, RecordError, record_cards
from stich.core.sampling import MAX_TRIES, NoWorld

if TYPE_CHECKING:
    from stich.core.action_space import ActionSpace

TERMINAL = -1
"""``current_player()`` once the deal is over."""


Named = Card | Suit | tuple[Card, ...]
"""What a refusal may name: a card, a suit, or several cards."""


@dataclasses.dataclass(frozen=True)
class Illegal:
    """Why an action is not allowed: the rule it breaks and a sentence for people.

    ``reason`` is the sentence in the notation (cards as codes: records and messages for
    programs keep it). A refusal that names cards or suits also keeps them as values, with a
    ``template`` holding one ``{}`` per value, so that a front end can name them as its deck
    does (:meth:`parts`, :meth:`render`); build such a refusal with :meth:`naming`.
    """

    rule: str
    reason: str
    template: str = dataclasses.field(default="", compare=False)
    values: tuple[Named, ...] = dataclasses.field(default=(), compare=False)

    @classmethod
    def naming(cls, rule: str, template: str, *values: Named) -> Illegal:
        """A refusal whose sentence names ``values`` where ``template`` has ``{}``."""
        codes = [format_cards(v) if isinstance(v, tuple) else str(v) for v in values]
        return cls(rule, template.format(*codes), template, values)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the refusal names, in order."""
        out: list[Card] = []
        for value in self.values:
            if isinstance(value, tuple):
                out.extend(value)
            elif isinstance(value, Card):
                out.append(value)
        return tuple(out)

    def parts(self) -> list[str | Card | Suit | tuple[Card, ...]]:
        """The sentence as text pieces and the values between them (the reason alone if it
        names nothing)."""
        if not self.template:
            return [self.reason]
        texts = self.template.split("{}")
        out: list[str | Card | Suit | tuple[Card, ...]] = [texts[0]]
        for value, text in zip(self.values, texts[1:], strict=True):
            out.extend((value, text))
        return [part for part in out if part != ""]

    def render(self, name: Callable[[Card | Suit], str], separator: str = " ") -> str:
        """The sentence with each card and suit as ``name`` calls it (a deck's names), and
        the rule: ``str(self)`` in a front end's words."""
        pieces = [part if isinstance(part, str)
                  else separator.join(map(name, part)) if isinstance(part, tuple)
                  else name(part) for part in self.parts()]
        return f"{''.join(pieces)} ({self.rule})"

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


def forfeit_event(forfeit: tuple[int, Illegal], reason: bool = True) -> Event:
    """What every seat sees when a seat forfeits the deal (an illegal move from outside the
    engine): the seat and the rule, with the sentence unless ``reason`` is False (a game whose
    sentences may name cards the other seats cannot see); ``knowledge.read_forfeit`` reads it."""
    seat, why = forfeit
    return Event("forfeit", seat, arg=f"{why.rule}: {why.reason}" if reason else why.rule)


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this position."""

    def __init__(self, seat: int, action: Action | str, why: Illegal) -> None:
        self.seat, self.action, self.why = seat, action, why
        super().__init__(f"seat {seat}: {action} is illegal: {why}")


@dataclasses.dataclass(frozen=True)
class DealResult:
    """How a deal ended, per seat (in team games each seat carries its team's figures)."""

    winner: tuple[int, ...]
    game_points: tuple[int, ...]
    card_points: tuple[int, ...]
    reason: str
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winner": list(self.winner),
            "game_points": list(self.game_points),
            "card_points": list(self.card_points),
            "reason": self.reason,
        }
        out.update(to_json(self.extra))
        return out


class Game(ABC):
    """One deal of one game. Subclasses name their state attributes in ``_STATE``."""

    NAME: ClassVar[str]
    SEATS: ClassVar[int]
    TEAMS: ClassVar[tuple[tuple[int, ...], ...]]
    """Seats that score together; in a result each seat carries its team's figures."""
    OPTIONS: ClassVar[type[RuleOptions]]
    _STATE: ClassVar[tuple[str, ...]]

    options: RuleOptions
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    """Each seat's cards as dealt, in dealing order (a record's ``hands``)."""
    seed: int | None
    history: list[tuple[int, Action]]
    _undo: list[tuple[Any, ...]]

    _forfeit: tuple[int, Illegal] | None = None
    start_position: str | None = None
    """The position this game was built from (``from_position``), else None: its history and
    its record start there."""
    _snapshot: ClassVar[Callable[[Game], tuple[Any, ...]]]
    State: ClassVar[Callable[..., Any]]
    """The state values as a named tuple (field names without a leading underscore): what
    ``_start_events`` and ``_events`` read, before and after an action."""
    ACTION_SPACE: ClassVar[ActionSpace]
    """Every action of the game in a fixed order (integer ids, ``stich.core.action_space``)."""
    OBSERVER: ClassVar[type[Observer]]
    """The game's observer (``stich.core.observer``): strings and tensors of what seats see."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_STATE" in cls.__dict__:  # one C-level getter for the whole state tuple
            cls._snapshot = operator.attrgetter(*cls._STATE)
            fields = [name.lstrip("_") for name in cls._STATE]
            cls.State = collections.namedtuple(f"{cls.__name__}State", fields)  # type: ignore[misc]

    def _start_history(self) -> None:
        self.history = []
        self._undo = []

    to_act: int
    """The seat whose turn it is (games keep it in their state)."""
    _result: DealResult | None

    # --- the interface -------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, or TERMINAL."""
        return TERMINAL if self._result is not None else self.to_act

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take (empty when terminal)."""

    @abstractmethod
    def why_illegal(self, action: Action) -> Illegal | None:
        """None if the seat to act may take the action, else the rule it breaks."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Carry out a legal action."""

    def result(self) -> DealResult | None:
        """The outcome once terminal, else None."""
        return self._result

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know now, under the options in force."""

    @classmethod
    @abstractmethod
    def deal(cls, seed: int, dealer: int | None = None, options: Any = None) -> Self:
        """A new deal shuffled with ``seed`` (``stich.core.dealing.shuffled``). ``dealer``
        None: the game's own choice (seat 0, or in Jass the seat before the holder of C7);
        ``options``: the game's ``OPTIONS`` (None: their defaults)."""

    @classmethod
    @abstractmethod
    def from_record(cls, record: DealRecord) -> Self:
        """The deal as dealt in the record, before any action (RecordError if malformed)."""

    def _deal_fields(self) -> dict[str, Any]:
        """Record keys beyond the dealt hands and the seed (stock, trump card ...)."""
        return {}

    def to_record(self, seats: list[str] | None = None) -> DealRecord:
        """This deal and every action so far as a record."""
        result = self.result()
        record = DealRecord(
            game=self.NAME, preset=self.options.preset, options=self.options.overrides(),
            seats=seats or [f"Seat {i}" for i in range(self.SEATS)], dealer=self.dealer,
            hands=[[card.name for card in hand] for hand in self.dealt],
            actions=[(seat, str(action)) for seat, action in self.history],
            result=result.to_dict() if result else None,
        )
        fields = self._deal_fields()
        for key in ("stock", "trump_card"):
            if key in fields:
                setattr(record, key, fields.pop(key))
        record.extra.update(fields)
        if self.start_position is not None:  # the actions start at this position
            record.extra["position"] = self.start_position
        if self.seed is not None:
            record.extra["seed"] = self.seed
        if self._forfeit is not None:
            seat, why = self._forfeit
            record.extra["forfeit"] = {"seat": seat, "rule": why.rule, "reason": why.reason}
        return record

    @classmethod
    def read_record(cls, record: DealRecord) -> tuple[Any, list[list[Card]], int | None]:
        """What every game reads from a record: its options, dealt hands and seed (the seats
        counted); RecordError names what is wrong."""
        options = cls.options_from_record(record)
        if len(record.seats) != cls.SEATS:
            raise RecordError(f"{cls.NAME.capitalize()} has {cls.SEATS} seats, the record names "
                              f"{len(record.seats)}")
        seed = record.extra.get("seed")
        return options, [record_cards(hand) for hand in record.hands], (
            seed if isinstance(seed, int) and not isinstance(seed, bool) else None)

    @classmethod
    def options_from_record(cls, record: DealRecord) -> Any:
        """The record's preset and option overrides (RecordError if unknown or invalid)."""
        try:
            return cls.OPTIONS.from_preset(record.preset or None, **record.options)
        except OptionsError as error:
            raise RecordError(str(error)) from None

    def forfeit(self, seat: int, why: Illegal) -> None:
        """End the deal because ``seat`` broke a rule outside the engine's checks (a revoke)."""
        raise NotImplementedError(f"{self.NAME} has no forfeit rule")

    def finish_replay(self, record: DealRecord) -> None:
        """Apply what a record states beyond its actions (a forfeit)."""
        forfeit = record.extra.get("forfeit")
        if forfeit is None:
            return
        if (not isinstance(forfeit, dict) or forfeit.get("seat") not in range(self.SEATS)
                or not isinstance(forfeit.get("rule"), str)
                or not isinstance(forfeit.get("reason"), str)):
            raise RecordError("'forfeit' must name a seat, a rule and a reason")
        if self.is_terminal():
            raise RecordError("a forfeit after the end of the deal")
        try:
            self.forfeit(forfeit["seat"], Illegal(forfeit["rule"], forfeit["reason"]))
        except NotImplementedError as error:
            raise RecordError(str(error)) from None

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> tuple[int, ...]:
        """Game points per seat (zeros until the deal ends)."""
        result = self.result()
        return result.game_points if result else (0,) * self.SEATS

    def apply(self, action: Action | str) -> None:
        """Take an action for the seat to act; raise IllegalActionError if the rules forbid it."""
        seat = self.current_player()
        try:
            action = as_action(action)
        except ActionParseError as error:
            raise IllegalActionError(seat, action, Illegal("notation", str(error))) from None
        if seat == TERMINAL:
            raise IllegalActionError(seat, action, Illegal("end", "the deal is over"))
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalActionError(seat, action, why)
        self._push(seat, action)

    def apply_legal(self, action: Action) -> None:
        """Take an action known to be legal (from legal_actions), skipping the check."""
        self._push(self.current_player(), action)

    def _push(self, seat: int, action: Action) -> None:
        self._undo.append(type(self)._snapshot(self))  # a C getter, not a method
        self._do(action)
        self.history.append((seat, action))

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.history:
            raise IndexError("nothing to undo")
        self.__dict__.update(zip(self._STATE, self._undo.pop(), strict=True))
        return self.history.pop()[1]

    def clone(self) -> Self:
        """An independent copy (state values are immutable, so a shallow copy suffices)."""
        twin = copy.copy(self)
        twin.history = list(self.history)
        twin._undo = list(self._undo)
        return twin

    # --- what each seat knows (stich.core.knowledge, stich.core.worlds) --------------------
    def information_state(self, seat: int) -> InfoState:
        """Everything ``seat`` has seen since the start of this game's history."""
        return InfoState(self.NAME, seat, self.options, tuple(self.seat_events(seat)),
                         type(self), self.observation(seat))

    def seat_events(self, seat: int, start: int | None = None) -> Iterator[Event]:
        """What ``seat`` saw: everything (``start`` None), or what the actions from number
        ``start`` on showed it, then a forfeit (no action of the history); computed from the
        undo snapshots, so playing costs nothing extra."""
        undo, state = self._undo, self.State
        now = type(self)._snapshot(self)
        if start is None:
            yield from self._start_events(seat, state(*(undo[0] if undo else now)))
            start = 0
        last = len(self.history) - 1
        for index in range(start, last + 1):
            actor, action = self.history[index]
            after = undo[index + 1] if index < last else now
            yield from self._events(seat, actor, action, state(*undo[index]), state(*after))
        if self._forfeit is not None:
            yield from self._forfeit_events(self._forfeit)

    def _start_events(self, seat: int, state: Any) -> Iterable[Event]:
        """What ``seat`` sees where this game's history starts (its dealt cards, or what it
        sees of a position); ``state`` is a :attr:`State`."""
        raise NotImplementedError(f"{self.NAME} does not describe what seats see")

    def _events(self, seat: int, actor: int, action: Action, before: Any,
                after: Any) -> Iterable[Event]:
        """What ``seat`` sees when ``actor`` takes ``action`` (``before``/``after``:
        :attr:`State` values around it), including what follows by itself (a draw)."""
        raise NotImplementedError(f"{self.NAME} does not describe what seats see")

    def _forfeit_events(self, forfeit: tuple[int, Illegal]) -> Iterable[Event]:
        """What every seat sees after the history when a seat forfeited the deal."""
        return (forfeit_event(forfeit),)

    @classmethod
    def sample_world(cls, info: InfoState, rng: random.Random) -> Self:
        """A whole deal consistent with everything ``info``'s seat knows, uniformly among such
        deals, with the history replayed through the rules (as OpenSpiel's
        ``ResampleFromInfostate``): a proposal (``_propose_world``) is kept only when its info
        state for the seat equals ``info`` (the same options by construction, and the same
        events), which keeps the draw uniform even where the proposal relaxes a constraint.
        NoWorld if none is found."""
        for _ in range(MAX_TRIES):
            world = cls._propose_world(info, rng)
            if world is not None and tuple(world.seat_events(info.seat)) == info.events:
                return world
        raise NoWorld(f"no {info.game} deal consistent with seat {info.seat}'s information "
                      f"found in {MAX_TRIES} tries")

    @classmethod
    def _propose_world(cls, info: InfoState, rng: random.Random) -> Self | None:
        """A deal drawn uniformly among those the seat cannot rule out (a relaxation is fine),
        with the history replayed (``stich.core.worlds.replay``); None if the replay breaks a
        rule. :meth:`sample_world` keeps it only when its info state equals ``info``."""
        raise NotImplementedError(f"{cls.NAME} cannot sample worlds")

    @classmethod
    def make_observer(cls, kind: str | ObservationType = "observation",
                      options: RuleOptions | None = None) -> Observer:
        """An observer of this game under ``options`` (the defaults if None): ``kind`` is
        ``observation``, ``information_state``, ``public``, ``public_history``, ``private`` or
        an :class:`~stich.core.observer.ObservationType`."""
        return cls.OBSERVER(cls, options if options is not None else cls.OPTIONS.default(), kind)

    # --- integer actions ------------------------------------------------
    @classmethod
    def num_distinct_actions(cls) -> int:
        return len(cls.ACTION_SPACE)

    @classmethod
    def action_to_id(cls, action: Action | str) -> int:
        return cls.ACTION_SPACE.id(as_action(action))

    @classmethod
    def id_to_action(cls, index: int) -> Action:
        return cls.ACTION_SPACE.action(index)

    def legal_action_ids(self) -> list[int]:
        return self.ACTION_SPACE.ids(self.legal_actions())

    def legal_action_mask(self) -> list[int]:
        return self.ACTION_SPACE.mask(self.legal_actions())

    # --- positions (stich.core.position, docs/rules/notation.md) ----------------------------
    def position(self, viewer: int | None = None) -> str:
        """The whole state as one line (all hands, the options), not the history; its first
        word is the game's name. ``from_position`` reads it back. As seat ``viewer`` sees it if
        given: the cards he cannot see written ``?`` (None: the whole state)."""
        if self._result is not None:
            raise PositionError("the deal is over: a position is a state that can continue")
        return self.position_at(self.State(*type(self)._snapshot(self)), viewer)

    def position_at(self, state: Any, viewer: int | None = None) -> str:
        """The position of ``state`` (a :attr:`State` of this deal), as ``viewer`` sees it:
        each game's own fields (its ``position`` module)."""
        raise NotImplementedError(f"{self.NAME} has no position notation")

    @classmethod
    def from_position(cls, text: str) -> Self:
        """The game in the state ``text`` describes, its history starting there; ValueError
        (``stich.core.position.PositionError``) names what is wrong."""
        raise NotImplementedError(f"{cls.NAME} has no position notation")

    # --- values for search and game theory ---------------------------------
    def utilities(self) -> tuple[float, ...]:
        """Each seat's game points minus the mean over all seats: they sum to zero (zeros
        until the deal ends). In Dreierschnapsen a failed declarer pays both others, so his
        utility is minus twice theirs."""
        points = self.returns()
        mean = sum(points) / len(points)
        return tuple(p - mean for p in points)


def sample_world(info: InfoState, rng: random.Random) -> Game:
    """A world of ``info``'s own game class (``info.rules.sample_world``, i.e.
    ``Game.sample_world``), typed as a game: for callers that hold an information state but
    not its class (a bot, the analysis)."""
    world = info.rules.sample_world(info, rng)
    if not isinstance(world, Game):
        raise TypeError(f"{info.game}'s rules sampled a {type(world).__name__}, not a Game")
    return world
