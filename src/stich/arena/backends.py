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
from collections.abc import Callable, Generator
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


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_processes(task: Callable[[list[int]], list[T]], indices: list[int],
                 jobs: int) -> Generator[T, None, None]:
    """``task`` over runs of ``indices`` in ``jobs`` worker processes (here when one), each
    result as its run is done; close it to stop the workers at once."""
    if jobs == 1 or len(indices) <= 1:
        for index in indices:
            yield from task([index])
        return
    jobs = min(jobs, len(indices))
    # spawn, not fork: the parent may be running threads (a progress display)
    pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_interrupts)
    try:
        for done in pool.imap_unordered(task, batches(indices, jobs)):
            yield from done
    except BaseException:  # interrupted, or the consumer stopped early: stop the workers now
        pool.terminate()
        raise
    finally:
        pool.close()
        pool.join()


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
