"""The match score as the players draw it, with the drawings the score pads use (stich.drawing):
the Bummerl counter (Schnapsen), the race to 24 (Bauern-, Dreierschnapsen) and the Jass
board's Z (J-8). Drawn from public messages only (the ``score`` messages of seat 0's stream)."""

from __future__ import annotations

from typing import Any

from stich.core.table import Table


def score_svg(table: Table, scores: list[dict[str, Any]] | None = None) -> str:
    """The drawn score; ``scores``: the ``match`` of every ``score`` message of seat 0's
    stream so far, when the caller keeps them (else read from the stream)."""
    match = table.match
    if match is None:
        return ""
    names = match.seats
    if match.GAME == "jass":
        from stich.drawing import render_svg

        boards = match.score.boards()  # type: ignore[attr-defined]
        titles = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
        return render_svg(list(zip(titles, boards, strict=True)), match.options.target)  # type: ignore[attr-defined]
    from stich.drawing import counter_svg

    if scores is None:
        scores = score_states(table.messages(0))
    over = match.is_over()  # decided by its scoring (a resigned match stands as it was)
    if match.GAME == "schnapsen":
        start = match.options.bummerl_start  # type: ignore[attr-defined]
        columns: list[list[int]] = [[start] for _ in names]
        for state in _current_unit(scores, over):
            for seat, value in enumerate(state["remaining"]):
                columns[seat].append(value)
        last = _last_unit_end(scores, over)
        if last is not None:  # the Bummerl that ended the match, at its last score
            for seat, made in enumerate(last["score"]):
                columns[seat].append(max(0, start - made))
        bummerl = scores[-1]["bummerl"] if scores else [0] * len(names)
        return counter_svg(names, columns, bummerl)
    parties = ([f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
               if len(names) == 4 else list(names))
    columns = [[0] for _ in parties]
    for state in _current_unit(scores, over):
        for party, value in enumerate(state["score"]):
            columns[party].append(value)
    last = _last_unit_end(scores, over)
    if last is not None:  # the race that ended the match, at its last score, not 0:0
        for party, value in enumerate(last["score"]):
            columns[party].append(value)
    bummerl = scores[-1]["bummerl"] if scores else [0] * len(parties)
    return counter_svg(parties, columns, bummerl)


def score_states(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The match states of the ``score`` messages among ``messages`` (a seat's stream)."""
    return [m["match"] for m in messages if m["type"] == "score"]


def _current_unit(scores: list[dict[str, Any]], over: bool = False) -> list[dict[str, Any]]:
    """The score states since the last Bummerl was given (the column starts afresh then);
    once the match is ``over``, those of the unit that ended it (drawn as it stood)."""
    out: list[dict[str, Any]] = []
    before: list[dict[str, Any]] = []
    finished = 0
    for state in scores:
        if len(state.get("finished", [])) != finished:
            finished = len(state.get("finished", []))
            before, out = out, []
            continue
        out.append(state)
    return before if over and not out else out


def _last_unit_end(scores: list[dict[str, Any]], over: bool) -> dict[str, Any] | None:
    """Once the match is over and its last state opened no new unit: the unit that ended it
    (its ``score`` as it stood)."""
    if not over or not scores or not scores[-1].get("finished"):
        return None
    if len(scores) > 1 and scores[-2].get("finished") == scores[-1]["finished"]:
        return None  # the match ended otherwise (a resignation) within a running unit
    last: dict[str, Any] = scores[-1]["finished"][-1]
    return last
