"""``gametable saves``, ``--load N``, one error style for every command, game names in any case,
and the arena's progress when its output is not a terminal."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from gametable.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")


def flat(text: str) -> str:
    return " ".join(text.split())


def test_saves_lists_nothing_at_first_then_each_game_stopped():
    empty = runner.invoke(app, ["saves"])
    assert empty.exit_code == 0 and "No saved games yet" in empty.output
    runner.invoke(
        app, ["play", "balzakken", "--seed", "5", "--bot", "random"], input="1\n1\nquit\n"
    )
    runner.invoke(app, ["play", "keezbord", "-p", "4", "--seed", "2"], input="1\n1\nquit\n")
    listed = runner.invoke(app, ["saves"])
    assert listed.exit_code == 0, listed.output
    lines = [line for line in listed.output.splitlines() if re.match(r"\s*\d+\s", line)]
    assert re.match(
        r"1\s+balzakken\s+2: person, random\s+\S+ \S+\s+2\s+seat 0 \(person\)", lines[0]
    )
    assert re.match(r"2\s+keezbord\s+4: person, 3 heuristic", lines[1])
    assert "gametable play --load N" in flat(listed.output)


def test_load_by_number_resumes_that_game_and_replay_takes_a_number_too():
    runner.invoke(
        app, ["play", "balzakken", "--seed", "5", "--bot", "random"], input="1\n1\nquit\n"
    )
    resumed = runner.invoke(app, ["play", "--load", "1"], input="quit\n")
    assert resumed.exit_code == 0 and "seed 5" in resumed.output
    replayed = runner.invoke(app, ["replay", "1"])
    assert replayed.exit_code == 0 and "balzakken v1, 2 players, seed 5, 2 moves" in replayed.output


def test_a_number_that_is_not_a_save_is_an_error():
    result = runner.invoke(app, ["play", "--load", "3"])
    assert result.exit_code == 2
    assert "error: there is no save 3: no game has been saved yet" in flat(result.output)


def test_quitting_one_game_never_overwrites_another():
    runner.invoke(
        app, ["play", "balzakken", "--seed", "5", "--bot", "random"], input="1\n1\nquit\n"
    )
    runner.invoke(
        app, ["play", "balzakken", "--seed", "6", "--bot", "random"], input="1\n1\nquit\n"
    )
    listed = flat(runner.invoke(app, ["saves"]).output)
    assert "1 balzakken" in listed and "2 balzakken" in listed
    seeds = [
        re.search(r"seed (\d+)", runner.invoke(app, ["replay", n]).output)[1] for n in ("1", "2")
    ]
    assert seeds == ["5", "6"]


@pytest.mark.parametrize("name", ["Balzakken", "BALZAKKEN", " balzakken"])
def test_game_names_are_matched_in_any_case(name):
    play = runner.invoke(app, ["play", name, "--seed", "5"], input="quit\n")
    assert play.exit_code == 0 and "Balzakken, 2 players, seed 5" in play.output
    arena = runner.invoke(app, ["arena", name, "-b", "random", "-n", "2", "-j", "1"])
    assert arena.exit_code == 0, arena.output
    assert "balzakken, 2 players, 2 games" in arena.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["arena", "chess", "-b", "random"], "error: unknown game 'chess'"),
        (["arena", "balzakken", "-b", "oracle"], "error: unknown bot 'oracle'"),
        (["arena", "balzakken", "-b", "random", "-j", "-1"], "error: --jobs must be 0"),
        (["arena", "balzakken"], "error: Missing option '--bot'"),
        (["play", "--frobnicate"], "error: No such option: --frobnicate"),
        (["play", "balzakken", "-p", "many"], "error: Invalid value for '--players'"),
        (["replay"], "error: Missing argument"),
        (["nonsense"], "error: No such command 'nonsense'"),
    ],
)
def test_every_command_reports_errors_as_one_error_line(args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)
    assert "╭" not in result.output and "Traceback" not in result.output


def test_the_arena_reports_progress_in_plain_lines_when_piped():
    result = runner.invoke(app, ["arena", "balzakken", "-b", "random", "-n", "3", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "balzakken, random: 0/3 games" in result.output
    assert re.search(r"balzakken, random: 3/3 games in \d+ s", result.output)


def test_simulate_reports_progress_in_plain_lines_when_piped(tmp_path):
    result = runner.invoke(
        app,
        [
            "simulate",
            "balzakken",
            "-g",
            "3",
            "-b",
            "random",
            "-j",
            "1",
            "--format",
            "csv",
            "--out",
            str(tmp_path / "run"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "balzakken 2p: 0/3 games" in result.output
    assert re.search(r"balzakken 2p: 3/3 games in \d+ s", result.output)
