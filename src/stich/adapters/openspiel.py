"""The four games registered with OpenSpiel (``import stich.adapters.openspiel``).

``pyspiel.load_game("python_stich_schnapsen")`` (and ``..._bauernschnapsen``,
``..._dreierschnapsen``, ``..._jass``) is one deal with explicit chance: the chance outcomes are
the cards, drawn one by one without replacement, and the cards in the order drawn are dealt as
the game deals a shuffled deck (:mod:`stich.adapters.dealing`), so the chance outcomes
``shuffled(deck, s)`` make exactly ``stich.new_game(game, seed=s, dealer=d)``'s deal. Player
actions are the ids of the game's action space (``Game.ACTION_SPACE``); the returns are the
zero-sum utilities at the end (``Game.utilities``). Parameters:

- ``preset`` (the game's first preset if empty) and ``options`` (``name=value`` pairs joined
  by ``;``, as the command line's ``--option``; in a game string ``name:value``, since
  OpenSpiel reads ``=`` there itself): the rules in force, as
  ``python_stich_jass(preset=turnier,options=weis:false;stoeck:false)``;
- ``dealer``: the dealer of the deal (seat 0 by default);
- ``match``: a whole match (deals booked as ``stich.core.match`` books them, chance dealing
  each deal); the returns are then 1 for the match's winners, 0 for the others, minus the mean.

Information-state and observation strings and tensors come from the game's observer
(``stich.core.observer``); ``resample_from_infostate`` draws a world with
``Game.sample_world`` (exactly uniform over the deals the player cannot rule out), which is
what OpenSpiel's ISMCTS asks for (docs/research.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
import pyspiel

from stich import GAMES
from stich.adapters.dealing import CardDealing
from stich.adapters.episode import deal_text, game_class, match_class, match_utilities
from stich.core.cards import Card
from stich.core.game import Game
from stich.core.match import Match
from stich.core.options import OptionsError, RuleOptions, parse_option_pairs
from stich.core.records import RecordError

__all__ = ["GAME_NAMES", "StichGame", "StichState", "load"]

GAME_NAMES = {name: f"python_stich_{name}" for name in GAMES}
"""Each game's OpenSpiel short name."""

_MATCH_DEALS = 200
"""Deals a match may take in ``max_game_length`` (a loose bound: a Schnapsen rubber or a race
to 24 takes a dozen or two, a Jass game to 2500 about twenty)."""


def _contract_points(options: RuleOptions) -> int:
    """B-5, B-6: the dearest contract (or the 3 of a forfeit) times the highest factor."""
    from stich.contract.auction import DOUBLING_STEPS
    from stich.contract.contracts import TABLE

    return max(3, *(contract.value for contract in TABLE)) * 2 * max(DOUBLING_STEPS)


def _jass_points(options: RuleOptions) -> int:
    """J-6..J-8: every card point and the match bonus, Stöck, and every Weis the whole deck
    holds (more than one team can score), times the highest multiplier."""
    from stich.core.cards import FULL_DECK
    from stich.jass.options import JassOptions
    from stich.jass.weis import weis_in, weis_points

    assert isinstance(options, JassOptions)
    weis = sum(weis_points(mask) for mask in weis_in(FULL_DECK))
    factor = max(int(word) for word in options.multipliers.split(","))
    return (157 + options.match_bonus + 20 + weis) * factor


_MAX_POINTS: dict[str, Callable[[RuleOptions], int]] = {
    "schnapsen": lambda options: 3,  # S-9: at most 3 game points; a revoke costs 3 (S-12)
    "bauernschnapsen": _contract_points,
    "dreierschnapsen": _contract_points,
    "jass": _jass_points,
}
"""An upper bound of the game points of one deal (OpenSpiel's utility bounds)."""


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=GAME_NAMES[name], long_name=f"stich {name.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.SEATS, min_num_players=cls.SEATS,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"preset": "", "options": "", "dealer": 0, "match": False})


def _options(cls: type[Game], preset: str, text: str) -> RuleOptions:
    """The rules from the ``preset`` and ``options`` parameters (``name=value`` or, inside an
    OpenSpiel game string, ``name:value`` pairs joined by ``;``); ValueError names a bad one."""
    pairs = [pair.strip() for pair in text.split(";") if pair.strip()]
    try:
        named = parse_option_pairs([pair if "=" in pair else pair.replace(":", "=", 1)
                                    for pair in pairs])
        return cls.OPTIONS.from_preset(preset or None, **named)
    except OptionsError as error:
        raise ValueError(str(error)) from None


class StichGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One of the four games (a subclass per game names it); see the module."""

    NAME: ClassVar[str]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        cls = game_class(self.NAME)
        self.rules = cls
        self.options = _options(cls, str(params.get("preset", "")),
                                str(params.get("options", "")))
        self.match = bool(params.get("match", False))
        self.dealer = int(params.get("dealer", 0))
        if not 0 <= self.dealer < cls.SEATS:
            raise ValueError(f"dealer must be a seat from 0 to {cls.SEATS - 1}, "
                             f"not {self.dealer}")
        self.dealing = CardDealing(cls.deal(0, self.dealer, self.options))
        """How a deal is dealt from the chance outcomes (the first deal of a match learns its
        own: the match decides its dealer)."""
        cards = self.dealing.size
        bound = 1.0 if self.match else float(_MAX_POINTS[self.NAME](self.options))
        deal_length = cards + 8 * cards  # loose: every game has far fewer actions than that
        info = pyspiel.GameInfo(
            num_distinct_actions=cls.num_distinct_actions(),
            max_chance_outcomes=max(self.dealing.deck.bit_length(), 1),
            num_players=cls.SEATS, min_utility=-bound, max_utility=bound, utility_sum=0.0,
            max_game_length=deal_length * (_MATCH_DEALS if self.match else 1))
        super().__init__(_TYPES[self.NAME], info, params)

    def new_initial_state(self) -> StichState:
        return StichState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> StichObserver:
        return StichObserver(self, iig_obs_type, params)


class _Held:
    """The deal inside a state: OpenSpiel clones a Python state by deep-copying its
    attributes, and a deal's copy is its ``clone()`` (its state values are immutable)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.clone())


class StichState(pyspiel.State):  # type: ignore[misc]
    """A deal (or a match) being dealt or played."""

    def __init__(self, game: StichGame) -> None:
        super().__init__(game)
        self.cards: list[int] = []
        """This deal's chance outcomes so far (cards in the order drawn)."""
        self._held: _Held | None = None
        self._world: Game | None = None
        """A resampled deal as dealt, to take once its cards are drawn again."""
        self.match: Match | None = None
        self.finished: list[list[str]] = []
        """In a match: each finished deal's information-state string per seat."""
        self.deal_start = 0
        """Where this deal's chance outcomes start in ``history()``."""
        self.dealing: CardDealing | None = None
        """In a match: how this deal is dealt (None: the game's)."""
        if game.match:
            self.match = match_class(game.NAME)(
                [f"Seat {i}" for i in range(game.rules.SEATS)], 0, game.options, game.dealer)
            self.dealing = CardDealing(self.match.new_deal())

    @property
    def deal(self) -> Game | None:
        """The deal once every card is drawn (None while dealing)."""
        return None if self._held is None else self._held.game

    @property
    def _game(self) -> StichGame:
        game: StichGame = self.get_game()
        return game

    def _deal_from(self) -> CardDealing:
        return self.dealing if self.dealing is not None else self._game.dealing

    # --- the OpenSpiel interface -----------------------------------------------------------
    def current_player(self) -> int:
        deal = self.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return deal.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        assert self.deal is not None and player == self.deal.current_player()
        return sorted(self.deal.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(self._remaining())
        p = 1.0 / len(left)
        return [(card, p) for card in left]

    def _remaining(self) -> list[int]:
        drawn = set(self.cards)
        return [card for card in self._deal_from().cards if card not in drawn]

    def _apply_action(self, action: int) -> None:
        held = self._held
        if held is None:
            dealing = self._deal_from()
            if not dealing.deck >> action & 1 or action in self.cards:
                raise ValueError(f"chance outcome {action} is not a card left to deal")
            self.cards.append(action)
            if len(self.cards) == dealing.size:
                world, self._world = self._world, None
                self._held = _Held(world if world is not None
                                   else self._dealt([Card(card) for card in self.cards]))
            return
        deal = held.game
        move = deal.id_to_action(action)
        why = deal.why_illegal(move)
        if why is not None:
            raise ValueError(f"action {action} ({move}) is illegal: {why}")
        deal.apply_legal(move)
        if deal.is_terminal() and self.match is not None:
            self._book(deal)

    def _dealt(self, cards: list[Card]) -> Game:
        """The deal the drawn cards make (in a match, with the dealer its rules accept)."""
        dealing = self._deal_from()
        if self.match is None:
            return dealing.deal(cards)
        match, template = self.match, dealing.template
        for dealer in (template.dealer, *range(len(template.hands))):
            if not match.deals:
                match.first_dealer = dealer  # J-2: the first dealer follows from the cards
            record = dealing.record(cards, dealer)
            try:
                match.check_next(record)
            except RecordError:
                continue
            return dealing.game_class.from_record(record)
        raise AssertionError("no dealer fits the match's rules")  # pragma: no cover

    def _book(self, deal: Game) -> None:
        """A match's deal is over: book it, and deal the next unless the match is decided."""
        assert self.match is not None
        self.match.finish_deal(deal)
        self.finished.append([str(deal.information_state(seat)) for seat in range(deal.SEATS)])
        if not self.match.is_over():
            self._held, self.cards = None, []
            self.deal_start = len(self.history()) + 1  # the action being applied counts
            self.dealing = CardDealing(self.match.new_deal())

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(action).name}"
        return str(self._game.rules.id_to_action(action))

    def is_terminal(self) -> bool:
        return self.deal is not None and self.deal.is_terminal()

    def returns(self) -> list[float]:
        seats = self._game.rules.SEATS
        if not self.is_terminal():
            return [0.0] * seats
        if self.match is not None:
            return list(match_utilities(self.match, seats))
        assert self.deal is not None
        return list(self.deal.utilities())

    def __str__(self) -> str:
        """The deal as dealt and every action since (the whole state: for debugging)."""
        if self.deal is None:
            text = f"dealing: {' '.join(Card(card).name for card in self.cards)}"
        else:
            text = deal_text(self.deal)
        if self.match is not None:
            text = f"match {self.match.state()} | {text}"
        return text

    # --- what ISMCTS asks for --------------------------------------------------------------
    def resample_from_infostate(self, player: int, sampler: Any = None) -> StichState:
        """A state ``player`` cannot tell from this one, the deal drawn uniformly among those
        consistent with what it has seen (``sample_world``); earlier deals of a match are kept
        as they were (they no longer bear on the play). ``sampler`` is OpenSpiel's and unused:
        the world is drawn from a seed taken from NumPy's global generator, as OpenSpiel's
        Python bots draw theirs."""
        if self.deal is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(np.random.randint(2**62)))
        world = type(self.deal).sample_world(self.deal.information_state(player), rng)
        moves = [world.action_to_id(move) for _, move in world.history]
        while world.history:  # the world as dealt: what its cards deal (CardDealing.deal)
            world.undo()
        state: StichState = self._game.new_initial_state()
        for action in self.history()[:self.deal_start]:
            state.apply_action(action)
        cards = self._deal_from().order(world)
        state._world = world
        for card in cards:
            state.apply_action(int(card))
        for move in moves:
            state.apply_action(move)
        return state


