"""The ASGI application: lobby API, play WebSocket, web client and rules pages in one process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI, WebSocket
from fastapi.staticfiles import StaticFiles

from gametable import __version__
from gametable.server import api, pages, rules_api, ws
from gametable.server.limits import BodyLimit
from gametable.server.manager import TableManager
from gametable.server.settings import Settings
from gametable.server.store import Store


def create_app(settings: Settings | None = None) -> FastAPI:
    """A server for ``settings`` (defaults: SQLite under ``./gametable-data``).

    Opening the database upgrades its schema (:mod:`gametable.server.migrate`); a database made
    by a newer gametable raises :class:`~gametable.server.migrate.SchemaError` here.  Request
    bodies above ``settings.max_body`` bytes get 413 before the API reads them.
    """
    settings = settings or Settings()
    store = Store(settings.url())
    manager = TableManager(settings, store)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        sweeper = asyncio.create_task(manager.run_sweeper())
        try:
            yield
        finally:
            sweeper.cancel()
            await manager.close()
            store.close()

    app = FastAPI(
        title="gametable server",
        version=__version__,
        description="Lobby API of the gametable server. Play goes over the WebSocket "
        "`/ws/{table_id}` (see `gametable.server.ws`).",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.include_router(api.make_router(manager))
    app.include_router(pages.make_router())
    app.include_router(rules_api.make_router())
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    app.add_middleware(BodyLimit, limit=settings.max_body)

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await ws.play(websocket, table_id, manager)

    return app
