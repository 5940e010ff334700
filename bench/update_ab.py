"""Side by side in one process: a move's server work with this tree's code and a git revision's.

``bench/update_cost.py`` times one tree per run, and this shared machine's load moves its figures
by a third and more between two runs.  Here both versions run in one process, taking turns game
by game on the same seeded random games, so that the ratio holds under load.  The revision's
whole package (``git archive REV src/gametable``) is copied into a temporary directory as the
package ``gametable_base`` (every ``gametable`` name in it renamed), so that it imports beside
this tree's ``gametable``, server included.

For each game the work timed per move is what a table does for a move request (the move sent as
its notation, checked and applied on a clone by ``Table.trial`` with the offer of the broadcast
before where the version keeps one, and described for the log) and its ``Table.broadcast`` to
every seat and one spectator (stand-in connections that drop what they are sent), as
``bench/update_cost.py`` times them; CPU time of this thread.  The collector is tuned and the
games frozen as the server does.  The games are the capacity benchmark's mix (Keezbord for 4,
Balam for 2); ``mixed`` is their mean (the benchmark's moves are about half of each).

    .venv/bin/python bench/update_ab.py --base main --games 20
    .venv/bin/python bench/update_ab.py --base main --games 5 --legal   # the legal list alone

Each line: per game kind, the median over the games of the CPU per move of both versions, and
the median and range over the games of each game's ratio tree / base.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import io
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "gametable_base"
#: every use of the package's name in the copied sources (imports, module paths in strings)
_NAME = re.compile(r"\bgametable\b")


def export(rev: str, into: Path) -> None:
    """Copy ``src/gametable`` at ``rev`` into ``into``/gametable_base, renamed."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev, "src/gametable"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts[2:]  # below src/gametable
            if not parts or not member.isfile():
                continue
            data = tar.extractfile(member)
            assert data is not None
            target = into.joinpath(PACKAGE, *parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            raw = data.read()
            if target.suffix == ".py":
                raw = _NAME.sub(PACKAGE, raw.decode()).encode()
            target.write_bytes(raw)


class Sink:
    """A connection that keeps nothing of what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat

    def send(self, message: Any) -> None:
        pass


class Version:
    """One version's games and server tables."""

    def __init__(self, package: str) -> None:
        self.name = package
        self.load_game = importlib.import_module(f"{package}.core.registry").load_game
        tables = importlib.import_module(f"{package}.server.tables")
        self.Table, self.LogEntry = tables.Table, tables.LogEntry
        self.memory: ModuleType = importlib.import_module(f"{package}.server.memory")

    def play(self, name: str, players: int, seed: int) -> list[tuple[Any, int, str]]:
        """The positions of one seeded random game: (state after the move, seat, notation)."""
        state = self.load_game(name).new_game(players, seed=seed)
        rng = random.Random(seed)
        out = []
        while not state.is_over:
            seat = state.to_move[0]
            action = rng.choice(state.legal_actions(seat))
            state = state.clone()
            state.apply(action, seat)
            out.append((state, seat, str(action)))
        return out

    def time_game(self, name: str, players: int, seed: int, moves: list[Any]) -> float:
        """CPU seconds per move of a move's request and broadcast along ``moves``."""
        game = self.load_game(name)
        table = self.Table.apart(game, players, seed, id=f"t{seed}")
        table.connections = {Sink(s) for s in [*range(players), None]}
        from_offer = getattr(table, "from_offer", None)
        spent = 0.0
        for n, (state, seat, notation) in enumerate(moves, 1):
            t0 = time.thread_time()
            offered = None if from_offer is None else from_offer(seat, notation)
            _, parsed = table.trial(seat, notation)
            text = offered[1] if offered is not None else table.state.describe(parsed, seat)
            spent += time.thread_time() - t0
            table.state = state  # the position the seeded game reached (the same one)
            table.log.append(self.LogEntry(n, seat, notation, text))
            t0 = time.thread_time()
            table.broadcast()
            spent += time.thread_time() - t0
        return spent / len(moves)


def legal_lists(tree: Version, base: Version, games: int, first: int, rounds: int = 30) -> None:
    """The mover's legal list as an update carries it (``Table.legal_text``) alone, at every
    position of ``games`` seeded games (listed and described once before, so that the games'
    own lists and the kept texts are warm), both versions taking turns ``rounds`` times."""
    print("# the mover's legal list alone (Table.legal_text); us a position, medians over rounds")
    print("# game          base     tree   tree/base [range over the rounds]")
    for name, players in (("keezbord", 4), ("balam", 2)):
        tables = {}
        for v in (tree, base):
            positions = [
                s for seed in range(first, first + games) for s, _, _ in v.play(name, players, seed)
            ]
            table = v.Table.apart(v.load_game(name), players, first, positions[0], id="legal")
            tables[v.name] = (table, positions)
        gc.collect()
        gc.freeze()
        spent: dict[str, list[float]] = {"gametable": [], PACKAGE: []}
        for r in range(rounds + 1):
            for v in (tree, base) if r % 2 else (base, tree):
                table, positions = tables[v.name]
                t0 = time.thread_time()
                for state in positions:
                    table.state = state
                    table.legal_text(state.to_move[0] if state.to_move else None)
                if r:  # (the first round warms up)
                    spent[v.name].append((time.thread_time() - t0) / len(positions) * 1e6)
        ratios = [t / b for t, b in zip(spent["gametable"], spent[PACKAGE], strict=True)]
        print(
            f"  {name + f' {players}p':<12}  {statistics.median(spent[PACKAGE]):>7.1f}"
            f"  {statistics.median(spent['gametable']):>7.1f}   {statistics.median(ratios):.3f}"
            f" [{min(ratios):.3f}, {max(ratios):.3f}]"
        )
        gc.unfreeze()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="the git revision to compare with")
    parser.add_argument("--games", type=int, default=20, help="seeded games per game kind")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument(
        "--legal", action="store_true", help="instead: the mover's legal list alone, per position"
    )
    args = parser.parse_args()
    sha = subprocess.run(
        ["git", "rev-parse", "--short", args.base], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    with tempfile.TemporaryDirectory() as tmp:
        export(args.base, Path(tmp))
        sys.path.insert(0, tmp)
        tree, base = Version("gametable"), Version(PACKAGE)
        tree.memory.tune()  # (one collector: both modules set the same threshold)
        if args.legal:
            print(f"# base: {args.base} ({sha.strip()}); {args.games} seeded random games each")
            legal_lists(tree, base, args.games, args.first_seed)
            return
        print(f"# tree: {importlib.import_module('gametable').__file__}")
        print(f"# base: {args.base} ({sha.strip()}); {args.games} seeded random games each,")
        print("# taking turns game by game; us of CPU per move (request + broadcast), medians")
        print("# game          base     tree   tree/base [range over the games]")
        mixed: dict[str, list[float]] = {"base": [], "tree": []}
        for name, players in (("keezbord", 4), ("balam", 2)):
            spent: dict[str, list[float]] = {"base": [], "tree": []}
            ratios = []
            for i, seed in enumerate(range(args.first_seed, args.first_seed + args.games)):
                games = {v.name: v.play(name, players, seed) for v in (tree, base)}
                gc.collect()
                gc.freeze()  # as the server does every second
                order = (tree, base) if i % 2 else (base, tree)
                got = {v.name: v.time_game(name, players, seed, games[v.name]) for v in order}
                spent["tree"].append(got["gametable"] * 1e6)
                spent["base"].append(got[PACKAGE] * 1e6)
                ratios.append(got["gametable"] / got[PACKAGE])
                del games
                gc.unfreeze()
            med = {k: statistics.median(v) for k, v in spent.items()}
            for k in mixed:
                mixed[k].append(med[k])
            print(
                f"  {name + f' {players}p':<12}  {med['base']:>7.1f}  {med['tree']:>7.1f}"
                f"   {statistics.median(ratios):.3f} [{min(ratios):.3f}, {max(ratios):.3f}]"
            )
        b, t = statistics.mean(mixed["base"]), statistics.mean(mixed["tree"])
        print(f"  mixed        {b:>7.1f}  {t:>7.1f}   {t / b:.3f}")


if __name__ == "__main__":
    main()
