"""One episode for the research front ends: a deal, or a whole match, stepped by integer ids.

PettingZoo, Gymnasium and OpenSpiel all step a game by integer action ids
(``Game.ACTION_SPACE``) and pay rewards when it ends. :class:`Episode` is that loop once for
all three: the deal (or the match's deals in turn, as ``stich.core.match`` deals them), an
illegal id forfeiting the deal as the rules price a revoke (S-12, docs/knowledge/), and the
zero-sum utilities at the end. The games are looked up here and nowhere else in
``stich.adapters``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stich.core.dealing import derive_seed, fresh_seed
from stich.core.game import TERMINAL, Game
from stich.games import canonical_name, game_class, match_class

if TYPE_CHECKING:
    from stich.bots.base import Bot
    from stich.core.match import Match
    from stich.core.observer import Observer
    from stich.core.options import RuleOptions

__all__ = ["Episode", "bot_action", "deal_text", "game_class", "match_class", "match_utilities",
           "rules_for"]


def rules_for(name: str, preset: str | None, options: dict[str, Any]) -> tuple[
        type[Game], RuleOptions]:
    """The game class and its options; ValueError names an unknown game, preset or option."""
    try:
        cls = game_class(name)
    except KeyError as error:
        raise ValueError(str(error).strip("\"'")) from None
    return cls, cls.OPTIONS.from_preset(preset, **options)


def match_utilities(match: Match, seats: int) -> tuple[float, ...]:
    """A finished match's zero-sum utilities: 1 for each seat of the side that won the most
    units (Bummerl, races, games: the match's winners), 0 for the others, minus the mean (as
    ``Game.utilities`` does with game points)."""
    won = [0] * seats
    for winners in match.unit_winners():
        for seat in winners:
            won[seat] += 1
    best = max(won)
    flags = [1.0 if w == best and best > 0 else 0.0 for w in won]
    mean = sum(flags) / seats
    return tuple(flag - mean for flag in flags)


def bot_action(bot: Bot, game: Game) -> int:
    """The action id ``bot`` chooses for the seat to act in ``game``, from that seat's view
    only (its information state or its observation, as ``stich.play.driver`` asks)."""
    seat = game.current_player()
    action = (bot.choose(game.information_state(seat)) if bot.USES_INFO
              else bot.act(game.observation(seat)))
    return game.action_to_id(action)


def deal_text(game: Game) -> str:
    """The deal as dealt and every action since, on one line (all hands: an onlooker's or a
    debugger's view, never a seat's)."""
    record = game.to_record()
    dealt = "/".join(".".join(hand) for hand in record.hands)
    rest = ".".join([*record.stock, *filter(None, [record.trump_card])])
    moves = "; ".join(f"{seat} {action}" for seat, action in record.actions)
    return f"{game.NAME} dealer={record.dealer} {dealt} rest={rest or '-'} | {moves}"


class Episode:
    """A deal (``match`` False) or a whole match of one game, by integer action ids."""

    def __init__(self, name: str, preset: str | None = None, match: bool = False,
                 **options: Any) -> None:
        self.name = canonical_name(name)
        self.game_class, self.options = rules_for(name, preset, options)
        self.seats = self.game_class.SEATS
        self.match_mode = match
        self.match: Match | None = None
        self.game: Game
        self.deals = 0
        """Deals started in this episode (1 for a single deal)."""
        self._legal: list[int] | None = None
        """The legal ids of the state now, once asked (an environment asks for the mask and
        then steps: the rules are asked once)."""
        self._seed: int | None = None
        self._resets = 0

    def reset(self, seed: int | None) -> None:
        """An environment's reset: ``reset(seed=s)`` deals ``new_game(seed=s)``'s deal, and
        each later reset without a seed one derived from ``s`` (``deal_seed``); never seeded,
        a fresh seed each time."""
        if seed is not None:
            self._seed, self._resets = seed, 0
        deal_seed = None if self._seed is None else self.deal_seed(self._seed, self._resets)
        self._resets += 1
        self.start(deal_seed)

    def start(self, seed: int | None) -> None:
        """A new deal or match from ``seed`` (None: a fresh one); the deal is exactly
        ``stich.new_game(name, preset, seed=seed, **options)``'s, the match is the one
        ``Match(seats, seed)`` deals."""
        seed = fresh_seed() if seed is None else seed
        if self.match_mode:
            self.match = match_class(self.name)(
                [f"Seat {i}" for i in range(self.seats)], seed, self.options)
            self.game = self.match.new_deal()
        else:
            self.game = self.game_class.deal(
                seed, options=self.options)
        self.deals = 1
        self._legal = None

    def observer(self, kind: str) -> Observer:
        """The game's observer of ``kind`` under the episode's options
        (``stich.core.observer``: ``observation``, ``information_state``, ``public`` ...)."""
        return self.game_class.make_observer(kind, self.options)

    def begin(self, game: Game) -> None:
        """Start from a deal built elsewhere (OpenSpiel's chance nodes deal it)."""
        self.game = game
        self.deals += 1
        self._legal = None

    # --- state -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, or TERMINAL once the deal (or the match) is over."""
        return self.game.current_player()

    def is_over(self) -> bool:
        return self.game.current_player() == TERMINAL

    def deal_over(self) -> bool:
        """The current deal is over (in a match: the next deal waits for :meth:`next_deal`)."""
        return self.game.is_terminal()

    def utilities(self) -> tuple[float, ...]:
        """Zero-sum utilities: the deal's (``Game.utilities``) or, in a match, 1 for its winners
        (:func:`match_utilities`); zeros until the episode is over."""
        if self.match is None:
            return self.game.utilities()
        if not self.match.is_over():
            return (0.0,) * self.seats
        return match_utilities(self.match, self.seats)

    def legal_ids(self) -> list[int]:
        """The ids of the actions the seat to act may take (``Game.legal_action_ids``)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self.game.legal_action_ids()
        return legal

    # --- stepping --------------------------------------------------------------------------
    def step(self, action_id: int) -> None:
        """Take ``action_id`` for the seat to act. An id the rules refuse now forfeits the deal
        for that seat as the game prices a revoke (``Game.forfeit``: S-12 and its kin); an id
        outside the action space is a ValueError. In a match a finished deal is booked and the
        next one dealt."""
        game = self.game
        legal = self._legal
        self._legal = None
        if legal is not None and action_id in legal:  # asked for the mask: legal, in range
            game.apply_legal(game.ACTION_SPACE.actions[action_id])
        else:
            seat = game.current_player()
            if seat == TERMINAL:
                raise ValueError("the episode is over: reset it")
            space = game.ACTION_SPACE
            if not 0 <= action_id < len(space):
                raise ValueError(f"action id {action_id} is outside 0..{len(space) - 1}")
            action = space.action(action_id)
            why = game.why_illegal(action)
            if why is None:
                game.apply_legal(action)
            else:
                game.forfeit(seat, why)
        if self.match is not None and game.is_terminal():
            self.finish_deal(deal_next=True)

    def finish_deal(self, deal_next: bool) -> None:
        """Book the finished deal in the match and (``deal_next``) deal the next one."""
        assert self.match is not None
        self.match.finish_deal(self.game)
        if deal_next and not self.match.is_over():
            self.begin(self.match.new_deal())

    # --- bots ------------------------------------------------------------------------------
    def ask(self, bot: Bot) -> int:
        """The action id ``bot`` chooses for the seat to act, from that seat's view only."""
        return bot_action(bot, self.game)

    def deal_seed(self, seed: int, number: int) -> int:
        """The seed of the ``number``-th reset after ``reset(seed=seed)``."""
        return seed if number == 0 else derive_seed(seed, "reset", number)
