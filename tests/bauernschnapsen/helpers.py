"""Building Bauern- and Dreierschnapsen deals for tests, and playing scripted actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stich.contract.bauernschnapsen import Bauernschnapsen, BauernschnapsenOptions
from stich.contract.deal import ContractSchnapsen
from stich.contract.dreierschnapsen import Dreierschnapsen, DreierschnapsenOptions
from tests.game_helpers import cards


def bauern(hands: Sequence[str], dealer: int = 0, preset: str = "standard",
           **options: Any) -> Bauernschnapsen:
    """A deal with chosen hands, each in dealing order (the first three cards first)."""
    return Bauernschnapsen([cards(h) for h in hands], (), dealer,
                           BauernschnapsenOptions.from_preset(preset, **options))


def dreier(hands: Sequence[str], talon: str, dealer: int = 0, preset: str = "standard",
           **options: Any) -> Dreierschnapsen:
    return Dreierschnapsen([cards(h) for h in hands], cards(talon), dealer,
                           DreierschnapsenOptions.from_preset(preset, **options))


def run(game: ContractSchnapsen, script: str) -> None:
    """Apply ``"1 trump H, 1 pass, 2 bid gang"``: each step names the seat that must act."""
    for step in script.split(","):
        seat, _, action = step.strip().partition(" ")
        assert game.current_player() == int(seat), (step, game.current_player())
        game.apply(action)


def legal(game: ContractSchnapsen, verb: str = "play") -> set[str]:
    return {a.arg for a in game.legal_actions() if a.verb == verb}


def pass_round(game: ContractSchnapsen) -> None:
    """Everyone passes until the phase changes (the rest of an auction, or doubling)."""
    phase = game.phase
    while game.phase == phase and not game.is_terminal():
        game.apply("pass")


def replay_entry(cls: type[ContractSchnapsen], entry: dict[str, Any]) -> ContractSchnapsen:
    """Play one of the recorded deals of ``contract_deals`` through the rules."""
    game = cls([cards(h) for h in entry["hands"]], cards(entry.get("talon", "")),
               entry["dealer"], cls.OPTIONS.from_preset())  # type: ignore[arg-type]
    run(game, ", ".join(entry["actions"]))
    return game
