"""One language at a time: every word the table page shows is in the word table in German and
English, and every refusal the engines can give has words (stich.web.refusals)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from stich.contract.contracts import TABLE as CONTRACTS
from stich.core.table import Table
from stich.games import game_class, match_class
from stich.web import refusals
from tests.web.words import words

SRC = Path(refusals.__file__).resolve().parents[1]
GAMES = ["schnapsen", "bauernschnapsen", "dreierschnapsen", "jass"]
RESULT_REASONS = ["claim", "false claim", "claim after closing", "claim against closer",
                  "closer failed", "last trick", "revoke", "redeal", "shown", "made", "failed",
                  "66", "all tricks played", "target reached", "forfeit"]


def _template(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def engine_sentences() -> set[str]:
    """Every refusal sentence in the rules core's sources: the text of each ``Illegal(rule,
    text)`` and ``Illegal.naming(rule, template, ...)``, f-string pieces as ``{}``, and the
    sentences that reach an Illegal through a variable (B-5's bidder rules, J-3's contract
    words)."""
    found: set[str] = set()
    for package in ("core", "schnapsen", "contract", "jass"):
        for path in (SRC / package).rglob("*.py"):
            if path.name == "worlds.py":  # forfeits replayed in sampled worlds, no refusal
                continue
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef) and node.name == "bidder_problem":
                    found |= {t for r in ast.walk(node) if isinstance(r, ast.Return)
                              and r.value is not None and (t := _template(r.value))}
                if isinstance(node, ast.FunctionDef) and node.name == "from_word":
                    found |= {t for r in ast.walk(node) if isinstance(r, ast.Call)
                              and getattr(r.func, "id", "") == "ValueError"
                              and (t := _template(r.args[0]))}
                if not isinstance(node, ast.Call) or len(node.args) < 2:
                    continue
                func = node.func
                named = (isinstance(func, ast.Name) and func.id == "Illegal") or (
                    isinstance(func, ast.Attribute) and func.attr == "naming"
                    and isinstance(func.value, ast.Name) and func.value.id == "Illegal")
                if named and (text := _template(node.args[1])) is not None:
                    found.add(text)
    return found


def test_the_scan_finds_the_engines_sentences() -> None:
    sentences = engine_sentences()
    assert "you must follow suit ({}): {}" in sentences  # S-4, B-4, J-4
    assert "{} needs all five trumps" in sentences  # B-5 through bidder_problem
    assert len(sentences) > 50


def test_every_refusal_of_the_engines_has_an_id() -> None:
    """A new sentence in an engine fails here until refusals.REASONS and the words know it."""
    patterns = [re.compile("^" + re.escape(text).replace(r"\{\}", "(.+?)") + "$")
                for text in refusals.REASONS.values()]
    for sentence in engine_sentences():
        assert any(pattern.match(sentence.replace("{}", "X")) for pattern in patterns), sentence


def test_german_and_english_are_complete() -> None:
    table = words()
    assert set(table["de"]) == set(table["en"])
    assert all(text.strip() for language in table.values() for text in language.values())


def test_every_reason_phrase_contract_result_and_verb_has_words() -> None:
    table = words()
    for language in ("de", "en"):
        got = table[language]
        for key, text in refusals.REASONS.items():
            assert "why_" + key in got, key
            blanks = text.count("{}")
            assert all(f"{{{i}}}" in got["why_" + key] for i in range(blanks)), key
        for phrase in set(refusals.PHRASES.values()) | {"double", "redouble", "reredouble"}:
            assert "w_" + phrase in got, phrase
        for contract in [*CONTRACTS, "normal", "obenabe", "undenufe"]:
            name = contract if isinstance(contract, str) else contract.name
            assert "c_" + name in got, name
        for reason in RESULT_REASONS:
            assert "res_" + re.sub(r"\W+", "_", reason) in got, reason
        for game in GAMES:
            assert "game_" + game in got
            for preset in game_class(game).OPTIONS.PRESETS:
                assert "preset_" + preset in got
            verbs = {action.verb for action in game_class(game).ACTION_SPACE.actions}
            for verb in verbs:
                assert "verb_" + verb.replace("-", "_") in got, verb


def test_every_error_code_the_server_sends_has_words() -> None:
    """Codes in ``refused(message, code)``, ``LobbyError(..., code=...)`` and ``"code": ...``
    in the web server's sources."""
    codes: set[str] = {"bad_request"}
    for path in (SRC / "web").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "refused":
                codes.add(node.args[1].value)  # type: ignore[attr-defined]
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "LobbyError":
                for keyword in node.keywords:
                    if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                        codes.add(keyword.value.value)
                if len(node.args) > 2 and isinstance(node.args[2], ast.Constant):
                    codes.add(node.args[2].value)
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (isinstance(key, ast.Constant) and key.value == "code"
                            and isinstance(value, ast.Constant)):
                        codes.add(value.value)
    assert {"illegal", "not_your_turn", "spectator"} <= codes
    table = words()
    missing = sorted(code for code in codes for language in ("de", "en")
                     if "err_" + code not in table[language])
    assert not missing, missing


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_met_in_play_is_worded(game: str) -> None:
    """Seeded deals: at each position every action of the game that the rules refuse maps to
    a sentence id, and its values are cards, suits, contracts or words, never English text
    (except an echo of what was typed: notation)."""
    rng = random.Random(5)
    cls = game_class(game)
    seen: set[str] = set()
    for seed in range(3):
        table = Table(match_class(game)([str(n) for n in range(cls.SEATS)], seed=seed))
        for _ in range(60):
            if table.to_act < 0 or table.deal_number > 0:
                break
            legal = set(table.legal_actions())
            for action in cls.ACTION_SPACE.actions:
                if action in legal:
                    continue
                why = table.game.why_illegal(action)
                assert why is not None, action
                answer = refusals.refusal(why)
                assert answer["reason"] is not None, (action, why)
                seen.add(answer["reason"])
                texts = [v for v in answer["values"] if "text" in v]
                assert not texts or why.rule == "notation", (action, why, texts)
            table.submit(table.to_act, rng.choice(sorted(legal, key=str)))
    assert len(seen) >= 4
