"""The HTML report renders with its plots and sections, for one run and for a sweep."""

from __future__ import annotations

import re

import pytest

from gametable.simulate import RunConfig, simulate, write_report
from gametable.simulate.report import render_report
from gametable.simulate.stats import summarize, wilson

SECTIONS = ("summary", "win-rate", "first-player", "length", "scores", "metrics", "events")


def _images(page: str) -> list[str]:
    return re.findall(r'<img alt="plot" src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)


def test_the_report_of_one_run_has_every_section_and_embedded_plots(tmp_path):
    simulate(RunConfig.make("balzakken", 3, ("random",), seed=1), 40, tmp_path, jobs=1)
    path = write_report(tmp_path)
    page = path.read_text()
    assert path == tmp_path / "report.html"
    for section in SECTIONS:
        assert f'id="{section}"' in page
    images = _images(page)
    assert len(images) >= 6
    assert all(img.startswith("iVBORw0KGgo") for img in images)  # PNG signature
    for metric in ("Balance", "Drawishness", "Branching factor", "Decisiveness", "Drama"):
        assert metric in page
    assert "good_balzak" in page and "Wilson" in page
    assert 'src="http' not in page and "<script" not in page  # self-contained


def test_a_sweep_is_compared_run_by_run(tmp_path):
    for value in (0, 8):
        config = RunConfig.make("balzakken", 3, ("random",), seed=2, options={"swingers": value})
        simulate(config, 12, tmp_path / f"swingers={value}", jobs=1)
    page = render_report(tmp_path)
    assert 'id="comparison"' in page
    assert "swingers=0" in page and "swingers=8" in page
    assert 'id="run0-win-rate"' in page and 'id="run1-win-rate"' in page
    assert len(_images(page)) >= 2 + 2 * 6


def test_mixed_bots_get_a_win_rate_per_bot(tmp_path):
    simulate(RunConfig.make("balzakken", 2, ("random", "heuristic"), seed=4), 3, tmp_path, jobs=1)
    page = render_report(tmp_path)
    assert 'id="bots"' in page and "heuristic" in page


def test_an_empty_directory_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        render_report(tmp_path)


def test_wilson_intervals_and_balance():
    assert wilson(0, 10)[1] == 0.0 and 0.2 < wilson(0, 10)[2] < 0.35
    assert wilson(10, 10)[2] == 1.0
    rows = [
        {
            "players": 2,
            "timeout": False,
            "winners": "[0]",
            "first_seat": 0,
            "decisions": 10,
            "mean_branching": 2.0,
            "rounds": 1,
            "drama": 0.0,
            "decisiveness": 0.5,
            "seat_0_bot": "random",
            "seat_1_bot": "random",
            "score_0": 1.0,
            "score_1": 0.0,
            "event_x": 1,
        },
        {
            "players": 2,
            "timeout": False,
            "winners": "[0, 1]",
            "first_seat": 0,
            "decisions": 30,
            "mean_branching": 4.0,
            "rounds": 3,
            "drama": 0.2,
            "decisiveness": 1.0,
            "seat_0_bot": "random",
            "seat_1_bot": "random",
            "score_0": 1.0,
            "score_1": 1.0,
            "event_x": 0,
        },
    ]
    s = summarize(rows)
    assert s.metrics["balance"] == pytest.approx(0.5)
    assert s.metrics["drawishness"] == pytest.approx(0.5)
    assert s.metrics["branching_factor"] == pytest.approx((20 + 120) / 40)
    assert s.metrics["duration"] == pytest.approx(20)
    assert s.metrics["first_mover_advantage"] == pytest.approx(1.0 - 0.75)
    assert s.events["x"]["per_round"] == pytest.approx(0.25)


def test_games_that_seat_the_bots_in_several_ways_are_warned_of_and_split(tmp_path):
    """Two bots rotating over two seats: two line-ups, each with its own per-seat win rates."""
    simulate(RunConfig.make("balzakken", 2, ("random", "heuristic"), seed=4), 4, tmp_path, jobs=1)
    warnings: list[str] = []
    page = render_report(tmp_path, warnings)
    assert 'id="lineups"' in page and "seat the bots in 2 different ways" in page
    assert "random, heuristic" in page and "heuristic, random" in page
    assert len(warnings) == 1 and "2 different ways" in warnings[0]


def test_one_line_up_gets_no_warning(tmp_path):
    simulate(RunConfig.make("balzakken", 2, ("random",), seed=4), 3, tmp_path, jobs=1)
    warnings: list[str] = []
    page = render_report(tmp_path, warnings)
    assert 'id="lineups"' not in page and warnings == []


def test_rounds_are_binned_whole_and_a_fixed_length_is_explained():
    from gametable.simulate.report import _steady_length, whole_bins

    assert whole_bins([3, 3, 5]) == [2.5, 3.5, 4.5, 5.5]
    assert all(b % 1 == 0.5 for b in whole_bins(list(range(200))))
    assert "exactly 11 rounds" in _steady_length([11] * 30)[0]
    assert "set by the rules" in _steady_length([11] * 30)[0]
    assert _steady_length([8, 11, 14]) == []
