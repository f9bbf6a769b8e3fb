"""Real bauernschnapsen deals, one made and one lost per contract (B-5).

Each entry: dealer, hands in dealing order, talon, the actions as said (seat first), and
the result the rules must give. Found by seeded random play and checked by the tests.
"""

from __future__ import annotations

from typing import Any

DEALS: dict[tuple[str, str], dict[str, Any]] = {
    ("bettler", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid bettler, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play SK",
            "2 play ST, 3 play CJ, 0 play DA, 2 play SQ, 3 play HJ, 0 play HQ, 1 play SA",
        ),
        "winner": (0, 2), "game_points": (4, 0, 4, 0),
    },
    ("bettler", "made"): {
        "dealer": 2,
        "hands": ["DK SA ST SJ DT", "HK CT CK HJ SK", "DA HA CA CQ CJ", "DQ DJ SQ HT HQ"],
        "actions": (
            "3 trump D, 3 bid bettler, 0 pass, 1 pass, 2 pass, 0 pass, 2 pass, 3 play DJ",
            "0 play DT, 1 play CT, 2 play DA, 2 play CQ, 3 play HQ, 0 play SJ, 1 play CK",
            "1 play SK, 2 play CJ, 3 play SQ, 0 play SA, 0 play ST, 1 play HK, 2 play HA",
            "3 play HT, 0 play DK, 1 play HJ, 2 play CA, 3 play DQ",
        ),
        "winner": (1, 3), "game_points": (0, 4, 0, 4),
    },
    ("assenbettler", "failed"): {
        "dealer": 1,
        "hands": ["SJ CJ ST DK CQ", "DJ HT HK SK CA", "HJ DT SQ HA HQ", "SA DA CT DQ CK"],
        "actions": (
            "2 trump D, 2 bid assenbettler, 3 pass, 0 pass, 1 pass, 3 pass, 1 pass, 2 play HJ",
            "3 play SA, 0 play CJ, 1 play HK, 1 play CA, 2 play SQ, 3 play CK, 0 play CQ",
            "3 play DA, 0 play DK, 1 play DJ, 2 play DT",
        ),
        "winner": (1, 3), "game_points": (0, 5, 0, 5),
    },
    ("assenbettler", "made"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid assenbettler, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play SK",
            "2 play ST, 3 play CJ, 0 play DA, 2 play SQ, 3 play HJ, 0 play HQ, 1 play SA",
            "2 play DJ, 3 play DK, 0 play DT, 1 play HT, 0 play DQ, 1 play CA, 2 play HA",
            "3 play CQ, 0 play HK, 1 play SJ, 2 play CT, 3 play CK",
        ),
        "winner": (1, 3), "game_points": (0, 5, 0, 5),
    },
    ("schnapser", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid schnapser, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play SK",
            "2 play ST, 3 play HJ, 0 play HK",
        ),
        "winner": (0, 2), "game_points": (6, 0, 6, 0),
    },
    ("schnapser", "made"): {
        "dealer": 0,
        "hands": ["SQ HA HQ CJ DK", "DA CA SK CQ CT", "CK HT HK DJ HJ", "SA DQ DT ST SJ"],
        "actions": (
            "1 trump C, 1 bid schnapser, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play CA",
            "2 play CK, 3 play SA, 0 play CJ, 1 play DA, 2 play DJ, 3 play DT, 0 play DK",
            "1 play CT, 2 play HJ, 3 play DQ, 0 play HA",
        ),
        "winner": (1, 3), "game_points": (0, 6, 0, 6),
    },
    ("plauderer", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid plauderer, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play SK",
            "2 play ST, 3 play CJ, 0 play DA, 2 play SQ, 3 play HJ, 0 play HQ, 1 play SA",
        ),
        "winner": (0, 2), "game_points": (7, 0, 7, 0),
    },
    ("plauderer", "made"): {
        "dealer": 2,
        "hands": ["DK SA ST SJ DT", "HK CT CK HJ SK", "DA HA CA CQ CJ", "DQ DJ SQ HT HQ"],
        "actions": (
            "3 trump D, 3 bid plauderer, 0 pass, 1 pass, 2 pass, 0 pass, 2 pass, 3 play DJ",
            "0 play DT, 1 play CT, 2 play DA, 2 play CQ, 3 play HQ, 0 play SJ, 1 play CK",
            "1 play SK, 2 play CJ, 3 play SQ, 0 play SA, 0 play ST, 1 play HK, 2 play HA",
            "3 play HT, 0 play DK, 1 play HJ, 2 play CA, 3 play DQ",
        ),
        "winner": (1, 3), "game_points": (0, 7, 0, 7),
    },
    ("gang", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid gang, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play SK",
            "2 play ST, 3 play CJ, 0 play DA",
        ),
        "winner": (0, 2), "game_points": (9, 0, 9, 0),
    },
    ("gang", "made"): {
        "dealer": 2,
        "hands": ["DJ HJ CQ DQ CK", "SK HQ DK HA SQ", "DT ST CT HK HT", "CA DA SJ CJ SA"],
        "actions": (
            "3 trump C, 3 bid gang, 0 pass, 1 pass, 2 pass, 0 pass, 2 pass, 3 play DA",
            "0 play DQ, 1 play DK, 2 play DT, 3 play SA, 0 play CQ, 1 play SQ, 2 play ST",
            "3 play CA, 0 play CK, 1 play HA, 2 play CT, 3 play CJ, 0 play HJ, 1 play SK",
            "2 play HK, 3 play SJ, 0 play DJ, 1 play HQ, 2 play HT",
        ),
        "winner": (1, 3), "game_points": (0, 9, 0, 9),
    },
    ("zehnergang", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid zehnergang, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play SK",
            "2 play ST, 3 play CJ, 0 play DA",
        ),
        "winner": (0, 2), "game_points": (10, 0, 10, 0),
    },
    ("zehnergang", "made"): {
        "dealer": 2,
        "hands": ["CT DJ CJ SK DQ", "HQ DA CA HT HA", "HJ CQ HK CK DT", "DK SQ SA SJ ST"],
        "actions": (
            "3 trump D, 3 bid zehnergang, 0 pass, 1 pass, 2 pass, 0 pass, 2 pass, 3 play ST",
            "0 play SK, 1 play HQ, 2 play DT, 3 play SJ, 0 play CJ, 1 play HA, 2 play HK",
            "3 play DK, 0 play DQ, 1 play DA, 2 play CK, 3 play SA, 0 play CT, 1 play HT",
            "2 play CQ, 3 play SQ, 0 play DJ, 1 play CA, 2 play HJ",
        ),
        "winner": (1, 3), "game_points": (0, 10, 0, 10),
    },
    ("kontraschnapser", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 pass, 2 bid kontraschnapser, 3 pass, 0 pass, 3 pass, 1 pass",
            "1 play SK, 2 play ST, 3 play HJ, 0 play HK",
        ),
        "winner": (1, 3), "game_points": (0, 12, 0, 12),
    },
    ("kontraschnapser", "made"): {
        "dealer": 3,
        "hands": ["DT HJ SA DJ SQ", "DQ DA DK CA SJ", "CQ ST HQ CT CK", "HT HA HK SK CJ"],
        "actions": (
            "0 trump D, 0 pass, 1 bid kontraschnapser, 2 pass, 3 pass, 2 pass, 0 pass",
            "0 play DT, 1 play DA, 2 play CT, 3 play CJ, 1 play DQ, 2 play CK, 3 play SK",
            "0 play DJ, 1 play DK, 2 play ST, 3 play HA, 0 play SQ",
        ),
        "winner": (1, 3), "game_points": (0, 12, 0, 12),
    },
    ("bauernschnapser", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid bauernschnapser, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass",
            "1 play SK, 2 play ST, 3 play HJ, 0 play HK",
        ),
        "winner": (0, 2), "game_points": (12, 0, 12, 0),
    },
    ("bauernschnapser", "made"): {
        "dealer": 3,
        "hands": ["DK DT DA HK DJ", "SA ST HT SK DQ", "SJ CK SQ HA CQ", "CA CJ CT HJ HQ"],
        "actions": (
            "0 trump D, 0 bid bauernschnapser, 1 pass, 2 pass, 3 pass, 1 pass, 3 pass",
            "0 play DA, 1 play DQ, 2 play CQ, 3 play HJ, 0 play DJ, 1 play SA, 2 play SQ",
            "3 play CT, 0 play DT, 1 play ST, 2 play CK, 3 play HQ, 0 play DK, 1 play HT",
            "2 play HA, 3 play CA, 0 play HK, 1 play SK, 2 play SJ, 3 play CJ",
        ),
        "winner": (0, 2), "game_points": (12, 0, 12, 0),
    },
    ("bauernloch", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 bid bauernloch, 2 pass, 3 pass, 0 pass, 2 pass, 0 pass, 1 play SK",
            "2 play ST, 3 play HJ, 0 play HK",
        ),
        "winner": (0, 2), "game_points": (12, 0, 12, 0),
    },
    ("bauernloch", "made"): {
        "dealer": 2,
        "hands": ["SJ HK DK DT CA", "DQ DJ SA SQ HA", "SK HJ HT DA CK", "ST CT HQ CQ CJ"],
        "actions": (
            "3 trump C, 3 bid bauernloch, 0 pass, 1 pass, 2 pass, 0 pass, 2 pass, 3 play CT",
            "0 play CA, 1 play SQ, 2 play CK, 3 play CQ, 0 play HK, 1 play DJ, 2 play HT",
            "3 play ST, 0 play SJ, 1 play SA, 2 play SK, 3 play CJ, 0 play DK, 1 play DQ",
            "2 play HJ, 3 play HQ, 0 play DT, 1 play HA, 2 play DA",
        ),
        "winner": (1, 3), "game_points": (0, 12, 0, 12),
    },
    ("farbenringerl", "shown"): {
        "dealer": 2,
        "hands": ["SK CT SJ HT HQ", "SQ HK HJ CA CK", "CJ SA HA ST CQ", "DK DA DQ DT DJ"],
        "actions": (
            "3 trump D, 3 bid farbenringerl, 0 pass, 1 pass, 2 pass",
        ),
        "winner": (1, 3), "game_points": (0, 18, 0, 18),
    },
    ("kontrabauernschnapser", "failed"): {
        "dealer": 0,
        "hands": ["DA DT DQ HK HQ", "HT SK SJ CA SA", "HA CT SQ DJ ST", "HJ CQ CK DK CJ"],
        "actions": (
            "1 trump H, 1 pass, 2 bid kontrabauernschnapser, 3 pass, 0 pass, 3 pass, 1 pass",
            "1 play SK, 2 play ST, 3 play HJ, 0 play HK",
        ),
        "winner": (1, 3), "game_points": (0, 24, 0, 24),
    },
    ("kontrabauernschnapser", "made"): {
        "dealer": 2,
        "hands": ["DQ CA CT CK CJ", "DT DK HQ HJ DJ", "HT DA SQ SA ST", "HA CQ SJ SK HK"],
        "actions": (
            "3 trump C, 3 pass, 0 bid kontrabauernschnapser, 1 pass, 2 pass, 1 pass, 3 pass",
            "3 play SJ, 0 play CA, 1 play DJ, 2 play SA, 0 play CK, 1 play DT, 2 play HT",
            "3 play CQ, 0 play CJ, 1 play HQ, 2 play SQ, 3 play HK, 0 play CT, 1 play DK",
            "2 play DA, 3 play HA, 0 play DQ, 1 play HJ, 2 play ST, 3 play SK",
        ),
        "winner": (0, 2), "game_points": (24, 0, 24, 0),
    },
    ("herrenschnapser", "shown"): {
        "dealer": 2,
        "hands": ["SK CT SJ HT HQ", "SQ HK HJ CA CK", "CJ SA HA ST CQ", "DK DA DQ DT DJ"],
        "actions": (
            "3 trump D, 3 bid herrenschnapser, 0 pass, 1 pass, 2 pass",
        ),
        "winner": (1, 3), "game_points": (0, 24, 0, 24),
    },
}
