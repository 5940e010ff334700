"""Actions as typed data: their JSON form, their steps (menus), and the declared view."""

from __future__ import annotations

import json
import random

import pytest

from gametable import InvalidAction
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.core.choices import check_steps, menu
from gametable.core.schema import schema_errors
from gametable.games.keezbord.actions import HandIn, Move, Place, Split, Swap
from tests.keezbord.helpers import GAME, position

FORMS = [
    ("A place", Place(1), {"kind": "place", "card": "A"}, ("A", "place")),
    ("K place", Place(13), {"kind": "place", "card": "K"}, ("K", "place")),
    ("8 a2", Move(8, 1), {"kind": "move", "card": "8", "pawn": "a2"}, ("8", "a2")),
    ("4 b1", Move(4, 4), {"kind": "move", "card": "4", "pawn": "b1"}, ("4", "b1")),
    ("10 d4", Move(10, 15), {"kind": "move", "card": "10", "pawn": "d4"}, ("10", "d4")),
    ("7 a1", Move(7, 0), {"kind": "move", "card": "7", "pawn": "a1"}, ("7", "a1 +7")),
    (
        "7 a1:3 c2:4",
        Split(0, 3, 9),
        {
            "kind": "split",
            "card": "7",
            "first": "a1",
            "first_steps": 3,
            "second": "c2",
            "second_steps": 4,
        },
        ("7", "a1 +3", "c2 +4"),
    ),
    (
        "J a1 b3",
        Swap(0, 6),
        {"kind": "swap", "card": "J", "mine": "a1", "other": "b3"},
        ("J", "a1", "b3"),
    ),
    ("hand in", HandIn(), {"kind": "hand_in"}, ("hand in",)),
]


@pytest.mark.parametrize(("text", "action", "data", "steps"), FORMS, ids=[f[0] for f in FORMS])
def test_each_action_has_a_json_form_and_steps(text, action, data, steps):
    s = GAME.new_game(4, seed=1)
    assert str(action) == text
    assert action.to_json() == data
    assert GAME.action_from_json(s, json.loads(json.dumps(data))) == action
    assert action.steps == steps


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({"kind": "place", "card": "8"}, "only an Ace"),
        ({"kind": "move", "card": "J", "pawn": "a1"}, "a Jack swaps"),
        ({"kind": "move", "card": "K", "pawn": "a1"}, "a King places"),
        ({"kind": "move", "card": "8", "pawn": "e1"}, "no pawn e1 in a 4-player game"),
        ({"kind": "move", "card": "8", "pawn": "z9"}, "is not a pawn"),
        ({"kind": "move", "card": "X", "pawn": "a1"}, "is not a card"),
        ({"kind": "swap", "card": "J", "mine": "a1", "other": "a1"}, "two different pawns"),
        ({"kind": "swap", "card": "7", "mine": "a1", "other": "b1"}, "played with a Jack"),
        (
            {
                "kind": "split",
                "card": "7",
                "first": "a1",
                "first_steps": 3,
                "second": "a2",
                "second_steps": 3,
            },
            "add up to 7",
        ),
        (
            {
                "kind": "split",
                "card": "7",
                "first": "a1",
                "first_steps": 7,
                "second": "a2",
                "second_steps": 0,
            },
            "1 to 6 steps",
        ),
        (
            {
                "kind": "split",
                "card": "7",
                "first": "a1",
                "first_steps": 3,
                "second": "a1",
                "second_steps": 4,
            },
            "two different pawns",
        ),
        ({"kind": "hand_in", "card": "7"}, "has no field 'card'"),
        ({"kind": "move", "card": "t", "pawn": "a1"}, "write {'kind': 'move', 'card': '10'"),
    ],
)
def test_malformed_json_actions_are_refused_saying_why(data, why):
    s = GAME.new_game(4, seed=1)
    with pytest.raises(InvalidAction, match=why.replace("(", r"\(")) as info:
        GAME.action_from_json(s, data)
    assert why in str(info.value)


def test_the_seven_menu_offers_each_pawn_whole_or_split_then_the_second_pawn():
    """KB-056, KB-057: pick the 7, then how far the first pawn goes, then the pawn for the rest."""
    s = position(pawns={"a": [5, 20, "N", "N"]}, hands={"a": ["7"], "b": ["3"]})
    legal = s.legal_actions()
    assert [c.label for c in menu(legal)] == ["7"]
    labels = [c.label for c in menu(legal, ("7",))]
    assert labels == [
        "a1 +7",
        "a2 +7",
        *(f"a1 +{k}" for k in range(1, 7)),
        *(f"a2 +{k}" for k in range(1, 7)),
    ]
    assert [c.label for c in menu(legal, ("7", "a1 +3"))] == ["a2 +4"]
    assert menu(legal, ("7", "a1 +3"))[0].action == Split(0, 3, 1)


def test_card_first_then_pawns_for_every_other_card():
    s = position(
        pawns={"a": [5, "N", "N", "N"], "b": [40, "N", "N", "N"]},
        hands={"a": ["A", "4", "J"], "b": ["3"]},
    )
    legal = s.legal_actions()
    assert [c.label for c in menu(legal)] == ["A", "4", "J"]
    assert [c.label for c in menu(legal, ("A",))] == ["place", "a1"]
    assert [c.label for c in menu(legal, ("J",))] == ["a1"]
    assert [c.label for c in menu(legal, ("J", "a1"))] == ["b1"]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_menus_stay_short_in_heuristic_play(players):
    """The steps of the legal actions form a menu tree no level of which exceeds 40 entries,
    in positions the heuristic bot reaches (random play is covered by the conformance suite)."""
    policy = heuristic_for("keezbord").policy
    state = GAME.new_game(players, seed=players)
    rng = random.Random(players)
    while state.to_move and state.ply < 400:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        assert check_steps(legal) is None
        state.apply(policy(SeatState(state, seat), rng), seat)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_views_fit_the_schema_for_their_player_count_only(players):
    state = GAME.new_game(players, seed=3)
    schema = GAME.view_schema(players)
    for seat in (None, *range(players)):
        assert schema_errors(schema, state.view(seat)) == []
    other = 4 if players != 4 else 6
    assert schema_errors(GAME.view_schema(other), state.view(0))


def test_progress_in_the_view_counts_from_each_pawns_own_start():
    s = position(
        players=4,
        pawns={"a": [5, "H2", "N", 0], "b": [10, 16, "N", "N"]},
        hands={"a": ["3"]},
    )
    view = s.view(None)
    assert view["progress"][0] == [5, 65, None, 0]
    assert view["progress"][1] == [58, 0, None, None]
