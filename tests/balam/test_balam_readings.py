"""Our readings of Balam's unclear sentences (docs/rules/balam.md), each held by the referee."""

from __future__ import annotations

from tests.balam.test_end import last_round
from tests.balam.test_katun import draw, legal, riches


def test_a_dowry_may_be_a_prisoner():
    """BA-176: "one riches of his choice" from another king sets no limit on the kind, so a
    prisoner on the other king's sheet may be taken as the dowry (docs/rules/balam.md, Princely
    marriage)."""
    kings = [{"riches": {}}, {"riches": {"prisoner": 1, "maize": 1}}]
    state = draw("marriage", kings=kings)
    assert legal(state) == {"dowry 1 prisoner", "dowry 1 maize"}
    state.apply("dowry 1 prisoner")
    assert riches(state, 0) == {"prisoner": 1} and riches(state, 1) == {"maize": 1}


def test_prisoners_on_the_sheet_count_for_the_riches_bonus():
    """BA-251: the king's personal riches are all the riches on his sheet, prisoners included
    (docs/rules/balam.md, 7 - END OF GAME)."""
    state = last_round(
        [
            {"riches": {"prisoner": 3, "jade": 1}, "prestige": 10},
            {"riches": {"maize": 1}, "prestige": 10},
        ]
    )
    assert state.view(None)["bonus"] == [2, 0]
