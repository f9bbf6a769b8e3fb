"""Pads for the Schnapsen games: the Bummerl counter (S-10) and the race to 24 (B-7, D-1).

Both draw as players draw them on paper: a column per player (or team) of the numbers he
stands at, each crossed out when the next is written, and a ring per Bummerl given.
"""

from __future__ import annotations

from typing import Any, ClassVar

from stich.contract.bauernschnapsen import Bauernschnapsen
from stich.contract.deal import ContractSchnapsen
from stich.contract.dreierschnapsen import Dreierschnapsen
from stich.contract.match import race_rules
from stich.contract.race import NORMAL, NORMAL_POINTS, REDEAL, RaceDeal, RaceTo24
from stich.contract.race_ends import race_end, race_match_end, race_match_start
from stich.core.options import RuleOptions
from stich.core.scoring.entry import EntryError
from stich.schnapsen.game import SchnapsenOptions
from stich.schnapsen.scoring import BummerlCounter, SchnapsenDeal, bummerl_end, rubber_end
from stich.tafel.pad import Pad, Said, fields, number, pick

WON = ("won", "w", "made", "+")
LOST = ("lost", "l", "failed", "-")
RING = "●"
"""A Bummerl as drawn beside a name."""


def column_text(numbers: list[int]) -> str:
    """A column as written: each number crossed out (``-7-``) but the last."""
    return " ".join([*(f"-{n}-" for n in numbers[:-1]), str(numbers[-1])])


class SchnapsenPad(Pad):
    """Two players count down from 7 (S-10): who won a deal and how many game points."""

    GAME = "schnapsen"
    TITLE = "Schnapsen: Bummerl counter"
    OPTIONS = SchnapsenOptions
    PLAYERS = (2,)
    HELP = ("A deal: the winner (number or name) and his game points 1, 2 or 3 (S-9), "
            "e.g. '1 2' or 'anna 3'.")
    options: SchnapsenOptions

    def _reset(self) -> None:
        o = self.options
        self.counter = BummerlCounter(o.bummerl_start, o.schneider_bummerl, o.rubber)
        self.columns: list[list[int]] = [[o.bummerl_start], [o.bummerl_start]]

    def _apply(self, entry: dict[str, Any]) -> None:
        if entry["kind"] != "deal":
            raise EntryError(f"a Schnapsen pad has deals only, not {entry['kind']!r}")
        deal = SchnapsenDeal(**fields(entry, "winner", "game_points"))
        outcome = self.counter.book(deal)
        start = self.options.bummerl_start
        if outcome is None:
            self.columns[deal.winner].append(self.counter.remaining[deal.winner])
            return
        rubber = rubber_end(self.counter, self.names)
        self._ended(bummerl_end(outcome, self.names, start) + (f" {rubber}" if rubber else ""))
        if rubber is None:
            self.columns = [[start], [start]]
        else:  # the last Bummerl stays on the board as it ended
            self.columns[deal.winner].append(start - outcome["score"][deal.winner])

    def parse(self, line: str) -> dict[str, Any]:
        words = line.split()
        if len(words) != 2:
            raise EntryError("a deal is two words: the winner and his game points, e.g. '1 2'")
        return {"kind": "deal", "winner": self.seat(words[0]),
                "game_points": number(words[1], "game points")}

    def describe(self, entry: dict[str, Any]) -> str:
        return f"{self.names[entry['winner']]} wins {entry['game_points']}"

    def text(self, entry: dict[str, Any]) -> str:
        return f"{entry['winner'] + 1} {entry['game_points']}"

    def is_over(self) -> bool:
        return self.counter.rubber_winner() is not None

    def board_text(self) -> str:
        return "\n".join(
            f"{name:<20} {column_text(self.columns[seat])}   Bummerl "
            f"{RING * self.counter.bummerl[seat]}" for seat, name in enumerate(self.names))

    def scores(self, seat: int | None = None) -> dict[str, Any]:
        return {"columns": self.columns, "bummerl": self.counter.bummerl,
                "remaining": self.counter.remaining, "start": self.options.bummerl_start,
                "rubber": self.options.rubber, "winner": self.counter.rubber_winner()}

    def result_line(self) -> str:
        rubber = rubber_end(self.counter, self.names)
        if rubber is not None:
            return rubber
        return "; ".join(f"{name} {left} to go, {self.counter.bummerl[seat]} Bummerl"
                         for seat, (name, left) in
                         enumerate(zip(self.names, self.counter.remaining, strict=True)))


