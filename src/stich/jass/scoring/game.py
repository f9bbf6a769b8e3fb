"""A Schieber deal's outcome as typed values, and the game to the target it is written into.

The Jass engine books each finished deal through :meth:`JassScore.book`, and so does the score
pad with deals entered by hand: the contract, each team's card points, Match, Weis and Stöck
(J-5 to J-7), multiplied by the contract's factor (J-9) and written on the teams' Z (J-8). An
entry is applied in the order J-7 gives, Stöck, Weis, then the tricks, so a game that ends
inside an entry ends as at the table. The rules' numbers come from ``stich.jass.match.jass_rules``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from stich.core.game import DealResult
from stich.core.scoring.entry import EntryError, seat_in, whole
from stich.jass.scoring.board import ZBoard

TEAMS = 2
STOECK_POINTS = 20
"""J-6."""


@dataclasses.dataclass(frozen=True)
class JassRules:
    """What scoring needs from J-1 and J-5 to J-9 under the options in force."""

    target: int
    factors: Mapping[str, int]
    """Each contract's factor, by the contract's word (J-9)."""
    trump_contracts: frozenset[str]
    """The contracts with a trump suit, where Stöck exists (J-6)."""
    deal_points: int
    """Card points of a deal, the last trick's 5 included (J-1)."""
    match_bonus: int
    weis_values: frozenset[int]
    """What one Weis can be worth (J-5)."""
    weis: bool = True
    stoeck: bool = True


@dataclasses.dataclass(frozen=True)
class JassDeal:
    """One deal: the contract's word, each team's card points (the last trick's 5 included,
    the Match bonus not), the team that took every trick, each team's Weis (before the factor),
    the team that scored Stöck, and, where both teams reach the target with their tricks, the
    team that got there first (J-7)."""

    contract: str
    card_points: tuple[int, int]
    match: int | None = None
    weis: tuple[int, int] = (0, 0)
    stoeck: int | None = None
    first: int | None = None

    @classmethod
    def entered(cls, rules: JassRules, contract: str, team: int, points: int,
                weis: tuple[int, int] = (0, 0), stoeck: int | None = None,
                first: int | None = None) -> JassDeal:
        """A deal as written at the table: one team's card points, the other's derived
        (157 minus them); 257 is a Match (J-7)."""
        team = seat_in(team, TEAMS, "team")
        points = whole(points, "card points")
        full, match_total = rules.deal_points, rules.deal_points + rules.match_bonus
        match = None
        if points == match_total:
            match, points = team, full
        elif not 0 <= points <= full:
            raise EntryError(f"{points} card points are impossible: a deal has {full} (J-1), "
                             f"{match_total} only with Match (J-7)")
        cards = [full - points, full - points]
        cards[team] = points
        return cls(contract, (cards[0], cards[1]), match, weis, stoeck, first)

    @classmethod
    def from_result(cls, result: DealResult) -> JassDeal:
        """An engine's finished deal (team 0 = seats 0 and 2) as the same typed outcome."""
        extra = result.extra
        match = extra["match"][0] % 2 if extra["match"] else None
        stoeck = next((team for team in (0, 1) if extra["stoeck"][team]), None)
        return cls(extra["contract"], (result.card_points[0], result.card_points[1]), match,
                   (extra["weis"][0], extra["weis"][1]), stoeck)

    def to_dict(self) -> dict[str, Any]:
        return {"contract": self.contract, "card_points": list(self.card_points),
                "match": self.match, "weis": list(self.weis), "stoeck": self.stoeck,
                "first": self.first}

    def checked(self, rules: JassRules) -> JassDeal:
        """The deal if J-1 and J-5 to J-9 allow it; EntryError otherwise (one line)."""
        if self.contract not in rules.factors:
            raise EntryError(f"{self.contract!r} is no contract; known: "
                             f"{', '.join(rules.factors)} (J-3)")
        cards = [whole(p, "card points") for p in self.card_points]
        if len(cards) != TEAMS or min(cards) < 0 or sum(cards) > rules.deal_points:
            raise EntryError(f"card points {cards} are impossible: a deal has "
                             f"{rules.deal_points} in all (J-1)")
        if self.match is not None:
            team = seat_in(self.match, TEAMS, "Match team")
            if cards[team] != rules.deal_points or cards[1 - team]:
                raise EntryError(f"a Match takes all {rules.deal_points} card points (J-7); "
                                 f"got {cards}")
        self._check_weis(rules)
        if self.stoeck is not None:
            seat_in(self.stoeck, TEAMS, "Stöck team")
            if not rules.stoeck:
                raise EntryError("Stöck are switched off (option stoeck, J-9)")
            if self.contract not in rules.trump_contracts:
                raise EntryError(f"no Stöck in {self.contract}: only with a trump suit (J-6)")
        if self.first is not None:
            seat_in(self.first, TEAMS, "first team")
        return self

    def _check_weis(self, rules: JassRules) -> None:
        weis = [whole(w, "Weis") for w in self.weis]
        if len(weis) != TEAMS or min(weis) < 0:
            raise EntryError(f"Weis {weis} must be two numbers, not negative")
        if any(weis) and not rules.weis:
            raise EntryError("Weis are switched off (option weis, J-9)")
        if all(weis):
            raise EntryError("only the team with the best Weis scores Weis (J-5); "
                             f"got {weis[0]} and {weis[1]}")
        for value in weis:
            if value and value not in weis_sums(rules.weis_values, value):
                listed = ", ".join(map(str, sorted(rules.weis_values)))
                raise EntryError(f"Weis {value} is no sum of Weis values ({listed}; J-5)")

    def written(self, rules: JassRules) -> list[list[int]]:
        """What each team writes on its Z (J-8): Stöck, Weis, then its cards, times the
        contract's factor; nothing for a part that is 0."""
        factor = rules.factors[self.contract]
        parts: list[list[int]] = [[], []]
        for team in range(TEAMS):
            stoeck = STOECK_POINTS if self.stoeck == team else 0
            bonus = rules.match_bonus if self.match == team else 0
            for raw in (stoeck, self.weis[team], self.card_points[team] + bonus):
                if raw:
                    parts[team].append(raw * factor)
        return parts


