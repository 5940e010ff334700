"""Keezbord in the terminal: boards rendered from real views along random games, pawns on their
track spaces, the summaries when a deal ends and at the end, and ``gametable play`` driven with
scripted input."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import gametable
from gametable.terminal.render import renderer_for
from tests.terminal.rendering import (
    check_boards_along_a_random_game,
    check_fits,
    check_help_points_at_the_rules,
    check_missing_view_keys_fall_back,
    check_play_help_points_at_the_rules,
    check_play_shows,
    render,
)


def check_keezbord(view: dict[str, Any], text: str) -> None:
    check_fits(text)
    flat = " ".join(text.split())
    for owner, places in enumerate(view["pawns"]):
        letter = "abcdef"[owner]
        for i, _place in enumerate(places):
            assert f"{letter}{i + 1}" in text  # every pawn is somewhere: track, home or nest
        nest = [f"{letter}{i + 1}" for i, p in enumerate(places) if p == "N"]
        row = next(
            line
            for line in text.splitlines()
            if f"{letter} seat {owner}" in line and re.search(r"\d+-\d+", line)
        )
        for pawn in nest:
            assert pawn in row
        for i, p in enumerate(places):
            if isinstance(p, str) and p.startswith("H"):
                assert f"{letter}{i + 1}" in row.split("[", 2)[-1]  # in its home brackets
    sizes = " ".join(f"{'abcdef'[s]} {n}" for s, n in enumerate(view["hand_sizes"]))
    assert f"Cards in hand: {sizes}" in flat
    assert f"dealer: {'abcdef'[view['dealer']]} seat {view['dealer']}" in flat
    if view["seat"] is None:
        assert "Your hand" not in text and "(you)" not in text
    else:
        hand = " ".join(f"[{c}]" for c in view["hand"]) or "none"
        assert f"Your hand: {hand}" in flat


def test_keezbord_track_cells_put_pawns_on_their_spaces():
    renderer = renderer_for("keezbord")
    view = gametable.load_game("keezbord").new_game(4, seed=3).view(1)
    view["pawns"][0] = [0, 5, "H2", "N"]  # a1 on seat 0's start, a2 five spaces on, a3 home
    view["pawns"][1] = [17, "N", "N", "N"]
    text = render(renderer.board(view))
    row_a = next(line for line in text.splitlines() if "a seat 0 " in line and "0-15" in line)
    row_b = next(line for line in text.splitlines() if "b seat 1" in line and "16-31" in line)
    assert "[a1]" in row_a and " a2 " in row_a and "[·· a3 ·· ··]" in row_a
    assert "[S]  b1" in row_b  # b's start is empty, b1 stands on the next space
    assert "b2 b3 b4" in row_b  # in the nest


def test_keezbord_summary_when_a_deal_ends_and_at_the_end():
    renderer = renderer_for("keezbord")
    game = gametable.load_game("keezbord")
    state = game.new_game(4, seed=5)
    rng = random.Random(5)
    shown = []
    before = state.view(None)
    while state.to_move:
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        after = state.view(None)
        summary = renderer.summary(before, after)
        if summary is not None:
            shown.append(render(summary))
        before = after
    assert any("Deal over" in s for s in shown)
    assert "The game is over" in shown[-1]
    for text in shown:
        check_fits(text)
        assert "home" in text and "seat 3" in text


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_boards_along_random_games_show_the_view(players, seed):
    """Every seat's board and the spectator's show what their view holds, and fit the screen."""
    check_boards_along_a_random_game("keezbord", players, seed, 37, check_keezbord)


def test_missing_view_keys_fall_back_to_the_generic_table():
    check_missing_view_keys_fall_back("keezbord")


def test_help_says_how_a_turn_works():
    check_help_points_at_the_rules("keezbord")


# -- gametable play -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "shown"),
    [
        ("4", ["Your hand:", "Cards in hand:", "home H1-H4", "Teams: a+c, b+d"]),
        ("2", ["Your hand:", "[S]", "home H1-H4"]),
    ],
)
def test_gametable_play_shows_the_board(monkeypatch, tmp_path, players, shown):
    check_play_shows(monkeypatch, tmp_path, ["keezbord", "-p", players, "--seed", "2"], shown)


def test_gametable_play_help_shows_the_turn_help(monkeypatch, tmp_path):
    check_play_help_points_at_the_rules(monkeypatch, tmp_path, "keezbord")
