"""Which engine runs (:mod:`gametable.compiled`): a build is used only when it was made from the
sources beside it for this Python; otherwise pure Python, with one warning for a stale build; and
the commands people run give the same results with either engine."""

from __future__ import annotations

import importlib.machinery
import json
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import gametable
import gametable.compiled as compiled
from gametable.compiled import Engine, Manifest, StaleBuildWarning

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def fake_build(folder: Path, package: Path, sources: dict[str, str]) -> None:
    """A build folder whose manifest names one module and the given sources' digests."""
    (folder / "gametable" / "core").mkdir(parents=True)
    (folder / "gametable" / "core" / f"rng{SUFFIX}").write_bytes(b"")
    manifest = Manifest({"gametable.core.rng": f"gametable/core/rng{SUFFIX}"}, SUFFIX, sources)
    (folder / compiled.MANIFEST).write_text(json.dumps(manifest.to_json()))


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A package folder with one source file."""
    folder = tmp_path / "pkg"
    (folder / "core").mkdir(parents=True)
    (folder / "core" / "rng.py").write_text("X = 1\n")
    return folder


def sources(package: Path) -> dict[str, str]:
    """The digests a build of ``package`` records: its source and the build's own."""
    return compiled.digest(["core/rng.py", *compiled.BUILD_SOURCES], package)


def test_a_build_of_the_same_sources_is_usable(tmp_path: Path, package: Path) -> None:
    fake_build(tmp_path / "build", package, sources(package))
    manifest = Manifest.read(tmp_path / "build")
    assert manifest is not None
    assert compiled.unusable(manifest, tmp_path / "build", package) is None


def test_a_source_edited_after_the_build_makes_it_stale(tmp_path: Path, package: Path) -> None:
    fake_build(tmp_path / "build", package, sources(package))
    (package / "core" / "rng.py").write_text("X = 2\n")
    manifest = Manifest.read(tmp_path / "build")
    assert manifest is not None
    assert compiled.unusable(manifest, tmp_path / "build", package) == (
        "core/rng.py changed since it was built"
    )


def test_a_build_for_another_python_is_not_used(tmp_path: Path, package: Path) -> None:
    fake_build(tmp_path / "build", package, sources(package))
    data = json.loads((tmp_path / "build" / compiled.MANIFEST).read_text())
    data["suffix"] = ".cpython-27-other.so"
    (tmp_path / "build" / compiled.MANIFEST).write_text(json.dumps(data))
    manifest = Manifest.read(tmp_path / "build")
    assert manifest is not None
    reason = compiled.unusable(manifest, tmp_path / "build", package)
    assert reason is not None and reason.startswith("it was built for another Python")


def test_a_build_made_without_the_weak_reference_fix_is_stale(
    tmp_path: Path, package: Path
) -> None:
    """A build of an older ``build-engines`` (its manifest does not name the fix's source) is
    never used: its native classes crash on a weak reference (gametable.compiled.weakrefs)."""
    fake_build(tmp_path / "build", package, compiled.digest(["core/rng.py"], package))
    manifest = Manifest.read(tmp_path / "build")
    assert manifest is not None
    assert compiled.unusable(manifest, tmp_path / "build", package) == (
        "an older gametable build-engines made it, without compiled/weakrefs.py"
    )


def test_a_stale_build_warns_once_and_runs_pure_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chooser over gametable's own sources, with a build made from other ones."""
    own = compiled.digest(list(compiled.BUILD_SOURCES))
    fake_build(tmp_path, tmp_path, {"core/rng.py": "0" * 64, **own})
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        engine = compiled._decide(tmp_path)
    assert engine == Engine(False, "compiled build stale: core/rng.py changed since it was built")
    assert [w.category for w in caught] == [StaleBuildWarning]
    assert "gametable build-engines" in str(caught[0].message)


def test_gametable_pure_forces_pure_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_build(tmp_path, tmp_path, {"core/rng.py": "0" * 64})
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # forced pure Python: no warning about the build
        assert compiled._decide(tmp_path) == Engine(False, "GAMETABLE_PURE=1")


def test_no_build_runs_pure_python_quietly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        engine = compiled._decide(tmp_path / "nothing")
    assert not engine.compiled and engine.why == "not built: gametable build-engines"


def test_the_engine_in_use_is_the_one_the_modules_are() -> None:
    """Compiled: every module the build names is loaded from it; pure: none is."""
    for name in gametable.game_names():
        gametable.load_game(name)
    engine = compiled.engine()
    loaded = compiled.loaded_compiled()
    if engine.compiled:
        assert set(loaded) == set(engine.modules)
    else:
        assert loaded == []


def test_version_says_which_engine_runs() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "gametable.cli", "--version"],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ, GAMETABLE_PURE="1"),
    )
    assert run.stdout.strip() == (
        f"gametable {gametable.__version__}, engines: pure Python (GAMETABLE_PURE=1)"
    )


# -- the same results with either engine ---------------------------------------------------------
def gametable_command(args: list[str], pure: bool, cwd: Path) -> str:
    env = dict(os.environ, GAMETABLE_PURE="1" if pure else "0", COLUMNS="200")
    run = subprocess.run(
        [sys.executable, "-m", "gametable.cli", *args],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=cwd,
    )
    return run.stdout


def compiled_engine_built() -> bool:
    probe = subprocess.run(
        [sys.executable, "-c", "import gametable.compiled as c; print(c.engine().compiled)"],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ, GAMETABLE_PURE="0"),
    )
    return probe.stdout.strip() == "True"


