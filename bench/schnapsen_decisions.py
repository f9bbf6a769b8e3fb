"""The expert's decisions in Schnapsen matches against another bot, tested in the true deals:
where the deals are won and lost by who closed (S-7), whether the close check
(``ExpertBot._check_close``) decides right, how it defends a closed deal, and what playing the
open-stock phase blind would change.

    python bench/schnapsen_decisions.py outcomes DIR
    python bench/schnapsen_decisions.py check DIR [--positions N] [--reps R] [--near X]
    python bench/schnapsen_decisions.py defend DIR [--positions N] [--reps R]
    python bench/schnapsen_decisions.py open DIR [--positions N] [--reps R] [--near X]
    python bench/schnapsen_decisions.py infer DIR [--positions N] [--worlds W] [--viewer BOT]
        [--no-solver]

DIR is the results folder of ``stich arena schnapsen expert OTHER --nodes N --out DIR``.

``outcomes`` sorts every deal by who closed and how it ended, with the game points each side
took. ``check`` replays the deals and stops at the expert's decisions where closing was legal
and it did not close: *rejected* where its solver values preferred the close and the check
turned it down, *near* where the close was within ``--near`` (Bummerl chance) of the best
action. From the true deal (every card where it really was) it plays on ``--reps`` times after
the close and after the action taken, with the expert (the run's budget) against the other bot,
and prints the mean game points and Bummerl chance of both, with the paired difference and its
standard error: a positive difference means closing would have done better there.
``defend`` starts from the position after each close by the other bot and plays on with the
expert defending, and with the other bot defending in its place (the closer is the other bot
both times), to compare the two defences.
``open`` stops at the expert's decisions while the stock is open (S-4) where its two best
actions by the solver's values are within ``--near``; compares them by playing each out blind
in the first worlds, as the close check does (``ExpertBot.blind``); and where the blind
comparison picks the second, plays both on in the true deal as ``check`` does (``--positions``
counts those). Its CPU time per comparison is printed: the cost of doing it in the bot.
``infer`` asks how much the other bot's choices say about its hand: at the expert's decisions
while the stock is open (after the other bot's first modelled choice), it draws ``--worlds``
worlds from the expert's information state and scores each, and the true deal, by the
likelihood of the other bot's card-play choices so far under three models: the ``rules`` bot
(the expert's inference, ``stich.bots.expert.inference``, at its prior rates), the learnt
model of a searching opponent (``stich.bots.expert.policy``), and the solver with every card
of the world open (a choice agrees where the solver values it as highly as any legal action:
``p / b`` for one of ``b`` such actions, ``(1 - p) / (n - b)`` for another of ``n``, ``p`` =
:data:`SOLVER_AGREES`; ``inference.solver_choices``; ``--no-solver`` leaves it out, it costs
most). ``--viewer BOT`` reads the decisions of another bot than the expert (the first seat it
holds, as in a run of ``pimc`` against itself). It prints where the true
deal ranks among the worlds (0.5: the model tells it from them no better than chance, 1:
always first) and the share of decisions where it ranks in the top tenth.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stich.bots import make_bot
from stich.bots.expert import ExpertBot, policy
from stich.bots.expert.inference import Agreement, choices, solver_choices
from stich.bots.match_value import deal_value
from stich.core.actions import Action
from stich.core.game import Game
from stich.core.knowledge import InfoState
from stich.core.records import DealRecord
from stich.schnapsen.game import Schnapsen
from stich.schnapsen.match import SchnapsenMatch
from stich.search import outcome

Weighed = tuple[list[tuple[Game, float, list[int]]], list[float]]


def matches(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(path.read_text()) for path in sorted((folder / "matches").glob("*.json"))]


def outcomes(folder: Path) -> None:
    table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for match in matches(folder):
        for deal in match["deals"]:
            seat = deal["seats"].index("expert")
            closer = next((s for s, text in deal["actions"] if text == "close"), None)
            who = "nobody" if closer is None else deal["seats"][closer]
            points = deal["result"]["game_points"]
            row = table[(who, deal["result"]["reason"])]
            row[0] += 1
            row[1] += points[seat]
            row[2] += points[1 - seat]
    deals = sum(row[0] for row in table.values())
    print(f"{'closed by':10} {'how it ended':24} {'deals':>6} {'expert':>7} {'other':>7} "
          f"{'net/deal':>9}")
    for (who, reason), (count, mine, theirs) in sorted(table.items()):
        print(f"{who:10} {reason:24} {count:6d} {mine:7d} {theirs:7d} "
              f"{(mine - theirs) / count:+9.2f}")
    for who in sorted({who for who, _ in table} - {"nobody"}):
        rows = [row for (closer, _), row in table.items() if closer == who]
        count = sum(row[0] for row in rows)
        net = sum(row[1] - row[2] for row in rows) * (1 if who == "expert" else -1)
        print(f"{who} closed in {count}/{deals} deals ({count / deals:.0%}), "
              f"{net / count:+.2f} game points a deal for the closer")


def remaining_before(match: dict[str, Any], index: int) -> dict[str, Any]:
    """The match state before deal ``index``, by replaying the deals before it."""
    head = dict(match, deals=match["deals"][:index], match=None)
    return SchnapsenMatch.from_record(head).state()


def play_on(start: Game, action: Action | None, seat: int, other: str, nodes: int, seed: int,
            state: dict[str, Any], mine: str = "expert") -> int:
    """From ``start`` (after ``action``), ``mine`` at ``seat`` against ``other`` to the end:
    the value for ``seat``."""
    game = start.clone()
    if action is not None:
        game.apply(action)
    bots = {seat: make_bot("schnapsen", mine, seed, nodes=nodes),
            1 - seat: make_bot("schnapsen", other, seed + 1, nodes=nodes)}
    for where, bot in bots.items():
        bot.new_deal(where)
        bot.see_match(state)
    while not game.is_terminal():
        to_act = game.current_player()
        game.apply(bots[to_act].choose(game.information_state(to_act)))
    return outcome(game, seat)


def settings(folder: Path) -> tuple[int, str]:
    """The run's node budget and the expert's opponent."""
    plan = json.loads((folder / "arena.json").read_text())
    return (int(plan.get("nodes") or 1_000_000),
            plan["b"] if plan["a"] == "expert" else plan["a"])


@dataclass
class Decision:
    """One of the expert's decisions in a saved deal: the deal just before it."""

    index: int  # the deal's number in its match
    at: int  # the action's number in the deal
    seat: int
    state: dict[str, Any]  # the match state before the deal
    game: Game
    taken: Action

    @property
    def remaining(self) -> list[int]:
        return list(self.state["remaining"])

    def seed(self, rep: int) -> int:
        return 1000 * self.at + 17 * rep + self.index

    def chance(self, value: int) -> float:
        """A deal's value for the seat as its chance of winning the Bummerl."""
        return deal_value(value, self.remaining[self.seat], self.remaining[1 - self.seat])


