"""Capacity of a gametable server: thousands of human-paced tables, a timeline every 5 seconds.

Starts a server (``gametable serve``, one process or ``--workers N``) on a free loopback port with
a fresh SQLite data directory (or ``--database-url``), opens ``--tables`` tables of the game set
(default: Keezbord for 4 and Balam for 2, alternately), connects every seat and one spectator per
table, then plays like people do: a seat moves ``--think`` seconds (uniform, default 2 to 8) after
its turn starts, choosing a random legal move.  The load generator is split over ``--procs``
processes (each owns whole tables).  A finished game is replaced by a new table.

Latency is the time from sending a move to the table's spectator receiving the update of that
move (so it includes the durable write, the broadcast and the loopback both ways).  Every 5 s a
line: moves accepted per second, latency p50/p99/max of that window, the server's CPU (all its
processes, 100% = one core), its RSS, the load generator's CPU, the machine's load average, the
share of the machine's CPU time its hypervisor gave other guests (``steal``: on a shared virtual
machine it slows the server and the load alike, and it varies from minute to minute), a
probe's longest ping, and the server's background work in the window (``GET /api/timings``:
group commits, their queue, SQLite checkpoints, garbage collections, the sweep; see
:class:`Background`).  The summary covers the whole measured window (after every table is open).
The load reads of each frame only what it acts on (:class:`Seen`), to spend little CPU.

    .venv/bin/python bench/capacity.py --tables 200 --seconds 30              # a quick look
    nice -n 5 .venv/bin/python bench/capacity.py --tables 2000 --seconds 300   # a goal level
    .venv/bin/python bench/capacity.py --tables 2000 --src /tmp/gt-main/src   # another tree
    .venv/bin/python bench/capacity.py --tables 600 --profile-cpu /tmp/loop.prof  # where it goes

``--profile-cpu`` runs the server under cProfile timed by the event loop's own CPU clock (so a
busy machine does not skew it) and prints the functions' shares; ``--profile`` samples it with
py-spy instead (no overhead, but wall-clock samples: on a machine short of CPU they pile up
where the loop waits for one, mostly right after its system calls).

A process may hold at most its hard limit of open files (``ulimit -Hn``); when the sockets of a
level would not fit in the server, some tables get no spectator (printed; their moves are timed
at the seat that moves next instead).  With ``--workers`` the router (HAProxy) holds every
socket twice, its client's side and its worker's, so half as many fit; a level whose seats alone
would not fit is refused at the start (it used to hang while opening, once the router was full).
``--direct`` starts the ``--workers`` as separate servers of one database without the router, and
makes and plays table ``i`` on worker ``i mod N`` (each table then lives where it was made, as
the router's hash would keep it), so that each socket is held once:

    .venv/bin/python bench/capacity.py --tables 5000 --workers 2 --direct --database-url URL
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import itertools
import json
import multiprocessing as mp
import os
import pstats
import queue
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as sync_connect

#: seconds between two lines of the timeline
TICK = 5.0
#: descriptors a server keeps for itself (database, listening socket, logs, bot workers)
SERVER_RESERVE = 100
#: a move with no answer after this many seconds counts as unanswered
ANSWER_TIMEOUT = 30.0

decode = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


def messages(frame: str | bytes) -> list[dict[str, Any]]:
    """The messages of a frame: one JSON object, or an array of them (sent together)."""
    data = decode(frame)
    return data if isinstance(data, list) else [data]


class Choice(msgspec.Struct):
    """A legal move as the load reads it: its notation (the rest of the entry is skipped)."""

    notation: str


class Seen(msgspec.Struct):
    """A server message as the load reads it: only what it acts on.  The view, the patch, the
    log and the legal moves' descriptions are skipped by the parser, never made into objects;
    ``legal`` is decoded only in the messages of a seat to move (see :func:`glance`)."""

    type: str
    seq: int = -1
    over: bool = False
    error: Any = None
    legal: msgspec.Raw = msgspec.Raw(b"[]")


#: a frame as the load reads it: one message or an array of them
read_frame = msgspec.json.Decoder(Seen | list[Seen]).decode
read_choices = msgspec.json.Decoder(list[Choice]).decode


def glance(frame: str | bytes) -> list[Seen]:
    """The messages of a frame (:class:`Seen`), decoding only what the load acts on."""
    data = read_frame(frame)
    return data if isinstance(data, list) else [data]


def encode(message: dict[str, Any]) -> str:
    """JSON text (a text frame: the server refuses binary ones)."""
    return _encode(message).decode()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def raise_open_files() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return hard
    return soft


# -- the server and its processes ---------------------------------------------------------------
#: with ``--direct``: a parent for the workers, so that they are one process tree (its CPU) and
#: one process group (stopped together)
SUPERVISOR = """
import json, subprocess, sys
workers = [subprocess.Popen(command) for command in json.loads(sys.argv[1])]
for worker in workers:
    worker.wait()
