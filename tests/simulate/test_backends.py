"""Results depend on the run seed and the game index only: not on jobs, chunks or backend."""

from __future__ import annotations

import sys

import pytest

from gametable.simulate import RunConfig, load_results, simulate
from gametable.simulate.backends import (
    LocalBackend,
    RayBackend,
    RayUnavailable,
    make_backend,
    pool_context,
)

CONFIG = RunConfig.make("balzakken", 3, ("random",), seed=42)
GAMES = 24


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref")
    simulate(CONFIG, GAMES, out, jobs=1)
    return load_results(out)


def test_one_job_and_two_jobs_give_identical_rows(tmp_path, reference):
    simulate(CONFIG, GAMES, tmp_path, jobs=2, chunk=5)
    assert load_results(tmp_path) == reference


class FakeRef:
    def __init__(self, value):
        self.value = value


class FakeRay:
    """Just enough of Ray's API: tasks run when submitted, and finish in reverse order."""

    def __init__(self):
        self.initialized = False
        self.init_kwargs = None
        self.cancelled = []

    def is_initialized(self):
        return self.initialized

    def init(self, **kwargs):
        self.initialized, self.init_kwargs = True, kwargs

    def shutdown(self):
        self.initialized = False

    def cluster_resources(self):
        return {"CPU": 2.0}

    def remote(self, fn):
        class Task:
            @staticmethod
            def remote(*args):
                return FakeRef(fn(*args))

        return Task

    def wait(self, refs, num_returns=1):
        return refs[-num_returns:], refs[:-num_returns]

    def get(self, ref):
        return ref.value

    def cancel(self, ref, force=False):
        self.cancelled.append(ref)


def test_ray_backend_with_a_fake_ray_gives_the_same_rows(tmp_path, reference):
    fake = FakeRay()
    backend = RayBackend(address="ray://head:10001", ray=fake, in_flight=3)
    simulate(CONFIG, GAMES, tmp_path / "a", backend=backend, chunk=4)
    simulate(CONFIG, GAMES, tmp_path / "b", backend=backend, chunk=7)  # same connection
    assert load_results(tmp_path / "a") == reference == load_results(tmp_path / "b")
    assert fake.init_kwargs["address"] == "ray://head:10001"
    assert fake.initialized
    backend.close()
    assert not fake.initialized


def test_ray_backend_explains_when_ray_is_missing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(RayUnavailable, match=r"gametable\[ray\]"):
        simulate(CONFIG, 2, tmp_path, backend=RayBackend())


def test_backend_names():
    assert isinstance(make_backend("local", jobs=2), LocalBackend)
    assert isinstance(make_backend("ray"), RayBackend)
    with pytest.raises(ValueError):
        make_backend("spark")


# a real Ray cluster takes about 15 s to start and run: with the slow tests (the fake Ray above
# checks the backend's logic in the quick run)
@pytest.mark.slow
def test_a_real_local_ray_cluster_gives_the_same_rows(tmp_path, reference):
    pytest.importorskip("ray")
    backend = RayBackend(jobs=2)
    try:
        simulate(CONFIG, GAMES, tmp_path, backend=backend, chunk=6)
    finally:
        backend.close()
    assert load_results(tmp_path) == reference


def test_local_workers_are_never_forked_from_this_process():
    """A fork copies this process's other threads' locks held at that moment (a Ray client's
    after the Ray test, a server's): the copy may wait on them for ever. The local pool starts
    its workers from a fork server, or afresh."""
    assert pool_context().get_start_method() in ("forkserver", "spawn")
