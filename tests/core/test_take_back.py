"""Which moves a seat may take back (``Game.can_take_back``, issue 17's undo), per game.

The rulebooks say nothing of undoing; the choices are table manners written in
``docs/rules/<game>.md`` ("Taking a move back"): a move may be taken back only while nothing hidden
came out of it.
"""

from __future__ import annotations

import random

import pytest

from gametable import load_game
from gametable.core.protocol import Action, State


def played(game_name: str, players: int, seed: int, moves: int):
    """(before, seat, action, after) for each move of a random game."""
    game = load_game(game_name)
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.ply < moves:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        state.apply(action, seat)
        yield before, seat, action, state.clone()


@pytest.mark.parametrize("game_name", ["balzakken", "keezbord"])
def test_no_move_is_taken_back_where_every_move_shows_or_draws_a_card(game_name: str) -> None:
    """Balzakken (every action draws a card, shows one or ends the round: BZ "Actions") and
    Keezbord (every move lays a card face up) let nothing be taken back."""
    game = load_game(game_name)
    seen = 0
    for before, seat, action, after in played(game_name, 4, 3, 300):
        assert game.can_take_back(before, seat, action, after) is False
        seen += 1
    assert seen > 50


def balam_turn() -> tuple[State, list[tuple[State, int, Action, State]]]:
    """Seat 0's first turn of a 2-player Balam game: pay the turn's riches, build, then end."""
    game = load_game("balam")
    state = game.new_game(2, seed=7)
    steps = []

    def play(kind: str) -> None:
        seat = state.to_move[0]
        action = next(a for a in state.legal_actions(seat) if a.kind == kind)
        before = state.clone()
        state.apply(action, seat)
        steps.append((before, seat, action, state.clone()))

    play("pay")  # the turn's riches
    play("build")
    while state.to_move == (0,) and any(a.kind == "pay" for a in state.legal_actions(0)):
        play("pay")  # the building's cost
    play("end")
    return state, steps


def test_balam_building_choices_of_ones_own_turn_can_be_taken_back() -> None:
    """BA "B - Turns", "2 - CONSTRUCTIONS": paying the turn's riches, building and paying the
    cost reveal nothing and the king's turn goes on, so each may be taken back; ending the turn
    may not (the next king decides)."""
    game = load_game("balam")
    _state, steps = balam_turn()
    kinds = [action.kind for _b, _s, action, _a in steps]
    assert kinds[:2] == ["pay", "build"] and kinds[-1] == "end"
    answers = [game.can_take_back(*step) for step in steps]
    assert answers[:-1] == [True] * (len(steps) - 1)
    assert answers[-1] is False


def test_balam_turning_a_katun_card_or_a_war_cannot_be_taken_back() -> None:
    """BA "4 - KATUN" (a card turned face up) and "3 - WARS" (dice) reveal what was hidden."""
    game = load_game("balam")
    kinds_seen = set()
    for seed in range(4):
        for before, seat, action, after in played("balam", 3, seed, 250):
            if action.kind in ("katun", "attack", "defend", "end", "take"):
                assert game.can_take_back(before, seat, action, after) is False, action
                kinds_seen.add(action.kind)
            if before.rng != after.rng:  # chance was drawn on: never
                assert game.can_take_back(before, seat, action, after) is False, action
    assert {"katun", "end"} <= kinds_seen


def test_replaying_without_the_move_gives_back_the_position_before_it() -> None:
    """What the server does on a take-back: seed + the moves that stand replay exactly."""
    game = load_game("balam")
    state = game.new_game(2, seed=7)
    first = next(a for a in state.legal_actions(0) if a.kind == "pay")
    before = state.clone()
    state.apply(first, 0)
    replayed = game.new_game(2, seed=7)
    assert replayed == before and replayed != state
