"""Build the compiled engines: ``gametable build-engines`` (mypyc, a C compiler).

The modules compiled are the kernel's :data:`KERNEL` and, for every registered game, the engine
modules its declaration names in ``Game.compiled``.  mypyc reads them and every ``gametable``
module they import; the SHA-256 of all those sources goes into the manifest, so that editing any
of them makes the build stale (:mod:`gametable.compiled`).  The build runs in a temporary folder
(mypyc's C files, the object files) and only the extension modules and the manifest are put in
``gametable/compiled/build/``, replacing the previous build at once.

mypy runs with its own settings here, not the project's: missing stubs of third-party packages
(``types-jsonschema`` is only in the test extra) leave those names untyped instead of stopping
the build.
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

import typer

from gametable.compiled import BUILD_DIR, BUILD_SOURCES, MANIFEST, PACKAGE_DIR, Manifest, digest
from gametable.core.parts import package_of
from gametable.core.registry import game_names, load_game

#: the kernel's compiled modules: the protocol and the RNG, which every game's rules call
KERNEL = ("gametable.core.protocol", "gametable.core.rng")
#: the loader package, left out of the sources a build depends on
LOADER = "gametable.compiled"
#: the name of the shared library of the build (mypyc's group)
GROUP = "gametable_engines"
#: mypy's settings for the build (the project's [tool.mypy] is for checking, not compiling)
MYPY_SETTINGS = "[mypy]\nignore_missing_imports = True\npython_version = {version}\n"


class BuildError(RuntimeError):
    """The compiler is missing or failed."""


def compiled_modules() -> list[str]:
    """The modules to compile: the kernel's and every registered game's ``compiled``."""
    out = list(KERNEL)
    for name in game_names():
        game = load_game(name)
        out += [f"{package_of(game)}.{module}" for module in game.compiled]
    return out


def source_of(module: str) -> Path | None:
    """The source file of a ``gametable`` module (a package's ``__init__.py``), if any."""
    base = PACKAGE_DIR.joinpath(*module.split(".")[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported(path: Path) -> set[str]:
    """The ``gametable`` modules a source file imports (each ``from X import name`` counts
    ``X`` and ``X.name``: the name may be a module), and its packages' ``__init__``."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    # gametable.compiled (this loader) is never compiled, nor imported by a compiled module
    return {
        m
        for m in out
        if (m == "gametable" or m.startswith("gametable.")) and not m.startswith(LOADER)
    }


def closure(modules: Iterable[str]) -> list[Path]:
    """Every ``gametable`` source the compiler reads for ``modules``: theirs, what they import,
    transitively, and the ``__init__.py`` of each package on the way."""
    todo = list(modules)
    seen: set[str] = set()
    files: set[Path] = set()
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        parts = module.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        path = source_of(module)
        if path is not None and path not in files:
            files.add(path)
            todo += _imported(path)
    return sorted(files)


def _compile(modules: list[str], work: Path) -> Path:
    """Run mypyc and the C compiler over ``modules`` in ``work``; the folder of the built
    extension modules."""
    paths = [str(source_of(m)) for m in modules]
    (work / "mypy.ini").write_text(
        MYPY_SETTINGS.format(version=f"{sys.version_info.major}.{sys.version_info.minor}")
    )
    # mypyc writes the C code into c/, the weak-reference fix rewrites it, then setuptools
    # compiles it (gametable.compiled.weakrefs)
    setup = (
        "from pathlib import Path\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        "from gametable.compiled.weakrefs import fix_weak_references\n"
        f"modules = mypycify({paths!r}, opt_level='3', group_name={GROUP!r}, target_dir='c')\n"
        "print(f'weak references fixed in {fix_weak_references(Path(\"c\"))} native classes')\n"
        f"setup(name={GROUP!r}, ext_modules=modules, script_args=['build_ext', "
        "'--build-lib', 'lib', '--build-temp', 'temp', '--parallel', '2'])\n"
    )
    try:
        subprocess.run([sys.executable, "-c", setup], cwd=work, check=True)
    except (subprocess.CalledProcessError, OSError) as exc:
        raise BuildError(f"mypyc failed ({exc}); see its messages above") from exc
    return work / "lib"


def _collect(lib: Path, modules: list[str], into: Path) -> dict[str, str]:
    """Move the built files from ``lib`` into ``into``; module name -> file (relative)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    found: dict[str, str] = {}
    for built in sorted(lib.rglob(f"*{suffix}")):
        relative = built.relative_to(lib)
        name = ".".join(relative.parts).removesuffix(suffix)
        target = into / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(built, target)
        found[name] = str(relative)
    missing = sorted(set(modules) - set(found))
    if missing:
        raise BuildError(f"mypyc built no module for {', '.join(missing)}")
    return found


def build(folder: Path = BUILD_DIR) -> Manifest:
    """Compile the engines into ``folder`` (replacing what is there); the manifest written."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        raise BuildError("no C compiler found (install gcc or clang): the pure engines run")
    if importlib.util.find_spec("mypyc") is None:
        raise BuildError("mypyc is missing: pip install -e '.[compiled]'")
    modules = compiled_modules()
    sources = [str(p.relative_to(PACKAGE_DIR)) for p in closure(modules)] + list(BUILD_SOURCES)
    before = digest(sources)  # taken before compiling: the manifest names what was compiled
    with tempfile.TemporaryDirectory(prefix="gametable-build-") as tmp:
        work = Path(tmp)
        lib = _compile(modules, work)
        fresh = work / "out"
        fresh.mkdir()
        files = _collect(lib, modules, fresh)
        manifest = Manifest(files, importlib.machinery.EXTENSION_SUFFIXES[0], before)
        (fresh / MANIFEST).write_text(json_text(manifest))
        old = folder.with_name(folder.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if folder.exists():
            folder.rename(old)
        shutil.move(fresh, folder)
        shutil.rmtree(old, ignore_errors=True)
    return manifest


def json_text(manifest: Manifest) -> str:
    return json.dumps(manifest.to_json(), indent=1, sort_keys=True) + "\n"


def build_engines_command() -> None:
    """Compile the engines with mypyc (needs a C compiler and the 'compiled' extra);
    every command then runs them (GAMETABLE_PURE=1: the pure-Python ones)."""
    print(f"compiling {len(compiled_modules())} engine modules with mypyc (a few minutes)...")
    try:
        manifest = build()
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    print(
        f"built {len(manifest.modules)} extension modules into {BUILD_DIR}; "
        "a new process runs them ('gametable --version' says which engine runs)"
    )


def register(app: typer.Typer) -> None:
    """Add the ``build-engines`` command to the Typer ``app``."""
    app.command("build-engines")(build_engines_command)
