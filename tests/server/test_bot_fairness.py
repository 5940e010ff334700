"""Bot time shared fairly (issue 45, item 1): the bot moves of tables where a person sits or
watches go before those of tables of bots only, which hold at most their share of the workers;
a client may run only so many tables of bots only; one server-wide budget bounds every bot."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gametable.bots import ImproveBot, RolloutBot, check_bot_spec, make_bot
from gametable.server.botpool import BotPool
from gametable.server.botqueue import BotSlots
from gametable.server.botworker import capped
from gametable.server.manager import TableManager
from gametable.server.refused import Refused
from gametable.server.settings import Settings
from gametable.server.store import Store

#: a worker that answers each job after the job's ``sleep`` seconds
SLEEPER = """
import json, sys, time
print('{"ready": true}', flush=True)
for line in sys.stdin:
    time.sleep(json.loads(line)["sleep"])
    print('{"move": "pass"}', flush=True)
"""


def test_a_move_of_a_table_with_people_takes_the_next_free_slot_before_earlier_bots() -> None:
    async def scenario() -> list[str]:
        slots, order, go = BotSlots(size=1, background=1), [], asyncio.Event()

        async def move(name: str, people: bool) -> None:
            async with slots.taken(people):
                order.append(name)
                await go.wait()

        tasks = [asyncio.create_task(move("bots 0", False))]
        await asyncio.sleep(0)
        for name, people in (("bots 1", False), ("people 1", True), ("people 2", True)):
            tasks.append(asyncio.create_task(move(name, people)))
        await asyncio.sleep(0)
        assert slots.queued == (2, 1)
        go.set()
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == ["bots 0", "people 1", "people 2", "bots 1"]


def test_tables_of_bots_only_never_hold_more_than_their_share_of_slots() -> None:
    async def scenario() -> None:
        slots, go = BotSlots(size=3, background=2), asyncio.Event()
        held: list[int] = []

        async def move(people: bool) -> None:
            async with slots.taken(people):
                held.append(slots.busy_background)
                await go.wait()

        bots = [asyncio.create_task(move(False)) for _ in range(5)]
        await asyncio.sleep(0)
        assert slots.busy == 2 and slots.queued == (0, 3)  # one slot is left for people
        person = asyncio.create_task(move(True))
        await asyncio.sleep(0)
        assert slots.busy == 3 and slots.queued == (0, 3)  # it took the slot at once
        go.set()
        await asyncio.gather(person, *bots)
        assert max(held) == 2 and slots.busy == 0

    asyncio.run(scenario())


def test_a_cancelled_wait_passes_its_slot_on() -> None:
    async def scenario() -> None:
        slots, go = BotSlots(size=1, background=1), asyncio.Event()

        async def move(people: bool) -> None:
            async with slots.taken(people):
                await go.wait()

        first = asyncio.create_task(move(False))
        await asyncio.sleep(0)
        gone = asyncio.create_task(move(True))
        after = asyncio.create_task(move(False))
        await asyncio.sleep(0)
        gone.cancel()
        go.set()
        await asyncio.gather(first, after)
        assert gone.cancelled() and slots.busy == 0 and slots.queued == (0, 0)

    asyncio.run(scenario())


def test_a_person_waits_for_no_long_search_of_a_table_nobody_watches() -> None:
    """Two workers, one kept for tables with people: four long moves of tables of bots only
    are under way or waiting, and a table with people still has its move at once."""

    async def scenario() -> tuple[float, float]:
        pool = BotPool(2, deadline=30.0, grace=5.0, command=[sys.executable, "-c", SLEEPER])
        try:
            await pool.move({"sleep": 0}, people=True)  # both workers started and warm
            await asyncio.gather(*(pool.move({"sleep": 0}, people=True) for _ in range(2)))
            background = [
                asyncio.create_task(pool.move({"sleep": 1.5}, people=False)) for _ in range(4)
            ]
            await asyncio.sleep(0.2)
            started = time.monotonic()
            await pool.move({"sleep": 0.05}, people=True)
            person = time.monotonic() - started
            await asyncio.gather(*background)
            return person, time.monotonic() - started
        finally:
            await pool.aclose()

    person, bots = asyncio.run(scenario())
    assert person < 1.0  # a long move of bots only takes 1.5 s
    assert bots > 4.5  # the four took turns on one worker: 4 x 1.5 s less the head start


def test_every_bot_kind_is_bounded_by_the_servers_budget() -> None:
    limits = {"samples": 100, "budget": 100, "plies": 5000}
    for spec in ("improve:samples=5000", "improve:budget=9000", "rollouts:plies=90000"):
        with pytest.raises(ValueError, match="more than this server allows"):
            check_bot_spec(spec, max_seconds=5, max_iterations=1000, limits=limits)
    assert check_bot_spec("rollouts:plies=4000", limits=limits) == "rollouts:plies=4000"
    assert check_bot_spec("improve:samples=40", limits=limits) == "improve:samples=40"


def test_a_bot_worker_cuts_every_searching_bot_at_the_deadline() -> None:
    for spec in ("improve", "rollouts", "hard", "ismcts"):
        bot = capped(make_bot(spec, seed=1), "balam", 0.5)
        assert bot.seconds == 0.5, spec
    assert isinstance(make_bot("improve", seed=1), ImproveBot)
    assert isinstance(make_bot("rollouts", seed=1), RolloutBot)


def bots_only(count: int = 2) -> list[dict[str, Any]]:
    return [{"kind": "bot", "bot": "random"}] * count


def test_a_client_runs_only_so_many_tables_of_bots_only(tmp_path: Path) -> None:
    async def scenario() -> None:
        settings = Settings(data_dir=tmp_path, bot_delay=60, max_bot_tables_per_client=2)
        store = Store(settings.url())
        manager = TableManager(settings, store)
        try:
            await manager.start()
            first, _ = await manager.create("balzakken", 2, {}, bots_only(), client="1.2.3.4")
            await manager.create("balzakken", 2, {}, bots_only(), client="1.2.3.4")
            with pytest.raises(Refused, match="tables of bots only") as refused:
                await manager.create("balzakken", 2, {}, bots_only(), client="1.2.3.4")
            assert refused.value.kind == "rate"
            await manager.create("balzakken", 2, {}, bots_only(), client="5.6.7.8")  # another
            people = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
            await manager.create("balzakken", 2, {}, people, client="1.2.3.4")  # has a person
            manager.tables.pop(first.id).close()  # one ended: its place is free
            await manager.create("balzakken", 2, {}, bots_only(), client="1.2.3.4")
        finally:
            await manager.close()
            store.close()

    asyncio.run(scenario())


def test_a_wait_cancelled_just_before_a_slot_is_handed_out_is_passed_over() -> None:
    """The waiter's future is cancelled, and the slot is handed out in the same step, before
    the cancelled task runs again: the hand-out passes over it, and its task leaves quietly."""

    async def scenario() -> None:
        slots, go = BotSlots(size=1, background=1), asyncio.Event()
        waiting: list[asyncio.Task[None]] = []

        async def first() -> None:
            async with slots.taken(False):
                await go.wait()
                waiting[0].cancel()  # then the slot is given back in this same step

        async def move() -> None:
            async with slots.taken(True):
                pass

        holder = asyncio.create_task(first())
        await asyncio.sleep(0)
        waiting.extend([asyncio.create_task(move()), asyncio.create_task(move())])
        await asyncio.sleep(0)
        go.set()
        await asyncio.gather(holder, waiting[1])
        with pytest.raises(asyncio.CancelledError):
            await waiting[0]
        assert slots.busy == 0 and slots.queued == (0, 0)

    asyncio.run(scenario())
