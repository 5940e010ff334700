"""Where the games are played: in this process, in local worker processes, or on Ray.

A backend takes the run's config and a list of chunks ``(start, stop)`` and yields
``(start, stop, rows)`` as chunks finish, in any order.  Rows depend only on the config and the
game index, never on the backend, the number of jobs or the order of completion.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from gametable.simulate.play import RunConfig, play_chunk

Chunk = tuple[int, int]
Result = tuple[int, int, list[dict]]


class Backend(Protocol):
    def run(self, config: RunConfig, chunks: Sequence[Chunk]) -> Iterator[Result]: ...

    def close(self) -> None: ...


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class InProcessBackend:
    """Plays every chunk here, one after the other (jobs=1; also handy for debugging)."""

    def run(self, config: RunConfig, chunks: Sequence[Chunk]) -> Iterator[Result]:
        for start, stop in chunks:
            yield start, stop, play_chunk(config, start, stop)

    def close(self) -> None:
        pass


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them after keeping what is written."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk_args(args: tuple[dict, int, int]) -> Result:
    config, start, stop = args
    return start, stop, play_chunk(config, start, stop)


def pool_context() -> Any:
    """How the local workers are started: from a clean server process (``forkserver``) where
    the platform has one, else afresh (``spawn``); never forked from this process, whose other
    threads (a Ray client's, a server's) may hold locks the copy would wait on for ever (a test
    run hung so, forking after the Ray test in the same process)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class LocalBackend:
    """A pool of ``jobs`` worker processes on this machine."""

    def __init__(self, jobs: int | None = None) -> None:
        self.jobs = max(1, jobs or default_jobs())

    def run(self, config: RunConfig, chunks: Sequence[Chunk]) -> Iterator[Result]:
        if self.jobs == 1 or len(chunks) <= 1:
            yield from InProcessBackend().run(config, chunks)
            return
        data = config.to_json()
        pool = pool_context().Pool(min(self.jobs, len(chunks)), initializer=_ignore_sigint)
        try:
            yield from pool.imap_unordered(
                _play_chunk_args, [(data, a, b) for a, b in chunks], chunksize=1
            )
            pool.close()
        finally:
            pool.terminate()
            pool.join()

    def close(self) -> None:
        pass


class RayUnavailable(RuntimeError):
    """Ray is not installed (it is an optional extra)."""


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayUnavailable(
            "the Ray backend needs Ray, an optional extra: pip install 'gametable[ray]' "
            "(or use --backend local)"
        ) from None
    return ray


class RayBackend:
    """Chunks as Ray tasks on an existing cluster (``address``) or a local one started here.

    The connection stays open across runs (a sweep starts Ray once); :meth:`close` ends it.

    The cluster's workers must be able to import ``gametable`` (install it on every node).  At
    most ``in_flight`` tasks wait at once, so an interrupted run loses little work.  ``ray`` may be
    passed in (tests use a fake); otherwise it is imported when the run starts.
    """

    def __init__(
        self,
        address: str | None = None,
        jobs: int | None = None,
        ray: Any = None,
        in_flight: int | None = None,
    ) -> None:
        self.address = address
        self.jobs = jobs
        self._ray = ray
        self.in_flight = in_flight
        self._started = False

    def run(self, config: RunConfig, chunks: Sequence[Chunk]) -> Iterator[Result]:
        ray = self._ray if self._ray is not None else import_ray()
        self._ray = ray
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if self.address:
                kwargs["address"] = self.address
            elif self.jobs:
                kwargs["num_cpus"] = self.jobs
            ray.init(**kwargs)
            self._started = True
        yield from self._run(ray, config, chunks)

    def close(self) -> None:
        """Disconnect from the cluster (and stop it, if this backend started it)."""
        if self._started and self._ray is not None:
            self._ray.shutdown()
            self._started = False

    def _run(self, ray: Any, config: RunConfig, chunks: Sequence[Chunk]) -> Iterator[Result]:
        task = ray.remote(play_chunk)
        data = config.to_json()
        limit = self.in_flight or 4 * max(1, int(ray.cluster_resources().get("CPU", 1)))
        queue = list(chunks)
        pending: dict[Any, Chunk] = {}
        try:
            while queue or pending:
                while queue and len(pending) < limit:
                    start, stop = queue.pop(0)
                    pending[task.remote(data, start, stop)] = (start, stop)
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    start, stop = pending.pop(ref)
                    yield start, stop, ray.get(ref)
        finally:
            for ref in pending:
                # a task that already finished or is gone has nothing left to stop
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)


def make_backend(name: str, jobs: int | None = None, address: str | None = None) -> Backend:
    if name == "local":
        return LocalBackend(jobs)
    if name == "ray":
        return RayBackend(address=address, jobs=jobs)
    raise ValueError(f"unknown backend {name!r}; use local or ray")
