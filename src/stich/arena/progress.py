"""A progress bar for an arena run on stderr, with the running win rates of side A."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from stich.arena.report import ArenaReport


class ProgressBar:
    """Use as ``on_progress`` inside a ``with`` block."""

    def __init__(self, title: str) -> None:
        self._progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TimeRemainingColumn(),
            TextColumn("{task.fields[rates]}"),
            console=Console(stderr=True), transient=False)
        self._task = self._progress.add_task(title, total=None, rates="")

    def __enter__(self) -> ProgressBar:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._progress.stop()

    def __call__(self, running: ArenaReport, total: int) -> None:
        self._progress.update(self._task, total=total, completed=running.matches,
                              rates=running.running())
