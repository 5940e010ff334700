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


def reference_partners(state: int, n: int) -> tuple[int, list[int]]:
    partners = []
    for i in range(n - 1, 0, -1):
        state, j = reference_randbelow(state, i + 1)
        partners.append(j)
    return state, partners


def test_the_partners_in_32_bit_halves_match_the_plain_loop() -> None:
    """The compiled build's shuffle draws in 32-bit halves (``_partners_in_halves``); run
    interpreted here, it must give the plain loop's partners and state (same code, same ints)."""
    picker = random.Random(8)
    seeds = [0, 1, MASK, MASK - 0x9E3779B97F4A7C15, 1 << 63, 12345]
    seeds += [picker.getrandbits(64) for _ in range(300)]
    for seed in seeds:
        n = picker.choice([2, 3, 7, 60, 61, 200])
        assert rng_module._partners_in_halves(seed, n) == reference_partners(seed, n)


def unmix(x: int) -> int:
    """The SplitMix64 state whose output is ``x`` (its finaliser inverted step by step)."""

    def unshift(z: int, k: int) -> int:
        y = z
        for _ in range(64 // k + 1):
            y = z ^ (y >> k)
        return y

    z = unshift(x, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return unshift(z, 30)


def test_the_halves_give_way_to_the_exact_path_for_a_draw_that_may_be_rejected() -> None:
    """A seed whose third draw is above 2**64 - 2**32 (made by inverting the mixer): the halves
    give up, leaving the state alone, and the shuffle still draws exactly."""
    high = 0xFFFFFFFF_12345678
    seed = (unmix(high) - 3 * 0x9E3779B97F4A7C15) & MASK
    assert reference_next64((seed + 2 * 0x9E3779B97F4A7C15) & MASK)[1] == high
    assert rng_module._partners_in_halves(seed, 60) == (seed, [])
    items = list(range(60))
    expected = list(items)
    state = reference_shuffle(seed, expected)
    r = Rng(seed)
    r.shuffle(items)
    assert items == expected and r.state == state
