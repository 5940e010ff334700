"""A file that is not a playable game is refused with a message naming what is wrong and where:
a save without its moves, a record whose move cannot be read or is refused by the rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gametable
from gametable.cli import app
from gametable.core.record import Record

runner = CliRunner()


def balzakken_record(path: Path, moves: list[list[object]] | None) -> Path:
    """A two-player Balzakken record of seed 5 (seat 0 holds 0 8 10 10 Swinger) with ``moves``;
    ``None``: the key left out."""
    data = Record.start(gametable.load_game("balzakken"), 2, seed=5).to_json()
    if moves is None:
        del data["moves"]
    else:
        data["moves"] = moves
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("command", [["play", "--load"], ["replay"]])
def test_a_save_without_its_moves_is_refused_not_started_afresh(tmp_path, command):
    path = balzakken_record(tmp_path / "g.json", None)
    result = runner.invoke(app, [*command, str(path)], input="1\n1\nquit\n")
    assert result.exit_code == 2, result.output
    assert 'has no "moves": it is not a saved game' in result.output
    assert "What do you play?" not in result.output


def test_a_save_of_a_game_not_begun_still_loads(tmp_path):
    path = balzakken_record(tmp_path / "g.json", [])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "0 moves" in result.output


def test_replay_names_the_move_that_is_not_a_move_of_the_game(tmp_path):
    path = balzakken_record(tmp_path / "g.json", [[0, "discard 0"], [1, "discard 99"]])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert "move 2 (seat 1: 'discard 99') is not a move of this game" in result.output
    assert "Traceback" not in result.output


def test_replay_names_the_move_the_rules_refuse_and_the_rule(tmp_path):
    """Seat 0 holds no 7: discarding one is refused by the discard rule."""
    path = balzakken_record(tmp_path / "g.json", [[0, "discard 7"]])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    out = " ".join(result.output.split())
    assert "move 1 (seat 0: 'discard 7') is refused by the rules:" in out
    assert "(rule: " in out
