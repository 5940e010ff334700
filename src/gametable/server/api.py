"""The lobby's JSON API: games, creating tables, a table's public info, its log, rematches.

Play itself goes over the WebSocket (``ws.py``).  A seat's secret travels in an
``Authorization: Bearer <token>`` header, never in a URL the server could log.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from gametable.bots import bot_names
from gametable.bots.levels import LEVELS
from gametable.core.errors import UnknownGame
from gametable.core.record import Record
from gametable.core.registry import game_names, load_game
from gametable.server import dbcheck, timings
from gametable.server.limits import Limits, client_of
from gametable.server.manager import TableManager
from gametable.server.recent import RecentGames
from gametable.server.refused import Refused
from gametable.server.schema import StoredTable
from gametable.server.seats import SeatInfo, clean_name
from gametable.server.tables import Table

log = logging.getLogger("gametable.server")

STATUS = {
    "unknown": 404,
    "taken": 409,
    "moved": 503,
    "auth": 403,
    "spectator": 403,
    "playing": 409,
    "busy": 503,
    "gone": 410,
    "invalid": 422,
    "illegal": 422,
    "rate": 429,
    "damaged": 500,
}


def database_error(manager: TableManager) -> Any:
    """The app's answer to a database error no route caught: damage is noted (the health check
    says ``degraded``) and answered as JSON, never as a bare 500; anything else (the database
    away for a moment) is a JSON 503.  Routes of one table catch their damage themselves
    (``damaged``: :meth:`TableManager.get`)."""

    async def handler(request: Request, exc: Exception) -> JSONResponse:
        if dbcheck.is_damage(exc):
            manager.note_damage(None, exc)
            kind, status = "damaged", 500
            message = "what you asked for is damaged in the server's database"
        else:
            log.warning("database error on %s: %s", request.url.path, dbcheck.problem_of(exc))
            kind, status = "busy", 503
            message = "the server's database is not answering; try again in a moment"
        return JSONResponse({"detail": {"kind": kind, "message": message}}, status_code=status)

    return handler


def http_error(exc: Refused, retry_after: float | None = None) -> HTTPException:
    headers = None if retry_after is None else {"Retry-After": str(max(1, round(retry_after)))}
    return HTTPException(STATUS.get(exc.kind, 400), detail=exc.to_json(), headers=headers)


class SeatSpec(BaseModel):
    kind: Literal["human", "bot", "open"] = Field(
        "human",
        description="human: a key is made now (an invite link); open: anyone may take the "
        "seat from the lobby's list of open tables; bot: a bot plays it",
    )
    bot: str | None = Field(
        None,
        max_length=100,
        description="bot spec: a level (easy, normal, hard) or another bot, e.g. random or "
        "ismcts:iterations=200; default: normal",
    )
    name: str | None = Field(None, max_length=40, description="what the others call this seat")


class CreateTable(BaseModel):
    game: str = Field(..., max_length=64, examples=["balzakken"])
    players: int = Field(..., ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(
        None, max_length=16, description="one per seat; default: every seat human"
    )
    clock: dict[str, Any] | None = Field(
        None,
        description='a turn clock: {"mode": "move", "seconds": 60} (each decision) or '
        '{"mode": "bank", "seconds": 600, "increment": 5} (per player); when a seat\'s time '
        "runs out the heuristic bot plays for it until its player is back",
    )


class JoinSeat(BaseModel):
    seat: int | None = Field(None, ge=0, le=15, description="the seat wanted; default: any open")
    name: str | None = Field(None, max_length=40, description="what the others call you")


class JoinedSeat(BaseModel):
    table: str
    seat: int
    token: str = Field(..., description="the seat's key (shown only now)")
    url: str = Field(..., description="the seat's link, key included")


#: what each bot level (:data:`gametable.bots.levels.LEVELS`) is like, in a line for the lobby
LEVEL_ABOUT = {
    "easy": "plays sensibly but now and then overlooks a move: good for a first game",
    "normal": "plays the game's rules of thumb steadily, without slips",
    "hard": "looks ahead by playing the game out many times; the strongest, a little slower",
}
#: the level that fills a seat unless another bot is chosen (the rules of thumb, as in the
#: terminal)
DEFAULT_LEVEL = "normal"

#: the most tables the lobby's list of open tables shows, and how long (s) a list is reused
OPEN_TABLES_SHOWN = 50
OPEN_TABLES_FRESH = 1.0


class SeatLink(BaseModel):
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    url: str | None = Field(None, description="invite link with the seat's secret (humans only)")
    token: str | None = None


class CreatedTable(BaseModel):
    id: str
    game: str
    players: int
    seats: list[SeatLink]
    spectator_url: str


def bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HTTPException(
            401, detail={"kind": "auth", "message": "use Authorization: Bearer <token>"}
        )
    return token.strip()


def seat_of_request(
    limits: Limits, request: Request, table: Table, authorization: str | None
) -> int | None:
    """The seat whose token is in ``authorization`` (``None``: no token, a spectator).  A client
    that keeps presenting wrong tokens is told to wait (429) before its next one is even looked
    at; every wrong token counts against its address at this table."""
    token = bearer(authorization)
    client = client_of(request.scope)
    if token and not limits.may_try_token(client, table.id):
        raise http_error(
            Refused("rate", "too many wrong tokens for this table from your address; wait"),
            limits.token_retry_after(client, table.id),
        )
    try:
        return table.seat_for_token(token)
    except Refused as exc:
        limits.wrong_token(client, table.id)
        raise http_error(exc) from None


def option_json(option: Any) -> dict[str, Any]:
    return {
        "name": option.name,
        "default": option.default,
        "help": option.help,
        "kind": option.kind.__name__,
        "choices": list(option.choices) if option.choices is not None else None,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "nullable": option.nullable,
    }


class Lobby:
    """What the lobby's routes share: the server's tables, the rate limits, the open tables'
    list (reused for ``OPEN_TABLES_FRESH`` seconds) and the recent games."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.limits = manager.limits
        self.open_cache: dict[str | None, tuple[float, list[dict[str, Any]]]] = {}
        self.recent = RecentGames(manager)

    async def table_or_404(self, table_id: str) -> Table:
        try:
            return await self.manager.get(table_id)
        except Refused as exc:
            raise http_error(exc) from None

    def seat_of(self, request: Request, table: Table, authorization: str | None) -> int | None:
        return seat_of_request(self.limits, request, table, authorization)

    @staticmethod
    def links(request: Request, table: Table, tokens: dict[int, str]) -> CreatedTable:
        base = str(request.base_url).rstrip("/")
        seats = []
        for i, info in enumerate(table.seats):
            token = tokens.get(i)
            url = f"{base}/t/{table.id}#seat={i}&token={token}" if token else None
            seats.append(
                SeatLink(seat=i, kind=info.kind, bot=info.bot, name=info.name, url=url, token=token)
            )
        return CreatedTable(
            id=table.id,
            game=table.game.name,
            players=table.players,
            seats=seats,
            spectator_url=f"{base}/t/{table.id}",
        )


