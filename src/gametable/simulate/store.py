"""Where a run's rows live: ``run.json`` beside shards named after the games they hold.

```
DIR/run.json                              the RunConfig and the file format
DIR/shards/games-000000-000099.parquet    rows of games 0..99 (one file per finished chunk)
```

A shard is written to a hidden temporary file and renamed into place, so a file with a shard's
name is always complete: a run stopped at any moment keeps every finished chunk and nothing
half-written.  Resuming plays exactly the games no shard name covers, so no game is lost or
played twice.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gametable.simulate.play import RunConfig

FORMATS = ("parquet", "csv")
RUN_FILE = "run.json"
SHARD_DIR = "shards"
_SHARD = re.compile(r"^games-(\d+)-(\d+)\.(parquet|csv)$")


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.csv
        import pyarrow.parquet
    except ImportError:  # pragma: no cover - pyarrow is a dependency of the simulate extra
        raise RuntimeError(
            "simulation results need pyarrow: pip install 'gametable[sim]'"
        ) from None
    return pyarrow


class RunStore:
    """A run directory: its config and its shards."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    @property
    def shard_dir(self) -> Path:
        return self.root / SHARD_DIR

    def exists(self) -> bool:
        return (self.root / RUN_FILE).is_file()

    def read_meta(self) -> dict[str, Any]:
        return json.loads((self.root / RUN_FILE).read_text())

    def config(self) -> RunConfig:
        return RunConfig.from_json(self.read_meta()["config"])

    def open(self, config: RunConfig, fmt: str, games: int) -> None:
        """Create the run, or check that ``config`` is the run already here (to resume it)."""
        if fmt not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
        wanted = {"config": config.to_json(), "format": fmt}
        if self.exists():
            meta = self.read_meta()
            old = {"config": meta.get("config"), "format": meta.get("format")}
            if old != wanted:
                diff = _differences(old, wanted)
                raise ValueError(
                    f"{self.root} holds another run (differs in {diff}); "
                    "use another --out directory to start a new one"
                )
            meta["games"] = max(int(meta.get("games", 0)), games)
        else:
            meta = {**wanted, "games": games}
        self.root.mkdir(parents=True, exist_ok=True)
        self.shard_dir.mkdir(exist_ok=True)
        _atomic_write(self.root / RUN_FILE, (json.dumps(meta, indent=1) + "\n").encode())

    # -- shards ------------------------------------------------------------------------------------
    def shards(self) -> list[tuple[int, int, Path]]:
        """The finished shards as ``(start, stop, path)``, by start."""
        if not self.shard_dir.is_dir():
            return []
        out = []
        for path in self.shard_dir.iterdir():
            m = _SHARD.match(path.name)
            if m:
                out.append((int(m[1]), int(m[2]) + 1, path))
        return sorted(out)

    def done(self) -> set[int]:
        return {i for start, stop, _ in self.shards() for i in range(start, stop)}

    def todo(self, games: int, chunk: int) -> list[tuple[int, int]]:
        """The chunks ``(start, stop)`` still to play among games ``0..games-1``."""
        done = self.done()
        missing = [i for i in range(games) if i not in done]
        chunks: list[tuple[int, int]] = []
        for i in missing:
            if chunks and chunks[-1][1] == i and i - chunks[-1][0] < chunk:
                chunks[-1] = (chunks[-1][0], i + 1)
            else:
                chunks.append((i, i + 1))
        return chunks

    def write_shard(self, start: int, stop: int, rows: Sequence[dict], fmt: str) -> Path:
        pa = _pyarrow()
        table = pa.Table.from_pylist(list(rows))
        path = self.shard_dir / f"games-{start:06d}-{stop - 1:06d}.{fmt}"
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=self.shard_dir)
        os.close(fd)
        try:
            if fmt == "parquet":
                pa.parquet.write_table(table, tmp)
            else:
                pa.csv.write_csv(table, tmp)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return path

    def read_rows(self, exclude: Sequence[str] = ()) -> list[dict[str, Any]]:
        """Every row of the run, by game index (a game in two shards is read once).

        ``exclude`` names columns not to load (the report skips the bulky ``record``).
        """
        pa = _pyarrow()
        tables = []
        for _start, _stop, path in self.shards():
            if path.suffix == ".parquet":
                names = pa.parquet.read_schema(path).names
                columns = [c for c in names if c not in exclude]
                tables.append(pa.parquet.read_table(path, columns=columns))
            else:
                table = pa.csv.read_csv(path)
                tables.append(table.drop_columns([c for c in exclude if c in table.column_names]))
        if not tables:
            return []
        rows = pa.concat_tables(tables, promote_options="permissive").to_pylist()
        unique = {int(r["game_index"]): r for r in rows}
        return [unique[i] for i in sorted(unique)]


def _differences(old: dict, new: dict) -> str:
    keys = []
    for part in ("config", "format"):
        a, b = old.get(part), new.get(part)
        if isinstance(a, dict) and isinstance(b, dict):
            keys += [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        elif a != b:
            keys.append(part)
    return ", ".join(keys) or "its settings"


def _atomic_write(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def find_runs(root: str | Path) -> list[Path]:
    """``root`` itself if it is a run, else the runs in its subdirectories (a sweep), sorted."""
    root = Path(root)
    if (root / RUN_FILE).is_file():
        return [root]
    sweep = root / "sweep.json"
    if sweep.is_file():
        names: Iterable[str] = json.loads(sweep.read_text()).get("runs", [])
        runs = [root / n for n in names if (root / n / RUN_FILE).is_file()]
        if runs:
            return runs
    return sorted(p.parent for p in root.glob(f"*/{RUN_FILE}"))
