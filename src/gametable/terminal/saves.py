"""Saved games: one file per game, named after the game and the time it started, in a data folder.

The folder is ``$GAMETABLE_DATA_DIR/saves`` when that variable is set (tests use it), else
``saves`` in the platform's data folder for gametable (``~/.local/share/gametable/saves`` on Linux,
through :mod:`platformdirs`).  Saves are numbered from the oldest, so a number stays the same while
newer games are saved; ``gametable saves`` lists them and ``gametable play --load N`` resumes one.

A file is only ever overwritten by a later point of the same game: before writing, the file there
is read back, and if it holds another game (or cannot be read) the game moves to a new file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from gametable.core.errors import RecordError
from gametable.core.paths import DATA_DIR_VARIABLE, data_folder
from gametable.core.protocol import State
from gametable.core.record import Record

#: how a save names a seat played by a person (a bot's seat is named by its spec)
PERSON = "person"

_STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(r"^(?P<game>[a-z0-9_]+)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?\.json$")


def saves_folder() -> Path:
    """The folder of saved games (not created here)."""
    return data_folder() / "saves"


# -- what a save says about its game ----------------------------------------------------------------
def table_meta(state: State, seats: list[str]) -> dict[str, Any]:
    """What ``gametable saves`` shows without replaying the game: who sits where, whose turn it
    is, and when it was saved.  ``seats`` names each seat's player (``"person"`` or a bot spec)."""
    return {
        "seats": list(seats),
        "to_move": list(state.to_move),
        "finished": state.is_over,
        "saved": datetime.now().astimezone().isoformat(timespec="seconds"),
    }


def same_game_so_far(older: Record, newer: Record) -> bool:
    """Whether ``newer`` continues ``older``: same game, table and deal, and ``older``'s moves
    are the first moves of ``newer``."""
    return (older.game, older.version, older.players, older.seed, older.options) == (
        newer.game,
        newer.version,
        newer.players,
        newer.seed,
        newer.options,
    ) and newer.moves[: len(older.moves)] == older.moves


def holds_other_game(path: Path, record: Record) -> bool:
    """Whether writing ``record`` to ``path`` would lose another game (or a file that is not a
    record at all)."""
    if not path.exists():
        return False
    try:
        there = Record.load(path)
    except RecordError:
        return True
    return not same_game_so_far(there, record)


