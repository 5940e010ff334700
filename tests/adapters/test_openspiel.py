"""Every game as an OpenSpiel game, proven with OpenSpiel's own checks and bots.

- ``pyspiel.random_sim_test`` (with ``serialize=True``) on every game and player count;
- OpenSpiel's Python ``ISMCTSBot`` and ``MCTSBot`` playing whole games;
- the adapter's own promises: parameters, game info, observations from views, resampling.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import gametable  # noqa: E402
from gametable.adapters import features, openspiel  # noqa: E402
from gametable.adapters.openspiel import view_text  # noqa: E402
from tests.adapters.cases import case_id, game_cases, smallest_cases  # noqa: E402

CASES = game_cases()
SMALLEST = smallest_cases()


def load(name: str, players: int, **params: object) -> openspiel.OpenSpielGame:
    return openspiel.load(name, players=players, **params)


def dealt(game: openspiel.OpenSpielGame, outcome: int = 0) -> openspiel.OpenSpielState:
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(outcome)
    return state


def random_walk(state: openspiel.OpenSpielState, rng: random.Random, steps: int):
    """Yield ``state`` before each of up to ``steps`` random decisions."""
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


# -- OpenSpiel's own checks -------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test(case: tuple[str, int]) -> None:
    name, players = case
    game = load(name, players, seed=11)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def play_with_bots(game: openspiel.OpenSpielGame, seed: int) -> openspiel.OpenSpielState:
    """Seat 0 is OpenSpiel's ISMCTS bot, the other seats its MCTS bot; play to the end."""
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=12)
    is_bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rs)
    mcts_bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rs
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
            continue
        bot = is_bot if state.current_player() == 0 else mcts_bot
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_ismcts_and_mcts_bots_play_a_whole_game(case: tuple[str, int]) -> None:
    name, players = case
    state = play_with_bots(load(name, players, seed=5), seed=5)
    returns = state.returns()
    assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)
    assert returns == list(state.gametable_state.returns())


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_rl_environment_plays_whole_episodes(case: tuple[str, int]) -> None:
    """OpenSpiel's RL environment (chance sampled for us) runs two random episodes."""
    name, players = case
    env = rl_environment.Environment(load(name, players, seed=2), seed=2)
    size = features.layout(name, players).size
    rng = random.Random(2)
    for _ in range(2):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][player]
            assert len(time_step.observations["info_state"][player]) == size
            time_step = env.step([rng.choice(legal)])
        assert all(0.0 <= r <= 1.0 for r in time_step.rewards)


# -- registration and parameters --------------------------------------------------------------------
def test_every_game_is_registered_under_its_short_name() -> None:
    names = openspiel.register_all()
    assert names == [f"python_gametable_{n}" for n in gametable.game_names()]
    assert set(names) <= set(pyspiel.registered_names())
    assert openspiel.register_all() == names  # registering again is harmless


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_game_info_comes_from_the_gametable_game(case: tuple[str, int]) -> None:
    name, players = case
    gt = gametable.load_game(name)
    game = load(name, players, deals=16)
    gtype = game.get_type()
    assert game.num_players() == players
    assert game.num_distinct_actions() == gt.num_distinct_actions(players)
    assert game.max_game_length() == gt.max_game_length(players)
    assert game.max_chance_outcomes() == 16
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    expected = "CONSTANT_SUM" if players == 2 else "GENERAL_SUM"
    assert gtype.utility == getattr(pyspiel.GameType.Utility, expected)
    size = features.layout(name, players).size
    assert game.observation_tensor_shape() == [size]
    assert game.information_state_tensor_shape() == [size]


@pytest.mark.parametrize("name", gametable.game_names())
def test_game_strings_load_back_with_every_option(name: str) -> None:
    game = load(name, gametable.load_game(name).min_players, seed=3)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert str(dealt(again, 7)) == str(dealt(game, 7))


def test_text_options_with_commas_survive_the_game_string() -> None:
    if "balam" not in gametable.game_names():
        pytest.skip("balam is not registered")
    if "faces" not in {o.name for o in gametable.load_game("balam").options}:
        pytest.skip("balam has no faces option")
    game = load("balam", 2, faces="0,1,2,3,3,X")
    assert game.setup.options["faces"] == "0,1,2,3,3,X"
    assert pyspiel.load_game(str(game)).setup.options["faces"] == "0,1,2,3,3,X"


