"""CPU per move of what a server makes for a move's sockets, in process, per game.

Replays seeded random games through a real :class:`~gametable.server.tables.Table` whose every
seat and one spectator are "connected" (stand-in connections that drop what they are sent), and
times, at every move, what ``Table.broadcast`` does for it (each seat's and the spectators'
``update`` text: views, patches, the mover's legal list), and apart from it the parts:

- ``views``: every seat's view and the spectator's, one ``view(seat)`` call each;
- ``views together``: the same views from ``State.views`` (the public part built once; where the
  tree has no ``State.views``, the same as ``views``);
- ``legal``: the mover's legal list as an update carries it, JSON text (``Table.legal_text``;
  where the tree has none, ``Table.legal_for`` encoded);
- ``apply``: what ``Table.act`` does before the store and the broadcast, the move sent as its
  notation: checked and applied on a clone (``Table.trial``) and described for the log (with
  the offer of the broadcast before, where the tree keeps one: ``Table.from_offer``).

The collector is set as the server sets it (``gametable.server.memory.tune``: the young
generation collected every 20,000 allocations) and what is alive is frozen before each game is
timed, as the server freezes it every second: else its collections, scanning every position of
the games kept for the run, take a third to a half of the time measured.

CPU time of this thread (``time.thread_time``), in microseconds per move, for each game; the
games are the capacity benchmark's mix (Keezbord for 4, Balam for 2).  Run it against another
tree with ``PYTHONPATH=/other/tree/src`` to compare versions (the figures print the tree used):

    .venv/bin/python bench/update_cost.py --games 20
    PYTHONPATH=/tmp/base/src .venv/bin/python bench/update_cost.py --games 20

``--memory 200`` prints instead the Python memory each table holds (``tracemalloc``) after 60
moves broadcast, with whatever the version keeps from one move to the next.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc
from typing import Any

import msgspec

import gametable
from gametable.core.registry import load_game
from gametable.server import memory
from gametable.server.tables import LogEntry, Table

encode = msgspec.json.Encoder().encode


class Sink:
    """A connection that keeps nothing of what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat

    def send(self, message: Any) -> None:
        pass


def play(name: str, players: int, seed: int) -> list[tuple[Any, int, Any]]:
    """The positions of one seeded random game: (state after the move, seat, action)."""
    state = load_game(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        state = state.clone()
        state.apply(action, seat)
        out.append((state, seat, action))
    return out


def measure(name: str, players: int, seeds: range) -> dict[str, list[float]]:
    """Microseconds per move of each part, one figure per game."""
    game = load_game(name)
    out: dict[str, list[float]] = {
        "broadcast": [],
        "views": [],
        "together": [],
        "legal": [],
        "apply": [],
    }
    seats: list[int | None] = [*range(players), None]
    for seed in seeds:
        moves = play(name, players, seed)
        gc.collect()
        gc.freeze()  # as the server does every second: the collector does not scan the game
        table = Table.apart(game, players, seed, id=f"t{seed}")
        table.connections = {Sink(s) for s in seats}  # type: ignore[misc]
        legal_text = getattr(table, "legal_text", None)
        from_offer = getattr(table, "from_offer", None)
        spent = applying = 0.0
        for n, (state, seat, action) in enumerate(moves, 1):
            notation = str(action)
            t0 = time.thread_time()
            offered = None if from_offer is None else from_offer(seat, notation)
            after, parsed = table.trial(seat, notation)
            text = offered[1] if offered is not None else table.state.describe(parsed, seat)
            applying += time.thread_time() - t0
            assert encode(after.to_json()) == encode(state.to_json())
            table.state = state
            table.log.append(LogEntry(n, seat, notation, text))
            t0 = time.thread_time()
            table.broadcast()
            spent += time.thread_time() - t0
        out["broadcast"].append(spent / len(moves) * 1e6)
        out["apply"].append(applying / len(moves) * 1e6)
        parts = {"views": 0.0, "together": 0.0, "legal": 0.0}
        for state, _, _ in moves:
            fresh = state.clone()  # nothing cached from the broadcast's turn
            t0 = time.thread_time()
            for s in seats:
                fresh.view(s)
            t1 = time.thread_time()
            views = getattr(fresh, "views", None)
            if views is not None:
                views(seats)
            else:
                for s in seats:
                    fresh.view(s)
            t2 = time.thread_time()
            table.state = fresh
            mover = fresh.to_move[0] if fresh.to_move else None
            if legal_text is not None:
                legal_text(mover)
            else:
                encode(table.legal_for(mover))
            t3 = time.thread_time()
            parts["views"] += t1 - t0
            parts["together"] += t2 - t1
            parts["legal"] += t3 - t2
        for key, spent in parts.items():
            out[key].append(spent / len(moves) * 1e6)
    return out


def held(name: str, players: int, tables: int, moves: int) -> float:
    """Bytes of Python memory held per table (``tracemalloc``) by ``tables`` tables of seeded
    games, each after ``moves`` moves broadcast to every seat and a spectator: the state, the
    log, the fingerprints and whatever a version keeps between moves."""
    game = load_game(name)
    seats: list[int | None] = [*range(players), None]
    kept = []
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for seed in range(1, tables + 1):
        table = Table.apart(game, players, seed, id=f"m{seed}")
        state = table.state
        table.connections = {Sink(s) for s in seats}  # type: ignore[misc]
        rng = random.Random(seed)
        for n in range(1, moves + 1):
            if state.is_over:
                break
            seat = state.to_move[0]
            action = rng.choice(state.legal_actions(seat))
            text = state.describe(action, seat)
            state = state.clone()
            state.apply(action, seat)
            table.state = state
            table.log.append(LogEntry(n, seat, str(action), text))
            table.broadcast()
        kept.append(table)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per game (20)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument(
        "--memory",
        type=int,
        default=0,
        metavar="TABLES",
        help="instead: the memory held per table by this many tables after --moves moves each",
    )
    parser.add_argument("--moves", type=int, default=60, help="moves per table for --memory")
    args = parser.parse_args()
    if args.memory:
        print(f"# tree: {gametable.__file__}")
        print(f"# {args.memory} tables each, {args.moves} moves broadcast to every seat and a")
        print("# spectator; Python memory held (tracemalloc) per table")
        for name, players in (("keezbord", 4), ("balam", 2)):
            per = held(name, players, args.memory, args.moves)
            print(f"  {name} {players}p  {per / 1024:>8.1f} KiB")
        return
    print(f"# tree: {gametable.__file__}")
    memory.tune()
    print(f"# {args.games} seeded random games each; us of CPU per move (median over the games)")
    print("# game         moves/game  broadcast   views  views together   legal   apply")
    for name, players in (("keezbord", 4), ("balam", 2)):
        seeds = range(args.first_seed, args.first_seed + args.games)
        got = measure(name, players, seeds)
        moves = statistics.mean(len(play(name, players, s)) for s in seeds[:3])
        med = {k: statistics.median(v) for k, v in got.items()}
        print(
            f"  {name} {players}p  {moves:>10.0f}  {med['broadcast']:>9.1f}  {med['views']:>6.1f}"
            f"  {med['together']:>14.1f}  {med['legal']:>6.1f}  {med['apply']:>6.1f}"
        )


if __name__ == "__main__":
    main()
