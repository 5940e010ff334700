"""The arena's schedule and statistics on synthetic data, and a tiny real run."""

from __future__ import annotations

import math

import pytest
import typer
from typer.testing import CliRunner

from gametable import arena
from gametable.arena import (
    MatchResult,
    head_to_head,
    lineups,
    register,
    run_arena,
    schedule,
    summarise,
)
from gametable.simulate import play_game
from gametable.simulate.backends import RayBackend
from gametable.simulate.stats import rate_bots, wilson
from tests.simulate.test_backends import FakeRay


def test_one_wilson_for_arena_and_simulation() -> None:
    """Issue 23: the arena has no Wilson interval of its own; n = 0 means 'unknown' everywhere."""
    assert arena.wilson is wilson  # the shared one, not a copy
    _rate, lo, hi = wilson(60, 100)
    assert math.isclose(lo, 0.5020, abs_tol=1e-4) and math.isclose(hi, 0.6906, abs_tol=1e-4)
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    assert math.isclose(0.5 - wilson(5, 10).low, wilson(5, 10).high - 0.5)
    empty = wilson(0, 0)
    assert math.isnan(empty.rate) and (empty.low, empty.high) == (0.0, 1.0)
    assert wilson(7.5, 10).rate == 0.75  # draws count as halves


def test_plackett_luce_ratings_for_many_seats() -> None:
    """Three bots at a three-seat table: the one always first rates highest, the one always last
    lowest, with intervals that separate them after enough games."""
    games = [{0: 1.0, 1: 0.5, 2: 0.0}] * 30
    first, middle, last = rate_bots(3, games)
    assert first.mu > middle.mu > last.mu
    assert first.low > last.high
    even = rate_bots(2, [{0: 1.0, 1: 0.0}, {0: 0.0, 1: 1.0}] * 10)
    assert abs(even[0].mu - even[1].mu) < 0.3 * even[0].sigma  # only the order of games differs