"""


def start_server(args: argparse.Namespace, data_dir: str, ports: list[int]) -> subprocess.Popen:
    """The server, listening on ``ports[0]``; with ``--direct``, ``--workers`` separate servers
    of one database (on ``ports``, each its own worker name), under one parent."""
    env = dict(os.environ)
    port = ports[0]
    if args.src:
        env["PYTHONPATH"] = str(Path(args.src).resolve())
    server = ["-m", "gametable.server"]
    if args.profile_cpu:  # the server under cProfile, started and dumped by signals
        env["GAMETABLE_CPU_PROFILE"] = str(Path(args.profile_cpu).resolve())
        server = ["-c", CPU_PROFILER]
    command = [
        sys.executable,
        *server,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--data-dir",
        data_dir,
        "--bot-delay",
        "0",
        # every simulated client comes from 127.0.0.1: lift the per-client limits
        *("--set", "create_burst=1000000", "--set", "create_per_minute=1000000"),
        *("--set", "max_sockets_per_client=1000000", "--set", "max_sockets=1000000"),
        *("--set", "max_tables=1000000", "--set", "message_burst=1000000"),
        # opening thousands of sockets at once: a hello may wait its turn for a while
        *("--set", "hello_timeout=300"),
    ]
    if args.database_url:
        command += ["--database-url", args.database_url]
    if args.workers > 1:
        command += ["--workers", str(args.workers)]
    for pair in args.set or []:
        command += ["--set", pair]
    if args.direct:
        i = command.index("--workers")
        del command[i : i + 2]  # (each a server of its own: no router)
        port_at = command.index("--port") + 1
        commands = []
        for k, p in enumerate(ports, 1):
            mine = list(command)
            mine[port_at] = str(p)
            mine += ["--set", f"worker_name=bench-{k}"]
            mine += ["--set", f"advertise_url=http://127.0.0.1:{p}"]
            commands.append(mine)
        command = [sys.executable, "-c", SUPERVISOR, json.dumps(commands)]
    proc = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=None, start_new_session=True
    )
    deadline = time.monotonic() + 120
    waiting = list(ports)
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with status {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{waiting[0]}/api/health", timeout=1).status_code == 200:
                waiting.pop(0)
                if not waiting:
                    return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


def process_tree(root: int) -> list[int]:
    """``root`` and every process below it."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


def thread_cpu_seconds(pids: list[int]) -> tuple[float, float, float]:
    """CPU seconds of ``pids``' main threads (a server's event loop), of their other threads
    (the group commits' ``asyncio.to_thread``, the bot pool's helpers), and the main threads'
    system time (in the kernel: system calls, the loopback network)."""
    main = other = system = 0
    for pid in pids:
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ticks = int(fields[11]) + int(fields[12])
            if int(tid) == pid:
                main += ticks
                system += int(fields[12])
            else:
                other += ticks
    tick = os.sysconf("SC_CLK_TCK")
    return main / tick, other / tick, system / tick


def rss_mib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


# -- the profiles (--profile, --profile-cpu) ---------------------------------------------------
#: runs the server under cProfile timed by the main thread's CPU clock (the event loop's: time
#: spent waiting for a CPU on a busy machine, or in other threads, is not counted); SIGUSR2
#: starts it, SIGUSR1 stops it and writes the stats to $GAMETABLE_CPU_PROFILE
CPU_PROFILER = """
import cProfile, os, runpy, signal, sys, time
profile = cProfile.Profile(time.thread_time)
def start(signum, frame):
    profile.enable()
def stop(signum, frame):
    profile.disable()
    profile.dump_stats(os.environ["GAMETABLE_CPU_PROFILE"])
signal.signal(signal.SIGUSR2, start)
signal.signal(signal.SIGUSR1, stop)
sys.argv[0] = "gametable.server"
runpy.run_module("gametable.server", run_name="__main__", alter_sys=True)
"""


