"""The race to 24 (B-7, D-1), and a Bauern- or Dreierschnapsen deal's outcome as typed values,
checked by B-4 to B-6 and D-1.

The engines book their finished deals through :meth:`RaceRules.party_points`, and so do the
score pads with outcomes entered by hand: one code path turns a deal into game points per
party (a team in B-7, a player in D-1), which :class:`RaceTo24` adds up. The contract table
comes from the game's rules (``stich.contract.match.race_rules``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from stich.core.game import DealResult
from stich.core.scoring.entry import EntryError, one_of, seat_in, whole

NORMAL = "normal"
"""The normal game (B-4): nobody announced; the caller's side plays for 66."""
REDEAL = "redeal"
"""Three Jacks: the same dealer deals again, nobody scores (B-2)."""
NORMAL_POINTS = (1, 2, 3)
"""B-4: by the losers' points, 33 or more, fewer with a trick, no trick."""
DOUBLING_FACTORS = (1, 2, 4, 8)
"""B-6: not doubled, gspritzt, retour, re."""


@dataclasses.dataclass(frozen=True)
class ContractValue:
    """What the rules say about a contract for scoring: its value and whether it is shown."""

    value: int
    shown: bool
    """Shown and won at once, without play and before any doubling (B-5)."""


@dataclasses.dataclass(frozen=True)
class RaceDeal:
    """One deal: the contract (``normal``, ``redeal`` or a B-5 name), its declarer (in the
    normal game the caller), whether his side won, the doubling factor, and the game points
    each winner scores (doubling included; for a contract derived from its value if None)."""

    contract: str
    declarer: int | None = None
    made: bool = True
    factor: int = 1
    points: int | None = None

    @classmethod
    def from_result(cls, result: DealResult) -> RaceDeal:
        """An engine's finished deal as the same typed outcome a score pad enters."""
        if result.reason == REDEAL:
            return cls(REDEAL)
        declarer = result.extra["declarer"]
        return cls(result.extra["contract"], declarer, declarer in result.winner,
                   result.extra["factor"], result.game_points[result.winner[0]])

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class RaceRules:
    """The seats, the parties that score together and the contracts in force."""

    seats: int
    parties: tuple[tuple[int, ...], ...]
    contracts: Mapping[str, ContractValue]
    """The contracts allowed (option ``contracts``), by name."""
    known: tuple[str, ...]
    """Every contract of B-5, allowed or not, in rank order."""

    def party_points(self, deal: RaceDeal) -> list[int]:
        """Game points per party for a deal; EntryError names what the rules cannot give."""
        if deal.contract == REDEAL:
            if deal.points:
                raise EntryError("a redeal scores nothing (B-2)")
            return [0] * len(self.parties)
        declarer = seat_in(deal.declarer, self.seats, "declarer")
        factor = one_of(whole(deal.factor, "doubling factor"), DOUBLING_FACTORS,
                        "doubling factor", "B-6")
        points = self._points(deal, factor)
        side = next(index for index, party in enumerate(self.parties) if declarer in party)
        winners = [side] if deal.made else [p for p in range(len(self.parties)) if p != side]
        return [points if party in winners else 0 for party in range(len(self.parties))]

    def _points(self, deal: RaceDeal, factor: int) -> int:
        if deal.contract == NORMAL:
            if deal.points is None:
                raise EntryError("the normal game needs its game points: 1, 2 or 3 (B-4)")
            possible = [p * factor for p in NORMAL_POINTS]
            if whole(deal.points, "game points") not in possible:
                if factor == 1:
                    raise EntryError(f"the normal game gives 1, 2 or 3 game points (B-4), "
                                     f"not {deal.points}")
                raise EntryError(f"the normal game gives 1, 2 or 3 times the factor {factor} "
                                 f"(B-4, B-6): {', '.join(map(str, possible))}, "
                                 f"not {deal.points}")
            return deal.points
        contract = self.contracts.get(deal.contract)
        if contract is None:
            if deal.contract in self.known:
                raise EntryError(f"{deal.contract} is not played under the option contracts "
                                 f"(B-5); played: {', '.join(self.contracts)}")
            raise EntryError(f"{deal.contract!r} is no contract; known: normal, redeal, "
                             f"{', '.join(self.contracts)} (B-5)")
        if contract.shown and factor != 1:
            raise EntryError(f"{deal.contract} is shown and won before anyone may double: "
                             f"factor 1 only (B-5, B-6)")
        if contract.shown and not deal.made:
            raise EntryError(f"{deal.contract} is won at once when shown: it cannot fail (B-5)")
        value = contract.value * factor
        if deal.points is not None and whole(deal.points, "game points") != value:
            times = f" times {factor} = {value} (B-5, B-6)" if factor > 1 else " (B-5)"
            raise EntryError(f"{deal.contract} gives {contract.value}{times}, not {deal.points}")
        return value


