"""Inference: how likely each sampled world makes the other side's earlier choices.

A uniformly sampled world honours every hard constraint (cards seen, proven voids), but not
what a choice says softly: a player who pushes in Jass has a weak hand, one who bids a
Bettel holds low cards, one who leads a trump Ace early rarely holds only small trumps.
The expert weights each world by the likelihood of the opponents' recorded choices under a
cheap policy model, the ``rules`` bot of the game, asked in that world at each such choice
(:func:`choices`). The world's deal is replayed from its start through the rules
(``Game.undo`` back to the first action, then forwards), so the model sees exactly the
information state the opponent had.

How far the model is trusted is learnt from the opponent (:class:`Agreement`): an opponent
takes the model's choice with a probability ``p`` (one for cards, one for other choices) and
any other legal choice with ``(1 - p) / (n - 1)`` each, so a world where the model would not
have made a choice that ``n`` legal choices had is weighted by ``(1 - p) / (p (n - 1))``
against one where it would. ``p`` starts at :data:`PRIOR` and is fitted to the opponent's
choices seen so far in the match by expectation maximisation over the sampled worlds: the
``rules`` bot's own choices fit the model in the real world and ``p`` rises (the worlds that
do not explain them fall away), another bot's or a person's fit less and the model weighs
less. Against ``pimc`` in Schnapsen the model predicts 46% of the cards and 64% of the other
choices (1 M nodes, 16 matches, seed 300, counted in the real deals), where fixed factors
had assumed about 57% and 98%.

Only the choices that say something and are cheap to model are asked (``informative``):
every choice before card play (trump, push, bids, talon and discard, doubling, Weis, the
Schnapsen exchange and close), leads, and in Schnapsen every card while the stock is open
(once the stock is exhausted every card is known to both players and a choice there says
nothing about hidden cards).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from stich.bots.base import Bot
from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.deal import ContractSchnapsen
from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.core.actions import Action
from stich.core.game import Game
from stich.jass.game import Jass
from stich.schnapsen.game import Schnapsen

KINDS = ("card", "other")
"""Cards played, and every other choice (bids, trump, push, discards, doubling, Weis,
exchange, close, marriages, claims): the model predicts them differently well."""
PRIOR = {"card": (6.0, 4.0), "other": (9.0, 1.0)}
"""Before anything is seen: the model's choice taken 6 times in 10 for a card and 9 in 10
for another choice, as a Beta prior worth 10 choices (a card that 4 legal cards allowed then
weighs 0.22, another choice among 6 weighs 0.02: the fixed factors that won 78.6% of
Bummerl against the ``rules`` bot)."""
FIT_ROUNDS = 8
"""Expectation-maximisation rounds per decision (the rates settle within a few)."""
RATE_LIMITS = {"card": (0.05, 0.75), "other": (0.05, 0.95)}
"""``p`` stays within these, so that no choice rules out a world on its own and a few
worlds that explain everything do not outweigh all the others (the weighted sample would
then be a handful of worlds)."""

Informative = Callable[[Game, Action], bool]


def informative(game: Game, action: Action) -> bool:
    """Whether the choice ``action`` (about to be taken in ``game``) is worth modelling."""
    return action.verb != "play" or _INFORMATIVE_PLAY[game.NAME](game)


def _schnapsen_play(game: Game) -> bool:
    """S-6: with the stock exhausted, nothing is hidden."""
    assert isinstance(game, Schnapsen)
    return game.stock_size > 0


def _contract_play(game: Game) -> bool:
    """A lead: a follower's card mostly follows the rules, not a choice (B-4)."""
    assert isinstance(game, ContractSchnapsen)
    return not game.trick


def _jass_play(game: Game) -> bool:
    """A lead (J-4), as in the contract games."""
    assert isinstance(game, Jass)
    return not game.trick


_INFORMATIVE_PLAY: dict[str, Callable[[Game], bool]] = {
    Schnapsen.NAME: _schnapsen_play, Bauernschnapsen.NAME: _contract_play,
    Dreierschnapsen.NAME: _contract_play, Jass.NAME: _jass_play}
"""Per game (``Game.NAME``): whether a card played now tells of the player's choice."""


@dataclasses.dataclass(frozen=True)
class Choices:
    """The modelled choices of the opponents in one world: per kind, how many the model
    would have made too, and the number of legal choices at each one it would not have."""

    matched: dict[str, int]
    missed: dict[str, tuple[int, ...]]
    ties: tuple[int, ...] = ()
    """For a model that finds several choices equally good (the solver): their number at each
    agreeing choice where it was more than one (such a choice weighs 1/b of a single best)."""

    def asked(self, kind: str) -> int:
        return self.matched[kind] + len(self.missed[kind])


def rewound(world: Game) -> tuple[Game, list[tuple[int, Action]]]:
    """A copy of ``world`` taken back to before its first action, and the actions to replay."""
    replay = world.clone()
    steps = list(replay.history)
    for _ in steps:
        replay.undo()
    return replay, steps


