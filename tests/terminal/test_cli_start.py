"""``gametable --help`` and ``gametable play`` start without loading the layers they do not use
(the web server above all): the layers' commands are loaded only when they run."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from gametable.cli import LAYER_COMMANDS, app, layer_command

#: modules that only ``serve``, ``simulate`` or ``report`` need
HEAVY = ("fastapi", "sqlalchemy", "uvicorn", "gametable.server", "gametable.simulate")


@pytest.mark.parametrize("name", list(LAYER_COMMANDS))
def test_the_list_of_commands_shows_each_layer_commands_own_summary(name):
    """The summary kept in cli.py is the command's own first paragraph of help."""
    real = layer_command(name)
    assert real.name == name
    first = (real.help or "").strip().split("\n\n")[0]
    assert LAYER_COMMANDS[name].summary == first


def test_help_lists_every_command_and_a_layer_command_runs_with_its_own_options():
    runner = CliRunner()
    listed = runner.invoke(app, ["--help"], terminal_width=100)
    assert listed.exit_code == 0
    for name in ("games", "play", "replay", "saves", *LAYER_COMMANDS):
        assert f" {name} " in listed.output
    own = runner.invoke(app, ["serve", "--help"], terminal_width=100)
    assert own.exit_code == 0 and "--port" in own.output


def imported_by(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(out.stdout.split())


def loaded(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY))


def test_help_does_not_load_the_web_server_or_the_simulator():
    code = (
        "import sys\nfrom gametable.cli import app\nsys.argv = ['gametable', '--help']\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )
    assert loaded(imported_by(code)) == []


def test_play_loads_the_terminal_game_but_not_the_web_server():
    modules = imported_by(
        "import gametable.cli, gametable.terminal.session, gametable.terminal.prompt"
    )
    assert "gametable.terminal.session" in modules
    assert loaded(modules) == []
