"""jass-kit's player service (HSLU), both ways: its observation JSON from our Jass and back.

jass-kit (``pip install jass-kit``) plays Schieber with an HTTP "player service": the host
POSTs a ``GameObservation`` as JSON to ``URL/action_trump`` or ``URL/action_play_card`` and
the player answers ``{"trump": N}`` or ``{"card": "HA"}``. Its rules are the card play of
Schieber (J-2 to J-4) with the four trumps, Obenabe, Undenufe and the push (J-3); it has **no
Weis and no Stöck** (J-5, J-6), and its points are card points with the last trick's 5.

- :class:`JassKitBot` (``jasskit:URL``) plays one of our Jass seats by asking such a service;
  it never announces a Weis (announcing is each player's choice, J-5).
- :func:`info_state` reads jass-kit's observation into our information state, so that
  ``stich engine --serve-jasskit PORT`` answers jass-kit's hosts with our bots
  (:mod:`stich.engine.jasskit`), under our options without Weis and Stöck.

Seats: ours play 0, 1, 2, 3 in turn; jass-kit numbers its players clockwise and plays
counter-clockwise (``next_player = [3, 0, 1, 2]``), so our seat ``s`` is its player
``(-s) % 4`` and back. Cards: our ``HT`` is its ``H10``; suits keep their letters.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from stich.bots.base import Bot, BotFailure
from stich.core.actions import Action
from stich.core.cards import Card
from stich.core.game import Illegal, Observation
from stich.core.knowledge import InfoState

if TYPE_CHECKING:
    from stich.jass.cards import Contract
    from stich.jass.game import Jass

PREFIX = "jasskit:"
FORMAT_VERSION = "V0.2"
"""The version of jass-kit's observation JSON this module reads and writes."""

TRUMP_IDS = {"trump D": 0, "trump H": 1, "trump S": 2, "trump C": 3, "trump obenabe": 4,
             "trump undenufe": 5, "push": 10}
"""Our contract actions and jass-kit's trump numbers (its ``PUSH`` is 10)."""
TRUMP_ACTIONS = {number: Action.parse(text) for text, number in TRUMP_IDS.items()}
TIMEOUT_S = 10.0


class JassKitError(ValueError):
    """An observation that jass-kit's format does not allow, or one our rules cannot follow."""


def kit_seat(seat: int) -> int:
    """Our seat as jass-kit's player number, and back (the map is its own inverse)."""
    return (-seat) % 4


def kit_card(card: Card) -> str:
    name = card.name
    return name[0] + ("10" if name[1] == "T" else name[1])


def our_card(text: Any) -> Card:
    if not isinstance(text, str) or len(text) not in (2, 3):
        raise JassKitError(f"not a jass-kit card: {text!r}")
    code = text[0] + ("T" if text[1:] == "10" else text[1:])
    try:
        return Card[code]
    except KeyError:
        raise JassKitError(f"not a jass-kit card: {text!r}") from None


