"""Helpers for the tests of a game's terminal renderer: a renderable's text at a fixed width,
the check that it fits the screen, states along a random game, and ``gametable play`` run with
scripted input in a temporary folder."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import gametable
from gametable.cli import app
from gametable.terminal.render import renderer_for

WIDTH, HEIGHT = 100, 40


def render(thing: Any, colour: bool = False) -> str:
    """The text ``thing`` prints at ``WIDTH`` columns (with colour codes if ``colour``)."""
    console = Console(
        record=True,
        width=WIDTH,
        file=io.StringIO(),
        force_terminal=colour,
        color_system="truecolor" if colour else None,
    )
    console.print(thing)
    return console.export_text()


def check_fits(text: str) -> None:
    lines = text.rstrip("\n").split("\n")
    assert max(len(line.rstrip()) for line in lines) <= WIDTH, text
    assert len(lines) <= HEIGHT, text


def random_game(name: str, players: int, seed: int, every: int) -> Iterator[tuple[Any, int]]:
    """Plays a whole game of random moves, yielding (state, seat to move) every ``every`` plies
    and at the end (seat -1)."""
    state = gametable.load_game(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    ply = 0
    while state.to_move:
        seat = state.to_move[0]
        if ply % every == 0:
            yield state, seat
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        ply += 1
    yield state, -1


def run_play(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: Sequence[str], typed: str
) -> Result:
    """``gametable play ARGS`` with ``typed`` as its input, in ``tmp_path`` and saving its games
    in a data folder there, never in the real home."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("GAMETABLE_DATA_DIR", str(tmp_path / "data"))
    return CliRunner().invoke(app, ["play", *args], input=typed)


def check_boards_along_a_random_game(
    name: str, players: int, seed: int, every: int, check: Callable[[Any, str], None]
) -> None:
    """Every seat's board and the spectator's, along a random game, pass ``check(view, text)``
    and fit the screen, in colour too."""
    renderer = renderer_for(name)
    state = None
    for state, seat in random_game(name, players, seed, every=every):
        for who in {seat, None} if seat >= 0 else {None, 0}:
            view = state.view(who)
            check(view, render(renderer.board(view)))
    assert state is not None
    check_fits(render(renderer.board(state.view(0)), colour=True))


def check_missing_view_keys_fall_back(name: str) -> None:
    """A view without the game's main parts is drawn as the generic table, never an error."""
    renderer = renderer_for(name)
    view = dict(gametable.load_game(name).new_game(4, seed=1).view(0))
    for key in ("pawns", "sites", "kings", "katun"):
        view.pop(key, None)
    assert render(renderer.board(view)).strip()
    assert renderer.summary(view, view) is None or render(renderer.summary(view, view))


def check_help_points_at_the_rules(name: str) -> None:
    assert f"Full rules: gametable rules {name}" in renderer_for(name).help


def check_play_shows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], shown: Sequence[str]
) -> None:
    """``gametable play ARGS``, answering the first choice of every menu, ends cleanly and its
    screens say each of ``shown``."""
    result = run_play(monkeypatch, tmp_path, args, "1\n" * 50 + "quit\n")
    assert "Traceback" not in result.output
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for fact in shown:
        assert fact in out, fact


def check_play_help_points_at_the_rules(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    result = run_play(monkeypatch, tmp_path, [name, "--seed", "2"], "help\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"gametable rules {name}" in " ".join(result.output.split())
