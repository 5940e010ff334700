"""The Keezbord board: track, start spaces, homes and nests, as small integers.

A board has 16 track spaces per section: four sections (64 spaces) for two or four players,
six sections (96 spaces) for six.  Track spaces are numbered ``0..L-1`` clockwise; seat ``s``
owns a section whose first space is its *start*.  With two players the seats sit opposite each
other on the four-section board (sections 0 and 2).  Each seat's home of 4 spaces branches off
the track just before its start: a pawn leaves the track at the space ``start - 1`` and steps
into home space 1, 2, 3, 4 (``H1`` is the entrance, ``H4`` the deepest).

Pawns are numbered ``pid = 4 * owner + index`` (index 0..3) and written ``a1``..``f4``: the
letter is the owner's seat (a = seat 0), the digit the pawn (1..4).  A pawn's place is one int:

==============  ====================================================
``-1``          in its nest
``0..L-1``      on that track space
``L + h``       in its owner's home, space ``h`` (0..3, text ``H1``..``H4``)
==============  ====================================================

A pawn's *progress* is how far it has come from its own start: ``(space - start) % L`` on the
track, ``L + h`` in the home.  Moving forward adds to the progress; progress ``L-1`` is the last
track space before the home, ``L..L+3`` the home spaces.

>>> b = board_for(2)
>>> b.length, b.starts
(64, (0, 32))
>>> pawn_text(5), parse_pawn("b2")
('b2', 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

SECTION = 16
PAWNS = 4
HOME = 4
NEST = -1
SEAT_LETTERS = "abcdef"
#: a pawn's place as people write it: ``"N"`` the nest, a track space, ``"H1"``..``"H4"`` the home
PlaceText = int | Literal["N", "H1", "H2", "H3", "H4"]
HOME_TEXT: tuple[Literal["H1", "H2", "H3", "H4"], ...] = ("H1", "H2", "H3", "H4")


@dataclass(frozen=True)
class Board:
    """Geometry for a player count (see the module docstring)."""

    players: int
    sections: int
    length: int
    starts: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    partner: tuple[int | None, ...]
    #: ``(start space, seat)`` of every seat
    start_owners: tuple[tuple[int, int], ...]
    #: the team of each seat
    team_of: tuple[tuple[int, ...], ...]
    #: the start space of each pawn's owner, by pawn
    pawn_starts: tuple[int, ...]


@cache
def board_for(players: int) -> Board:
    """The board for 2, 4 or 6 players."""
    if players not in (2, 4, 6):
        raise ValueError(f"Keezbord is played by 2, 4 or 6 players, not {players}")
    sections = 6 if players == 6 else 4
    step = sections // players
    starts = tuple(SECTION * step * s for s in range(players))
    if players == 2:
        teams: tuple[tuple[int, ...], ...] = ((0,), (1,))
        partner: tuple[int | None, ...] = (None, None)
    else:
        half = players // 2
        teams = tuple((s, s + half) for s in range(half))
        partner = tuple((s + half) % players for s in range(players))
    start_owners = tuple((space, seat) for seat, space in enumerate(starts))
    team_of = tuple(next(t for t in teams if s in t) for s in range(players))
    pawn_starts = tuple(starts[pid // PAWNS] for pid in range(PAWNS * players))
    return Board(
        players,
        sections,
        SECTION * sections,
        starts,
        teams,
        partner,
        start_owners,
        team_of,
        pawn_starts,
    )


def pawn_text(pid: int) -> str:
    """``a1`` for pawn 0 of seat 0, ``b3`` for pawn 2 of seat 1, ..."""
    return f"{SEAT_LETTERS[pid >> 2]}{(pid & 3) + 1}"


def parse_pawn(text: str) -> int:
    """``"b3"`` -> 6; ``ValueError`` for anything else."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in SEAT_LETTERS or t[1] not in "1234":
        raise ValueError(
            f"{text!r} is not a pawn (write a seat letter a-f and a pawn 1-4, e.g. b3)"
        )
    return SEAT_LETTERS.index(t[0]) * PAWNS + int(t[1]) - 1


def place_text(place: int, length: int) -> PlaceText:
    """A pawn's place for JSON and people: ``"N"``, a track space number, or ``"H1"``..``"H4"``."""
    if place < 0:
        return "N"
    if place >= length:
        return HOME_TEXT[place - length]
    return place


def parse_place(value: object, length: int) -> int:
    """The inverse of :func:`place_text` (also ``"nest"``, ``"home 2"``); ``ValueError`` if bad."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a place")
    if isinstance(value, int):
        if not 0 <= value < length:
            raise ValueError(f"track space {value} does not exist (the track has 0..{length - 1})")
        return value
    if isinstance(value, str):
        t = value.strip().lower().replace(" ", "")
        if t in ("n", "nest"):
            return NEST
        if t.startswith("home"):
            t = "h" + t[4:]
        if len(t) == 2 and t[0] == "h" and t[1] in "1234":
            return length + int(t[1]) - 1
        if t.isdigit():
            return parse_place(int(t), length)
    raise ValueError(
        f'{value!r} is not a place (use "N", a track space 0..{length - 1}, or "H1".."H4")'
    )