_KINDS = {  # (private, public, perfect recall) -> the observer's kind
    (True, True, True): "information_state",
    (True, True, False): "observation",
    (False, True, False): "public",
    (False, True, True): "public_history",
    (True, False, False): "private",
    (True, False, True): "private",
}


class StichObserver:
    """OpenSpiel's PyObserver over the game's observer: ``tensor``, ``dict`` (the slices by
    name), ``set_from`` and ``string_from``."""

    def __init__(self, game: StichGame, iig_obs_type: Any, params: dict[str, Any] | None
                 ) -> None:
        if params:
            raise ValueError(f"stich observers take no parameters, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("stich observers show one seat's private information or none")
        key = (private == pyspiel.PrivateInfoType.SINGLE_PLAYER, bool(iig_obs_type.public_info),
               bool(iig_obs_type.perfect_recall))
        if key not in _KINDS:
            raise ValueError(f"no stich observer for {iig_obs_type}")
        self.observer = game.rules.make_observer(_KINDS[key], game.options)
        self.recall = key[2]
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict = {name: self.tensor[piece.start:piece.stop]
                     for name, piece in self.observer.slices().items()}

    def set_from(self, state: StichState, player: int) -> None:
        """The tensor of ``state`` as ``player`` sees it (zeros while the cards are dealt)."""
        if state.deal is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = np.frombuffer(self.observer.packed(state.deal, player), np.float32)

    def string_from(self, state: StichState, player: int) -> str:
        if state.deal is None:
            now = f"dealing, {len(state.cards)} cards dealt"
        else:
            now = self.observer.string(state.deal, player)
        if state.match is None:
            return now
        earlier = " || ".join(deal[player] for deal in state.finished) if self.recall else ""
        return f"match {state.match.state()} || {earlier} || {now}"


_TYPES = {name: _game_type(name) for name in GAMES}


def _register() -> dict[str, type[StichGame]]:
    classes = {}
    for name in GAMES:
        cls = type(f"Stich{name.capitalize()}Game", (StichGame,), {"NAME": name})
        pyspiel.register_game(_TYPES[name], cls)
        classes[name] = cls
    return classes


GAME_CLASSES = _register()


def load(name: str, **params: Any) -> Any:
    """``pyspiel.load_game`` by our game name: ``load("schnapsen", preset="sharp")``."""
    return pyspiel.load_game(GAME_NAMES[game_class(name).NAME], params)

