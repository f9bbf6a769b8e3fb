"""Before round 1 is drawn nothing is decided (T-1: registration stays open until the draw;
T-2): no prize is "not awarded", no standings are "after round 0", and a pairing list that
does not exist yet says how to make one."""

from __future__ import annotations

from collections.abc import Callable

Cli = Callable[..., str]


def test_prizes_stay_open_while_registration_is(cli: Cli) -> None:
    cli("create", "Cup", "--cards", "8", "--max-cards", "2", "--prizes", "8")
    for name in ("Anna", "Bert", "Carla", "Dora", "Emil"):
        cli("register", name)
    before = cli("prizes")
    assert "not awarded" not in before and "were sold" not in before, before
    assert before.count("(open)") == 8
    cli("draw", "--seed", "1")  # 5 cards sold: places 6-8 can no longer be reached
    assert cli("prizes").count("only 5 cards were sold") == 3


def test_standings_before_round_1(cli: Cli) -> None:
    cli("create", "Swiss", "--format", "swiss", "--rounds", "2")
    for name in ("Anna", "Bert", "Carla"):
        cli("register", name)
    out = cli("standings")
    assert "Standings before round 1" in out and "round 0" not in out, out


def test_no_pairing_list_before_the_draw(cli: Cli, cli_fail: Cli) -> None:
    cli("create", "Cup", "--cards", "8", "--max-cards", "1")
    cli("register", "Anna")
    expected = ("error: no round has been drawn yet; draw round 1 with "
                "`stich tournament draw`")
    assert cli_fail("pairings") == expected
    assert cli_fail("pairings", "--by-player") == expected
    for name in ("Bert", "Carla", "Dora", "Emil"):
        cli("register", name)
    cli("draw", "--seed", "1")
    assert cli_fail("pairings", "2") == "error: round 2 has not been drawn (rounds drawn: 1)"


def test_cards_and_withdraw_name_the_player_as_registered(cli: Cli) -> None:
    # names compare without case: the answer names the player as he was registered
    cli("create", "Cup", "--cards", "8", "--max-cards", "2")
    cli("register", "Anna Huber")
    cli("register", "Bert Moser")
    assert cli("cards", "anna huber", "2").startswith("Anna Huber now holds 2 cards;")
    assert cli("withdraw", "BERT MOSER").startswith("withdrew Bert Moser;")