def cpu_profile_summary(path: str, moves: int, top: int = 40) -> list[str]:
    """The event loop's CPU by function (cumulative and own), from ``--profile-cpu``'s stats.
    cProfile's own cost (a clock read per call and return) inflates functions that make many
    small calls: read the shares, not the milliseconds, and compare runs made alike."""
    deadline = time.monotonic() + 60
    while not Path(path).exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    time.sleep(1)  # the server may still be writing it
    stats = pstats.Stats(path)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = []
    for (file, line, name), (_, calls, own, cum, _) in stats.stats.items():  # type: ignore[attr-defined]
        where = file.split("site-packages/")[-1].split("/src/")[-1]
        rows.append((cum, own, calls, f"{name} ({where}:{line})"))
    out = [
        f"# CPU profile of the event loop (cProfile, main thread's CPU clock): {total:.1f} s "
        f"profiled, {total / max(1, moves) * 1000:.2f} ms a move with the profiler's own cost"
    ]
    out.append(f"# {'cum %':>6} {'own %':>6} {'calls/move':>10}  function")
    wrappers = [r for r in rows if r[0] > 0.8 * total and r[1] < 0.01 * r[0]]
    out.append(
        f"# ({len(wrappers)} functions that only pass the socket on, ASGI apps and such, left out)"
    )
    for cum, own, calls, name in sorted(set(rows) - set(wrappers), reverse=True)[:top]:
        out.append(
            f"# {100 * cum / total:>6.1f} {100 * own / total:>6.1f} "
            f"{calls / max(1, moves):>10.2f}  {name}"
        )
    out.append("# most own time:")
    for _cum, own, calls, name in sorted(rows, key=lambda r: -r[1])[:top]:
        out.append(f"# {100 * own / total:>6.1f} {calls / max(1, moves):>10.2f}  {name}")
    return out


def start_profiler(path: str, pid: int, seconds: float) -> subprocess.Popen:
    """py-spy sampling the server's threads (100 Hz, without stopping it) for ``seconds``."""
    beside = Path(sys.executable).with_name("py-spy")
    spy = str(beside) if beside.exists() else shutil.which("py-spy")
    if spy is None:
        raise SystemExit("--profile needs py-spy (pip install py-spy)")
    command = [spy, "record", "--pid", str(pid), "--rate", "100", "--format", "raw"]
    command += ["--threads", "--nonblocking", "--duration", str(int(seconds) + 1), "-o", path]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


#: a frame of py-spy's raw output: "function (path/file.py:line)"
FRAME = re.compile(r"^(.*) \((.*?)(?::\d+)?\)$")


def profile_summary(path: str, loop_ms: float, top: int = 30) -> list[str]:
    """The event loop's samples (the thread running ``asyncio.run``) by function: share of the
    loop's samples inclusive and self, and the loop's CPU per move that share stands for."""
    threads: dict[str, list[tuple[list[str], int]]] = {}
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not stack or not count.isdigit():
                continue
            frames = stack.split(";")
            threads.setdefault(frames[0], []).append((frames[1:], int(count)))
    if not threads:
        return ["# profile: no samples"]

    def runs_loop(samples: list[tuple[list[str], int]]) -> int:
        return sum(n for frames, n in samples if any("runners.py" in f for f in frames))

    loop = max(threads.values(), key=runs_loop)
    total = sum(n for _, n in loop)
    inclusive: dict[str, int] = {}
    own: dict[str, int] = {}
    for frames, n in loop:
        names = ["(the loop's own native code: uvloop, system calls)"]
        cut = max((i for i, f in enumerate(frames) if "runners.py" in f), default=-1)
        for frame in frames[cut + 1 :]:
            m = FRAME.match(frame)
            name = f"{m[1]} ({m[2].rsplit('/', 2)[-1]})" if m else frame
            names.append(name)
        for name in set(names):
            inclusive[name] = inclusive.get(name, 0) + n
        if names:
            own[names[-1]] = own.get(names[-1], 0) + n
    per = loop_ms / max(1, total)
    out = [f"# profile of the event loop: {total} samples (the loop's {loop_ms:.2f} ms a move)"]
    out.append(f"# {'incl %':>7} {'ms/move':>8} {'self %':>7}  function")
    ranked = sorted(inclusive.items(), key=lambda kv: -kv[1])
    for name, n in ranked[:top]:
        mine = 100 * own.get(name, 0) / total
        out.append(f"# {100 * n / total:>7.1f} {n * per:>8.3f} {mine:>7.1f}  {name}")
    out.append("# most self time:")
    for name, n in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        out.append(f"# {100 * n / total:>7.1f} {n * per:>8.3f}  {name}")
    return out


# -- one load-generating process ------------------------------------------------------------------
@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    refused: int = 0
    stale: int = 0
    errors: list[str] = field(default_factory=list)
    closed: int = 0
    finished: int = 0
    frames: int = 0  # frames received by every socket of the load
    bytes: int = 0  # and their length

    def take(self) -> dict[str, Any]:
        out = {
            "latencies": self.latencies,
            "moves": self.moves,
            "refused": self.refused,
            "stale": self.stale,
            "errors": self.errors[:5],
            "closed": self.closed,
            "finished": self.finished,
            "frames": self.frames,
            "bytes": self.bytes,
        }
        self.latencies, self.errors = [], []
        self.moves = self.refused = self.stale = self.closed = self.finished = 0
        self.frames = self.bytes = 0
        return out


class Table:
    """One table of the load: its seats' sockets, a spectator, and the moves in flight."""

    def __init__(self, gen: Generator, spectator: bool) -> None:
        self.gen = gen
        self.spectator = spectator
        self.sent: dict[int, float] = {}  # seq after the move -> when it was sent
        self.over = False
        self.sockets: list[ClientConnection] = []
        self.tasks: list[asyncio.Task] = []

    async def open(self, base: str, game: str, players: int) -> None:
        info = await self.gen.create(base, game, players)
        url = f"{base.replace('http', 'ws')}/ws/{info['id']}"
        hellos: list[tuple[int | None, str | None]] = [
            (s["seat"], s["token"]) for s in info["seats"]
        ]
        if self.spectator:
            hellos.append((None, None))
        for seat, token in hellos:
            ws = await self.gen.connect(url)
            await ws.send(encode({"type": "hello", "token": token}))
            self.sockets.append(ws)
            self.tasks.append(asyncio.create_task(self.listen(ws, seat)))

    async def listen(self, ws: ClientConnection, seat: int | None) -> None:
        """Read this socket; a seat moves ``think`` seconds after its turn starts.  A frame
        holds one message or (sent together) an array of them."""
        stats = self.gen.stats
        mover: asyncio.Task | None = None
        try:
            async for raw in ws:
                stats.frames += 1
                stats.bytes += len(raw)
                for msg in glance(raw):
                    mover = self.take(msg, ws, seat, mover)
                if self.over and not self.gen.stopping:
                    break
        except ConnectionClosed:
            if not self.gen.stopping and not self.over:
                stats.closed += 1
        except Exception as exc:  # a frame the load cannot read: shown, not silently idle
            stats.errors.append(f"reading a frame: {exc!r}"[:200])
            stats.refused += 1
        finally:
            if mover is not None:
                mover.cancel()

    def take(
        self,
        msg: Seen,
        ws: ClientConnection,
        seat: int | None,
        mover: asyncio.Task | None,
    ) -> asyncio.Task | None:
        """One message of the socket of ``seat``; the task that moves next, if any (an update
        with a ``patch`` need not be applied: the load reads only ``legal``, ``seq``, ``over``)."""
        stats, rng = self.gen.stats, self.gen.rng
        kind = msg.type
        if kind in ("update", "sync"):
            seq = msg.seq
            if (seat is None or not self.spectator) and self.sent:
                if seq in self.sent:
                    stats.latencies.append(time.perf_counter() - self.sent.pop(seq))
                for passed in [n for n in self.sent if n < seq]:  # refused as stale: no answer
                    del self.sent[passed]  # to wait for (the table is past it)
            if mover is not None:
                mover.cancel()
                mover = None
            if msg.over:
                self.over = True
            elif seat is not None and len(msg.legal) > 2:  # not []
                choices = read_choices(msg.legal)
                if choices:
                    mover = asyncio.create_task(self.move(ws, seq, choices, rng))
        elif kind == "accepted":
            stats.moves += 1
        elif kind == "refused":
            if msg.error["kind"] == "stale":
                stats.stale += 1
            else:
                stats.refused += 1
                stats.errors.append(str(msg.error)[:200])
        elif kind == "error":
            stats.errors.append(str(msg.error)[:200])
        return mover

    async def move(
        self, ws: ClientConnection, seq: int, legal: list[Choice], rng: random.Random
    ) -> None:
        await asyncio.sleep(rng.uniform(*self.gen.think))
        if self.gen.stopping:
            return
        action = rng.choice(legal).notation
        self.sent[seq + 1] = time.perf_counter()
        await ws.send(encode({"type": "act", "action": action, "seq": seq, "id": f"m{seq}"}))

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for ws in self.sockets:
            with contextlib.suppress(Exception):  # closing what is already gone
                await ws.close()


class Generator:
    def __init__(self, bases: list[str], think: tuple[float, float], seed: int) -> None:
        #: where the tables are made (table ``i`` at ``bases[i % len(bases)]``: one server, or
        #: with ``--direct`` each worker)
        self.bases = bases
        self.think = think
        self.rng = random.Random(seed)
        self.stats = Stats()
        self.stopping = False
        self.http: httpx.AsyncClient | None = None

    async def create(self, base: str, game: str, players: int) -> dict[str, Any]:
        assert self.http is not None
        for attempt in range(10):
            try:
                r = await self.http.post(
                    f"{base}/api/tables", json={"game": game, "players": players}
                )
                if r.status_code == 201:
                    return dict(r.json())
                raise SystemExit(f"creating a table: {r.status_code} {r.text}")
            except httpx.TransportError:
                await asyncio.sleep(0.1 * (attempt + 1))
        raise SystemExit("cannot create tables")

    async def connect(self, url: str) -> ClientConnection:
        for attempt in range(10):
            try:
                return await connect(
                    url, max_size=2**24, compression=None, open_timeout=60, ping_interval=None
                )
            except (OSError, TimeoutError):
                await asyncio.sleep(0.2 * (attempt + 1))
        raise SystemExit(f"cannot connect to {url}")


