"""Balam's own option of ``gametable play`` and ``gametable replay``: ``--board-file``.

A board file (TOML, ``docs/rules/balam.md``) is registered under its file's name without
``.toml``, so that a game, its record and its options name the board, never the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

from gametable.games.balam.public import register_board
from gametable.terminal.gameoptions import GameOption


def use_board_file(path: Path) -> Mapping[str, str]:
    """Register the board file at ``path`` under its name: the game plays on it (``board``)."""
    return {"board": register_board(path.stem, path)}


BoardFile = Annotated[
    Path | None,
    typer.Option(
        "--board-file",
        help="a Balam board file (TOML): playable as the option board=NAME, NAME being the "
        "file's name without .toml",
    ),
]

#: the options this game adds to the command line (its ``cli`` part)
OPTIONS = (GameOption("board_file", BoardFile, use_board_file, "--board-file gives a Balam board"),)
