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


def test_katun_card_names_say_which_forms_are_expected():
    """A Prosperous or Favourable card is written with its riches ("Katun file"): the type
    alone, or riches no card has, is refused with the forms that exist; an unknown name with
    the card types."""
    with pytest.raises(InvalidState, match=r"'favourable' alone is not a Katun card.*favourable:"):
        position(2, slots=["favourable", "drought", "drought"])
    with pytest.raises(InvalidState, match=r"one of .*favourable:maize\+cacao"):
        position(2, slots=["favourable:jade+jade", "drought", "drought"])
    with pytest.raises(InvalidState, match=r"prosperous:maize/cacao/prestige:1"):
        position(2, discard=["prosperous"])
    with pytest.raises(InvalidState, match=r"'joker' is not a Katun card: write a card's type"):
        position(2, slots=["joker", "drought", "drought"])


def distribution_position(sites, done=None, to_move=None):
    data = {
        "game": "balam",
        "players": 2,
        "phase": "distribution",
        "sites": sites,
        "kings": [{"riches": {}}, {"riches": {}}],
        "katun": {"slots": [None] * 3},
        "distribution": {"done": done or [False, False]},
    }
    if to_move is not None:
        data["to_move"] = to_move
    return GAME.state_from_json(data)


def test_a_distribution_position_marks_seats_with_nothing_to_move_done():
    """BA-201 BA-203: a king with nothing left to move has finished his distribution, in a
    position written by hand as in play: he is done on loading, whatever ``done`` says; with
    nobody left to move the round would be over, and the position is refused."""
    sites = {
        "a2": {"owner": 0, "plots": ["village:maize", "reserve"]},
        "e5": {"owner": 1, "plots": ["village"]},
    }
    state = distribution_position(sites)
    assert state.to_move == (0,)
    assert state.to_json()["distribution"]["done"] == [False, True]
    assert state.view(None)["distribution"]["done"] == [False, True]
    with pytest.raises(InvalidState, match=r"to_move .* nothing left to move is done"):
        distribution_position(sites, to_move=[0, 1])
    idle = {**sites, "a2": {"owner": 0, "plots": ["village", "reserve"]}}
    with pytest.raises(InvalidState, match="nothing to move is done"):
        distribution_position(idle)
