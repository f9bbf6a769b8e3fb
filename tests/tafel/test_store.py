"""The pad file (docs/tafel.md): written atomically, read back by replaying its entries, and
every problem reported in one line that names it."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from stich.tafel import command
from stich.tafel.command import open_pad
from stich.tafel.store import FORMAT, PadFileError, load_pad, new_pad, save_pad


def test_round_trip_recomputes_every_total(tmp_path: Path) -> None:
    pad = new_pad("coiffeur", ["Anna", "Ben", "Carl", "Dora"], "coiffeur-10")
    for line in ("1 3 98", "2 9 100", "1 7 120 obenabe"):
        pad.enter(line)
    path = tmp_path / "c.json"
    save_pad(path, pad)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["preset"] == "coiffeur-10"
    again = load_pad(path)
    assert again.scores() == pad.scores() and again.entries == pad.entries
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize(("content", "message"), [
    ("{", "not valid JSON"),
    ('{"format": "other"}', "format 'stich-tafel/1'"),
    ('{"format": "stich-tafel/1", "game": "poker", "names": [], "entries": []}',
     "no score pad for 'poker'"),
    ('{"format": "stich-tafel/1", "game": "jass", "names": ["A", "B", "C", "D"],'
     ' "options": {"target": 999}, "entries": []}', "option target must be one of"),
    ('{"format": "stich-tafel/1", "game": "schnapsen", "names": ["A", "B"],'
     ' "entries": [{"kind": "deal", "winner": 0, "game_points": 2},'
     ' {"kind": "deal", "winner": 1, "game_points": 5}]}',
     "entry 2: game points 5 is impossible: S-9 allows 1, 2, 3"),
    ('{"format": "stich-tafel/1", "game": "schnapsen", "names": ["A", "B"],'
     ' "entries": [{"kind": "deal", "winner": 0, "points": 2}]}',
     "entry 1: a deal entry has no field points"),
])
def test_bad_files_get_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "pad.json"
    path.write_text(content)
    with pytest.raises(PadFileError) as caught:
        load_pad(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert path.read_text() == content  # a bad file is never overwritten by reading it


def test_a_new_pad_never_overwrites_a_saved_one(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # every entry of a saved pad is the truth (docs/tafel.md): a new pad started with the same
    # --file would have replaced it with an empty one
    saved = tmp_path / "abend.json"
    pad = new_pad("schnapsen", ["Anna", "Ben"])
    pad.enter("anna 3")
    save_pad(saved, pad)
    before = saved.read_text()
    with pytest.raises(ValueError) as caught:
        open_pad("schnapsen", ["Anna", "Ben"], None, [], None, saved, tmp_path)
    assert str(caught.value) == (f"{saved} already holds a pad: continue it with "
                                 f"`stich tafel --resume {saved}`, or give another --file")
    assert saved.read_text() == before
    # the default file's name has the time to the second: two pads that second get two files
    noon = datetime.datetime(2026, 12, 1, 12, 0, 0)
    monkeypatch.setattr(command, "datetime", SimpleNamespace(
        datetime=SimpleNamespace(now=lambda: noon)))
    first = open_pad("jass", [], None, [], None, None, tmp_path)[1]
    first.parent.mkdir(parents=True, exist_ok=True)
    first.write_text(before)
    second = open_pad("jass", [], None, [], None, None, tmp_path)[1]
    assert first.name == "jass-20261201-120000.json"
    assert second.name == "jass-20261201-120000-2.json"
