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

import random
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


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

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            return self.randbelow(start)
        return start + self.randbelow(stop - start)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates, in place."""
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
