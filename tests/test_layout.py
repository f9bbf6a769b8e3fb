"""The shape of the code (docs/architecture.md, "Layers"): which part may import which, as a
table; no import cycles; ruff and mypy --strict clean (both run here, so the README's test
command enforces them). Imports under ``TYPE_CHECKING`` count like any other: they are how a
reader finds his way."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

CORE = ("stich.core",)
FAMILIES = ("stich.schnapsen", "stich.contract", "stich.jass")
RULES = (*CORE, *FAMILIES, "stich.games", "stich.records", "stich")  # "stich": the face alone
SEARCH = ("stich.search",)  # search/encoders/ (a kernel encoder per family) is part of it
BOTS = ("stich.bots",)
PLAY = ("stich.play", "stich.analysis")
"""Driving bots at a table (``play/``) and analysis
(``analysis/``: solve and analyse)."""
SERVICES = ("stich.drawing", "stich.headers", "stich.ratings", "stich.tournament")
"""What several front ends use: the drawings (web, pads, ``stich record board``), the
security headers (web, pads), ratings, the tournament service (its command is a front end)."""
BELOW_FRONT_ENDS = (*RULES, *SEARCH, *BOTS, *PLAY, *SERVICES)
FRONT_ENDS = ("stich.terminal", "stich.tafel", "stich.web", "stich.arena", "stich.engine",
              "stich.adapters", "stich.tournament.cli")
"""People at a terminal, a phone or a browser; bot matches; outside engines; learning libraries
(``adapters/``: PettingZoo, OpenSpiel, Gymnasium); the tournament's command."""

LAYERS: dict[str, tuple[str, ...]] = {
    # the rules: the core names no game and imports only the standard library
    "stich.core": (),
    "stich.schnapsen": CORE,
    "stich.contract": (*CORE, "stich.schnapsen"),
    "stich.jass": CORE,
    "stich.games": (*CORE, *FAMILIES),  # the one map from names to rules classes
    "stich.records": (*CORE, "stich.games"),  # records of any game, read by their name
    "stich": (*CORE, "stich.games", "stich.records"),  # the public API's face: stich/__init__.py
    # search and bots
    "stich.search": (*CORE, *FAMILIES),  # never bots
    "stich.bots": (*CORE, *FAMILIES, "stich.games", *SEARCH),
    **dict.fromkeys(PLAY, (*RULES, *SEARCH, *BOTS, *PLAY)),
    # services below the front ends
    **dict.fromkeys(SERVICES, (*RULES, *SEARCH, *BOTS, *PLAY, "stich.drawing")),
    # front ends: anything below, not each other, except web mounting the pads
    **dict.fromkeys(FRONT_ENDS, BELOW_FRONT_ENDS),
    "stich.web": (*BELOW_FRONT_ENDS, "stich.tafel"),
    # the command starts every front end
    "stich.cli": (*BELOW_FRONT_ENDS, *FRONT_ENDS),
    "stich.__main__": ("stich.cli",),
}
"""Each part (a module or package, the longest name that fits) and the parts it may import
besides itself, the standard library and, outside the rules, third-party packages."""

EXCEPTIONS: dict[tuple[str, str], str] = {}
"""Imports that break the table today, each with what removes it."""

CYCLE_EXCEPTIONS: dict[tuple[str, str], str] = {}
"""Imports left out of the cycle check today (besides EXCEPTIONS), each with what removes it."""


def _modules() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        name = ".".join(path.relative_to(SRC).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _imports(path: Path, modules: frozenset[str] = frozenset()) -> set[str]:
    """Modules imported anywhere in a file (functions and ``TYPE_CHECKING`` included).
    ``from package import module`` imports that module (not the package's other names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in modules else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _part(module: str) -> str:
    """The part of the table a module belongs to: the longest name in LAYERS that is its own or
    a package's above it (``stich`` holds only the package's face)."""
    parts = module.split(".")
    for end in range(len(parts), 1, -1):
        name = ".".join(parts[:end])
        if name in LAYERS:
            return name
    if module == "stich":
        return module
    raise KeyError(module)


def _inside(module: str, part: str) -> bool:
    """Whether a module is the part or in it (``stich``, the face, holds only itself)."""
    return module == part or (part != "stich" and module.startswith(part + "."))


def _excepted(name: str, module: str, exceptions: dict[tuple[str, str], str]) -> bool:
    return any(name == source and _inside(module, target) for source, target in exceptions)


def test_every_module_has_a_place_in_the_table() -> None:
    missing = []
    for name in _modules():
        try:
            _part(name)
        except KeyError:
            missing.append(name)
    assert not missing, f"modules in no part of LAYERS: {missing}"


def test_imports_follow_the_table() -> None:
    modules = _modules()
    known = frozenset(modules)
    wrong = []
    for name, path in sorted(modules.items()):
        part = _part(name)
        rules = part in RULES
        for module in sorted(_imports(path, known)):
            top = module.split(".")[0]
            if top != "stich":
                if rules and top not in sys.stdlib_module_names:
                    wrong.append(f"{name} imports {module} (the rules use the standard library)")
                continue
            target = _part(module)
            if target == part or _excepted(name, module, EXCEPTIONS):
                continue
            if not any(_inside(target, allowed) or _inside(module, allowed)
                       for allowed in LAYERS[part]):
                wrong.append(f"{name} ({part}) imports {module} ({target})")
    assert not wrong, "imports against LAYERS:\n" + "\n".join(wrong)


def test_exceptions_are_still_needed() -> None:
    modules = _modules()
    known = frozenset(modules)
    for (name, module), why in {**EXCEPTIONS, **CYCLE_EXCEPTIONS}.items():
        found = _imports(modules[name], known) if name in modules else set()
        assert any(_inside(m, module) for m in found), (
            f"{name} no longer imports {module}: drop the exception ({why})")


def test_no_import_cycles() -> None:
    modules = _modules()
    known = frozenset(modules)
    graph = {name: {m for m in _imports(path, known)
                    if m in modules and m != name
                    and not _excepted(name, m, {**EXCEPTIONS, **CYCLE_EXCEPTIONS})}
             for name, path in modules.items()}
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> None:
        if state.get(name) == 2:
            return
        if state.get(name) == 1:
            cycle = [*trail[trail.index(name):], name]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        state[name] = 1
        for target in sorted(graph[name]):
            visit(target, [*trail, name])
        state[name] = 2

    for name in sorted(graph):
        visit(name, [])


def test_ruff_clean() -> None:
    root = SRC.parent
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "src", "tests", "bench"],
                          cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_clean() -> None:
    root = SRC.parent
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "src/stich"],
                          cwd=root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr
