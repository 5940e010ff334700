"""Server settings: where tables are stored, how long they live, how fast bots move, and every
limit that keeps one client from spoiling the server for the others.

All of them live in :class:`Settings` (one place, so that a deployment reads them in one page:
``docs/deploy.md``).  ``gametable serve`` takes the common ones as options, and any of them from a
TOML file (``--config``) or ``--set name=value``; :meth:`Settings.replace` checks every value.
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametable.core.errors import GameError


class SettingsError(GameError):
    """A setting that is unknown or out of its range."""


#: (smallest, largest) value of each numeric setting; a value outside is refused
BOUNDS: dict[str, tuple[float, float]] = {
    "bot_delay": (0.0, 60.0),
    "idle_expiry": (0.0, 10 * 365 * 24 * 3600.0),
    "unjoined_expiry": (0.0, 10 * 365 * 24 * 3600.0),
    "sweep_interval": (0.05, 24 * 3600.0),
    "evict_after": (0.0, 7 * 24 * 3600.0),
    "max_message": (256, 1 << 20),
    "max_body": (1024, 64 << 20),
    "max_tables": (1, 10_000_000),
    "bot_processes": (1, 256),
    "bot_max_seconds": (0.01, 600.0),
    "bot_max_iterations": (1, 10_000_000),
    "bot_max_samples": (1, 10_000_000),
    "bot_max_plies": (1, 100_000_000),
    "bot_reserved": (0, 255),
    "max_bot_tables_per_client": (0, 1_000_000),
    "bot_deadline": (0.05, 600.0),
    "bot_grace": (0.05, 60.0),
    "create_per_minute": (0.01, 1e9),
    "create_burst": (1, 1_000_000_000),
    "auth_failures_per_minute": (0.01, 1e9),
    "auth_burst": (1, 1_000_000_000),
    "messages_per_second": (0.01, 1e9),
    "message_burst": (1, 1_000_000_000),
    "max_sockets": (1, 1_000_000),
    "max_sockets_per_client": (1, 1_000_000),
    "max_sockets_per_seat": (1, 1000),
    "max_spectators": (0, 1_000_000),
    "hello_timeout": (0.05, 600.0),
    "socket_idle": (1.0, 7 * 24 * 3600.0),
    "shutdown_timeout": (0.0, 600.0),
    "ping_interval": (0.0, 24 * 3600.0),
    "gc_freeze_interval": (0.0, 24 * 3600.0),
    "gc_full_interval": (0.0, 30 * 24 * 3600.0),
    "switch_interval": (0.0001, 0.1),
    "commit_window": (0.0, 1.0),
    "checkpoint_interval": (0.0, 3600.0),
    "wal_sync_interval": (0.0, 3600.0),
    "ladder_min_games": (1, 1_000_000),
    "abandon_after": (1.0, 10 * 365 * 24 * 3600.0),
    "patch_threshold": (0, 1 << 62),
    "heartbeat_interval": (0.05, 600.0),
    "lease_timeout": (0.2, 3600.0),
}


#: the values of ``sqlite_synchronous`` (SQLite's ``PRAGMA synchronous``, in WAL mode)
SQLITE_SYNCHRONOUS = ("full", "normal")


@dataclass(frozen=True)
class Settings:
    """Everything a server needs to start (see ``docs/deploy.md`` for advice on each).

    Storage and lifetime:

    - ``database_url`` wins over ``data_dir`` (SQLite at ``data_dir/gametable.sqlite3`` otherwise);
    - ``idle_expiry``: seconds an untouched table is kept; ``unjoined_expiry``: seconds a table that
      no player ever joined is kept (a flood of tables nobody uses goes away quickly);
      ``max_tables``: the most tables the database holds at once (exact);
    - ``evict_after``: a table nobody is connected to is unloaded from memory after this many
      seconds (and replayed from the database when next wanted); ``sweep_interval``: how often.

    Bots (they think in ``bot_processes`` worker processes, never in the server process):

    - ``bot_delay``: the pause (seconds) before a bot moves, so people can follow the table;
    - ``bot_max_seconds`` / ``bot_max_iterations`` / ``bot_max_samples`` / ``bot_max_plies``:
      the largest budget a bot spec may ask for, whatever the bot (``seconds=...``;
      ``iterations=...``; the ``improve`` search's ``samples`` and rollout ``budget``; the
      ``rollouts`` bot's ``plies``); larger ones are refused when a table is made, and every
      searching bot's move is cut at ``bot_deadline`` whatever its spec;
    - ``bot_reserved``: bot processes kept for tables where a person sits or watches: the moves
      of tables of bots only hold at most ``bot_processes - bot_reserved`` of them (at least
      one), and the moves of tables with people always go first;
    - ``max_bot_tables_per_client``: tables of bots only a client may have running at once on
      this worker (0: none);
    - ``bot_deadline``: a bot's search is cut at this many seconds and plays its best move so far;
      a worker that has not answered ``bot_grace`` seconds later is killed, and its seat plays the
      heuristic's move (worked out before the search) or, failing that, a random legal move.

    Requests and sockets (a client is an IP address; see ``--forwarded-allow-ips``):

    - ``max_body``: the largest HTTP request body (bytes; 413 above);
    - ``max_message``: the largest WebSocket message from a client (bytes);
    - ``create_per_minute`` / ``create_burst``: tables a client may open (token bucket);
    - ``auth_failures_per_minute`` / ``auth_burst``: wrong seat tokens a client may present;
    - ``messages_per_second`` / ``message_burst``: messages one socket may send; a socket that
      keeps flooding is closed with code 1008;
    - ``max_sockets`` (whole server), ``max_sockets_per_client``, ``max_sockets_per_seat`` (tabs
      open on one seat) and ``max_spectators`` (per table);
    - ``hello_timeout``: seconds a new socket has to say hello; ``socket_idle``: a socket on which
      nothing was said or sent for this long is closed (the web client reconnects);
    - ``ping_interval``: seconds between the WebSocket pings the server sends on each socket, to
      find dead connections and keep proxies and NATs from forgetting quiet ones (0: none);
    - ``shutdown_timeout``: seconds a stopping server waits for its connections to close.

    Memory (:mod:`gametable.server.memory`): ``gc_freeze_interval``: every this many seconds what
    is alive is moved out of the garbage collector's sight, and its count of new objects starts
    again (default 1; 0: never, the collector's own schedule); ``gc_full_interval``: every this many seconds a full collection reclaims what
    reference counting cannot (0: never).  ``switch_interval``: the longest the event loop keeps
    Python's interpreter lock from the store's threads when they wait for it (seconds;
    ``sys.setswitchinterval``; Python's own is 0.005).

    Writes: ``commit_window``: seconds a group commit waits for more writes before it commits
    (every move is still committed before anyone hears of it; a longer window means fewer
    commits for the same moves, and that much more latency).  ``checkpoint_interval`` (SQLite):
    every this many seconds a thread of its own copies SQLite's write-ahead log into the
    database file, so that no group commit does it (default 1; 0: SQLite's own
    schedule, inside the commit that finds the log over 1,000 pages, which then waits for the
    disk; see :meth:`~gametable.server.store.Store.checkpoint`).
    ``sqlite_synchronous`` (SQLite): ``"normal"`` (the default) does not sync the
    log at each commit: a ``kill -9`` of the server still loses no accepted move, but a power
    failure or a crash of the machine may lose the last ones (see ``wal_sync_interval``);
    ``"full"`` syncs the log to the disk at every commit, which survives a power failure too.
    ``wal_sync_interval`` (SQLite under ``"normal"``): every this many seconds a thread syncs
    the log to the disk apart from the commits, so that a power failure loses at most about
    that many seconds of moves (0: none; then what the operating system has not written back).

    The wire (:mod:`gametable.server.wire`): ``patch_threshold``: a seat's view whose JSON text
    is at least this many bytes goes in an ``update`` as a patch to the one before, a shorter one
    whole.  Patches save bandwidth (Balam's updates: about 1.2 KB instead of 14 KB) for CPU
    (fingerprinting a Balam view costs about twice encoding it whole); a very large value turns
    them off, where bandwidth is cheap and the event loop is the limit.

    Several workers on one database (:mod:`gametable.server.cluster`):

    - ``worker_name``: this worker's name, unique among the workers of the database (default: the
      machine's host name; a worker restarted under the same name takes its tables back at once);
    - ``advertise_url``: where the other workers reach this one (default: ``http://HOST:PORT``);
    - ``heartbeat_interval``: seconds between the worker's heartbeats in the database;
      ``lease_timeout``: a worker silent for this long is taken for dead, and the others take
      over its tables.
    """

    data_dir: Path = field(default_factory=lambda: Path("gametable-data"))
    database_url: str | None = None
    bot_delay: float = 0.8
    idle_expiry: float = 14 * 24 * 3600.0
    unjoined_expiry: float = 30 * 60.0
    sweep_interval: float = 60.0
    evict_after: float = 600.0
    max_tables: int = 10_000
    bot_processes: int = 2
    bot_max_seconds: float = 5.0
    bot_max_iterations: int = 20_000
    bot_max_samples: int = 1_000
    bot_max_plies: int = 20_000
    bot_reserved: int = 1
    max_bot_tables_per_client: int = 3
    bot_deadline: float = 8.0
    bot_grace: float = 2.0
    max_message: int = 4096
    max_body: int = 64 * 1024
    create_per_minute: float = 20.0
    create_burst: int = 30
    auth_failures_per_minute: float = 10.0
    auth_burst: int = 20
    messages_per_second: float = 20.0
    message_burst: int = 100
    max_sockets: int = 4000
    max_sockets_per_client: int = 64
    max_sockets_per_seat: int = 4
    max_spectators: int = 50
    hello_timeout: float = 10.0
    socket_idle: float = 30 * 60.0
    shutdown_timeout: float = 3.0
    ping_interval: float = 60.0
    gc_freeze_interval: float = 1.0
    gc_full_interval: float = 0.0
    switch_interval: float = 0.001
    commit_window: float = 0.005
    checkpoint_interval: float = 1.0
    sqlite_synchronous: str = "normal"
    wal_sync_interval: float = 1.0
    patch_threshold: int = 2048
    worker_name: str | None = None
    advertise_url: str | None = None
    heartbeat_interval: float = 2.0
    lease_timeout: float = 10.0
    #: rated games a player needs before a game's ladder lists it (gametable.server.playerapi)
    ladder_min_games: int = 5
    #: a game with a player that stood still this long (s) is abandoned: whoever it waits for
    #: loses (gametable.server.players)
    abandon_after: float = 3 * 24 * 3600.0

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.name in BOUNDS:
                check_bounds(f.name, getattr(self, f.name))
        if self.sqlite_synchronous not in SQLITE_SYNCHRONOUS:
            raise SettingsError(
                f"setting sqlite_synchronous must be one of {', '.join(SQLITE_SYNCHRONOUS)}, "
                f"not {self.sqlite_synchronous!r}"
            )
        if self.lease_timeout < 2 * self.heartbeat_interval:
            raise SettingsError(
                f"setting lease_timeout ({self.lease_timeout:g}) must be at least twice "
                f"heartbeat_interval ({self.heartbeat_interval:g}): a worker must be able to "
                "miss a heartbeat without its tables being taken over"
            )

    def as_dict(self) -> dict[str, Any]:
        """Every setting by name (what :meth:`replace` and ``--config`` take back)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def url(self) -> str:
        if self.database_url:
            return self.database_url
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(self.data_dir / 'gametable.sqlite3').resolve()}"

    def replace(self, values: Mapping[str, Any]) -> Settings:
        """These settings with ``values`` changed; :class:`SettingsError` names a bad one."""
        known = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for name, value in values.items():
            if name not in known:
                raise SettingsError(
                    f"unknown setting {name!r}; the settings are: {', '.join(sorted(known))}"
                )
            changes[name] = convert(name, value, getattr(self, name))
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_toml(cls, path: Path, base: Settings | None = None) -> Settings:
        """Settings read from a TOML file of ``name = value`` lines (over ``base``)."""
        try:
            data = tomllib.loads(path.read_text())
        except OSError as exc:
            raise SettingsError(f"cannot read {path}: {exc.strerror}") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise SettingsError(f"{path} is not a TOML file: {exc}") from None
        return (base or cls()).replace(data)


def convert(name: str, value: Any, current: Any) -> Any:
    """``value`` (a TOML value or ``--set`` text) as the type of setting ``name``."""
    if name == "data_dir":
        return Path(str(value))
    if name in ("database_url", "worker_name", "advertise_url"):
        return None if value in (None, "") else str(value)
    if name == "sqlite_synchronous":
        if not isinstance(value, str):
            raise SettingsError(f"setting {name}: {value!r} is not a word")
        return value.strip().lower()
    kind = type(current)
    if isinstance(value, str):
        try:
            value = kind(value)
        except ValueError:
            raise SettingsError(f"setting {name}: {value!r} is not a {kind.__name__}") from None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SettingsError(f"setting {name}: {value!r} is not a number")
    if kind is int:
        if isinstance(value, float) and not value.is_integer():
            raise SettingsError(f"setting {name}: {value!r} is not a whole number")
        value = int(value)
    return kind(value)


def check_bounds(name: str, value: Any) -> None:
    low, high = BOUNDS[name]
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise SettingsError(
            f"setting {name} must be a number from {low:g} to {high:g}, not {value!r}"
        )
