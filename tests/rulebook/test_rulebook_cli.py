"""``gametable rules``, registered on a fresh Typer app and driven by Typer's test runner."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from gametable.rulebook.cli import register

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer(pretty_exceptions_enable=False)
    register(app)

    @app.command("other")
    def other() -> None:  # a second command, so "rules" is a subcommand as in gametable
        """Unused."""

    return app


def _run(*args: str):
    return runner.invoke(_app(), ["rules", *args], env={"COLUMNS": "120"})


def test_lists_the_sections():
    result = _run("balzakken")
    assert result.exit_code == 0, result.output
    assert "playing-the-game/important" in result.output
    assert "Tasty (In-Between) Positions" in result.output


def test_shows_one_section_by_id_or_title():
    result = _run("balzakken", "card-types/action-card-2-the-lul")
    assert result.exit_code == 0, result.output
    assert "Pleun" in result.output and "BZ-083" in result.output
    by_title = _run("keezbord", "Card Meanings")
    assert by_title.exit_code == 0 and "KB-056" in by_title.output


def test_ask_prints_a_short_answer_then_the_sections_it_rests_on():
    result = _run("balzakken", "--ask", "can I call BALZAK! with a Swinger in my hand?")
    assert result.exit_code == 0, result.output
    answer_at = result.output.index("Q:")
    rests_at = result.output.index("Rests on:")
    assert answer_at < rests_at
    assert "BALZAK!" in result.output[answer_at:rests_at]
    rests = result.output[rests_at:]
    assert "card-types/action-card-1-the-swinger" in rests or "playing-the-game/important" in rests
    assert "BZ-0" in rests


def test_ask_with_sections_lists_the_best_sections():
    result = _run(
        "balzakken", "--ask", "can I call BALZAK! with a Swinger in my hand?", "--sections"
    )
    assert result.exit_code == 0, result.output
    assert "▶" in result.output and "1." in result.output


def test_ask_about_something_else_says_it_is_not_answered():
    result = _run("keezbord", "--ask", "who won the world cup in 2010")
    assert result.exit_code == 0, result.output
    assert "not answered" in result.output


def test_unknown_game_exits_2_without_traceback():
    result = _run("chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output and "balzakken" in result.output
    assert "Traceback" not in result.output


def test_unknown_section_exits_2_with_suggestions():
    result = _run("balam", "3-war")
    assert result.exit_code == 2
    assert "no rules section" in result.output and "3-wars" in result.output
    assert "Traceback" not in result.output


def test_section_and_ask_together_is_an_error():
    result = _run("balam", "3-wars", "--ask", "dice")
    assert result.exit_code == 2