def decisions(folder: Path, viewer: str = "expert") -> Iterator[Decision]:
    """Every decision of the expert (or the first seat of the bot ``viewer``) in the saved
    matches, in order; the deal goes on with the action taken once the consumer asks for the
    next one."""
    for match in matches(folder):
        for index, deal in enumerate(match["deals"]):
            seat = deal["seats"].index(viewer)
            state = remaining_before(match, index)
            game = Schnapsen.from_record(DealRecord.from_dict(deal))
            for at, (actor, text) in enumerate(deal["actions"]):
                taken = Action.parse(text)
                if actor == seat:
                    yield Decision(index, at, seat, state, game, taken)
                game.apply(taken)


def weighed(decision: Decision, nodes: int) -> tuple[ExpertBot, InfoState, Weighed, float]:
    """A fresh expert's search at the decision: the bot, the seat's information state, the
    worlds searched with each action's total, and the worlds' total weight."""
    bot = ExpertBot(seed=7, nodes=nodes)
    bot.new_deal(decision.seat)
    bot.see_match(decision.state)
    info = decision.game.information_state(decision.seat)
    searched, totals, _ = bot.weigh(info, bot.worlds(info, 7))
    return bot, info, (searched, totals), sum(weight for _, weight, _ in searched)


def check(folder: Path, positions: int, reps: int, near: float) -> None:
    nodes, other = settings(folder)
    found: dict[str, list[tuple[float, ...]]] = defaultdict(list)
    for decision in decisions(folder):
        if sum(len(rows) for rows in found.values()) >= positions * reps:
            break
        game = decision.game
        legal = game.legal_actions()
        close = next((i for i, a in enumerate(legal) if a.verb == "close"), None)
        if close is None or decision.taken.verb == "close":
            continue
        kind = classify(decision, nodes, close, near)
        if kind is None:
            continue
        pairs = []
        for rep in range(reps):
            values = [play_on(game, action, decision.seat, other, nodes, decision.seed(rep),
                              decision.state) for action in (legal[close], decision.taken)]
            pairs.append(tuple(decision.chance(v) for v in values) + tuple(values))
        found[kind].extend(pairs)
        print(f"{kind:8} stock {game.stock_size:2d} taken {decision.taken!s:12} "
              f"close {statistics.mean(p[2] for p in pairs):+.2f} "
              f"taken {statistics.mean(p[3] for p in pairs):+.2f} game points", flush=True)
    for kind, pairs in sorted(found.items()):
        chance = [p[0] - p[1] for p in pairs]
        points = [p[2] - p[3] for p in pairs]
        error = statistics.stdev(chance) / len(chance) ** 0.5 if len(chance) > 1 else 0.0
        print(f"{kind}: {len(pairs) // reps} positions x {reps}: closing minus the action "
              f"taken {statistics.mean(points):+.2f} game points, "
              f"{statistics.mean(chance):+.3f} Bummerl chance (standard error {error:.3f})")


