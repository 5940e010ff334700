"""The shared statistics of a bot's mean return (``gametable.simulate.stats``): the Student t
interval beside Wilson, the excess over the table's mean return, and first and last places
against the even share of them (issue 21: one statistics module for the arena, the simulation
report and the bench scripts)."""

from __future__ import annotations

import math

import pytest

from gametable.simulate.stats import seat_returns, t_critical, t_interval, wilson


@pytest.mark.parametrize(
    ("df", "level", "expected"),
    [  # Student's t quantiles as printed in the usual tables (two-sided level)
        (1, 0.95, 12.706205),
        (2, 0.95, 4.302653),
        (3, 0.95, 3.182446),
        (9, 0.95, 2.262157),
        (30, 0.95, 2.042272),
        (99, 0.95, 1.984217),
        (199, 0.95, 1.971957),
        (10, 0.90, 1.812461),
        (5, 0.99, 4.032143),
    ],
)
def test_t_critical_matches_the_tables(df: int, level: float, expected: float) -> None:
    assert t_critical(df, level) == pytest.approx(expected, abs=1e-6)


def test_t_critical_tends_to_the_normal_quantile() -> None:
    assert t_critical(20_000) == pytest.approx(1.959964, abs=2e-4)
    assert t_critical(20_000) > 1.959964  # always a little wider than the normal's


@pytest.mark.parametrize(("df", "level"), [(0, 0.95), (2.5, 0.95), (5, 1.0), (5, 0.0)])
def test_t_critical_refuses_what_has_no_quantile(df: float, level: float) -> None:
    with pytest.raises(ValueError):
        t_critical(df, level)  # type: ignore[arg-type]


def test_t_interval_by_hand() -> None:
    """[0, 0.5, 1, 1]: mean 0.625; squares about it 0.390625 + 0.015625 + 2 * 0.140625 = 0.6875,
    sd = sqrt(0.6875 / 3) = 0.4787136; 3 degrees of freedom, t = 3.1824463; half-width
    3.1824463 * 0.4787136 / 2 = 0.7617400."""
    mean, low, high = t_interval([0.0, 0.5, 1.0, 1.0])
    assert mean == 0.625
    assert low == pytest.approx(0.625 - 0.7617400, abs=1e-6)
    assert high == pytest.approx(0.625 + 0.7617400, abs=1e-6)


def test_t_interval_is_wider_than_the_normal_approximation_on_few_games() -> None:
    values = [1.0, 0.0, 2 / 3, 1 / 3, 1.0, 0.0, 1.0, 2 / 3]
    _mean, low, high = t_interval(values)
    normal = (
        2 * 1.959964 * math.sqrt(sum((v - sum(values) / 8) ** 2 for v in values) / 7 / len(values))
    )
    assert high - low > normal * 1.15  # t with 7 degrees of freedom is 2.365


def test_t_interval_without_enough_values_is_unbounded() -> None:
    empty = t_interval([])
    assert math.isnan(empty.rate) and (empty.low, empty.high) == (-math.inf, math.inf)
    assert tuple(t_interval([0.25])) == (0.25, -math.inf, math.inf)
    assert tuple(t_interval([0.5, 0.5, 0.5])) == (0.5, 0.5, 0.5)  # no spread, no width


def test_seat_returns_alone_in_a_table_of_four() -> None:
    """One bot in one seat: its return, the table's mean, the excess game by game, and places."""
    games = [
        ((0, 1, 2, 3), (1.0, 2 / 3, 1 / 3, 0.0)),  # first
        ((3, 0, 1, 2), (1.0, 0.0, 2 / 3, 1 / 3)),  # last
        ((2, 3, 0, 1), (0.0, 1.0, 0.5, 0.0)),  # 0.5, the table sharing last (mean 0.375)
    ]
    s = seat_returns(games)
    mine = [1.0, 0.0, 0.5]
    assert s.games == 3
    assert tuple(s.wilson) == tuple(wilson(1.5, 3))
    assert tuple(s.t) == tuple(t_interval(mine))
    assert s.table_mean == pytest.approx((0.5 + 0.5 + 0.375) / 3)
    assert tuple(s.excess) == pytest.approx(tuple(t_interval([0.5, -0.5, 0.125])))
    assert (s.firsts, s.lasts) == (1, 1)
    assert s.firsts_even == pytest.approx(3 / 4)
    assert s.lasts_even == pytest.approx(1 / 4 + 1 / 4 + 2 / 4)
    assert s.mean == 0.5


def test_seat_returns_even_share_for_teams_draws_and_several_seats() -> None:
    team = seat_returns([((0, 1, 2, 3), (1.0, 0.0, 1.0, 0.0))])  # two partners win
    assert (team.firsts, team.firsts_even, team.lasts, team.lasts_even) == (1, 0.5, 0, 0.5)
    level = seat_returns([((0, 1, 2, 3), (0.5, 0.5, 0.5, 0.5))])  # all level: first and last
    assert (level.firsts, level.firsts_even, level.lasts, level.lasts_even) == (1, 1, 1, 1)
    assert level.excess.rate == 0.0
    # a bot in two of four seats (A B A B): a lone first lies in its seats half the time
    two = seat_returns([((0, 1, 0, 1), (1.0, 2 / 3, 0.0, 1 / 3))])
    assert two.mean == 0.5 and two.firsts == 1 and two.lasts == 1
    assert two.firsts_even == pytest.approx(0.5)


def test_seat_returns_refuses_a_game_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="return for each"):
        seat_returns([((0, 1, 2), (1.0, 0.0))])
    with pytest.raises(ValueError, match="holds no seat"):
        seat_returns([((1, 2, 3), (1.0, 0.5, 0.0))])


def test_seat_returns_of_no_game() -> None:
    s = seat_returns([])
    assert s.games == 0 and math.isnan(s.mean) and math.isnan(s.table_mean)