@dataclasses.dataclass
class RaceTo24:
    """Teams (B-7) or single players (D-1) race to ``target`` game points; the rest lose.

    The losers are the parties with the fewest points (ties share the Bummerl): 1 Bummerl,
    2 (Schneider) at 0 points, 4 (Retourschneider) if they all stood at ``target - 1`` while
    the sole winner still stood at 0. A match ends once a party holds ``limit`` Bummerl.
    """

    parties: int
    target: int = 24
    limit: int = 1
    score: list[int] = dataclasses.field(default_factory=list)
    bummerl: list[int] = dataclasses.field(default_factory=list)
    finished: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    """One entry per race played out: winners, losers, Bummerl each, the final score."""
    retour: int | None = None
    """The party that stood at 0 while every other stood one short of the target."""

    def __post_init__(self) -> None:
        self.score = self.score or [0] * self.parties
        self.bummerl = self.bummerl or [0] * self.parties

    def add(self, game_points: Sequence[int]) -> dict[str, Any] | None:
        """Book a deal's game points per party; return the race's outcome if it ended."""
        for party in range(self.parties):
            self.score[party] += game_points[party]
        winners = [p for p in range(self.parties) if self.score[p] >= self.target]
        if not winners:
            self._arm_retour()
            return None
        others = [p for p in range(self.parties) if p not in winners]
        low = min((self.score[p] for p in others), default=None)
        losers = [p for p in others if self.score[p] == low]
        if winners == [self.retour]:
            given, kind = 4, "retourschneider"
        elif low == 0:
            given, kind = 2, "schneider"
        else:
            given, kind = 1, "bummerl"
        for party in losers:
            self.bummerl[party] += given
        outcome = {"winners": winners, "losers": losers, "bummerl": given, "kind": kind,
                   "score": list(self.score)}
        self.finished.append(outcome)
        self.score = [0] * self.parties
        self.retour = None
        return outcome

    def book(self, deal: RaceDeal, rules: RaceRules) -> dict[str, Any] | None:
        """Check a deal's outcome (B-4 to B-6, D-1) and add it to the race (B-7, D-1); the one
        path for engines and score pads. Return the race's outcome if this deal ended one."""
        if self.match_over():
            raise EntryError("the match is already decided (B-7, D-1)")
        return self.add(rules.party_points(deal))

    def _arm_retour(self) -> None:
        at_zero = [p for p in range(self.parties) if self.score[p] == 0]
        if len(at_zero) == 1 and all(self.score[p] == self.target - 1
                                     for p in range(self.parties) if p != at_zero[0]):
            self.retour = at_zero[0]

    def match_over(self) -> bool:
        return max(self.bummerl) >= self.limit

    def match_winners(self) -> list[int]:
        """Once the match is over, the parties holding the fewest Bummerl; of several, those
        who won the last race if any of them did (D-1: the player who reached 24, not the
        one who merely escaped the Bummerl)."""
        if not self.match_over():
            return []
        fewest = min(self.bummerl)
        best = [p for p in range(self.parties) if self.bummerl[p] == fewest]
        last = [p for p in best if p in self.finished[-1]["winners"]]
        return last or best

    def state(self) -> dict[str, Any]:
        return {"score": list(self.score), "bummerl": list(self.bummerl),
                "finished": list(self.finished), "over": self.match_over()}
