"""The machinery of an observation tensor: named blocks laid end to end in one float32 vector.

A :class:`Layout` is the documented shape of one game's tensor for a player count and options:
its :class:`Block` values say where each fact of the view goes (name, shape, offset, meaning,
the labels of each axis, the range of its values).  ``print(layout)`` shows it as a table.
:meth:`Layout.encode` fills a vector from a seat's view; :meth:`Layout.split` gives each block
of a vector back as a named, shaped numpy view (no copy).

Each game's ``features`` part (``gametable/games/<game>/features.py``) builds its layout with a
:class:`Builder` and supplies the function that writes a view into the blocks; a layout is
generic over the game's view type (its ``TypedDict``), so that function reads typed fields.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np

#: the tensor's element type (OpenSpiel and PettingZoo both use it)
DTYPE = np.float32
#: the upper bound of a block whose values have none (counts, scores, decisions)
UNBOUNDED = math.inf

#: a block name -> that block of a tensor, shaped (what a fill function writes into)
Planes = dict[str, np.ndarray]
#: a game's view type (its ``TypedDict``)
V = TypeVar("V")
#: writes a view into zeroed planes
Fill = Callable[[V, Planes], None]


@dataclass(frozen=True)
class Block:
    """One named part of the tensor: ``tensor[offset : offset + size]`` reshaped to ``shape``.

    ``axes`` labels each axis (seats, cards, sites, counts...); ``low`` and ``high`` bound every
    value of the block (``high`` is ``inf`` for counts without a bound).
    """

    name: str
    shape: tuple[int, ...]
    offset: int
    meaning: str
    axes: tuple[tuple[str, ...], ...] = ()
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        return self.offset + self.size

    def row(self) -> str:
        """The block as a line of :meth:`Layout.table`."""
        shape = "x".join(str(n) for n in self.shape)
        span = f"{self.offset}-{self.stop - 1}" if self.size > 1 else str(self.offset)
        return f"{span:>11}  {shape:>9}  {self.name:<24} {self.meaning}"


@dataclass(frozen=True)
class Layout(Generic[V]):
    """The observation tensor of one game for one player count and set of options.

    ``not_encoded`` names, precisely, the parts of the view the tensor leaves out (free text,
    history, facts that never change within a layout); everything else in the view is encoded,
    so two views that differ elsewhere give different tensors.
    """

    game: str
    players: int
    options: Mapping[str, object]
    blocks: tuple[Block, ...]
    not_encoded: tuple[str, ...]
    fill: Fill[V] = field(repr=False, compare=False)

    @property
    def size(self) -> int:
        return self.blocks[-1].stop if self.blocks else 0

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def __getitem__(self, name: str) -> Block:
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(f"{self.game} has no block {name!r}")

    def names(self) -> list[str]:
        return [b.name for b in self.blocks]

    # -- tensors -------------------------------------------------------------------------------
    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, DTYPE)

    @functools.cached_property
    def _spans(self) -> tuple[tuple[str, int, int, tuple[int, ...]], ...]:
        return tuple((b.name, b.offset, b.stop, b.shape) for b in self.blocks)

    def split(self, tensor: np.ndarray) -> Planes:
        """Each block of ``tensor`` (a vector of :attr:`size`), shaped: views, not copies."""
        if tensor.shape != self.shape:
            raise ValueError(f"a {self.game} tensor has shape {self.shape}, not {tensor.shape}")
        return {name: tensor[a:b].reshape(shape) for name, a, b, shape in self._spans}

    def encode(self, view: V, out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of ``view`` (a seat's ``state.view(seat)``), written into ``out`` if given.

        Only the view is read, so the tensor shows a seat exactly what its view shows.
        """
        if out is None:
            out = self.zeros()
        else:
            out.fill(0)
        self.fill(view, self.split(out))
        return out

    def low(self) -> np.ndarray:
        """The smallest value of each element (for a ``gymnasium.spaces.Box``)."""
        return self._bound(lambda b: b.low)

    def high(self) -> np.ndarray:
        """The largest value of each element (``inf`` where there is no bound)."""
        return self._bound(lambda b: b.high)

    def _bound(self, of: Callable[[Block], float]) -> np.ndarray:
        out = self.zeros()
        for b in self.blocks:
            out[b.offset : b.stop] = of(b)
        return out

    # -- for people ----------------------------------------------------------------------------
    def table(self) -> str:
        """The layout as a table: offsets, shape, name and meaning of every block."""
        head = (
            f"{self.game}, {self.players} players: {self.size} floats\n"
            f"{'offsets':>11}  {'shape':>9}  {'block':<24} meaning"
        )
        return "\n".join([head, *(b.row() for b in self.blocks)])

    def __str__(self) -> str:
        return self.table()


