"""A stopped run keeps its shards; running it again plays only the missing games."""

from __future__ import annotations

import pytest

from gametable.simulate import RunConfig, load_results, simulate
from gametable.simulate.store import RunStore

CONFIG = RunConfig.make("balzakken", 3, ("random",), seed=5)


def _stop_after(shards: int):
    written = []

    def on_shard(start, stop):
        written.append((start, stop))
        if len(written) == shards:
            raise KeyboardInterrupt

    return on_shard


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_run_resumes_without_losing_or_duplicating_games(tmp_path, jobs):
    full = tmp_path / "full"
    simulate(CONFIG, 30, full, jobs=1)
    part = tmp_path / "part"
    first = simulate(CONFIG, 30, part, jobs=jobs, chunk=4, on_shard=_stop_after(3))
    assert first.interrupted and first.played == 12
    kept = load_results(part)
    assert len(kept) == 12 and len({r["game_index"] for r in kept}) == 12
    # a half-written shard left by a crash is not a shard
    (part / "shards" / ".tmp-crashed").write_bytes(b"PAR1 garbage")
    second = simulate(CONFIG, 30, part, jobs=jobs, chunk=7)
    assert not second.interrupted
    assert (second.skipped, second.played) == (12, 18)
    assert load_results(part) == load_results(full)
    assert simulate(CONFIG, 30, part, jobs=jobs).played == 0


def test_asking_for_more_games_extends_a_finished_run(tmp_path):
    simulate(CONFIG, 10, tmp_path, jobs=1, chunk=4)
    assert simulate(CONFIG, 15, tmp_path, jobs=1, chunk=4).played == 5
    assert [r["game_index"] for r in load_results(tmp_path)] == list(range(15))
    assert RunStore(tmp_path).read_meta()["games"] == 15


def test_a_different_run_in_the_same_directory_is_refused(tmp_path):
    simulate(CONFIG, 2, tmp_path, jobs=1)
    other = RunConfig.make("balzakken", 3, ("random",), seed=6)
    with pytest.raises(ValueError, match="seed"):
        simulate(other, 2, tmp_path, jobs=1)
    with pytest.raises(ValueError, match="format"):
        simulate(CONFIG, 2, tmp_path, jobs=1, fmt="csv")