def games_for(index: int, mix: list[tuple[str, int]]) -> tuple[str, int]:
    return mix[index % len(mix)]


async def generate(
    bases: list[str],
    slots: list[tuple[int, bool]],
    mix: list[tuple[str, int]],
    think: tuple[float, float],
    seed: int,
    to_parent: Any,
    from_parent: Any,
) -> None:
    gen = Generator(bases, think, seed)
    limits = httpx.Limits(max_connections=16)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        gen.http = http
        tables: dict[int, Table] = {}
        sem = asyncio.Semaphore(16)
        replacing: set[asyncio.Task] = set()

        async def open_slot(index: int, spectator: bool) -> None:
            async with sem:
                table = Table(gen, spectator)
                await table.open(bases[index % len(bases)], *games_for(index, mix))
                tables[index] = table

        await asyncio.gather(*(open_slot(i, s) for i, s in slots))
        quiet = asyncio.create_task(keep_collector_quiet())
        to_parent.put(("ready", len(tables)))
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, from_parent.get)  # "go"
        gen.stats.take()  # what happened while the tables were opening is not measured
        cpu0 = time.process_time()
        deadline = None
        while True:
            await asyncio.sleep(TICK / 5)
            for index, table in list(tables.items()):
                if table.over:  # a finished game: a new table in its place
                    gen.stats.finished += 1
                    await table.close()
                    del tables[index]
                    task = asyncio.create_task(open_slot(index, table.spectator))
                    replacing.add(task)
                    task.add_done_callback(replacing.discard)
            if not from_parent.empty():
                command = from_parent.get()
                if command == "tick":
                    out = gen.stats.take()
                    out["cpu"] = time.process_time() - cpu0
                    now = time.perf_counter()
                    out["unanswered"] = sum(
                        1
                        for t in tables.values()
                        for sent in t.sent.values()
                        if now - sent > ANSWER_TIMEOUT
                    )
                    to_parent.put(("tick", out))
                elif command == "stop":
                    gen.stopping = True
                    deadline = time.monotonic() + 5
            if deadline is not None and time.monotonic() > deadline:
                break
        quiet.cancel()
        for table in tables.values():
            await table.close()


