"""Coiffeur scoring (J-11): each team's table of rows, one contract and factor per row.

A deal fills one open row of the declaring team with its card points (257 with Match) times
the row's factor; with the option ``opponents_score`` the other team's points stand in that
row as a negative figure. The game ends when both teams have filled every row. No engine plays
Coiffeur yet; a future engine books its deals here as the score pad does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from stich.core.scoring.entry import EntryError, seat_in, whole

TEAMS = 2
JOKER = "joker"
"""A row whose contract is chosen when declared, from the plain contracts (J-11)."""
STOECK_POINTS = 20
"""J-6, with the option ``stoeck``."""


@dataclasses.dataclass(frozen=True)
class CoiffeurRow:
    contract: str
    factor: int


@dataclasses.dataclass(frozen=True)
class CoiffeurRules:
    """The rows (J-11 presets or the option ``rows``) and the scoring options."""

    rows: tuple[CoiffeurRow, ...]
    plain: tuple[str, ...]
    """The contracts a Joker row may be played as: trump suits, Obenabe, Undenufe."""
    trump_contracts: frozenset[str]
    deal_points: int
    match_bonus: int
    opponents_score: bool = False
    stoeck: bool = False
    words: Mapping[str, str] = dataclasses.field(default_factory=dict, hash=False)
    """The word players use for each contract (``"H"``: ``"rosen"``), for the refusals."""

    def word(self, contract: str) -> str:
        return self.words.get(contract, contract)

    def title(self, contract: str) -> str:
        """The contract as a table shows it: ``Rosen``, ``Obenabe``, ``Joker``."""
        word = self.word(contract)
        return word[:1].upper() + word[1:]


@dataclasses.dataclass(frozen=True)
class CoiffeurDeal:
    """One deal: the declaring team, the row (1 = the first) it fills, the declaring team's
    card points (the last trick's 5 included, the Match bonus not), the team that took all
    nine tricks, the contract played (needed in a Joker row only) and the team with Stöck."""

    team: int
    row: int
    card_points: int
    match: int | None = None
    contract: str | None = None
    stoeck: int | None = None

    @classmethod
    def entered(cls, rules: CoiffeurRules, team: int, row: int, points: int,
                contract: str | None = None, stoeck: int | None = None) -> CoiffeurDeal:
        """As written at the table: 257 is the declaring team's Match (J-7, J-11)."""
        team = seat_in(team, TEAMS, "team")
        if whole(points, "card points") == rules.deal_points + rules.match_bonus:
            return cls(team, row, rules.deal_points, team, contract, stoeck)
        return cls(team, row, points, None, contract, stoeck)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def played(self, rules: CoiffeurRules) -> str:
        """The contract played: the row's, or the one named for a Joker row."""
        row = rules.rows[self.row - 1]
        if row.contract != JOKER:
            if self.contract not in (None, row.contract):
                raise EntryError(f"row {self.row} is {rules.title(row.contract)}, not "
                                 f"{rules.title(self.contract)} (J-11)")
            return row.contract
        if self.contract not in rules.plain:
            named = ("names no contract" if self.contract is None
                     else f"names {rules.word(self.contract)!r}")
            raise EntryError(f"row {self.row} is a Joker and {named}: choose one of "
                             f"{', '.join(map(rules.word, rules.plain))} (J-11)")
        return self.contract

    def checked(self, rules: CoiffeurRules) -> CoiffeurDeal:
        seat_in(self.team, TEAMS, "team")
        row = whole(self.row, "row")
        if not 1 <= row <= len(rules.rows):
            raise EntryError(f"row {row} does not exist: the table has rows 1 to "
                             f"{len(rules.rows)} (J-11)")
        contract = self.played(rules)
        points = whole(self.card_points, "card points")
        if not 0 <= points <= rules.deal_points:
            raise EntryError(f"{points} card points are impossible: a deal has "
                             f"{rules.deal_points} (J-1), {rules.deal_points + rules.match_bonus}"
                             f" only with Match (J-7)")
        if self.match is not None:
            match = seat_in(self.match, TEAMS, "Match team")
            taken = points if match == self.team else rules.deal_points - points
            if taken != rules.deal_points:
                raise EntryError(f"a Match takes all {rules.deal_points} card points (J-7)")
        if self.stoeck is not None:
            seat_in(self.stoeck, TEAMS, "Stöck team")
            if not rules.stoeck:
                raise EntryError("Stöck are off in Coiffeur (option stoeck, J-11)")
            if contract not in rules.trump_contracts:
                raise EntryError(f"no Stöck in {rules.title(contract)}: only with a trump suit "
                                 f"(J-6)")
        return self

    def figure(self, rules: CoiffeurRules) -> int:
        """What the row holds: the declaring team's points times the factor, less the other
        team's with ``opponents_score`` (J-11)."""
        raw = [0, 0]
        for team in range(TEAMS):
            raw[team] = self.card_points if team == self.team else (
                rules.deal_points - self.card_points)
            raw[team] += rules.match_bonus if self.match == team else 0
            raw[team] += STOECK_POINTS if self.stoeck == team else 0
        mine = raw[self.team] - (raw[1 - self.team] if rules.opponents_score else 0)
        return mine * rules.rows[self.row - 1].factor


@dataclasses.dataclass
class CoiffeurTable:
    """Both teams' rows: filled (with its figure) or still open."""

    rules: CoiffeurRules
    filled: tuple[dict[int, int], dict[int, int]] = dataclasses.field(
        default_factory=lambda: ({}, {}))
    played: tuple[dict[int, str], dict[int, str]] = dataclasses.field(
        default_factory=lambda: ({}, {}))
    """The contract each filled row was played as (a Joker row's is chosen, J-11)."""

    def book(self, deal: CoiffeurDeal) -> int:
        """Check a deal and write it in its row; the row's figure."""
        if self.is_over():
            raise EntryError("every row is filled: the game is over (J-11)")
        if deal.team in range(TEAMS) and deal.row in self.filled[deal.team]:  # before the rest
            open_rows = ", ".join(map(str, self.open_rows(deal.team))) or "none"
            raise EntryError(f"team {deal.team + 1} has filled row {deal.row} already; open: "
                             f"{open_rows} (J-11)")
        deal = deal.checked(self.rules)
        figure = deal.figure(self.rules)
        self.filled[deal.team][deal.row] = figure
        self.played[deal.team][deal.row] = deal.played(self.rules)
        return figure

    def open_rows(self, team: int) -> list[int]:
        return [row for row in range(1, len(self.rules.rows) + 1)
                if row not in self.filled[team]]

    def totals(self) -> list[int]:
        return [sum(rows.values()) for rows in self.filled]

    def is_over(self) -> bool:
        return not self.open_rows(0) and not self.open_rows(1)

    def winner(self) -> int | None:
        """The team with the higher total once every row is filled; None before or on a tie."""
        totals = self.totals()
        if not self.is_over() or totals[0] == totals[1]:
            return None
        return 0 if totals[0] > totals[1] else 1

    def state(self) -> dict[str, Any]:
        return {"rows": [{str(row): figure for row, figure in sorted(rows.items())}
                         for rows in self.filled],
                "totals": self.totals(), "over": self.is_over(), "winner": self.winner()}
