"""Build the optional compiled engines (mypyc) beside the pure-Python package, and check them.

    .venv/bin/pip install -e '.[compiled]'        # mypy (which ships mypyc) and a C compiler
    .venv/bin/python bench/build_compiled.py       # build into build/compiled/
    .venv/bin/python bench/build_compiled.py --check-only   # check an existing build again
    .venv/bin/python bench/build_compiled.py --only balam   # the kernel and one game (quicker)

The pure-Python package stays the reference and the default: ``pip install -e .`` needs no
compiler, and nothing under ``src/`` changes.  This script copies ``gametable``'s kernel and
the games' engines (``core/``, ``__init__.py``, each game's modules and ``data/``, not the parts it
declares for the layers above) into ``build/compiled/gametable_compiled/``,
renaming the package in their imports, and compiles the modules listed under
``[tool.gametable.compiled]`` in ``pyproject.toml`` with mypyc; the other copied modules run
interpreted.  Under another name the compiled copy imports beside ``gametable`` in one process,
so ``bench/engines.py`` times both in the same alternating slices (its ``compiled`` columns).

After building, the script checks the compiled copy (``--check-only`` checks again):

1. the conformance checks of :mod:`gametable.core.conformance` (the compiled copy's own) pass
   for every compiled game and player count, on a few seeds;
2. the compiled games play exactly as the pure-Python ones: the same seeded random games give
   the same legal actions at every step, the same outcomes and the same final positions.

A record of the sources it was built from lets ``bench/engines.py`` refuse a stale build.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import random
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import gametable

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "gametable"
DEFAULT_OUT = ROOT / "build" / "compiled"
PACKAGE = "gametable_compiled"
#: what is copied from ``src/gametable``: the kernel and the games' engines (which import nothing
#: else); a game's sub-packages (its parts for the layers above: bots, answers, rulebook, web)
#: are not copied, the compiled copy never imports them
COPIED = ("__init__.py", "py.typed", "core", "games")
#: inside a game's package, the one sub-folder that belongs to its engine (decks and boards)
ENGINE_DATA = "data"
#: the file, inside the copied package, recording what it was built from
MANIFEST = "BUILT_FROM.json"
#: the file, inside the copied package, naming the modules compiled (``--only`` compiles fewer)
COMPILED_LIST = "COMPILED.json"
_IMPORTS = re.compile(r"\bgametable(?=\.(?:core|games)\b| import\b|$)", re.MULTILINE)


def compiled_modules(only: str | None = None) -> list[str]:
    """The modules ``[tool.gametable.compiled]`` in ``pyproject.toml`` names (``gametable.x.y``);
    with ``only`` (a game's name), the kernel's and that game's alone."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        config = tomllib.load(fh)
    modules = list(config["tool"]["gametable"]["compiled"]["modules"])
    if only is None:
        return modules
    return [m for m in modules if m.startswith(("gametable.core.", f"gametable.games.{only}."))]


def _part_names() -> set[tuple[str, str]]:
    """``(game, name)`` of each module or folder of a game's package that a declared part
    (``Game.parts``, :mod:`gametable.core.parts`) lives in: the layers above the engine."""
    out = set()
    for game in gametable.game_names():
        for where in gametable.load_game(game).parts.values():
            first = where.split(":")[0].lstrip(".").split(".")[0].split("/")[0]
            out.add((game, first.removesuffix(".py")))
    return out


def _is_copied(relative: Path, parts_of_games: set[tuple[str, str]]) -> bool:
    """Whether a file under ``src/gametable`` belongs to the copy: the kernel, and in ``games/``
    each game's engine modules and its ``data/`` (not its sub-packages, nor a module that
    holds one of its declared parts)."""
    parts = relative.parts
    if "__pycache__" in parts or parts[0] not in COPIED:
        return False
    if parts[0] != "games" or len(parts) <= 2:
        return True
    if len(parts) == 3:
        return (parts[1], relative.stem) not in parts_of_games
    return parts[2] == ENGINE_DATA


def copied_files() -> list[Path]:
    """Every source file copied into the build, as paths under ``src/gametable``."""
    out = []
    for name in COPIED:
        path = SOURCE / name
        files = sorted(path.rglob("*")) if path.is_dir() else [path]
        out += [f.relative_to(SOURCE) for f in files if f.is_file()]
    parts_of_games = _part_names()
    return [f for f in out if _is_copied(f, parts_of_games)]


def source_digest() -> dict[str, str]:
    """The SHA-256 of every copied source file, by path under ``src/gametable``."""
    return {str(f): hashlib.sha256((SOURCE / f).read_bytes()).hexdigest() for f in copied_files()}


def copy_sources(package: Path) -> None:
    """Copy the kernel and the games' engines into ``package``, renaming ``gametable`` in
    imports."""
    if package.exists():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for relative in copied_files():
        target = package / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(SOURCE / relative, target)
    for path in package.rglob("*.py"):
        path.write_text(_IMPORTS.sub(PACKAGE, path.read_text()))


def compile_modules(out: Path, modules: list[str]) -> None:
    """Run mypyc over ``modules`` (names in ``gametable``) in the copy under ``out``."""
    paths = [
        str(Path(PACKAGE, *m.split(".")[1:]).with_suffix(".py"))
        for m in modules
        if m.startswith("gametable.")
    ]
    setup = (
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"setup(name={PACKAGE!r}, ext_modules=mypycify({paths!r}, opt_level='3'), "
        "script_args=['build_ext', '--inplace'])\n"
    )
    subprocess.run([sys.executable, "-c", setup], cwd=out, check=True)


def build(out: Path, only: str | None = None) -> None:
    package = out / PACKAGE
    copy_sources(package)
    # the digest is taken before compiling, so the record names exactly what was compiled
    digest = source_digest()
    modules = compiled_modules(only)
    compile_modules(out, modules)
    (package / COMPILED_LIST).write_text(json.dumps(modules, indent=1))
    (package / MANIFEST).write_text(json.dumps(digest, indent=1, sort_keys=True))


def stale_files(out: Path = DEFAULT_OUT) -> list[str] | None:
    """Source files changed since the build under ``out`` (``None``: there is no build)."""
    manifest = out / PACKAGE / MANIFEST
    if not manifest.exists():
        return None
    built = json.loads(manifest.read_text())
    now = source_digest()
    return sorted(k for k in built.keys() | now.keys() if built.get(k) != now.get(k))


def import_compiled(out: Path = DEFAULT_OUT) -> Any:
    """The compiled package under ``out``, imported (its directory goes first on ``sys.path``)."""
    if str(out) not in sys.path:
        sys.path.insert(0, str(out))
    return importlib.import_module(PACKAGE)


def built_modules(out: Path = DEFAULT_OUT) -> list[str]:
    """The modules the build under ``out`` compiled (as ``gametable.x.y``)."""
    recorded = out / PACKAGE / COMPILED_LIST
    if not recorded.exists():  # a build made before the list was recorded: all of them
        return compiled_modules()
    return list(json.loads(recorded.read_text()))


def compiled_games(package: Any) -> list[str]:
    """The games that have a compiled module in the build ``package`` was imported from."""
    modules = built_modules(Path(package.__file__).resolve().parent.parent)
    names = {m.split(".")[2] for m in modules if m.startswith("gametable.games.")}
    return sorted(names & set(package.game_names()))


def fingerprint(gametable_pkg: Any, name: str, players: int, seed: int) -> list[Any]:
    """A seeded random game's legal actions (as text) at every step, and its outcome."""
    state = gametable_pkg.load_game(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    steps: list[Any] = []
    while state.to_move:
        seat = rng.choice(state.to_move)
        legal = state.legal_actions(seat)
        steps.append([seat, [str(a) for a in legal]])
        state.apply(rng.choice(legal), seat)
    outcome = state.outcome
    steps.append(outcome.to_json() if outcome is not None else None)
    steps.append(state.to_json())
    return steps


def check(out: Path, seeds: int, deep_every: int) -> int:
    """Conformance of the compiled games and sameness with the pure-Python ones; 0 if all pass."""
    package = import_compiled(out)
    conformance = importlib.import_module(f"{PACKAGE}.core.conformance")
    games = compiled_games(package)  # (imports every game)
    extensions = [m for m in sys.modules if m.startswith(PACKAGE) and _is_extension(m)]
    print(f"{PACKAGE}: {len(extensions)} compiled modules loaded; checking {', '.join(games)}")
    failures = 0
    for name in games:
        game = package.load_game(name)
        for players in game.player_counts:
            for seed in range(seeds):
                try:
                    conformance.check_playout(game, players, seed, deep_every=deep_every)
                except conformance.ConformanceError as error:
                    print(f"FAIL conformance {name} {players}p seed {seed}: {error}")
                    failures += 1
                if fingerprint(package, name, players, seed) != fingerprint(
                    gametable, name, players, seed
                ):
                    print(f"FAIL {name} {players}p seed {seed} plays differently when compiled")
                    failures += 1
        print(f"{name}: checked {len(game.player_counts)} player counts x {seeds} seeds")
    print("check: " + ("FAILED" if failures else "the compiled games conform and play the same"))
    return 1 if failures else 0


def _is_extension(module_name: str) -> bool:
    path = getattr(sys.modules[module_name], "__file__", "") or ""
    return path.endswith((".so", ".pyd"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="build directory")
    parser.add_argument("--seeds", type=int, default=2, help="seeds per player count to check")
    parser.add_argument(
        "--deep-every", type=int, default=5, help="conformance: deep checks every N decisions"
    )
    parser.add_argument("--check-only", action="store_true", help="check an existing build")
    parser.add_argument(
        "--only",
        metavar="GAME",
        help="compile (and check) the kernel's modules and this game's alone, the other games "
        "running interpreted in the copy: a quicker build while working on one game",
    )
    args = parser.parse_args()
    out = args.out.resolve()
    if not args.check_only:
        out.mkdir(parents=True, exist_ok=True)
        build(out, args.only)
    stale = stale_files(out)
    if stale is None:
        print(f"no compiled build in {out}")
        return 2
    if stale:
        print(f"the build in {out} is stale ({stale[0]} changed, ...): build it again")
        return 2
    return check(out, args.seeds, args.deep_every)


if __name__ == "__main__":
    sys.exit(main())
