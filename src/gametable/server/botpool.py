"""Bots think in worker processes, a bounded pool of them, never in the server process.

Each worker (:mod:`gametable.server.botworker`) answers one move at a time.  At most ``size``
moves are worked out at once, whatever the number of tables; the others wait their turn, and
the moves of tables where a person is seated or watching go first: tables of bots only hold at
most ``size - reserved`` workers (at least one) and take a free one only when no table with
people is waiting (:mod:`gametable.server.botqueue`).  The
server's own threads (database writes, table loading) are never used by a bot, so a busy bot pool
slows only the bots.

A move has a hard deadline: the search is told to stop at ``deadline`` seconds and play its best
move so far; a worker still silent ``grace`` seconds later is killed (and replaced when next
needed), and the move is the heuristic's (which a searching bot's worker says first), or ``None``
when not even that came (the table then plays a random legal move).  Closing the pool kills every
worker at once, so a server stops within moments whatever its bots are doing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from typing import Any

from gametable.server.botqueue import BotSlots

log = logging.getLogger("gametable.server")

#: seconds a new worker may take to load the games
START_TIMEOUT = 60.0
#: seconds to wait for a killed worker to be gone
REAP_TIMEOUT = 5.0
#: the longest line a worker may answer (a move's notation is short)
MAX_LINE = 1 << 16


@dataclass
class BotAnswer:
    """What a worker said: the move (``None`` if it was cut short or failed) and the fallback."""

    move: str | None
    provisional: str | None = None
    problem: str | None = None

    @property
    def best(self) -> str | None:
        return self.move if self.move is not None else self.provisional


class BotWorker:
    """One worker process, talked to over its stdin and stdout."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None

    @classmethod
    async def spawn(cls, command: list[str]) -> BotWorker:
        """A new worker process (not ready yet: see :meth:`ready`)."""
        proc = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=MAX_LINE,
            close_fds=True,  # the server's sockets stay with the server
        )
        return cls(proc)

    async def ready(self) -> None:
        """Wait until the worker has loaded the games (killed if it does not in time)."""
        try:
            said = await asyncio.wait_for(self.read(), START_TIMEOUT)
        except BaseException:
            self.kill()
            raise
        if said != {"ready": True}:
            self.kill()
            raise RuntimeError(f"a bot worker did not start: {said!r}")

    async def read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await self.proc.stdout.readline()
        if not line:
            raise EOFError("the bot worker ended")
        message = json.loads(line)
        if not isinstance(message, dict):
            raise ValueError(f"a bot worker said {line[:80]!r}")
        return message

    async def ask(self, job: dict[str, Any], deadline: float, grace: float) -> BotAnswer:
        """The worker's answer to ``job``; killed if it has not answered ``deadline + grace``
        seconds from now."""
        assert self.proc.stdin is not None
        loop = asyncio.get_running_loop()
        hard = loop.time() + deadline + grace
        self.proc.stdin.write(json.dumps({**job, "seconds": deadline}).encode() + b"\n")
        provisional = None
        try:
            await asyncio.wait_for(self.proc.stdin.drain(), deadline + grace)
            while True:
                message = await asyncio.wait_for(self.read(), max(0.0, hard - loop.time()))
                if "provisional" in message:
                    provisional = str(message["provisional"])
                elif "move" in message:
                    return BotAnswer(str(message["move"]), provisional)
                else:
                    return BotAnswer(None, provisional, str(message.get("error", message))[:500])
        except TimeoutError:
            await self.reap()
            return BotAnswer(None, provisional, f"no move within {deadline + grace:g} s")
        except (EOFError, ValueError, ConnectionError) as exc:
            await self.reap()
            return BotAnswer(None, provisional, f"the worker failed: {exc}")
        except BaseException:  # cancelled mid-move (table closed, server stopping)
            self.kill()
            raise

    def kill(self) -> None:
        if self.alive:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()

    async def reap(self) -> None:
        """Kill the worker and wait for it (a killed process ends at once), closing its pipes."""
        self.kill()
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.proc.wait(), REAP_TIMEOUT)


class BotPool:
    """At most ``size`` worker processes, started when first needed; ``reserved`` of them are
    kept for tables with people (when there are more than ``reserved``)."""

    def __init__(
        self,
        size: int,
        deadline: float,
        grace: float,
        command: list[str] | None = None,
        reserved: int = 1,
    ) -> None:
        self.size = size
        self.deadline = deadline
        self.grace = grace
        self.command = command or [
            sys.executable,
            "-m",
            "gametable.server.botworker",
            str(os.getpid()),
        ]
        self.idle: list[BotWorker] = []
        self.workers: set[BotWorker] = set()
        self.slots = BotSlots(size, max(1, size - reserved))
        self.closed = False

    async def move(self, job: dict[str, Any], people: bool = True) -> BotAnswer:
        """A bot's move for ``job`` (``game``, ``state``, ``seat``, ``spec``, ``seed``);
        ``people``: whether a person sits or watches at its table (such moves go first)."""
        async with self.slots.taken(people):
            if self.closed:
                return BotAnswer(None, None, "the server is stopping")
            try:
                worker = self.idle.pop() if self.idle else await self._start()
            except (OSError, RuntimeError, TimeoutError, EOFError, ValueError) as exc:
                log.error("cannot start a bot worker: %s", exc)
                return BotAnswer(None, None, f"no bot worker: {exc}")
            answer = await worker.ask(job, self.deadline, self.grace)
            if worker.alive and not self.closed:
                self.idle.append(worker)
            else:
                await worker.reap()
                self.workers.discard(worker)
            return answer

    async def _start(self) -> BotWorker:
        worker = await BotWorker.spawn(self.command)
        self.workers.add(worker)  # from the start, so that closing the pool kills it too
        if self.closed:
            worker.kill()
            raise RuntimeError("the server is stopping")
        try:
            await worker.ready()
        except BaseException:
            await worker.reap()
            self.workers.discard(worker)
            raise
        return worker

    def close(self) -> None:
        """Kill every worker now (they keep no state worth waiting for)."""
        self.closed = True
        for worker in self.workers:
            worker.kill()
        self.idle.clear()

    async def aclose(self) -> None:
        """:meth:`close`, then wait for the killed workers to be gone."""
        self.close()
        workers, self.workers = list(self.workers), set()
        await asyncio.gather(*(w.reap() for w in workers))