def make_router(manager: TableManager) -> APIRouter:
    router = APIRouter(prefix="/api", tags=["lobby"])
    lobby = Lobby(manager)
    _server_routes(router, lobby)
    _game_routes(router, lobby)
    _creating_routes(router, lobby)
    _rematch_routes(router, lobby)
    _listing_routes(router, lobby)
    _table_routes(router, lobby)
    return router


def _server_routes(router: APIRouter, lobby: Lobby) -> None:
    """This server's health and the cost of its background work."""
    manager = lobby.manager

    @router.get("/health")
    async def health() -> dict[str, Any]:
        """``ok`` and ``status`` ``"ok"``, or ``ok`` false and ``status`` ``"degraded"`` when the
        database is damaged (``damage``: what was found; ``damaged_tables``: the tables that
        could not be read).  Always 200 while the server serves: the tables it can read are
        still played (a router must not take it out of service)."""
        degraded = bool(manager.damage or manager.damaged)
        out: dict[str, Any] = {
            "ok": not degraded,
            "status": "degraded" if degraded else "ok",
            "tables_in_memory": len(manager.tables),
            "worker": manager.worker.name,
        }
        if degraded:
            out["damage"] = manager.damage[:20]
            out["damaged_tables"] = sorted(manager.damaged)[:100]
        return out

    @router.get("/timings")
    async def background_timings(since: float = 0.0) -> dict[str, Any]:
        """What the background work cost since ``since`` (this server's ``time.monotonic()``;
        the answer's ``now`` is the next call's ``since``): per kind (``commit``, ``batch``,
        ``queue``, ``statements``, ``gc``, ``sweep``...) how many, their counts summed, and their
        seconds in all, at the 99th percentile and at most (:mod:`gametable.server.timings`)."""
        return timings.summary(since)


