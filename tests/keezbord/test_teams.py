"""Playing in Teams: partners opposite, own pawns first, then help the partner."""

from __future__ import annotations

import pytest

from gametable import IllegalAction
from tests.keezbord.helpers import GAME, legal, pawns, position


def test_four_or_six_players_play_in_teams_of_two_partners_sitting_opposite():
    """KB-065, KB-066, KB-067, KB-068: two against two with four; three teams of two with six."""
    assert GAME.teams(2) == ((0,), (1,))
    assert GAME.teams(4) == ((0, 2), (1, 3))
    assert GAME.teams(6) == ((0, 3), (1, 4), (2, 5))
    view = GAME.new_game(4, seed=1).view(None)
    assert view["teams"] == [[0, 2], [1, 3]]
    assert view["starts"] == [0, 16, 32, 48]  # partners' sections are opposite each other
    assert GAME.new_game(6, seed=1).view(None)["track_length"] == 96


@pytest.mark.parametrize("players", [1, 3, 5, 7])
def test_odd_numbers_of_players_are_refused(players):
    """KB-069."""
    with pytest.raises(ValueError, match=r"odd|2, 4"):
        GAME.new_game(players, seed=1)


def test_your_own_pawns_come_first():
    """KB-070: while your pawns are not all home you move only your own."""
    s = position(
        4,
        pawns={"a": [5, "N", "N", "N"], "c": [40, "N", "N", "N"]},
        hands={"a": ["8"], "b": ["3"], "c": ["3"], "d": ["3"]},
    )
    assert legal(s) == ["8 a1"]
    with pytest.raises(IllegalAction) as info:
        s.apply("8 c1")
    assert info.value.rule.section == "Playing in Teams"


def test_once_your_pawns_are_home_you_play_for_your_partner():
    """KB-072, KB-073: both partners get cards each deal; a player whose pawns are home plays
    them for the partner's pawns."""
    s = position(
        4,
        pawns={"a": ["H1", "H2", "H3", "H4"], "c": [40, 50, "N", "N"], "b": [20, "N", "N", "N"]},
        hands={"a": ["8", "J"], "b": ["3"], "c": ["3"], "d": ["3"]},
    )
    assert legal(s) == ["8 c1", "8 c2", "J c1 b1", "J c2 b1"]
    assert s.view(None)["plays_for"] == [2, 1, 2, 3]
    with pytest.raises(IllegalAction, match="partner's pawns") as info:
        s.apply("8 b1")
    assert "KB-072" in info.value.rule.statements
    s.apply("8 c2")
    assert pawns(s, 2)[:2] == [40, 58]
    fresh = GAME.new_game(4, seed=9)
    assert fresh.view(None)["hand_sizes"] == [5, 5, 5, 5]


def test_steps_of_a_seven_left_after_your_last_pawn_goes_home_go_to_your_partner():
    """KB-072, KB-056 (as clarified): split a 7 so your last pawn enters the home, the rest moves
    a pawn of your partner; before that, the partner's pawns cannot be moved."""
    s = position(
        4,
        pawns={"a": [61, "H2", "H3", "H4"], "c": [40, "N", "N", "N"]},
        hands={"a": ["7"], "b": ["3"], "c": ["3"], "d": ["3"]},
    )
    assert legal(s) == ["7 a1:3 c1:4"]
    with pytest.raises(IllegalAction):
        s.apply("7 c1")
    s.apply("7 a1:3 c1:4")
    assert pawns(s, 0)[0] == "H1" and pawns(s, 2)[0] == 44


def test_two_players_have_no_partner_to_give_steps_to():
    """KB-033, KB-056: with two players a 7 cannot be finished once your last pawn is home."""
    s = position(pawns={"a": [61, "H2", "H3", "H4"]}, hands={"a": ["7"], "b": ["3"]})
    assert legal(s) == ["hand in"]


KING_WHEN_NEST_EMPTY = {"king_helps_teammate": "when_nest_empty"}


