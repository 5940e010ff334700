"""Move generation and the rule checks agree: over every integer code, exactly the listed legal
actions pass ``check_action`` (``is_legal``), and a refused one leaves the state untouched.

The actions checked are fresh objects, never the very objects ``legal_actions`` listed (which
``apply`` and ``check_action`` trust without checking them again), so the checks judge them rule
by rule."""

from __future__ import annotations

import dataclasses
import random

import pytest

from gametable.games.keezbord.actions import Split
from tests.keezbord.helpers import GAME


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, None),
        (4, None),
        (6, None),
        (4, {"seven_hits_passed": True}),
    ],
)
def test_legal_actions_are_exactly_the_actions_that_pass_the_checks(players, options):
    state = GAME.new_game(players, seed=players, options=options)
    rng = random.Random(players)
    codes = range(GAME.num_distinct_actions(players))
    checked = 0
    while state.to_move and checked < 12:
        if state.ply % 9 == 4:
            checked += 1
            listed = set(state.legal_actions())
            passing = set()
            for code in codes:
                try:
                    action = dataclasses.replace(state.decode_action(code))
                except ValueError:
                    continue
                if state.is_legal(action):
                    passing.add(action)
            assert passing == listed, state.to_text()
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, None),
        (4, None),
        (6, None),
        (4, {"seven_hits_passed": True}),
        (4, {"king_helps_teammate": "when_nest_empty"}),
    ],
)
def test_split_sevens_listed_are_exactly_those_whose_two_parts_pass_the_checks(players, options):
    """KB-056, KB-057: the generator judges a split's second part from the other pawns' limits;
    ``check_split`` plays the first part out and judges the second on the board it leaves.  They
    agree on positions from random games (late ones too: pawns home, partners helped)."""
    pawns = range(4 * players)
    checked = 0
    for seed in range(40):
        state = GAME.new_game(players, seed=seed, options=options)
        rng = random.Random(seed)
        while state.to_move:
            seat = state.to_move[0]
            if "7" in state.view(seat)["hand"] and rng.random() < 0.25:
                fresh = GAME.state_from_json(state.to_json())
                listed = {a for a in fresh.legal_actions() if isinstance(a, Split)}
                passing = {
                    Split(p, a, q)
                    for p in pawns
                    for q in pawns
                    for a in range(1, 7)
                    if p != q and fresh.is_legal(Split(p, a, q))
                }
                assert passing == listed, fresh.to_text()
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
        if checked >= 60 // players * 2:
            break
    assert checked >= 10
