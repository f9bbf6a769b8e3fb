"""Where an arena's matches are played: here, in worker processes, or on a Ray cluster.

Each backend takes the plan and the indices of the matches still to play and yields
``(index, outcome, record)`` as matches finish, in whatever order they finish; the caller
saves and sums them by index, so the order never changes a result.
"""

from __future__ import annotations

import functools
import importlib
import multiprocessing
import os
import signal
from collections.abc import Callable, Generator, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from stich.arena.plan import ArenaPlan, play_indices
from stich.arena.report import MatchOutcome

Played = tuple[int, MatchOutcome, dict[str, Any]]
Playing = Generator[Played, None, None]
T = TypeVar("T")
BACKENDS = ("processes", "ray")


class BackendError(RuntimeError):
    """A backend that cannot run here (Ray not installed, no cluster at the address)."""


def all_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def batches(indices: list[int], workers: int) -> list[list[int]]:
    """Indices in runs small enough that every worker gets several (for an even finish) and
    large enough that handing them out costs little against playing them."""
    size = max(1, min(16, len(indices) // (workers * 8)))
    return [indices[start:start + size] for start in range(0, len(indices), size)]


def play(plan: ArenaPlan, indices: list[int], *, backend: str = "processes", jobs: int = 1,
         address: str | None = None) -> Playing:
    """The matches ``indices`` of ``plan``, played by ``backend`` with ``jobs`` workers; close
    it to stop early (its workers stop at once)."""
    if backend == "ray":
        return _on_ray(plan, indices, jobs, address)
    if backend != "processes":
        raise BackendError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if address is not None:
        raise BackendError("--address is for --backend ray")
    return in_processes(functools.partial(play_indices, plan), indices, jobs)


def in_processes(task: Callable[[list[int]], list[T]], indices: list[int],
                 jobs: int) -> Generator[T, None, None]:
    """``task`` over runs of ``indices`` in ``jobs`` worker processes (here when one), each
    result as its run is done; close it to stop the workers at once.

    Each worker has a pipe of its own and one run in hand at a time, so stopping them (Ctrl-C,
    a task's error, the consumer closing early) is killing them and nothing else: no lock is
    shared that a killed worker could leave held. (``multiprocessing.Pool.terminate`` can hang
    for minutes when a worker dies while it writes to the shared result queue,
    python/cpython#78178 and #96995; met here when a saved record failed to read back.) A
    worker that dies on its own is an error naming its exit code."""
    if jobs == 1 or len(indices) <= 1:
        for index in indices:
            yield from task([index])
        return
    # spawn, not fork: the parent may be running threads (a progress display)
    context = multiprocessing.get_context("spawn")
    runs = iter(batches(indices, jobs))
    workers: dict[Connection, BaseProcess] = {}
    finished = False
    try:
        for _ in range(min(jobs, len(indices))):
            here, there = context.Pipe()
            worker = context.Process(target=_serve, args=(task, there), daemon=True)
            worker.start()
            there.close()
            workers[here] = worker
        busy = [pipe for pipe in workers if _hand_on(pipe, runs)]
        while busy:
            for pipe in wait(busy):
                assert isinstance(pipe, Connection)
                yield from _answer(pipe, workers[pipe])
                if not _hand_on(pipe, runs):
                    busy.remove(pipe)
        finished = True  # every worker told to end
    finally:
        for pipe, process in workers.items():
            if not finished and process.is_alive():
                process.kill()
            process.join()
            pipe.close()


def _hand_on(pipe: Connection, runs: Iterator[list[int]]) -> bool:
    """Send the worker at ``pipe`` the next run; False (and the worker told to end) when none
    is left."""
    run = next(runs, None)
    pipe.send(run)
    return run is not None


def _answer(pipe: Connection, worker: BaseProcess) -> list[Any]:
    """The results of the run the worker at ``pipe`` was given; its error raised here."""
    try:
        failed, value = pipe.recv()
    except EOFError:
        worker.join()
        raise RuntimeError(f"an arena worker process ended without its results (exit code "
                           f"{worker.exitcode})") from None
    if failed:
        raise value
    assert isinstance(value, list)
    return value


def _serve(task: Callable[[list[int]], list[T]], pipe: Connection) -> None:
    """A worker: runs from ``pipe`` until told to end; Ctrl-C is left to the parent, which
    stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while (run := pipe.recv()) is not None:
        try:
            answer: tuple[bool, Any] = (False, task(run))
        except Exception as error:  # sent to the parent, which raises it
            answer = (True, error)
        pipe.send(answer)


def _on_ray(plan: ArenaPlan, indices: list[int], jobs: int,
            address: str | None) -> Playing:
    """On the Ray cluster at ``address``, or a local Ray instance with ``jobs`` CPUs when None.
    On a cluster this process's stich package is shipped to the workers (Ray's py_modules), so
    they play with the same code; the nodes need Python and Ray of the same versions."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise BackendError("--backend ray needs Ray: pip install 'stich[dist]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            if address is None:
                # "local": a new instance, never a cluster left running by `ray start`
                ray.init(address="local", num_cpus=jobs, include_dashboard=False,
                         logging_level="warning")
            else:
                ray.init(address=address, logging_level="warning",
                         runtime_env={"py_modules": [importlib.import_module("stich")]})
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise BackendError(f"no Ray cluster at {address or 'local'}: {error}") from None
    pending: list[Any] = []
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1)(play_indices)
        pending = [task.remote(plan, batch) for batch in batches(indices, workers)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
