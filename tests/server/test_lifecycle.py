"""Finished games: rematch with the same seats, the complete log; idle tables expire."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from gametable.server.manager import TableManager
from gametable.server.refused import Refused
from gametable.server.schema import tables_t
from gametable.server.settings import Settings
from gametable.server.store import Store
from tests.server.conftest import Server


def finish_quickly(clients) -> int:
    """Random play to the end (random players call BALZAK! often); the moves made."""
    rng = random.Random(3)
    n = 0
    while not clients[0].last["over"]:
        (mover,) = (c for c in clients if c.last["legal"])
        n += 1
        action = rng.choice(mover.last["legal"])["notation"]
        mover.send({"type": "act", "action": action, "id": n})
        mover.until("accepted", id=n)
        for c in clients:
            c.at_seq(n)
        assert n < 5000
    return n


def test_rematch_keeps_the_seats_and_the_log_is_complete_after_the_game(server: Server) -> None:
    t = server.create()
    clients = [server.connect(t["id"], s["token"]) for s in t["seats"]]
    n = finish_quickly(clients)
    assert clients[1].last["outcome"]["winners"]
    log = httpx.get(f"{server.base}/api/tables/{t['id']}/log").json()
    assert len(log["moves"]) == n and all("notation" in m for m in log["moves"])
    assert log["record"]["seed"] >= 0

    r = httpx.post(f"{server.base}/api/tables/{t['id']}/rematch")
    assert r.status_code == 403  # a spectator cannot ask
    clients[0].send({"type": "rematch"})
    new_id = clients[1].until("rematch")["rematch"]
    again = httpx.post(
        f"{server.base}/api/tables/{t['id']}/rematch",
        headers={"Authorization": f"Bearer {t['seats'][1]['token']}"},
    )
    assert again.status_code == 201 and again.json()["id"] == new_id  # one rematch, not two
    new = [server.connect(new_id, s["token"]) for s in t["seats"]]  # same links' secrets
    assert [c.welcome["seat"] for c in new] == [0, 1]
    assert new[0].last["seq"] == 0 and not new[0].last["over"]
    info = httpx.get(f"{server.base}/api/tables/{new_id}").json()
    assert info["rematch_of"] == t["id"]
    for c in (*clients, *new):
        c.close()


def test_rematch_waits_for_the_end(server: Server) -> None:
    t = server.create()
    r = httpx.post(
        f"{server.base}/api/tables/{t['id']}/rematch",
        headers={"Authorization": f"Bearer {t['seats'][0]['token']}"},
    )
    assert r.status_code == 409


@pytest.mark.parametrize("expiry, expired", [(0.0, True), (3600.0, False)])
def test_idle_tables_expire(tmp_path: Path, expiry: float, expired: bool) -> None:
    async def scenario() -> None:
        settings = Settings(data_dir=tmp_path, idle_expiry=expiry, bot_delay=0, evict_after=0)
        store = Store(settings.url())
        manager = TableManager(settings, store)
        table, _ = await manager.create("balzakken", 2, {}, [{"kind": "human"}] * 2)
        await asyncio.sleep(0.01)
        gone = await manager.sweep()
        assert (table.id in gone) is expired
        if expired:
            with pytest.raises(Refused):
                await manager.get(table.id)
        else:
            assert table.id not in manager.tables  # unloaded from memory, not deleted
            assert (await manager.get(table.id)).seq == 0
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_a_creation_during_the_sweeps_count_keeps_its_place(tmp_path: Path) -> None:
    """``max_tables`` is exact: a table created while the sweep counts the database (its write
    landing after the count was read) is still counted when the sweep is done, so the cap lets
    no table too many in; and a sweep with nothing under way takes the database's count."""

    async def scenario() -> None:
        settings = Settings(data_dir=tmp_path, bot_delay=0, max_tables=3)
        store = Store(settings.url())
        manager = TableManager(settings, store)
        await manager.start()
        humans = [{"kind": "human"}] * 2
        await manager.create("balzakken", 2, {}, humans)
        counting = store.count

        def slow_count() -> int:
            n = counting()
            time.sleep(0.3)  # the count is read; a creation lands before the sweep resumes
            return n

        store.count = slow_count  # type: ignore[method-assign]
        sweep = asyncio.create_task(manager.sweep())
        await asyncio.sleep(0.1)
        await manager.create("balzakken", 2, {}, humans)
        await sweep
        assert manager.count == counting() == 2
        await manager.create("balzakken", 2, {}, humans)
        with pytest.raises(Refused, match="too many"):
            await manager.create("balzakken", 2, {}, humans)
        store.count = counting  # type: ignore[method-assign]
        with store.engine.begin() as conn:  # another worker's table, seen at the next sweep
            conn.execute(sa.delete(tables_t).where(tables_t.c.id == next(iter(manager.tables))))
        await manager.sweep()
        assert manager.count == 2
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_a_move_leaves_updated_at_to_the_sweep_which_stamps_the_tables_in_use(
    tmp_path: Path,
) -> None:
    """``gt_tables.updated_at`` is indexed: a move does not rewrite it (the move count only);
    the next sweep stamps every table that moved since the one before, connected or not, and
    a table that did nothing keeps its stamp.  The move itself is committed as before."""

    def stamp(store: Store, table_id: str) -> float:
        with store.engine.connect() as conn:
            row = conn.execute(
                sa.select(tables_t.c.updated_at, tables_t.c.move_count).where(
                    tables_t.c.id == table_id
                )
            ).one()
        return float(row.updated_at)

    async def scenario() -> None:
        settings = Settings(data_dir=tmp_path, bot_delay=0)
        store = Store(settings.url())
        manager = TableManager(settings, store)
        moved, _ = await manager.create("balzakken", 2, {}, [{"kind": "human"}] * 2)
        still, _ = await manager.create("balzakken", 2, {}, [{"kind": "human"}] * 2)
        created = stamp(store, moved.id), stamp(store, still.id)
        await manager.sweep()  # both are new: stamped once (they were made since the start)
        swept = stamp(store, moved.id), stamp(store, still.id)
        assert swept[0] >= created[0] and swept[1] >= created[1]
        await asyncio.sleep(0.01)
        seat = moved.state.to_move[0]
        action = next(a for a in moved.state.legal_actions(seat) if str(a) != "balzak")
        await moved.act(seat, str(action))
        assert stamp(store, moved.id) == swept[0]  # the move did not touch it
        assert store.load(moved.id).moves  # but the move is stored
        await asyncio.sleep(0.01)
        await manager.sweep()
        assert stamp(store, moved.id) > swept[0]  # the sweep stamped the table that moved
        assert stamp(store, still.id) == swept[1]  # and not the one that did nothing
        await manager.close()
        store.close()

    asyncio.run(scenario())