async def keep_collector_quiet(interval: float = 5.0) -> None:
    """Keep this load process's own garbage collections short, as the server does
    (``gametable.server.memory``): its thousands of sockets and views made a full collection
    pause it for about 300 ms every 10-15 s at 2,000 tables, and every move it was timing
    then read 300 ms late while the server's probe saw no stall."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, *gc.get_threshold()[1:])
    while True:
        await asyncio.sleep(interval)
        gc.freeze()


def generator_main(
    bases: list[str],
    slots: list[tuple[int, bool]],
    mix: list[tuple[str, int]],
    think: tuple[float, float],
    seed: int,
    to_parent: Any,
    from_parent: Any,
) -> None:
    raise_open_files()
    uvloop.install()  # the load generator is cheaper with it (uvicorn[standard] brings it)
    asyncio.run(generate(bases, slots, mix, think, seed, to_parent, from_parent))


# -- the parent: the timeline --------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))]


def socket_room(limit: int, workers: int, direct: bool = False) -> tuple[int, str]:
    """How many of the load's sockets fit under a process's ``limit`` of open files, and what
    holds them: one server holds each once; with several workers, HAProxy in front of them holds
    each twice (its client's side and its worker's) under the same limit; without the router
    (``--direct``), each worker holds its share."""
    if workers == 1:
        return limit, "server"
    if direct:
        return limit * workers, f"{workers} workers"
    return limit // 2, "router (HAProxy)"


def spectators_that_fit(tables: int, seats: int, limit: int) -> int:
    return max(0, min(tables, limit - SERVER_RESERVE - seats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time")
    parser.add_argument("--procs", type=int, default=2, help="load-generating processes")
    parser.add_argument("--mix", default="keezbord:4,balam:2", help="game:players,...")
    parser.add_argument("--think", type=float, nargs=2, default=[2.0, 8.0])
    parser.add_argument("--workers", type=int, default=1, help="gametable serve --workers N")
    parser.add_argument(
        "--direct",
        action="store_true",
        help="with --workers N: start N servers of one database without the router, and make "
        "and play table i on server i mod N (as the router's hash would send it), so that no "
        "socket is held twice (the router holds each twice under one open-file limit)",
    )
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--src", default=None, help="run the server from this source tree")
    parser.add_argument("--set", action="append", help="a server setting name=value")
    parser.add_argument("--tmp", default=None, help="where the database goes")
    parser.add_argument(
        "--profile",
        default=None,
        metavar="PATH",
        help="sample the server with py-spy over the measured window (raw stacks to PATH) and "
        "print where its event loop spends its time (wall-clock samples: on a busy machine "
        "they also count the time it waits for a CPU, mostly right after system calls)",
    )
    parser.add_argument(
        "--profile-cpu",
        default=None,
        metavar="PATH",
        help="run the server under cProfile timed by its event loop's CPU clock over the "
        "measured window (stats to PATH) and print where that CPU goes",
    )
    args = parser.parse_args()
    if args.direct and (args.workers < 2 or not args.database_url):
        parser.error("--direct needs --workers 2 or more and --database-url")
    if (args.profile or args.profile_cpu) and args.workers > 1:
        parser.error("--profile and --profile-cpu profile one server process (--workers 1)")
    mix = [(g, int(p)) for g, p in (item.split(":") for item in args.mix.split(","))]
    seats = sum(games_for(i, mix)[1] for i in range(args.tables))
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    room, holder = socket_room(limit, args.workers, args.direct)
    if seats + SERVER_RESERVE > room:
        parser.error(
            f"{seats} seats' sockets do not fit in the {holder} ({limit} open files a "
            f"process, ulimit -Hn); fewer --tables, or a higher hard limit"
        )
    watched = spectators_that_fit(args.tables, seats, room)
    if watched < args.tables:
        print(
            f"# {args.tables - watched} tables without a spectator: {seats + args.tables} "
            f"sockets would not fit in the {holder} ({limit} open files a process)",
            flush=True,
        )
    slots = [(i, i < watched) for i in range(args.tables)]
    random.Random(7).shuffle(slots)
    raise_open_files()
    ports = [free_port() for _ in range(args.workers if args.direct else 1)]
    args.port = ports[0]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    with tempfile.TemporaryDirectory(dir=args.tmp) as data_dir:
        args.data_dir = data_dir
        server = start_server(args, data_dir, ports)
        procs = []
        try:
            ctx = mp.get_context("spawn")
            to_parent = ctx.Queue()
            orders = [ctx.Queue() for _ in range(args.procs)]
            for k in range(args.procs):
                mine = slots[k :: args.procs]
                p = ctx.Process(
                    target=generator_main,
                    args=(bases, mine, mix, tuple(args.think), k, to_parent, orders[k]),
                    daemon=True,
                )
                p.start()
                procs.append(p)
            opened = time.monotonic()
            ready = 0
            for _ in procs:
                ready += wait_for(to_parent, procs)[1]
            tree = process_tree(server.pid)
            print(
                f"# {ready} tables ({args.mix}), {seats + watched} sockets open in "
                f"{time.monotonic() - opened:.0f} s; server RSS {rss_mib(tree):.0f} MiB; "
                f"{args.procs} load processes; think {args.think[0]:g}-{args.think[1]:g} s",
                flush=True,
            )
            for q in orders:
                q.put("go")
            report(args, server, orders, to_parent, procs)
        finally:
            for q in orders if procs else []:
                q.put("stop")
            for p in procs:
                p.join(15)
                if p.is_alive():
                    p.kill()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()


class Probe(threading.Thread):
    """A spectator in this (otherwise idle) process that pings the server every 100 ms: its
    round trips show the server's stalls apart from the load generators' own."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        table = httpx.post(base + "/api/tables", json={"game": "balam", "players": 2}).json()
        self.url = base.replace("http", "ws") + f"/ws/{table['id']}"
        self.times: list[float] = []
        self.stop = threading.Event()

    def run(self) -> None:
        with contextlib.suppress(ConnectionClosed), sync_connect(self.url, max_size=2**24) as ws:
            ws.send(encode({"type": "hello", "token": None}))
            while not self.stop.wait(0.1):
                sent = time.perf_counter()
                ws.send(encode({"type": "ping", "id": 1}))
                while not any(m.get("type") == "pong" for m in messages(ws.recv(timeout=60))):
                    pass
                self.times.append(time.perf_counter() - sent)
        # the server was stopped (end of the run): nothing more to time

    def take(self) -> list[float]:
        out, self.times = self.times, []
        return out


