"""Driving `stich play` through a pseudo-terminal, as a person at the keyboard would."""

from __future__ import annotations

import dataclasses
import io
import os
import random
import re
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

import pexpect
from rich.text import Text

from stich.core.actions import Action
from stich.core.card_names import Deck, card_symbol
from stich.core.cards import Card
from stich.core.game import Game, Observation
from stich.core.knowledge import Event, InfoState
from stich.core.match import Match
from stich.core.records import DealRecord

PROMPT = "> "
WAIT = r"Press Enter for the next deal \(q stops\): "
CONFIRM = r"all the same\? \(y/N\) "
"""The soft table's question before a costly claim or close (S-7, S-8, S-11)."""
KEY = re.compile(r"\[(\w+)\] ")


def spawn(tmp_path: Path, game: str | None, *args: str, vs: str | None = "rules") -> pexpect.spawn:
    """``stich play`` in a terminal; the other seats are ``rules`` bots (they answer at once)
    unless ``args`` name ``--vs`` or ``vs`` is None (the default bot, the expert)."""
    env = dict(os.environ, TERM="dumb", COLUMNS="160", STICH_HOME=str(tmp_path))
    chosen = ["--vs", vs] if vs is not None and "--vs" not in args else []
    words = ["-m", "stich", "play", *([game] if game else []), *args, *chosen]
    return pexpect.spawn(sys.executable, words, env=env, encoding="utf-8", timeout=30,
                         dimensions=(60, 160), preexec_fn=_default_interrupt)


def _default_interrupt() -> None:
    """Ctrl-C as in a person's shell: a child inherits an ignored SIGINT from this process
    (Python then leaves it ignored), and the test run may have had it ignored by then."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def keys_offered(screen: str) -> list[str]:
    """The keys of the menu under the last hand shown (the menu may wrap over lines)."""
    menu = screen.rsplit("Your hand:", 1)[-1]
    return [k for k in KEY.findall(menu) if k not in ("?", "q")]


def play_to_the_end(child: pexpect.spawn, prefer: tuple[str, ...] = ()) -> str:
    """Answer every prompt with a preferred key if offered, else the first one offered; Enter
    after each deal; yes to the soft table's question before a costly claim or close."""
    transcript = ""
    while True:
        index = child.expect([PROMPT, WAIT, "Match record saved in (.*)\r\n", pexpect.EOF,
                              CONFIRM])
        transcript += child.before or ""
        if index == 4:
            transcript += "<confirmed>"
            child.sendline("y")
            continue
        if index == 2:
            return transcript + child.match.group(0)
        assert index < 2, f"the program ended early:\n{transcript[-3000:]}"
        if index == 1:
            transcript += "<next deal>"
            child.sendline("")
            continue
        keys = keys_offered(child.before)
        if "Lay down two cards" in child.before and not any(k in keys for k in prefer):
            child.sendline("12")  # both talon cards at once (one at a time is tested apart)
            continue
        child.sendline(next((k for k in prefer if k in keys), keys[0]))


# --- in process: what the session tells the person, with the events it was told from ---------
CARD_SYMBOL = re.compile(r"(?:10|[6-9JQKA])[♣♦♥♠]")
"""A card as the French deck writes it in a line (A♥, 10♣)."""


def cards_named(line: str) -> set[Card]:
    """The cards a line names in the French deck."""
    by_symbol = {card_symbol(card): card for card in Card}
    return {by_symbol[symbol] for symbol in CARD_SYMBOL.findall(line)}


@dataclasses.dataclass
class Heard:
    """One deal as the person at seat 0 was told it: after each action, the events the view
    was given and the lines it printed; and the person's information state at the end, from
    the deal replayed out of the match record."""

    told: list[tuple[tuple[Event, ...], list[str]]]
    info: InfoState
    record: DealRecord


def play_in_process(game: str, seed: int, deals: int, bot: str = "random",
                    tmp_path: Path | None = None) -> list[Heard]:
    """Play up to ``deals`` deals of a match through the terminal session, the person's keys
    typed as whole actions chosen at random among the legal ones, the bots at the other
    seats; returns what the view was told and said, per deal."""
    from rich.console import Console

    from stich.bots import make_bot
    from stich.games import game_class, match_class
    from stich.terminal.games import view_class
    from stich.terminal.session import WAIT_PROMPT, play_match

    seats = game_class(game).SEATS
    names = ["You", *(f"{bot} {seat}" for seat in range(1, seats))]
    match = match_class(game)(names, seed)
    heard: list[list[tuple[tuple[Event, ...], list[str]]]] = [[]]
    rng = random.Random(seed)
    legal: list[Action] = []

    class Spy(view_class(game)):  # type: ignore[misc]
        def table(self, observation: Observation, match: Match) -> Any:
            legal[:] = observation.legal_actions
            return super().table(observation, match)

        def announce(self, events: Any, observation: Observation) -> list[Text]:
            events = tuple(events)
            lines = super().announce(events, observation)
            heard[-1].append((events, [line.plain for line in lines]))
            return lines

        def deal_summary(self, game: Game, match: Match, seat: int) -> Any:
            heard.append([])
            return super().deal_summary(game, match, seat)

    def read_line(prompt: str) -> str:
        if prompt == WAIT_PROMPT:
            if len(heard) > deals:
                raise EOFError
            return ""
        return str(rng.choice(legal))

    console = Console(file=io.StringIO(), width=160, highlight=False)
    bots = [make_bot(game, bot, seed * 10 + seat) for seat in range(1, seats)]
    folder = tmp_path or Path(tempfile.mkdtemp())
    play_match(match, Spy(names, Deck.FRENCH), 0, bots, folder / "match.json", console,
               read_line)
    out = []
    for told, record in zip(heard, match.deals, strict=False):
        replay = game_class(game).from_record(record)
        for _, action in record.actions:
            replay.apply(action)
        out.append(Heard(told, replay.information_state(0), record))
    return out


def check_told_from_events(deals: list[Heard]) -> None:
    """The view was given exactly the person's events, action after action (nothing else of
    the deal), and no line names a card the person's information state did not hold by
    then."""
    for deal in deals:
        events = deal.info.events
        start = len(events) - sum(len(batch) for batch, _ in deal.told)
        assert start > 0, "the person's first events (his cards) come before any action"
        known = {card for event in events[:start] for card in event.cards}
        position = start
        for batch, lines in deal.told:
            assert batch == events[position:position + len(batch)]
            position += len(batch)
            known |= {card for event in batch for card in event.cards}
            for line in lines:
                assert cards_named(line) <= known, (line, cards_named(line) - known)
