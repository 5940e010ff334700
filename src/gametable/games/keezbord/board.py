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
from typing import Final, Literal

# (each constant ``Final``: compiled, a module's other constants are looked up by name at
# every use)
SECTION: Final = 16
PAWNS: Final = 4
HOME: Final = 4
NEST: Final = -1
SEAT_LETTERS: Final = "abcdef"
#: a pawn's place as people write it: ``"N"`` the nest, a track space, ``"H1"``..``"H4"`` the home
PlaceText = int | Literal["N", "H1", "H2", "H3", "H4"]
HOME_TEXT: Final[tuple[Literal["H1", "H2", "H3", "H4"], ...]] = ("H1", "H2", "H3", "H4")


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
    #: the seats after each seat clockwise, the seat itself last
    after: tuple[tuple[int, ...], ...]


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
    after = tuple(tuple((s + k) % players for k in range(1, players + 1)) for s in range(players))
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
        after,
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


# -- the paths of forward and backward moves, tabled once per player count ---------------------------
#: steps of the longest move (a Queen: 12)
LONGEST: Final = 12
#: the most steps of a part of a split 7
SPLIT_PART: Final = 6
#: the stride of :attr:`Paths.land` (more than the longest move)
STRIDE: Final = 16
#: where the bits of ``s`` steps begin in *step bits* (see :class:`Paths`), by ``s``
STEP_SHIFT: Final[tuple[int, ...]] = tuple(PAWNS * (s - 1) if s else 0 for s in range(LONGEST + 1))
#: the lanes of all four pawns of a seat in step bits
LANES: Final = (1 << PAWNS) - 1
#: where the bits of a 4 played backward begin in step bits, after the forward steps
BACK_SHIFT: Final = PAWNS * LONGEST


def spread(most: int) -> int:
    """The step bits of pawn index 0 when it may move 1 to ``most`` steps forward."""
    return sum(1 << STEP_SHIFT[s] for s in range(1, min(most, LONGEST) + 1))


def home_bits(home: list[int], seat: int) -> int:
    """``seat``'s home spaces taken, as bits (bit ``h`` for home space ``h``)."""
    base = seat * PAWNS
    return (
        (home[base] >= 0)
        | (home[base + 1] >= 0) << 1
        | (home[base + 2] >= 0) << 2
        | (home[base + 3] >= 0) << 3
    )


def _first_taken(taken: int) -> int:
    """The first home space taken (``HOME`` when none is), by the bits of :func:`home_bits`."""
    return next((h for h in range(HOME) if taken >> h & 1), HOME)


def _home_room(taken: int, h: int) -> int:
    """How far a pawn on home space ``h`` may move: up to the next home space taken, or the
    end of the home."""
    k = h + 1
    while k < HOME and not taken >> k & 1:
        k += 1
    return k - 1 - h


