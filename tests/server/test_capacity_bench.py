"""``bench/capacity.py``'s own bookkeeping (issue 24, goal 3): what it counts as an unanswered
move, and how many sockets a level may open.  Its figures come from running it, not from here."""

from __future__ import annotations

import time
from types import ModuleType
from typing import Any

import pytest

from tests.bench_scripts import load_bench


@pytest.fixture(scope="module")
def capacity() -> ModuleType:
    return load_bench("capacity")


def timed_table(capacity: ModuleType) -> Any:
    gen = capacity.Generator(["http://127.0.0.1:1"], (2.0, 8.0), seed=1)
    return capacity.Table(gen, spectator=True)


def update(capacity: ModuleType, seq: int) -> Any:
    [msg] = capacity.glance(f'{{"type":"update","seq":{seq},"over":false,"legal":[]}}')
    return msg


def test_a_move_answered_at_the_spectator_is_timed(capacity: ModuleType) -> None:
    table = timed_table(capacity)
    table.sent[7] = time.perf_counter()
    table.take(update(capacity, 7), None, None, None)
    assert table.sent == {}
    assert len(table.gen.stats.latencies) == 1


def test_a_move_the_table_has_passed_is_not_left_unanswered(capacity: ModuleType) -> None:
    """Two seats deciding at once: the second one's move, sent just after the table moved on
    (its socket had not heard it yet), is refused as stale and no update answers its ``seq``;
    once the table is past that ``seq`` it is no longer waited for (else it would be counted
    as unanswered after 30 s, a server failure that is none)."""
    table = timed_table(capacity)
    table.sent[7] = time.perf_counter()  # sent after update 7 reached the spectator
    table.take(update(capacity, 8), None, None, None)
    assert table.sent == {}
    assert table.gen.stats.latencies == []  # nothing timed for a move that was not made


def test_the_router_holds_each_socket_twice(capacity: ModuleType) -> None:
    assert capacity.socket_room(20_000, 1) == (20_000, "server")
    assert capacity.socket_room(20_000, 2) == (10_000, "router (HAProxy)")
    # without the router (--direct) each worker holds its own share once
    assert capacity.socket_room(20_000, 2, direct=True) == (40_000, "2 workers")
