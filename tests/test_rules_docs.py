"""The rules ship with the project (docs/rules/): every rule number that code or tests cite is
written there, and the README and `stich play --help` point to them."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from stich.cli import command_app

ROOT = Path(__file__).resolve().parents[1]
RULE = re.compile(r"\b([SBDJT]-\d+)\b")


def test_every_cited_rule_number_is_documented() -> None:
    documented = set()
    for page in (ROOT / "docs" / "rules").glob("*.md"):
        documented |= set(re.findall(r"^## ([SBDJT]-\d+) ", page.read_text(), re.MULTILINE))
    cited = set()
    for folder in ("src", "tests"):
        for source in (ROOT / folder).rglob("*.py"):
            cited |= set(RULE.findall(source.read_text(encoding="utf-8")))
    assert {"S-1", "S-13", "B-8", "D-1", "J-12", "T-5"} <= documented
    assert cited - documented == set()


def test_readme_and_help_point_to_the_rules() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "docs/rules/" in readme and "shared/rules" not in readme
    for link in re.findall(r"\]\((docs/rules/[^)]+)\)", readme):
        assert (ROOT / link).exists(), link
    result = CliRunner().invoke(command_app(["play"]), ["play", "--help"])
    assert "docs/rules/" in result.output
