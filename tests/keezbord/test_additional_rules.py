"""Additional Rules: hitting, the safe start space, no passing in the home, the useless King."""

from __future__ import annotations

import pytest

from gametable import IllegalAction
from tests.keezbord.helpers import legal, pawns, position


def test_cards_need_not_match_the_last_card_played():
    """KB-037: any card may follow any other; the played pile does not restrict you."""
    s = position(pawns={"a": [5, "N", "N", "N"]}, hands={"a": ["2"], "b": ["3"]}, played=["K"])
    assert legal(s) == ["2 a1"]


def test_hitting_sends_the_pawn_back_to_its_nest():
    """KB-038, KB-039, KB-040: landing exactly on a pawn sends it to its nest and takes its space."""
    s = position(
        pawns={"a": [10, "N", "N", "N"], "b": [18, 40, "N", "N"]}, hands={"a": ["8"], "b": ["3"]}
    )
    s.apply("8 a1")
    assert pawns(s, 0)[0] == 18
    assert pawns(s, 1) == ["N", 40, "N", "N"]


def test_hitting_your_own_pawn_sends_it_home_to_the_nest():
    """KB-024, KB-039: your own pawn is hit like any other."""
    s = position(pawns={"a": [10, 18, "N", "N"]}, hands={"a": ["8"], "b": ["3"]})
    s.apply("8 a1")
    assert pawns(s, 0) == [18, "N", "N", "N"]


def test_passing_a_pawn_does_not_hit_it():
    """KB-038 (as clarified): only the space where a move ends hits; passing never does."""
    s = position(
        pawns={"a": [10, "N", "N", "N"], "b": [15, "N", "N", "N"]}, hands={"a": ["8"], "b": ["3"]}
    )
    s.apply("8 a1")
    assert pawns(s, 1)[0] == 15


def test_pawn_on_its_own_start_cannot_be_passed():
    """KB-041, KB-042: b1 on its own start (32) blocks every pawn, forward and backward."""
    s = position(
        pawns={"a": [28, 34, "N", "N"], "b": [32, "N", "N", "N"]},
        hands={"a": ["5", "3", "4"], "b": ["3"]},
    )
    assert legal(s) == ["3 a1", "3 a2", "4 a1", "5 a2"]
    for text in ("5 a1", "4 a2"):
        with pytest.raises(IllegalAction) as info:
            s.apply(text)
        assert info.value.rule.section == "Additional Rules"
        assert "KB-042" in info.value.rule.statements


def test_pawn_on_its_own_start_cannot_be_hit():
    """KB-041, KB-042: landing on a pawn on its own start is refused ..."""
    s = position(
        pawns={"a": [27, "N", "N", "N"], "b": [32, "N", "N", "N"]}, hands={"a": ["5"], "b": ["3"]}
    )
    assert legal(s) == ["hand in"]
    with pytest.raises(IllegalAction):
        s.apply("5 a1")


def test_pawn_on_another_players_start_is_not_protected():
    """KB-041, KB-042: ... but a pawn on someone else's start can be hit and passed."""
    s = position(pawns={"a": [27, 32, "N", "N"]}, hands={"a": ["5", "8"], "b": ["3"]})
    assert "5 a1" in legal(s) and "8 a1" in legal(s)
    s.apply("5 a1")
    assert pawns(s, 0) == [32, "N", "N", "N"]


def test_pawn_on_its_own_start_cannot_be_swapped():
    """KB-043: the Jack cannot swap a pawn standing on its own start, yours or another's."""
    s = position(
        pawns={"a": [10, "N", "N", "N"], "b": [32, 40, "N", "N"]}, hands={"a": ["J"], "b": ["3"]}
    )
    assert legal(s) == ["J a1 b2"]
    with pytest.raises(IllegalAction) as info:
        s.apply("J a1 b1")
    assert "KB-043" in info.value.rule.statements
    s = position(
        pawns={"a": [0, "N", "N", "N"], "b": [20, "N", "N", "N"]}, hands={"a": ["J"], "b": ["3"]}
    )
    assert legal(s) == ["hand in"]
    with pytest.raises(IllegalAction):
        s.apply("J a1 b1")


def test_pawns_in_the_home_cannot_be_passed():
    """KB-044, KB-045: a pawn entering the home may not pass (or land on) a pawn already there,
    so the front pawn must move up first."""
    s = position(pawns={"a": ["H2", 62, "N", "N"]}, hands={"a": ["2", "3", "5", "A"], "b": ["3"]})
    assert legal(s) == ["2 a1", "2 a2", "A a1", "A a2", "A place"]
    for text in ("3 a2", "5 a2"):
        with pytest.raises(IllegalAction) as info:
            s.apply(text)
        assert "KB-044" in info.value.rule.statements
    s.apply("2 a1")  # front pawn to H4
    assert pawns(s, 0)[0] == "H4"
    s = position(pawns={"a": ["H4", 62, "N", "N"]}, hands={"a": ["3", "5"], "b": ["3"]})
    assert legal(s) == ["3 a2"]


def test_king_with_no_pawn_left_to_place_cannot_be_used():
    """KB-046: a King does nothing when the nest is empty, so it cannot be played."""
    s = position(pawns={"a": [10, 20, "H3", "H4"]}, hands={"a": ["K"], "b": ["3"]})
    assert legal(s) == ["hand in"]
    with pytest.raises(IllegalAction) as info:
        s.apply("K place")
    assert "KB-046" in info.value.rule.statements


def test_king_helps_your_teammate_once_your_pawns_are_home():
    """KB-047: in teams the King places a pawn of your partner once yours are all home."""
    s = position(
        4,
        pawns={"a": ["H1", "H2", "H3", "H4"]},
        hands={"a": ["K"], "b": ["3"], "c": ["3"], "d": ["3"]},
    )
    assert legal(s) == ["K place"]
    s.apply("K place")
    assert pawns(s, 2) == [32, "N", "N", "N"]
