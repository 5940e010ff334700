"""Property tests: whatever a client sends, each game answers with its typed error or a value.

Text actions, JSON actions, hand-written positions and match records come from people and other
programs.  Hypothesis generates them (valid ones, damaged ones, arbitrary JSON) and checks that
each input is either accepted and round-trips, or refused with the game's own error
(:class:`InvalidAction`, :class:`InvalidState`, :class:`RecordError`): never another exception.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametable
from gametable.core.errors import IllegalAction, InvalidAction, InvalidState, RecordError
from gametable.core.record import Record

GAMES = gametable.game_names()
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def played(name: str, players: int, seed: int, plies: int) -> gametable.State:
    """A position reached by ``plies`` random legal moves from a seeded new game."""
    game = gametable.load_game(name)
    state = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if not state.to_move:
            break
        seat = rng.choice(state.to_move)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def positions(name: str) -> st.SearchStrategy[gametable.State]:
    game = gametable.load_game(name)
    return st.builds(
        played,
        st.just(name),
        st.sampled_from(game.player_counts),
        st.integers(0, 2**32),
        st.integers(0, 120),
    )


def damage(data: Any, rng: random.Random, new_value: Any) -> Any:
    """``data`` with one value somewhere inside replaced by ``new_value`` (or a key dropped)."""
    if isinstance(data, dict) and data:
        key = rng.choice(sorted(data))
        out = dict(data)
        if rng.random() < 0.2:
            del out[key]
        elif rng.random() < 0.5:
            out[key] = new_value
        else:
            out[key] = damage(data[key], rng, new_value)
        return out
    if isinstance(data, list) and data:
        i = rng.randrange(len(data))
        out_list = list(data)
        out_list[i] = new_value if rng.random() < 0.5 else damage(data[i], rng, new_value)
        return out_list
    return new_value


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_any_text_is_an_action_that_round_trips_or_an_invalid_action(name: str, data) -> None:
    state = data.draw(positions(name))
    game = state.game
    legal = [a for s in state.to_move for a in state.legal_actions(s)]
    text = data.draw(
        st.text(max_size=30)
        | st.sampled_from([str(a) for a in legal] or ["end"]).map(lambda t: t.upper())
    )
    try:
        action = game.parse_action(state, text)
    except InvalidAction:
        return
    assert game.parse_action(state, str(action)) == action


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_any_json_is_an_action_that_round_trips_or_an_invalid_action(name: str, data) -> None:
    state = data.draw(positions(name))
    game = state.game
    legal = [a for s in state.to_move for a in state.legal_actions(s)]
    kinds = [cls.kind for cls in game.action_types]
    real = st.sampled_from(legal).map(lambda a: a.to_json()) if legal else st.just({})
    value = data.draw(
        json_values
        | st.fixed_dictionaries({"kind": st.sampled_from(kinds)}, optional={"x": json_values})
        | st.builds(damage, real, st.randoms(use_true_random=False).map(lambda r: r), json_values)
    )
    try:
        action = game.action_from_json(state, value)
    except InvalidAction:
        return
    assert game.action_from_json(state, action.to_json()) == action
    for seat in state.to_move:  # a well-formed action is either legal or refused with a rule
        try:
            state.clone().apply(action, seat)
        except IllegalAction as exc:
            assert exc.rule is not None


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_damaged_position_loads_exactly_or_is_an_invalid_state(name: str, data) -> None:
    state = data.draw(positions(name))
    game = state.game
    rng = data.draw(st.randoms(use_true_random=False))
    position = damage(state.to_json(), rng, data.draw(json_values))
    try:
        loaded = game.state_from_json(position)
    except InvalidState:
        return
    again = game.state_from_json(json.loads(json.dumps(loaded.to_json())))
    assert again.to_json() == loaded.to_json()
    for seat in [None, *range(loaded.players)]:
        json.dumps(loaded.view(seat))
    for seat in loaded.to_move:
        loaded.legal_actions(seat)


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_a_damaged_record_replays_or_is_a_record_error(name: str, data) -> None:
    game = gametable.load_game(name)
    players = data.draw(st.sampled_from(game.player_counts))
    record = Record.start(game, players, seed=data.draw(st.integers(0, 2**32)))
    state = record.replay()
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(0, 40))):
        if not state.to_move:
            break
        seat = rng.choice(state.to_move)
        record.append(state, rng.choice(state.legal_actions(seat)), seat)
    text = json.dumps(damage(record.to_json(), rng, data.draw(json_values)))
    try:
        replayed = Record.from_json(json.loads(text)).replay()
    except RecordError:
        return
    assert replayed.game.name == name
