"""A refusal of the rules (:class:`stich.core.game.Illegal`) as data the pages can word.

The engines say why an action is illegal in one English sentence; cards and suits they name
are kept as values. A page says it in the player's language and names cards in the deck in
play, so the server sends the sentence's kind (an id, whose words ``why_<id>`` are in
``static/i18n.js`` in German and English) and its values, each typed: a card, cards, a suit,
a contract, a word of the page's table (``w_<id>``) or, for what a person typed, the text.

:data:`REASONS` holds every sentence the engines can give (``tests/web/test_words.py`` reads
the engines' sources and fails on a sentence missing here); the English phrases that the
sentences take as pieces (the phases of B-2..B-6, ...) are in :data:`PHRASES`.
"""

from __future__ import annotations

import re
from typing import Any

from stich.contract.contracts import TABLE as CONTRACTS
from stich.contract.legality import NOW, WHEN
from stich.core.cards import Card, Suit
from stich.core.game import Illegal

REASONS: dict[str, str] = {
    # what may be played (S-3, S-4, B-4, J-4)
    "not_held": "you do not hold {}",
    "follow": "you must follow suit ({}): {}",
    "head": "you must head {} with a higher card of the suit: {}",
    "overtrump": "you are void in {} and must over-trump {}: {}",
    "trump_void": "you are void in {} and must play a trump: {}",
    "follow_or_trump": "you must follow suit ({}) or play a trump: {}",
    "trump_led": "trump was led and you hold trumps besides the Buur: play a trump: {}",
    "undertrump": "{} would under-trump {}; with other cards in hand you may not "
                  "under-trump: {}",
    # Schnapsen (S-5..S-9)
    "all_played": "all cards are played: claim or pass",
    "lead_only": "only the player on lead may {}, before leading",
    "exchange_open": "the trump Jack may be exchanged only while the stock is open",
    "exchange_before_marriage": "exchange comes before announcing a marriage",
    "exchange_two": "no exchange when the stock holds only 2 cards",
    "exchange_first_trick": "no exchange before the first trick in this preset",
    "no_trump_jack": "you do not hold the trump Jack ({})",
    "no_closing": "this preset has no closing",
    "claim_needs_66": "in this preset a claim needs 66",
    "already_closed": "the stock is already closed",
    "exhausted": "the stock is exhausted",
    "close_before_marriage": "closing comes before announcing a marriage",
    "close_two": "no closing when the stock holds only 2 cards in this preset",
    "marriage_announced": "a marriage in {} is already announced",
    "no_pair": "you do not hold King and Queen of {}",
    "marriage_trick_first": "in this preset a marriage needs a trick won first",
    "claim_when": "claim only right after winning a trick or announcing a marriage",
    "pass_claim": "pass only declines the claim after the last trick",
    "marriage_lead": "after announcing the marriage you must lead its {}",
    # Bauern- and Dreierschnapsen (B-2..B-6, D-1)
    "phase": "{} only {}; now {}",
    "pass_when": "pass only in the auction or when doubling; now {}",
    "trump_held": "you must hold a card of {} among your first three cards to name it "
                  "(option trump_must_be_held)",
    "redeal": "a new deal only when your first three cards are three Jacks",
    "unknown_contract": "{} is not a contract in this game; allowed: {}",
    "not_above": "{} is not ranked above the highest announcement so far",
    "caller_only": "only the caller may announce {}",
    "opponents_only": "only the caller's opponents may announce {}",
    "five_of_suit": "{} needs all five cards of one suit",
    "five_trumps": "{} needs all five trumps",
    "ace_needed": "Assenbettler needs an Ace in hand (option assenbettler=must_hold_ace)",
    "double_step": "the next doubling step is {}, not {}",
    "marriage_on_lead": "only the player on lead may announce a marriage",
    "marriage_counts": "marriages count only in the normal game and for the declarer of a "
                       "Schnapser",
    "marriage_lead_pair": "after announcing a marriage you must lead its King or Queen",
    "use_exchange": "use exchange-talon in the normal game (discard is for contracts)",
    "use_discard": "use discard after a contract (exchange-talon is for the normal game)",
    "two_cards": "lay down exactly two different cards",
    "no_raise": "no raising after the talon (option raise_after_talon)",
    "raise_once": "you may raise only once after the talon",
    # Jass (J-3, J-5, J-9)
    "first_choose": "first the {} chooses the contract",
    "chosen": "the contract is already chosen ({})",
    "push_back": "the partner must choose; the choice cannot be pushed back",
    "no_contract": "{} is not a contract (a suit C D H S, obenabe or undenufe)",
    "weis_off": "Weis are switched off (option weis=off)",
    "weis_first": "Weis are declared with the first card, in the first trick",
    "weis_twice": "you have already declared this Weis",
    "four_low": "four 8s, 7s or 6s do not count (option four_of_a_kind_low)",
    "run_whole": "a run counts whole: declare {}",
    "not_weis": "not a Weis: three or more in a row in one suit, or four of a kind",
    # any game
    "over": "the deal is over",
    "not_suit": "{} is not a suit",
    "not_action": "{} is not an action in {}",
}
"""Every sentence of the engines' refusals, by id; ``{}`` where a value goes."""

