"""Side by side in one process: the engines of this working tree against those of a git revision.

Speed changes to an engine are a few per cent at a time, and this shared machine's load moves
figures by more than that between two runs.  So both versions run in one process, taking turns in
short slices of CPU time (``time.process_time``), the way ``bench/engines.py`` times gametable
against OpenSpiel:

    .venv/bin/python bench/ab.py --base main --game keezbord --players 2 --players 4

The revision's kernel and games (``src/gametable/{__init__.py,core,games}``, read with
``git archive``) are copied into a temporary directory as the package ``gametable_base`` (imports
renamed), so they import beside the working tree's ``gametable``.  Both run pure Python: the
script sets ``GAMETABLE_PURE=1`` before importing gametable (``bench/engines.py`` compares the
compiled engines).  Each measurement prints the decisions per CPU second of both and
their ratio; the last line gives the median ratio and the range over the measurements.

Both versions play the same seeded random games through the checking ``apply`` (``--unchecked``:
``apply_unchecked``), so a behaviour-preserving change plays exactly the same decisions.

``--same SEEDS`` checks first that the two versions play alike, through the public protocol: on
``SEEDS`` seeded random games per player count, the legal actions in their order and every
seat's view (and the spectator's) at every step, positions (``to_json``) and event counts; then
as many games again in which nothing looks at the state between moves (views only now and
then, positions at the end), so that work an engine defers until someone looks is checked too.
It stops at the first difference (exit status 1).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

os.environ["GAMETABLE_PURE"] = "1"  # both sides pure Python, before gametable is imported

import engines  # bench/engines.py, beside this script

import gametable

PACKAGE = "gametable_base"
ROOT = Path(__file__).resolve().parent.parent
#: what is copied from the revision's ``src/gametable``: the kernel, the games, the engine chooser
COPIED = ("__init__.py", "py.typed", "core", "games", "compiled")
_IMPORTS = re.compile(r"\bgametable(?=\.(?:core|games|compiled)\b| import\b|$)", re.MULTILINE)


def export_revision(rev: str, into: Path) -> Any:
    """Copy the kernel and the games at ``rev`` into ``into``/gametable_base and import them."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev, "src/gametable"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    package = into / PACKAGE
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts[2:]  # below src/gametable
            if not parts or parts[0] not in COPIED or not member.isfile():
                continue
            data = tar.extractfile(member)
            assert data is not None
            target = package.joinpath(*parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            raw = data.read()
            if target.suffix == ".py":
                raw = _IMPORTS.sub(PACKAGE, raw.decode()).encode()
            target.write_bytes(raw)
    sys.path.insert(0, str(into))
    return importlib.import_module(PACKAGE)


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def differences(tree: Any, base: Any, players: int, seeds: int) -> str | None:
    """Play both versions side by side (see ``--same``); the first difference, or None."""
    for blind in (False, True):
        for seed in range(seeds):
            a = tree.new_game(players, seed=seed + 1000 * blind)
            b = base.new_game(players, seed=seed + 1000 * blind)
            rng = random.Random(seed)
            step = 0
            while True:
                where = f"{players} players, seed {seed}, step {step}{' (blind)' if blind else ''}"
                if not blind or step % 9 == 0 or not a.to_move:
                    for seat in [None, *range(players)]:
                        if _text(a.view(seat)) != _text(b.view(seat)):
                            return f"{where}: the view of seat {seat} differs"
                    if _text(a.to_json()) != _text(b.to_json()):
                        return f"{where}: the positions differ"
                if a.event_counts() != b.event_counts():
                    return f"{where}: the event counts differ"
                if tuple(a.to_move) != tuple(b.to_move):
                    return f"{where}: to_move differs"
                if not a.to_move:
                    break
                moving = a.to_move
                seat = moving[0] if len(moving) == 1 else rng.choice(moving)
                listed = a.legal_actions(seat)
                if [str(x) for x in listed] != [str(x) for x in b.legal_actions(seat)]:
                    return f"{where}: the legal actions of seat {seat} differ"
                pick = rng.randrange(len(listed))
                if step % 7 == 3:  # now and then as text
                    a.apply(str(listed[pick]), seat)
                    b.apply(str(listed[pick]), seat)
                else:
                    a.apply(listed[pick], seat)
                    b.apply(b.legal_actions(seat)[pick], seat)
                step += 1
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="the git revision to compare against")
    parser.add_argument("--game", action="append", default=None, help="repeatable; default: all")
    parser.add_argument(
        "--players", type=int, action="append", default=None, help="repeatable; default: 2 and 4"
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per version")
    parser.add_argument("--slice", type=float, default=0.25, help="CPU seconds of one turn")
    parser.add_argument("--repeat", type=int, default=5, help="measurements (median shown)")
    parser.add_argument("--unchecked", action="store_true", help="time apply_unchecked")
    parser.add_argument(
        "--same", type=int, default=0, metavar="SEEDS", help="first check that both play alike"
    )
    args = parser.parse_args()
    if args.seconds <= 0 or args.slice <= 0 or args.repeat < 1:
        parser.error("--seconds, --slice and --repeat must be positive")
    names = args.game or list(gametable.game_names())
    unknown = sorted(set(names) - set(gametable.game_names()))
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; choose from {gametable.game_names()}")
    with tempfile.TemporaryDirectory(prefix="gametable-ab-") as tmp:
        try:
            base = export_revision(args.base, Path(tmp))
        except subprocess.CalledProcessError as err:
            parser.error(f"cannot read revision {args.base!r}: {err.stderr.decode().strip()}")
        print(
            f"working tree against {args.base}; CPU time, {args.repeat} measurements of "
            f"{args.seconds:g} s per version in {args.slice:g} s slices taken in turn; "
            f"{'apply_unchecked' if args.unchecked else 'apply'}"
        )
        print(f"{'game':<10}{'p':>2} {'base dec/s':>11} {'tree dec/s':>11}  tree/base [range]")
        for name in names:
            game, old = gametable.load_game(name), base.load_game(name)
            for players in args.players or list(engines.DEFAULT_PLAYERS):
                if players not in game.player_counts:
                    print(f"{name:<10}{players:>2}  ({name} is not played by {players})")
                    continue
                if args.same:
                    found = differences(game, old, players, args.same)
                    if found is not None:
                        print(f"{name:<10}{players:>2}  NOT THE SAME: {found}")
                        return 1
                    print(f"{name:<10}{players:>2}  the same on {2 * args.same} seeded games")
                runners: list[engines.Runner] = [
                    engines.GametableRunner(old, players, trusted=args.unchecked),
                    engines.GametableRunner(game, players, trusted=args.unchecked),
                ]
                runs = engines.measure(runners, args.seconds, args.slice, args.repeat)
                ratios = [run[1].rate / run[0].rate for run in runs]
                print(
                    f"{name:<10}{players:>2} {statistics.median(r[0].rate for r in runs):>11,.0f}"
                    f" {statistics.median(r[1].rate for r in runs):>11,.0f}"
                    f"  {statistics.median(ratios):.3f}x [{min(ratios):.3f}-{max(ratios):.3f}]",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
