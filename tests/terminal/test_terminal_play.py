"""Playing in the terminal through the real command, with scripted input."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import gametable
from gametable.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")


def play(args: list[str], lines: list[str]) -> str:
    """Run ``gametable play`` with these input lines; the output with line wrapping undone."""
    result = runner.invoke(app, ["play", *args], input="".join(f"{line}\n" for line in lines))
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize("name", gametable.game_names())
def test_a_whole_game_of_each_title_can_be_played_to_the_end(name):
    out = play([name, "--seed", "4", "--bot", "random"], ["1"] * 5000)
    assert "Game over" in out
    assert "winner" in out


def test_the_board_shows_the_hand_the_piles_and_the_score_sheet():
    out = play(["balzakken", "-p", "3", "--seed", "3"], ["quit"])
    assert "Your hand:" in out and "= 40 points" in out
    assert "Discard pile top:" in out and "Draw pile: 44 cards" in out
    assert "in front (out of play)" in out


def test_a_finished_round_shows_its_scoring():
    out = play(["balzakken", "-p", "2", "--seed", "5", "--bot", "random"], ["1"] * 5000)
    assert re.search(
        r"Round \d+: seat \d called BALZAK! holding -?\d+ points: (a good|a false|an over-)call"
        r".*\s+.*Seat \d writes \d+ points?\.",
        out,
    )


def test_a_refused_action_shows_its_rule_and_why_repeats_it():
    out = play(["balzakken", "--seed", "5"], ["discard 7x5", "why", "quit"])
    assert "Refused:" in out
    assert out.count('Balzakken rulebook, "Playing the Game > Important"') == 2


def test_help_explains_a_turn():
    out = play(["balzakken", "--seed", "5"], ["help", "quit"])
    assert "call BALZAK!" in out and "gametable rules balzakken" in out


def test_a_balzak_with_more_than_5_points_asks_for_confirmation():
    # seed 3, 3 players: seat 0 holds 3 7 8 11 11 (40 points)
    out = play(["balzakken", "-p", "3", "--seed", "3"], ["balzak", "n", "quit"])
    assert "Call it anyway?" in out
    assert "Not played; choose again." in out


def test_hot_seat_hides_the_previous_hand_before_the_next_player_sees_theirs():
    out = play(
        ["balzakken", "-p", "2", "--seat", "0", "--seat", "1", "--seed", "8"],
        ["", "1", "1", "", "quit"],
    )
    first, _, second = out.partition("Hand the screen to seat 1")
    assert second, out
    assert "Your hand:" in first
    # after the hand-over, only seat 1's hand is shown: nothing of seat 0's view
    assert "seat 1 (you)" in second and "seat 0 (you)" not in second


def test_end_of_input_ends_cleanly_with_a_resume_hint():
    out = play(["balzakken", "--bot", "random"], ["1", "1"])
    assert "Resume it with: gametable play --load 1" in out


def test_replay_steps_through_a_saved_game(tmp_path):
    play(["balzakken", "-p", "2", "--seed", "3"], ["1", "1", "save g.json", "quit"])
    result = runner.invoke(app, ["replay", "g.json", "--step", "--seat", "0"], input="\n" * 10)
    assert result.exit_code == 0, result.output
    assert result.output.count("Your hand:") >= 3
