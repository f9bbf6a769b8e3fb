"""A finished match step by step, and "how the search values each move here" (docs/web.md).

``GET /api/tables/<id>/replay`` answers every step of a finished match: the action, every
seat's cards, seat 0's view, the score, and where the step lies (the deal, the action's index
in its deal as ``stich analyse --at`` counts, the trick under way, the deal's result where it
ended), so the page can jump to any deal and trick.

``GET /api/tables/<id>/analysis/<step>`` values each legal action of the seat to act at a
step with what ``stich analyse`` computes (``stich.analysis.explain.value_info``: pimc's
solver averaged over worlds sampled from that seat's information state, never the true deal)
in a worker process, one process of its own so that bots at live tables never wait behind
it. Only a finished match is analysed (409 otherwise): on a live table the values would tell a
player what the other hands hold. Answers are kept per (table, step): a finished match never
changes.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any

from fastapi import APIRouter

from stich.core.game import TERMINAL
from stich.core.knowledge import InfoState
from stich.core.table import Table
from stich.web.actor import TableActor, replay_entry
from stich.web.lobby import Lobby, LobbyError

WORLDS = 12
"""Worlds at most per analysis: as many as the pimc bot samples by default."""
NODES = 2_000_000
"""Search nodes per analysis: sampling stops once they are spent (at least one world). With
:data:`WORLDS`, every position of every game answers in under 2 s on a loaded 2-core machine
(the figure and its command: docs/web.md)."""
SEED = 1
"""The worlds' seed: ``stich analyse`` on the downloaded record gives the same values."""
CACHED = 4096
"""Answers kept (per table and step), the oldest dropped first."""


def replayed(actor: TableActor) -> Iterator[tuple[Table, int | None, str | None, bool, bool]]:
    """The finished match rebuilt from its log: the table before any action, then after each
    (the table, the seat that acted, its action in notation or the forfeit's rule and reason
    as JSON, whether it was a forfeit, whether a deal ended)."""
    table: Table = actor._new_table()
    yield table, None, None, False, False
    for entry in actor.store.actions_of(actor.id):
        deal = table.deal_number
        replay_entry(table, entry)  # a resignation ends the match
        if entry["kind"] == "resign":
            continue
        if table.between:  # a replay holds no deal: the next one opens at once
            table.next_deal()
        yield table, entry["seat"], entry["action"], entry["kind"] == "forfeit", (
            table.deal_number != deal or table.to_act == TERMINAL)


def replay_frames(actor: TableActor) -> dict[str, Any]:
    """A finished match step by step: each step's action, every seat's cards and view, and
    where it lies (module docstring)."""
    frames: list[dict[str, Any]] = []
    trick = 0
    table = None
    for table, seat, action, _forfeit, ended in replayed(actor):
        game = table.game
        if action is None or ended:
            trick = 0
        views = [game.observation(s).to_dict() for s in range(table.seats)]
        shown = views[0]
        if action is not None and not ended and action.startswith("play ") and len(
                shown.get("trick") or []) == 1:
            trick += 1  # a card led: a new trick (J-4, S-4, B-4)
        to_act = game.current_player()
        frame = {"deal": table.deal_number, "seat": seat, "action": action,
                 "to_act": None if to_act == TERMINAL else to_act,
                 "at": None if to_act == TERMINAL else len(game.history), "trick": trick,
                 "hands": [view.get("hand", []) for view in views], "view": shown,
                 "match": table.match.state() if table.match else None}
        if ended and table.match is not None and table.match.deals:
            frame["ended"] = table.match.deals[-1].result
        frames.append(frame)
    assert table is not None and table.match is not None
    return {"table": actor.info(), "record": table.match.to_record(), "frames": frames}


Position = tuple[int, int, InfoState, str | None]
"""A step where a seat is to act: the deal (from 0), the action's index in it, the seat's
information state, and the action it took (None: the deal ended by a forfeit)."""


def positions(actor: TableActor) -> list[Position | None]:
    """Per step, its :data:`Position` (None where nobody is to act)."""
    out: list[Position | None] = []
    for table, _seat, action, forfeit, _ended in replayed(actor):
        if out and out[-1] is not None:
            out[-1] = (*out[-1][:3], None if forfeit else action)
        seat = table.game.current_player()
        out.append(None if seat == TERMINAL else (
            table.deal_number, len(table.game.history), table.game.information_state(seat),
            None))
    return out


