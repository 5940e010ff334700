"""``bench/levels.py``: the figures printed at the end of a run and ``--pool``, which reads the
per-game lines of one or more runs' logs and refuses what cannot be pooled (issue 21, goal 1 at
many seats: the pre-registered runs are judged pooled game by game)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from gametable.simulate.stats import seat_returns, t_interval
from tests.bench_scripts import load_bench


@pytest.fixture(scope="module")
def levels() -> ModuleType:
    return load_bench("levels")


# two game lines in the older form of bench/levels.py's logs, which do not name their run
OLD = (
    "game    0 seats (0, 1, 2, 3) returns (1.0, 0.6666666666666666, 0.0, 0.3333333333333333)  "
    "hard: 1.000 [0.207, 1.000] after 1, 1 firsts  CPU ms/move 264 / 0\n"
    "game    1 seats (3, 0, 1, 2) returns (0.3333333333333333, 0.6666666666666666, 0.0, 1.0)  "
    "hard: 0.833 [0.241, 0.987] after 2, 1 firsts  CPU ms/move 272 / 0\n"
)
GAMES = [
    ((0, 1, 2, 3), (1.0, 2 / 3, 0.0, 1 / 3)),
    ((3, 0, 1, 2), (1 / 3, 2 / 3, 0.0, 1.0)),
]


def line(index: int, seats: tuple[int, ...], returns: tuple[float, ...]) -> str:
    return (
        f"game {index:4d} seats {seats} returns {returns}  hard: 0.500 [0.1, 0.9] after 1, "
        "0 firsts  CPU ms/move 200 / 0\n"
    )


def log(tmp: Path, name: str, header: str, games: dict[int, tuple]) -> str:
    path = tmp / name
    lines = [header + "\n"] if header else []
    path.write_text("".join(lines) + "".join(line(i, *g) for i, g in games.items()))
    return str(path)


def run(seed: int, players: int = 4, first: int = 0, game: str = "balzakken") -> str:
    extra = f" --first {first}" if first else ""
    return (
        f"# bench/levels.py {game} hard normal --players {players} --games 4 --seed {seed} "
        f"--alone{extra}"
    )


def test_a_log_of_the_former_format_reads_with_its_run_named(levels, tmp_path, capsys) -> None:
    path = tmp_path / "old.log"
    path.write_text(OLD + "hard: 2 games, score 0.917 ...\n")
    read = levels.read_log(f"{path}:game=balzakken,seed=23,games=2")
    assert (read.game, read.seed, read.games_of_run, read.label) == ("balzakken", 23, 2, "hard")
    assert list(read.games.values()) == GAMES
    assert read.ms == (272, 0)
    levels.pool([f"{path}:game=balzakken,seed=23,games=2"])
    out = capsys.readouterr().out
    assert "seed 23: 2 games (0-1; whole)" in out
    assert levels.describe("hard", seat_returns(GAMES)) in out


def test_a_log_that_does_not_name_its_run_is_refused_without_it(levels, tmp_path) -> None:
    path = tmp_path / "old.log"
    path.write_text(OLD)
    with pytest.raises(levels.PoolError, match="game=G,seed=S"):
        levels.pool([str(path)])
    with pytest.raises(levels.PoolError, match="after the colon"):
        levels.read_log(f"{path}:deal=3")


def test_a_run_and_its_continuation_pool_to_the_whole_run(levels, tmp_path, capsys) -> None:
    games = {i: GAMES[i % 2] for i in range(4)}
    head = log(tmp_path, "a.log", run(21), {0: games[0], 1: games[1]})
    tail = log(tmp_path, "b.log", run(21, first=2), {2: games[2], 3: games[3]})
    levels.pool([head, tail])
    out = capsys.readouterr().out
    assert "seed 21: 4 games (0-3; whole)" in out
    assert levels.describe("hard", seat_returns(games.values())) in out


def test_a_stopped_run_is_called_partial(levels, tmp_path, capsys) -> None:
    levels.pool([log(tmp_path, "a.log", run(21), {0: GAMES[0], 1: GAMES[1]})])
    assert "seed 21: 2 games (0-1; PARTIAL, of 4)" in capsys.readouterr().out


def test_the_same_game_of_the_same_run_twice_is_refused(levels, tmp_path) -> None:
    a = log(tmp_path, "a.log", run(21), {0: GAMES[0], 1: GAMES[1]})
    b = log(tmp_path, "b.log", run(21, first=1), {1: GAMES[1], 2: GAMES[0]})
    with pytest.raises(levels.PoolError, match="game 1 of seed 21"):
        levels.pool([a, b])
    with pytest.raises(levels.PoolError, match="game 0 of seed 21"):
        levels.pool([a, a])
    twice = tmp_path / "twice.log"
    twice.write_text(run(21) + "\n" + line(0, *GAMES[0]) + line(0, *GAMES[0]))
    with pytest.raises(levels.PoolError, match="second time"):
        levels.read_log(str(twice))


def test_runs_of_other_seeds_pool_game_by_game(levels, tmp_path, capsys) -> None:
    a = log(tmp_path, "a.log", run(21), {0: GAMES[0], 1: GAMES[1]})
    b = log(tmp_path, "b.log", run(23), {0: GAMES[1], 1: GAMES[1]})
    levels.pool([a, b])
    out = capsys.readouterr().out
    assert levels.describe("hard", seat_returns([*GAMES, GAMES[1], GAMES[1]])) in out
    assert "4 games, mean return" in out


def test_logs_of_other_games_counts_or_bots_are_refused(levels, tmp_path) -> None:
    a = log(tmp_path, "a.log", run(21), {0: GAMES[0]})
    other_game = log(tmp_path, "b.log", run(23, game="keezbord"), {0: GAMES[0]})
    with pytest.raises(levels.PoolError, match="is of keezbord"):
        levels.pool([a, other_game])
    three = ((0, 1, 2), (1.0, 0.5, 0.0))
    other_count = log(tmp_path, "c.log", run(23, players=3), {0: three})
    with pytest.raises(levels.PoolError, match="player counts"):
        levels.pool([a, other_count])
    other_bot = log(tmp_path, "d.log", run(23).replace("normal", "easy"), {0: GAMES[0]})
    with pytest.raises(levels.PoolError, match="plays"):
        levels.pool([a, other_bot])
    not_alone = log(tmp_path, "e.log", run(23), {0: ((0, 1, 0, 1), (1.0, 0.0, 0.5, 0.5))})
    with pytest.raises(levels.PoolError, match="--alone"):
        levels.pool([a, not_alone])
    with pytest.raises(levels.PoolError, match="names its run's seed 21"):
        levels.read_log(f"{a}:seed=22")


def test_a_run_prints_its_figures_and_its_log_pools_to_them(levels, tmp_path, monkeypatch, capsys):
    """End to end with quick bots: the header names the run, the last line is ``describe`` over
    the run's games, and ``--pool`` of the log prints the same figures."""
    argv = ["levels.py", "balzakken", "heuristic", "random", "--players", "3", "--games", "3"]
    monkeypatch.setattr(sys, "argv", [*argv, "--seed", "5", "--alone"])
    levels.main()
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        "# bench/levels.py balzakken heuristic random --players 3 --games 3 --seed 5 --alone"
    )
    path = tmp_path / "run.log"
    path.write_text(out)
    read = levels.read_log(str(path))
    figures = levels.describe("heuristic", seat_returns(read.games.values()))
    assert out.rstrip().endswith(figures)
    monkeypatch.setattr(sys, "argv", ["levels.py", "--pool", str(path)])
    levels.main()
    pooled = capsys.readouterr().out
    assert "seed 5: 3 games (0-2; whole)" in pooled and figures in pooled


def test_by_deal_takes_the_mean_of_each_deals_rotations(levels, tmp_path) -> None:
    """Four seats, one bot alone: games 0-3 are deal 0 from every seat, 4-5 half of deal 1."""
    rotated = [(0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0)]
    mine = [1.0, 0.0, 1 / 3, 2 / 3, 1.0, 1.0]
    games = {}
    for i, value in enumerate(mine):
        seats = rotated[i % 4]
        returns = [0.0] * 4
        returns[seats.index(0)] = value
        games[i] = (seats, tuple(returns))
    path = log(tmp_path, "a.log", run(21), games)
    t = t_interval([0.5, 1.0])
    assert levels.by_deal("hard", [levels.read_log(path)]) == (
        f"  by deal: 2 deals (1 whole, of 4 games), hard's mean return 0.750, "
        f"t [{t.low:.3f}, {t.high:.3f}] (a check, not the rule's figure)"
    )
