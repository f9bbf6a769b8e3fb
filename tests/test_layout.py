"""The shape of the code (issue 8, item 9): no import cycles, a standard-library rules core,
ruff and mypy --strict clean (both run here, so the README's test command enforces them)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
RULES_CORE = ("stich.core", "stich.schnapsen", "stich.contract", "stich.jass")


def _modules() -> dict[str, Path]:
    out = {}
    for path in SRC.rglob("*.py"):
        name = ".".join(path.relative_to(SRC).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _imports(path: Path, modules: frozenset[str] = frozenset()) -> set[str]:
    """Modules imported anywhere in a file (functions included), except under TYPE_CHECKING.
    ``from package import module`` imports that module (not the package's other names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {id(sub) for node in ast.walk(tree)
               if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
               for sub in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in modules else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_import_cycles() -> None:
    modules = _modules()
    known = frozenset(modules)
    graph = {name: {m for m in _imports(path, known) if m in modules and m != name}
             for name, path in modules.items()}
    order: list[str] = []
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
        order.append(name)

    for name in sorted(graph):
        visit(name, [])


def test_rules_core_uses_only_the_standard_library() -> None:
    for name, path in _modules().items():
        if not name.startswith(RULES_CORE):
            continue
        for module in _imports(path):
            top = module.split(".")[0]
            if top == "stich":
                assert module.startswith(RULES_CORE), f"{name} imports {module}"
            else:
                assert top in sys.stdlib_module_names, f"{name} imports {module}"


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
