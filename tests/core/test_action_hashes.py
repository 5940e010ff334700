"""An action's ``__hash__`` written out in its class (so that, compiled, it runs native) gives the
value the frozen dataclass would: the hash of its fields in order.  Search and simulation key
dicts and sets by action, so another value could change what they iterate over first."""

from __future__ import annotations

import dataclasses
import random

import pytest

import gametable


@pytest.mark.parametrize("name", gametable.game_names())
def test_every_action_hashes_as_its_dataclass_would(name: str) -> None:
    game = gametable.load_game(name)
    rng = random.Random(7)
    seen: dict[type, int] = {}
    for seed in range(3):
        state = game.new_game(2, seed=seed)
        while state.to_move:
            seat = rng.choice(state.to_move)
            legal = state.legal_actions(seat)
            for action in legal:
                if dataclasses.is_dataclass(action):
                    fields = tuple(getattr(action, f.name) for f in dataclasses.fields(action))
                    assert hash(action) == hash(fields), action
                    seen[type(action)] = seen.get(type(action), 0) + 1
            state.apply(rng.choice(legal), seat)
    assert seen  # the game's actions are dataclasses: each was checked
