"""The players' rows: players and their keys, the seats they held, their ratings, and the
finished tables whose places and ratings were written.

Each method is one transaction of its own (players change rarely: no group commit).  A player
key is stored only as its SHA-256; a replaced key stays in ``gt_player_keys`` as retired, so a
request with it is told the key was replaced rather than that it never existed.  A table's end
is settled once: the row in ``gt_settled_tables`` is written in the same transaction as the
ratings and the places, so a crash leaves either all of it or none of it, and a second attempt
finds the row and changes nothing.  A rating is written only if it is still the one read
(``games`` unchanged), so two tables settled at once by two workers never lose an update.
"""

from __future__ import annotations

import hashlib
import time
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from gametable.server.ratings import Rating, Settlement
from gametable.server.refused import Refused
from gametable.server.schema import (
    player_games_t,
    player_keys_t,
    players_t,
    ratings_t,
    settled_t,
    tables_t,
)


class RatingConflict(Exception):
    """A rating changed between its read and its write (another table settled meanwhile): the
    transaction is rolled back, to be tried again."""


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    listed: bool
    created_at: float


@dataclass(frozen=True)
class Held:
    """A player's rating at one game, with how many games it counts."""

    rating: Rating
    games: int


def name_key(name: str) -> str:
    """What makes two names the same name: compatibility-normalised (a full-width ``Ａ`` is an
    ``A``) and case-folded (``ß`` is ``ss``), as a fixed-length digest (the folded text may be
    longer than the name).

    >>> name_key("Straße") == name_key("STRASSE") == name_key("ｓｔｒａｓｓｅ")
    True
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return hashlib.sha256(unicodedata.normalize("NFKC", folded).encode()).hexdigest()


def _player(row: Any) -> Player:
    return Player(row.id, row.name, bool(row.listed), row.created_at)


class PlayerRows:
    """The players' part of the database (beside :class:`~gametable.server.store.Store`, on
    its engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- players and keys ----------------------------------------------------------------------
    def create(self, player_id: str, name: str, key_hash: str) -> Player:
        """A new player with its first key; :class:`Refused` (``taken``) if the name is."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    players_t.insert().values(
                        id=player_id, name=name, name_key=name_key(name), created_at=now
                    )
                )
                conn.execute(
                    player_keys_t.insert().values(
                        key_hash=key_hash, player_id=player_id, created_at=now
                    )
                )
        except sa.exc.IntegrityError:
            raise Refused("taken", f"the name {name!r} is taken; choose another") from None
        return Player(player_id, name, False, now)

    def by_key(self, key_hash: str) -> Player:
        """The player whose current key this is; :class:`Refused` (``auth``) for a key nobody
        has, or one that was replaced."""
        with self.engine.connect() as conn:
            key = conn.execute(
                sa.select(player_keys_t).where(player_keys_t.c.key_hash == key_hash)
            ).first()
            if key is None:
                raise Refused("auth", "this player key is not known here")
            if key.retired_at is not None:
                raise Refused(
                    "auth", "this player key was replaced by a new one and no longer works"
                )
            row = conn.execute(sa.select(players_t).where(players_t.c.id == key.player_id)).one()
        return _player(row)

    def by_id(self, player_id: str) -> Player | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(players_t).where(players_t.c.id == player_id)).first()
        return None if row is None else _player(row)

    def update(self, player_id: str, name: str | None, listed: bool | None) -> Player:
        """Rename the player and/or list it on the ladder by name; :class:`Refused` (``taken``)
        for a name another player has."""
        values: dict[str, Any] = {}
        if name is not None:
            values |= {"name": name, "name_key": name_key(name)}
        if listed is not None:
            values["listed"] = listed
        if values:
            try:
                with self.engine.begin() as conn:
                    conn.execute(
                        players_t.update().where(players_t.c.id == player_id).values(**values)
                    )
            except sa.exc.IntegrityError:
                raise Refused("taken", f"the name {name!r} is taken; choose another") from None
        found = self.by_id(player_id)
        assert found is not None
        return found

    def replace_key(self, player_id: str, old_hash: str, new_hash: str) -> None:
        """Retire the key ``old_hash`` and give the player ``new_hash``; :class:`Refused`
        (``auth``) if ``old_hash`` was retired meanwhile (a second replacement raced this one)."""
        now = time.time()
        with self.engine.begin() as conn:
            done = conn.execute(
                player_keys_t.update()
                .where(
                    player_keys_t.c.key_hash == old_hash,
                    player_keys_t.c.player_id == player_id,
                    player_keys_t.c.retired_at.is_(None),
                )
                .values(retired_at=now)
            )
            if done.rowcount != 1:
                raise Refused("auth", "this player key was replaced already")
            conn.execute(
                player_keys_t.insert().values(
                    key_hash=new_hash, player_id=player_id, created_at=now
                )
            )

    # -- seats -----------------------------------------------------------------------------------
    def seat(self, table_id: str, seat: int, player_id: str, game: str, salt: str) -> None:
        """``player_id`` holds ``seat`` of ``table_id``, whose key is derived from the player
        key and ``salt``; :class:`Refused` (``taken``) if the player holds a seat there
        already (one seat per player and table)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    player_games_t.insert().values(
                        table_id=table_id,
                        seat=seat,
                        player_id=player_id,
                        game=game,
                        salt=salt,
                        joined_at=time.time(),
                    )
                )
        except sa.exc.IntegrityError:
            raise Refused("taken", "you hold a seat at this table already") from None

    def unseat(self, table_id: str, seat: int, player_id: str) -> None:
        """Undo :meth:`seat` (the table could not give the seat after all)."""
        with self.engine.begin() as conn:
            conn.execute(
                player_games_t.delete().where(
                    player_games_t.c.table_id == table_id,
                    player_games_t.c.seat == seat,
                    player_games_t.c.player_id == player_id,
                )
            )

    def follow(self, table_id: str, rematch_id: str) -> None:
        """The players' seats of ``table_id`` are theirs at its rematch ``rematch_id`` too."""
        with self.engine.begin() as conn:
            rows = list(
                conn.execute(sa.select(player_games_t).where(player_games_t.c.table_id == table_id))
            )
            if rows:
                conn.execute(
                    player_games_t.insert(),
                    [
                        {
                            "table_id": rematch_id,
                            "seat": r.seat,
                            "player_id": r.player_id,
                            "game": r.game,
                            "salt": r.salt,
                            "joined_at": time.time(),
                        }
                        for r in rows
                    ],
                )

    def seat_at(self, player_id: str, table_id: str) -> tuple[int, str] | None:
        """The seat ``player_id`` holds at ``table_id`` and its salt, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(player_games_t.c.seat, player_games_t.c.salt).where(
                    player_games_t.c.player_id == player_id, player_games_t.c.table_id == table_id
                )
            ).first()
        return None if row is None else (row.seat, row.salt)

    def players_at(self, table_id: str) -> dict[int, str]:
        """The seats of ``table_id`` held by players, and whose."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(player_games_t.c.seat, player_games_t.c.player_id).where(
                    player_games_t.c.table_id == table_id
                )
            )
            return {r.seat: r.player_id for r in rows}

    def games(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's newest ``limit`` seats with their tables' public facts and, once
        settled, every seat's place (a table gone from the database keeps its places and
        rating, without ``status``)."""
        query = (
            sa.select(
                player_games_t,
                tables_t.c.status,
                tables_t.c.players,
                tables_t.c.seats,
                tables_t.c.move_count,
                settled_t.c.places.label("places"),
                settled_t.c.note.label("note"),
            )
            .select_from(
                player_games_t.outerjoin(
                    tables_t, tables_t.c.id == player_games_t.c.table_id
                ).outerjoin(settled_t, settled_t.c.table_id == player_games_t.c.table_id)
            )
            .where(player_games_t.c.player_id == player_id)
            .order_by(player_games_t.c.joined_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(query)]

    # -- ratings ---------------------------------------------------------------------------------
    def ratings(self, player_id: str) -> dict[str, Held]:
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(ratings_t).where(ratings_t.c.player_id == player_id))
            return {r.game: Held(Rating(r.mu, r.sigma), r.games) for r in rows}

    def ladder(self, game: str, min_games: int, limit: int) -> list[tuple[Player, Held]]:
        """The players rated at ``game`` with at least ``min_games`` games, best ``mu`` first."""
        query = (
            sa.select(ratings_t, players_t.c.name, players_t.c.listed, players_t.c.created_at)
            .join(players_t, players_t.c.id == ratings_t.c.player_id)
            .where(ratings_t.c.game == game, ratings_t.c.games >= min_games)
            .order_by(ratings_t.c.mu.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [
                (
                    Player(r.player_id, r.name, bool(r.listed), r.created_at),
                    Held(Rating(r.mu, r.sigma), r.games),
                )
                for r in conn.execute(query)
            ]

    # -- settling a finished table ----------------------------------------------------------------
    def unsettled(self, limit: int, idle_before: float = 0.0) -> list[str]:
        """Tables with a player seat whose end is not settled yet (oldest first): finished, or
        in play but untouched since ``idle_before`` (abandoned)."""
        ended = sa.or_(tables_t.c.status == "over", tables_t.c.updated_at < idle_before)
        query = (
            sa.select(player_games_t.c.table_id)
            .join(tables_t, tables_t.c.id == player_games_t.c.table_id)
            .where(player_games_t.c.settled_at.is_(None), ended)
            .group_by(player_games_t.c.table_id)
            .order_by(sa.func.min(player_games_t.c.joined_at))
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def settled(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(settled_t).where(settled_t.c.table_id == table_id)).first()
        return None if row is None else dict(row._mapping)

    def settle(
        self,
        table_id: str,
        game: str,
        players: Mapping[int, str],
        compute: Callable[[Mapping[str, Rating]], Settlement],
        crash: Callable[[str], None] | None = None,
    ) -> Settlement | None:
        """Write the end of ``table_id`` once: ``compute`` gets the players' ratings now and
        gives the settlement, written with the row that marks the table settled, all in one
        transaction.  ``None``: it was settled already (nothing written).
        :class:`RatingConflict`: a rating moved meanwhile (nothing written; try again).
        ``crash``: called between the writes (tests stop the settlement half-way with it)."""
        now = time.time()
        with self.engine.begin() as conn:
            if conn.execute(
                sa.select(settled_t.c.table_id).where(settled_t.c.table_id == table_id)
            ).first():
                return None
            held = self._held(conn, game, set(players.values()))
            result = compute({p: h.rating for p, h in held.items()})
            try:
                conn.execute(
                    settled_t.insert().values(
                        table_id=table_id,
                        game=game,
                        settled_at=now,
                        rated=result.rated,
                        note=result.note[:200],
                        places=list(result.places),
                    )
                )
            except sa.exc.IntegrityError:  # another worker settled it between our read and write
                raise RatingConflict(table_id) from None
            for seat, new in result.after.items():
                self._write_rating(conn, game, players[seat], held.get(players[seat]), new, now)
                if crash is not None:
                    crash("rating")
            for seat in players:
                before, after = result.before.get(seat), result.after.get(seat)
                conn.execute(
                    player_games_t.update()
                    .where(player_games_t.c.table_id == table_id, player_games_t.c.seat == seat)
                    .values(
                        settled_at=now,
                        place=result.places[seat] if seat < len(result.places) else None,
                        left=seat in result.left,
                        mu_before=before.mu if before and after else None,
                        sigma_before=before.sigma if before and after else None,
                        mu_after=after.mu if after else None,
                        sigma_after=after.sigma if after else None,
                    )
                )
            if crash is not None:
                crash("places")
        return result

    @staticmethod
    def _held(conn: sa.Connection, game: str, players: set[str]) -> dict[str, Held]:
        if not players:
            return {}
        rows = conn.execute(
            sa.select(ratings_t).where(
                ratings_t.c.game == game, ratings_t.c.player_id.in_(sorted(players))
            )
        )
        return {r.player_id: Held(Rating(r.mu, r.sigma), r.games) for r in rows}

    @staticmethod
    def _write_rating(
        conn: sa.Connection, game: str, player_id: str, old: Held | None, new: Rating, now: float
    ) -> None:
        """Write ``player_id``'s new rating only if it is still ``old`` (``None``: none yet)."""
        values = {"mu": new.mu, "sigma": new.sigma, "updated_at": now}
        if old is None:
            try:
                conn.execute(
                    ratings_t.insert().values(game=game, player_id=player_id, games=1, **values)
                )
            except sa.exc.IntegrityError:  # another table made it meanwhile: the whole again
                raise RatingConflict(player_id) from None
            return
        done = conn.execute(
            ratings_t.update()
            .where(
                ratings_t.c.game == game,
                ratings_t.c.player_id == player_id,
                ratings_t.c.games == old.games,
            )
            .values(games=old.games + 1, **values)
        )
        if done.rowcount != 1:
            raise RatingConflict(player_id)
