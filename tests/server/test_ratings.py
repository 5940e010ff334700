"""Ratings settled once when a game ends (:mod:`gametable.server.players`,
:mod:`gametable.server.playerrows`), on the store itself: places from the outcome, leavers last,
Keezbord's partners as teams, a crash half-way that loses nothing and counts nothing twice, two
settlements at once that lose no update, and the migration of the players' tables.

Runs on SQLite, and on PostgreSQL too when ``GAMETABLE_TEST_POSTGRES`` holds a URL.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command

from gametable.bots.levels import LEVELS
from gametable.core.registry import game_names, load_game
from gametable.server import migrate
from gametable.server.playerrows import PlayerRows, RatingConflict
from gametable.server.players import Players, left_seats
from gametable.server.ratings import (
    NEWCOMER,
    BotRatings,
    Rating,
    Seat,
    settle,
)
from gametable.server.refused import Refused
from gametable.server.schema import StoredTable
from gametable.server.seats import hash_token
from gametable.server.store import Store

POSTGRES = os.environ.get("GAMETABLE_TEST_POSTGRES")
BOTS = BotRatings.from_json(
    {
        "games": {
            "keezbord": {
                "levels": {
                    "easy": {"mu": 20.0, "sigma": 1.0, "games": 90},
                    "normal": {"mu": 25.0, "sigma": 1.0, "games": 90},
                    "hard": {"mu": 30.0, "sigma": 1.0, "games": 90},
                }
            }
        }
    }
)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'gametable.sqlite3'}"
        return
    if not POSTGRES:
        pytest.skip("set GAMETABLE_TEST_POSTGRES to a PostgreSQL URL")
    name = f"gt_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(POSTGRES)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {name}"))
    sep = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{sep}options=-csearch_path%3D{name}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {name} CASCADE"))
        admin.dispose()


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    found = Store(url)
    yield found
    found.close()


def played(players: int, seed: int = 1) -> list[tuple[int, str]]:
    """A finished short Keezbord game (``max_turns`` = the seats): its moves."""
    game = load_game("keezbord")
    state = game.new_game(players, seed=seed, options={"max_turns": players})
    moves = []
    while not state.is_over:
        seat = state.to_move[0]
        action = state.legal_actions(seat)[0]
        moves.append((seat, str(action)))
        state.apply(action, seat)
    return moves


def finished_table(
    store: Store,
    table_id: str,
    seats: list[dict[str, Any]],
    away: list[int] | None = None,
    finish: bool = True,
    updated_at: float | None = None,
) -> None:
    """A Keezbord table of ``seats`` stored with its moves (all of them if ``finish``)."""
    players = len(seats)
    store.create_table(
        StoredTable(
            id=table_id,
            game="keezbord",
            version=load_game("keezbord").version,
            players=players,
            seed=1,
            options={"max_turns": players},
            seats=seats,
            status="playing",
            rematch_of=None,
            rematch_id=None,
            created_at=1.0,
            updated_at=time.time() if updated_at is None else updated_at,
            moves=[],
            clock=None if away is None else {"mode": "move", "seconds": 60.0, "increment": 0.0},
            clock_state=None if away is None else {"banks": [60.0] * players, "away": away},
        )
    )
    moves = played(players)
    if not finish:
        moves = moves[:-1]
    for n, (seat, notation) in enumerate(moves, 1):
        status = "over" if finish and n == len(moves) else "playing"
        store.append_move(table_id, n, seat, notation, notation, status)


def players_of(store: Store, abandon_after: float = 3600.0) -> Players:
    manager = SimpleNamespace(
        store=store, settings=SimpleNamespace(abandon_after=abandon_after), rematched=[]
    )
    return Players(manager, BOTS)  # type: ignore[arg-type]


def new_player(rows: PlayerRows, name: str) -> str:
    player_id = f"p-{name}"
    rows.create(player_id, name, hash_token(f"key-{name}"))
    return player_id


HUMAN = {"kind": "human"}
NORMAL = {"kind": "bot", "bot": "normal"}


def test_the_packaged_bot_ratings_cover_every_level_of_every_game() -> None:
    packaged = BotRatings.packaged()
    for game in game_names():
        for level in LEVELS:
            rating = packaged.of(game, level)
            assert rating is not None and 0 < rating.sigma < NEWCOMER.sigma, (game, level)
        assert packaged.of(game, "hard:iterations=9") is None  # another setting: no rating


def test_a_seat_left_to_the_stand_in_bot_is_placed_last() -> None:
    seats = [Seat(player="a"), Seat(bot="normal")]
    stayed = settle("keezbord", seats, (1, 1), set(), ((0,), (1,)), BOTS)
    left = settle("keezbord", seats, (1, 1), {0}, ((0,), (1,)), BOTS)
    assert stayed.places == (1, 1) and left.places == (2, 1) and left.left == {0}
    assert left.after[0].mu < NEWCOMER.mu and left.after[0].mu < stayed.after[0].mu


def test_partners_are_rated_as_a_team_and_bots_do_not_move() -> None:
    seats = [Seat(player="a"), Seat(bot="easy"), Seat(player="b"), Seat(bot="hard")]
    won = settle("keezbord", seats, (1, 2, 1, 2), set(), ((0, 2), (1, 3)), BOTS)
    assert set(won.after) == {0, 2}  # only players are written; bots keep the arena's rating
    assert won.after[0].mu > NEWCOMER.mu and won.after[2].mu > NEWCOMER.mu


def test_a_table_with_a_bot_without_rating_is_placed_but_not_rated() -> None:
    seats = [Seat(player="a"), Seat(bot="random")]
    result = settle("keezbord", seats, (1, 2), set(), ((0,), (1,)), BOTS)
    assert not result.rated and result.places == (1, 2) and "random" in result.note


def test_a_finished_table_is_settled_once(store: Store) -> None:
    players = players_of(store)
    ann = new_player(players.rows, "Ann")
    finished_table(store, "t1", [HUMAN, NORMAL], away=[0])
    players.rows.seat("t1", 0, ann, "keezbord", "salt")
    assert players.rows.unsettled(10) == ["t1"]
    made, row = players.settle_now("t1")
    assert made is not None and made.places == (2, 1) and row is not None and row["rated"]
    again, _ = players.settle_now("t1")
    assert again is None and players.rows.unsettled(10) == []
    held = players.rows.ratings(ann)["keezbord"]
    assert held.games == 1 and held.rating.mu < NEWCOMER.mu  # left: counted as a loss
    (game,) = players.rows.games(ann, 10)
    assert game["place"] == 2 and game["left"] is True and game["mu_after"] == held.rating.mu


def test_an_unfinished_table_is_refused_and_nothing_is_written(store: Store) -> None:
    players = players_of(store)
    ann = new_player(players.rows, "Ann")
    finished_table(store, "t1", [HUMAN, NORMAL], finish=False)
    players.rows.seat("t1", 0, ann, "keezbord", "salt")
    assert players.rows.unsettled(10, idle_before=time.time() - 3600) == []
    with pytest.raises(Refused, match="not over"):
        players.settle_now("t1")
    with pytest.raises(Refused, match="no such table"):
        players.settle_now("nope")
    assert players.rows.settled("t1") is None and players.rows.ratings(ann) == {}


def test_an_abandoned_game_counts_as_lost_by_the_seat_it_waits_for(store: Store) -> None:
    """The table stood still since its ``updated_at`` (1.0, long ago) waiting for Ann."""
    players = players_of(store, abandon_after=3600.0)
    ann, bea = new_player(players.rows, "Ann"), new_player(players.rows, "Bea")
    finished_table(store, "t1", [HUMAN, HUMAN], finish=False, updated_at=1.0)  # seat 0 to move
    players.rows.seat("t1", 0, ann, "keezbord", "s0")
    players.rows.seat("t1", 1, bea, "keezbord", "s1")
    assert players.rows.unsettled(10, idle_before=2.0) == ["t1"]
    made, row = players.settle_now("t1")
    assert made is not None and made.places == (2, 1) and made.left == {0}
    assert row is not None and row["rated"]
    assert players.rows.ratings(ann)["keezbord"].rating.mu < NEWCOMER.mu
    assert players.rows.ratings(bea)["keezbord"].rating.mu > NEWCOMER.mu


@pytest.mark.parametrize("where", ["rating", "places"])
def test_a_crash_half_way_loses_nothing_and_counts_nothing_twice(url: str, where: str) -> None:
    first = Store(url)
    players = players_of(first)
    ann = new_player(players.rows, "Ann")
    finished_table(first, "t1", [HUMAN, NORMAL], away=[1])
    players.rows.seat("t1", 0, ann, "keezbord", "salt")

    def crash(step: str) -> None:
        if step == where:
            raise KeyboardInterrupt  # the process stops here (not an error anyone catches)

    players.crash = crash
    with pytest.raises(KeyboardInterrupt):
        players.settle_now("t1")
    first.close()
    restarted = Store(url)  # the server comes back: it finds the table unsettled
    try:
        again = players_of(restarted)
        assert again.rows.settled("t1") is None and again.rows.ratings(ann) == {}
        assert again.rows.unsettled(10) == ["t1"]
        made, _ = again.settle_now("t1")
        assert made is not None and again.settle_now("t1")[0] is None
        assert again.rows.ratings(ann)["keezbord"].games == 1
        assert again.rows.ratings(ann)["keezbord"].rating.mu > NEWCOMER.mu  # the bot left
    finally:
        restarted.close()


def test_two_settlements_at_once_lose_no_update(store: Store) -> None:
    """Table A reads Ann's rating; table B is settled meanwhile (another worker); A's write
    then finds the rating changed, is refused, and A is settled again on B's result."""
    players = players_of(store)
    ann = new_player(players.rows, "Ann")
    for tid in ("a", "b"):
        finished_table(store, tid, [HUMAN, NORMAL], away=[1])
        players.rows.seat(tid, 0, ann, "keezbord", "salt")
    other = players_of(store)
    rows = players.rows
    calls = []

    def compute(ratings: Any) -> Any:
        calls.append(dict(ratings))
        if len(calls) == 1:
            other.settle_now("b")  # settled between this read and this write
        return settle(
            "keezbord",
            [Seat(player=ann, rating=ratings.get(ann)), Seat(bot="normal")],
            (1, 1),
            {1},
            ((0,), (1,)),
            BOTS,
        )

    with pytest.raises(RatingConflict):
        rows.settle("a", "keezbord", {0: ann}, compute)
    assert rows.settled("a") is None  # refused whole
    made = rows.settle("a", "keezbord", {0: ann}, compute)
    assert made is not None and calls[-1][ann].mu > NEWCOMER.mu  # it read B's result
    held = rows.ratings(ann)["keezbord"]
    assert held.games == 2 and held.rating == made.after[0]


