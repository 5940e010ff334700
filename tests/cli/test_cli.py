"""The gametable command, driven through Typer's test runner with scripted input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gametable.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path, monkeypatch):
    """'quit' saves the game in the current directory: keep that out of the checkout."""
    monkeypatch.chdir(tmp_path)


def test_games_lists_every_game_with_player_counts():
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "balzakken" in result.output and "2, 3, 4, 5, 6, 7, 8" in result.output


def test_play_a_whole_game_against_bots_with_scripted_input(tmp_path):
    result = runner.invoke(app, ["play", "balzakken", "-p", "2", "--seed", "5"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "winner" in result.output


def test_a_refusal_names_the_rule_and_why_repeats_it(tmp_path):
    result = runner.invoke(
        app, ["play", "balzakken", "-p", "2", "--seed", "5"], input="discard 7x5\nwhy\nquit\n"
    )
    assert "Refused:" in result.output
    assert 'Balzakken rulebook, "Playing the Game > Important"' in result.output
    assert result.output.count("You have no 7 in your hand.") == 2


def test_garbage_is_not_understood_and_the_prompt_returns():
    result = runner.invoke(app, ["play", "balzakken", "--seed", "5"], input="jump around\nquit\n")
    assert "Not understood" in result.output
    assert result.output.count("What do you play?") == 2


def test_save_then_load_resumes_the_same_game(tmp_path):
    path = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", "balzakken", "--seed", "9"], input=f"1\n1\nsave {path}\nquit\n"
    )
    assert result.exit_code == 0
    record = json.loads(path.read_text())
    assert record["seed"] == 9 and record["moves"]
    resumed = runner.invoke(app, ["play", "--load", str(path)], input="quit\n")
    assert resumed.exit_code == 0
    assert "seed 9" in resumed.output


def test_end_of_input_stops_cleanly_with_a_hint(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "balzakken", "--bot", "random"], input="1\n1\n")
    assert result.exit_code == 0
    assert "Resume it with: gametable play --load 1" in result.output
    assert "Traceback" not in result.output


def test_end_of_input_before_any_move_saves_nothing(tmp_path):
    result = runner.invoke(app, ["play", "balzakken"], input="")
    assert result.exit_code == 0
    assert "Stopped before the first move; there is nothing to save." in result.output
    assert not list(tmp_path.rglob("*.json"))


def test_replay_prints_the_moves_and_result(tmp_path):
    path = tmp_path / "g.json"
    runner.invoke(
        app, ["play", "balzakken", "-p", "2", "--seed", "3"], input=f"1\n1\nsave {path}\nquit\n"
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "balzakken v1, 2 players, seed 3" in result.output
    assert "not finished" in result.output


def test_bad_input_gives_a_message_and_exit_2_not_a_traceback(tmp_path):
    for args in (
        ["play", "chess"],
        ["play", "balzakken", "-o", "copies=99"],
        ["play", "balzakken", "-p", "12"],
        ["play", "balzakken", "--seat", "7"],
        ["replay", str(tmp_path / "missing.json")],
        ["play", "balzakken", "--bot", "oracle"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "error:" in result.output
        assert "Traceback" not in result.output