def choices(world: Game, models: dict[int, Bot], asks: Informative = informative) -> Choices:
    """Replay ``world`` from its first action and ask the model of every seat in ``models``
    at each of its choices that ``asks`` picks (and that had more than one legal action)."""
    replay, steps = rewound(world)
    matched = dict.fromkeys(KINDS, 0)
    missed: dict[str, list[int]] = {kind: [] for kind in KINDS}
    for actor, action in steps:
        model = models.get(actor)
        legal = len(replay.legal_actions()) if model is not None else 0
        if model is not None and legal > 1 and asks(replay, action):
            predicted = model.choose(replay.information_state(actor)) if model.USES_INFO \
                else model.act(replay.observation(actor))
            kind = "card" if action.verb == "play" else "other"
            if predicted == action:
                matched[kind] += 1
            else:
                missed[kind].append(legal)
        replay.apply_legal(action)
    return Choices(matched, {kind: tuple(ns) for kind, ns in missed.items()})


class Agreement:
    """How often the model predicts this match's opponents, per kind: a Beta estimate from
    :data:`PRIOR` and the choices seen in earlier deals (:meth:`learn`), refined within a
    deal by :meth:`fit`."""

    def __init__(self) -> None:
        self.counts = {kind: list(PRIOR[kind]) for kind in KINDS}
        self.deal: dict[str, tuple[float, float]] = {}

    def rates(self, extra: dict[str, tuple[float, float]] | None = None) -> dict[str, float]:
        """``p`` per kind, with ``extra`` (expected agreements, choices) counted in."""
        out = {}
        for kind in KINDS:
            low, high = RATE_LIMITS[kind]
            agreed, total = (extra or {}).get(kind, (0.0, 0.0))
            yes, no = self.counts[kind]
            out[kind] = min(high, max(low, (yes + agreed) / (yes + no + total)))
        return out

    @staticmethod
    def weight(seen: Choices, rates: dict[str, float]) -> float:
        """The likelihood of the opponents' choices in one world against a world where the
        model explains every one of them."""
        weight = 1.0
        for tied in seen.ties:
            weight /= tied
        for kind, legal in seen.missed.items():
            p = rates[kind]
            for n in legal:
                weight *= (1.0 - p) / (p * (n - 1))
        return weight

    def fit(self, worlds: Sequence[tuple[Choices, int]]) -> list[float]:
        """The weights of ``worlds`` (each with the times it was drawn) under the rates
        fitted to them (expectation maximisation: the weights give the expected number of
        the model's choices, which give the rates); the fitted deal is kept for
        :meth:`learn`."""
        extra: dict[str, tuple[float, float]] = {}
        weights = [float(count) for _, count in worlds]
        for _ in range(FIT_ROUNDS):
            rates = self.rates(extra)
            weights = [count * self.weight(seen, rates) for seen, count in worlds]
            total = sum(weights)
            if total <= 0.0:
                break
            pairs = list(zip(weights, (seen for seen, _ in worlds), strict=True))
            extra = {kind: (sum(w * seen.matched[kind] for w, seen in pairs) / total,
                            sum(w * seen.asked(kind) for w, seen in pairs) / total)
                     for kind in KINDS}
        self.deal = extra
        return weights

    def learn(self) -> None:
        """A deal is over: its last fit becomes part of what is known of the opponents."""
        for kind, (agreed, total) in self.deal.items():
            self.counts[kind][0] += agreed
            self.counts[kind][1] += total - agreed
        self.deal = {}


def likelihood(world: Game, models: dict[int, Bot], asks: Informative = informative,
               rates: dict[str, float] | None = None) -> float:
    """The weight of ``world`` under fixed rates (the prior's unless given)."""
    return Agreement.weight(choices(world, models, asks), rates or Agreement().rates())


def solver_choices(world: Game, seats: Sequence[int], native: bool | None = None,
                   asks: Informative = informative) -> tuple[Choices, int]:
    """As :func:`choices`, with the solver as the model (``ExpertBot.MODEL = "solver"``): with
    every card of ``world`` open, a card-play choice of a seat in ``seats`` agrees where the
    solver values it as highly as any legal action, the way an opponent that searches (as
    ``pimc`` does) decides. Of ``n`` legal choices with ``b`` best, an agreeing one weighs
    ``1/b`` (``Choices.ties``), another counts as one of ``n - b`` (stored as ``n - b + 1``
    legal choices, so that :meth:`Agreement.weight` gives it ``(1 - p) / (p (n - b))``).
    Returns the choices and the nodes searched: every past position is solved, the deal's
    first ones the costliest (about 500,000 nodes a world on average in Schnapsen)."""
    from stich import search
    from stich.bots.pimc import KERNEL_VERBS

    replay, steps = rewound(world)
    matched = dict.fromkeys(KINDS, 0)
    missed: dict[str, list[int]] = {kind: [] for kind in KINDS}
    ties: list[int] = []
    nodes = 0
    for actor, action in steps:
        legal = replay.legal_actions()
        if (actor in seats and len(legal) > 1 and asks(replay, action)
                and search.in_card_play(replay) and all(a.verb in KERNEL_VERBS for a in legal)):
            analysis = search.analyze(replay, native)
            nodes += analysis.nodes
            values = dict(analysis.values)
            top = max(values.values())
            best = sum(values[a] >= top for a in legal)
            kind = "card" if action.verb == "play" else "other"
            if values[action] >= top:
                matched[kind] += 1
                if best > 1:
                    ties.append(best)
            else:
                missed[kind].append(len(legal) - best + 1)
        replay.apply_legal(action)
    return Choices(matched, {kind: tuple(ns) for kind, ns in missed.items()}, tuple(ties)), nodes
