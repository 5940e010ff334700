"""The arena's schedule and statistics on synthetic data, and a tiny real run."""

from __future__ import annotations

import math

import pytest
import typer
from typer.testing import CliRunner

from gametable.arena import (
    MatchResult,
    bradley_terry,
    lineups,
    register,
    run_arena,
    schedule,
    summarise,
    wilson,
)


def test_wilson_matches_known_values() -> None:
    lo, hi = wilson(60, 100)
    assert math.isclose(lo, 0.5020, abs_tol=1e-4) and math.isclose(hi, 0.6906, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and math.isclose(wilson(10, 10)[1], 1.0)
    lo, hi = wilson(5, 10)
    assert math.isclose(0.5 - lo, hi - 0.5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_bradley_terry_orders_and_scales() -> None:
    r = bradley_terry({(0, 1): 75, (1, 0): 25}, 2, prior=0)
    assert math.isclose(r[0] - r[1], 400 * math.log10(3), abs_tol=0.5)
    assert math.isclose(sum(r) / 2, 1500)
    clean = bradley_terry({(0, 1): 10}, 2)  # a sweep stays finite thanks to the prior
    assert clean[0] > clean[1] and math.isfinite(clean[0])
    three = bradley_terry({(0, 1): 8, (1, 0): 2, (1, 2): 8, (2, 1): 2, (0, 2): 9, (2, 0): 1}, 3)
    assert three[0] > three[1] > three[2]


def test_lineups_rotate_every_seat() -> None:
    assert lineups(2, 2) == [(0, 1), (1, 0)]
    assert lineups(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert len(lineups(3, 3)) == 3
    assert sorted(lineups(3, 2)) == sorted([(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)])


def test_schedule_shares_deals_across_rotations_and_is_reproducible() -> None:
    matches = schedule("balzakken", ["a", "b"], 4, 2, seed=7)
    assert [m.seats for m in matches] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert matches[0].seed == matches[1].seed != matches[2].seed
    assert matches == schedule("balzakken", ["a", "b"], 4, 2, seed=7)
    assert matches[0].seed != schedule("balzakken", ["a", "b"], 4, 2, seed=8)[0].seed


def result(i: int, seats: tuple[int, ...], returns: tuple[float, ...]) -> MatchResult:
    return MatchResult(i, seats, returns, 10, True, (0.1,) * len(seats), (5,) * len(seats))


def test_summary_on_synthetic_results() -> None:
    results = [
        result(i, (0, 1) if i % 2 else (1, 0), (1.0, 0.0) if i % 4 < 3 else (0.5, 0.5))
        for i in range(8)
    ]
    stats = summarise(["a", "b"], results)
    a, b = stats
    assert a.games == b.games == 8
    assert math.isclose(a.score + b.score, 1.0)
    assert (a.low, a.high) == pytest.approx(wilson(a.score * 8, 8))
    assert (a.score > b.score) == (a.rating > b.rating)
    assert a.ms_per_move == pytest.approx(20.0)


def test_summary_teams_count_once_per_game() -> None:
    # two bots in a four-seat team game: A A-partners in seats 0 and 2
    results = [result(0, (0, 1, 0, 1), (1.0, 0.0, 1.0, 0.0))]
    a, b = summarise(["a", "b"], results)
    assert (a.games, a.score, a.firsts) == (1, 1.0, 1)
    assert (b.games, b.score, b.firsts) == (1, 0.0, 0)


def test_tiny_arena_run() -> None:
    report = run_arena("balzakken", ["random", "heuristic"], games=2, seed=1, jobs=1)
    assert len(report.results) == 2 and report.unfinished == 0
    assert [s.games for s in report.stats] == [2, 2]
    again = run_arena("balzakken", ["random", "heuristic"], games=2, seed=1, jobs=2)
    assert [(r.returns, r.plies) for r in again.results] == [
        (r.returns, r.plies) for r in report.results
    ]  # the same games on two processes


def app() -> typer.Typer:
    a = typer.Typer()

    @a.callback()
    def main() -> None:
        """gametable"""

    register(a)
    return a


def test_arena_command_prints_table() -> None:
    out = CliRunner().invoke(
        app(),
        [
            "arena",
            "balzakken",
            "--bot",
            "random",
            "--bot",
            "heuristic",
            "--games",
            "2",
            "--jobs",
            "1",
        ],
    )
    assert out.exit_code == 0, out.output
    assert "heuristic" in out.output and "95% CI" in out.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["arena", "chess", "--bot", "random"], "unknown game 'chess'"),
        (["arena", "balzakken", "--bot", "nobot"], "unknown bot 'nobot'"),
        (["arena", "balzakken", "--bot", "random", "--games", "0"], "positive integer"),
        (["arena", "balzakken", "--bot", "random", "--players", "9"], "not 9"),
        (["arena", "balzakken", "--bot", "random", "--option", "copies"], "name=value"),
        (["arena", "balzakken", "--bot", "random", "--option", "colour=red"], "colour"),
    ],
)
def test_arena_errors_are_clear(args: list[str], words: str) -> None:
    out = CliRunner().invoke(app(), args)
    assert out.exit_code == 2
    assert words in " ".join(out.output.split())
    assert "Traceback" not in out.output
