"""Building Jass deals and positions for tests."""

from __future__ import annotations

from typing import Any

from stich.jass.cards import Contract
from stich.jass.game import Jass, JassOptions
from tests.game_helpers import cards, legal_cards, mask, play


def deal(*hands: str, dealer: int = 3, scores_before: tuple[int, int] = (0, 0),
         preset: str = "standard", **options: Any) -> Jass:
    """A deal with chosen hands (seat 0 to 3); dealer 3 makes seat 0 forehand."""
    return Jass([cards(hand) for hand in hands], dealer,
                JassOptions.from_preset(preset, **options), scores_before)


def position(contract: str, hands: list[str], trick: str = "", leader: int = 0,
             tricks_played: int = 1, **options: Any) -> Jass:
    """A mid-deal position set directly: the contract, the hands (card text, seat 0 to 3), the
    cards on the table led by ``leader``. Starts from a real deal and overrides its state."""
    game = Jass.deal(0, 3, JassOptions.from_preset(**options))
    game.contract = Contract.from_word(contract)
    game.chooser = game.forehand
    game.hands = tuple(mask(hand) for hand in hands)
    game.dealt = tuple(tuple(cards(hand)) for hand in hands)
    game.trick = tuple(cards(trick))
    game.leader = leader
    game.to_act = (leader + len(game.trick)) % 4
    game.tricks_played = tricks_played
    return game


# A whole deal used by several tests (trump H, forehand seat 0): team 0+2 takes every trick,
# seat 1 plays HK in trick 2 and HQ in trick 6 (J-10 7).
STOECK_HANDS = (
    "HJ H9 HA CA CK CQ SA SK SQ",
    "HK HQ C6 C7 C8 S6 S7 D6 D7",
    "HT H8 H7 H6 DA DK DQ DJ DT",
    "CJ CT C9 S8 S9 ST SJ D8 D9",
)
STOECK_TRICKS = (
    "CA C6 DT C9", "HJ HK H6 D8", "CK C7 DJ CT", "SA S6 DQ S8", "SK S7 DK S9",
    "H9 HQ H7 D9", "HA C8 H8 ST", "CQ D6 DA CJ", "SQ D7 HT SJ",
)
"""Each trick in play order; seat 0 leads them all but the last is taken by seat 2's HT."""


def play_tricks(game: Jass, tricks: tuple[str, ...]) -> None:
    for trick in tricks:
        for card in trick.split():
            game.apply(f"play {card}")

__all__ = ["STOECK_HANDS", "STOECK_TRICKS", "cards", "deal", "legal_cards", "mask", "play",
           "play_tricks", "position"]
