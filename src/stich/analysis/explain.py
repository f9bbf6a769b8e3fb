"""Explain a move (`stich analyse`): each legal action's value at a position of a recorded deal.

The deal is numbered from 1 in a match record, as `stich play` shows it ("Deal 1"). The
position is the deal before action ``at`` (0-based, as ``stich record verify`` counts),
seen by the seat to act: its information state, nothing else. Worlds consistent with what that
seat knows are sampled uniformly (``InfoState.sample_world``) and each legal action is valued
in each world with all cards open, as the ``pimc`` bot values them (``PimcBot.evaluate``: the
exact solver in card play, the ``rules`` bots and then the solver before it); the values shown
are their averages. When every sampled world is the same deal, the seat knows every card and
the values are that deal's exact values (checked on at least ``PROBES`` sampled worlds).

With a node budget (``nodes``), worlds are sampled until the nodes searched reach it (at least
one world, at most ``worlds``), as the ``pimc`` bot's budget counts them: the same budget gives
the same answer on any machine, and a position that is costly to solve gets fewer worlds.
:func:`value_info` is the part that searches; it is given the seat's information state and
nothing else (the web server runs it in a worker process, docs/web.md).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from stich.bots.pimc import PimcBot
from stich.core.actions import Action
from stich.core.dealing import derive_seed
from stich.core.game import TERMINAL, Game, sample_world
from stich.core.knowledge import InfoState
from stich.core.records import DealRecord, RecordError
from stich.core.replay import is_match_record, record_game
from stich.games import match_class
from stich.records import replay

DEFAULT_WORLDS = 20
PROBES = 8
"""Worlds sampled at least (searched or not) before a position is called exact: one world
searched under a node budget says nothing about the hidden cards."""


@dataclasses.dataclass(frozen=True)
class Valued:
    """What :func:`value_info` found: each legal action's average value, in the rules' order."""

    values: tuple[tuple[Action, float], ...]
    worlds: int
    distinct: int
    horizon: int
    nodes: int
    exact: bool
    """Every world sampled (those searched and :data:`PROBES` more) is one deal: the seat
    knows every card."""

UNITS = {
    "jass": "points written for its team minus the other team's (J-7)",
}
"""What a value counts, by game; the others count game points (+ won, - lost by its side)."""


@dataclasses.dataclass(frozen=True)
class Explanation:
    """The legal actions at one position with their values for the seat to act."""

    game: str
    deal: int | None
    """The deal's number in its match record, from 1 as play shows it (None: a deal record)."""
    at: int
    seat: int
    seat_name: str
    values: tuple[tuple[Action, float], ...]
    """Each legal action with its average value, in the order the rules list them."""
    worlds: int
    distinct: int
    """How many different deals the sampled worlds were (1: every card is known)."""
    seed: int
    played: Action | None
    """The action the record has at ``at`` (None at the end of a deal cut short)."""
    horizon: int
    """Tricks looked ahead in some world (-1: every world searched to the end)."""
    exact: bool = False
    """The seat knows every card: the values are the deal's exact values."""

    def lines(self, name: Callable[[Action], str] = str) -> list[str]:
        """The explanation as text, each action worded by ``name`` (the notation by default;
        the command line names cards in a deck)."""
        where = "" if self.deal is None else f", deal {self.deal}"
        head = (f"{self.game}{where}, before action {self.at}: seat {self.seat} "
                f"({self.seat_name}) to act")
        unit = UNITS.get(self.game, "game points won (+) or lost (-) by its side")
        if self.exact:
            how = (f"exact: all {self.worlds} sampled worlds are one deal "
                   f"({self.seat_name} knows every card)")
        else:
            how = (f"averaged over {self.worlds} sampled worlds ({self.distinct} different "
                   f"deals, seed {self.seed})")
        lines = [head, f"each legal action's value for {self.seat_name}: {unit}", how]
        if self.horizon >= 0:
            lines.append(f"early in a Jass deal: counted {self.horizon} tricks ahead, not to "
                         "the end")
        width = max(len(name(action)) for action, _ in self.values)
        ranked = sorted(enumerate(self.values), key=lambda item: (-item[1][1], item[0]))
        for _, (action, value) in ranked:
            mark = "   <- played" if action == self.played else ""
            lines.append(f"  {name(action):<{width}}  {value:+8.2f}{mark}")
        return lines


