"""Reading and checking the conformance corpus (README.md beside this file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stich import from_position
from stich.core.dealing import splitmix64
from stich.core.game import Game

HERE = Path(__file__).parent


def perft(game: Game, depth: int) -> int:
    """Action sequences of length ``depth``; a finished deal counts as one."""
    if depth == 0 or game.is_terminal():
        return 1
    total = 0
    for action in game.legal_actions():
        game.apply_legal(action)
        total += perft(game, depth - 1)
        game.undo()
    return total


def observed(game: Game) -> tuple[Any, ...]:
    """What the seats see of a game: options, dealer, each seat's observation, the legal
    actions."""
    return (game.options, game.dealer, [game.observation(seat) for seat in range(game.SEATS)],
            game.legal_actions())


def state_of(game: Game) -> tuple[Any, ...]:
    """What a game is, for comparing two readings: what the seats see and the state values."""
    return (*observed(game), type(game)._snapshot(game))


def live_lines(game: Game, depth: int) -> int:
    """Action sequences of length ``depth`` after which the deal goes on."""
    if game.is_terminal():
        return 0
    if depth == 0:
        return 1
    total = 0
    for action in game.legal_actions():
        game.apply_legal(action)
        total += live_lines(game, depth - 1)
        game.undo()
    return total


def perft_depth(game: Game, nodes: int) -> int:
    """The deepest perft level within ``nodes`` sequences, up to where every line has ended
    (how deep a corpus line counts)."""
    depth = 1
    while live_lines(game.clone(), depth) and perft(game.clone(), depth + 1) <= nodes:
        depth += 1
    return depth


def playout(game: Game, seed: int) -> dict[str, Any]:
    """The corpus's seeded random playout from ``game`` (which it plays to the end)."""
    numbers = splitmix64(seed)
    actions = []
    while not game.is_terminal():
        ids = sorted(game.legal_action_ids())
        action = game.id_to_action(ids[next(numbers) % len(ids)])
        actions.append(str(action))
        game.apply_legal(action)
    result = game.result()
    assert result is not None
    return {"seed": seed, "actions": actions, "result": result.to_dict()}


def entry(ident: str, phase: str, game: Game, depth: int, seeds: tuple[int, ...] = (1, 2, 3),
          ) -> dict[str, Any]:
    """One corpus line for a position (its perft counts to ``depth`` and its playouts)."""
    position = game.position()
    counts = [perft(from_position(position), d) for d in range(1, depth + 1)]
    return {"id": ident, "phase": phase, "position": position, "perft": counts,
            "playouts": [playout(from_position(position), seed) for seed in seeds]}


def write(game_name: str, entries: list[dict[str, Any]]) -> Path:
    path = HERE / f"{game_name}.jsonl"
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries),
                    encoding="utf-8")
    return path


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def corpus_files() -> list[Path]:
    return sorted(HERE.glob("*.jsonl"))
