"""The Python examples in the README and in ``docs/`` run as written.

Each document's ```` ```python ```` blocks run in order in one namespace, as a reader would
type them into one session; a block may use what an earlier block of the same document made.
A document whose examples need an optional extra that is not installed is skipped, naming it.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def examples(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


WITH_EXAMPLES = [path for path in DOCUMENTS if examples(path)]


def test_there_are_examples_to_run() -> None:
    assert any(path.name == "README.md" for path in WITH_EXAMPLES)
    assert any(path.name == "architecture.md" for path in WITH_EXAMPLES)


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    namespace: dict[str, object] = {"__name__": "__example__"}
    for number, block in enumerate(examples(path), 1):
        code = compile(block, f"{path.name} example {number}", "exec")
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(code, namespace)
        except ModuleNotFoundError as missing:
            if missing.name and not missing.name.startswith("stich"):
                pytest.skip(f"{path.name} needs {missing.name}, which is not installed")
            raise
