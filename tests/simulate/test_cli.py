"""The simulate and report commands, registered on a Typer app as the gametable CLI does."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from gametable.simulate import load_results
from gametable.simulate.cli import register

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.command("games")
    def games() -> None:  # a second command, as in the real CLI, so commands are by name
        """List games."""

    register(app)
    return app


@pytest.mark.slow  # CI runs it (-m ''); long for the quick loop
def test_simulate_then_resume_then_report(tmp_path):
    app = _app()
    out = tmp_path / "run"
    args = [
        "simulate",
        "balzakken",
        "--players",
        "3",
        "--games",
        "6",
        "--bot",
        "random",
        "--option",
        "swingers=2",
        "--seed",
        "7",
        "--out",
        str(out),
        "--jobs",
        "2",
        "--format",
        "csv",
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = load_results(out)
    assert len(rows) == 6 and json.loads(rows[0]["options"])["swingers"] == 2
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and "6 already there" in again.output
    report = runner.invoke(app, ["report", str(out)])
    assert report.exit_code == 0, report.output
    assert (out / "report.html").is_file()


def test_a_sweep_runs_one_batch_per_value_in_subdirectories(tmp_path):
    out = tmp_path / "sweep"
    result = runner.invoke(
        _app(),
        [
            "simulate",
            "balzakken",
            "-p",
            "3",
            "-g",
            "4",
            "--jobs",
            "1",
            "--sweep",
            "luls=0,4",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["luls=0", "luls=4"]
    assert json.loads(load_results(out / "luls=0")[0]["options"])["luls"] == 0
    assert json.loads((out / "sweep.json").read_text())["runs"] == ["luls=0", "luls=4"]


def test_players_can_be_swept_too(tmp_path):
    out = tmp_path / "sweep"
    result = runner.invoke(
        _app(),
        [
            "simulate",
            "balzakken",
            "-g",
            "2",
            "--jobs",
            "1",
            "--sweep",
            "players=2,3",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert load_results(out / "players=3")[0]["players"] == 3


def test_bad_input_is_a_message_not_a_traceback(tmp_path):
    app = _app()
    for args in (
        ["simulate", "nogame"],
        ["simulate", "balzakken", "-p", "1", "--out", str(tmp_path / "a")],
        ["simulate", "balzakken", "--option", "bad", "--out", str(tmp_path / "b")],
        ["simulate", "balzakken", "--sweep", "luls", "--out", str(tmp_path / "c")],
        ["simulate", "balzakken", "--format", "xlsx", "--out", str(tmp_path / "d")],
        ["simulate", "balzakken", "--backend", "spark", "--out", str(tmp_path / "e")],
        ["report", str(tmp_path / "missing")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "error" in result.output.lower() or "error" in (result.stderr or "").lower()