def defend(folder: Path, positions: int, reps: int) -> None:
    nodes, other = settings(folder)
    pairs: list[tuple[int, int]] = []
    for match in matches(folder):
        for index, deal in enumerate(match["deals"]):
            seat = deal["seats"].index("expert")
            closed = next((at for at, (actor, text) in enumerate(deal["actions"])
                           if text == "close" and actor != seat), None)
            if closed is None or len(pairs) >= positions * reps:
                continue
            state = remaining_before(match, index)
            game = Schnapsen.from_record(DealRecord.from_dict(deal))
            for _, text in deal["actions"][:closed + 1]:
                game.apply(Action.parse(text))
            for rep in range(reps):
                seed = 1000 * index + 17 * rep
                pairs.append((play_on(game, None, seat, other, nodes, seed, state),
                              play_on(game, None, seat, other, nodes, seed, state, other)))
    if pairs:
        difference = [mine - theirs for mine, theirs in pairs]
        error = statistics.stdev(difference) / len(pairs) ** 0.5 if len(pairs) > 1 else 0.0
        print(f"{len(pairs) // reps} closes by {other} x {reps}: the expert defending "
              f"{statistics.mean(p[0] for p in pairs):+.3f} game points, {other} defending "
              f"{statistics.mean(p[1] for p in pairs):+.3f}, expert minus {other} "
              f"{statistics.mean(difference):+.3f} (standard error {error:.3f}), "
              f"{sum(d != 0 for d in difference)} play-outs ended differently")


def open_stock(folder: Path, positions: int, reps: int, near: float) -> None:
    nodes, other = settings(folder)
    pairs: list[tuple[float, int]] = []
    seen = compared = 0
    cpu = 0.0
    for decision in decisions(folder):
        if len(pairs) >= positions * reps:
            break
        game, seat = decision.game, decision.seat
        legal = game.legal_actions()
        if len(legal) < 2 or not game.stock_open:
            continue
        seen += 1
        bot, info, (searched, totals), weight = weighed(decision, nodes)
        best, second = sorted(range(len(legal)), key=lambda i: (-totals[i], i))[:2]
        if ({legal[best].verb, legal[second].verb} & {"close", "claim"}
                or totals[best] - totals[second] > near * weight):
            continue
        compared += 1
        utility = bot._utility(info)
        started = time.process_time()
        blind, _, _ = bot.blind((legal[best], legal[second]), searched, utility, seat, 7)
        cpu += time.process_time() - started
        if blind[1] <= blind[0]:
            continue
        rows = []
        for rep in range(reps):
            values = [play_on(game, legal[i], seat, other, nodes, decision.seed(rep),
                              decision.state) for i in (second, best)]
            rows.append((decision.chance(values[0]) - decision.chance(values[1]),
                         values[0] - values[1]))
        pairs.extend(rows)
        print(f"stock {game.stock_size:2d} solver {legal[best]!s:11} blind "
              f"{legal[second]!s:11} second by {(totals[best] - totals[second]) / weight:.3f}: "
              f"blind minus solver {statistics.mean(r[1] for r in rows):+.2f} game points",
              flush=True)
    print(f"{seen} decisions with the stock open, {compared} with the two best within {near}, "
          f"{cpu / max(1, compared):.2f} s CPU a blind comparison, "
          f"{len(pairs) // reps} where it picks the second")
    if len(pairs) > 1:
        chance = [p[0] for p in pairs]
        print(f"the blind choice minus the solver's: {statistics.mean(p[1] for p in pairs):+.3f} "
              f"game points, {statistics.mean(chance):+.4f} Bummerl chance (standard error "
              f"{statistics.stdev(chance) / len(chance) ** 0.5:.4f})")


