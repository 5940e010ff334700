"""The gametable server: friends play in their browsers, bots fill the empty seats.

``gametable serve`` runs :func:`create_app` on uvicorn.  Tables live in a database (SQLite under
the data directory by default, any SQLAlchemy URL otherwise) as match records plus metadata, so a
restarted server resumes every table exactly and every invite link keeps working.  A seat only
ever receives its own ``view(seat)`` (spectators ``view(None)``).

- ``app.py``: the ASGI app; ``api.py``: the lobby's JSON API (OpenAPI at ``/docs``);
  ``ws.py``: the play protocol over ``/ws/{table_id}``; ``pages.py``: lobby, table and rules pages;
  ``static/``: the web client (HTML, CSS, JS modules, SVG boards; no build step).
- ``tables.py``: one table (plays a move, takes one back, seats a stranger), made of named
  parts over the facts they share (``tablecore.py``, with ``TableHost``: all a table asks of
  the server that holds it): ``seats.py`` (seats and their keys), ``offers.py`` (the legal
  lists and the offer kept for the next move), ``repeats.py`` (a resent request answered
  alike), ``persistence.py`` (its writes, fenced by the lease), ``broadcast.py`` (each seat's
  update), ``turnclock.py`` (the clock at work), ``botturns.py`` (the bots' turns);
  ``record.py``: its log and the position it replays to; ``refused.py``: what a table refuses.
- ``manager.py``: all tables (create, load, rematch, expire), above the tables.
- ``store.py``: the database, by what it stores: ``schema.py`` (the tables' definitions),
  ``tablerows.py`` (the tables' rows), ``movewrites.py`` (the moves' hot path), ``leases.py``
  (leases and workers), ``sqlite.py`` (SQLite's write-ahead log kept small and synced),
  ``groupcommit.py`` (the writes of every table committed together, on a thread of its own);
  ``migrate.py`` and ``migrations/``: its schema under Alembic.
- ``connection.py``: a socket; ``frames.py``: uvicorn's WebSocket protocol, whose sockets write
  text frames at once and hand their messages over as they arrive (no ASGI round per frame).
- ``renderers.py``: each game's web renderer, a part of the game (``games/<game>/web/``),
  served at ``/static/js/renderers/<game>.js``; ``tableside.py``: a table's rules questions,
  chat and replay.
- ``botpool.py`` and ``botworker.py``: bots think in a bounded pool of worker processes with a
  hard deadline per move.
- ``settings.py``: every setting and limit in one place; ``limits.py``: rate limits, the request
  body limit, socket counts; ``cli.py`` and ``run.py``: ``gametable serve``.
- ``cluster.py``: several workers on one database, each table held by one of them (a lease in
  the database, taken over when its holder dies); ``forward.py``: a request for a table held by
  another worker is passed on to it; ``router.py``: ``gametable serve --workers N`` (N workers
  behind HAProxy, which routes by the table's id).
- ``players.py``: players with a name and a key (no account), their seats and the settling of a
  finished game's places and ratings (``ratings.py``: OpenSkill, the bot levels' ratings in
  ``data/bot_ratings.json``); ``playerrows.py``: their part of the database; ``playerapi.py``:
  their routes, pages and the ladders.
- ``memory.py``: the garbage collector kept from pausing every table at once (``gc.freeze``).

Where a request goes: ``api.py`` / ``ws.py`` ask ``manager.get(table_id)``; it answers the
:class:`~gametable.server.tables.Table` (held here), or raises
:class:`~gametable.server.cluster.Elsewhere` (the app forwards the request), or ``Refused``.  A
table changes only in ``Table.act`` (checked on a clone, written to the database while this
worker holds the lease, then broadcast); features that change a table (undo, clocks, chat) belong
there and in ``ws.handle``, and what they store goes through the table's ``persistence`` (the
server's group commit).

Running one for others (reverse proxy, TLS, settings, backups): ``docs/deploy.md``.
"""

from gametable.server.app import create_app
from gametable.server.settings import Settings

__all__ = ["Settings", "create_app"]
