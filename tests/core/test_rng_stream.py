"""The seeded generator's stream is fixed forever: faster code must give the same numbers.

Every recorded game replays from its seed, so ``next64``, ``randbelow`` and ``shuffle`` must keep
giving exactly what the plain SplitMix64 loop gives (the pinned values below were produced by it),
whatever shortcut computes them.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from gametable.core import rng as rng_module
from gametable.core.rng import Rng

MASK = (1 << 64) - 1


def reference_next64(state: int) -> tuple[int, int]:
    """SplitMix64, written out plainly: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def reference_randbelow(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = reference_next64(state)
        if x < limit:
            return state, x % n


def reference_shuffle(state: int, items: list) -> int:
    for i in range(len(items) - 1, 0, -1):
        state, j = reference_randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_the_stream_is_pinned() -> None:
    r = Rng(2024)
    outputs = str([r.next64() for _ in range(1000)]).encode()
    assert (
        hashlib.sha256(outputs).hexdigest()
        == "d72a6b53394324ccfb6cbc0c6da3471a5a4ce1b8710a9823c14086436024a167"
    )
    r = Rng(12345)
    deck = list(range(60))
    r.shuffle(deck)
    assert deck[:10] == [17, 15, 18, 29, 11, 26, 57, 54, 46, 19]
    assert deck[-6:] == [21, 56, 3, 23, 52, 44]
    assert r.state == 0x76C90DC0562AC910


@pytest.mark.parametrize("k", [0, 1, 5, 6, 7, 59, 63, 64, 65, 130])
def test_block_gives_the_next_outputs_in_order(k: int) -> None:
    a, b = Rng(99 + k), Rng(99 + k)
    assert a.block(k) == [b.next64() for _ in range(k)]
    assert a.state == b.state


def test_shuffle_and_randbelow_match_the_plain_loop() -> None:
    picker = random.Random(5)
    for _ in range(400):
        seed = picker.getrandbits(64)
        n = picker.choice([0, 1, 2, 3, 5, 6, 7, 40, 59, 60, 64, 65, 129])
        r = Rng(seed)
        items = list(range(n))
        expected = list(items)
        state = reference_shuffle(seed, expected)
        r.shuffle(items)
        assert items == expected and r.state == state
        bound = picker.choice([1, 2, 7, 60, 2**32, 2**32 + 1, 2**63 + 1, MASK])
        state, value = reference_randbelow(state, bound)
        assert r.randbelow(bound) == value and r.state == state


def test_a_draw_that_may_be_rejected_is_drawn_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rejected draws are too rare to meet by chance (a bound of 2**63 + 1 rejects about half);
    lowering the shortcut's threshold sends every shuffle down the exact one-by-one path."""
    monkeypatch.setattr(rng_module, "_SAFE", 1 << 62)
    for seed in range(60):
        items = list(range(seed % 17 + 2))
        expected = list(items)
        state = reference_shuffle(seed, expected)
        r = Rng(seed)
        r.shuffle(items)
        assert items == expected and r.state == state
        state, value = reference_randbelow(state, 7)
        assert r.randbelow(7) == value and r.state == state
