"""The example in ``docs/examples/balzakken_policy.py`` (issue 15, item 5): a policy learned
from self-play tensors beats random players at Balzakken, on a tiny budget."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "balzakken_policy.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("balzakken_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def policy(example: ModuleType) -> Any:
    """Trained on 30 two-player games of random self-play."""
    return example.train(games=30, players=2, seed=0)


def test_the_learned_policy_beats_random_players(example: ModuleType, policy: Any) -> None:
    """It wins at least 70 of 100 games against a random player (a random player would win
    about 50; 70 or more by luck has a chance below 1 in 10,000)."""
    wins, games = example.evaluate(policy, games=100, players=2, seed=1)
    assert games == 100 and wins >= 70


def test_the_policy_reads_the_tensor(example: ModuleType, policy: Any) -> None:
    """Its choices depend on the observation: the weights are not all zero, and in some
    positions it chooses otherwise than its action prior alone (``--blind``)."""
    blind = policy.blind()
    assert policy.weights.any() and not blind.weights.any()
    state = example.GAME.new_game(2, seed=3)
    differ = 0
    while not state.is_over and state.ply < 200:
        seat = state.to_move[0]
        action = policy.choose(state, seat)
        differ += action != blind.choose(state, seat)
        state.apply(action, seat)
    assert differ > 0


def test_the_example_runs_as_a_script(
    example: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["balzakken_policy.py", "--games", "8", "--eval", "10", "--players", "3", "--blind"]
    monkeypatch.setattr(sys, "argv", argv)
    example.main()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 players: the policy won ") and "of 10 games" in lines[0]
    assert lines[1].startswith("  without the tensor (action prior only): ")
