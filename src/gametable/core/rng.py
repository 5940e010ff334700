"""The seeded random number generator that lives inside every state.

Chance in a game (shuffles, dice) comes only from the :class:`Rng` held by the state, so a seed and
the list of actions replay a game exactly.  The generator is SplitMix64: its whole state is one
64-bit integer, so it serialises to JSON as a short hex string and clones for free.

>>> r = Rng(42)
>>> [r.randbelow(6) for _ in range(5)]
[1, 1, 0, 0, 4]
>>> Rng.from_json(r.to_json()).randbelow(1000) == r.randbelow(1000)
True
"""

from __future__ import annotations

import operator
import random
import secrets
import struct
from collections.abc import Sequence
from typing import Any, Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB

#: ``randbelow(n)`` rejects a draw ``x >= 2**64 - 2**64 % n``; for ``n <= 2**32`` every draw
#: below ``_SAFE`` is accepted, so the exact limit is only worked out for the rare draws above it
_SAFE = (1 << 64) - (1 << 32)  # (not Final: a test lowers it to reach the exact path)
_SAFE_N: Final = 1 << 32

#: outputs computed together in one pass of big-integer arithmetic (see :meth:`Rng.block`)
_LANES: Final = 64
#: below this many outputs the plain one-at-a-time loop is faster
_BLOCK_MIN: Final = 6


class _LaneTable:
    """Constants for computing ``k`` SplitMix64 outputs at once.

    Output ``i`` lives in bits ``128*i .. 128*i+63`` of one big integer (the upper 64 bits of each
    128-bit lane leave room for the full product of a 64-bit multiplication, so lanes never carry
    into each other).  ``ones`` has a 1 at the bottom of every lane, ``steps`` holds
    ``(i+1) * GAMMA mod 2**64`` in lane ``i``, and ``lanes`` masks the low 64 bits of every lane.
    """

    __slots__ = ("lanes", "nbytes", "ones", "steps", "unpack")

    def __init__(self, k: int) -> None:
        self.ones = sum(1 << (128 * i) for i in range(k))
        self.steps = sum((((i + 1) * _GAMMA) & _MASK) << (128 * i) for i in range(k))
        self.lanes = _MASK * self.ones
        self.nbytes = 16 * k
        # read the low 64 bits of each lane, skip the upper 64
        self.unpack = struct.Struct("<" + "Q8x" * k).unpack


_TABLES: Final[dict[int, _LaneTable]] = {}


def _table(k: int) -> _LaneTable:
    table = _TABLES.get(k)
    if table is None:
        table = _TABLES[k] = _LaneTable(k)
    return table


def new_seed() -> int:
    """A fresh random seed for a game that was started without one."""
    return secrets.randbits(63)


class Rng:
    """SplitMix64 with the handful of methods games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def block(self, k: int) -> list[int]:
        """The next ``k`` outputs, exactly as ``k`` calls of :meth:`next64` would give them.

        SplitMix64's states are ``seed + i * GAMMA``, so many outputs can be mixed at once: one
        big integer holds each in its own 128-bit lane (see :class:`_LaneTable`), and a dozen
        big-integer operations replace a dozen small ones per output.

        >>> a, b = Rng(7), Rng(7)
        >>> a.block(20) == [b.next64() for _ in range(20)] and a.state == b.state
        True
        """
        if k < _BLOCK_MIN:
            return [self.next64() for _ in range(k)]
        out: list[int] = []
        state = self.state
        while k > 0:
            m = min(k, _LANES)
            t = _table(m)
            lanes = t.lanes
            s = (state * t.ones + t.steps) & lanes
            z = (((s ^ (s >> 30)) & lanes) * _M1) & lanes
            z = (((z ^ (z >> 27)) & lanes) * _M2) & lanes
            z ^= z >> 31  # the low 64 bits of each lane are now the output
            out += t.unpack(z.to_bytes(t.nbytes, "little"))
            state = (state + m * _GAMMA) & _MASK
            k -= m
        self.state = state
        return out

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        x = z ^ (z >> 31)
        if x < _SAFE and n <= _SAFE_N:
            return x % n
        limit = (1 << 64) - ((1 << 64) % n)
        while x >= limit:
            x = self.next64()
        return x % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            return self.randbelow(start)
        return start + self.randbelow(stop - start)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place: for ``i`` from the last index down to 1, swap item ``i`` with
        item ``randbelow(i + 1)``.

        The draws are made together with :meth:`block`; should one of them be high enough that
        ``randbelow`` might reject it (about one shuffle in 70 million), the shuffle is redone
        one draw at a time, so the result and the generator's state are always exactly those of
        the plain loop.
        """
        n = len(items)
        if n < 2:
            return
        start = self.state
        draws = self.block(n - 1)
        if n > _SAFE_N or max(draws) >= _SAFE:
            self.state = start
            self._shuffle_one_by_one(items)
            return
        i = n - 1
        j: int  # (typed, so that a compiled build indexes the list natively)
        for j in map(operator.mod, draws, range(n, 1, -1)):  # j = randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def _shuffle_one_by_one(self, items: list[Any]) -> None:
        """The plain Fisher-Yates loop (the definition :meth:`shuffle` keeps to)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng(self.state)

    def to_json(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def from_json(cls, data: str) -> Rng:
        if not isinstance(data, str):
            raise ValueError("rng state must be a hex string")
        value = int(data, 16)
        if not 0 <= value <= _MASK:
            raise ValueError("rng state must fit in 64 bits")
        return cls(value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(0x{self.state:016x})"


def as_rng(source: Rng | random.Random | int | None) -> Rng:
    """Turn whatever a caller passes as randomness into a fresh :class:`Rng`.

    Accepts an :class:`Rng` (forked), a :class:`random.Random` (64 bits are drawn from it),
    an integer seed, or ``None`` (a fresh random seed).
    """
    if isinstance(source, Rng):
        return source.fork()
    if isinstance(source, random.Random):
        return Rng(source.getrandbits(64))
    if source is None:
        return Rng(new_seed())
    if isinstance(source, int) and not isinstance(source, bool):
        return Rng(source)
    raise TypeError(f"expected an Rng, a random.Random or an int seed, not {type(source).__name__}")