def test_keys_are_stored_hashed_and_a_replaced_key_is_refused(store: Store) -> None:
    rows = PlayerRows(store.engine)
    rows.create("p1", "Ann", hash_token("key-1"))
    with pytest.raises(Refused, match="taken"):
        rows.create("p2", "aNN", hash_token("key-2"))
    rows.replace_key("p1", hash_token("key-1"), hash_token("key-3"))
    with pytest.raises(Refused, match="replaced"):
        rows.by_key(hash_token("key-1"))
    with pytest.raises(Refused, match="replaced already"):
        rows.replace_key("p1", hash_token("key-1"), hash_token("key-4"))
    with pytest.raises(Refused, match="not known"):
        rows.by_key(hash_token("key-4"))
    assert rows.by_key(hash_token("key-3")).name == "Ann"
    with store.engine.connect() as conn:
        stored = " ".join(str(r) for r in conn.execute(sa.text("SELECT * FROM gt_player_keys")))
    assert "key-1" not in stored and hash_token("key-1") in stored


def test_left_seats_are_the_clocks_away_seats() -> None:
    table = SimpleNamespace(players=3, clock_state={"away": [2, 7, "x"]})
    assert left_seats(table) == {2}  # type: ignore[arg-type]
    assert left_seats(SimpleNamespace(players=2, clock_state=None)) == set()  # type: ignore[arg-type]