def deal_in(data: Any, deal: int | None) -> tuple[DealRecord, int | None]:
    """The deal record to analyse: ``data`` itself, or deal number ``deal`` (from 1, as `stich
    play` numbers them) of a match record, which is replayed and checked first. RecordError
    says what is wrong."""
    if is_match_record(data):
        try:
            cls = match_class(record_game(data))
        except KeyError as error:
            raise RecordError(str(error.args[0])) from None
        deals = cls.from_record(data).deals
        if deal is None and len(deals) == 1:
            deal = 1
        if deal is None or not 1 <= deal <= len(deals):
            raise RecordError(f"the match record holds {len(deals)} deals: name one with "
                              f"--deal (1 to {len(deals)}, as play numbers them)")
        return deals[deal - 1], deal
    if deal is not None:
        raise RecordError("--deal is for a match record; this is a deal record")
    record = DealRecord.from_dict(data)
    replay(record)  # the whole deal must replay before any of it is explained
    return record, None


def position_before(record: DealRecord, at: int) -> Game:
    """The deal replayed up to (not including) action ``at``."""
    if not 0 <= at <= len(record.actions):
        raise RecordError(f"--at {at}: the deal has actions 0 to {len(record.actions) - 1}")
    extra = {key: value for key, value in record.extra.items() if key != "forfeit"}
    game = replay(dataclasses.replace(record, actions=record.actions[:at], result=None,
                                      extra=extra))
    if game.current_player() == TERMINAL:
        raise RecordError(f"--at {at}: the deal is over before action {at}")
    return game


def value_info(info: InfoState, *, worlds: int = DEFAULT_WORLDS, nodes: int | None = None,
               seed: int = 1) -> Valued:
    """Each legal action's value for ``info``'s seat, averaged over worlds sampled from
    ``info`` alone (module docstring). sampling.NoWorld (a ValueError) if no world is
    consistent with it."""
    if worlds < 1:
        raise ValueError(f"--worlds must be at least 1, got {worlds}")
    if nodes is not None and nodes < 1:
        raise ValueError(f"--nodes must be at least 1, got {nodes}")
    legal = info.legal_actions()
    valuer = PimcBot(derive_seed(seed, "explain", "bots"))
    totals = [0.0] * len(legal)
    positions, horizon, spent, used = set(), -1, 0, 0
    while used < worlds and (nodes is None or spent < nodes):
        world = sample_world(info, random.Random(derive_seed(seed, "explain", used)))
        positions.add(world.position())
        horizon = max(horizon, PimcBot._horizon(world))  # where pimc looks ahead, say so
        values, searched = valuer.evaluate(world, legal, info.seat)
        totals = [total + value for total, value in zip(totals, values, strict=True)]
        spent += searched
        used += 1
    probed = set(positions)
    for extra in range(used, PROBES if len(positions) == 1 else used):  # sampling is cheap
        probed.add(sample_world(info, random.Random(derive_seed(seed, "explain", extra)))
                   .position())
    return Valued(tuple((action, total / used) for action, total in zip(
        legal, totals, strict=True)), used, len(positions), horizon, spent, len(probed) == 1)


def explain(record: DealRecord, at: int, *, deal: int | None = None,
            worlds: int = DEFAULT_WORLDS, nodes: int | None = None,
            seed: int = 1) -> Explanation:
    """Value every legal action before action ``at`` for the seat to act (module docstring).
    RecordError for a position the record does not have; sampling.NoWorld (a ValueError) if no
    world is consistent with the seat's information."""
    if worlds < 1:
        raise ValueError(f"--worlds must be at least 1, got {worlds}")
    game = position_before(record, at)
    seat = game.current_player()
    valued = value_info(game.information_state(seat), worlds=worlds, nodes=nodes, seed=seed)
    played = Action.parse(record.actions[at][1]) if at < len(record.actions) else None
    seat_name = record.seats[seat] if seat < len(record.seats) else f"seat {seat}"
    return Explanation(record.game, deal, at, seat, seat_name, valued.values, valued.worlds,
                       valued.distinct, seed, played, valued.horizon, valued.exact)