def write_record(path: Path, record: Record) -> None:
    """Write ``record`` to ``path`` whole or not at all (a stop half-way leaves the old file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(record.to_json(), indent=1) + "\n")
    os.replace(part, path)


def new_save_path(folder: Path, game: str, when: datetime | None = None) -> Path:
    """A file name for a game started ``when`` (now by default) that no file has yet."""
    stamp = (when or datetime.now()).strftime(_STAMP)
    path = folder / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


class SaveSlot:
    """Where one game is saved as it goes on.

    The first :meth:`save` claims a new file (or the file the game was loaded from, if it lies in
    the saves folder).  If that file is found to hold another game when saving again, the game
    moves to a new file and :attr:`moved_from` says where it was.
    """

    def __init__(self, folder: Path, path: Path | None = None) -> None:
        self.folder = folder
        self.path = path
        self.moved_from: Path | None = None

    @classmethod
    def for_loaded(cls, folder: Path, loaded: Path) -> SaveSlot:
        """A slot for a game loaded from ``loaded``: saved on in place when that file is one of
        the saves, else into a new save (a file of one's own is only written by ``save FILE``)."""
        inside = loaded.resolve().parent == folder.resolve()
        return cls(folder, loaded if inside else None)

    def save(self, record: Record) -> Path:
        """Write the game so far; the path written.  ``OSError`` when it cannot be written."""
        self.moved_from = None
        if self.path is not None and holds_other_game(self.path, record):
            self.moved_from, self.path = self.path, None
        if self.path is None:
            self.path = new_save_path(self.folder, record.game)
        write_record(self.path, record)
        return self.path


# -- the list of saves ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SaveInfo:
    """One line of ``gametable saves``."""

    number: int
    path: Path
    record: Record | None  # None: the file could not be read as a record
    problem: str = ""

    @property
    def meta(self) -> Mapping[str, Any]:
        return self.record.meta if self.record is not None else {}


def _order(path: Path) -> tuple[str, int, str]:
    match = _NAME.match(path.name)
    if match is None:  # a file someone put there: by its time of change
        stamp = datetime.fromtimestamp(path.stat().st_mtime).strftime(_STAMP)
        return (stamp, 0, path.name)
    return (match["stamp"], int(match["n"] or 1), path.name)


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """The saved games, oldest first, numbered from 1."""
    folder = saves_folder() if folder is None else folder
    if not folder.is_dir():
        return []
    out = []
    for number, path in enumerate(sorted(folder.glob("*.json"), key=_order), start=1):
        try:
            out.append(SaveInfo(number, path, Record.load(path)))
        except RecordError as exc:
            out.append(SaveInfo(number, path, None, str(exc)))
    return out


def number_of(path: Path, folder: Path | None = None) -> int | None:
    """The number ``gametable saves`` gives the save at ``path``, if it is one."""
    for info in list_saves(folder):
        if info.path.resolve() == path.resolve():
            return info.number
    return None


def resolve_save(text: str, folder: Path | None = None) -> Path:
    """The file ``--load`` means: a number from ``gametable saves``, or a path.

    Raises :class:`~gametable.core.errors.RecordError` for a number that is not in the list.
    """
    if not text.strip().isdigit():
        return Path(text)
    number = int(text)
    saves = list_saves(folder)
    for info in saves:
        if info.number == number:
            return info.path
    if not saves:
        raise RecordError(f"there is no save {number}: no game has been saved yet")
    raise RecordError(
        f"there is no save {number}; the saves are numbered 1 to {len(saves)} "
        "(see: gametable saves)"
    )


def load_saved(path: Path) -> Record:
    """The game saved in ``path``, which must name its moves (``"moves": []`` for a game not
    begun): a file without them is refused, never taken for a new game.

    Raises :class:`~gametable.core.errors.RecordError` saying what is wrong and where.
    """
    record = Record.load(path)
    try:
        keys = json.loads(path.read_text())
    except (OSError, ValueError) as exc:  # read a moment ago: changed or gone since
        raise RecordError(f"cannot read {path}: {exc}") from None
    if isinstance(keys, dict) and "moves" not in keys:
        raise RecordError(
            f'{path} has no "moves": it is not a saved game (a game not begun has "moves": [])'
        )
    return record


def describe_seats(meta: Mapping[str, Any], players: int) -> str:
    """``"3: person, 2 heuristic"`` from a save's ``seats``."""
    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        return str(players)
    counts: dict[str, int] = {}
    for label in seats:
        counts[str(label)] = counts.get(str(label), 0) + 1
    parts = [label if n == 1 else f"{n} {label}" for label, n in counts.items()]
    return f"{players}: " + ", ".join(parts)


def describe_turn(meta: Mapping[str, Any]) -> str:
    """Whose turn a save stopped at: ``"seat 0 (person)"``, ``"finished"`` or ``"?"``."""
    if meta.get("finished") is True:
        return "finished"
    moving = meta.get("to_move")
    seats = meta.get("seats")
    if not isinstance(moving, list) or not moving:
        return "?"
    names = []
    for s in moving:
        who = seats[s] if isinstance(seats, list) and isinstance(s, int) and s < len(seats) else ""
        names.append(f"seat {s} ({who})" if who else f"seat {s}")
    return ", ".join(names)


def describe_time(meta: Mapping[str, Any], path: Path) -> str:
    """When a save was written, to the minute, in local time."""
    text = meta.get("saved")
    try:
        when = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        when = None
    if when is None:
        when = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


__all__ = [
    "DATA_DIR_VARIABLE",
    "PERSON",
    "SaveInfo",
    "SaveSlot",
    "data_folder",
    "describe_seats",
    "describe_time",
    "describe_turn",
    "holds_other_game",
    "list_saves",
    "new_save_path",
    "number_of",
    "resolve_save",
    "same_game_so_far",
    "saves_folder",
    "table_meta",
    "write_record",
]
