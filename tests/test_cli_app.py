"""The `stich` command line: `stich tournament` is registered lazily (docs/tournament.md) but
always really there when asked for, whatever command line built the app before (several in one
process: the tests); every help page re-flows its paragraphs and tags no flag ``<bool>``."""

from __future__ import annotations

import itertools

import pytest
from typer.testing import CliRunner

from stich.cli import command_app, reflow


def test_tournament_commands_after_another_command_line() -> None:
    first = command_app(["play", "--help"])
    listed = CliRunner().invoke(first, ["--help"])
    assert "tournament" in listed.output
    app = command_app(["tournament", "--help"])
    shown = CliRunner().invoke(app, ["tournament", "--help"])
    assert shown.exit_code == 0 and "withdraw-round" in shown.output
    again = command_app(["play"])  # the real commands stay once loaded
    assert "withdraw-round" in CliRunner().invoke(again, ["tournament", "--help"]).output


# --- the help: no <bool> beside a flag, paragraphs re-flowed (no break mid-sentence) ---------
HELP_PAGES = [[], ["record"], ["play"], ["arena"], ["analyse"], ["solve"], ["tafel"], ["serve"],
              ["record", "verify"], ["record", "board"]]


def _help(words: list[str], columns: int) -> str:
    app = command_app([*words, "--help"])
    result = CliRunner().invoke(app, [*words, "--help"], env={"COLUMNS": str(columns),
                                                              "TERMINAL_WIDTH": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


def _first_word(text: str) -> str:
    return text.split()[0] if text.split() else ""


def unfilled_lines(page: str) -> list[str]:
    """Lines of a help page after which the next line's first word would still have fitted:
    a line break inside a paragraph that the text, not the width, put there."""
    lines = page.splitlines()
    found = []
    for before, after in itertools.pairwise(lines):
        if before.startswith("│") and after.startswith("│"):
            inner = before[1:before.rindex("│")]
            rest = after[1:after.rindex("│")]
            start = len(rest) - len(rest.lstrip())
            first = len(inner) - len(inner.lstrip())
            if not rest.strip() or rest.strip().startswith("[") or start < 5 or \
                    start >= len(inner) or inner[start].isspace() or \
                    (start != first and inner[start - 2:start] != "  "):
                continue  # a new entry, Typer's own [default] or [required], or no text here
            if len(inner.rstrip()) + 1 + len(_first_word(rest)) <= len(inner) - 1:
                found.append(before)
        elif before.startswith(" ") and after.startswith(" ") and before.strip() and \
                after.strip() and not before.strip().startswith("Usage:") and \
                "│" not in before + after and after.startswith(" ") and \
                not after.startswith("  "):
            width = len(before)
            if len(before.rstrip()) + 1 + len(_first_word(after)) <= width - 1:
                found.append(before)
    return found


@pytest.mark.parametrize("columns", [80, 100])
@pytest.mark.parametrize("words", HELP_PAGES, ids=lambda words: " ".join(words) or "stich")
def test_help_pages_break_no_sentence_and_tag_no_flag(words: list[str], columns: int) -> None:
    page = _help(words, columns)
    assert max(len(line) for line in page.splitlines()) <= columns
    assert "<bool>" not in page  # --help and --progress/--no-progress take no value
    assert unfilled_lines(page) == []


def test_the_fill_check_finds_a_break_mid_sentence() -> None:
    broken = ("│ analyse     Each legal action at a position of a recorded deal with its value │\n"
              "│             act                                                            │\n"
              "│             (averaged over sampled worlds, exact when every card is known).│\n")
    assert unfilled_lines(broken) == [broken.splitlines()[1]]
    assert reflow("One line\n    and the next.\n\n    A paragraph.") == \
        "One line and the next.\n\nA paragraph."
