"""Helpers for the tests of a game's terminal renderer: a renderable's text at a fixed width,
the check that it fits the screen, states along a random game, and ``gametable play`` run with
scripted input in a temporary folder."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import gametable
from gametable.cli import app

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