class Background:
    """The server's background work in each window (``GET /api/timings``): group commits per
    second, writes per commit, the commit's time (SQLite's ``COMMIT``: the WAL's ``fsync``, and a
    checkpoint when one is due) at p99 and at most, the longest time the batch's statements took
    before it (``stm``) and the longest round trip of a batch through its thread (``thr``:
    statements, commit and the hand-overs), the longest wait of a write for its batch to start
    and the deepest queue, SQLite's checkpoints run apart from the commits (their longest), the
    longest sync of the WAL by the store's own thread (``wal_sync_interval``), the
    longest garbage collection and the share of the window spent in collections (``gc %``: the
    collector holds the interpreter lock, so the event loop waits that long), the minute sweep
    (its time, when one ran), and the size of the database's WAL file and of the database.  With
    ``--workers N``: one worker's (the one the request reaches)."""

    HEADER = (
        f"{'cmt/s':>6} {'w/cmt':>5} {'cmt p99':>7} {'cmt max':>7} {'stm max':>7} {'thr max':>7} "
        f"{'wait max':>8} {'q max':>5} "
        f"{'ckpt max':>8} {'sync max':>8} {'gc max':>6} {'gc %':>5} {'sweep':>6} {'WAL MiB':>7} "
        f"{'db MiB':>6}"
    )

    def __init__(self, base: str, data_dir: str) -> None:
        self.base = base
        self.data_dir = Path(data_dir)
        self.since = self.fetch(0.0).get("now", 0.0)
        #: the garbage collector's seconds over the windows read so far (``None``: the server
        #: has no ``/api/timings``)
        self.collecting: float | None = None

    def fetch(self, since: float) -> dict[str, Any]:
        try:
            r = httpx.get(f"{self.base}/api/timings", params={"since": since}, timeout=10)
            return dict(r.json()) if r.status_code == 200 else {}
        except httpx.HTTPError:
            return {}

    def size(self, suffix: str) -> float:
        files = list(self.data_dir.glob(f"**/*.sqlite3{suffix}"))
        return sum(f.stat().st_size for f in files if f.exists()) / 2**20

    def line(self) -> str:
        got = self.fetch(self.since)
        if not got:  # an older server (``--src``) without the endpoint
            return ""
        self.since = got["now"]
        none = {"events": 0, "count": 0, "count_max": 0, "seconds": 0.0, "p99": 0.0, "max": 0.0}
        commit, queue = got.get("commit", none), got.get("queue", none)
        statements, batch = got.get("statements", none), got.get("batch", none)
        ckpt, collect, sweep = got.get("checkpoint", none), got.get("gc", none), got.get("sweep")
        synced = got.get("wal_sync", none)
        swept = f"{sweep['max'] * 1000:>6.0f}" if sweep and sweep["events"] else f"{'-':>6}"
        self.collecting = (self.collecting or 0.0) + collect["seconds"]
        return (
            f"{commit['events'] / TICK:>6.0f} {commit['count'] / max(1, commit['events']):>5.1f} "
            f"{commit['p99'] * 1000:>7.1f} {commit['max'] * 1000:>7.1f} "
            f"{statements['max'] * 1000:>7.1f} {batch['max'] * 1000:>7.1f} "
            f"{queue['max'] * 1000:>8.1f} {queue['count_max']:>5} "
            f"{ckpt['max'] * 1000:>8.1f} {synced['max'] * 1000:>8.1f} "
            f"{collect['max'] * 1000:>6.1f} {collect['seconds'] / TICK * 100:>4.1f}% {swept} "
            f"{self.size('-wal'):>7.1f} {self.size(''):>6.1f}"
        )


def wait_for(inbox: Any, procs: list) -> Any:
    """The next message from the load processes (exits if one of them died)."""
    while True:
        with contextlib.suppress(queue.Empty):
            return inbox.get(timeout=1)
        if any(not p.is_alive() for p in procs):
            raise SystemExit("a load process died (its traceback is above)")


