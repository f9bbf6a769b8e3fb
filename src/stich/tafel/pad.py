"""What every score pad shares: players, options, the list of entries and undo.

A pad's entries are the source of truth: each is a JSON object (its ``kind`` and the typed
deal outcome's fields), every total is recomputed from them, and undo drops the last one. An
entry is booked through the rules' scoring (each family's); an impossible one raises
:class:`~stich.core.scoring.entry.EntryError` and leaves the pad as it was.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from stich.core.options import RuleOptions
from stich.core.scoring.entry import EntryError

COMMON_HELP = "u undoes the last entry, h shows the history, ? this help, q quits."


class Pad(ABC):
    """One score pad: its game, players' names, options and entries."""

    GAME: ClassVar[str]
    TITLE: ClassVar[str]
    OPTIONS: ClassVar[type[RuleOptions]]
    PLAYERS: ClassVar[tuple[int, ...]]
    """How many names the pad takes."""
    HELP: ClassVar[str]
    """The one-line entries this pad reads, with examples."""

    def __init__(self, names: list[str], options: RuleOptions | None = None) -> None:
        if len(names) not in self.PLAYERS:
            wanted = " or ".join(map(str, self.PLAYERS))
            raise EntryError(f"{self.GAME} takes {wanted} players' names, got {len(names)}")
        if len({name.lower() for name in names}) != len(names) or not all(n.strip() for n in names):
            raise EntryError(f"players' names must differ and not be empty: {names}")
        self.names = list(names)
        self.options = options or self.OPTIONS.from_preset()
        self.entries: list[dict[str, Any]] = []
        self.ends: dict[int, str] = {}
        """What an entry ended (a Bummerl, a race, the game), by the entry's index: who won
        and why, as the history and the terminal say it."""
        self._reset()

    # --- what each pad fills in ---------------------------------------------------------
    @abstractmethod
    def _reset(self) -> None:
        """Start the scoring afresh (before replaying the entries)."""

    @abstractmethod
    def _apply(self, entry: dict[str, Any]) -> None:
        """Book one entry; EntryError if the rules cannot give it."""

    @abstractmethod
    def parse(self, line: str) -> dict[str, Any]:
        """An entry from one short line (the terminal's and the phone's input)."""

    @abstractmethod
    def describe(self, entry: dict[str, Any]) -> str:
        """The entry as a line of the history."""

    @abstractmethod
    def text(self, entry: dict[str, Any]) -> str:
        """The line that enters this entry: ``parse(text(entry)) == entry`` for every entry a
        line gave (the history shows it, so any entry can be typed again)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the pad's game (rubber, match, table, sheet) is decided."""

    @abstractmethod
    def board_text(self) -> str:
        """The counter, Z or table as text for the terminal."""

    @abstractmethod
    def scores(self, seat: int | None = None) -> dict[str, Any]:
        """The totals as JSON for the phone page, as ``seat`` may see them (a hidden
        Differenzler prediction only by its player; None: by nobody)."""

    @abstractmethod
    def result_line(self) -> str:
        """One line: who stands where, or who won."""

    # --- shared -------------------------------------------------------------------------------
    def add(self, entry: dict[str, Any]) -> None:
        """Book an entry and keep it; on EntryError the pad is unchanged."""
        if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str):
            raise EntryError("an entry is a JSON object with a 'kind'")
        try:
            self._apply(entry)
        except EntryError:
            self.rebuild()
            raise
        except (TypeError, KeyError, ValueError) as error:
            self.rebuild()
            raise EntryError(f"entry {entry}: {error}") from None
        self.entries.append(entry)

    def enter(self, line: str) -> dict[str, Any]:
        """Parse a line and book it; the entry."""
        entry = self.parse(line)
        self.add(entry)
        return entry

    def undo(self) -> dict[str, Any] | None:
        """Drop the last entry; the entry dropped, or None if there was none."""
        if not self.entries:
            return None
        entry = self.entries.pop()
        self.rebuild()
        return entry

    def rebuild(self) -> None:
        """Recompute every total from the entries."""
        entries, self.entries = self.entries, []
        self.ends = {}
        self._reset()
        for number, entry in enumerate(entries, 1):
            try:
                self._apply(entry)
            except (EntryError, TypeError, KeyError, ValueError) as error:
                raise EntryError(f"entry {number}: {error}") from None
            self.entries.append(entry)

    def said(self, index: int) -> str:
        """Entry ``index`` (from 0) as the history shows it: what it booked, what it ended,
        and the line that enters it."""
        entry = self.entries[index]
        end = f" {self.ends[index]}" if index in self.ends else ""
        return f"{self.describe(entry)}.{end} [{self.text(entry)}]"

    def history(self) -> list[str]:
        return [f"{index + 1:>3}. {self.said(index)}" for index in range(len(self.entries))]

    def end_note(self, index: int) -> str | None:
        """What entry ``index`` ended, if anything: who won and why."""
        return self.ends.get(index)

    def _ended(self, words: str) -> None:
        """Called by ``_apply``: the entry being booked ended something."""
        self.ends[len(self.entries)] = words

    def entry_help(self) -> str:
        """What an entry line says, for the terminal and the phone page alike."""
        return self.HELP

    def help(self) -> str:
        """The terminal's help: the entries, then its keys (u, h, ?, q)."""
        return f"{self.entry_help()}\n{COMMON_HELP}"

    # --- reading words ------------------------------------------------------------------------
    def seat(self, word: str) -> int:
        """A player by number (1 = the first name) or by the start of his name."""
        if word.isdigit():
            number = int(word)
            if 1 <= number <= len(self.names):
                return number - 1
            raise EntryError(f"player {number} does not exist: 1 to {len(self.names)}")
        found = [seat for seat, name in enumerate(self.names)
                 if name.lower().startswith(word.lower())]
        if len(found) != 1:
            known = ", ".join(f"{n + 1} {name}" for n, name in enumerate(self.names))
            what = "matches no player" if not found else "matches several players"
            raise EntryError(f"{word!r} {what}: {known}")
        return found[0]

    def team_name(self, team: int) -> str:
        return " & ".join(self.names[seat] for seat in range(team, len(self.names), 2))

    def team(self, word: str) -> int:
        """A team (Schieber, Coiffeur) by number 1 or 2, or by one of its players."""
        if word in ("1", "2"):
            return int(word) - 1
        return self.seat(word) % 2

    def to_json(self) -> dict[str, Any]:
        return {"game": self.GAME, "names": self.names, "preset": self.options.preset,
                "options": self.options.overrides(), "entries": self.entries}