def value_position(info: InfoState, worlds: int, nodes: int, seed: int) -> dict[str, Any]:
    """What ``stich analyse`` computes, from the seat's information state alone (runs in the
    analysis worker)."""
    from stich.analysis.explain import value_info

    valued = value_info(info, worlds=worlds, nodes=nodes, seed=seed)
    return {"values": [{"action": str(action), "value": round(value, 3)}
                       for action, value in valued.values],
            "worlds": valued.worlds, "distinct": valued.distinct, "exact": valued.exact,
            "horizon": valued.horizon, "searched": valued.nodes}


def analysis_pool() -> Executor:
    """One worker process of its own for the analyses (it dies with the server, as the bots'
    workers do: stich.web.thinking)."""
    from stich.play.workers import bot_pool

    return bot_pool(1)


class Analyses:
    """The analyses of finished matches: a worker, the answers kept per (table, step), and
    one computation for several asking the same step at once."""

    def __init__(self, pool: Executor | None = None) -> None:
        self.own = pool is None
        self.pool = pool or analysis_pool()
        if self.own:  # start the worker now, not at the first question
            self.pool.submit(int)
        self.answers: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self.pending: dict[tuple[str, int], asyncio.Future[dict[str, Any]]] = {}
        self.steps: OrderedDict[str, list[Position | None]] = OrderedDict()

    def close(self) -> None:
        if self.own:
            self.pool.shutdown(wait=False, cancel_futures=True)

    def kept(self, table_id: str, step: int) -> dict[str, Any] | None:
        """The answer already found for this step of a finished match, if any."""
        answer = self.answers.get((table_id, step))
        if answer is not None:
            self.answers.move_to_end((table_id, step))
        return answer

    async def answer(self, actor: TableActor, step: int) -> dict[str, Any]:
        if actor.status != "finished":
            raise LobbyError("moves are analysed once the match is over", 409, "not_over")
        key = (actor.id, step)
        if key in self.answers:
            self.answers.move_to_end(key)
            return self.answers[key]
        if key not in self.pending:
            self.pending[key] = asyncio.ensure_future(self._compute(actor, step))
            self.pending[key].add_done_callback(lambda _done: self.pending.pop(key, None))
        return await asyncio.shield(self.pending[key])

    async def _compute(self, actor: TableActor, step: int) -> dict[str, Any]:
        steps = self.steps.get(actor.id)
        if steps is None:
            steps = self.steps[actor.id] = await asyncio.to_thread(positions, actor)
            while len(self.steps) > 16:
                self.steps.popitem(last=False)
        if not 0 <= step < len(steps) or steps[step] is None:
            raise LobbyError(f"step {step} has no move to analyse (steps 0 to "
                             f"{len(steps) - 1}, where a seat is to act)", 404, "no_move",
                             {"step": step})
        deal, at, info, played = steps[step]  # type: ignore[misc]
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self.pool, value_position, info, WORLDS, NODES,
                                           SEED)
        answer = {"step": step, "deal": deal, "at": at, "seat": info.seat, "played": played,
                  "seed": SEED, "max_worlds": WORLDS, "nodes": NODES, **found,
                  "command": f"stich analyse RECORD --deal {deal + 1} --at {at} --worlds "
                             f"{WORLDS} --nodes {NODES} --seed {SEED}"}
        self.answers[(actor.id, step)] = answer
        while len(self.answers) > CACHED:
            self.answers.popitem(last=False)
        return answer


def replay_router(lobby: Callable[[], Lobby], analyses: Callable[[], Analyses]) -> APIRouter:
    """The replay's routes (module docstring)."""
    router = APIRouter()

    @router.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str) -> dict[str, Any]:
        actor = await lobby().get(table_id)
        if actor.status != "finished":
            raise LobbyError("a match can be replayed once it is over", 409, "not_over")
        return await asyncio.to_thread(replay_frames, actor)

    @router.get("/api/tables/{table_id}/analysis/{step}")
    async def analysis(table_id: str, step: int) -> dict[str, Any]:
        kept = analyses().kept(table_id, step)  # only finished matches are kept
        if kept is not None:
            return kept
        return await analyses().answer(await lobby().get(table_id), step)

    return router
