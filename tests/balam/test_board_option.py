"""The ``board`` option names a board, never a file: a record or a client cannot make the
program read any file (issue 16, item 7); a user's own board file is registered by name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gametable.cli import app
from gametable.core.errors import RecordError
from gametable.core.record import FORMAT, Record
from gametable.games.balam import register_board
from gametable.games.balam.board import BoardError, board_names
from tests.balam.helpers import GAME

EXAMPLES_FILE = Path(__file__).parent / "data" / "examples.toml"
runner = CliRunner()


def record_with_board(path: Path, board: str) -> Path:
    data = {
        "format": FORMAT,
        "game": "balam",
        "version": GAME.version,
        "players": 2,
        "seed": 1,
        "options": {"board": board},
        "moves": [[0, "pay maize"]],
    }
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("board", [str(EXAMPLES_FILE), "/dev/zero", "../boards/x.toml"])
def test_a_record_naming_a_file_as_its_board_is_refused(tmp_path: Path, board: str) -> None:
    record = Record.load(record_with_board(tmp_path / "game.json", board))
    with pytest.raises(RecordError, match="there is no board"):
        record.replay()
    result = runner.invoke(app, ["replay", str(tmp_path / "game.json")])
    assert result.exit_code == 2
    assert "there is no board" in result.output and "--board-file" in result.output
    with pytest.raises(ValueError, match="there is no board"):
        GAME.new_game(2, seed=1, options={"board": board})


def test_only_board_names_are_accepted() -> None:
    assert board_names()[:2] == ("default", "small")
    with pytest.raises(BoardError, match="built-in board"):
        register_board("default", EXAMPLES_FILE)
    with pytest.raises(BoardError, match="cannot name a board"):
        register_board("../x", EXAMPLES_FILE)
    with pytest.raises(BoardError, match="not a readable board file"):
        register_board("zero", "/dev/zero")  # a device is never read


def test_a_name_registered_again_must_name_the_same_file(tmp_path: Path) -> None:
    copy = tmp_path / "copy.toml"
    shutil.copy(EXAMPLES_FILE, copy)
    assert register_board("twice", EXAMPLES_FILE) == "twice"
    assert register_board("twice", EXAMPLES_FILE) == "twice"
    with pytest.raises(BoardError, match="already registered"):
        register_board("twice", copy)


def test_a_board_file_given_on_the_command_line_plays_and_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GAMETABLE_DATA_DIR", str(tmp_path / "data"))  # saves go there
    board = tmp_path / "jungle.toml"
    shutil.copy(EXAMPLES_FILE, board)
    record = record_with_board(tmp_path / "game.json", "jungle")
    result = runner.invoke(app, ["replay", str(record), "--board-file", str(board)])
    assert result.exit_code == 0, result.output
    assert "pay maize" in result.output
    save = tmp_path / "saved.json"
    result = runner.invoke(
        app,
        ["play", "balam", "--seed", "3", "--board-file", str(board)],
        input=f"save {save}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text())["options"]["board"] == "jungle"
    result = runner.invoke(app, ["play", "keezbord", "--board-file", str(board)])
    assert result.exit_code == 2 and "Balam board" in result.output