def number(word: str, what: str) -> int:
    """A whole number from the line; EntryError naming what it should be."""
    try:
        return int(word)
    except ValueError:
        raise EntryError(f"{what} must be a whole number, got {word!r}") from None


def pick(word: str, choices: dict[str, str], what: str) -> str:
    """The choice a word names: exactly, or as the start of one choice only. The refusals list
    the words a line may use (the keys; of several keys for one choice, the longest)."""
    key = word.lower()
    if key in choices:
        return choices[key]
    found = {name: value for name, value in choices.items() if name.startswith(key)}
    if len(set(found.values())) == 1:
        return next(iter(found.values()))
    if found:
        raise EntryError(f"{what} {word!r} is ambiguous: {', '.join(_words(found))}")
    raise EntryError(f"{what} {word!r} is unknown; known: {', '.join(_words(choices))}")


def _words(choices: dict[str, str]) -> list[str]:
    """One word per choice, the longest that names it, in the order given."""
    best: dict[str, str] = {}
    for name, value in choices.items():
        if len(name) > len(best.get(value, "")):
            best[value] = name
    return list(best.values())


class Said:
    """What a line has said so far, slot by slot (the outcome, the doubling, Stöck ...). A
    slot holds one thing: a second word for it is refused, naming both words."""

    def __init__(self) -> None:
        self.words: dict[str, str] = {}
        self.values: dict[str, Any] = {}

    def put(self, slot: str, word: str, value: Any, why: str) -> None:
        """Say ``value`` (written ``word``) for ``slot``; ``why`` tells why the slot holds one."""
        if slot in self.words:
            first = self.words[slot]
            if self.values[slot] == value:
                raise EntryError(f"{slot} given twice, {first!r} and {word!r}: {why}")
            raise EntryError(f"{first!r} and {word!r} contradict each other: {why}")
        self.words[slot] = word
        self.values[slot] = value

    def get(self, slot: str, default: Any = None) -> Any:
        return self.values.get(slot, default)


def fields(entry: dict[str, Any], *names: str) -> dict[str, Any]:
    """The entry's fields without ``kind``; EntryError for a field the entry may not have."""
    extra = sorted(set(entry) - {"kind", *names})
    if extra:
        raise EntryError(f"a {entry['kind']} entry has no field {', '.join(extra)}")
    return {name: entry[name] for name in names if name in entry}
