"""Clone and undo you can trust (issue 8, item 6): no state outside ``_STATE`` is shared."""

from __future__ import annotations

from tests.jass.helpers import deal, mask


def test_clone_with_other_hands_leaves_the_original_weis() -> None:
    # J-5: seat 0 holds HA HK HQ (20). Clone, give the clone other hands, play one card on
    # the clone: the original still offers seat 0 its Weis (the cache was shared, issue 8).
    game = deal("HA HK HQ C6 C7 D6 D7 S6 S7", "C8 C9 CT CJ CQ CK CA D8 D9",
                "DT DJ DQ DK DA S8 S9 ST SJ", "SQ SK SA H6 H7 H8 H9 HT HJ")
    game.apply("trump H")
    twin = game.clone()
    twin.hands = (mask("C6 C7 C8 C9 CT CJ CQ CK CA"), twin.hands[1] ^ mask("C8 C9 CT CJ CQ CK CA")
                  ^ mask("HA HK HQ D6 D7 S6 S7"), twin.hands[2], twin.hands[3])
    twin.apply(twin.legal_actions()[-1])  # a search asks for the legal actions, then plays
    assert "weis HQ HK HA" in {str(a) for a in game.legal_actions()}
    game.apply("weis HQ HK HA")