def classify(decision: Decision, nodes: int, close: int, near: float) -> str | None:
    """``rejected`` where the expert's solver values prefer the close, ``near`` where the
    close is within ``near`` of the best action (Bummerl chance, averaged over the worlds),
    else None."""
    _, _, (_, totals), weight = weighed(decision, nodes)
    best = max(range(len(totals)), key=lambda i: (totals[i], -i))
    if best == close:
        return "rejected"
    return "near" if totals[best] - totals[close] <= near * weight else None


SOLVER_AGREES = {"card": 0.6, "other": 0.6}
"""How often the solver model says the other bot takes one of the solver's best actions."""


def infer(folder: Path, positions: int, worlds: int, viewer: str = "expert",
          solver: bool = True) -> None:
    ranks: dict[str, list[float]] = defaultdict(list)
    cost: list[int] = []
    started = time.process_time()
    for decision in decisions(folder, viewer):
        if len(ranks["rules"]) >= positions:
            break
        game, other = decision.game, 1 - decision.seat
        if (game.stock_size == 0 or len(game.legal_actions()) < 2  # type: ignore[attr-defined]
                or not any(actor == other for actor, _ in game.history)):
            continue
        info = game.information_state(decision.seat)
        drawn = [info.sample_world(random.Random(decision.seed(k))) for k in range(worlds)]
        models = ExpertBot(seed=7)._models(info)
        rates = Agreement().rates()
        scored = {"rules": [math.log(Agreement.weight(choices(world, models), rates))
                            for world in [game, *drawn]],
                  "policy": [policy.log_likelihood(world, (other,)) for world in [game, *drawn]]}
        if solver:
            solved = [solver_choices(world, (other,)) for world in [game, *drawn]]
            cost.append(sum(nodes for _, nodes in solved[1:]))
            scored["solver"] = [math.log(Agreement.weight(seen, SOLVER_AGREES))
                                for seen, _ in solved]
        for name, (true, *scores) in scored.items():
            below = sum(s < true for s in scores) + 0.5 * sum(s == true for s in scores)
            ranks[name].append(below / worlds)
    for name, rank in ranks.items():
        top = sum(r >= 0.9 for r in rank) / len(rank)
        print(f"{name} model: the true deal ranks at {statistics.mean(rank):.3f} among "
              f"{worlds} worlds (0.5: chance), in the top tenth at {top:.0%} of "
              f"{len(rank)} decisions")
    if solver:
        print(f"the solver model searched {statistics.mean(cost) / worlds:,.0f} nodes a world "
              f"(median decision {statistics.median(cost) / worlds:,.0f}, the costliest "
              f"{max(cost) / worlds:,.0f})")
    print(f"{time.process_time() - started:.0f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("outcomes", "check", "defend", "open", "infer"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reps", type=int, default=4)
    parser.add_argument("--near", type=float, default=0.1)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--viewer", default="expert",
                        help="infer: whose decisions (the first seat of this bot)")
    parser.add_argument("--no-solver", action="store_true",
                        help="infer: leave the costly solver model out")
    args = parser.parse_args()
    if args.what == "outcomes":
        outcomes(args.folder)
    elif args.what == "defend":
        defend(args.folder, args.positions, args.reps)
    elif args.what == "infer":
        infer(args.folder, args.positions, args.worlds, args.viewer, not args.no_solver)
    elif args.what == "open":
        open_stock(args.folder, args.positions, args.reps, args.near)
    else:
        check(args.folder, args.positions, args.reps, args.near)


if __name__ == "__main__":
    main()
