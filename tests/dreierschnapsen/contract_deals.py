"""Real dreierschnapsen deals, one made and one lost per contract (B-5, D-1).

Each entry: dealer, hands in dealing order, talon, the actions as said (seat first), and
the result the rules must give. Found by seeded random play and checked by the tests.
"""

from __future__ import annotations

from typing import Any

DEALS: dict[tuple[str, str], dict[str, Any]] = {
    ("bettler", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid bettler, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play CJ",
        ),
        "winner": (0, 2), "game_points": (4, 0, 4),
    },
    ("bettler", "made"): {
        "dealer": 0,
        "hands": ["HJ HK ST SJ CT DJ", "SA CA SQ HQ SK CK", "DK DQ DA HA DT CJ"],
        "talon": "CQ HT",
        "actions": (
            "1 trump C, 1 bid bettler, 2 pass, 0 pass, 1 discard CQ SA, 2 pass, 0 pass",
            "1 play CK, 2 play CJ, 0 play CT, 0 play HJ, 1 play HT, 2 play HA, 2 play DQ",
            "0 play DJ, 1 play HQ, 2 play DT, 0 play ST, 1 play SQ, 2 play DA, 0 play SJ",
            "1 play SK, 2 play DK, 0 play HK, 1 play CA",
        ),
        "winner": (1,), "game_points": (0, 4, 0),
    },
    ("assenbettler", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid assenbettler, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play CJ, 2 play HA, 0 play HK, 1 play HT",
        ),
        "winner": (0, 2), "game_points": (5, 0, 5),
    },
    ("assenbettler", "made"): {
        "dealer": 0,
        "hands": ["HK HA HJ ST CQ SK", "CA HQ DJ DA HT SA", "SJ SQ CK CT CJ DK"],
        "talon": "DT DQ",
        "actions": (
            "1 trump C, 1 bid assenbettler, 2 pass, 0 pass, 1 discard HT HQ, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play HA, 2 play CK, 0 play CQ, 1 play CA, 2 play CJ",
            "0 play SK, 1 play DQ, 2 play SJ, 0 play ST, 1 play SA, 0 play HK, 1 play DT",
            "2 play SQ, 0 play HJ, 1 play DJ, 2 play CT",
        ),
        "winner": (1,), "game_points": (0, 5, 0),
    },
    ("schnapser", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid schnapser, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play HJ",
        ),
        "winner": (0, 2), "game_points": (6, 0, 6),
    },
    ("schnapser", "made"): {
        "dealer": 1,
        "hands": ["HT CJ DJ HQ SK HJ", "HA SJ DQ CK DA DT", "DK CQ SQ SA CA CT"],
        "talon": "ST HK",
        "actions": (
            "2 trump C, 2 bid schnapser, 0 pass, 1 pass, 2 discard HK ST, 0 pass, 1 pass",
            "2 play SA, 0 play SK, 1 play SJ, 2 play CT, 0 play CJ, 1 play CK, 2 play CQ",
            "0 play HJ, 1 play DA, 2 play CA, 0 play HQ, 1 play DQ",
        ),
        "winner": (2,), "game_points": (0, 0, 6),
    },
    ("plauderer", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid plauderer, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play CJ",
        ),
        "winner": (0, 2), "game_points": (7, 0, 7),
    },
    ("plauderer", "made"): {
        "dealer": 0,
        "hands": ["HJ HK ST SJ CT DJ", "SA CA SQ HQ SK CK", "DK DQ DA HA DT CJ"],
        "talon": "CQ HT",
        "actions": (
            "1 trump C, 1 bid plauderer, 2 pass, 0 pass, 1 discard CQ SA, 2 pass, 0 pass",
            "1 play CK, 2 play CJ, 0 play CT, 0 play HJ, 1 play HT, 2 play HA, 2 play DQ",
            "0 play DJ, 1 play HQ, 2 play DT, 0 play ST, 1 play SQ, 2 play DA, 0 play SJ",
            "1 play SK, 2 play DK, 0 play HK, 1 play CA",
        ),
        "winner": (1,), "game_points": (0, 7, 0),
    },
    ("gang", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid gang, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass, 1 play DA",
            "2 play DK, 0 play CJ, 1 play DQ, 2 play DJ, 0 play HQ, 1 play HT, 2 play HA",
            "0 play HK",
        ),
        "winner": (0, 2), "game_points": (9, 0, 9),
    },
    ("gang", "made"): {
        "dealer": 2,
        "hands": ["DQ DJ SQ CA HT HQ", "DK SA ST SJ DT HJ", "HK CT CK SK CQ CJ"],
        "talon": "DA HA",
        "actions": (
            "0 trump D, 0 bid gang, 1 pass, 2 pass, 0 discard HA SQ, 1 pass, 2 pass, 0 play CA",
            "1 play DT, 2 play CT, 0 play DA, 1 play DK, 2 play CK, 0 play HT, 1 play HJ",
            "2 play HK, 0 play HQ, 1 play SA, 2 play CJ, 0 play DQ, 1 play SJ, 2 play SK",
            "0 play DJ, 1 play ST, 2 play CQ",
        ),
        "winner": (0,), "game_points": (9, 0, 0),
    },
    ("zehnergang", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid zehnergang, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play CJ",
        ),
        "winner": (0, 2), "game_points": (10, 0, 10),
    },
    ("zehnergang", "made"): {
        "dealer": 2,
        "hands": ["DT DA ST HT CJ HJ", "HQ CQ CT CA SK DK", "SA DJ HK DQ SJ CK"],
        "talon": "HA SQ",
        "actions": (
            "0 trump D, 0 bid zehnergang, 1 pass, 2 pass, 0 discard CJ HJ, 1 pass, 2 pass",
            "0 play ST, 1 play SK, 2 play SA, 0 play HT, 1 play HQ, 2 play HK, 0 play SQ",
            "1 play CA, 2 play SJ, 0 play HA, 1 play CQ, 2 play DJ, 0 play DT, 1 play DK",
            "2 play DQ, 0 play DA, 1 play CT, 2 play CK",
        ),
        "winner": (0,), "game_points": (10, 0, 0),
    },
    ("kontraschnapser", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 pass, 2 bid kontraschnapser, 0 pass, 2 discard ST SQ, 0 pass, 1 pass",
            "1 play SJ, 2 play HA, 0 play HJ, 2 play DJ, 0 play HK, 1 play DQ",
        ),
        "winner": (0, 1), "game_points": (12, 12, 0),
    },
    ("kontraschnapser", "made"): {
        "dealer": 0,
        "hands": ["HK CQ DT HQ DK DJ", "SQ HA CJ DA HJ ST", "SK DQ HT CK SA CT"],
        "talon": "CA SJ",
        "actions": (
            "1 trump C, 1 pass, 2 bid kontraschnapser, 0 pass, 2 discard CT SA, 0 pass, 1 pass",
            "1 play HJ, 2 play HT, 0 play HQ, 2 play CA, 0 play CQ, 1 play CJ, 2 play CK",
            "0 play DK, 1 play ST, 2 play SK, 0 play DT, 1 play SQ",
        ),
        "winner": (2,), "game_points": (0, 0, 12),
    },
    ("bauernschnapser", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid bauernschnapser, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play HJ",
        ),
        "winner": (0, 2), "game_points": (12, 0, 12),
    },
    ("bauernschnapser", "made"): {
        "dealer": 1,
        "hands": ["HT CJ DJ HQ SK HJ", "HA SJ DQ CK DA DT", "DK CQ SQ SA CA CT"],
        "talon": "ST HK",
        "actions": (
            "2 trump C, 2 bid bauernschnapser, 0 pass, 1 pass, 2 discard HK ST, 0 pass, 1 pass",
            "2 play SA, 0 play SK, 1 play SJ, 2 play CT, 0 play CJ, 1 play CK, 2 play CQ",
            "0 play HJ, 1 play DA, 2 play CA, 0 play HQ, 1 play DQ, 2 play SQ, 0 play DJ",
            "1 play DT, 2 play DK, 0 play HT, 1 play HA",
        ),
        "winner": (2,), "game_points": (0, 0, 12),
    },
    ("bauernloch", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 bid bauernloch, 2 pass, 0 pass, 1 discard SK SA, 2 pass, 0 pass",
            "1 play DA, 2 play DK, 0 play HJ",
        ),
        "winner": (0, 2), "game_points": (12, 0, 12),
    },
    ("bauernloch", "made"): {
        "dealer": 2,
        "hands": ["CT SK DJ ST CQ CA", "DA HJ HA HQ SQ HT", "HK DK DQ CK SJ SA"],
        "talon": "CJ DT",
        "actions": (
            "0 trump C, 0 bid bauernloch, 1 pass, 2 pass, 0 discard ST SK, 1 pass, 2 pass",
            "0 play DT, 1 play DA, 2 play DK, 0 play CT, 1 play HQ, 2 play CK, 0 play CQ",
            "1 play HA, 2 play DQ, 0 play CA, 1 play HJ, 2 play SA, 0 play DJ, 1 play SQ",
            "2 play HK, 0 play CJ, 1 play HT, 2 play SJ",
        ),
        "winner": (0,), "game_points": (12, 0, 0),
    },
    ("farbenringerl", "failed"): {
        "dealer": 0,
        "hands": ["ST SA HK HA CJ SK", "CA CT HQ CQ CK SQ", "DK DA DJ SJ DT DQ"],
        "talon": "HJ HT",
        "actions": (
            "1 trump C, 1 pass, 2 bid farbenringerl, 0 pass, 2 discard DK DA, 0 pass, 1 pass",
            "2 play DT, 0 play SK, 1 play HQ, 2 play HJ, 0 play HK, 1 play CQ",
        ),
        "winner": (0, 1), "game_points": (18, 18, 0),
    },
    ("kontrabauernschnapser", "failed"): {
        "dealer": 0,
        "hands": ["HJ CQ CK CJ HK HQ", "HT SK SJ DQ CA SA", "HA CT SQ DJ ST DK"],
        "talon": "DA DT",
        "actions": (
            "1 trump H, 1 pass, 2 bid kontrabauernschnapser, 0 pass, 2 discard ST SQ, 0 pass",
            "1 pass, 1 play SJ, 2 play HA, 0 play HJ, 2 play DJ, 0 play HK, 1 play DQ",
        ),
        "winner": (0, 1), "game_points": (24, 24, 0),
    },
    ("kontrabauernschnapser", "made"): {
        "dealer": 0,
        "hands": ["CT ST DA DJ DQ SJ", "HJ CJ SQ HK CK HQ", "HT SK DK DT CQ HA"],
        "talon": "SA CA",
        "actions": (
            "1 trump C, 1 pass, 2 bid kontrabauernschnapser, 0 pass, 2 discard DT SK, 0 pass",
            "1 pass, 1 play CK, 2 play CA, 0 play CT, 2 play CQ, 0 play DA, 1 play CJ",
            "2 play HT, 0 play ST, 1 play HK, 2 play HA, 0 play DQ, 1 play HJ, 2 play DK",
            "0 play DJ, 1 play SQ, 2 play SA, 0 play SJ, 1 play HQ",
        ),
        "winner": (2,), "game_points": (0, 0, 24),
    },
    ("herrenschnapser", "shown"): {
        "dealer": 1,
        "hands": ["CK SQ HQ HA SJ HT", "CQ HK CA SA HJ ST", "DQ DT DJ DA SK DK"],
        "talon": "CJ CT",
        "actions": (
            "2 trump D, 2 bid herrenschnapser, 0 pass, 1 pass",
        ),
        "winner": (2,), "game_points": (0, 0, 24),
    },
}
