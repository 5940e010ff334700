"""The players' JSON API and pages: a player and its key, its page, seats as a player, the
ladder per game, and settling a finished table's ratings (:mod:`gametable.server.players`).

The player key travels only in the ``X-Player-Key`` header (never in a URL); a client that
keeps presenting wrong keys is told to wait, like one presenting wrong seat keys.  A player's
page (``/p/{id}``, ``GET /api/players/{id}``) shows its finished games and ratings to whoever
has its link; its games in progress only to the player (``GET /api/players/me``).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from gametable.core.errors import UnknownGame
from gametable.core.registry import game_names, load_game
from gametable.server.api import CreatedTable, CreateTable, JoinedSeat, Lobby, http_error
from gametable.server.limits import client_of
from gametable.server.manager import TableManager
from gametable.server.pages import STATIC
from gametable.server.playerrows import Held, Player
from gametable.server.players import Players, check_name
from gametable.server.ratings import Rating
from gametable.server.refused import Refused
from gametable.server.seats import SeatInfo

#: the most players a ladder shows, and the most games a player's page lists
LADDER_SHOWN = 200
GAMES_SHOWN = 100

KeyHeader = Annotated[str | None, Header(alias="X-Player-Key")]


class NewPlayer(BaseModel):
    name: str = Field(..., description="the name others see (at most 40 letters)")


class PlayerChange(BaseModel):
    name: str | None = Field(None, description="a new name")
    listed: bool | None = Field(None, description="show my name on the ladders")


class PlayerTable(CreateTable):
    seat: int = Field(0, ge=0, le=15, description="the seat the player takes (a human seat)")


class PlayerJoin(BaseModel):
    seat: int | None = Field(None, ge=0, le=15, description="the seat wanted; default: any open")


def standing(levels: dict[str, Rating], rating: Rating) -> str | None:
    """Where ``rating`` sits among the bot levels of its game, in words.

    >>> levels = {"easy": Rating(20, 1), "normal": Rating(25, 1), "hard": Rating(30, 1)}
    >>> standing(levels, Rating(27, 3)), standing(levels, Rating(31, 3))
    ('between normal and hard', 'above hard')
    """
    if not levels:
        return None
    order = sorted(levels, key=lambda k: levels[k].mu)
    below = [k for k in order if levels[k].mu <= rating.mu]
    if not below:
        return f"below {order[0]}"
    if len(below) == len(order):
        return f"above {order[-1]}"
    return f"between {below[-1]} and {order[len(below)]}"


def rating_json(rating: Rating) -> dict[str, float]:
    return {
        "mu": round(rating.mu, 2),
        "sigma": round(rating.sigma, 2),
        "low": round(rating.low, 2),
        "high": round(rating.high, 2),
    }


def title_of(game: str) -> str:
    try:
        return load_game(game).title
    except UnknownGame:
        return game


def game_json(row: dict[str, Any]) -> dict[str, Any]:
    """One of a player's seats as its page lists it (public facts; no key, no seed)."""
    places = row["places"] or []
    seats = [
        SeatInfo(**s).public() | {"seat": i, "place": places[i] if i < len(places) else None}
        for i, s in enumerate(row["seats"] or [])
    ]
    after = (
        None
        if row["mu_after"] is None
        else rating_json(Rating(row["mu_after"], row["sigma_after"]))
    )
    moved = (
        None if row["mu_before"] is None or after is None else row["mu_after"] - row["mu_before"]
    )
    status = row["status"] or "gone"
    return {
        "table": row["table_id"],
        "game": row["game"],
        "title": title_of(row["game"]),
        "seat": row["seat"],
        "status": status,
        "players": row["players"],
        "seats": seats,
        "moves": row["move_count"],
        "joined_at": row["joined_at"],
        "settled_at": row["settled_at"],
        "place": row["place"],
        "shared": row["place"] is not None and places.count(row["place"]) > 1,
        "left": row["left"],
        "note": row["note"],
        "rating_after": after,
        "rating_change": None if moved is None else round(moved, 2),
        "replay": None if status != "over" else f"/t/{row['table_id']}/replay",
    }


