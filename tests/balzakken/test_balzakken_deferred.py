"""What a Balzakken state works out only when someone reads it gives what working it out at once
gave: what each seat knows of other hands (BZ-015, BZ-030, BZ-060: cards seen played or taken in
plain sight, hands swapped by The Swinger) and the finished rounds' records, however late and
however often they are read, on a copy or on the state itself."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from balzakken_helpers import GAME

from gametable import State


def text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def everything(state: State) -> str:
    """Every seat's view, the spectator's and the position, as one text."""
    views = [state.view(seat) for seat in [None, *range(state.players)]]
    return text([views, state.to_json()])


@pytest.mark.parametrize("players", [2, 4, 6])
def test_knowledge_and_records_read_late_are_those_read_at_every_move(players: int) -> None:
    """BZ-015, BZ-030, BZ-060: a game read at every move and the same game read only every
    `gap` moves (or only at its end) show the same views and positions where both are read."""
    for seed in range(6):
        watched = GAME.new_game(players, seed=seed)
        seen = {}
        rng = random.Random(seed)
        step = 0
        while not watched.is_over:
            seen[step] = everything(watched)
            seat = watched.to_move[0]
            watched.apply(rng.choice(watched.legal_actions(seat)), seat)
            step += 1
        seen[step] = everything(watched)
        for gap in (5, 13, 1000):
            late = GAME.new_game(players, seed=seed)
            rng = random.Random(seed)
            step = 0
            while not late.is_over:
                if step % gap == gap - 1:
                    assert everything(late) == seen[step], (seed, gap, step)
                seat = late.to_move[0]
                late.apply(rng.choice(late.legal_actions(seat)), seat)
                step += 1
            assert everything(late) == seen[step], (seed, gap, "end")


def test_a_copy_taken_before_anyone_looks_plays_on_alike() -> None:
    """BZ-060: a copy made in the middle of a round, with moves (a Swinger among them) not yet
    written into what each seat knows, plays on and shows exactly what the original shows."""
    checked = 0
    for seed in range(40):
        state = GAME.new_game(3, seed=seed)
        rng = random.Random(seed)
        swingers = 0
        while not state.is_over and swingers < 2:
            seat = state.to_move[0]
            action = rng.choice(state.legal_actions(seat))
            swingers += str(action).startswith("swinger")
            state.apply(action, seat)
        if state.is_over:
            continue
        copy = state.clone()
        for _ in range(6):
            if state.is_over:
                break
            seat = state.to_move[0]
            pick = rng.randrange(len(state.legal_actions(seat)))
            state.apply(state.legal_actions(seat)[pick], seat)
            copy.apply(copy.legal_actions(seat)[pick], seat)
        assert everything(copy) == everything(state)
        checked += 1
    assert checked >= 10


def test_a_swinger_shows_each_player_the_hand_the_other_now_holds() -> None:
    """BZ-060: after The Swinger, read only later, each of the two players knows the whole hand
    the other holds; the others know only what was seen in plain sight."""
    for seed in range(60):
        state = GAME.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            swinger = [a for a in legal if str(a).startswith("swinger")]
            if swinger:
                target = swinger[0].target  # type: ignore[attr-defined]
                state.apply(swinger[0], seat)
                hands = state.to_json()["hands"]
                assert state.view(seat)["known_cards"][str(target)] == hands[target]
                assert state.view(target)["known_cards"][str(seat)] == hands[seat]
                return
            state.apply(rng.choice(legal), seat)
    pytest.fail("no Swinger was played in 60 seeded games")