# --- our information state as jass-kit's observation ------------------------------------------
def observation(info: InfoState) -> dict[str, Any]:
    """What ``info``'s seat knows, as jass-kit's ``GameObservation.to_json`` writes it."""
    from stich.jass.cards import LAST_TRICK_BONUS, points_of, winner_index
    from stich.jass.game import JassObservation

    seen = info.observation()
    if not isinstance(seen, JassObservation):
        raise JassKitError(f"jass-kit plays Schieber, not {info.game}")
    dealer, forehand, contract = seen.dealer, seen.forehand, seen.contract
    pushed, chooser = seen.pushed, seen.chosen_by
    trump = -1 if contract is None else TRUMP_IDS[_contract_action(contract)]
    kit_forehand = 0 if pushed else (1 if chooser is not None else -1)
    plays = [(e.seat, e.cards[0]) for e in info.kinds("play") if e.seat is not None]
    if plays and contract is None:
        raise JassKitError("cards were played before a trump was chosen")
    tricks: list[dict[str, Any]] = []
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        entry: dict[str, Any] = {"cards": [kit_card(card) for _, card in trick],
                                 "first": kit_seat(trick[0][0])}
        if len(trick) == 4 and contract is not None:
            cards = [int(card) for _, card in trick]
            winner = trick[winner_index(cards, contract)][0]
            mask = sum(1 << card for card in cards)
            entry["points"] = points_of(mask, contract) + (
                LAST_TRICK_BONUS if start == 32 else 0)
            entry["win"] = kit_seat(winner)
        tricks.append(entry)
    if len(plays) % 4 == 0 and len(plays) < 36 and contract is not None:  # who leads next
        first = forehand if not plays else _last_winner(plays, contract)
        tricks.append({"first": kit_seat(first)})
    hand = [kit_card(card) for card in seen.hand]
    players: list[dict[str, Any]] = [{"hand": []} for _ in range(4)]
    players[kit_seat(info.seat)] = {"hand": hand}
    return {"version": FORMAT_VERSION, "trump": trump, "dealer": kit_seat(dealer),
            "currentPlayer": kit_seat(info.seat), "playerView": kit_seat(info.seat),
            "forehand": kit_forehand, "tricks": tricks, "player": players,
            "jassTyp": "SCHIEBER"}


def _contract_action(contract: Contract) -> str:
    name = contract.name.lower()
    return f"trump {name}" if name in ("obenabe", "undenufe") else f"trump {contract.name}"


def _last_winner(plays: Sequence[tuple[int, Card]], contract: Contract) -> int:
    from stich.jass.cards import winner_index

    trick = plays[-4:]
    return trick[winner_index([int(card) for _, card in trick], contract)][0]


# --- jass-kit's observation as our information state ------------------------------------------
def info_state(data: Any) -> InfoState:
    """The information state of the observation's player, under our options without Weis and
    Stöck (jass-kit has neither); JassKitError names what the observation gets wrong."""
    return world(data).information_state(kit_seat(_int(data, "playerView")))


def world(data: Any) -> Jass:
    """A deal whose history is the observation's: the viewer's hand as dealt (its hand now and
    the cards it played), each other seat holding the cards it played and the rest of the
    unseen cards (any of them: the viewer's information state does not depend on it)."""
    from stich.jass.game import Jass

    if not isinstance(data, dict) or data.get("version") != FORMAT_VERSION:
        raise JassKitError(f"not a jass-kit observation of version {FORMAT_VERSION}")
    view = kit_seat(_int(data, "playerView"))
    dealer = kit_seat(_int(data, "dealer"))
    trump, kit_forehand = _int(data, "trump"), _int(data, "forehand")
    hands_now = data.get("player")
    if not isinstance(hands_now, list) or len(hands_now) != 4:
        raise JassKitError("'player' must list four players")
    hand = [our_card(c) for c in (hands_now[kit_seat(view)] or {}).get("hand", [])]
    plays: list[tuple[int, Card]] = []
    tricks = data.get("tricks")
    if not isinstance(tricks, list) or len(tricks) > 9:
        raise JassKitError("'tricks' must be a list of at most nine tricks")
    for trick in tricks:
        if not isinstance(trick, dict):
            raise JassKitError("a trick must be an object")
        cards = trick.get("cards", [])
        if not cards:
            continue
        first = kit_seat(int(trick.get("first", -1)))
        plays.extend(((first + k) % 4, our_card(card)) for k, card in enumerate(cards))
    dealt: list[list[Card]] = [[], [], [], []]
    dealt[view].extend(hand)
    for seat, card in plays:
        dealt[seat].append(card)
    used = {card for cards in dealt for card in cards}
    if len(used) != sum(map(len, dealt)):
        raise JassKitError("a card is held or played twice")
    rest = iter(sorted(set(Card) - used))
    for seat in range(4):
        while len(dealt[seat]) < 9:
            dealt[seat].append(next(rest))
        if len(dealt[seat]) != 9:
            raise JassKitError(f"player {kit_seat(seat)} holds and played more than 9 cards")
    game = Jass(dealt, dealer, Jass.OPTIONS.from_preset(None, weis=False, stoeck=False))
    if kit_forehand == 0:
        game.apply_legal(Action("push"))
    if trump != -1:
        if trump not in TRUMP_ACTIONS or trump == 10:
            raise JassKitError(f"unknown trump {trump}")
        game.apply_legal(TRUMP_ACTIONS[trump])
    elif plays:
        raise JassKitError("cards were played before a trump was chosen")
    for seat, card in plays:
        if game.current_player() != seat:
            raise JassKitError(f"player {kit_seat(seat)} played {kit_card(card)} out of turn")
        game.apply_legal(Action("play", card.name))
    return game


