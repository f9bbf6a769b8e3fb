"""Card codes, spellings and actions (notation.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import stich.games  # noqa: F401  (loading it declares every game's verbs)
from stich.core.actions import Action, ActionParseError, play_actions
from stich.core.card_names import CardParseError, Deck, card_name, card_symbol, parse_card
from stich.core.cards import Card, Rank, Suit, card_set, cards_in
from stich.core.game import CardSet


@pytest.mark.parametrize(("text", "card"), [
    ("HA", Card.HA), ("ha", Card.HA), ("AH", Card.HA), ("10S", Card.ST), ("S10", Card.ST),
    ("♥A", Card.HA), ("A♥", Card.HA), ("10♦", Card.DT), ("c7", Card.C7),
    ("Herz-Ass", Card.HA), ("Eichel-Unter", Card.CJ), ("Rosen-Banner", Card.HT),
    ("Schelle-Daus", Card.DA), ("Laub-Ober", Card.SQ), ("Gruen-König", Card.SK),
    ("eicheln-under", Card.DJ), ("Schellen-7", Card.C7), ("Karo-Dame", Card.DQ),
    ("Kreuz-Bube", Card.CJ), ("ace of hearts", Card.HA), ("Herz Koenig", Card.HK),
])
def test_accepted_spellings(text: str, card: Card) -> None:
    assert parse_card(text) == card


def test_deck_decides_between_german_and_swiss_names() -> None:
    # German Eichel is clubs, Swiss Eicheln diamonds; "Ober" exists in both
    assert parse_card("Eichel-Ober", Deck.GERMAN) == Card.CQ
    assert parse_card("Eicheln-Ober", Deck.SWISS) == Card.DQ
    with pytest.raises(CardParseError, match="not a card"):
        parse_card("Eichel-Ober", Deck.SWISS)


@pytest.mark.parametrize("text", ["", "X9", "HH", "Herz", "Herz-Sieben-Ass", "11H"])
def test_bad_cards_are_named(text: str) -> None:
    with pytest.raises(CardParseError, match="not a card"):
        parse_card(text)


@given(st.sampled_from(list(Card)), st.sampled_from(list(Deck)))
def test_names_and_codes_round_trip(card: Card, deck: Deck) -> None:
    assert parse_card(card.name) == card
    assert parse_card(card_name(card, deck), deck) == card
    assert parse_card(card_symbol(card)) == card


def test_card_layout_and_sets() -> None:
    assert Card.of(Suit.H, Rank.ACE) == Card.HA and Card.HA.suit == Suit.H
    mask = card_set([Card.SA, Card.C6, Card.HT])
    assert list(cards_in(mask)) == [Card.C6, Card.HT, Card.SA]
    assert str(CardSet(mask)) == "C6 HT SA" and len(CardSet(mask)) == 3
    assert Card.HT in CardSet(mask) and Card.HA not in CardSet(mask)
    assert [a.arg for a in play_actions(mask)] == ["C6", "HT", "SA"]


@pytest.mark.parametrize(("text", "action"), [
    ("play HA", Action("play", "HA")), ("play 10h", Action("play", "HT")),
    ("play Herz-Ass", Action("play", "HA")), ("marriage h", Action("marriage", "H")),
    ("trump obenabe", Action("trump", "obenabe")), ("weis D6 D7 D8", Action("weis", "D6 D7 D8")),
    ("CLOSE", Action("close")), ("bid Gang", Action("bid", "gang")),
])
def test_actions_parse_to_notation(text: str, action: Action) -> None:
    assert Action.parse(text) == action
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty action"), ("fly HA", "unknown verb 'fly'"), ("play", "needs an argument"),
    ("close now", "takes no argument"), ("play HA HK", "takes one card"),
    ("play XZ", "not a card"),
])
def test_bad_actions_are_named(text: str, message: str) -> None:
    with pytest.raises(ActionParseError, match=message):
        Action.parse(text)
