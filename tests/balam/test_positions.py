"""Positions by hand: JSON round trips, and positions breaking the invariants are refused."""

from __future__ import annotations

import json

import pytest

from gametable.core.errors import InvalidState
from tests.balam.helpers import GAME, position


def test_json_round_trip_keeps_everything():
    state = GAME.new_game(3, seed=9)
    state.apply("pay maize")
    state.apply("build village a2.0")
    text = json.dumps(state.to_json())
    again = GAME.state_from_json(text)
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()


def test_views_hide_the_deck_and_the_seed():
    state = GAME.new_game(2, seed=9)
    view = state.view(0)
    assert "rng" not in view and "seed" not in view
    assert view["katun"]["deck"] == 72 - 3
    assert view["katun"]["slots"] == ["?", "?", "?"]


@pytest.mark.parametrize(
    ("sites", "message"),
    [
        ({"a1": {"owner": 0, "plots": ["village", "village", "village"]}}, "the site is full"),
        ({"a2": {"owner": [0, 1], "plots": ["village"]}}, "one king"),
        ({"a2": {"owner": None, "plots": ["village"]}}, "needs an owner"),
        ({"a2": {"owner": 0, "plots": []}}, "no building"),
        ({"a2": {"owner": 0, "plots": ["castle"]}}, "not a building"),
        ({"a3": {"owner": 0, "plots": [None, None, "palace"]}}, "needs the next plot"),
        ({"a2": {"owner": 0, "plots": ["+"]}}, "no palace or temple"),
        ({"a2": {"owner": 0, "plots": ["garrison:maize"]}}, "obsidian or a prisoner"),
        ({"a2": {"owner": 0, "plots": ["village:maize"]}}, "only during distribution"),
        ({"zz": {"owner": 0, "plots": ["village"]}}, "not a site"),
        ({"a2": {"owner": 7, "plots": ["village"]}}, "owner"),
    ],
)
def test_broken_sites_are_refused(sites, message):
    with pytest.raises(InvalidState, match=message):
        position(2, sites=sites)


def test_more_tokens_than_the_supply_are_refused():
    with pytest.raises(InvalidState, match="only 8"):
        position(2, kings=[{"riches": {"jade": 5}}, {"riches": {"jade": 4}}])


def test_cards_must_exist():
    with pytest.raises(InvalidState, match="no more"):
        position(2, slots=["eclipse", "eclipse", "drought"])
    with pytest.raises(InvalidState, match="not a Katun card"):
        position(2, slots=["joker", "drought", "drought"])


def test_wrong_game_and_bad_json():
    with pytest.raises(InvalidState):
        GAME.state_from_json("{not json")
    with pytest.raises(InvalidState, match="for game"):
        GAME.state_from_json({"game": "balzakken"})


def test_the_documented_example_position_loads():
    """The JSON example of docs/rules/balam.md, "Positions by hand"."""
    data = {
        "game": "balam",
        "version": 1,
        "players": 2,
        "options": {"board": "default"},
        "phase": "turn",
        "current": 0,
        "round_first": 0,
        "round": 3,
        "sites": {
            "a2": {"owner": 0, "plots": ["village", "temple", "+", "reserve:maize"]},
            "b2": {"owner": 1, "plots": ["garrison:obsidian", "market", None]},
        },
        "kings": [
            {"riches": {"maize": 2, "jade": 1}, "prestige": 7},
            {"riches": {"cacao": 1}, "prestige": 4},
        ],
        "katun": {
            "slots": [None, "drought", "ball_game"],
            "discard": ["exceptional"],
            "peeks": [[1], []],
        },
    }
    state = GAME.state_from_json(data)
    assert state.view(0)["katun"]["slots"] == ["turned", "drought", "?"]
    assert state.view(1)["katun"]["slots"] == ["turned", "?", "?"]
    assert state.view(None)["sites"]["a2"]["pyramids"] == [0, 1]
    assert state.view(None)["supply"]["maize"] == 27
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
