"""``bench/web_load.py`` (docs/web.md, "Tests and figures"): its human pace runs whole matches
against a real ``stich serve``, every client moving a set time after its turn comes, with no
game lost and no refusal; the figures it reports are there (their values are the bench's
business, not a test's)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from types import ModuleType

from tests.bench_scripts import bench_script


def bench() -> ModuleType:
    return bench_script("web_load")


def test_human_pace_plays_whole_matches_and_loses_none() -> None:
    pace = 0.01
    load = bench()
    with ThreadPoolExecutor(1) as thread:  # its own event loop (a browser test's may run here)
        report = thread.submit(load.main, ["--tables", "3", "--pace", str(pace)]).result()
    assert report["pace_s"] == pace
    assert report["games_lost"] == 0, report["lost_examples"]
    assert report["games_ended"] == 3
    assert report["errors"] == 0, report["error_examples"]
    assert report["moves"] > report["client_moves"] > 0  # the bots moved too
    # every client move waited its pace after its turn came, so the play took at least that
    assert report["wall_s"] >= report["client_moves"] / 3 * pace
    for figure in ("p50_ms", "p99_ms", "server_cpu_ms_per_move", "client_cpu_ms_per_move"):
        assert report[figure] is not None


def test_a_client_frame_is_masked_with_the_zero_key_and_carries_the_text() -> None:
    """RFC 6455 5.2: FIN and the text opcode, the mask bit and the length, the 4-byte key."""
    load = bench()
    short = load.text_frame('{"type":"continue"}')
    assert short[:2] == bytes((0x81, 0x80 | 19)) and short[2:6] == b"\0\0\0\0"
    assert short[6:] == b'{"type":"continue"}'
    long = load.text_frame("x" * 300)
    assert long[1] == 0x80 | 126 and int.from_bytes(long[2:4], "big") == 300
    assert long[8:] == b"x" * 300
