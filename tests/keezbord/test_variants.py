"""Options that change the rules (the rulebook's game is the default)."""

from __future__ import annotations

import pytest

from gametable import IllegalAction
from gametable.core.conformance import check_playout
from tests.keezbord.helpers import GAME, legal, pawns, position

SWEEP = {"seven_hits_passed": True}


def test_by_default_a_seven_hits_only_where_each_part_ends():
    """KB-038, KB-056: a 7 passing a pawn leaves it standing."""
    s = position(
        pawns={"a": [10, "N", "N", "N"], "b": [13, "N", "N", "N"]}, hands={"a": ["7"], "b": ["3"]}
    )
    s.apply("7 a1")
    assert pawns(s, 1)[0] == 13


def test_seven_hits_passed_variant_hits_every_pawn_passed():
    """Option seven_hits_passed: every pawn a 7 passes on the track is hit, own pawns too."""
    s = position(
        pawns={"a": [10, 14, "N", "N"], "b": [13, 30, "N", "N"]},
        hands={"a": ["7"], "b": ["3"]},
        options=SWEEP,
    )
    s.apply("7 a1")
    assert pawns(s, 0)[:2] == [17, "N"] and pawns(s, 1)[:2] == ["N", 30]


def test_seven_hits_passed_variant_judges_the_second_part_after_the_first():
    """A pawn swept off by the first part cannot make the second part."""
    s = position(pawns={"a": [10, 13, "N", "N"]}, hands={"a": ["7"], "b": ["3"]}, options=SWEEP)
    assert "7 a1:5 a2:2" not in legal(s)
    assert "7 a2:2 a1:5" in legal(s)
    before = s.to_json()
    with pytest.raises(IllegalAction):  # a1 passes a2 on its way to 14: a2 is back in its nest
        s.apply("7 a1:4 a2:3")
    assert s.to_json() == before


def test_seven_hits_passed_variant_keeps_every_promise():
    report = check_playout(GAME, 4, seed=3, options=SWEEP, deep_every=4)
    assert report.over


@pytest.mark.parametrize("players", [4, pytest.param(6, marks=pytest.mark.slow)])
def test_king_helps_teammate_when_nest_empty_variant_keeps_every_promise(players):
    """Option king_helps_teammate=when_nest_empty (KB-047 read widely) in full random games."""
    options = {"king_helps_teammate": "when_nest_empty"}
    report = check_playout(GAME, players, seed=players, options=options, deep_every=5)
    assert report.over