def steal_times() -> tuple[int, int]:
    """The machine's CPU time taken by the hypervisor for other guests (``steal``) and its CPU
    time in all, in ticks since boot (``/proc/stat``; zeros where there is none).  A virtual
    machine's steal makes every figure of a run slower, the server's and the load's alike."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return (0, 0)
    return (fields[7] if len(fields) > 7 else 0, sum(fields[:8]))


def report(
    args: argparse.Namespace, server: subprocess.Popen, orders: list, inbox: Any, procs: list
) -> None:
    probe = Probe(f"http://127.0.0.1:{args.port}")
    probe.start()
    background = Background(f"http://127.0.0.1:{args.port}", args.data_dir)
    print(
        f"{'t s':>5} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'srv CPU':>8} "
        f"{'RSS MiB':>8} {'gen CPU':>8} {'load':>5} {'steal':>6} {'errors':>6} {'ping max':>8} "
        f"{'B/move':>7} {Background.HEADER}",
        flush=True,
    )
    start = time.monotonic()
    every: list[float] = []
    totals = {
        "moves": 0,
        "refused": 0,
        "stale": 0,
        "closed": 0,
        "finished": 0,
        "unanswered": 0,
        "frames": 0,
        "bytes": 0,
    }
    errors: list[str] = []
    tree = process_tree(server.pid)
    server_cpu = cpu_seconds(tree)
    threads0 = thread_cpu_seconds(tree)
    spy = None if args.profile is None else start_profiler(args.profile, server.pid, args.seconds)
    if args.profile_cpu:
        Path(args.profile_cpu).unlink(missing_ok=True)
        os.kill(server.pid, signal.SIGUSR2)
    gen_cpu = 0.0
    lines: list[tuple[float, float, float]] = []
    stolen, stole = steal_times(), []
    for tick in itertools.count(1):
        time.sleep(max(0.0, start + tick * TICK - time.monotonic()))
        for q in orders:
            q.put("tick")
        parts = [wait_for(inbox, procs)[1] for _ in orders]
        now = time.monotonic()
        tree = process_tree(server.pid)
        cpu = cpu_seconds(tree)
        lat = [x for p in parts for x in p["latencies"]]
        every += lat
        moves = sum(p["moves"] for p in parts)
        for key in totals:
            if key != "unanswered":
                totals[key] += sum(p[key] for p in parts)
        totals["unanswered"] = sum(p["unanswered"] for p in parts)
        for p in parts:
            errors += p["errors"]
        gen = sum(p["cpu"] for p in parts)
        bad = sum(p["refused"] + p["closed"] for p in parts) + totals["unanswered"]
        srv = (cpu - server_cpu) / TICK * 100
        lines.append((srv, rss_mib(tree), os.getloadavg()[0]))
        before, stolen = stolen, steal_times()
        stole.append(100 * (stolen[0] - before[0]) / max(1, stolen[1] - before[1]))
        print(
            f"{now - start:>5.0f} {moves / TICK:>8.0f} {percentile(lat, 0.5) * 1000:>7.1f} "
            f"{percentile(lat, 0.99) * 1000:>7.1f} {max(lat, default=float('nan')) * 1000:>7.1f} "
            f"{srv:>7.0f}% {lines[-1][1]:>8.0f} {(gen - gen_cpu) / TICK * 100:>7.0f}% "
            f"{lines[-1][2]:>5.1f} {stole[-1]:>5.0f}% {bad:>6} "
            f"{max(probe.take(), default=0) * 1000:>8.0f} "
            f"{sum(p['bytes'] for p in parts) / max(moves, 1):>7.0f} "
            f"{background.line()}",
            flush=True,
        )
        server_cpu, gen_cpu = cpu, gen
        if now - start >= args.seconds:
            break
    elapsed = time.monotonic() - start
    if args.profile_cpu:
        os.kill(server.pid, signal.SIGUSR1)
    spent = sum(x[0] for x in lines) / 100 * TICK  # server CPU seconds over the window
    threads1 = thread_cpu_seconds(process_tree(server.pid))
    print(
        f"# {args.tables} tables, {elapsed:.0f} s: {totals['moves']} moves "
        f"({totals['moves'] / elapsed:.0f}/s), latency p50 {percentile(every, 0.5) * 1000:.1f} "
        f"p99 {percentile(every, 0.99) * 1000:.1f} max {max(every, default=0) * 1000:.0f} ms; "
        f"server CPU mean {statistics.mean(x[0] for x in lines):.0f}% "
        f"({spent / max(1, totals['moves']) * 1000:.2f} ms per move), "
        f"RSS max {max(x[1] for x in lines):.0f} MiB; load average mean "
        f"{statistics.mean(x[2] for x in lines):.1f} on {os.cpu_count()} cores; CPU time "
        f"taken by the host (steal) mean {statistics.mean(stole):.0f}%, max {max(stole):.0f}%",
        flush=True,
    )
    moved = max(1, totals["moves"])
    loop_ms, others_ms, kernel_ms = (
        (b - a) / moved * 1000 for a, b in zip(threads0, threads1, strict=True)
    )
    print(
        f"# server CPU per move by thread: event loop {loop_ms:.2f} ms ({kernel_ms:.2f} of it "
        f"in the kernel), other threads (the "
        f"group commits) {others_ms:.2f} ms, other processes (bots) "
        f"{spent / moved * 1000 - loop_ms - others_ms:.2f} ms",
        flush=True,
    )
    if background.collecting is not None:
        print(
            f"# the garbage collector: {background.collecting / moved * 1000:.3f} ms per move "
            f"({background.collecting / elapsed * 100:.1f}% of the time, in collections)",
            flush=True,
        )
    print(
        f"# received by the load's sockets per move: {totals['frames'] / moved:.2f} frames, "
        f"{totals['bytes'] / moved:,.0f} bytes; the load processes' CPU per move "
        f"{gen_cpu / moved * 1000:.2f} ms",
        flush=True,
    )
    print(
        f"# refused {totals['refused']}, stale {totals['stale']}, sockets closed "
        f"{totals['closed']}, unanswered {totals['unanswered']}, games finished "
        f"{totals['finished']}" + (f"; first errors: {errors[:3]}" if errors else ""),
        flush=True,
    )
    if spy is not None:
        try:
            spy.wait(30)
        except subprocess.TimeoutExpired:
            spy.kill()
            spy.wait()
        print("\n".join(profile_summary(args.profile, loop_ms)), flush=True)
    if args.profile_cpu:
        print("\n".join(cpu_profile_summary(args.profile_cpu, totals["moves"])), flush=True)


if __name__ == "__main__":
    main()