class Paths:
    """What a pawn's forward or backward move meets, tabled per board, so that listing and
    applying moves look it up instead of walking it.  The rules stay in
    :class:`~gametable.games.keezbord.state.KeezbordState` (``step_bits``, ``forward``,
    ``backward``), which read these tables.

    *Blocker bits* have bit ``s`` set when a pawn of seat ``s`` stands on ``s``'s start space
    (it may be neither passed nor hit).  *Step bits* say how far each of a seat's four pawns
    may move: bit ``STEP_SHIFT[s] + i`` is set when its pawn of index ``i`` may move ``s``
    steps forward (``1 <= s <= LONGEST``), so ``bits >> STEP_SHIFT[s] & LANES`` is the group
    of pawns that may move ``s`` (a bit per pawn), and bit ``BACK_SHIFT + i`` when it may
    move 4 backward (a 4).

    - ``land[seat][place * STRIDE + steps]``: where a pawn of ``seat`` standing on ``place``
      (a track space or a home space, ``L + h``) comes to stand ``steps`` forward: into its
      home once past its entrance (the place of a home space is its progress);
    - :meth:`step_row`: the step bits of a pawn of index 0 by place, given the blockers and
      its seat's home spaces taken;
    - ``near_home[seat][place]``: 1 where a pawn of ``seat`` is in its home, or so near it
      that a move of 6 or fewer steps (a part of a split 7) may enter it, else 0;
    - ``twice[place]``: a track space's bit and the same bit one lap on (``1 << place |
      1 << place + L``), 0 in a home: summed over pawns, their spaces as bits in which a
      window of spaces ahead is one shift, even past space 0.

    The last two are indexed by place with the nest (-1) last, so a place indexes them as it
    is.
    """

    __slots__ = ("board", "land", "near_home", "steps", "twice")

    def __init__(self, board: Board) -> None:
        self.board = board
        length = board.length
        self.land: tuple[bytes, ...] = tuple(
            bytes(
                _landing(length, start, place, steps)
                for place in range(length + HOME)
                for steps in range(STRIDE)
            )
            for start in board.starts
        )
        self.near_home: tuple[bytes, ...] = tuple(
            bytes(
                place >= length or (place - start) % length >= length - SPLIT_PART
                for place in range(length + HOME)
            )
            + b"\x01"  # the nest
            for start in board.starts
        )
        self.twice: tuple[int, ...] = (
            tuple(1 << x | 1 << x + length for x in range(length)) + (0,) * HOME + (0,)
        )
        kinds = (1 << board.players) << HOME
        #: the rows of :meth:`step_row` met so far, by seat and ``blocking << HOME | taken``
        self.steps: list[list[tuple[int, ...] | None]] = [[None] * kinds for _ in board.starts]

    def step_row(self, seat: int, blocking: int, taken: int) -> tuple[int, ...]:
        """By place + 1 (0: the nest), the step bits of a pawn of ``seat`` (as pawn index 0)
        there, with the blockers ``blocking`` (blocker bits) and ``seat``'s home spaces
        ``taken`` (bits, :func:`home_bits`).

        Counted in progress (how far a pawn has come from its own start, the home spaces after
        the last track space), a pawn stops short of the nearest of: a blocker ahead of it on
        the track (the start rule), the first home space taken ahead of it (the home rule), and
        the end of its home (the lap rule).  A blocker on ``seat``'s own start is at progress
        0, behind all its pawns; one on the track is always before the home entrance.
        Backward (a 4), a pawn on the track may not pass or land on any blocker, its own
        seat's included, among the four spaces behind it."""
        rows = self.steps[seat]
        key = blocking << HOME | taken
        row = rows[key]
        if row is None:
            row = _step_row(self.board, seat, blocking, taken)
            rows[key] = row
        return row


def _landing(length: int, start: int, place: int, steps: int) -> int:
    """See :attr:`Paths.land` (a byte: a move past the home, never legal, gives 255)."""
    if place >= length:
        return min(place + steps, 255)
    progress = (place - start) % length + steps
    if progress >= length:
        return min(progress, 255)
    return (place + steps) % length


def _step_row(board: Board, seat: int, blocking: int, taken: int) -> tuple[int, ...]:
    """See :meth:`Paths.step_row`."""
    length = board.length
    start = board.starts[seat]
    reach = length - 1 + _first_taken(taken)  # the furthest progress from the track
    ahead = sorted(
        (y - start) % length for y, s in board.start_owners if blocking >> s & 1 and s != seat
    )
    behind = [y for y, s in board.start_owners if blocking >> s & 1]
    row = [0]  # the nest
    for x in range(length):
        progress = (x - start) % length
        most = reach
        for b in ahead:
            if progress < b <= most:
                most = b - 1
                break
        back = not any(0 < (x - y) % length <= 4 for y in behind)
        row.append(spread(most - progress) | back << BACK_SHIFT)
    row.extend(spread(_home_room(taken, h)) if taken >> h & 1 else 0 for h in range(HOME))
    return tuple(row)


@cache
def paths_for(players: int) -> Paths:
    """The :class:`Paths` of a player count's board (built once, rows filled as met)."""
    return Paths(board_for(players))
