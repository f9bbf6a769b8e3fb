"""A learnt model of how a searching opponent chooses in Schnapsen (``ExpertBot.MODEL =
"policy"``).

The expert weighs each sampled world by how likely it makes the opponent's earlier choices
(``expert.inference``). The ``rules`` bot as that model tells little against an opponent that
searches (``pimc``): its choices differ from the rules' in most worlds alike. The solver with
the world's cards open tells far more, but solves every earlier position in every world,
about 100 times the search's own nodes (``docs/search.md``). This model is a conditional logit
over the legal actions of one decision,

    P(action | decision) = exp(w . f(action)) / sum over legal a' of exp(w . f(a')),

with features :func:`features` read from what the player to act knows (its hand, the trump,
the card led, the cards gone), and weights fitted by maximum likelihood to ``pimc``'s
decisions in self-play (``bench/schnapsen_policy.py``, which writes
``schnapsen_policy.json`` beside this module). A world's likelihood is the product of the
model's probabilities of the opponent's choices replayed in it: a few dot products per
choice, no search.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from importlib import resources
from typing import Any

from stich.bots.expert.inference import Informative, informative, rewound
from stich.core.actions import Action
from stich.core.cards import SUIT_MASK, SUIT_OF
from stich.core.game import Game
from stich.schnapsen.family import CARD_POINTS, DECK, STRENGTH, marriages_in

RANK_NAMES = ("J", "Q", "K", "T", "A")
"""The Schnapsen ranks by strength (S-1), as feature names."""

_PLAY = ("trump", *(f"rank_{r}" for r in RANK_NAMES), *(f"trump_{r}" for r in RANK_NAMES),
         "suit_length", "lowest_of_suit", "highest_of_suit", "breaks_marriage", "cheapest",
         "boss", "boss_points")
_FOLLOW = ("follows_suit", "wins", "wins_lead_points", "trumps_in", "cheapest_winner",
           "wins_with_boss")
_OTHER = ("exchange", "close", "close_points", "close_trumps", "close_hand_points",
          "close_stock", "marriage", "marriage_trump", "claim", "claim_points", "pass")
FEATURES: tuple[str, ...] = (*(f"lead_{name}" for name in _PLAY),
                             *(f"follow_{name}" for name in _PLAY + _FOLLOW), *_OTHER)
"""Every feature's name, in the order of :func:`features`' vector."""
_INDEX = {name: i for i, name in enumerate(FEATURES)}


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _points(mask: int) -> int:
    return sum(CARD_POINTS[c] for c in _bits(mask))


def features(game: Any, action: Action, legal: Sequence[Action]) -> list[float]:
    """The features of ``action`` (one of ``legal``) for the Schnapsen player to act in
    ``game``, from what that player knows: its hand, the trump and the trump card, the card
    led, the cards played so far (every player remembers the tricks, S-11 aside), its own
    points."""
    vector = [0.0] * len(FEATURES)
    for index, value in _sparse(game, action, legal).items():
        vector[index] = value
    return vector


def _sparse(game: Any, action: Action, legal: Sequence[Action]) -> dict[int, float]:
    """:func:`features` by index, the zeros left out."""
    seat = game.to_act
    vector: dict[int, float] = {}
    hand: int = game.hands[seat]
    verb = action.verb
    if verb != "play":
        if verb == "close":
            vector[_INDEX["close"]] = 1.0
            vector[_INDEX["close_points"]] = game.points[seat] / 66
            vector[_INDEX["close_trumps"]] = len(_bits(hand & SUIT_MASK[game.trump])) / 5
            vector[_INDEX["close_hand_points"]] = _points(hand) / 50
            vector[_INDEX["close_stock"]] = game.stock_size / 10
        elif verb == "marriage":
            vector[_INDEX["marriage"]] = 1.0
            vector[_INDEX["marriage_trump"]] = float(action.suit == game.trump)
        elif verb == "claim":
            vector[_INDEX["claim"]] = 1.0
            vector[_INDEX["claim_points"]] = game.points[seat] / 66
        elif verb in _INDEX:
            vector[_INDEX[verb]] = 1.0
        return vector
    card = action.card
    lead: int | None = game.lead
    trump: int = game.trump
    suit = SUIT_OF[card]
    prefix = "lead_" if lead is None else "follow_"

    def put(name: str, value: float) -> None:
        vector[_INDEX[prefix + name]] = value

    in_suit = hand & SUIT_MASK[suit]
    strengths = [STRENGTH[c] for c in _bits(in_suit)]
    gone = game.won[0] | game.won[1] | (0 if lead is None else 1 << lead)
    seen = hand | gone | (1 << game.trump_card if game.stock_size else 0)
    unseen_above = [c for c in _bits(DECK & ~seen & SUIT_MASK[suit])
                    if STRENGTH[c] > STRENGTH[card]]
    rank = RANK_NAMES[sorted(STRENGTH[c] for c in _bits(DECK & SUIT_MASK[suit])).index(
        STRENGTH[card])]
    is_trump = suit == trump
    put("trump", float(is_trump))
    put(f"rank_{rank}", 1.0)
    if is_trump:
        put(f"trump_{rank}", 1.0)
    put("suit_length", len(strengths) / 5)
    put("lowest_of_suit", float(STRENGTH[card] == min(strengths)))
    put("highest_of_suit", float(STRENGTH[card] == max(strengths)))
    put("breaks_marriage", float(any(SUIT_OF[card] == s and CARD_POINTS[card] in (3, 4)
                                     for s in marriages_in(hand))))
    legal_cards = [a.card for a in legal if a.verb == "play"]
    put("cheapest", float(CARD_POINTS[card] == min(CARD_POINTS[c] for c in legal_cards)))
    boss = not unseen_above
    put("boss", float(boss))
    put("boss_points", CARD_POINTS[card] / 11 if boss else 0.0)
    if lead is not None:
        led: int = lead

        def beats(c: int) -> bool:
            if SUIT_OF[c] == SUIT_OF[led]:
                return STRENGTH[c] > STRENGTH[led]
            return SUIT_OF[c] == trump

        wins = beats(card)
        put("follows_suit", float(suit == SUIT_OF[lead]))
        put("wins", float(wins))
        put("wins_lead_points", CARD_POINTS[lead] / 11 if wins else 0.0)
        put("trumps_in", float(wins and is_trump and SUIT_OF[lead] != trump))
        winners = [c for c in legal_cards if beats(c)]
        put("cheapest_winner", float(wins and CARD_POINTS[card] == min(
            CARD_POINTS[c] for c in winners)))
        put("wins_with_boss", float(wins and boss))
    return vector


@functools.cache
def weights() -> tuple[float, ...]:
    """The fitted weights (``schnapsen_policy.json``), in the order of :data:`FEATURES`; a
    feature the file does not name weighs nothing."""
    text = resources.files(__package__).joinpath("schnapsen_policy.json").read_text()
    named: dict[str, float] = json.loads(text)["weights"]
    return tuple(float(named.get(name, 0.0)) for name in FEATURES)


def log_probability(game: Game, action: Action, legal: Sequence[Action],
                    w: Sequence[float] | None = None) -> float:
    """The model's log probability that the player to act in ``game`` takes ``action``."""
    w = weights() if w is None else w
    scores = [sum(x * w[i] for i, x in sorted(_sparse(game, a, legal).items())) for a in legal]
    top = max(scores)
    total = sum(math.exp(s - top) for s in scores)
    return scores[legal.index(action)] - top - math.log(total)


def log_likelihood(world: Game, seats: Sequence[int], asks: Informative = informative,
                   w: Sequence[float] | None = None) -> float:
    """The log likelihood of the choices of ``seats`` in ``world`` under the model: the
    world's deal replayed from its first action (``inference.rewound``), the model asked at
    each choice that ``asks`` picks and that had more than one legal action."""
    replay, steps = rewound(world)
    total = 0.0
    for actor, action in steps:
        if actor in seats:
            legal = replay.legal_actions()
            if len(legal) > 1 and asks(replay, action):
                total += log_probability(replay, action, legal, w)
        replay.apply_legal(action)
    return total
