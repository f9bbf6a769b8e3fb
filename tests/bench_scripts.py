"""A script of ``bench/`` loaded as a module, for the tests of the benchmarks."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def bench_script(name: str) -> ModuleType:
    """``bench/NAME.py`` as a module (the folder is no package)."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