def test_by_default_a_king_helps_the_teammate_only_once_your_pawns_are_home():
    """KB-046, KB-047 (option king_helps_teammate=when_home, the default): with your own nest
    empty but pawns still on the track, a King cannot be played for your partner."""
    s = position(
        4,
        pawns={"a": [5, "H2", "H3", "H4"], "c": [40, "N", "N", "N"]},
        hands={"a": ["K"], "b": ["3"], "c": ["3"], "d": ["3"]},
    )
    assert legal(s) == ["hand in"]
    with pytest.raises(IllegalAction) as info:
        s.apply("K place")
    assert "no pawn is left in the nest" in str(info.value)
    assert "KB-046" in info.value.rule.statements and "KB-047" in info.value.rule.statements


def test_with_option_when_nest_empty_a_king_places_a_partners_pawn_once_your_nest_is_empty():
    """KB-046, KB-047 read as option king_helps_teammate=when_nest_empty: a King that cannot
    place for you (your nest is empty) places your partner's next pawn on the partner's start;
    your other cards still move only your own pawns."""
    s = position(
        4,
        pawns={"a": [5, "H2", "H3", "H4"], "c": [40, "N", "N", "N"]},
        hands={"a": ["K", "A"], "b": ["3"], "c": ["3"], "d": ["3"]},
        options=KING_WHEN_NEST_EMPTY,
    )
    assert legal(s) == ["A a1", "K place"]  # the Ace does not place: only the King helps
    s.apply("K place")
    assert pawns(s, 2) == [40, 32, "N", "N"]
    assert pawns(s, 0) == [5, "H2", "H3", "H4"]
    assert s.event_counts()["placements"] == 1


def test_with_option_when_nest_empty_a_king_still_places_your_own_pawn_while_you_have_one():
    """KB-046, KB-047: the option changes nothing while your own nest holds a pawn."""
    s = position(
        4,
        pawns={"a": [5, "H2", "H3", "N"], "c": [40, "N", "N", "N"]},
        hands={"a": ["K"], "b": ["3"], "c": ["3"], "d": ["3"]},
        options=KING_WHEN_NEST_EMPTY,
    )
    s.apply("K place")
    assert pawns(s, 0) == [5, "H2", "H3", 0] and pawns(s, 2) == [40, "N", "N", "N"]


def test_with_option_when_nest_empty_the_king_is_refused_when_both_nests_are_empty():
    """KB-046, KB-047: no pawn to place in either nest: the King cannot be played, and the
    refusal says the partner's nest is empty too."""
    s = position(
        4,
        pawns={"a": [5, "H2", "H3", "H4"], "c": [40, 41, 42, 43]},
        hands={"a": ["K"], "b": ["3"], "c": ["3"], "d": ["3"]},
        options=KING_WHEN_NEST_EMPTY,
    )
    assert legal(s) == ["hand in"]
    with pytest.raises(IllegalAction, match="so is your partner's") as info:
        s.apply("K place")
    assert info.value.rule.section == "Additional Rules"


def test_with_option_when_nest_empty_a_king_hits_a_pawn_on_the_partners_start():
    """KB-047, KB-038: placing for the partner is an ordinary placement: another seat's pawn
    on the partner's start is hit, the partner's own pawn there blocks it."""
    s = position(
        4,
        pawns={"a": [5, "H2", "H3", "H4"], "b": [32, "N", "N", "N"], "c": [40, "N", "N", "N"]},
        hands={"a": ["K"], "b": ["3"], "c": ["3"], "d": ["3"]},
        options=KING_WHEN_NEST_EMPTY,
    )
    s.apply("K place")
    assert pawns(s, 1)[0] == "N" and pawns(s, 2)[:2] == [40, 32]
    blocked = position(
        4,
        pawns={"a": [5, "H2", "H3", "H4"], "c": [32, "N", "N", "N"]},
        hands={"a": ["K"], "b": ["3"], "c": ["3"], "d": ["3"]},
        options=KING_WHEN_NEST_EMPTY,
    )
    assert legal(blocked) == ["hand in"]


def test_the_king_option_changes_nothing_with_two_players():
    """KB-047 speaks of teams: with two players there is no partner to help."""
    s = position(
        2,
        pawns={"a": [5, "H2", "H3", "H4"]},
        hands={"a": ["K"], "b": ["3"]},
        options=KING_WHEN_NEST_EMPTY,
    )
    assert legal(s) == ["hand in"]