def _game_routes(router: APIRouter, lobby: Lobby) -> None:
    """The games, their options, bots and view schemas."""

    @router.get("/games")
    async def games() -> list[dict[str, Any]]:
        """Every game: player counts, options with defaults, and the bots that can sit in:
        ``levels`` (easy, normal, hard, each with a line about it), ``default_bot`` (the level
        the lobby fills seats with) and ``bots`` (every bot spec name, levels first)."""
        names = bot_names()
        levels = [{"name": n, "about": LEVEL_ABOUT[n]} for n in LEVELS if n in names]
        out = []
        for name in game_names():
            game = load_game(name)
            out.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "version": game.version,
                    "player_counts": list(game.player_counts),
                    "options": [option_json(o) for o in game.options],
                    "bots": names,
                    "levels": levels,
                    "default_bot": DEFAULT_LEVEL,
                }
            )
        return out

    @router.get("/games/{name}/schema")
    async def game_schema(
        name: str,
        players: Annotated[int | None, Query(ge=1, le=16)] = None,
    ) -> dict[str, Any]:
        """The JSON Schema of a seat's ``view`` at such a table (``players``: default the
        smallest count) and the kinds of the game's actions in JSON form (``legal[].json``)."""
        try:
            game = load_game(name)
            count = game.min_players if players is None else players
            game.check_players(count, game.resolve_options())
            view = game.view_schema(count)
        except UnknownGame as exc:
            raise http_error(Refused("unknown", str(exc))) from None
        except ValueError as exc:  # GameError, or a player count the game does not allow
            raise http_error(Refused("invalid", str(exc))) from None
        except NotImplementedError as exc:  # a game that has not declared its view yet
            raise HTTPException(501, detail={"kind": "not_declared", "message": str(exc)}) from None
        return {
            "game": game.name,
            "version": game.version,
            "players": count,
            "view": view,
            "action_kinds": [cls.kind for cls in game.action_types],
        }