needs_build = pytest.mark.skipif(
    not compiled_engine_built(), reason="no usable compiled build (gametable build-engines)"
)


def without_timings(text: str) -> str:
    """The arena's table without its CPU column (the last), and the progress lines' seconds."""
    text = re.sub(r"│[^│\n]*│\n", "│\n", text)
    return re.sub(r" in \d+ s\b", " in _ s", text)


@needs_build
@pytest.mark.parametrize("game", ["balzakken", "keezbord", "balam"])
def test_the_arena_prints_the_same_with_either_engine(game: str, tmp_path: Path) -> None:
    args = ["arena", game, "-b", "random", "-b", "heuristic", "-n", "4", "-j", "1", "--seed", "5"]
    pure = gametable_command(args, pure=True, cwd=tmp_path)
    assert "score" in pure
    assert without_timings(gametable_command(args, False, tmp_path)) == without_timings(pure)


@needs_build
@pytest.mark.parametrize("game", ["balzakken", "keezbord", "balam"])
def test_simulate_writes_the_same_rows_with_either_engine(game: str, tmp_path: Path) -> None:
    rows = {}
    for pure in (True, False):
        out = tmp_path / ("pure" if pure else "compiled")
        args = ["simulate", game, "-g", "4", "-j", "1", "--seed", "9", "--format", "csv"]
        gametable_command([*args, "--out", str(out)], pure, tmp_path)
        shards = sorted((out / "shards").iterdir())
        assert len(shards) == 4
        rows[pure] = [shard.read_text() for shard in shards]
    assert rows[False] == rows[True]


#: a seeded random game's legal actions at every step, its outcome and last position, as a digest
PLAY_DIGEST = """
import hashlib, json, random, sys
import gametable
game = gametable.load_game(sys.argv[1])
digest = hashlib.sha256()
for players in game.player_counts[:2]:
    for seed in range(3):
        state, rng = game.new_game(players, seed=seed), random.Random(seed)
        while state.to_move:
            seat = rng.choice(state.to_move)
            legal = state.legal_actions(seat)
            digest.update(repr((seat, [str(a) for a in legal])).encode())
            state.apply(rng.choice(legal), seat)
        digest.update(json.dumps([state.outcome.to_json(), state.to_json()], sort_keys=True).encode())
print(gametable.compiled.engine().compiled, digest.hexdigest())
"""


@needs_build
@pytest.mark.parametrize("game", ["balzakken", "keezbord", "balam"])
def test_random_games_list_the_same_actions_with_either_engine(game: str) -> None:
    """Every legal action at every step, the outcomes and the final positions of seeded random
    games are the same with the compiled engines as with the pure-Python ones."""
    out = {}
    for pure in (True, False):
        run = subprocess.run(
            [sys.executable, "-c", PLAY_DIGEST, game],
            capture_output=True,
            text=True,
            check=True,
            env=dict(os.environ, GAMETABLE_PURE="1" if pure else "0"),
        )
        out[pure] = run.stdout.split()
    assert out[True][0] == "False" and out[False][0] == "True"
    assert out[False][1] == out[True][1]


# -- weak references to the engines' objects (mypyc/mypyc#1102, gametable.compiled.weakrefs) -----
#: weak references (with callbacks or without, kept in a dict as Hypothesis keeps them)
#: to states and their clones, of every game and of an interpreted subclass of the protocol's
#: State (the tiny game), all dropped, some in a cycle;
#: then full collections.  Compiled without the fix, the first one crashed the interpreter.
WEAK_REFERENCES = """
import gc, random, sys, weakref
import gametable
sys.path.insert(0, sys.argv[1])
from tinygame import TinyGame
died = []
kept = {}
def objects(name):
    game = TinyGame() if name == "tiny" else gametable.load_game(name)
    state = game.new_game(2, seed=7)
    rng = random.Random(7)
    for _ in range(30):
        if not state.to_move:
            break
        seat = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return [state, state.clone()]
count = 0
for name in ["tiny", *gametable.game_names()]:
    for cycle in (False, True):
        things = objects(name)
        plain = [weakref.ref(thing) for thing in things]
        for thing in things:
            kept[len(kept)] = weakref.ref(thing, lambda ref: died.append(ref))
        if cycle:
            loop = [things]
            loop.append(loop)
        count += len(things)
        del things, thing
        if cycle:
            del loop
        gc.collect()
        assert [ref() for ref in plain] == [None] * len(plain), name
gc.collect()
assert all(ref() is None for ref in kept.values())
print(gametable.compiled.engine().compiled, len(died), count)
"""


@pytest.mark.parametrize("pure", [True, False])
def test_weak_references_to_states_die_with_them(pure: bool) -> None:
    """Every weak reference to a dropped state or clone reads ``None`` and its callback runs,
    with either engine, for every game and for an interpreted game's state; the process
    ends normally (compiled without :mod:`gametable.compiled.weakrefs`, it crashed)."""
    if not pure and not compiled_engine_built():
        pytest.skip("no usable compiled build (gametable build-engines)")
    run = subprocess.run(
        [sys.executable, "-c", WEAK_REFERENCES, str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        env=dict(os.environ, GAMETABLE_PURE="1" if pure else "0"),
    )
    assert run.returncode == 0, run.stderr[-2000:]
    engine, died, count = run.stdout.split()
    assert engine == str(not pure)
    assert int(died) == int(count) > 0
