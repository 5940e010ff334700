"""High Card plays in every layer that finds a game in its declaration: the terminal, the
arena, ``simulate``, the OpenSpiel and PettingZoo adapters and the rules chat."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gametable
from gametable.adapters import features
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "100")


def gametable_command(*args: str, lines: tuple[str, ...] = ()) -> str:
    result = runner.invoke(app, list(args), input="".join(f"{line}\n" for line in lines))
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_it_is_listed_among_the_games() -> None:
    assert "highcard" in gametable_command("games")


def test_a_game_in_the_terminal_against_a_bot() -> None:
    out = gametable_command(
        "play", "highcard", "--seed", "4", "--bot", "heuristic", lines=("1",) * 10
    )
    assert "Your hand:" in out and "Trick 1" in out
    assert "Game over" in out and "winner" in out


def test_the_terminal_explains_a_refusal_with_its_rule() -> None:
    out = gametable_command("play", "highcard", "--seed", "4", lines=("play 99", "why", "quit"))
    assert "Refused: seat 0 holds no 99" in out
    assert out.count('rulebook, "Playing a Trick"') == 2  # the refusal, and 'why' again


def test_the_arena_plays_the_heuristic_against_random() -> None:
    out = gametable_command(
        "arena", "highcard", "-b", "heuristic", "-b", "random", "-n", "6", "-j", "1"
    )
    assert "heuristic" in out and "random" in out


def test_simulate_writes_a_row_per_game(tmp_path: Path) -> None:
    out = gametable_command(
        "simulate", "highcard", "-p", "3", "-g", "6", "-b", "heuristic", "-b", "random",
        "-j", "1", "--format", "csv", "--out", str(tmp_path / "sim"),
    )  # fmt: skip
    assert "6 games" in out
    assert list((tmp_path / "sim").rglob("*.csv"))


def test_the_rules_chat_answers_from_the_referee() -> None:
    out = gametable_command("rules", "highcard", "--ask", "Who wins a trick of 4, 11 and 7?")
    assert "The 11 takes the trick." in out and "Taking the Trick" in out
    out = gametable_command("rules", "highcard", "--ask", "how many cards are dealt with 4 players")
    assert "3 cards each." in out


def test_the_rules_reference_lists_its_sections() -> None:
    out = gametable_command("rules", "highcard")
    assert "Playing a Trick" in out and "End of the Game" in out


def test_the_feature_tensor_encodes_what_the_view_shows() -> None:
    """Two views that differ in what the layout encodes never share a tensor."""
    game = gametable.load_game("highcard")
    for players in game.player_counts:
        layout = features.layout("highcard", players)
        seen: dict[bytes, str] = {}
        for seed in range(12):
            state = game.new_game(players, seed=seed)
            bot = make_bot("heuristic", seed=seed)
            while True:
                for seat in (None, *range(players)):
                    view = dict(state.view(seat))
                    tensor = layout.encode(view)
                    assert ((layout.low() <= tensor) & (tensor <= layout.high())).all()
                    for left_out in ("game", "players", "cards", "history"):
                        view.pop(left_out)
                    view.get("outcome", {}).pop("reason", None)
                    gone = sorted(
                        p["card"] for r in state.view(None)["history"] for p in r["cards"]
                    )
                    text = json.dumps([view, gone], sort_keys=True)
                    assert seen.setdefault(tensor.tobytes(), text) == text
                if state.is_over:
                    break
                state.apply(bot.choose(SeatState(state, state.to_move[0])), state.to_move[0])


def test_openspiel_random_sim_and_its_ismcts_bot() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    from gametable.adapters import openspiel

    for players in (2, 3, 4):
        game = openspiel.load("highcard", players=players, seed=11)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    game = openspiel.load("highcard", players=2)
    state = game.new_initial_state()
    state.apply_action(0)  # the deal: chance outcome 0
    rs = __import__("numpy").random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bot = ismcts.ISMCTSBot(game, evaluator, 1.0, 50, random_state=rs)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


#: api_test's advice for plain Box observations; a Dict holding the action mask is what
#: PettingZoo's own classic games use (and the main suite accepts the same advice)
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_and_seed_tests() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from gametable import pettingzoo as gz

    for players in (2, 4):
        api_test(gz.env("highcard", players=players, render_mode="ansi"), num_cycles=100)
        seed_test(lambda players=players: gz.env("highcard", players=players), num_cycles=50)
    env = gz.env("highcard", players=3)
    env.reset(seed=1)
    rng = random.Random(1)
    for _agent in env.agent_iter():
        observation, _, done, truncated, _ = env.last()
        mask = observation["action_mask"]
        env.step(None if done or truncated else rng.choice(list(mask.nonzero()[0])))
    assert sum(env._cumulative_rewards.values()) >= 0