def test_the_players_tables_migrate_up_and_down_keeping_every_table(url: str) -> None:
    store = Store(url)
    try:
        finished_table(store, "t1", [HUMAN, NORMAL])
        PlayerRows(store.engine).create("p1", "Ann", hash_token("k"))
        cfg = migrate.config()
        with store.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0006")
        names = sa.inspect(store.engine).get_table_names()
        assert "gt_players" not in names and "gt_ratings" not in names
        assert len(store.load("t1").moves) == 2
    finally:
        store.close()
    again = Store(url)
    try:
        assert again.upgraded_from == "0006" and migrate.current(again.engine) == migrate.head()
        rows = PlayerRows(again.engine)
        rows.create("p1", "Ann", hash_token("k"))  # the tables are back, empty
        assert rows.ratings("p1") == {} and len(again.load("t1").moves) == 2
    finally:
        again.close()


def test_a_newcomer_rating_against_a_rated_bot_moves() -> None:
    (after,) = [
        r
        for r in settle(
            "keezbord", [Seat(player="a"), Seat(bot="hard")], (1, 2), set(), ((0,), (1,)), BOTS
        ).after.values()
    ]
    assert after.mu > NEWCOMER.mu + 1 and after.sigma < NEWCOMER.sigma
    assert Rating(25, 1).low < 25 < Rating(25, 1).high