class RacePad(Pad):
    """Bauern- or Dreierschnapsen: each deal's contract, declarer, outcome and doubling."""

    GAME_CLASS: ClassVar[type[ContractSchnapsen]]
    RULE: ClassVar[str]
    """Where the rules say how the race is scored: B-7, or D-1 for three players."""
    HELP = ("A deal: the contract (normal, bettler, gang ... or redeal), its declarer (number or "
            "name; {normal}), 'won' or 'lost', the doubling x2, x4 or x8, and in the normal "
            "game its game points 1, 2 or 3 before doubling (B-4 to B-6). E.g. 'normal 2 3', "
            "'gang anna lost x2', 'normal 1 2 x2' (4 written), 'redeal'.")
    DECLARER = "in the normal game the caller, or any player of the winning team"
    """Who is named in the normal game: with partners (B-4) any player of the winning team."""
    options: Any

    def _reset(self) -> None:
        self.rules = race_rules(self.GAME_CLASS, self.options)
        self.race = RaceTo24(len(self.rules.parties), limit=self.options.match_bummerl)
        self.columns: list[list[int]] = [[0] for _ in self.rules.parties]

    def _apply(self, entry: dict[str, Any]) -> None:
        if entry["kind"] != "deal":
            raise EntryError(f"a {self.GAME} pad has deals only, not {entry['kind']!r}")
        deal = RaceDeal(**fields(entry, "contract", "declarer", "made", "factor", "points"))
        outcome = self.race.book(deal, self.rules)
        if outcome is not None:
            down = self.options.count_down
            match = race_match_end(self.race, self.party_names(), self.RULE, down)
            self._ended(match or race_end(outcome, self.party_names(), self.race.target,
                                          self.RULE, down))
            if match is None:
                self.columns = [[0] for _ in self.rules.parties]
                return
        scores = outcome["score"] if outcome is not None else self.race.score
        for party, score in enumerate(scores):  # a finished match stays on the board
            if score != self.columns[party][-1]:
                self.columns[party].append(score)

    def parse(self, line: str) -> dict[str, Any]:
        words = line.lower().split()
        if not words:
            raise EntryError("empty entry: " + self.HELP.format(normal=self.DECLARER))
        names = {name: name for name in (NORMAL, REDEAL, *self.rules.known)}
        contract = pick(words[0], names, "contract")
        if contract == REDEAL:
            if len(words) > 1:
                raise EntryError("a redeal is the one word 'redeal' (B-2)")
            return {"kind": "deal", "contract": REDEAL}
        if len(words) < 2:
            raise EntryError(f"{contract}: name its declarer too, e.g. '{contract} 1'")
        said = Said()
        for word in words[2:]:
            if word in WON or word in LOST:
                said.put("outcome", word, word in WON, "a deal is won or lost")
            elif word.startswith("x"):
                said.put("doubling", word, number(word[1:], "the doubling after x"),
                         "one doubling, x2, x4 or x8 (B-6)")
            elif word.lstrip("-").isdigit():
                said.put("game points", word, int(word),
                         "one number of game points, before doubling (B-4, B-5)")
            else:
                raise EntryError(f"{word!r}: after the declarer come 'won' or 'lost', the "
                                 f"doubling x2, x4 or x8 and the game points (B-4 to B-6)")
        entry: dict[str, Any] = {"kind": "deal", "contract": contract,
                                 "declarer": self.seat(words[1]), "made": said.get("outcome", True),
                                 "factor": said.get("doubling", 1)}
        if "game points" in said.values:  # the line gives them before doubling
            typed = said.get("game points")
            if entry["factor"] != 1:  # refused in the number typed, not the doubled one
                self._check_undoubled(contract, typed)
            entry["points"] = typed * entry["factor"]
        return entry

    def _check_undoubled(self, contract: str, typed: int) -> None:
        """The line's game points come before doubling (B-4 to B-6): a wrong one is named as
        typed."""
        if contract == NORMAL:
            if typed not in NORMAL_POINTS:
                raise EntryError(f"the normal game gives 1, 2 or 3 game points before doubling "
                                 f"(B-4), not {typed}")
            return
        known = self.rules.contracts.get(contract)
        if known is not None and typed != known.value:
            raise EntryError(f"{contract} gives {known.value} before doubling (B-5), "
                             f"not {typed}")

    def text(self, entry: dict[str, Any]) -> str:
        if entry["contract"] == REDEAL:
            return REDEAL
        words = [entry["contract"], str(entry["declarer"] + 1)]
        if not entry.get("made", True):
            words.append("lost")
        factor = entry.get("factor", 1)
        if factor != 1:
            words.append(f"x{factor}")
        if entry.get("points") is not None:
            words.append(str(entry["points"] // factor if factor else entry["points"]))
        return " ".join(words)

    def party_names(self) -> list[str]:
        return [self.party_name(p) for p in range(len(self.rules.parties))]

    def party_name(self, party: int) -> str:
        return " & ".join(self.names[seat] for seat in self.rules.parties[party])

    def describe(self, entry: dict[str, Any]) -> str:
        if entry["contract"] == REDEAL:
            return "redeal (B-2)"
        doubled = f" x{entry['factor']}" if entry.get("factor", 1) > 1 else ""
        outcome = "won" if entry.get("made", True) else "lost"
        points = self.rules.party_points(RaceDeal(**fields(
            entry, "contract", "declarer", "made", "factor", "points")))
        gained = ", ".join(f"{self.party_name(p)} +{n}" for p, n in enumerate(points) if n)
        return (f"{entry['contract']} by {self.names[entry['declarer']]}{doubled} "
                f"{outcome}: {gained}")

    def is_over(self) -> bool:
        return self.race.match_over()

    def shown(self, score: int) -> int:
        """B-7 option count_down: the race shown counting down from 24."""
        return self.race.target - score if self.options.count_down else score

    def board_text(self) -> str:
        return "\n".join(
            f"{self.party_name(party):<20} "
            f"{column_text([self.shown(s) for s in self.columns[party]])}   Bummerl "
            f"{RING * self.race.bummerl[party]}" for party in range(len(self.rules.parties)))

    def scores(self, seat: int | None = None) -> dict[str, Any]:
        return {"parties": [self.party_name(p) for p in range(len(self.rules.parties))],
                "columns": [[self.shown(s) for s in column] for column in self.columns],
                "bummerl": self.race.bummerl, "score": self.race.score,
                "target": self.race.target, "count_down": self.options.count_down,
                "finished": self.race.finished, "over": self.race.match_over()}

    def result_line(self) -> str:
        match = race_match_end(self.race, self.party_names(), self.RULE,
                               self.options.count_down)
        if match is not None:
            return match
        return "; ".join(f"{self.party_name(p)} {self.shown(s)}, {self.race.bummerl[p]} Bummerl"
                         for p, s in enumerate(self.race.score))

    def entry_help(self) -> str:
        start = race_match_start(self.options.match_bummerl, self.rules, self.race.target,
                                 self.RULE)
        return f"{self.HELP.format(normal=self.DECLARER)}\n{start}"


class BauernschnapsenPad(RacePad):
    GAME = "bauernschnapsen"
    TITLE = "Bauernschnapsen: race to 24"
    GAME_CLASS = Bauernschnapsen
    RULE = "B-7"
    OPTIONS: ClassVar[type[RuleOptions]] = Bauernschnapsen.OPTIONS
    PLAYERS = (4,)


class DreierschnapsenPad(RacePad):
    GAME = "dreierschnapsen"
    TITLE = "Dreierschnapsen: race to 24"
    GAME_CLASS = Dreierschnapsen
    RULE = "D-1"
    DECLARER = "in the normal game the caller, 'lost' when the other two won (D-1)"
    OPTIONS: ClassVar[type[RuleOptions]] = Dreierschnapsen.OPTIONS
    PLAYERS = (3,)
