"""The options of Coiffeur (J-11) and Differenzler (J-12), and their scoring rules.

No engine plays these variants yet; their scoring lives in ``stich.jass.scoring`` beside the
Schieber's. This module holds what the Jass rules know about them: the presets and options,
and the card points of a deal (J-1) the scoring checks against.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, ClassVar

from stich.core.options import OptionsError, RuleOptions, choice
from stich.jass.cards import TOTAL_POINTS, Contract
from stich.jass.game import JassOptions
from stich.jass.scoring.coiffeur import JOKER, CoiffeurRow, CoiffeurRules
from stich.jass.scoring.differenzler import DifferenzlerRules

MATCH_BONUS = JassOptions.match_bonus
"""Match: all nine tricks, 257 for the cards (J-7, J-11)."""
PLAIN = tuple(contract.word for contract in (Contract.D, Contract.H, Contract.S, Contract.C,
                                              Contract.OBENABE, Contract.UNDENUFE))
"""J-11's plain contracts in the order of its table: Eicheln, Rosen, Schilten, Schellen,
Obenabe, Undenufe."""
EXTRA_ROWS = ("slalom", "guschti", JOKER)
SWISS_NAMES = {"eicheln": "D", "rosen": "H", "schilten": "S", "schellen": "C",
               "obenabe": "obenabe", "undenufe": "undenufe"}
"""The contracts as players name them (J-1 suits, J-3): what a pad's line and the option
``rows`` write; the notation's letters D H S C are read too."""
ROW_NAMES = {**SWISS_NAMES, **{row: row for row in EXTRA_ROWS}}
"""Every row J-11 defines, by the word that names it."""
WORDS = {contract: name for name, contract in ROW_NAMES.items()}
"""The word for each contract or row (``"H"``: ``"rosen"``)."""
COIFFEUR_8 = ",".join([*(f"{WORDS[word]}:{n}" for n, word in enumerate(PLAIN, 1)),
                       "joker:7", "joker:8"])
COIFFEUR_10 = COIFFEUR_8 + ",slalom:9,guschti:10"


def row_contract(word: str) -> str | None:
    """The contract a word names (``rosen``, ``Rosen``, ``H``, ``h``, ``joker``), or None."""
    key = word.lower()
    if key in ROW_NAMES:
        return ROW_NAMES[key]
    return key.upper() if key.upper() in WORDS and len(key) == 1 else None


def parse_rows(text: str) -> tuple[CoiffeurRow, ...]:
    """``"eicheln:1,rosen:2,..."``: each row's contract and factor (J-11, option ``rows``),
    the contracts named as in a pad's entries or by the notation's letters."""
    rows = []
    for part in text.replace(" ", "").split(","):
        word, _, factor = part.partition(":")
        contract = row_contract(word)
        if contract is None or not factor.isdigit() or int(factor) < 1:
            raise OptionsError(
                f"coiffeur option rows takes contract:factor pairs such as eicheln:1,rosen:2 "
                f"(contracts {', '.join(ROW_NAMES)}); got {part!r}")
        rows.append(CoiffeurRow(contract, int(factor)))
    return tuple(rows)


@dataclasses.dataclass(frozen=True)
class CoiffeurOptions(RuleOptions):
    """J-11's presets and options; the defaults are ``coiffeur-8``."""

    GAME = "coiffeur"
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "coiffeur-8": {},
        "coiffeur-10": {"rows": COIFFEUR_10},
    }

    rows: str = COIFFEUR_8
    stoeck: bool = False
    opponents_score: bool = False

    def __post_init__(self) -> None:
        parse_rows(self.rows)


@dataclasses.dataclass(frozen=True)
class DifferenzlerOptions(RuleOptions):
    """J-12's options; the defaults are the preset ``standard`` (4 players, 12 rounds)."""

    GAME = "differenzler"
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "tv": {"rounds": 4},
    }

    players: int = choice(4, 3, 5)
    rounds: int = 12
    trump: str = choice("turned", "random")
    open: bool = False
    exact_bonus: bool = False

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise OptionsError(f"differenzler option rounds must be at least 1; got {self.rounds}")


@lru_cache(maxsize=16)
def coiffeur_rules(options: CoiffeurOptions) -> CoiffeurRules:
    return CoiffeurRules(parse_rows(options.rows), PLAIN,
                         frozenset(c.word for c in Contract if c.trump is not None),
                         TOTAL_POINTS, MATCH_BONUS, options.opponents_score, options.stoeck,
                         WORDS)


@lru_cache(maxsize=16)
def differenzler_rules(options: DifferenzlerOptions) -> DifferenzlerRules:
    return DifferenzlerRules(options.players, options.rounds, TOTAL_POINTS, options.exact_bonus)