def _int(data: Any, key: str) -> int:
    value = data.get(key) if isinstance(data, dict) else None
    if not isinstance(value, int) or isinstance(value, bool):
        raise JassKitError(f"'{key}' must be a whole number")
    return value


def kit_answer(action: Action) -> dict[str, Any]:
    """Our action as jass-kit's answer: ``{"trump": N}`` or ``{"card": "HA"}``."""
    if action.verb == "play":
        return {"card": kit_card(Card[action.arg])}
    if str(action) in TRUMP_IDS:
        return {"trump": TRUMP_IDS[str(action)]}
    raise JassKitError(f"jass-kit has no action for {action}")


# --- a jass-kit service as one of our players -------------------------------------------------
class JassKitBot(Bot):
    """A Jass seat played by a jass-kit player service at ``url`` (``.../jass/players/NAME``)."""

    NAME = "jasskit"
    USES_INFO: ClassVar[bool] = True

    def __init__(self, seed: int = 0, *, url: str, timeout: float = TIMEOUT_S) -> None:
        super().__init__(seed)
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.requests = 0

    def act(self, observation: Observation) -> Action:  # pragma: no cover - USES_INFO
        raise NotImplementedError("a jass-kit player is asked with the information state")

    def choose(self, info: InfoState) -> Action:
        legal = info.legal_actions()
        choosing = [a for a in legal if str(a) in TRUMP_IDS]
        if choosing:
            number = self._ask("action_trump", info, "trump")
            action = TRUMP_ACTIONS.get(number) if isinstance(number, int) else None
            if action is None or action not in legal:
                allowed = ", ".join(str(TRUMP_IDS[str(a)]) for a in choosing)
                raise self._failure(f"answered trump {number!r}, which is not allowed now "
                                    f"(allowed: {allowed})")
            return action
        plays = [a for a in legal if a.verb == "play"]
        if not plays:  # a decision jass-kit does not know (none in our options' Schieber)
            return legal[0]
        text = self._ask("action_play_card", info, "card")
        try:
            action = Action("play", our_card(text).name)
        except JassKitError:
            raise self._failure(f"answered card {text!r}, which is no card") from None
        if action not in legal:
            raise self._failure(f"answered card {text!r}, which may not be played now")
        return action

    def _ask(self, route: str, info: InfoState, key: str) -> Any:
        body = json.dumps(observation(info)).encode()
        request = urllib.request.Request(f"{self.url}/{route}", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        self.requests += 1
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                answer = json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            raise self._failure(f"answered HTTP {error.code} to {route}") from None
        except (urllib.error.URLError, TimeoutError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise self._failure(f"could not be reached for {route}: {reason}") from None
        except ValueError:
            raise self._failure(f"answered {route} with no JSON") from None
        if not isinstance(answer, dict) or key not in answer:
            raise self._failure(f"answered {route} without {key!r}")
        return answer[key]

    def _failure(self, what: str) -> BotFailure:
        return BotFailure(Illegal("engine", f"jass-kit player {self.url} {what}"))
