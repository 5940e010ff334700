"""Server settings: where tables are stored, how long they live, how fast bots move."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    """Everything a server needs to start.

    ``database_url`` wins over ``data_dir`` (SQLite at ``data_dir/gametable.sqlite3`` otherwise);
    ``bot_delay`` is the pause (seconds) before a bot moves, so people can follow the table;
    bots think in worker threads, or in ``bot_processes`` worker processes when that is above 0
    (for heavy bots such as ISMCTS on a busy server);
    ``idle_expiry`` is how long (seconds) an untouched table is kept; a table nobody is connected
    to is unloaded from memory after ``evict_after`` seconds (and replayed from the database when
    next wanted); ``max_message`` bounds an incoming WebSocket message in bytes.
    """

    data_dir: Path = field(default_factory=lambda: Path("gametable-data"))
    database_url: str | None = None
    bot_delay: float = 0.8
    idle_expiry: float = 14 * 24 * 3600.0
    sweep_interval: float = 60.0
    evict_after: float = 600.0
    bot_processes: int = 0
    max_message: int = 4096
    max_tables: int = 10_000

    def url(self) -> str:
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'gametable.sqlite3').resolve()}"
