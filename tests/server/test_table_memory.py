"""A table unloaded or closed is freed at once by reference counting (issue 45, item 6): a table
and its parts held each other, a cycle that the server's frozen collector never reclaimed, so
every table the server had ever held stayed in its memory."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

from gametable.server.manager import TableManager
from gametable.server.settings import Settings
from gametable.server.store import Store


def test_a_closed_table_is_freed_without_the_cycle_collector(tmp_path: Path) -> None:
    async def scenario() -> bool:
        settings = Settings(data_dir=tmp_path, bot_delay=0)
        store = Store(settings.url())
        manager = TableManager(settings, store)
        await manager.start()
        try:
            seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
            table, _tokens = await manager.create("balzakken", 2, {}, seats)
            seat = table.state.to_move[0]
            if seat == 0:
                await table.act(0, table.state.legal_actions(0)[0])
            for _ in range(600):  # the bot moves (its worker starts first), and its task ends
                if table.seq >= 1 and not table.busy():
                    break
                await asyncio.sleep(0.1)
            assert table.seq >= 1 and not table.busy()
            ref = weakref.ref(table)
            manager.tables.pop(table.id).close()
            del table
            await asyncio.sleep(0.05)  # the stopped tasks end
            return ref() is None
        finally:
            await manager.close()
            store.close()

    gc.disable()  # only reference counting may free it
    try:
        assert asyncio.run(scenario())
    finally:
        gc.enable()
