"""One observer per game: what a seat sees, as a string and as a flat tensor of floats.

The split follows OpenSpiel's: the ``Game`` is the factory and the state, an observer is made
once for a game class, its options and an :class:`ObservationType`, and then reads any state
of that game for any seat. Three parameters, as OpenSpiel's ``IIGObservationType``:

- ``private``: the seat's own secrets (its hand, the talon it took up);
- ``public``: what every seat sees alike (the cards on the table, the contract, the trump);
- ``perfect_recall``: the whole information state (every card each seat has played, the
  bids), not only the table of the moment.

The tensor is a flat ``list[float]`` without NumPy, in named slices (:class:`Slice`) that are
fixed for a game, its options and the type: ``observer.slices()`` says what each holds
(``docs/observer.md`` lists them per game); ``observer.packed(game, seat)`` is the same tensor
as native float32 bytes (``numpy.frombuffer`` reads it without a copy: the research adapters'
arrays). Seats in a private view are counted from the
viewer (0 the viewer, 1 the next seat in playing order ...), in a public view as seated, so the
public tensor is the same for every seat. Card sets are written from card bitmasks through
lookup tables (:class:`CardVector`): a tensor costs a few moves (``bench/observer_cost.py``).

The string of a perfect-recall view with private information is the seat's information state
(``str(game.information_state(seat))``: equal exactly when the seat cannot tell two histories
apart); of a public perfect-recall view, the public start, the actions as every seat saw them
and the public table now; otherwise the tensor's slices in words.

Example::

    game = stich.new_game("schnapsen", preset="sharp", seed=1)
    observer = game.make_observer("information_state")
    vector = observer.tensor(game, 0)           # len(vector) == observer.size
    observer.slices()["hand"]                   # Slice('hand', 0, 20, ...)
"""

from __future__ import annotations

import dataclasses
import struct
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from stich.core.actions import PLAY
from stich.core.cards import SUIT_MASK, cards_in


@dataclasses.dataclass(frozen=True)
class ObservationType:
    """What an observer shows (OpenSpiel's ``IIGObservationType``)."""

    private: bool = True
    """The seat's own secrets."""
    public: bool = True
    """What every seat sees alike."""
    perfect_recall: bool = False
    """The whole information state rather than the table of the moment."""

    def __post_init__(self) -> None:
        if not (self.private or self.public):
            raise ValueError("an observation type shows private or public facts, or both")


KINDS: dict[str, ObservationType] = {
    "observation": ObservationType(private=True, public=True, perfect_recall=False),
    "information_state": ObservationType(private=True, public=True, perfect_recall=True),
    "public": ObservationType(private=False, public=True, perfect_recall=False),
    "public_history": ObservationType(private=False, public=True, perfect_recall=True),
    "private": ObservationType(private=True, public=False, perfect_recall=False),
}
"""The observation types by name (``Game.make_observer("information_state")``)."""


def observation_type(kind: str | ObservationType) -> ObservationType:
    """The type a name stands for; ValueError names the known ones."""
    if isinstance(kind, ObservationType):
        return kind
    try:
        return KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown observation type {kind!r}; known: "
                         f"{', '.join(KINDS)}") from None


@dataclasses.dataclass(frozen=True)
class Slice:
    """A named run of the tensor: ``tensor[start:start + length]``.

    ``labels`` names each entry (a card code, a seat, ``1:HA`` for a card by seat): a 1.0
    there means the label holds; a slice without labels holds numbers (``meaning`` says how
    they are scaled)."""

    name: str
    start: int
    length: int
    meaning: str
    labels: tuple[str, ...] = ()

    @property
    def stop(self) -> int:
        return self.start + self.length

    def describe(self, values: Sequence[float]) -> str:
        """The slice's values in words: the labels that hold, or the numbers."""
        if not self.labels:
            return " ".join(f"{value:.4g}" for value in values)
        held = [label for label, value in zip(self.labels, values, strict=True) if value]
        return " ".join(held) if held else "-"