def test_lineups_rotate_every_seat() -> None:
    assert lineups(2, 2) == [(0, 1), (1, 0)]
    assert lineups(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert len(lineups(3, 3)) == 3
    assert sorted(lineups(3, 2)) == sorted([(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)])


def test_schedule_shares_deals_across_rotations_and_line_ups() -> None:
    plan = schedule("balzakken", ["random", "heuristic"], 5, 2, seed=7)
    assert [(lu.bots, lu.games, lu.rotations) for lu in plan] == [((0, 1), 5, 2)]
    lineup = plan[0]
    assert [lineup.seats(j) for j in range(3)] == [(0, 1), (1, 0), (0, 1)]
    rows = [play_game(lineup.config, j) for j in range(3)]
    assert rows[0]["seed"] == rows[1]["seed"] != rows[2]["seed"]  # one deal per rotation round
    three = schedule("balzakken", ["random", "heuristic", "random"], 8, 2, seed=7)
    assert [lu.games for lu in three] == [4, 2, 2]
    indices = sorted(lu.match_index(j) for lu in three for j in range(lu.games))
    assert indices == list(range(8))
    # the k-th round of every line-up is dealt the same cards
    deals = {play_game(lu.config, 0)["seed"] for lu in three}
    assert len(deals) == 1


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
    assert (a.low, a.high) == pytest.approx(wilson(a.score * 8, 8)[1:])
    assert (a.score > b.score) == (a.rating.mu > b.rating.mu)
    assert a.ms_per_move == pytest.approx(20.0)


def test_summary_teams_count_once_per_game() -> None:
    # two bots in a four-seat team game: A A-partners in seats 0 and 2
    results = [result(0, (0, 1, 0, 1), (1.0, 0.0, 1.0, 0.0))]
    a, b = summarise(["a", "b"], results)
    assert (a.games, a.score, a.firsts) == (1, 1.0, 1)
    assert (b.games, b.score, b.firsts) == (1, 0.0, 0)


def test_head_to_head_scores_each_pair_only_over_their_own_games() -> None:
    """Three bots at two seats (issue 21, levels against each other): a pair's score counts only
    the games those two played together, from both sides, with the shared Wilson interval."""
    results = [
        result(0, (0, 1), (1.0, 0.0)),
        result(1, (1, 0), (0.0, 1.0)),
        result(2, (0, 2), (0.5, 0.5)),
        result(3, (2, 0), (1.0, 0.0)),
        result(4, (1, 2), (1.0, 0.0)),
    ]
    pairs = head_to_head(3, results)
    assert (pairs[0, 1].games, pairs[0, 1].score, pairs[1, 0].score) == (2, 1.0, 0.0)
    assert (pairs[0, 2].games, pairs[0, 2].score, pairs[2, 0].score) == (2, 0.25, 0.75)
    assert (pairs[1, 2].games, pairs[1, 2].score) == (1, 1.0)
    assert (pairs[0, 2].low, pairs[0, 2].high) == pytest.approx(wilson(0.5, 2)[1:])
    # a table of three bots is no pair's game
    assert head_to_head(3, [result(5, (0, 1, 2), (1.0, 0.0, 0.0))]) == {}


def test_arena_command_prints_head_to_head_for_three_bots() -> None:
    out = CliRunner().invoke(
        app(),
        [
            "arena",
            "balzakken",
            "-p",
            "2",
            "--bot",
            "random",
            "--bot",
            "easy",
            "--bot",
            "normal",
            "--games",
            "3",
            "--jobs",
            "1",
        ],
    )
    assert out.exit_code == 0, out.output
    assert "head to head" in out.output and "(1)" in out.output


def test_arena_command_prints_head_to_head_for_two_bots() -> None:
    """Issue 21: the head-to-head table is printed for any number of bots from two."""
    out = CliRunner().invoke(
        app(), ["arena", "balzakken", "--bot", "random", "--bot", "normal", "-n", "2", "-j", "1"]
    )
    assert out.exit_code == 0, out.output
    assert "head to head" in out.output and "(2)" in out.output


def test_default_players_is_two_whatever_the_number_of_bots() -> None:
    """Issue 21: three bots in Keezbord (2, 4 or 6 players) played at one 4-seat table, one bot
    in two seats on opposing teams; by default every game that allows two plays at two, and the
    bots meet in pairs."""
    assert arena.default_players("keezbord", 3) == 2
    assert arena.default_players("balzakken", 5) == 2
    assert arena.check_arena("keezbord", ["random", "easy", "normal"], 3, None) == 2
    assert arena.check_arena("keezbord", ["random", "easy", "normal"], 3, 4) == 4  # -p wins


def test_arena_command_says_how_many_players_and_respects_p() -> None:
    """Issue 21: the arena says which player count it plays, and whether it is the default."""
    three = ["--bot", "random", "--bot", "easy", "--bot", "normal", "-n", "3", "-j", "1"]
    out = CliRunner().invoke(app(), ["arena", "keezbord", *three])
    assert out.exit_code == 0, out.output
    assert "2 players a game (the default; choose with -p)" in out.output
    assert "keezbord, 2 players, 3 games" in out.output
    assert "head to head" in out.output
    # three games cannot seat every pair at every seating (six): the arena says so
    assert "a round of every pair at every seating is 6 games" in " ".join(out.output.split())
    out = CliRunner().invoke(app(), ["arena", "keezbord", "-p", "4", *three])
    assert out.exit_code == 0, out.output
    assert "4 players a game (-p 4)" in out.output and "keezbord, 4 players" in out.output


def test_tiny_arena_run_is_the_same_on_every_backend() -> None:
    """Issue 23: the arena plays on the simulation's runner (in process, local processes, Ray)."""
    report = run_arena("balzakken", ["random", "heuristic"], games=3, seed=1, jobs=1)
    assert len(report.results) == 3 and report.unfinished == 0
    assert [r.index for r in report.results] == [0, 1, 2]
    assert [s.games for s in report.stats] == [3, 3]
    assert all(sum(r.moves) == r.plies and all(t >= 0 for t in r.think) for r in report.results)

    def same(other: arena.ArenaReport) -> list[tuple]:
        return [(r.seats, r.returns, r.plies, r.deal) for r in other.results]

    two = run_arena("balzakken", ["random", "heuristic"], games=3, seed=1, jobs=2)
    backend = RayBackend(ray=FakeRay())
    ray = run_arena("balzakken", ["random", "heuristic"], games=3, seed=1, backend=backend)
    assert same(two) == same(ray) == same(report)


def test_a_stopped_arena_run_finishes_with_the_same_games() -> None:
    """``first``: the games of a run from that index on, each played as the whole run plays it
    (``bench/levels.py --first`` finishes a stopped run)."""
    specs = ["random", "heuristic"]
    whole = run_arena("balzakken", specs, games=5, seed=4, jobs=1)
    tail = run_arena("balzakken", specs, games=5, seed=4, jobs=1, first=3)
    assert [r.index for r in tail.results] == [3, 4]

    def played(results: list[MatchResult]) -> list[tuple]:  # (CPU times differ run to run)
        return [(r.index, r.seats, r.returns, r.plies, r.deal) for r in results]

    assert played(tail.results) == played([r for r in whole.results if r.index >= 3])


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
    assert "heuristic" in out.output and "95% CI" in out.output and "Plackett-Luce" in out.output


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
