"""Building the kernel: without a compiler the package installs and runs on the Python path
with the same results; with AddressSanitizer and UBSan the kernel's tests run clean (slow)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, random
from stich import search
from stich.games import game_class
from tests.search.helpers import card_play, new_deal
out = {"backend": search.backend(), "values": []}
for seed in range(6):
    game = card_play(new_deal("schnapsen", seed, "soft"), random.Random(seed), 10)
    if not game.is_terminal():
        a = search.analyze(game)
        out["values"].append([[str(x), v] for x, v in a.values] + [a.nodes])
print(json.dumps(out))
"""


def _install(tmp_path: Path, env: dict[str, str]) -> Path:
    """pip-install a copy of the tracked sources into a target folder (no dependencies)."""
    source = tmp_path / "source"
    files = subprocess.run(["git", "ls-files", "src", "setup.py", "pyproject.toml", "README.md"],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    target = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                           "--target", str(target), str(source)],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0 and "Could not" in done.stderr + done.stdout:
        pytest.skip(f"pip could not fetch the build backend: {done.stderr.strip()[-200:]}")
    assert done.returncode == 0, done.stderr
    return target


def _run(target: Path, code: list[str], env: dict[str, str]) -> str:
    env = {**env, "PYTHONPATH": f"{target}{os.pathsep}{ROOT}"}
    env.pop("STICH_SEARCH", None)
    done = subprocess.run([sys.executable, *code], env=env, cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.slow
def test_install_without_compiler(tmp_path: Path) -> None:
    """CC=false: the build warns, installs, and the Python path gives the native values."""
    env = {**os.environ, "CC": "false"}
    target = _install(tmp_path, env)
    assert not list((target / "stich" / "search").glob("_kernel*.so"))
    probe = json.loads(_run(target, ["-c", PROBE], env))
    assert probe["backend"] == "python"
    assert _run(target, ["-m", "stich", "--version"], env).strip().endswith("(search: python)")
    pytest.importorskip("stich.search._kernel", reason="no native kernel here to compare with")
    here = json.loads(subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    assert here["backend"] == "native"
    assert probe["values"] == here["values"] and probe["values"]


@pytest.mark.slow
def test_kernel_under_sanitizers(tmp_path: Path) -> None:
    """-fsanitize=address,undefined: the kernel's tests (differential, solver, corpus, ismcts) run
    without a sanitizer report (any report aborts the process)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    libasan = subprocess.run([compiler, "-print-file-name=libasan.so"], capture_output=True,
                             text=True).stdout.strip()
    if not os.path.isabs(libasan):
        pytest.skip("the compiler has no AddressSanitizer runtime")
    flags = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g"
    env = {**os.environ, "CFLAGS": flags, "LDFLAGS": "-fsanitize=address,undefined"}
    target = _install(tmp_path, env)
    (built,) = (target / "stich" / "search").glob("_kernel*.so")
    assert b"__asan_report" in built.read_bytes() and b"__ubsan_handle" in built.read_bytes()
    run_env = {**os.environ, "LD_PRELOAD": libasan, "ASAN_OPTIONS": "detect_leaks=0",
               "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1"}
    out = _run(target, ["-c", "import stich.search._kernel as k; print(k.__file__)"], run_env)
    assert str(target) in out
    _run(target, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/search/test_kernel.py",
                  "tests/search/test_solver.py", "tests/search/test_conformance.py",
                  "tests/search/test_ismcts.py"], run_env)
