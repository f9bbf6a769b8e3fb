"""Deals in card play for the kernel's tests, and the walk that compares kernel and engine."""

from __future__ import annotations

import random

from stich.bots.base import Bot
from stich.core.game import Game
from stich.games import game_class
from stich.search import in_card_play, layout
from stich.search.adapters import kernel_state, move_id
from stich.search.pysearch import running

GAMES = ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass")
PRESETS = {"schnapsen": ("soft", "sharp", "tournament", "vu"),
           "bauernschnapsen": ("standard", "club"), "dreierschnapsen": ("standard", "club"),
           "jass": ("standard", "swisslos", "turnier")}

__all__ = ["GAMES", "PRESETS", "card_play", "compare_walk", "dynamic", "new_deal"]


def new_deal(game: str, seed: int, preset: str | None = None, **options: object) -> Game:
    cls = game_class(game)
    return cls.deal(seed, options=cls.OPTIONS.from_preset(preset, **options))  # type: ignore[call-arg]


def card_play(game: Game, rng: random.Random, plies: int) -> Game:
    """Random actions until card play has gone ``plies`` moves deep (or the deal is over);
    claims are skipped while there are other moves, so that positions reach deep."""
    while not game.is_terminal() and (not in_card_play(game) or plies > 0):
        actions = game.legal_actions()
        if in_card_play(game):
            plies -= 1
            actions = [a for a in actions if a.verb != "claim"] or actions
        game.apply_legal(rng.choice(actions))
    return game


def dynamic(state: tuple[int, ...]) -> tuple[int, ...]:
    """The state without the fields a search fixes at its root (layout.ROOT_ONLY)."""
    skip = {layout.INDEX[name] for name in layout.ROOT_ONLY}
    return tuple(value for i, value in enumerate(state) if i not in skip)


def compare_walk(game: Game, rng: random.Random, kernel: object) -> int:
    """Play the deal out at random; at every card-play step the kernel's legal moves, next
    state and reward must be the engine's. Returns the card-play steps checked."""
    steps = 0
    while not game.is_terminal():
        actions = game.legal_actions()
        if not in_card_play(game):
            game.apply_legal(rng.choice(actions))
            continue
        state = kernel_state(game)
        plays = [a for a in actions if a.verb != "weis"]
        assert kernel.legal(state) == [move_id(a) for a in plays], game.history  # type: ignore[attr-defined]
        for weis in (a for a in actions if a.verb == "weis"):  # declare all (adapters.py)
            game.apply_legal(weis)
        action = rng.choice(plays)
        after, reward = kernel.apply(state, move_id(action))  # type: ignore[attr-defined]
        game.apply_legal(action)
        engine = kernel_state(game)
        assert dynamic(after) == dynamic(engine), game.history
        assert reward == running(engine) - running(state)
        steps += 1
    return steps


def searched_choices(bot: Bot, game_name: str, seed: int) -> list[str]:
    """A searching bot's choices at several decisions of a deal (the deal goes on by random
    moves), then the nodes it searched: equal on the native and the Python path."""
    game = new_deal(game_name, seed)
    rng = random.Random(seed)
    chosen = []
    while not game.is_terminal() and len(chosen) < 3:
        seat = game.current_player()
        if len(game.legal_actions()) > 1 and (not in_card_play(game) or len(game.history) > 14):
            chosen.append(str(bot.choose(game.information_state(seat))))
        game.apply_legal(rng.choice(game.legal_actions()))
    return [*chosen, f"nodes {bot.searched}"]  # type: ignore[attr-defined]


def smoke_deals(game: str, level: str) -> list[list[dict[str, object]]]:
    """Two seeded deals of ``level`` against the rules bots, played twice (both runs must give
    the same results)."""
    from stich.bots import make_bot
    from stich.play.driver import play_deal

    cls = game_class(game)
    results = []
    for _ in range(2):
        played = []
        for seed in range(2):
            bots = [make_bot(game, level if seat % 2 == 0 else "rules", seed + seat,
                             nodes=20000) for seat in range(cls.SEATS)]
            played.append(play_deal(cls.deal(seed), bots).to_dict())  # type: ignore[attr-defined]
        results.append(played)
    return results