class Builder:
    """Lays blocks end to end, in the order they are added."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.offset = 0

    def add(
        self,
        name: str,
        axes: Iterable[Iterable[str]],
        meaning: str,
        *,
        low: float = 0.0,
        high: float = 1.0,
    ) -> None:
        """A block whose shape is the lengths of ``axes`` (the labels along each axis)."""
        labels = tuple(tuple(axis) for axis in axes)
        shape = tuple(len(axis) for axis in labels)
        if any(n == 0 for n in shape):
            raise ValueError(f"block {name!r} has an empty axis")
        if any(b.name == name for b in self.blocks):
            raise ValueError(f"block {name!r} is added twice")
        block = Block(name, shape, self.offset, meaning, labels, low, high)
        self.blocks.append(block)
        self.offset = block.stop

    def counted(self, name: str, axes: Iterable[Iterable[str]], meaning: str) -> None:
        """A block of counts (0 or more, no upper bound)."""
        self.add(name, axes, meaning, high=UNBOUNDED)

    def scalar(self, name: str, meaning: str, *, low: float = 0.0, high: float = UNBOUNDED) -> None:
        """A block of one number."""
        self.add(name, [[name]], meaning, low=low, high=high)

    def flag(self, name: str, meaning: str) -> None:
        """A block of one number, 0 or 1."""
        self.add(name, [[name]], meaning)

    def seat(self, players: int) -> None:
        """The ``seat`` block every game has (first; see :func:`fill_seat_and_outcome`)."""
        self.add("seat", [absolute_seats(players)], "the viewing seat, one-hot (0s: a spectator)")

    def outcome(self, players: int, scores: str) -> None:
        """The outcome blocks every game has (last): ``scores``, ``ranking``, ``winners``."""
        seats = seat_axis(players)
        self.counted("outcome.scores", [seats], f"{scores} (0 until the game is over)")
        self.counted("outcome.ranking", [seats], "final places, 1 best (0 until the game is over)")
        self.add("outcome.winners", [seats], "the seats placed first, marked 1")

    def build(
        self,
        game: str,
        players: int,
        options: Mapping[str, object],
        not_encoded: Iterable[str],
        fill: Fill[V],
    ) -> Layout[V]:
        return Layout(game, players, dict(options), tuple(self.blocks), tuple(not_encoded), fill)


# -- axes --------------------------------------------------------------------------------------
def seat_axis(players: int) -> tuple[str, ...]:
    """Seats as the viewer sees them: ``me``, then ``+1`` (the next seat clockwise), ``+2``..."""
    return ("me", *(f"+{k}" for k in range(1, players)))


def absolute_seats(players: int) -> tuple[str, ...]:
    return tuple(f"seat {s}" for s in range(players))


def counts(top: int) -> tuple[str, ...]:
    """The labels of a one-hot count axis: ``0`` .. ``top``."""
    return tuple(str(n) for n in range(top + 1))


class Seats:
    """Turns the view's seat numbers into the tensor's: seat ``s`` goes to ``(s - viewer) % n``,
    so the viewing seat is always first (a spectator's view keeps seat 0 first)."""

    __slots__ = ("players", "viewer")

    def __init__(self, view: Mapping[str, Any], players: int) -> None:
        seat = view["seat"]
        self.viewer = 0 if seat is None else seat
        self.players = players

    def __call__(self, seat: int) -> int:
        return (seat - self.viewer) % self.players

    def rotate(self, per_seat: Iterable[Any]) -> list[Any]:
        """A per-seat list reordered from the viewer, clockwise."""
        values = list(per_seat)
        return values[self.viewer :] + values[: self.viewer]


def fill_hand(plane: np.ndarray, hand: Iterable[str], index: Mapping[str, int]) -> None:
    """Per card (row of ``plane``), mark how many of it ``hand`` holds (its column)."""
    held = [0] * plane.shape[0]
    for card in hand:
        held[index[card]] += 1
    top = plane.shape[1] - 1
    for row, n in enumerate(held):
        if n > top:
            raise ValueError(f"a hand holds {n} of a card; the layout counts to {top}")
        plane[row, n] = 1.0


def fill_seat_and_outcome(view: Mapping[str, Any], p: Planes, rel: Seats) -> None:
    """The ``seat`` block, and the outcome blocks once the game is over."""
    if view["seat"] is not None:
        p["seat"][view["seat"]] = 1
    outcome = view.get("outcome")
    if outcome is not None:
        p["outcome.scores"][:] = rel.rotate(outcome["scores"])
        p["outcome.ranking"][:] = rel.rotate(outcome["ranking"])
        for s in outcome["winners"]:
            p["outcome.winners"][rel(s)] = 1