def test_names_that_read_the_same_are_one_name_and_long_foldings_fit(store: Store) -> None:
    rows = PlayerRows(store.engine)
    rows.create("p1", "ß" * 40, hash_token("k1"))  # folds to 80 letters: still stored
    rows.create("p2", "Ａnn", hash_token("k2"))  # a full-width A
    for taken in ("ẞ" * 40, "ß" * 20 + "ẞ" * 20, "ann", "ANN"):  # ẞ: a capital sharp s
        with pytest.raises(Refused, match="taken"):
            rows.create("p3", taken, hash_token("k3"))
    with pytest.raises(Refused, match="taken"):
        rows.update("p2", "ẞ" + "ß" * 39, None)
    assert rows.by_id("p3") is None and rows.by_id("p2").name == "Ａnn"


def test_a_game_abandoned_while_a_bot_was_to_move_is_settled_uncounted_once(store: Store) -> None:
    """Nobody to blame: no place, no rating, and it leaves the tables still to settle."""
    players = players_of(store, abandon_after=3600.0)
    ann = new_player(players.rows, "Ann")
    finished_table(store, "t1", [NORMAL, HUMAN], finish=False, updated_at=1.0)  # seat 0 to move
    players.rows.seat("t1", 1, ann, "keezbord", "s1")
    assert players.rows.unsettled(10, idle_before=2.0) == ["t1"]
    made, row = players.settle_now("t1")
    assert made is not None and not made.rated and row is not None and not row["rated"]
    assert "abandoned while a bot was to move" in row["note"]
    assert players.rows.unsettled(10, idle_before=2.0) == []
    assert players.rows.ratings(ann) == {}
    (game,) = players.rows.games(ann, 10)
    assert game["settled_at"] is not None and game["place"] is None and game["places"] == []
    assert players.settle_now("t1")[0] is None  # once


def test_a_game_that_cannot_be_replayed_is_settled_uncounted(store: Store) -> None:
    players = players_of(store)
    ann = new_player(players.rows, "Ann")
    finished_table(store, "t1", [HUMAN, NORMAL])
    with store.engine.begin() as conn:
        conn.execute(sa.text("UPDATE gt_tables SET game = 'nosuchgame' WHERE id = 't1'"))
    players.rows.seat("t1", 0, ann, "keezbord", "s0")
    made, row = players.settle_now("t1")
    assert made is not None and row is not None and not row["rated"]
    assert row["note"].startswith("not counted") and players.rows.ratings(ann) == {}
