"""The one table driver (stich.play.driver): the rule for a refused move, bots thinking in a
worker choosing as they would in place, a quick bot choosing in place, and a bot seated mid-deal
catching up."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

import pytest

from stich.bots import make_bot
from stich.bots.base import Bot
from stich.bots.random_bot import RandomBot
from stich.core.actions import PLAY, Action
from stich.core.game import TERMINAL, Illegal, IllegalActionError, Observation
from stich.core.table import Table
from stich.games import game_class, match_class
from stich.play.driver import Driver, play_match, run_table
from stich.play.workers import bot_pool


class Stubborn(Bot):
    """Plays the first card of its hand whether the rules allow it or not."""

    NAME = "stubborn"

    def act(self, observation: Observation) -> Action:
        illegal = [a for a in _every_play(observation) if a not in observation.legal_actions]
        return illegal[0] if illegal else observation.legal_actions[0]


class Person(RandomBot):
    """A person who mistyped: asked again once, then plays at random."""

    NAME = "person"
    PERSON = True

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.refusals: list[Illegal] = []

    def retry(self, action: Action, why: Illegal) -> bool:
        self.refusals.append(why)
        return True


def _every_play(observation: Observation) -> list[Action]:
    return [PLAY[card] for card in sorted(observation.hand)]


def _schnapsen_at_trick_play(seed: int) -> Table:
    """A closed Schnapsen deal after the lead: the other must follow suit (S-6)."""
    game = game_class("schnapsen").deal(seed)  # type: ignore[attr-defined]
    game.apply("close")
    game.apply(next(a for a in game.legal_actions() if a.verb == "play"))
    return Table(game=game, streams=False)


def test_a_bots_illegal_move_forfeits_the_deal() -> None:
    for seed in range(40):
        table = _schnapsen_at_trick_play(seed)
        seat = table.to_act
        driver = Driver(table, [Stubborn(), Stubborn()])
        shown = table.game.observation(seat)
        if all(a in shown.legal_actions for a in _every_play(shown)):
            continue  # every card is allowed here: try another deal
        taken = driver.take(seat, driver.ask(seat))
        assert taken.refused is not None and not taken.again
        assert taken.refused.rule.startswith("S-")  # the rule broken, as the rules cite it
        result = table.game.result()  # S-12: the deal ends, the other side wins it
        assert result is not None and table.game.is_terminal()
        assert result.winner == (1 - seat,) and result.reason == "revoke"
        return
    pytest.fail("no deal of 40 had a card the closer's opponent may not play after the lead")


def test_unreadable_notation_forfeits_with_the_notation_rule() -> None:
    table = Table(game=game_class("schnapsen").deal(3), streams=False)  # type: ignore[attr-defined]
    driver = Driver(table, [RandomBot(1), RandomBot(2)])
    taken = driver.take(table.to_act, "? the bot crashed")
    assert taken.refused is not None and taken.refused.rule == "notation"
    assert table.game.is_terminal()


def test_a_person_is_asked_again_and_nothing_happens() -> None:
    table = Table(game=game_class("schnapsen").deal(3), streams=False)  # type: ignore[attr-defined]
    person = Person(1)
    seat = table.to_act
    players: list[Bot] = [RandomBot(2), RandomBot(2)]
    players[seat] = person
    driver = Driver(table, players)
    taken = driver.take(seat, "play ZZ")
    assert taken.again and taken.messages == [] and not table.game.history
    assert person.refusals and person.refusals[0].rule == "notation"


def test_a_game_without_a_forfeit_rule_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(game=game_class("schnapsen").deal(3), streams=False)  # type: ignore[attr-defined]

    def no_rule(seat: int, why: Illegal) -> None:
        raise NotImplementedError

    monkeypatch.setattr(table.game, "forfeit", no_rule)
    driver = Driver(table, [RandomBot(1), RandomBot(2)])
    with pytest.raises(IllegalActionError):
        driver.take(table.to_act, "play ZZ")


def _record(game: str, levels: list[str], seed: int) -> str:
    match = match_class(game)(levels, seed=seed)
    play_match(match, _bots(game, levels, seed))
    record = match.to_record()
    record.pop("salt", None)
    record.pop("seed_commitment", None)
    return json.dumps(record, sort_keys=True)


def _bots(game: str, levels: list[str], seed: int) -> list[Bot]:
    return [make_bot(game, level, seed + seat, nodes=40) for seat, level in enumerate(levels)]


async def _drive_with_workers(game: str, levels: list[str], seed: int, pool: Executor) -> str:
    match = match_class(game)(levels, seed=seed)
    table = Table(match, streams=False)
    driver = Driver(table, _bots(game, levels, seed), pool=pool)
    while (seat := table.to_act) != TERMINAL:
        driver.take(seat, await driver.think(seat))
    record = match.to_record()
    record.pop("salt", None)
    record.pop("seed_commitment", None)
    return json.dumps(record, sort_keys=True)


@pytest.fixture(scope="module")
def pool() -> Iterator[Executor]:
    workers = bot_pool(1)
    yield workers
    workers.shutdown(cancel_futures=True)


@pytest.mark.parametrize(("game", "levels"), [
    ("schnapsen", ["pimc", "rules"]),
    ("bauernschnapsen", ["rules", "pimc", "random", "rules"]),
])
def test_bots_in_a_worker_choose_as_they_do_in_place(pool: Executor, game: str,
                                                     levels: list[str]) -> None:
    """The searching bot draws from its random state at every turn: it must come back from
    the worker with it, or its second choice would differ."""
    in_place = _record(game, levels, 11)
    # a loop of its own in a thread of its own: a browser test's loop may run in this one
    with ThreadPoolExecutor(1) as thread:
        elsewhere = thread.submit(asyncio.run, _drive_with_workers(game, levels, 11, pool)
                                  ).result()
    assert elsewhere == in_place


def test_a_bot_seated_mid_deal_plays_as_one_seated_from_the_start() -> None:
    game = game_class("jass").deal(5)  # type: ignore[attr-defined]
    from_start = Table(game=game.clone(), streams=False)
    moves: list[str] = []
    run_table(from_start, [RandomBot(seat) for seat in range(4)],
              lambda seat, action, _game: moves.append(f"{seat} {action}"))
    late = Table(game=game.clone(), streams=False)
    for entry in moves[:9]:  # the first nine moves, played from outside
        seat, action = entry.split(" ", 1)
        late.submit(int(seat), action)
    driver = Driver(late, [RandomBot(seat) for seat in range(4)])
    rest = []
    while (seat := late.to_act) != TERMINAL:
        taken = driver.take(seat, driver.ask(seat))
        rest.append(f"{seat} {taken.action}")
    assert rest == moves[9:]


class NoTrips(Executor):
    """A pool that must not be used."""

    def submit(self, *args: object, **kwargs: object) -> Any:
        raise AssertionError("a quick bot was sent to a worker")


def test_a_quick_bot_chooses_in_place_even_with_a_pool() -> None:
    """``Bot.QUICK`` (random): its choice costs less than the trip to a worker; a searching
    bot still goes (stich.play.driver, docs/web.md)."""
    assert RandomBot.QUICK and not make_bot("schnapsen", "rules", 1).QUICK

    async def drive() -> str:
        table = Table(match_class("schnapsen")(["a", "b"], seed=4), streams=False)
        driver = Driver(table, [RandomBot(1), RandomBot(2)], pool=NoTrips())
        while (seat := table.to_act) != TERMINAL:
            driver.take(seat, await driver.think(seat))
        assert table.match is not None
        return json.dumps(table.match.to_record()["deals"], sort_keys=True)

    in_place = Table(match_class("schnapsen")(["a", "b"], seed=4), streams=False)
    run_table(in_place, [RandomBot(1), RandomBot(2)])
    assert in_place.match is not None
    with ThreadPoolExecutor(1) as thread:  # a loop of its own, as above
        driven = thread.submit(asyncio.run, drive()).result()
    assert driven == json.dumps(in_place.match.to_record()["deals"], sort_keys=True)
