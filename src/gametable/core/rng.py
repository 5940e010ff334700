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
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias, TypeVar

from mypy_extensions import i64

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


#: SplitMix64's constants in 32-bit halves, for :func:`_partners_in_halves`
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
_GAMMA_HI: Final = _GAMMA >> 32
_GAMMA_LO: Final = _GAMMA & 0xFFFFFFFF
_M1_HI: Final = _M1 >> 32
_M1_LO: Final = _M1 & 0xFFFFFFFF
_M2_HI: Final = _M2 >> 32
_M2_LO: Final = _M2 & 0xFFFFFFFF


def _product_high(zh: i64, zl: i64, m_hi: i64, m_lo: i64) -> i64:
    """The upper 32 bits of ``(zh:zl) * (m_hi:m_lo) mod 2**64``, from 32-bit halves.

    Every partial product is of a 32-bit and a 16-bit number, so no step reaches ``2**63``: the
    same code gives the same numbers interpreted (Python ints) and compiled (native ``i64``).
    """
    low = zl * (m_lo & _M16)
    mid = zl * (m_lo >> 16)
    carry = ((low + ((mid & _M16) << 16)) >> 32) + (mid >> 16)
    cross1 = (zh & _M16) * m_lo + ((((zh >> 16) * m_lo) & _M16) << 16)
    cross2 = (m_hi & _M16) * zl + ((((m_hi >> 16) * zl) & _M16) << 16)
    return (carry + cross1 + cross2) & _M32


def _product_low(zl: i64, m_lo: i64) -> i64:
    """The lower 32 bits of ``(zh:zl) * (m_hi:m_lo)`` (they depend on the low halves only)."""
    return (zl * (m_lo & _M16) + (((zl * (m_lo >> 16)) & _M16) << 16)) & _M32


def _partners_in_halves(state: int, n: int) -> tuple[int, list[int]]:
    """What :meth:`Rng.swap_partners` draws (for ``2 <= n <= 2**32``), computed in 32-bit halves:
    ``(the generator's new state, the partners)``, or ``(state, [])`` if a draw may be rejected.

    Written for a compiled build (mypyc), where the halves are native 64-bit integers and the
    whole shuffle's draws cost about what one big-integer pass of :meth:`Rng.block` costs in
    pure Python; interpreted it is much slower than :meth:`Rng.block`, and not used.
    """
    hi: i64 = state >> 32
    lo: i64 = state & _M32
    partners: list[int] = []
    i: i64 = n - 1
    while i > 0:
        lo += _GAMMA_LO  # s += GAMMA
        hi = (hi + _GAMMA_HI + (lo >> 32)) & _M32
        lo &= _M32
        zh = hi ^ (hi >> 30)  # z = s ^ (s >> 30)
        zl = lo ^ (((hi << 2) & _M32) | (lo >> 30))
        zh, zl = _product_high(zh, zl, _M1_HI, _M1_LO), _product_low(zl, _M1_LO)  # z *= M1
        zl ^= ((zh << 5) & _M32) | (zl >> 27)  # z ^= z >> 27
        zh ^= zh >> 27
        zh, zl = _product_high(zh, zl, _M2_HI, _M2_LO), _product_low(zl, _M2_LO)  # z *= M2
        zl ^= ((zh << 1) & _M32) | (zl >> 31)  # z ^= z >> 31
        zh ^= zh >> 31
        if zh == _M32:  # the draw is at least _SAFE: randbelow might reject it
            return state, []
        m = i + 1  # the partner is z % m, taken 16 bits at a time to stay below 2**63
        r = zh % m
        r = ((r << 16) | (zl >> 16)) % m
        r = ((r << 16) | (zl & _M16)) % m
        partners.append(r)
        i -= 1
    return (int(hi) << 32) | int(lo), partners


def _probe() -> None:
    """Nothing: its type tells whether this module runs compiled."""


#: whether this module runs compiled (a native function is not a Python ``function``): then
#: shuffles draw with :func:`_partners_in_halves`, else with :meth:`Rng.block`
NATIVE_INTS: Final = type(_probe).__name__ != "function"


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

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place: for ``i`` from the last index down to 1, swap item ``i`` with
        item ``randbelow(i + 1)`` (drawn beforehand by :meth:`swap_partners`)."""
        i = len(items) - 1
        j: int  # (typed, so that a compiled build indexes the list natively)
        for j in self.swap_partners(len(items)):
            items[i], items[j] = items[j], items[i]
            i -= 1

    def swap_partners(self, n: int) -> Iterable[int]:
        """The partners ``randbelow(i + 1)`` of a Fisher-Yates shuffle of ``n`` items, for ``i``
        from ``n - 1`` down to 1, all drawn now.

        They are drawn together with :meth:`block` (compiled: :func:`_partners_in_halves`);
        should one of them be high enough that ``randbelow`` might reject it (about one shuffle
        in 70 million), they are drawn again one at a time, so the partners and the generator's
        state are always exactly those of the plain loop.

        >>> a, b = Rng(3), Rng(3)
        >>> list(a.swap_partners(5)) == [b.randbelow(i + 1) for i in range(4, 0, -1)]
        True
        """
        if n < 2:
            return ()
        if NATIVE_INTS and n <= _SAFE_N:
            state, partners = _partners_in_halves(self.state, n)
            if partners:  # (else a draw may be rejected: the exact path below decides)
                self.state = state
                return partners
        start = self.state
        draws = self.block(n - 1)
        if n > _SAFE_N or max(draws) >= _SAFE:
            self.state = start
            return [self.randbelow(i + 1) for i in range(n - 1, 0, -1)]
        return map(operator.mod, draws, range(n, 1, -1))

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        return Rng(self.state)

    def to_json(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def from_json(cls, data: object) -> Rng:
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


#: what may stand for a random source: an :class:`Rng`, a :class:`random.Random` or an int seed
RngSource: TypeAlias = "Rng | random.Random | int"


def as_rng(source: RngSource | None) -> Rng:
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
