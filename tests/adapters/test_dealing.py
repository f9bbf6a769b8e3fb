"""Dealing a card order as the games deal a shuffled deck (stich.adapters.dealing): what
OpenSpiel's chance outcomes deal must be the deal our seeded shuffle gives (S-2, B-2, D-1,
J-2)."""

from __future__ import annotations

import random

import pytest

import stich
from stich.adapters.dealing import CardDealing
from stich.adapters.episode import game_class
from stich.core.dealing import shuffled


def _dealt(game: stich.Game) -> tuple[object, ...]:
    record = game.to_record()
    return record.dealer, record.hands, record.stock, record.trump_card, record.extra.get(
        "scores_before")


@pytest.mark.parametrize("name", stich.GAMES)
def test_a_shuffled_deck_deals_as_the_seeded_deal(name: str) -> None:
    cls = game_class(name)
    for dealer in range(cls.SEATS):
        dealing = CardDealing(cls.deal(99, dealer))
        for seed in range(40):
            expected = stich.new_game(name, seed=seed, dealer=dealer)
            game = dealing.deal(shuffled(dealing.deck, seed))
            assert _dealt(game) == _dealt(expected)
            assert game.legal_actions() == expected.legal_actions()
            assert dealing.order(expected) == shuffled(dealing.deck, seed)


def test_any_order_deals_and_reads_back() -> None:
    dealing = CardDealing(stich.new_game("jass", seed=5, dealer=2))
    cards = shuffled(dealing.deck, 5)
    random.Random(1).shuffle(cards)
    assert dealing.order(dealing.deal(cards)) == cards


def test_a_wrong_card_list_is_refused() -> None:
    dealing = CardDealing(stich.new_game("schnapsen", seed=1))
    cards = shuffled(dealing.deck, 1)
    with pytest.raises(ValueError, match="each of its 20 cards once"):
        dealing.deal(cards[:-1] + cards[:1])


def test_the_template_must_be_fresh() -> None:
    game = stich.new_game("schnapsen", seed=1)
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="freshly dealt"):
        CardDealing(game)
