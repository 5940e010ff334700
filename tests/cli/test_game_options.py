"""A game's own options of ``play`` and ``replay`` (its ``cli`` part) are found in its
declaration, listed in the commands' help and refused for another game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import gametable
from gametable.cli import app, game_options
from gametable.core.parts import part
from gametable.terminal.gameoptions import GAME_OPTIONS

runner = CliRunner()


def test_every_declared_option_is_taken_by_play_and_replay() -> None:
    declared = [
        (name, option)
        for name in gametable.game_names()
        for option in part(gametable.load_game(name), GAME_OPTIONS) or ()
    ]
    assert [(g.name, o) for g, o in game_options()] == declared
    assert declared, "no game adds an option: this test checks nothing"
    for command in ("play", "replay"):
        shown = runner.invoke(app, [command, "--help"], terminal_width=200).output
        for _, option in declared:
            assert "--" + option.name.replace("_", "-") in shown


@pytest.mark.parametrize("command", ["play", "replay"])
def test_a_bad_file_for_a_game_option_is_one_error_line(command: str, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    (game, option), *_ = game_options()
    flag = "--" + option.name.replace("_", "-")
    args = [command, game.name] if command == "play" else [command, str(missing)]
    result = runner.invoke(app, [*args, flag, str(missing)])
    assert result.exit_code == 2
    assert result.output.startswith("error:") and "Traceback" not in result.output
