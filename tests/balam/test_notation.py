"""Notation and the integer encoding round-trip; garbage is refused."""

from __future__ import annotations

import pytest

from gametable.core.errors import InvalidAction
from tests.balam.helpers import GAME

TEXTS = [
    "pay maize",
    "katun 4",
    "build temple b3.1",
    "remove e6.1",
    "attack b3>c3 2 1",
    "end",
    "defend 3",
    "lose a1.0",
    "destroy c3.3",
    "take jade",
    "take prestige",
    "dowry 2 cacao",
    "ward",
    "suffer",
    "offer b3.0>d3",
    "move b3.0>c3.1",
    "done",
    "pay b3.0",
    "pay e6.1",
]


@pytest.mark.parametrize("text", TEXTS)
def test_notation_and_encoding_round_trip(text):
    state = GAME.new_game(3, seed=1)
    action = GAME.parse_action(state, text)
    assert str(action) == text
    code = state.encode_action(action)
    assert 0 <= code < GAME.num_distinct_actions(3)
    assert state.decode_action(code) == action


def test_codes_are_unique():
    state = GAME.new_game(3, seed=1)
    codes = {state.encode_action(GAME.parse_action(state, t)) for t in TEXTS}
    assert len(codes) == len(TEXTS)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "build castle a1.0",
        "build village zz.0",
        "build village a1.7",
        "katun 9",
        "attack a1>b1 5 0",
        "dowry 7 jade",
        "pay gold",
    ],
)
def test_garbage_is_refused(text):
    state = GAME.new_game(3, seed=1)
    with pytest.raises(InvalidAction):
        GAME.parse_action(state, text)


def test_the_action_space_depends_on_the_board():
    assert GAME.num_distinct_actions(2, {"board": "small"}) < GAME.num_distinct_actions(2)
