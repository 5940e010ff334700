"""The ASGI application: lobby API, play WebSocket, web client and rules pages in one process."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable

import sqlalchemy as sa
from fastapi import FastAPI, Request, Response, WebSocket
from fastapi.staticfiles import StaticFiles

from gametable import __version__
from gametable.server import (
    api,
    memory,
    pages,
    playerapi,
    renderers,
    rules_api,
    tableside,
    timings,
    ws,
)
from gametable.server.cluster import Elsewhere
from gametable.server.forward import Forwarder
from gametable.server.limits import BodyLimit
from gametable.server.manager import TableManager
from gametable.server.players import Players
from gametable.server.settings import Settings
from gametable.server.store import Store


def lifespan(
    settings: Settings,
    store: Store,
    manager: TableManager,
    forwarder: Forwarder,
    address: str | None,
    players: Players,
) -> Callable[[FastAPI], contextlib.AbstractAsyncContextManager[None]]:
    """The server's life: its tables' manager started with the background tasks (sweeper,
    worker, collector) and the process tuned for serving; all of it undone at the end."""

    @contextlib.asynccontextmanager
    async def life(app: FastAPI) -> AsyncIterator[None]:
        await manager.start(address)
        tasks = [
            asyncio.create_task(manager.run_sweeper()),
            asyncio.create_task(manager.run_worker()),
            asyncio.create_task(players.run()),  # finished games' places and ratings
            asyncio.create_task(
                memory.keep_frozen(settings.gc_freeze_interval, settings.gc_full_interval)
            ),
        ]
        timings.time_collections()
        switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(settings.switch_interval)  # see movewrites.SqliteRows
        if settings.gc_freeze_interval > 0:
            memory.tune()
            memory.freeze()  # what is loaded now (games, the web stack) lives as long as we do
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            await manager.close()
            await forwarder.aclose()
            store.close()
            sys.setswitchinterval(switch_interval)

    return life


def create_app(settings: Settings | None = None, address: str | None = None) -> FastAPI:
    """A server for ``settings`` (defaults: SQLite under ``./gametable-data``); ``address``:
    where the other workers of its database reach it (``http://HOST:PORT``), unless
    ``settings.advertise_url`` says.

    Opening the database upgrades its schema (:mod:`gametable.server.migrate`); a database made
    by a newer gametable raises :class:`~gametable.server.migrate.SchemaError` here.  Request
    bodies above ``settings.max_body`` bytes get 413 before the API reads them.
    """
    settings = settings or Settings()
    store = Store(
        settings.url(),
        checkpoint_interval=settings.checkpoint_interval,
        synchronous=settings.sqlite_synchronous,
        wal_sync_interval=settings.wal_sync_interval,
    )
    manager = TableManager(settings, store)
    forwarder = Forwarder(settings.max_message, manager.worker.incarnation)
    players = Players(manager)

    app = FastAPI(
        title="gametable server",
        version=__version__,
        description="Lobby API of the gametable server. Play goes over the WebSocket "
        "`/ws/{table_id}` (see `gametable.server.ws`).",
        lifespan=lifespan(settings, store, manager, forwarder, address, players),
    )
    app.state.manager = manager

    async def forward(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Elsewhere)
        return await forwarder.request(request, exc.address)

    app.add_exception_handler(Elsewhere, forward)
    app.add_exception_handler(sa.exc.DatabaseError, api.database_error(manager))
    app.include_router(api.make_router(manager))
    app.include_router(pages.make_router())
    app.include_router(rules_api.make_router())
    app.include_router(tableside.make_router(manager))
    app.include_router(playerapi.make_router(manager, players))
    app.include_router(renderers.make_router())  # before /static: a game's renderer is its own
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    app.add_middleware(BodyLimit, limit=settings.max_body)

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await ws.play(websocket, table_id, manager, forwarder)

    return app