#: wrong player keys are counted per address over all keys (seat tokens count per address and
#: table): a key names no table, and a guesser tries a new key each time
KEYS_SCOPE = "player keys"


class PlayerRoutes:
    """What the players' routes share."""

    def __init__(self, manager: TableManager, players: Players) -> None:
        self.manager = manager
        self.players = players
        self.lobby = Lobby(manager)
        self.limits = manager.limits

    async def player(self, request: Request, key: str | None) -> Player:
        """The player of the request's key; 403 for a bad key, 429 after too many."""
        client = client_of(request.scope)
        if not self.limits.may_try_token(client, KEYS_SCOPE):
            raise http_error(
                Refused("rate", "too many wrong keys from your address; wait a minute"),
                self.limits.token_retry_after(client, KEYS_SCOPE),
            )
        try:
            return await self.players.player(key)
        except Refused as exc:
            if key:
                self.limits.wrong_token(client, KEYS_SCOPE)
            raise http_error(exc) from None

    async def page(self, player: Player, mine: bool) -> dict[str, Any]:
        """A player's page: ratings per game, finished games; games in progress if ``mine``."""
        rows = self.players.rows
        held = await asyncio.to_thread(rows.ratings, player.id)
        found = await asyncio.to_thread(rows.games, player.id, GAMES_SHOWN)
        # a table gone before it ended (expired unjoined or idle) has nothing to show
        games = [game_json(r) for r in found if r["status"] or r["settled_at"]]
        out: dict[str, Any] = {
            "id": player.id,
            "name": player.name,
            "page": f"/p/{player.id}",
            "ratings": [self.held_json(g, h) for g, h in sorted(held.items())],
            "finished": [g for g in games if g["status"] != "playing"],
        }
        if mine:
            out["listed"] = player.listed
            out["playing"] = [g for g in games if g["status"] == "playing"]
        return out

    def held_json(self, game: str, held: Held) -> dict[str, Any]:
        levels = dict(self.players.bots.levels.get(game, {}))
        return {
            "game": game,
            "title": title_of(game),
            "games": held.games,
            "standing": standing(levels, held.rating),
            **rating_json(held.rating),
        }

    async def ladder(self, game: str, me: Player | None = None) -> dict[str, Any]:
        rows: list[dict[str, Any]] = [
            {"kind": "bot", "name": f"bot {level}", "games": self.players.bots.games[game][level]}
            | rating_json(r)
            for level, r in self.players.bots.levels.get(game, {}).items()
        ]
        least = self.manager.settings.ladder_min_games
        listed = await asyncio.to_thread(self.players.rows.ladder, game, least, LADDER_SHOWN)
        for player, held in listed:
            rows.append(
                {
                    "kind": "player",
                    "name": player.name if player.listed else None,
                    "page": f"/p/{player.id}" if player.listed else None,
                    "games": held.games,
                    "you": me is not None and player.id == me.id,
                }
                | rating_json(held.rating)
            )
        rows.sort(key=lambda r: -r["mu"])
        return {"game": game, "title": title_of(game), "min_games": least, "rows": rows}


def make_router(manager: TableManager, players: Players) -> APIRouter:
    router = APIRouter(tags=["players"])
    routes = PlayerRoutes(manager, players)
    _key_routes(router, routes)
    _page_data_routes(router, routes)
    _seat_routes(router, routes)
    _return_routes(router, routes)
    _rating_routes(router, routes)
    _page_routes(router)
    return router


