"""A refusal keeps the cards and suits it names as values, so front ends name them (notation.md)."""

from __future__ import annotations

from stich.core.card_names import SUIT_NAMES, Deck, card_name
from stich.core.cards import Card, Suit
from stich.core.game import Illegal


def german(value: Card | Suit) -> str:
    return card_name(value, Deck.GERMAN) if isinstance(value, Card) else \
        SUIT_NAMES[Deck.GERMAN][value]


def test_reason_keeps_the_codes_and_the_values_render_in_a_deck() -> None:
    why = Illegal.naming("S-4", "you must follow suit ({}): {}", Suit.H, (Card.HK, Card.HA))
    assert why.reason == "you must follow suit (H): HK HA"
    assert str(why) == "you must follow suit (H): HK HA (S-4)"
    assert why.cards == (Card.HK, Card.HA)
    assert why.render(german, ", ") == "you must follow suit (Herz): Herz-König, Herz-Daus (S-4)"
    assert why == Illegal("S-4", "you must follow suit (H): HK HA")  # compares as before


def test_a_refusal_without_values_renders_as_its_reason() -> None:
    why = Illegal("S-8", "claim only right after winning a trick")
    assert why.parts() == [why.reason] and why.cards == ()
    assert why.render(german) == str(why)


def test_follow_refusals_carry_the_allowed_cards() -> None:  # S-4, B-4, J-4
    from stich.core.cards import card_set
    from stich.jass.cards import Contract, explain_play
    from stich.schnapsen.family import NORMAL_ORDER, explain_follow

    why = explain_follow("S-4", card_set([Card.HK, Card.SA]), [Card.HQ], Suit.C, NORMAL_ORDER)
    assert why.rule == "S-4" and why.cards == (Card.HQ, Card.HK)
    assert why.reason == "you must head HQ with a higher card of the suit: HK"
    jass = explain_play(card_set([Card.H6, Card.S7]), [Card.HA], Contract.OBENABE, Card.S7)
    assert jass.rule == "J-4" and jass.values == (Suit.H, (Card.H6,))
