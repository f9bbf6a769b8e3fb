"""A pad's line says one thing (B-4 to B-6, J-3, J-5 to J-7, J-11): contradicting words are
refused naming both, extra words are refused, words the rules let repeat add up (J-5), and any
entry a line gave reads back from the history as a line that gives the same entry."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stich.core.scoring.entry import EntryError
from stich.tafel.pad import Pad
from stich.tafel.store import new_pad
from tests.tafel.test_counters import FOUR, enter, refused

CONTRADICTIONS = [
    # B-4 to B-6: won or lost, one doubling, one number of game points
    ("bauernschnapsen", "gang 1 won lost", ("'won'", "'lost'")),
    ("bauernschnapsen", "gang 1 won x2 x4", ("'x2'", "'x4'")),
    ("bauernschnapsen", "normal 1 3 2", ("'3'", "'2'")),
    ("dreierschnapsen", "normal 1 lost won 2", ("'lost'", "'won'")),
    # J-6: one team has Stöck; J-3: one contract; J-1: one team's card points
    ("jass", "rosen 1 80 st 1 st 2", ("'st 1'", "'st 2'")),
    ("jass", "rosen 1 80 obenabe", ("'rosen'", "'obenabe'")),
    ("jass", "rosen 1 80 77", ("'80'", "'77'")),
    ("jass", "rosen 1 80 first 1 first 2", ("'first 1'", "'first 2'")),
    # J-5: only the best team's Weis counts
    ("jass", "rosen 1 80 w 1 50 w 2 20", ("'w 1 50'", "'w 2 20'")),
    # J-11: a row is played as one contract
    ("coiffeur", "2 7 120 obenabe rosen", ("'obenabe'", "'rosen'")),
    ("coiffeur", "1 3 80 90", ("'80'", "'90'")),
]


def pad_for(game: str, **options: object) -> Pad:
    names = {"schnapsen": ["Anna", "Ben"], "dreierschnapsen": FOUR[:3]}.get(game, FOUR)
    return new_pad(game, names, options=dict(options) or None)


@pytest.mark.parametrize(("game", "line", "both"), CONTRADICTIONS)
def test_contradicting_words_are_refused_naming_both(game: str, line: str,
                                                     both: tuple[str, str]) -> None:
    pad = pad_for(game, stoeck=True) if game == "coiffeur" else pad_for(game)
    message = refused(pad, line)
    assert all(word in message for word in both), message
    assert "\n" not in message


@pytest.mark.parametrize(("game", "line", "says"), [
    ("bauernschnapsen", "normal 2 2 2 2 2", "game points given twice, '2' and '2'"),
    ("bauernschnapsen", "gang 1 won won", "outcome given twice, 'won' and 'won'"),
    ("bauernschnapsen", "gang 1 lost maybe", "'maybe': after the declarer come"),
    ("bauernschnapsen", "redeal 1", "a redeal is the one word"),
    ("schnapsen", "1 2 3", "a deal is two words"),
    ("jass", "korr 1 -1 2", "a correction is three words"),
    ("jass", "rosen 1 80 st 1 st 1", "Stöck given twice"),
    ("jass", "rosen 1 80 80", "card points given twice, '80' and '80'"),
    ("jass", "rosen 1 80 rosen", "contract given twice, 'rosen' and 'rosen'"),
    ("jass", "rosen 1 80 w 1", "'w' takes a team and its Weis"),
    ("coiffeur", "1 3 77 77", "card points given twice, '77' and '77'"),
    ("differenzler", "t 40 40 40 37 1",
     "'t' takes the card points of every player, 4 numbers in seat order (Anna, Ben, Carl, "
     "Dora); got 5"),
])
def test_extra_words_are_refused(game: str, line: str, says: str) -> None:
    assert says in refused(pad_for(game), line)


@pytest.mark.parametrize(("line", "says"), [
    ("t 45 62", "'t' takes the card points of every player, 3 numbers in seat order (Anna, Ben, "
                "Carl); got 2"),
    ("d 40 50 : 45 62 50", "'d' takes every player's prediction, ':', then the points taken: "
                           "3 numbers each, e.g. 'd 40 50 60 : 45 62 50'"),
    ("p anna", "a prediction is 'p PLAYER N', e.g. 'p anna 40'"),
])
def test_j12_a_wrong_count_of_numbers_says_how_many(line: str, says: str) -> None:
    # J-12: one number per player, said for the players at this table
    assert refused(new_pad("differenzler", FOUR[:3]), line) == says


def test_j12_the_help_gives_examples_for_the_players_at_the_table() -> None:
    for count in (3, 4, 5):
        names = [*FOUR, "Emil"][:count]
        pad = new_pad("differenzler", names)
        examples = re.findall(r"'([td] [^']*)'", pad.help())
        assert len(examples) == 2, pad.help()
        for example in examples:  # each example is an entry the pad takes
            assert pad.parse(example)["kind"] == "deal", example
        taken = examples[1].split(":")[1].split()
        assert len(taken) == count and sum(map(int, taken)) == 157  # J-1


@pytest.mark.parametrize(("line", "says"), [
    ("normal 2 0", "the normal game gives 1, 2 or 3 game points (B-4), not 0"),
    ("normal 2 4 x2", "the normal game gives 1, 2 or 3 game points before doubling (B-4), "
                      "not 4"),
    ("gang 1 7 x2", "gang gives 9 before doubling (B-5), not 7"),
])
def test_b4_a_wrong_number_of_game_points_names_the_number_typed(line: str, says: str) -> None:
    # B-4: the line gives the game points before doubling, so the refusal names that number
    assert refused(pad_for("bauernschnapsen"), line) == says


def test_j5_a_team_scores_all_its_weis_summed() -> None:
    pad = enter(pad_for("jass"), "rosen 1 80 w 1 50 w 1 20")
    assert pad.entries[0]["weis"] == [70, 0]
    assert pad.scores()["scores"] == [20 * 0 + 70 + 80, 77]


def test_the_history_shows_the_line_of_each_entry() -> None:
    pad = enter(pad_for("bauernschnapsen"), "gang anna lost x2", "normal ben 2 x2")
    assert pad.history()[0].endswith("[gang 1 lost x2]")
    assert pad.history()[1].endswith("[normal 2 x2 2]")


# --- the property: entry -> history -> its line -> the same entry ----------------------------
def words(*choices: str) -> st.SearchStrategy[str]:
    return st.sampled_from(choices)


TEAM = words("1", "2", "anna", "ben", "carl", "dora", "3")
POINTS = words("0", "57", "80", "100", "157", "257", "match", "m", "170", "-1")
HEADS: dict[str, st.SearchStrategy[list[str]]] = {
    "schnapsen": st.tuples(words("1", "2", "anna", "ben", "zoe"),
                           words("1", "2", "3", "4")).map(list),
    "bauernschnapsen": st.tuples(
        words("normal", "gang", "bettler", "assenbettler", "zehnergang", "farbenringerl",
              "bauernschnapser", "redeal", "bau"),
        words("1", "2", "3", "4", "anna", "ben", "carl", "dora")).map(list),
    "jass": st.tuples(words("rosen", "eicheln", "schellen", "obenabe", "undenufe", "h", "korr"),
                      TEAM, POINTS).map(list),
    "coiffeur": st.tuples(TEAM, words("1", "2", "3", "4", "5"),
                          st.one_of(POINTS, words("kontermatch"))).map(list),
    "differenzler": st.one_of(
        st.tuples(words("p"), words("1", "2", "anna", "dora"),
                  words("0", "40", "60", "157", "158")).map(list),
        st.just(["t", "40", "40", "40", "37"]), st.just(["t", "0", "0", "0", "157"]),
        st.just(["d", "40", "40", "40", "37", ":", "40", "40", "40", "37"])),
}
HEADS["dreierschnapsen"] = HEADS["bauernschnapsen"]
RACE_TAIL = ("won", "lost", "w", "l", "+", "-", "x2", "x4", "x8", "x3", "1", "2", "3", "6",
             "9", "12")
TAILS: dict[str, tuple[str, ...]] = {
    "schnapsen": ("1", "x"),
    "bauernschnapsen": RACE_TAIL,
    "dreierschnapsen": RACE_TAIL,
    "jass": ("w 1 20", "w 1 50", "w 2 20", "w 1 0", "st 1", "st 2", "first 1", "first 2",
             "rosen", "80", "w"),
    "coiffeur": ("rosen", "obenabe", "slalom", "h", "st 1", "st 2", "90", "match"),
    "differenzler": ("1", ":"),
}


def lines_of(game: str) -> st.SearchStrategy[list[str]]:
    tail = st.lists(st.sampled_from(TAILS[game]), max_size=3)
    line = st.tuples(HEADS[game], tail).map(lambda parts: " ".join([*parts[0], *parts[1]]))
    return st.lists(line, min_size=1, max_size=12)


def check_reads_back(game: str, lines: list[str]) -> None:
    """Enter lines one after another; each accepted entry's history line ends with a line
    that parses to the same entry, and entering that line instead books the same."""
    pad = pad_for(game, stoeck=True, rows="eicheln:1,rosen:2,joker:3,slalom:4") \
        if game == "coiffeur" else pad_for(game)
    for line in lines:
        try:
            entry = pad.enter(line)
        except EntryError as error:
            assert "\n" not in str(error)
            continue
        shown = pad.history()[-1]
        found = re.search(r"\[([^\]]*)\]$", shown)
        assert found, shown
        text = found.group(1)
        assert pad.parse(text) == entry, (line, text)
        pad.undo()
        assert pad.enter(text) == entry, (line, text)


@pytest.mark.parametrize("game", sorted(HEADS))
def test_any_accepted_entry_reads_back_from_the_history(game: str) -> None:
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(lines_of(game))
    def run(lines: list[str]) -> None:
        check_reads_back(game, lines)

    run()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["won", "lost", "x2", "x4", "2", "1"]), max_size=4),
       st.randoms(use_true_random=False))
def test_b4_b6_the_order_of_the_words_changes_nothing(tail: list[str], rng: object) -> None:
    """One word per slot, so no word can overrule another by coming later."""
    pad = pad_for("bauernschnapsen")
    shuffled = list(tail)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    outcomes = []
    for words in (tail, shuffled):
        try:
            outcomes.append(pad.parse(" ".join(["normal", "1", *words])))
        except EntryError:
            outcomes.append(None)
    assert outcomes[0] == outcomes[1]
