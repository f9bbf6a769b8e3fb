"""The arena's worker processes (``backends.in_processes``): every result comes back, a task's
error is raised in the parent with the workers stopped, and a worker that dies is an error, not
a wait without end."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from stich.arena.backends import in_processes


def squares(run: list[int]) -> list[int]:
    return [index * index for index in run]


def fails_on_seven(run: list[int]) -> list[int]:
    if 7 in run:
        raise ValueError("match 7 does not read back")
    time.sleep(0.05)  # the other worker is busy (sending its results) as match 7 fails
    return run


def dies_on_five(run: list[int]) -> list[int]:
    if 5 in run:
        os._exit(3)  # as a worker killed by the system would
    return run


def within(seconds: float, call: Callable[[], Any]) -> Any:
    """``call()``, failing the test (not hanging it) if it takes longer than ``seconds``."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, call()))
        except BaseException as error:
            outcome.append((False, error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"no answer within {seconds} s"
    done, value = outcome[0]
    if not done:
        raise value
    return value


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_every_result_comes_back(jobs: int) -> None:
    assert sorted(in_processes(squares, list(range(40)), jobs)) == [i * i for i in range(40)]
    assert multiprocessing.active_children() == []


def test_a_tasks_error_is_raised_and_the_workers_stopped() -> None:
    for _ in range(5):  # the hang this replaces came about one time in seven
        with pytest.raises(ValueError, match="match 7 does not read back"):
            within(60, lambda: list(in_processes(fails_on_seven, list(range(40)), 2)))
        assert multiprocessing.active_children() == []


def test_a_worker_that_dies_is_an_error_naming_its_exit_code() -> None:
    with pytest.raises(RuntimeError, match=r"ended without its results \(exit code 3\)"):
        within(60, lambda: list(in_processes(dies_on_five, list(range(40)), 2)))
    assert multiprocessing.active_children() == []


def test_closing_early_stops_the_workers_at_once() -> None:
    results = in_processes(squares, list(range(400)), 2)
    assert next(results) is not None
    results.close()
    assert multiprocessing.active_children() == []
