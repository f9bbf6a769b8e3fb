"""The ``schnapsen`` package's bots (VU Amsterdam's course package, ``schnapsen==0.0.5``) as
players of our Schnapsen: ``vu:rand``, ``vu:bully`` and ``vu:rdeep``
(``RdeepBot(num_samples=16, depth=4)``).

They play under the ``vu`` preset only, which makes our rules that package's
(``docs/rules/schnapsen.md``, "The vu preset"). At its turn a bot builds the package's
``GameState`` from what its seat knows and nothing else: a deal consistent with the seat's
information state (:func:`stich.core.game.sample_world`) is replayed through the package's
engine, for its scores, won cards, tricks and pending marriages, and then put in a canonical
form in which no card the seat has not seen has any say (:func:`vu_state`): own hand and talon
sorted, the opponent's cards the package counts as seen first, the others after. The
package's own ``make_assumption`` then deals the unseen cards at random, as it does in its
own games. The package's move comes back as our action (a marriage as the announcement, then
its King); the package ends a deal by itself when a trick takes its winner to 66, so these
bots claim at once after such a trick (S-8).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, cast

from stich.bots.base import Bot, BotFailure
from stich.core.actions import Action
from stich.core.cards import Card
from stich.core.game import Illegal, Observation, sample_world
from stich.core.knowledge import InfoState
from stich.core.options import RuleOptions
from stich.schnapsen.actions import CLAIM, EXCHANGE, MARRIAGE, PASS
from stich.schnapsen.family import WINNING_SCORE

if TYPE_CHECKING:
    from schnapsen.deck import Card as VUCard

    from schnapsen import game as vu
    from stich.schnapsen.game import Schnapsen

PREFIX = "vu:"
PRESET = "vu"
DEAL_RULES = ("closing", "marriage_lead", "exchange_at_two", "exchange_before_first_trick",
              "marriage_before_first_trick", "false_claim")
"""The options that decide the rules of a deal, which must be the ``vu`` preset's."""
RDEEP_SAMPLES, RDEEP_DEPTH = 16, 4
_SUITS = {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES"}
_RANKS = {"A": "ACE", "T": "TEN", "K": "KING", "Q": "QUEEN", "J": "JACK"}


def require_package() -> None:
    """ImportError naming the package when ``schnapsen`` is not installed."""
    try:
        import schnapsen.game  # noqa: F401
    except ImportError:
        raise ImportError("the vu: bots need the 'schnapsen' package: "
                          "pip install schnapsen==0.0.5") from None


def vu_card(card: Card) -> VUCard:
    from schnapsen.deck import Card as VUCard
    from schnapsen.deck import Rank, Suit

    return VUCard.get_card(Rank[_RANKS[card.name[1]]], Suit[_SUITS[card.name[0]]])


def our_card(card: Any) -> Card:
    suit = next(letter for letter, name in _SUITS.items() if name == card.suit.name)
    rank = next(letter for letter, name in _RANKS.items() if name == card.rank.name)
    return Card[suit + rank]


def _order(card: Any) -> tuple[int, int]:
    return (card.suit.value, card.rank.value)


def make_vu_bot(kind: str, rng: random.Random) -> vu.Bot:
    """The package's bot ``kind`` drawing from ``rng``."""
    from schnapsen.bots.bully_bot import BullyBot
    from schnapsen.bots.rand import RandBot
    from schnapsen.bots.rdeep import RdeepBot

    if kind == "rand":
        return RandBot(rand=rng)
    if kind == "bully":
        return BullyBot(rand=rng)
    return RdeepBot(num_samples=RDEEP_SAMPLES, depth=RDEEP_DEPTH, rand=rng)


def vu_state(world: Schnapsen, seat: int) -> tuple[vu.GameState, vu.Move | None]:
    """The package's state before the current trick, seen from ``seat``, and the leader's move
    when ``seat`` follows. ``world`` is any deal consistent with the seat's information: the
    result's unseen cards are placeholders that ``make_assumption`` deals afresh, in positions
    fixed by what the seat knows (the leak test in ``tests/bots/test_vu.py`` checks it)."""
    from schnapsen import deck
    from schnapsen import game as vu

    if world.started_at_position:
        raise ValueError("the vu: bots play dealt games only, not ones started from a position")

    class Silent(vu.Bot):
        def get_move(self, perspective: vu.PlayerPerspective,
                     leader_move: vu.Move | None) -> vu.Move:
            raise AssertionError("a replayed deal asks no bot")

    engine = vu.SchnapsenGamePlayEngine()
    tricks = cast(vu.SchnapsenTrickImplementer, engine.trick_implementer)
    forehand = 1 - world.dealer
    bots = {forehand: vu.BotState(Silent(), vu.Hand(map(vu_card, world.dealt[forehand]))),
            1 - forehand: vu.BotState(Silent(), vu.Hand(map(vu_card, world.dealt[1 - forehand])))}
    talon = vu.Talon([*map(vu_card, world.talon), vu_card(world.first_trump_card)])
    state = vu.GameState(leader=bots[forehand], follower=bots[1 - forehand], talon=talon,
                         previous=None)
    leader = forehand
    lead: vu.Move | None = None
    announced: str | None = None
    for _, action in world.history:
        if action.verb == "exchange":
            jack = deck.Card.get_card(deck.Rank.JACK, state.trump_suit)
            state = tricks.play_trick_with_fixed_leader_move(engine, state, vu.TrumpExchange(jack))
        elif action.verb == "marriage":
            announced = action.arg
        elif action.verb == "play" and lead is None:
            card = vu_card(action.card)
            lead = vu.Marriage(deck.Card.get_card(deck.Rank.QUEEN, card.suit), card) if announced \
                else vu.RegularMove(card)
            announced = None
        elif action.verb == "play":
            trick = vu.RegularTrick(leader_move=cast(Any, lead),
                                    follower_move=vu.RegularMove(vu_card(action.card)))
            state = tricks._apply_regular_trick(engine, state, trick)
            assert state.previous is not None
            leader = leader if state.previous.leader_remained_leader else 1 - leader
            lead = None
        else:
            raise ValueError(f"the vu preset has no {action.verb!r} before a deal ends")
    return _canonical(state, seat == leader, lead), lead


def _canonical(state: vu.GameState, i_lead: bool, lead: vu.Move | None) -> vu.GameState:
    """``state`` with its hidden cards' positions fixed by what the seat knows; the history
    keeps the tricks only (the package reads the cards seen from it)."""
    from schnapsen import game as vu

    mine, theirs = (state.leader, state.follower) if i_lead else (state.follower, state.leader)
    seen: set[Any] = set(mine.hand) | set(lead.cards if lead is not None else ())
    if state.talon.trump_card() is not None:
        seen.add(state.talon.trump_card())
    tricks: list[tuple[Any, bool]] = []
    link = state.previous
    while link is not None:
        tricks.append((link.trick, link.leader_remained_leader))
        seen.update(link.trick.cards)
        link = link.state.previous
    suit = state.trump_suit
    stub = vu.GameState(leader=vu.BotState(mine.implementation, vu.Hand([])),
                        follower=vu.BotState(mine.implementation, vu.Hand([])),
                        talon=vu.Talon([], suit), previous=None)
    history: vu.Previous | None = None
    for trick, remained in reversed(tricks):
        step = stub.copy_with_other_bots(mine.implementation, mine.implementation)
        step.previous = history
        history = vu.Previous(step, trick, remained)
    phase_two = state.talon.is_empty()
    known = sorted((c for c in theirs.hand if phase_two or c in seen), key=_order)
    unknown = sorted((c for c in theirs.hand if not (phase_two or c in seen)), key=_order)
    talon = list(state.talon)
    hidden_talon = sorted(talon[:-1], key=_order)
    me = vu.BotState(mine.implementation, vu.Hand(sorted(mine.hand, key=_order)), mine.score,
                     list(mine.won_cards))
    them = vu.BotState(theirs.implementation, vu.Hand([*known, *unknown]), theirs.score,
                       list(theirs.won_cards))
    leader, follower = (me, them) if i_lead else (them, me)
    return vu.GameState(leader=leader, follower=follower,
                        talon=vu.Talon([*hidden_talon, *talon[-1:]], suit), previous=history)


def vu_move(bot: vu.Bot, state: vu.GameState, lead: vu.Move | None) -> vu.Move:
    """The package's bot's move in ``state`` (as leader when ``lead`` is None)."""
    from schnapsen import game as vu

    engine = vu.SchnapsenGamePlayEngine()
    perspective: vu.PlayerPerspective = vu.LeaderPerspective(state, engine) if lead is None \
        else vu.FollowerPerspective(state, engine, lead)
    return bot.get_move(perspective, lead)


def our_action(move: vu.Move) -> Action:
    """The package's move as our action: a marriage is its announcement (the King follows)."""
    if move.is_trump_exchange():
        return EXCHANGE
    if move.is_marriage():
        return MARRIAGE[vu_suit_letter(move.as_marriage().suit)]
    return Action("play", our_card(move.as_regular_move().card).name)


def vu_suit_letter(suit: Any) -> Any:
    from stich.core.cards import Suit

    return Suit[next(letter for letter, name in _SUITS.items() if name == suit.name)]


class VUBot(Bot):
    """One of the package's bots at one of our Schnapsen seats (module docstring)."""

    NAME: ClassVar[str] = "vu"
    USES_INFO: ClassVar[bool] = True
    KIND: ClassVar[str] = "rdeep"

    def __init__(self, seed: int = 0) -> None:
        require_package()
        super().__init__(seed)
        self.seed = seed
        self.vu_bot = make_vu_bot(self.KIND, random.Random(seed))

    def rules_problem(self, options: RuleOptions) -> str | None:
        """Why these bots cannot play under ``options``: any but the ``vu`` preset's deal rules
        (the match's options, such as ``rubber``, are free)."""
        wanted = type(options).from_preset(PRESET) if options.GAME == "schnapsen" else None
        if wanted is None or any(getattr(options, name) != getattr(wanted, name)
                                 for name in DEAL_RULES):
            return (f"the vu: bots play Schnapsen under --preset {PRESET} only (the schnapsen "
                    f"package's rules), not {options.GAME} {options.preset}")
        return None

    def act(self, observation: Observation) -> Action:
        raise NotImplementedError("VUBot chooses from the information state")

    def choose(self, info: InfoState) -> Action:
        from stich.schnapsen.game import Schnapsen

        if problem := self.rules_problem(info.options):
            raise BotFailure(Illegal("S-11", problem))
        legal = info.observation().legal_actions
        world = cast(Schnapsen, sample_world(info, random.Random(self.seed)))
        if CLAIM in legal and world.score(info.seat) >= WINNING_SCORE:
            return CLAIM  # the package ends the deal here by itself (S-8)
        if PASS in legal:
            return PASS
        if world.announced is not None:  # the marriage's King, the one play left (S-5)
            (play,) = (action for action in legal if action.verb == "play")
            return play
        state, lead = vu_state(world, info.seat)
        action = our_action(vu_move(self.vu_bot, state, lead))
        if action not in legal:
            raise BotFailure(Illegal("S-12", f"vu:{self.KIND} chose {action}, not legal here"))
        return action


class VURand(VUBot):
    NAME = "vu:rand"
    KIND = "rand"


class VUBully(VUBot):
    NAME = "vu:bully"
    KIND = "bully"


class VURdeep(VUBot):
    NAME = "vu:rdeep"
    KIND = "rdeep"


BOTS: dict[str, type[VUBot]] = {"vu:rand": VURand, "vu:bully": VUBully, "vu:rdeep": VURdeep}