def _key_routes(router: APIRouter, routes: PlayerRoutes) -> None:
    """A player made, its key replaced."""
    players = routes.players
    limits = routes.limits

    @router.post("/api/players", status_code=201)
    async def new_player(body: NewPlayer, request: Request) -> dict[str, Any]:
        """A new player: its key (shown only now: keep it; send it as ``X-Player-Key``) and its
        page.  Rate limited like opening a table."""
        client = client_of(request.scope)
        if not limits.create.allow(client):
            raise http_error(
                Refused("rate", "you have made many players in a short time; wait a little"),
                limits.create.retry_after(client),
            )
        try:
            player, key = await players.create(body.name)
        except Refused as exc:
            raise http_error(exc) from None
        return {"id": player.id, "name": player.name, "key": key, "page": f"/p/{player.id}"}

    @router.post("/api/players/me/key")
    async def replace_key(request: Request, x_player_key: KeyHeader = None) -> dict[str, Any]:
        """A new key for the player; the one sent is retired (refused from now on)."""
        await routes.player(request, x_player_key)
        assert x_player_key is not None
        try:
            player, key, moved = await players.replace_key(x_player_key)
        except Refused as exc:
            raise http_error(exc) from None
        return {"id": player.id, "key": key, "seats_rekeyed": moved}


def _page_data_routes(router: APIRouter, routes: PlayerRoutes) -> None:
    """A player's page: its own (with the key), or by its link; renaming, the ladder setting."""
    players = routes.players

    @router.get("/api/players/me")
    async def me(request: Request, x_player_key: KeyHeader = None) -> dict[str, Any]:
        """The player of the key: its page, with its games in progress and whether it is
        listed on the ladders by name."""
        player = await routes.player(request, x_player_key)
        return await routes.page(player, mine=True)

    @router.patch("/api/players/me")
    async def change(
        body: PlayerChange, request: Request, x_player_key: KeyHeader = None
    ) -> dict[str, Any]:
        """Rename the player, or show (``listed``) its name on the ladders."""
        player = await routes.player(request, x_player_key)
        try:
            name = None if body.name is None else check_name(body.name)
            player = await asyncio.to_thread(players.rows.update, player.id, name, body.listed)
        except Refused as exc:
            raise http_error(exc) from None
        return {"id": player.id, "name": player.name, "listed": player.listed}

    @router.get("/api/players/{player_id}")
    async def player_page(player_id: str) -> dict[str, Any]:
        """A player's page as its link shows it: ratings and finished games."""
        found = None
        if len(player_id) <= 24:
            found = await asyncio.to_thread(players.rows.by_id, player_id)
        if found is None:
            raise http_error(Refused("unknown", "no such player"))
        return await routes.page(found, mine=False)


def _seat_routes(router: APIRouter, routes: PlayerRoutes) -> None:
    """Tables as a player: opening one, taking an open seat, returning to one's seat."""
    players = routes.players
    lobby = routes.lobby

    @router.post("/api/players/me/tables", status_code=201)
    async def create_table(
        body: PlayerTable, request: Request, x_player_key: KeyHeader = None
    ) -> CreatedTable:
        """Open a table with the player at ``seat`` (by name; the seat's key is derived from
        the player key, so the player may return to it from any device that holds that key)."""
        await routes.player(request, x_player_key)
        assert x_player_key is not None
        client = client_of(request.scope)
        if not routes.limits.create.allow(client):
            raise http_error(
                Refused("rate", "you have opened many tables in a short time; wait a little"),
                routes.limits.create.retry_after(client),
            )
        specs = (
            [s.model_dump() for s in body.seats]
            if body.seats
            else [{"kind": "human"} for _ in range(body.players)]
        )
        try:
            table, tokens = await players.create_table(
                x_player_key, body.seat, body.game, body.players, body.options, specs, body.clock
            )
        except Refused as exc:
            raise http_error(exc) from None
        return lobby.links(request, table, tokens)

    @router.post("/api/players/me/tables/{table_id}/join", status_code=201)
    async def join(
        table_id: str, body: PlayerJoin, request: Request, x_player_key: KeyHeader = None
    ) -> JoinedSeat:
        """Take an open seat as the player (at most one seat per player and table)."""
        await routes.player(request, x_player_key)
        assert x_player_key is not None
        client = client_of(request.scope)
        if not routes.limits.join.allow(client):
            raise http_error(
                Refused("rate", "you have joined many tables in a short time; wait a little"),
                routes.limits.join.retry_after(client),
            )
        table = await lobby.table_or_404(table_id)
        try:
            seat, token = await players.join(x_player_key, table, body.seat)
        except Refused as exc:
            raise http_error(exc) from None
        lobby.open_cache.clear()
        return joined(request, table.id, seat, token)


