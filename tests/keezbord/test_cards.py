"""Card Meanings and Card Distribution: what every card does, and which cards are in the game."""

from __future__ import annotations

from collections import Counter

import pytest

from gametable import IllegalAction
from tests.keezbord.helpers import GAME, legal, pawns, position


@pytest.mark.parametrize(("players", "size"), [(2, 26), (4, 52), (6, 78)])
def test_deck_has_thirteen_cards_per_player_and_no_jokers(players, size):
    """KB-008, KB-009, KB-010, KB-011, KB-012: 26, 52 or 78 cards, every rank A-K equally often
    (suits never matter; the six-player sentence is read as six of every rank); no jokers."""
    s = GAME.new_game(players, seed=5)
    data = s.to_json()
    cards = Counter(data["deck"])
    for hand in data["hands"]:
        cards.update(hand)
    assert sum(cards.values()) == size
    assert cards == Counter(
        {r: players for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")}
    )


def test_ace_places_a_pawn_or_moves_one_forward():
    """KB-049: an Ace puts a pawn on the start space or moves a pawn one space."""
    s = position(pawns={"a": [10, "N", "N", "N"]}, hands={"a": ["A"], "b": ["3"]})
    assert legal(s) == ["A a1", "A place"]
    s.apply("A a1")
    assert pawns(s, 0)[0] == 11


def test_king_places_a_pawn_on_the_start_space():
    """KB-050: the King only places a pawn, onto its owner's start space."""
    s = position(pawns={"a": [10, "N", "N", "N"]}, hands={"a": ["K"], "b": ["3"]})
    assert legal(s) == ["K place"]
    s.apply("K place")
    assert pawns(s, 0) == [10, 0, "N", "N"]


def test_placing_hits_another_players_pawn_on_your_start():
    """KB-050, KB-038, KB-039 (as clarified): placing onto your start hits another player's pawn
    there; your own pawn there blocks placing."""
    s = position(pawns={"b": [0, "N", "N", "N"]}, hands={"a": ["K"], "b": ["3"]})
    s.apply("K place")
    assert pawns(s, 0)[0] == 0 and pawns(s, 1)[0] == "N"
    s = position(pawns={"a": [0, "N", "N", "N"]}, hands={"a": ["K", "A"], "b": ["3"]})
    assert legal(s) == ["A a1"]
    with pytest.raises(IllegalAction) as info:
        s.apply("K place")
    assert info.value.rule.clarification


def test_queen_moves_twelve_forward():
    """KB-051."""
    s = position(pawns={"a": [10, "N", "N", "N"]}, hands={"a": ["Q"], "b": ["3"]})
    s.apply("Q a1")
    assert pawns(s, 0)[0] == 22


def test_jack_swaps_your_pawn_with_a_teammates_or_an_opponents():
    """KB-052: a Jack swaps one of your pawns with any other player's pawn on the track."""
    s = position(
        4,
        pawns={"a": [5, "H1", "N", "N"], "b": [20, "N", "N", "N"], "c": [40, "N", "N", "N"]},
        hands={"a": ["J"], "b": ["3"], "c": ["3"], "d": ["3"]},
    )
    assert legal(s) == ["J a1 b1", "J a1 c1"]
    s.apply("J a1 c1")
    assert pawns(s, 0)[0] == 40 and pawns(s, 2)[0] == 5


def test_jack_cannot_swap_two_of_your_own_pawns():
    """KB-052: the other pawn belongs to another player."""
    s = position(pawns={"a": [5, 9, "N", "N"]}, hands={"a": ["J", "2"], "b": ["3"]})
    assert "J a1 a2" not in legal(s)
    with pytest.raises(IllegalAction):
        s.apply("J a1 a2")


@pytest.mark.parametrize(
    ("card", "steps"),
    [
        ("10", 10),  # KB-053
        ("9", 9),  # KB-054
        ("8", 8),  # KB-055
        ("6", 6),  # KB-058
        ("5", 5),  # KB-059
        ("3", 3),  # KB-062
        ("2", 2),  # KB-063
    ],
)
def test_number_cards_move_that_many_steps_forward(card, steps):
    """KB-053, KB-054, KB-055, KB-058, KB-059, KB-062, KB-063."""
    s = position(pawns={"a": [20, "N", "N", "N"]}, hands={"a": [card], "b": ["3"]})
    s.apply(f"{card} a1")
    assert pawns(s, 0)[0] == 20 + steps


def test_seven_moves_one_pawn_or_splits_over_two():
    """KB-056, KB-057: seven steps in all, over one pawn or two (e.g. four and three)."""
    s = position(pawns={"a": [10, 20, "N", "N"]}, hands={"a": ["7"], "b": ["3"]})
    sevens = legal(s)
    assert len(sevens) == 2 + 2 * 6
    assert "7 a1:4 a2:3" in sevens and "7 a1" in sevens and "7 a2:3 a1:4" in sevens
    s.apply("7 a1:4 a2:3")
    assert pawns(s, 0)[:2] == [14, 23]
    s = position(pawns={"a": [10, 20, "N", "N"]}, hands={"a": ["7"], "b": ["3"]})
    s.apply("7 a1")
    assert pawns(s, 0)[:2] == [17, 20]


def test_seven_must_use_all_seven_steps():
    """KB-056: a 7 that cannot be used in full cannot be played."""
    s = position(pawns={"a": [62, "H1", "H2", "N"]}, hands={"a": ["7"], "b": ["3"]})
    assert legal(s) == ["hand in"]
    with pytest.raises(IllegalAction):
        s.apply("7 a1:1 a2:6")


def test_each_part_of_a_seven_hits_where_it_ends():
    """KB-056, KB-038 (as clarified): each part of a split 7 is a move that ends, so it hits where
    it stops, and the parts are made in the order written."""
    s = position(
        pawns={"a": [10, 30, "N", "N"], "b": [13, 15, "N", "N"]}, hands={"a": ["7"], "b": ["3"]}
    )
    s.apply("7 a1:3 a2:4")
    assert pawns(s, 0)[:2] == [13, 34]
    assert pawns(s, 1)[:2] == ["N", 15]
    # the first part may knock the second pawn off: then the second part cannot be made
    s = position(pawns={"a": [10, 15, "N", "N"]}, hands={"a": ["7"], "b": ["3"]})
    assert "7 a1:5 a2:2" not in legal(s) and "7 a2:2 a1:5" in legal(s)


def test_four_moves_a_pawn_four_spaces_backward():
    """KB-060."""
    s = position(
        pawns={"a": [10, "N", "N", "N"], "b": [6, "N", "N", "N"]}, hands={"a": ["4"], "b": ["3"]}
    )
    s.apply("4 a1")
    assert pawns(s, 0)[0] == 6 and pawns(s, 1)[0] == "N"


def test_four_takes_a_pawn_back_past_its_start_but_never_into_its_home():
    """KB-061: backward past your own start along the track, never into the home; a later card
    then takes the pawn forward into the home."""
    s = position(pawns={"a": [2, "N", "N", "N"]}, hands={"a": ["4", "5"], "b": ["3"]})
    s.apply("4 a1")
    assert pawns(s, 0)[0] == 62
    s = position(pawns={"a": [62, "N", "N", "N"]}, hands={"a": ["5"], "b": ["3"]})
    s.apply("5 a1")
    assert pawns(s, 0)[0] == "H4"


def test_pawn_just_placed_on_its_start_may_go_back_four_and_then_home():
    """KB-061 (as clarified): a pawn standing on its own start goes round the whole board when it
    moves forward, but a 4 from the start puts it four spaces before its home entrance."""
    s = position(pawns={"a": [0, "N", "N", "N"]}, hands={"a": ["4", "5"], "b": ["3"]})
    s.apply("4 a1")
    assert pawns(s, 0)[0] == 60
    s = position(pawns={"a": [60, "N", "N", "N"]}, hands={"a": ["5"], "b": ["3"]})
    s.apply("5 a1")
    assert pawns(s, 0)[0] == "H2"
    s = position(pawns={"a": [0, "N", "N", "N"]}, hands={"a": ["5"], "b": ["3"]})
    s.apply("5 a1")
    assert pawns(s, 0)[0] == 5
