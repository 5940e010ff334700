"""The movement rules as the engine keeps them (step bits from tabled paths, blocker and home bits
kept up to date as pawns move) agree with the rules walked space by space.

The slow walk below is written from the rulebook, not from the engine's tables: a pawn goes round
from its start to the space before it, then into its home by exact count (Gameplay, KB-035); it
passes and lands on no pawn standing on its own start space (Additional Rules, KB-041, KB-042)
and on no pawn in its own home (KB-044); a 4 takes it four spaces back along the track, never
into its home (Card Meanings, KB-060, KB-061), past no pawn on its own start space.
"""

from __future__ import annotations

import random

import pytest

from gametable.games.keezbord.board import BACK_SHIFT, LONGEST, PAWNS, STEP_SHIFT, home_bits
from gametable.games.keezbord.state import KeezbordState
from tests.keezbord.helpers import GAME


def on_own_start(state: KeezbordState, space: int) -> bool:
    """A pawn of that start's owner stands on ``space``, a start space (KB-041)."""
    pid = state.track[space]
    return pid >= 0 and space in state.starts and state.starts[pid // PAWNS] == space


def walk_forward(state: KeezbordState, pid: int, steps: int) -> int | None:
    """Where ``pid`` lands ``steps`` forward by the rules, space by space (None: it may not)."""
    x, owner, length = state.pos[pid], pid // PAWNS, state.length
    if x < 0:
        return None  # in its nest
    start = state.starts[owner]
    progress = x if x >= length else (x - start) % length  # the home's spaces are length + h
    for q in range(progress + 1, progress + steps + 1):
        if q >= length + PAWNS:
            return None  # past the last home space: the count must be exact (KB-035)
        if q >= length:
            if state.home[owner * PAWNS + q - length] >= 0:
                return None  # a pawn in the home is not passed nor landed on (KB-044)
        elif on_own_start(state, (start + q) % length):
            return None  # a pawn on its own start space is not passed nor hit (KB-042)
    end = progress + steps
    return end if end >= length else (start + end) % length


def walk_back_four(state: KeezbordState, pid: int) -> int | None:
    """Where ``pid`` lands four spaces back along the track (None: it may not; KB-060, KB-061)."""
    x, length = state.pos[pid], state.length
    if x < 0 or x >= length:
        return None  # in its nest or its home
    for k in range(1, 5):
        if on_own_start(state, (x - k) % length):
            return None
    return (x - 4) % length


def check_board(state: KeezbordState) -> None:
    assert state.blocks == state.blocking()
    assert state.taken == [home_bits(state.home, seat) for seat in range(state.players)]
    for owner in range(state.players):
        bits = state.step_bits(owner)
        for i in range(PAWNS):
            pid = owner * PAWNS + i
            for steps in range(1, LONGEST + 1):
                landing = walk_forward(state, pid, steps)
                assert bool(bits >> STEP_SHIFT[steps] + i & 1) == (landing is not None), (
                    pid,
                    steps,
                )
                if landing is not None:
                    assert state.forward(pid, steps) == landing
                else:
                    assert state.forward(pid, steps) < 0
            back = walk_back_four(state, pid)
            assert bool(bits >> BACK_SHIFT + i & 1) == (back is not None), (pid, "back")


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (2, None, 1),
        (4, None, 2),
        (6, None, 3),
        (4, {"seven_hits_passed": True}, 4),
        (4, {"king_helps_teammate": "when_nest_empty"}, 5),
    ],
)
def test_step_bits_and_kept_board_bits_follow_the_rules_walked_space_by_space(
    players, options, seed
):
    """KB-035, KB-041, KB-042, KB-044, KB-060, KB-061: after every move of random games (hits,
    swaps, split 7s, moves back, a position reloaded), the kept blocker and home bits equal a
    fresh count, and every pawn's step bits and landings equal the slow walk."""
    rng = random.Random(seed)
    checked = 0
    while checked < 300:  # whole games, one after another
        state = GAME.new_game(players, seed=seed + checked, options=options)
        while state.to_move:
            assert isinstance(state, KeezbordState)
            check_board(state)
            if state.ply % 50 == 49:  # a loaded position works its bits out again
                state = GAME.state_from_json(state.to_json())
                assert isinstance(state, KeezbordState)
                check_board(state)
            seat = state.to_move[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            checked += 1
