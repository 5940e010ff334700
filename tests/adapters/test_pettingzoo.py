"""Every game as a PettingZoo AEC environment, proven with PettingZoo's own ``api_test`` and
``seed_test`` on every game and player count, plus the adapter's own promises.

The parallel API is not offered (turns are sequential), so ``parallel_api_test`` does not apply.
"""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

import gametable
from gametable import IllegalAction
from gametable import pettingzoo as gz
from gametable.adapters import features
from tests.adapters.cases import case_id, game_cases, smallest_cases

CASES = game_cases()
SMALLEST = smallest_cases()

#: api_test's advice for plain Box observations; a Dict holding the action mask is what
#: PettingZoo's own classic games (chess, go, tictactoe) use and also draw these warnings.
DICT_OBSERVATION_ADVICE = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Observation is not a NumPy array",
)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test(case: tuple[str, int]) -> None:
    name, players = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(gz.env(name, players=players, render_mode="ansi"), num_cycles=400)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_ADVICE)
    ]
    assert unexpected == []


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_seed_test(case: tuple[str, int]) -> None:
    name, players = case
    seed_test(lambda: gz.env(name, players=players), num_cycles=200)


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_pettingzoo_render_test(case: tuple[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    name, players = case
    render_test(lambda render_mode=None: gz.env(name, players=players, render_mode=render_mode))
    assert "to move: player_" in capsys.readouterr().out


# -- the adapter's own promises ---------------------------------------------------------------------
def play_to_the_end(env, rng: random.Random) -> dict[str, float]:
    """Random legal play until every agent is done; each agent's final reward."""
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(list(legal))))
    return final


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_agent_selection_follows_to_move_and_rewards_come_from_returns(
    case: tuple[str, int],
) -> None:
    name, players = case
    env = gz.raw_env(name, players=players)
    env.reset(seed=3)
    state = env.gametable_state
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_move[0]
        assert env.agent_selection == f"player_{seat}"
        obs = env.observe(env.agent_selection)
        legal = sorted(state.encode_action(a) for a in state.legal_actions(seat))
        assert list(np.flatnonzero(obs["action_mask"])) == legal
        assert all(r == 0 for r in env.rewards.values())
        env.step(rng.choice(legal))
    returns = state.returns()
    mean = sum(returns) / players
    assert env.rewards == {f"player_{s}": pytest.approx(r - mean) for s, r in enumerate(returns)}
    assert sum(env.rewards.values()) == pytest.approx(0.0)
    assert all(env.terminations.values()) and not any(env.truncations.values())


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_every_agent_receives_its_final_reward(case: tuple[str, int]) -> None:
    name, players = case
    env = gz.env(name, players=players)
    env.reset(seed=8)
    final = play_to_the_end(env, random.Random(8))
    assert set(final) == {f"player_{s}" for s in range(players)}
    assert sum(final.values()) == pytest.approx(0.0)
    assert env.agents == []


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_observation_is_the_view_encoded_by_the_layout(case: tuple[str, int]) -> None:
    """The observation is ``features.layout(...).encode(view(seat))``, inside the Box's bounds."""
    name, players = case
    env = gz.raw_env(name, players=players)
    env.reset(seed=1)
    layout = features.layout(name, players)
    assert env.layout is layout
    box = env.observation_space("player_0")["observation"]
    assert box.shape == (layout.size,) and box.dtype == np.float32
    for seat in range(players):
        obs = env.observe(f"player_{seat}")
        assert np.array_equal(obs["observation"], layout.encode(env.gametable_state.view(seat)))
        assert box.contains(obs["observation"])


def test_seeds_fix_the_deal_and_a_later_reset_continues_the_sequence() -> None:
    a, b = gz.raw_env("balzakken", players=2), gz.raw_env("balzakken", players=2)
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.gametable_state == b.gametable_state
    a.reset()
    b.reset()
    assert a.gametable_state == b.gametable_state
    b.reset(seed=6)
    assert a.gametable_state != b.gametable_state


def test_truncation_after_max_steps() -> None:
    env = gz.raw_env("balzakken", players=2, max_steps=3)
    env.reset(seed=1)
    rng = random.Random(1)
    for _ in range(3):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    assert all(env.truncations.values())
    assert not any(env.terminations.values())


def test_illegal_actions_raise_and_change_nothing() -> None:
    env = gz.raw_env("balzakken", players=2)
    env.reset(seed=2)
    before = env.gametable_state.to_json()
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.gametable_state.to_json() == before


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    env = gz.env("balzakken", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("Balzakken (2 players)") and "to move: player_" in text
    human = gz.env("balzakken", players=2, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text
    with pytest.raises(ValueError):
        gz.env("balzakken", render_mode="rgb_array")


def test_game_options_and_names() -> None:
    env = gz.raw_env("balzakken", players=4, options={"first_player": 2})
    env.reset(seed=1)
    assert env.agent_selection == "player_2"
    assert env.possible_agents == [f"player_{s}" for s in range(4)]
    assert env.metadata["name"].startswith("gametable_balzakken_v")
    with pytest.raises(ValueError):
        gz.raw_env("balzakken", players=1)
    with pytest.raises(gametable.UnknownGame):
        gz.raw_env("no-such-game")