def test_bad_parameters_are_refused() -> None:
    with pytest.raises((pyspiel.SpielError, ValueError)):
        pyspiel.load_game("python_gametable_balzakken(players=1)")
    with pytest.raises((pyspiel.SpielError, ValueError)):
        pyspiel.load_game("python_gametable_balzakken(deals=0)")


# -- chance, states and serialisation ---------------------------------------------------------------
def test_deal_i_is_the_gametable_game_with_its_documented_seed() -> None:
    game = load("balzakken", 3, seed=9)
    state = dealt(game, 42)
    seed = openspiel.Rng((9 << 32) + 42).next64() >> 1
    expected = gametable.load_game("balzakken").new_game(3, seed)
    assert state.gametable_state == expected
    assert state.history() == [42]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_current_player_is_the_first_seat_to_move(case: tuple[str, int]) -> None:
    name, players = case
    state = dealt(load(name, players, seed=2), 3)
    for s in random_walk(state, random.Random(1), 400):
        gt = s.gametable_state
        assert s.current_player() == gt.to_move[0]
        codes = s.legal_actions()
        assert codes == sorted(gt.encode_action(a) for a in gt.legal_actions(gt.to_move[0]))
        assert s.action_to_string(codes[0]) == str(gt.decode_action(codes[0]))


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_serialised_states_continue_exactly(case: tuple[str, int]) -> None:
    name, players = case
    game = load(name, players, seed=4)
    state = dealt(game, 1)
    rng = random.Random(4)
    for _ in random_walk(state, rng, 30):
        pass
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state) and state2.history() == state.history()
    rng = random.Random(8)
    for _ in range(50):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        state2.apply_action(action)
        assert str(state2) == str(state)


# -- information ------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_observations_come_from_the_views(case: tuple[str, int]) -> None:
    """Strings are the views' JSON; both tensors are the views encoded by the game's layout."""
    name, players = case
    game = load(name, players, seed=6)
    layout = features.layout(name, players)
    state = dealt(game, 0)
    for s in random_walk(state, random.Random(6), 60):
        gt = s.gametable_state
        for p in range(players):
            view = gt.view(p)
            assert s.observation_string(p) == view_text(view)
            assert s.information_state_string(p).startswith(view_text(view))
            expected = layout.encode(view)
            assert np.array_equal(np.array(s.observation_tensor(p), np.float32), expected)
            assert np.array_equal(np.array(s.information_state_tensor(p), np.float32), expected)


def test_the_observer_names_the_layout_blocks() -> None:
    """OpenSpiel's observer gives each block of the layout by name, shaped, over its tensor."""
    game = load("balzakken", 3, seed=1)
    state = dealt(game, 0)
    observation = make_observation(game)
    observation.set_from(state, 1)
    layout = game.layout
    assert list(observation.dict) == layout.names()
    assert observation.dict["hand"].shape == layout["hand"].shape
    assert np.array_equal(observation.tensor, layout.encode(state.gametable_state.view(1)))
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    public = make_observation(game, public_only)
    public.set_from(state, 1)
    assert np.array_equal(public.tensor, layout.encode(state.gametable_state.view(None)))


@pytest.mark.parametrize("case", SMALLEST, ids=case_id)
def test_resampling_keeps_what_the_player_knows(case: tuple[str, int]) -> None:
    """A state redrawn from a player's information state gives that player the same strings
    and tensors: nothing hidden from it is in them."""
    name, players = case
    state = dealt(load(name, players, seed=7), 2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for s in random_walk(state, random.Random(7), 80):
        p = s.current_player()
        other = s.resample_from_infostate(p, sampler)
        assert isinstance(other, openspiel.OpenSpielState)
        assert other.information_state_string(p) == s.information_state_string(p)
        assert other.information_state_tensor(p) == s.information_state_tensor(p)
        assert other.observation_tensor(p) == s.observation_tensor(p)
        assert other.legal_actions() == s.legal_actions()
        assert other.history() == s.history()


def test_resampling_redraws_the_hidden_cards() -> None:
    state = dealt(load("balzakken", 2, seed=1), 0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = {str(state.resample_from_infostate(0, sampler)) for _ in range(10)}
    assert len(others) > 1
