"""The players' part of the database under load: settling finished games, finding the ones to
settle among many games in progress, and reading a player's page and a ladder.

A store (SQLite in a temporary folder, or ``--database-url``) gets ``--players`` players, each
seated at ``--finished`` finished two-seat Keezbord tables against the ``normal`` bot and at
``--playing`` tables still in play.  Then, timed:

- the background task's query for tables to settle (:meth:`PlayerRows.unsettled`), among all
  the seats in play;
- settling every finished table, one after the other (:meth:`Players.settle_now`, each one
  transaction): settlements per second;
- a player's page (its ratings and newest 100 games) and a game's ladder, each read 200 times.

    .venv/bin/python bench/players.py --players 200 --finished 10 --playing 20
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

from gametable.core.registry import load_game
from gametable.server.players import SETTLE_BATCH, Players
from gametable.server.ratings import BotRatings
from gametable.server.schema import StoredTable
from gametable.server.seats import hash_token
from gametable.server.store import Store

GAME = "keezbord"
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "normal"}]


def short_game(seed: int) -> list[tuple[int, str]]:
    """The moves of a Keezbord game of two seats ended after two turns each."""
    state = load_game(GAME).new_game(2, seed=seed, options={"max_turns": 4})
    moves = []
    while not state.is_over:
        seat = state.to_move[0]
        action = state.legal_actions(seat)[0]
        moves.append((seat, str(action)))
        state.apply(action, seat)
    return moves


def add_table(store: Store, table_id: str, seed: int, moves: list[tuple[int, str]]) -> None:
    now = time.time()
    store.create_table(
        StoredTable(
            table_id, GAME, load_game(GAME).version, 2, seed, {"max_turns": 4}, SEATS,
            "playing", None, None, now, now, [],
        )
    )  # fmt: skip
    for n, (seat, notation) in enumerate(moves, 1):
        status = "over" if n == len(moves) else "playing"
        store.append_move(table_id, n, seat, notation, notation, status)


def timed(run: Callable[[], object], times: int) -> str:
    took = []
    for _ in range(times):
        started = time.perf_counter()
        run()
        took.append((time.perf_counter() - started) * 1000)
    return f"median {statistics.median(took):.2f} ms, max {max(took):.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--finished", type=int, default=10, help="finished tables per player")
    parser.add_argument("--playing", type=int, default=20, help="tables in play per player")
    parser.add_argument("--database-url", help="default: SQLite in a temporary folder")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-players-")
    store = Store(args.database_url or f"sqlite:///{Path(folder) / 'gametable.sqlite3'}")
    manager = SimpleNamespace(
        store=store, settings=SimpleNamespace(abandon_after=3 * 24 * 3600.0), rematched=[]
    )
    players = Players(manager, BotRatings.packaged())  # type: ignore[arg-type]
    games = [short_game(seed) for seed in range(20)]
    started = time.perf_counter()
    finished = []
    for p in range(args.players):
        players.rows.create(f"p{p}", f"Player {p}", hash_token(f"key-{p}"))
        for t in range(args.finished + args.playing):
            table_id = f"t{p}x{t}"
            seed = (p + t) % len(games)
            done = t < args.finished
            add_table(store, table_id, seed, games[seed] if done else games[seed][:1])
            players.rows.seat(table_id, 0, f"p{p}", GAME, "salt")
            if done:
                finished.append(table_id)
    print(
        f"{args.players} players, {len(finished)} finished tables and "
        f"{args.players * args.playing} in play, made in {time.perf_counter() - started:.0f} s"
    )
    before = time.time() - 3 * 24 * 3600.0
    print(
        "tables to settle (the query):",
        timed(lambda: players.rows.unsettled(SETTLE_BATCH, before), 20),
    )
    started = time.perf_counter()
    for table_id in finished:
        players.settle_now(table_id)
    took = time.perf_counter() - started
    print(f"settled {len(finished)} tables in {took:.1f} s: {len(finished) / took:.0f} per second")
    print(
        "after: tables to settle:", timed(lambda: players.rows.unsettled(SETTLE_BATCH, before), 20)
    )
    page = lambda: (players.rows.ratings("p0"), players.rows.games("p0", 100))  # noqa: E731
    print("a player's page:", timed(page, 200))
    print("a ladder (200 rows):", timed(lambda: players.rows.ladder(GAME, 1, 200), 200))
    store.close()


if __name__ == "__main__":
    main()
