"""Which engine runs: the compiled build of the engine modules where it is built, else pure Python.

The kernel's and the games' engine modules are plain, fully typed Python that mypyc can compile
into C extension modules.  ``gametable build-engines`` (:mod:`gametable.compiled.build`) compiles
them into ``gametable/compiled/build/`` and records there a *manifest*: the compiled modules,
where each built file is, the Python it was built for, and the SHA-256 of every source file the
compiler read.  Importing :mod:`gametable` calls :func:`install` first, which decides once per
process:

- ``GAMETABLE_PURE=1`` in the environment: pure Python, whatever is built;
- no build: pure Python (quietly; it is the default of a fresh install);
- a build made from other sources than the ones beside it (a source edited since), or for
  another Python: pure Python, with one :class:`StaleBuildWarning` naming what changed, so a
  stale build never runs silently;
- otherwise the compiled modules are imported under their own names (``gametable.core.rng``
  ...) by a finder placed first on :data:`sys.meta_path`: every command, bot, the server and the
  adapters run them without knowing.  A compiled module's ``__file__`` is its built file, in
  the build folder: an engine module finds its data files through its package instead
  (:func:`importlib.resources.files`).

All or nothing: the compiled modules know each other's native classes, so they are used
together or not at all.  :func:`engine` says which engine runs (``gametable --version`` prints
it).  This module imports nothing of gametable: it must run before the kernel is imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: the environment variable that forces pure Python (``GAMETABLE_PURE=1``)
PURE_VARIABLE = "GAMETABLE_PURE"
#: the ``gametable`` package folder: the sources the manifest names are below it
PACKAGE_DIR = Path(__file__).resolve().parent.parent
#: where ``gametable build-engines`` puts the compiled modules and the manifest
BUILD_DIR = Path(__file__).resolve().parent / "build"
MANIFEST = "manifest.json"
#: the command that builds the compiled engines
BUILD_COMMAND = "gametable build-engines"
#: sources of the build itself that change the compiled code, in every manifest: a build made
#: without one of them (by an older ``build-engines``) is stale
BUILD_SOURCES = ("compiled/weakrefs.py",)


class StaleBuildWarning(RuntimeWarning):
    """A compiled build is there but cannot be used (sources changed since, another Python)."""


@dataclass(frozen=True)
class Engine:
    """Which engine this process runs, and why.

    >>> str(Engine(False, "GAMETABLE_PURE=1"))
    'pure Python (GAMETABLE_PURE=1)'
    """

    compiled: bool
    why: str
    modules: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.compiled:
            return f"compiled (mypyc, {len(self.modules)} modules; {self.why})"
        return f"pure Python ({self.why})"


@dataclass(frozen=True)
class Manifest:
    """What a build holds: module name -> built file (relative to the build folder), the
    extension suffix of the Python it was built for, the sources' digests (path under the
    package folder -> SHA-256)."""

    modules: dict[str, str]
    suffix: str
    sources: dict[str, str]

    @classmethod
    def read(cls, folder: Path) -> Manifest | None:
        try:
            data = json.loads((folder / MANIFEST).read_text())
            return cls(dict(data["modules"]), str(data["suffix"]), dict(data["sources"]))
        except FileNotFoundError:
            return None
        except (ValueError, KeyError, TypeError) as exc:  # a damaged manifest is no build
            return cls({}, f"unreadable manifest ({exc})", {})

    def to_json(self) -> dict[str, object]:
        return {"modules": self.modules, "suffix": self.suffix, "sources": self.sources}


def digest(relative: Sequence[str], package_dir: Path = PACKAGE_DIR) -> dict[str, str]:
    """The SHA-256 of each file (a path below ``package_dir``; a missing file: ``"missing"``)."""
    out = {}
    for name in relative:
        try:
            out[name] = hashlib.sha256((package_dir / name).read_bytes()).hexdigest()
        except FileNotFoundError:
            out[name] = "missing"
    return out


def unusable(manifest: Manifest, folder: Path, package_dir: Path = PACKAGE_DIR) -> str | None:
    """Why the build in ``folder`` cannot run with the sources in ``package_dir``, or ``None``."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    if manifest.suffix != suffix:
        return f"it was built for another Python ({manifest.suffix}, this one loads {suffix})"
    if not manifest.modules:
        return "it compiled no module"
    older = [name for name in BUILD_SOURCES if name not in manifest.sources]
    if older:
        return f"an older {BUILD_COMMAND} made it, without {older[0]}"
    changed = [
        name
        for name, sha in digest(list(manifest.sources), package_dir).items()
        if manifest.sources[name] != sha
    ]
    if changed:
        more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
        return f"{changed[0]}{more} changed since it was built"
    missing = [m for m, f in manifest.modules.items() if not (folder / f).is_file()]
    if missing:
        return f"its file for {missing[0]} is missing"
    return None


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of a build (module name -> built file) before the sources."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        built = self.files.get(fullname)
        if built is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(built))
        return importlib.util.spec_from_file_location(fullname, built, loader=loader)


_ENGINE: Engine | None = None


def install(folder: Path = BUILD_DIR) -> Engine:
    """Decide which engine this process runs (once) and, for the compiled one, put its finder
    first on :data:`sys.meta_path`.  Called by ``gametable/__init__.py`` before anything else."""
    global _ENGINE
    if _ENGINE is not None:
        return _ENGINE
    _ENGINE = _decide(folder)
    if _ENGINE.compiled:
        manifest = Manifest.read(folder)
        assert manifest is not None
        files = {name: folder / f for name, f in manifest.modules.items()}
        sys.meta_path.insert(0, CompiledFinder(files))
    return _ENGINE


def _decide(folder: Path) -> Engine:
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        return Engine(False, f"{PURE_VARIABLE}={os.environ[PURE_VARIABLE]}")
    manifest = Manifest.read(folder)
    if manifest is None:
        return Engine(False, f"not built: {BUILD_COMMAND}")
    reason = unusable(manifest, folder)
    if reason is not None:
        warnings.warn(
            f"gametable runs its pure-Python engines: the compiled build is stale ({reason}); "
            f"rebuild it with '{BUILD_COMMAND}'",
            StaleBuildWarning,
            stacklevel=3,
        )
        return Engine(False, f"compiled build stale: {reason}")
    names = tuple(sorted(m for m in manifest.modules if m.startswith("gametable.")))
    return Engine(True, f"built in {folder}", names)


def engine() -> Engine:
    """Which engine this process runs (see the module's docstring)."""
    return install()


def loaded_compiled() -> list[str]:
    """The ``gametable`` modules imported so far that are compiled (their spec's origin is a
    built file)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("gametable.")
        and str(getattr(getattr(module, "__spec__", None), "origin", "") or "").endswith(suffixes)
    )