def _creating_routes(router: APIRouter, lobby: Lobby) -> None:
    """Opening a table, taking an open seat."""
    manager = lobby.manager
    limits = lobby.limits
    table_or_404 = lobby.table_or_404
    links = lobby.links
    open_cache = lobby.open_cache

    @router.post("/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> CreatedTable:
        """Open a table.  The response holds each human seat's invite link (shown only now).
        A client may open ``create_burst`` tables at once, then ``create_per_minute``."""
        client = client_of(request.scope)
        if not limits.create.allow(client):
            raise http_error(
                Refused("rate", "you have opened many tables in a short time; wait a little"),
                limits.create.retry_after(client),
            )
        specs = (
            [s.model_dump() for s in body.seats]
            if body.seats
            else [{"kind": "human"} for _ in range(body.players)]
        )
        try:
            table, tokens = await manager.create(
                body.game, body.players, body.options, specs, clock=body.clock, client=client
            )
        except Refused as exc:
            raise http_error(exc) from None
        return links(request, table, tokens)

    @router.post("/tables/{table_id}/join", status_code=201)
    async def join(table_id: str, body: JoinSeat, request: Request) -> JoinedSeat:
        """Take a seat the table's creator left open to anyone; the answer holds the seat's key
        (shown only now).  Each open seat is given once.  Rate limited per client address like
        creating a table."""
        client = client_of(request.scope)
        if not limits.join.allow(client):
            raise http_error(
                Refused("rate", "you have joined many tables in a short time; wait a little"),
                limits.join.retry_after(client),
            )
        table = await table_or_404(table_id)
        name = clean_name(body.name)
        try:
            seat, token = await table.claim_seat(body.seat, name)
        except Refused as exc:
            raise http_error(exc) from None
        open_cache.clear()
        base = str(request.base_url).rstrip("/")
        return JoinedSeat(
            table=table.id,
            seat=seat,
            token=token,
            url=f"{base}/t/{table.id}#seat={seat}&token={token}",
        )


def _rematch_routes(router: APIRouter, lobby: Lobby) -> None:
    """The next game at a finished table, with the same seats."""
    manager = lobby.manager
    table_or_404 = lobby.table_or_404
    seat_of = lobby.seat_of

    @router.post("/tables/{table_id}/rematch", status_code=201)
    async def rematch(
        table_id: str,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Start (or find) the next game with the same seats; each seat keeps its token."""
        table = await table_or_404(table_id)
        seat = seat_of(request, table, authorization)
        try:
            new = await manager.rematch(table, seat)
        except Refused as exc:
            raise http_error(exc) from None
        return {"id": new, "url": f"{str(request.base_url).rstrip('/')}/t/{new}"}


def _listing_routes(router: APIRouter, lobby: Lobby) -> None:
    """The lobby's lists: open tables, recent finished games."""
    manager = lobby.manager
    open_cache = lobby.open_cache
    recent = lobby.recent

    @router.get("/open-tables")
    async def open_tables(
        game: Annotated[str | None, Query(max_length=64)] = None,
    ) -> list[dict[str, Any]]:
        """Tables in play with a seat anyone may take (the creator marked it open), newest
        first; take one with ``POST /api/tables/{id}/join``."""
        now = time.monotonic()
        cached = open_cache.get(game)
        if cached is None or now - cached[0] > OPEN_TABLES_FRESH:
            stored = await asyncio.to_thread(manager.store.open_tables, OPEN_TABLES_SHOWN * 2)
            if len(open_cache) > 64:  # a client trying many game names
                open_cache.clear()
            open_cache[game] = (now, [open_json(t) for t in stored if game in (None, t.game)])
        return open_cache[game][1][:OPEN_TABLES_SHOWN]

    @router.get("/recent-games")
    async def recent_games(
        game: Annotated[str | None, Query(max_length=64)] = None,
    ) -> list[dict[str, Any]]:
        """The newest finished public games (made with a seat open to anyone, so their ids were
        listed already), newest first, with how they ended and their replay page.  A table
        whose seats were all given by invite link is never listed."""
        return await recent.listing(game)


def _table_routes(router: APIRouter, lobby: Lobby) -> None:
    """A table's public facts, its log and its record."""
    table_or_404 = lobby.table_or_404
    seat_of = lobby.seat_of

    @router.get("/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """A table's public facts: game, seats (human or bot, connected), status, whose turn."""
        return (await table_or_404(table_id)).info()

    @router.get("/tables/{table_id}/log")
    async def table_log(
        table_id: str,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """The move log as a seat may read it: public descriptions, its own notation; everything
        (the full record, seed included) once the game is over."""
        table = await table_or_404(table_id)
        seat = seat_of(request, table, authorization)
        over = table.state.is_over
        out: dict[str, Any] = {
            "table": table.id,
            "seat": seat,
            "seq": table.seq,
            "over": over,
            "moves": [e.for_seat(seat, over) for e in table.log],
        }
        if over:
            out["record"] = record_json(table)
        return out

    @router.get("/tables/{table_id}/record")
    async def table_record(table_id: str) -> dict[str, Any]:
        """The complete match record (seed and every move) of a finished game; replay it with
        ``gametable replay``.  Refused while the game is in progress."""
        table = await table_or_404(table_id)
        if not table.state.is_over:
            raise http_error(Refused("playing", "the record is published when the game is over"))
        return record_json(table)


def open_json(stored: StoredTable) -> dict[str, Any]:
    """What the lobby's list says of an open table: public facts only."""
    seats = [SeatInfo(**s).public() | {"seat": i} for i, s in enumerate(stored.seats)]
    try:
        title = load_game(stored.game).title
    except UnknownGame:  # a game this server no longer has: listed by its name
        title = stored.game
    return {
        "id": stored.id,
        "game": stored.game,
        "title": title,
        "players": stored.players,
        "options": stored.options,
        "seats": seats,
        "open": [s["seat"] for s in seats if s["open"]],
        "created_at": stored.created_at,
    }


def record_json(table: Table) -> dict[str, Any]:
    record = Record(
        table.game.name,
        table.game.version,
        table.players,
        table.seed,
        dict(table.options),
        [(e.seat, e.notation) for e in table.log],
        {"table": table.id},
    )
    return record.to_json()
