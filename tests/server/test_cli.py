"""``register`` adds ``serve`` to a Typer app."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from gametable.server.cli import register


def test_register_adds_the_serve_command() -> None:
    app = typer.Typer()

    @app.command("other")
    def other() -> None:  # a second command, so Typer keeps subcommand names
        """Placeholder."""

    register(app)
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    for flag in ("--host", "--port", "--data-dir", "--database-url", "--bot-delay", "--idle-hours"):
        assert flag in result.output
