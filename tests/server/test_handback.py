"""Tables go back to the worker the router sends their clients to (issue 45, item 5): the choice
made at each heartbeat (:class:`~gametable.server.handback.Handback`)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from gametable.server.handback import Handback

ME, OTHER, THIRD = "a" * 32, "b" * 32, "c" * 32


def table(*sources: str | None) -> Any:
    connections = [SimpleNamespace(forwarded=s) for s in sources]
    return SimpleNamespace(connections=connections, lock=asyncio.Lock())


def test_a_table_taken_from_a_dead_worker_goes_back_when_that_worker_is_alive_again() -> None:
    handback = Handback()
    handback.took("t1", "host/2", OTHER)
    tables = {"t1": table(None), "t2": table(None)}
    assert handback.due(tables, {"host/1": ME, "host/2": OTHER}, ME) == {}  # not back yet
    assert handback.due(tables, {"host/1": ME}, ME) == {}
    assert handback.due(tables, {"host/1": ME, "host/2": THIRD}, ME) == {"t1": THIRD}
    assert handback.due(tables, {"host/1": ME, "host/2": THIRD}, ME) == {}  # once


def test_a_table_whose_every_socket_comes_from_one_other_worker_goes_there() -> None:
    handback = Handback()
    tables = {
        "mixed": table(OTHER, None),
        "two": table(OTHER, THIRD),
        "away": table(OTHER, OTHER),
        "mine": table(None),
        "empty": table(),
    }
    assert handback.due(tables, {}, ME) == {}  # seen once: not yet
    assert handback.due(tables, {}, ME) == {"away": OTHER}


def test_a_table_in_the_middle_of_a_move_is_handed_back_at_a_later_heartbeat() -> None:
    async def scenario() -> tuple[dict[str, str], dict[str, str]]:
        handback = Handback()
        handback.took("t1", "host/2", OTHER)
        tables = {"t1": table(None)}
        async with tables["t1"].lock:
            busy = handback.due(tables, {"host/2": THIRD}, ME)
        return busy, handback.due(tables, {"host/2": THIRD}, ME)

    assert asyncio.run(scenario()) == ({}, {"t1": THIRD})
