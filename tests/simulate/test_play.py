"""A small simulation of every registered game, with rows that replay exactly."""

from __future__ import annotations

import json

import pytest

import gametable
from gametable.simulate import RunConfig, load_results, play_game, replay_row, seat_bots, simulate
from gametable.simulate.play import bot_seed, drama_and_decisiveness, game_seed


def _min_players(name: str) -> int:
    return gametable.load_game(name).min_players


@pytest.mark.parametrize("name", gametable.game_names())
def test_a_small_simulation_of_each_game_gives_one_full_row_per_game(tmp_path, name):
    n = _min_players(name)
    config = RunConfig.make(name, n, ("random",), seed=11)
    summary = simulate(config, 4, tmp_path / name, jobs=1)
    assert (summary.played, summary.skipped) == (4, 0)
    rows = load_results(tmp_path / name)
    assert [r["game_index"] for r in rows] == [0, 1, 2, 3]
    for r in rows:
        assert r["game"] == name and r["players"] == n
        assert r["seed"] == game_seed(11, r["game_index"])
        assert r["decisions"] > 0 and r["mean_branching"] >= 1
        winners = json.loads(r["winners"])
        if not r["timeout"]:
            assert winners and all(r[f"rank_{s}"] == 1 for s in winners)
            assert [r[f"score_{s}"] is not None for s in range(n)] == [True] * n
        for s in range(n):
            assert r[f"seat_{s}_bot"] == "random"
            assert r[f"seat_{s}_bot_seed"] == bot_seed(11, r["game_index"], s)
        assert json.loads(r["options"]) == gametable.load_game(name).resolve_options({})


@pytest.mark.parametrize("name", gametable.game_names())
def test_a_row_replays_to_the_same_result(tmp_path, name):
    config = RunConfig.make(name, _min_players(name), ("random",), seed=3)
    simulate(config, 2, tmp_path, jobs=1)
    for row in load_results(tmp_path):
        assert replay_row(row) == row
        record = gametable.Record.from_json(row["record"])
        final = record.replay()
        assert json.dumps(list(final.outcome.winners)) == row["winners"]
        assert final.ply == row["decisions"]


def test_rows_read_back_from_csv_replay_too(tmp_path):
    config = RunConfig.make("balzakken", 3, ("random",), seed=9)
    simulate(config, 3, tmp_path, jobs=1, fmt="csv")
    assert list((tmp_path / "shards").glob("*.csv"))
    rows = load_results(tmp_path)
    assert len(rows) == 3
    for row in rows:
        again = replay_row(row)
        assert again["winners"] == row["winners"] and again["seed"] == row["seed"]
        assert again["record"] == row["record"]


def test_bots_rotate_one_seat_per_game_and_events_become_columns():
    assert [seat_bots(["a", "b"], 3, i) for i in range(3)] == [
        ["a", "b", "a"],
        ["a", "a", "b"],
        ["b", "a", "a"],
    ]
    row = play_game(RunConfig.make("balzakken", 3, ("random", "random"), seed=1), 0)
    assert row["rounds"] >= 1
    assert {"event_good_balzak", "event_false_balzak", "event_overcall_balzak"} <= set(row)


def test_config_errors_are_caught_before_any_game_is_played():
    with pytest.raises(ValueError):
        RunConfig.make("balzakken", 1)
    with pytest.raises(ValueError):
        RunConfig.make("balzakken", 3, options={"nonsense": 1})
    with pytest.raises(ValueError):
        RunConfig.make("balzakken", 2, ("random", "random", "random"))
    with pytest.raises(ValueError):
        RunConfig.make("balzakken", 3, ("no-such-bot",))


def test_drama_and_decisiveness_follow_their_definitions():
    # the winner (seat 0) leads throughout: no drama, decided at the first sample above
    # the losers' best (0.4)
    evals = [(0, [0.6, 0.4]), (5, [0.7, 0.3])]
    assert drama_and_decisiveness(evals, [0], 10) == (0.0, 0.0)
    # the winner trails by 0.4 then by 0.2, never exceeding the loser's best (0.7)
    evals = [(0, [0.3, 0.7]), (5, [0.4, 0.6])]
    assert drama_and_decisiveness(evals, [0], 10) == (0.3, 1.0)
    assert drama_and_decisiveness([], [0], 10) == (None, None)


def test_a_game_stopped_by_the_decision_cap_is_a_timeout_and_still_replays(tmp_path):
    from gametable.simulate import write_report

    config = RunConfig.make("balzakken", 3, ("random",), seed=1, max_decisions=5)
    simulate(config, 3, tmp_path, jobs=1)
    rows = load_results(tmp_path)
    assert all(r["timeout"] and r["decisions"] == 5 and r["winners"] == "[]" for r in rows)
    assert all(r["score_0"] is None for r in rows)
    assert replay_row(rows[0]) == rows[0]
    assert "Timeouts" in write_report(tmp_path).read_text()


def test_a_failing_game_is_named_so_it_can_be_replayed(tmp_path, monkeypatch):
    from gametable.bots.base import RandomBot
    from gametable.simulate.play import GameFailed

    def broken(self, seat_state):
        raise KeyError("boom")

    monkeypatch.setattr(RandomBot, "choose", broken)
    with pytest.raises(GameFailed, match=r"game 0 of the run \(balzakken, seed \d+"):
        simulate(RunConfig.make("balzakken", 2, seed=1), 2, tmp_path, jobs=1)


def test_duplicate_deals_and_seat_stats():
    """``deal_every`` games share a deal while the line-up turns; ``seat_stats`` adds each seat's
    return, decisions and CPU seconds (what the arena reads)."""
    config = RunConfig.make(
        "balzakken", 2, ("random", "heuristic"), seed=5, deal_every=2, seat_stats=True
    )
    rows = [play_game(config, i) for i in range(4)]
    assert [r["seed"] for r in rows] == [game_seed(5, 0)] * 2 + [game_seed(5, 1)] * 2
    assert [r["seat_0_bot"] for r in rows] == ["random", "heuristic"] * 2
    for r in rows:
        assert sorted(r[f"return_{s}"] for s in range(2)) in ([0.0, 1.0], [0.5, 0.5])
        assert r["moves_0"] + r["moves_1"] == r["decisions"]
        assert r["cpu_0"] >= 0 and r["cpu_1"] >= 0


def test_a_run_stored_before_deal_every_and_seat_stats_still_resumes():
    """Fields at their defaults stay out of run.json, so older runs' configs compare equal."""
    data = RunConfig.make("balzakken", 3, seed=1).to_json()
    assert "deal_every" not in data and "seat_stats" not in data
    assert RunConfig.from_json(data) == RunConfig.make("balzakken", 3, seed=1)
    shared = RunConfig.make("balzakken", 3, seed=1, deal_every=3).to_json()
    assert shared["deal_every"] == 3
