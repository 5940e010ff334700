"""``view_parts``: the parts of a view a bot reads, built alone, equal to the whole view's."""

from __future__ import annotations

import random

import pytest

import gametable
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.games.balam import viewbuild
from tests.balam.helpers import GAME

EVERY_PART = tuple(viewbuild._PARTS)


def states(players: int, seed: int, options: dict | None = None, heuristic: bool = True):
    """Every state along a seeded game (the rules of thumb build cities; random play wars)."""
    state = GAME.new_game(players, seed=seed, options=options)
    policy = heuristic_for("balam").policy
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_over:
            return
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        elif heuristic:
            action = policy(SeatState(state, seat), rng)
        else:
            action = rng.choice(legal)
        state.apply(action, seat)


@pytest.mark.parametrize(
    ("players", "seed", "options", "heuristic"),
    [(2, 1, None, True), (3, 2, None, True), (2, 3, {"board": "small"}, False)],
)
def test_every_part_equals_the_views_for_every_seat(players, seed, options, heuristic):
    seen = 0
    for state in states(players, seed, options, heuristic):
        # the sites, built in one loop, are each site's own description
        one_by_one = {
            state.board.names[s]: viewbuild.site_view(state, s) for s in state.board.sites
        }
        assert viewbuild.sites_view(state) == one_by_one
        assert viewbuild.sites_view(state, shared=True) == one_by_one
        for seat in (None, *range(players)):
            whole = state.view(seat)
            parts = state.view_parts(seat, EVERY_PART)
            assert parts == whole
            seen += 1
    assert seen > 100


def test_the_parts_name_every_key_of_the_view_and_only_those_asked_for():
    *_, last = states(2, 4)
    assert last.is_over
    assert set(EVERY_PART) == set(last.view(0))  # the game's end has ``outcome`` too
    first = GAME.new_game(2, seed=4)
    assert "outcome" not in first.view_parts(0, EVERY_PART)
    assert first.view_parts(0, ("sites", "no such part")) == {"sites": first.view(0)["sites"]}


def test_a_seat_sees_in_its_parts_only_the_katun_cards_it_looked_at():
    for state in states(2, 3, heuristic=False):  # an observatory is built and used at ply 51
        if any(state.peeks):
            break
    else:
        pytest.fail("no divination in the game")
    seat = next(s for s in range(2) if state.peeks[s])
    other = 1 - seat
    assert state.view_parts(seat, ("katun",))["katun"] == state.view(seat)["katun"]
    assert state.view_parts(other, ("katun",))["katun"] == state.view(other)["katun"]
    assert state.view(seat)["katun"] != state.view(other)["katun"]


def test_the_protocols_default_takes_the_parts_from_the_whole_view():
    state = gametable.load_game("keezbord").new_game(2, seed=1)
    whole = state.view(0)
    keys = list(whole)[:3]
    assert state.view_parts(0, [*keys, "no such part"]) == {k: whole[k] for k in keys}
    assert SeatState(state, 0).view_parts(keys) == {k: whole[k] for k in keys}