class Layout:
    """The slices of a tensor, declared in order (each starts where the last one stopped)."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(self, name: str, meaning: str, labels: Sequence[str] = (), length: int = 0) -> None:
        """A slice of ``len(labels)`` flags, or of ``length`` numbers."""
        if any(s.name == name for s in self.slices):
            raise ValueError(f"slice {name!r} declared twice")
        size = len(labels) or length
        if size <= 0:
            raise ValueError(f"slice {name!r} is empty")
        self.slices.append(Slice(name, self.size, size, meaning, tuple(labels)))
        self.size += size


# --- encoding helpers ----------------------------------------------------------------------------
ZERO, ONE = 0.0, 1.0

Row = tuple[float, ...] | bytes
"""A run of entries as a fill appends it: a tuple of floats to a ``list[float]`` (the tensor),
or, packed, the same values as native float32 bytes to a ``bytearray`` (:meth:`Observer.packed`)."""


class _Packers(dict[int, struct.Struct]):
    """The native float32 ``struct`` of each length, made on first use."""

    def __missing__(self, size: int) -> struct.Struct:
        packer = self[size] = struct.Struct(f"{size}f")
        return packer


_PACKERS = _Packers()


def pack(values: Sequence[float]) -> bytes:
    """The values as native float32 bytes (``numpy.frombuffer(..., numpy.float32)`` reads
    them back, each value rounded to float32 exactly as NumPy's conversion rounds it)."""
    return _PACKERS[len(values)].pack(*values)


def _row(values: tuple[float, ...], packed: bool) -> Row:
    return pack(values) if packed else values


def _bits(value: int, width: int) -> tuple[float, ...]:
    return tuple(ONE if value >> i & 1 else ZERO for i in range(width))


class CardVector:
    """Card bitmasks as flags over one deck's cards, in card order, by table lookup per suit
    (a suit's cards of the deck are consecutive bits: ``suit*9 + rank``). ``packed``: its rows
    are float32 bytes, appended to a ``bytearray`` (:data:`Row`)."""

    def __init__(self, deck: int, packed: bool = False) -> None:
        self.deck = deck
        self.packed = packed
        self.cards = tuple(cards_in(deck))
        self.size = len(self.cards)
        runs = []
        for mask in SUIT_MASK:
            bits = deck & mask
            if not bits:
                continue
            low = (bits & -bits).bit_length() - 1
            width = bits.bit_length() - low
            if bits != ((1 << width) - 1) << low:
                raise ValueError("a deck's cards of one suit must be consecutive ranks")
            runs.append((low, width))
        if len({width for _, width in runs}) != 1:
            raise ValueError("a deck holds as many cards of every suit")
        self._shifts = tuple(low for low, _ in runs)
        width = runs[0][1]
        self._mask = (1 << width) - 1
        self._table = tuple(_row(_bits(value, width), packed) for value in range(1 << width))
        empty = (ZERO,) * self.size
        self.empty: Row = _row(empty, packed)
        index: dict[int, int] = {int(card): i for i, card in enumerate(self.cards)}
        self.single: tuple[Row, ...] = tuple(
            _row((*empty[:index[card]], ONE, *empty[index[card] + 1:]), packed)
            if card in index else self.empty for card in (*range(36), -1))
        """The flags of one card: ``single[card]``; ``single[-1]`` (no card) all zeros."""

    def __call__(self, cards: int) -> Row:
        """The flags of a card bitmask (cards outside the deck are ignored)."""
        out: Any = bytearray() if self.packed else []
        self.add(out, cards)
        return bytes(out) if self.packed else tuple(out)

    def add(self, out: Any, cards: int) -> None:
        """Append the flags of a card bitmask to ``out`` (the hot path: no tuple is built)."""
        if not cards:
            out += self.empty
            return
        table, mask = self._table, self._mask
        a, b, c, d = self._shifts
        out += table[cards >> a & mask]
        out += table[cards >> b & mask]
        out += table[cards >> c & mask]
        out += table[cards >> d & mask]

    def add_by_seat(self, out: Any, masks: Sequence[int], order: Sequence[int]) -> None:
        """Append one card set per seat, the seats in ``order`` (the view's order)."""
        if not any(masks):
            out += self.empty * len(order)
            return
        table, mask, empty = self._table, self._mask, self.empty
        a, b, c, d = self._shifts
        for seat in order:
            cards = masks[seat]
            if cards:
                out += table[cards >> a & mask]
                out += table[cards >> b & mask]
                out += table[cards >> c & mask]
                out += table[cards >> d & mask]
            else:
                out += empty

    def add_one_by_seat(self, out: Any, cards: Sequence[int], order: Sequence[int]) -> None:
        """Append one card or none (-1) per seat, the seats in ``order``: a trick."""
        single = self.single
        for seat in order:
            out += single[cards[seat]]

    def labels(self, prefixes: Sequence[str] = ("",)) -> tuple[str, ...]:
        """Each entry's name: the card code, after each prefix (``1:HA``)."""
        return tuple(f"{prefix}{card.name}" for prefix in prefixes for card in self.cards)


class OneHot:
    """``n`` flags with at most one set: ``hot[i]``; ``hot[None]`` and ``hot[-1]`` are all
    zeros. ``rows`` is the plain tuple for hot paths: ``rows[i]``, ``rows[-1]`` all zeros.
    ``packed``: the rows are float32 bytes (:data:`Row`)."""

    def __init__(self, n: int, packed: bool = False) -> None:
        self.n = n
        self.packed = packed
        self.empty: Row = _row((ZERO,) * n, packed)
        self.rows: tuple[Row, ...] = (
            *(_row(tuple(ONE if i == j else ZERO for i in range(n)), packed) for j in range(n)),
            self.empty)

    def __getitem__(self, index: int | None) -> Row:
        return self.rows[-1 if index is None else index]

    def mask(self, bits: int) -> Row:
        """Several flags: bit ``i`` of ``bits`` sets entry ``i``."""
        return _row(_bits(bits, self.n), self.packed)


def _as_is(values: Sequence[float]) -> Sequence[float]:
    return values


class Rows:
    """What a family's writer appends with: ``packed`` False, tuples of floats to a list
    (:meth:`Observer.tensor`); True, their float32 bytes to a bytearray
    (:meth:`Observer.packed`). A family subclasses it for its own tables, builds one of each
    and writes both outputs with one writer, so the two never differ."""

    def __init__(self, deck: int, packed: bool) -> None:
        self.packed = packed
        self.cards = cards = CardVector(deck, packed)
        self.add, self.add_by_seat = cards.add, cards.add_by_seat
        self.add_one_by_seat, self.single = cards.add_one_by_seat, cards.single
        self.numbers: Callable[[Sequence[float]], Sequence[float]] = pack if packed else _as_is
        """Computed numbers as a row: ``out += rows.numbers((a, b))``."""

    def one_hot(self, n: int) -> OneHot:
        return OneHot(n, self.packed)

    def row(self, values: tuple[float, ...]) -> Row:
        """Fixed values as a row (a table entry)."""
        return _row(values, self.packed)

    def ratios(self, denominator: int, top: int | None = None) -> tuple[Row, ...]:
        """One entry each: ``ratios(d)[n]`` is ``n / d`` (the same float as the division), for
        ``0 <= n <= top`` (``top`` None: ``d``)."""
        top = denominator if top is None else top
        return tuple(_row((n / denominator,), self.packed) for n in range(top + 1))


_PLAY_BITS = {action: 1 << card for card, action in enumerate(PLAY)}


def played_by(history: Sequence[tuple[int, Any]], seats: int) -> list[int]:
    """Each seat's cards played in a history of ``(seat, action)`` (bitmasks)."""
    played = [0] * seats
    bit_of = _PLAY_BITS.get
    for who, action in history:
        bit = bit_of(action)
        if bit:
            played[who] |= bit
    return played


# --- the observer ----------------------------------------------------------------------------
class Observer(ABC):
    """One game's observer for its options and an :class:`ObservationType`.

    A family subclasses it: :meth:`declare` names the slices (they may depend on the options
    and the type, never on a state), :meth:`fill` writes them for a state and a seat, slice
    after slice in the declared order. Everything a family reads is public state of the
    game (its attributes and methods), never another seat's hand unless that seat shows it.
    """

    def __init__(self, game: type[Any], options: Any,
                 kind: str | ObservationType = "observation") -> None:
        self.game = game
        """The game class observed."""
        self.seats: int = game.SEATS
        self.options = options
        self.kind = observation_type(kind)
        self._orders: dict[int | None, tuple[int, ...]] = {
            viewer: tuple((viewer + i) % self.seats for i in range(self.seats))
            for viewer in range(self.seats)}
        self._orders[None] = tuple(range(self.seats))
        self._seat_rows: dict[bool, dict[int | None, tuple[Row, ...]]] = {}
        self._seat_flags: dict[bool, dict[int | None, tuple[Row, ...]]] = {}
        for packed in (False, True):
            hot = OneHot(self.seats, packed).rows
            rows: dict[int | None, tuple[Row, ...]] = {
                viewer: (*(hot[(s - viewer) % self.seats] for s in range(self.seats)), hot[-1])
                for viewer in range(self.seats)}
            rows[None] = hot
            self._seat_rows[packed] = rows
            self._seat_flags[packed] = {
                viewer: tuple(_row(tuple(ONE if bits >> s & 1 else ZERO for s in order), packed)
                              for bits in range(1 << self.seats))
                for viewer, order in self._orders.items()}
        self._views = {packed: {viewer: (order, self._seat_rows[packed][viewer],
                                         self._seat_flags[packed][viewer])
                                for viewer, order in self._orders.items()}
                       for packed in (False, True)}
        layout = Layout()
        self.declare(layout)
        self._slices = tuple(layout.slices)
        self.size = layout.size

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def slices(self) -> dict[str, Slice]:
        """Each slice by name, in tensor order: name -> (start, length, meaning, labels)."""
        return {s.name: s for s in self._slices}

    # --- seats ---
    def seat_order(self, seat: int | None) -> tuple[int, ...]:
        """The seats in the view's order: from the viewer on in a private view, else as
        seated."""
        return self._orders[seat if self.kind.private else None]

    def seat_rows(self, viewer: int | None, packed: bool = False) -> tuple[Row, ...]:
        """One-hot rows by seat as the view counts seats: ``rows[seat]`` for a seat as seated
        (relative to ``viewer`` in a private view), ``rows[-1]`` all zeros (no seat);
        ``packed``: as float32 bytes."""
        return self._seat_rows[packed][viewer if self.kind.private else None]

    def seat_flags(self, viewer: int | None, packed: bool = False) -> tuple[Row, ...]:
        """Flags of a set of seats in the view's seat order: ``flags[bits]`` for the seats of
        bitmask ``bits`` (bit ``s`` for seat ``s`` as seated, ``0 <= bits < 2**seats``);
        ``packed``: as float32 bytes."""
        return self._seat_flags[packed][viewer if self.kind.private else None]

    def seat_view(self, viewer: int | None, packed: bool = False) -> tuple[
            tuple[int, ...], tuple[Row, ...], tuple[Row, ...]]:
        """``(seat_order(viewer), seat_rows(viewer, packed), seat_flags(viewer, packed))`` in
        one look-up (a fill's hot path)."""
        return self._views[packed][viewer if self.kind.private else None]

    def seat_labels(self) -> tuple[str, ...]:
        """Seat names in the view: ``me``, ``+1`` ... in a private view, ``0`` ... else."""
        if self.kind.private:
            return ("me", *(f"+{i}" for i in range(1, self.seats)))
        return tuple(str(i) for i in range(self.seats))

    def seat_prefixes(self) -> tuple[str, ...]:
        return tuple(f"{label}:" for label in self.seat_labels())

    # --- what a family writes ---
    @abstractmethod
    def declare(self, layout: Layout) -> None:
        """Name the slices, in order."""

    @abstractmethod
    def fill(self, game: Any, seat: int | None, out: list[float]) -> None:
        """Append every slice's values for ``seat`` (ignored in a public view) to ``out``, in
        declared order."""

    def fill_packed(self, game: Any, seat: int | None, out: bytearray) -> None:
        """Append :meth:`fill`'s values as native float32 bytes to ``out``. This packs the
        list :meth:`fill` writes; a family may write the bytes directly instead (its rows
        built ``packed``), as long as they are exactly these."""
        values: list[float] = []
        self.fill(game, seat, values)
        out += pack(values)

    def public_start(self, game: Any) -> Any:
        """The game as its history starts (for the public history string)."""
        start = game.clone()
        while start.history:
            start.undo()
        return start

    def public_action(self, action: Any) -> str:
        """An action as every seat saw it (a family hides what some seats could not see)."""
        return str(action)

    # --- what every game gets ---
    def tensor(self, game: Any, seat: int | None = None) -> list[float]:
        """The flat tensor of ``game`` as ``seat`` sees it (``len == self.size``)."""
        if seat is None and self.kind.private:
            raise ValueError("a private observation needs a seat")
        out: list[float] = []
        self.fill(game, seat, out)
        return out

    def packed(self, game: Any, seat: int | None = None) -> bytearray:
        """The tensor as native float32 bytes, exactly ``pack(self.tensor(game, seat))``: a
        fresh buffer that ``numpy.frombuffer(buffer, numpy.float32)`` turns into a writable
        array without a copy (the research adapters' observations)."""
        if seat is None and self.kind.private:
            raise ValueError("a private observation needs a seat")
        out = bytearray()
        self.fill_packed(game, seat, out)
        return out

    def describe(self, game: Any, seat: int | None = None) -> str:
        """The tensor's slices in words: ``name: values`` joined by ``|``."""
        values = self.tensor(game, seat)
        return " | ".join(f"{s.name}: {s.describe(values[s.start:s.stop])}"
                          for s in self._slices)

    def string(self, game: Any, seat: int | None = None) -> str:
        """The view as text (see the module's docstring for which text)."""
        kind = self.kind
        if kind.perfect_recall and kind.private and kind.public:
            if seat is None:
                raise ValueError("a private observation needs a seat")
            return str(game.information_state(seat))
        if kind.perfect_recall and not kind.private:
            start = self.public_start(game)
            moves = " ".join(f"{who} {self.public_action(action)};"
                             for who, action in game.history)
            return (f"{game.NAME} {game.options.preset} | start {self.describe(start)} | "
                    f"{moves} | now {self.describe(game)}")
        return self.describe(game, seat)


TABLE_KINDS = ("observation", "information_state", "public")


def layout_table(game: type[Any], options: Any) -> str:
    """A Markdown table of a game's slices under ``options``: each slice's length, where it
    starts in the ``observation``, ``information_state`` and ``public`` tensors (``-``: not
    there) and what it holds (``docs/observer.md`` prints one per game)."""
    layouts = {kind: game.make_observer(kind, options).slices() for kind in TABLE_KINDS}
    names: dict[str, Slice] = {}
    for slices in layouts.values():
        for name, slice_ in slices.items():
            names.setdefault(name, slice_)
    sizes = " | ".join(str(game.make_observer(kind, options).size) for kind in TABLE_KINDS)
    rows = [f"| slice | length | {' | '.join(TABLE_KINDS)} | meaning |",
            "|---|---|---|---|---|---|",
            f"| (size) | | {sizes} | |"]
    for name, slice_ in names.items():
        starts = " | ".join(str(layouts[kind][name].start) if name in layouts[kind] else "-"
                            for kind in TABLE_KINDS)
        rows.append(f"| `{name}` | {slice_.length} | {starts} | {slice_.meaning} |")
    return "\n".join(rows)