def joined(request: Request, table_id: str, seat: int, token: str) -> JoinedSeat:
    base = str(request.base_url).rstrip("/")
    url = f"{base}/t/{table_id}#seat={seat}&token={token}"
    return JoinedSeat(table=table_id, seat=seat, token=token, url=url)


def _return_routes(router: APIRouter, routes: PlayerRoutes) -> None:
    """Returning to one's seat from any device that holds the player key; taking an invited
    seat as the player."""
    players = routes.players
    lobby = routes.lobby

    @router.post("/api/players/me/tables/{table_id}/claim")
    async def claim(
        table_id: str,
        request: Request,
        x_player_key: KeyHeader = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> JoinedSeat:
        """Play the seat an invite link opened (its key in ``Authorization: Bearer``) as the
        player: the seat takes the player's name and a key derived from the player key, and
        the invite link no longer opens it."""
        await routes.player(request, x_player_key)
        assert x_player_key is not None
        table = await lobby.table_or_404(table_id)
        seat = lobby.seat_of(request, table, authorization)
        if seat is None:
            raise http_error(Refused("auth", "send the key of the seat to take (its invite link)"))
        try:
            token = await players.take_seat(x_player_key, table, seat)
        except Refused as exc:
            raise http_error(exc) from None
        lobby.open_cache.clear()
        return joined(request, table.id, seat, token)

    @router.post("/api/players/me/tables/{table_id}/seat")
    async def my_seat(
        table_id: str, request: Request, x_player_key: KeyHeader = None
    ) -> JoinedSeat:
        """The player's seat at a table and its key, to return to it (from any device)."""
        await routes.player(request, x_player_key)
        assert x_player_key is not None
        table = await lobby.table_or_404(table_id)
        try:
            seat, token = await players.seat_key(x_player_key, table)
        except Refused as exc:
            raise http_error(exc) from None
        return joined(request, table_id, seat, token)


def _rating_routes(router: APIRouter, routes: PlayerRoutes) -> None:
    """The ladders, and settling a finished table now."""
    players = routes.players

    @router.get("/api/ladder/{game}")
    async def ladder(game: str, request: Request, x_player_key: KeyHeader = None) -> dict[str, Any]:
        """Players and bots of ``game`` by rating (``mu``, best first), each with its games and
        95% interval (``low``, ``high``).  A player is listed after ``min_games`` rated games,
        by name only if it chose to be (``name`` null otherwise); with a player key, that
        player's row says ``you``."""
        if game not in game_names():
            raise http_error(Refused("unknown", f"no game {game!r} here"))
        me = None if x_player_key is None else await routes.player(request, x_player_key)
        return await routes.ladder(game, me)

    @router.post("/api/tables/{table_id}/settle")
    async def settle(table_id: str) -> dict[str, Any]:
        """Write a finished table's places and ratings now (every server also does it by
        itself within a second of the end).  Done once: asking again changes nothing
        (``already``).  409 while the game is in progress."""
        if not 0 < len(table_id) <= 32:
            raise http_error(Refused("unknown", "no such table"))
        try:
            made, row = await players.settle(table_id)
        except Refused as exc:
            raise http_error(exc) from None
        assert row is not None  # written with the settlement, or before it
        return {
            "table": table_id,
            "already": made is None,
            "rated": row["rated"],
            "note": row["note"],
            "settled_at": row["settled_at"],
        }


def _page_routes(router: APIRouter) -> None:
    async def player_page() -> FileResponse:
        return FileResponse(STATIC / "player.html")

    async def ladder_page() -> FileResponse:
        return FileResponse(STATIC / "ladder.html")

    router.get("/me", include_in_schema=False)(player_page)
    router.get("/p/{player_id}", include_in_schema=False)(player_page)
    router.get("/ladder/{game}", include_in_schema=False)(ladder_page)
