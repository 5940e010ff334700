"""Notation and integer encoding of actions."""

from __future__ import annotations

import pytest

from gametable import InvalidAction
from gametable.games.keezbord.actions import HandIn, Move, Place, Split, Swap
from tests.keezbord.helpers import GAME


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("A place", Place(1)),
        ("K place", Place(13)),
        ("8 a2", Move(8, 1)),
        ("4 b1", Move(4, 4)),
        ("Q a1", Move(12, 0)),
        ("10 d4", Move(10, 15)),
        ("7 a1", Move(7, 0)),
        ("7 a1:3 c2:4", Split(0, 3, 9)),
        ("J a1 b3", Swap(0, 6)),
        ("hand in", HandIn()),
    ],
)
def test_notation_round_trips(text, action):
    s = GAME.new_game(4, seed=1)
    assert GAME.parse_action(s, text) == action
    assert str(action) == text
    code = s.encode_action(action)
    assert 0 <= code < GAME.num_distinct_actions(4)
    assert s.decode_action(code) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("h place", "K place"),
        ("v a1", "Q a1"),
        ("b a1 b2", "J a1 b2"),
        ("t a1", "10 a1"),
        ("7 A1:7", "7 a1"),
        ("  hand   IN ", "hand in"),
        ("pass", "hand in"),
        ("a A2", "A a2"),
    ],
)
def test_other_spellings_are_accepted(text, canonical):
    s = GAME.new_game(4, seed=1)
    assert str(GAME.parse_action(s, text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "J a1",
        "K a1",
        "Q place",
        "7 a1:3 a2:3",
        "7 a1:3 a1:4",
        "7 a1:3",
        "J a1 a1",
        "8 e1",
        "8 a5",
        "9 a0",
        "11 a1",
        "move",
        "J a1 b1 c1",
    ],
)
def test_garbage_is_refused(text):
    s = GAME.new_game(4, seed=1)
    with pytest.raises(InvalidAction):
        GAME.parse_action(s, text)


def test_every_code_decodes_to_a_distinct_action():
    for players in (2, 4, 6):
        s = GAME.new_game(players, seed=1)
        n = GAME.num_distinct_actions(players)
        seen = set()
        for code in range(n):
            try:
                action = s.decode_action(code)
            except ValueError:
                continue
            assert s.encode_action(action) == code
            assert GAME.parse_action(s, str(action)) == action
            seen.add(action)
        pawns = 4 * players  # codes of a pawn swapped with itself or a 7 split over one pawn
        assert len(seen) == n - pawns - 6 * pawns


def test_every_legal_action_can_be_described():
    state = GAME.new_game(4, seed=12)
    while state.to_move and state.ply < 150:
        for action in state.legal_actions():
            text = state.describe(action)
            assert text.startswith(f"seat {state.to_move[0]} ")
        state.apply(state.legal_actions()[-1])