_WHAT = {"trump is named": "trump_named", "turning up": "turning_up",
         "a redeal is demanded": "redeal_demanded", "contracts are announced": "bidding",
         "doubling happens": "doubling", "marriages are announced": "marriages",
         "cards are played": "cards_played", "cards are laid down": "laying_down",
         "King": "king", "King or Queen": "king_or_queen", "partner": "partner",
         "forehand": "forehand", "close": "close", "exchange": "exchange",
         "announce a marriage": "marriage"}
PHRASES: dict[str, str] = {
    **_WHAT,
    **{text: "when_" + str(phase) for phase, text in WHEN.items()},
    **{text: "now_" + str(phase) for phase, text in NOW.items()},
}
"""English pieces of the sentences, to the page's word ids (``w_<id>``)."""

_CONTRACTS = {contract.title: contract.name for contract in CONTRACTS}
_CONTRACTS.update(obenabe="obenabe", undenufe="undenufe")  # J-3's suitless contracts
_STEPS = {"double", "redouble", "reredouble"}
_PATTERNS = [(key, re.compile("^" + re.escape(text).replace(r"\{\}", "(.+?)") + "$"))
             for key, text in sorted(REASONS.items(),  # the most specific sentence first
                                     key=lambda item: -len(item[1].replace("{}", "")))]
_BY_TEXT = {text: key for key, text in REASONS.items()}


def _value(value: Card | Suit | tuple[Card, ...]) -> dict[str, Any]:
    if isinstance(value, tuple):
        return {"cards": [card.name for card in value]}
    if isinstance(value, Card):
        return {"card": value.name}
    return {"suit": str(value)}


def _piece(text: str) -> dict[str, Any]:
    """A piece of an English sentence as the page can word it."""
    bare = text.strip("'")
    if text in PHRASES:
        return {"word": PHRASES[text]}
    if text in _CONTRACTS:
        return {"contract": _CONTRACTS[text]}
    if bare in _STEPS:
        return {"word": bare}
    if len(bare) == 1 and bare in Suit.__members__:
        return {"suit": bare}
    return {"text": bare}


def refusal(why: Illegal) -> dict[str, Any]:
    """``{"rule", "reason", "values", "text"}``: the id of the sentence (None if the engines
    gave one this table lacks: the page shows ``text``, the English sentence)."""
    key = _BY_TEXT.get(why.template) if why.template else None
    values: list[dict[str, Any]] = []
    if key is not None:
        values = [_value(value) for value in why.values]
    else:
        for candidate, pattern in _PATTERNS:
            found = pattern.match(why.reason)
            if found:
                key, values = candidate, [_piece(piece) for piece in found.groups()]
                break
    return {"rule": why.rule, "reason": key, "values": values, "text": why.reason}
