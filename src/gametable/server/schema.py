"""What the database holds: the tables' rows, their moves and the workers, as SQLAlchemy Core
definitions, and the records read back from them.

``gt_tables`` (game, version, players, seed, options, seats, status, times, the lease),
``gt_moves`` (one row per accepted action: seat, notation, the public ``describe`` text and the
client's request id) and ``gt_workers`` (the live workers of a database and where they are
reached); the players' ``gt_players``, ``gt_player_keys``, ``gt_player_games``, ``gt_ratings``
and ``gt_settled_tables``.  The schema is made and upgraded by Alembic (:mod:`gametable.server.migrate`); the
definitions below describe the newest revision and must agree with ``migrations/versions``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from gametable.core.errors import GameError


class StoreError(GameError):
    """A database that cannot be opened (bad URL, no driver, unreachable, refused schema)."""


#: ids per ``IN (...)`` list in one statement
CHUNK = 500


def chunks(ids: list[str]) -> list[list[str]]:
    return [ids[i : i + CHUNK] for i in range(0, len(ids), CHUNK)]


metadata = sa.MetaData()

tables_t = sa.Table(
    "gt_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    # a seed is a 63-bit integer; kept as text so every backend stores it exactly
    sa.Column("seed", sa.String(24), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("move_count", sa.Integer, nullable=False, default=0),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rematch_id", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False, index=True),
    #: when a player (or, at a table of bots only, a spectator) first connected; None: never
    sa.Column("joined_at", sa.Float, nullable=True),
    #: the lease: the incarnation of the worker that holds the table in memory (None: nobody)
    sa.Column("owner", sa.String(32), nullable=True),
    #: seats still waiting for a stranger to take them (the lobby lists tables with one)
    sa.Column("open_seats", sa.Integer, nullable=False, server_default=sa.text("0")),
    #: the turn clock (``gametable.server.clocks.Clock.to_json``); None: no clock
    sa.Column("clock", sa.JSON, nullable=True),
    #: the running clock (``Timing.to_store``: banks after the last move, who is away)
    sa.Column("clock_state", sa.JSON, nullable=True),
    #: public: made with a seat open to anyone (listed in the lobby, so its id was public); it
    #: stays true when the seats are taken, and only such tables are listed once finished
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
)

sa.Index("ix_gt_tables_unjoined", tables_t.c.joined_at, tables_t.c.created_at)
sa.Index("ix_gt_tables_owner", tables_t.c.owner)
sa.Index("ix_gt_tables_open", tables_t.c.open_seats, tables_t.c.status)
sa.Index("ix_gt_tables_listed", tables_t.c.listed, tables_t.c.status)

workers_t = sa.Table(
    "gt_workers",
    metadata,
    #: a worker's name (``settings.worker_name``); a restarted worker takes its row back
    sa.Column("name", sa.String(128), primary_key=True),
    #: a random id per process start: the leases name it, so a restart ends the old ones at once
    sa.Column("incarnation", sa.String(32), nullable=False),
    #: where the other workers reach it (``settings.advertise_url``)
    sa.Column("address", sa.String(256), nullable=False),
    sa.Column("heartbeat_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=False),
)

# -- players and ratings (issue 46; :mod:`gametable.server.playerrows`) -----------------------------
players_t = sa.Table(
    "gt_players",
    metadata,
    #: the player's page id: ``/p/<id>`` (whoever has the link sees the page; never the key)
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    #: the name's digest, normalised and case-folded (playerrows.name_key): two players never
    #: share a name
    sa.Column("name_key", sa.String(64), nullable=False, unique=True),
    #: shown by name on the ladder (opted in); otherwise listed as "a player"
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.Float, nullable=False),
)

player_keys_t = sa.Table(
    "gt_player_keys",
    metadata,
    #: the SHA-256 of a player key (the key itself is never stored)
    sa.Column("key_hash", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(24), nullable=False, index=True),
    sa.Column("created_at", sa.Float, nullable=False),
    #: when a new key replaced it (None: the player's key now)
    sa.Column("retired_at", sa.Float, nullable=True),
)

player_games_t = sa.Table(
    "gt_player_games",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.String(24), nullable=False, index=True),
    sa.Column("game", sa.String(64), nullable=False),
    #: the seat's key is derived from the player key and this (not secret without the key)
    sa.Column("salt", sa.String(32), nullable=False),
    sa.Column("joined_at", sa.Float, nullable=False),
    #: when the game's end was settled (place and rating written); None: not yet
    sa.Column("settled_at", sa.Float, nullable=True, index=True),
    sa.Column("place", sa.Integer, nullable=True),
    #: the seat was played by the stand-in bot at the end (counted as a loss)
    sa.Column("left", sa.Boolean, nullable=True),
    sa.Column("mu_before", sa.Float, nullable=True),
    sa.Column("sigma_before", sa.Float, nullable=True),
    sa.Column("mu_after", sa.Float, nullable=True),
    sa.Column("sigma_after", sa.Float, nullable=True),
    sa.UniqueConstraint("table_id", "player_id", name="uq_gt_player_games_player"),
)

ratings_t = sa.Table(
    "gt_ratings",
    metadata,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(24), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    #: rated games so far; an update is written only if it is still the count it read
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

settled_t = sa.Table(
    "gt_settled_tables",
    metadata,
    #: one row per finished table whose places and ratings were written: never twice
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("settled_at", sa.Float, nullable=False),
    #: whether the ratings moved (False: a seat without a rating, e.g. a random bot)
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("note", sa.String(200), nullable=False),
    #: every seat's place (1 is best; shared places are equal; seats that left are last)
    sa.Column("places", sa.JSON, nullable=False),
)

moves_t = sa.Table(
    "gt_moves",
    metadata,
    sa.Column(
        "table_id",
        sa.String(32),
        sa.ForeignKey("gt_tables.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(200), nullable=False),
    sa.Column("text", sa.String(500), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    #: the id the client gave the move's request (a resent request gets the same answer)
    sa.Column("request", sa.String(64), nullable=True),
)


@dataclass
class StoredTable:
    id: str
    game: str
    version: int
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    rematch_of: str | None
    rematch_id: str | None
    created_at: float
    updated_at: float
    moves: list[tuple[int, str, str]]  # (seat, notation, public text)
    joined_at: float | None = None
    requests: dict[int, str] | None = None  # move number -> the client's request id
    owner: str | None = None  # the incarnation holding its lease
    open_seats: int = 0  # seats a stranger may still take
    clock: dict[str, Any] | None = None  # the turn clock, if any
    clock_state: dict[str, Any] | None = None  # its banks and away seats (Timing.to_store)
    listed: bool = False  # made with a seat open to anyone: public (its id was listed)


@dataclass
class FinishedTable:
    """A finished public table as :meth:`Store.recent_finished` lists it: public facts only (no
    seed, no moves; ``move_count`` as ``GET /api/tables/{id}`` tells it)."""

    id: str
    game: str
    version: int
    players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    created_at: float
    finished_at: float  # when its last move was made
    move_count: int


@dataclass
class Claim:
    """What :meth:`Store.claim` found: the table, now ours (``stored``), or the address of the
    live worker that holds it (``address``); ``exists`` is false if there is no such table."""

    stored: StoredTable | None = None
    address: str | None = None
    exists: bool = True
    #: the incarnation whose lease this claim took over (``None``: nobody held it)
    previous: str | None = None


class NameTaken(StoreError):
    """A heartbeat of a worker whose name another process has taken since (a newer
    incarnation): nothing was written, and this worker must stop."""


class LeaseLost(StoreError):
    """A write for a table whose lease another worker has taken (this worker was taken for
    dead): nothing was written, and this worker must forget the table."""