@lru_cache(maxsize=64)
def weis_sums(values: frozenset[int], limit: int) -> frozenset[int]:
    """Every total up to ``limit`` that some Weis add up to."""
    reachable = {0}
    for total in range(1, limit + 1):
        if any(total - v in reachable for v in values if v <= total):
            reachable.add(total)
    return frozenset(reachable)


@dataclasses.dataclass
class JassScore:
    """One Jass game to the target: each team's entries on its Z, its score, the winner."""

    rules: JassRules
    entries: tuple[list[int], list[int]] = dataclasses.field(default_factory=lambda: ([], []))
    winner: int | None = None
    decided_by: str | None = None
    """What took the winner to the target (J-7): ``stoeck``, ``weis``, ``tricks``, ``first``
    (both teams with their tricks; the table said who got there first) or ``correction``."""

    @property
    def scores(self) -> list[int]:
        return [sum(self.entries[0]), sum(self.entries[1])]

    def boards(self) -> tuple[ZBoard, ZBoard]:
        """Each team's Z as written so far (J-8)."""
        return ZBoard.from_entries(self.entries[0]), ZBoard.from_entries(self.entries[1])

    def book(self, deal: JassDeal) -> dict[str, Any]:
        """Check a deal and write it (J-7, J-8); the one path for the engine and score pads.

        The game ends at the first step that takes a team to the target: Stöck, then Weis,
        then the tricks. Card points short of the deal's 157 are only possible when the game
        ends inside the deal (the rest was never played)."""
        if self.winner is not None:
            raise EntryError("the game is already decided (J-7)")
        deal = deal.checked(self.rules)
        winner, how = self._winner(deal)
        if winner is None and sum(deal.card_points) != self.rules.deal_points:
            raise EntryError(f"the card points make {sum(deal.card_points)}, not "
                             f"{self.rules.deal_points} (J-1), and the game does not end in "
                             f"this deal")
        if winner is None and deal.first is not None:
            raise EntryError("'first' only decides when both teams reach the target with their "
                             "tricks (J-7)")
        written = deal.written(self.rules)
        for team in range(TEAMS):
            self.entries[team].extend(written[team])
        self.winner = winner
        self.decided_by = how if winner is not None else None
        return {"written": written, "scores": self.scores, "winner": winner}

    def _winner(self, deal: JassDeal) -> tuple[int | None, str]:
        """J-7: Stöck counts first, then Weis, then the tricks; the winner and which."""
        factor = self.rules.factors[deal.contract]
        target = self.rules.target
        score = self.scores
        if deal.stoeck is not None:
            score[deal.stoeck] += STOECK_POINTS * factor
            if score[deal.stoeck] >= target:
                return deal.stoeck, "stoeck"
        for team in range(TEAMS):
            score[team] += deal.weis[team] * factor
            if deal.weis[team] and score[team] >= target:
                return team, "weis"
        for team in range(TEAMS):
            bonus = self.rules.match_bonus if deal.match == team else 0
            score[team] += (deal.card_points[team] + bonus) * factor
        reached = [team for team in range(TEAMS) if score[team] >= target]
        if len(reached) == 2:
            if deal.first is None:
                raise EntryError(f"both teams reach {target} with their tricks: say which got "
                                 f"there first (J-7)")
            return deal.first, "first"
        return (reached[0] if reached else None), "tricks"

    def correct(self, team: int, amount: int) -> None:
        """A correction written as a number beside the Z (J-8), such as -1."""
        team = seat_in(team, TEAMS, "team")
        if whole(amount, "correction") == 0:
            raise EntryError("a correction of 0 changes nothing")
        if self.winner is not None:
            raise EntryError("the game is already decided (J-7)")
        self.entries[team].append(amount)
        if self.scores[team] >= self.rules.target:
            self.winner = team
            self.decided_by = "correction"
