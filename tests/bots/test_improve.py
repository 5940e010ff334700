"""The ``improve`` bot: one step of policy improvement over the rules of thumb."""

from __future__ import annotations

import random

import pytest

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for
from gametable.bots.improve import ImproveBot, paired
from tests.bots.conftest import positions


def test_paired_difference_and_its_standard_error() -> None:
    mean, error = paired([1.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0])
    assert mean == pytest.approx(0.5)
    # differences 1, 0, 0, 1: sample variance 1/3, so the error is sqrt(1/12)
    assert error == pytest.approx((1 / 12) ** 0.5)
    assert paired([0.3], [0.1]) == (pytest.approx(0.2), 0.5)


def balzakken_decisions(limit: int = 60) -> list[tuple[gametable.State, int]]:
    out = []
    for state in positions("balzakken", seed=23, every=3, limit=limit):
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1:
            out.append((state.clone(), seat))
    return out


def test_a_margin_nothing_can_beat_keeps_the_rules_of_thumb() -> None:
    """Rewards lie in [0, 1]: with ``margin=1`` no move can overrule the heuristic's own, so
    the bot plays exactly what the rules of thumb choose with the same random draws."""
    heuristic = heuristic_for("balzakken")
    for state, seat in balzakken_decisions():
        bot = ImproveBot(seed=9, samples=3, margin=1.0)
        expected = heuristic.policy(
            SeatState(state, seat), random.Random(random.Random(9).getrandbits(64))
        )
        assert bot.act(state, seat) == expected


def test_every_move_is_tried_on_every_sample_without_pruning() -> None:
    state, seat = next((s, p) for s, p in balzakken_decisions() if len(s.legal_actions(p)) > 2)
    bot = ImproveBot(seed=1, samples=5, successive=False)
    bot.act(state, seat)
    assert bot.last_rollouts == 5 * len(state.legal_actions(seat))


def test_moves_clearly_behind_are_dropped_and_the_budget_shrinks() -> None:
    """Successive pruning: a BALZAK! with more than 5 points costs 25 (BZ-104, "BALZAK! -
    End of a Round"), so with a hand of 20 points it falls clearly behind after a quarter of
    the samples and is no longer played out."""
    state, seat = next(
        (s, p)
        for s, p in balzakken_decisions()
        if s.view(p)["hand_value"] >= 20
        and any(a.to_json()["kind"] == "balzak" for a in s.legal_actions(p))
    )
    bot = ImproveBot(seed=1, samples=40)
    bot.act(state, seat)
    assert bot.last_rollouts < 40 * len(state.legal_actions(seat))


def test_time_budget_still_takes_two_samples() -> None:
    state, seat = balzakken_decisions()[0]
    bot = make_bot("improve:seconds=0.000001,samples=50", seed=2)
    assert isinstance(bot, ImproveBot)
    assert bot.act(state, seat) in state.legal_actions(seat)
    assert 2 * 2 <= bot.last_rollouts < 50 * 2


def keezbord_decision(least: int) -> tuple[gametable.State, int]:
    """A Keezbord decision with at least ``least`` moves."""
    for state in positions("keezbord", seed=5, every=1, limit=400):
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) >= least:
            return state.clone(), seat
    raise AssertionError(f"no Keezbord decision with {least} moves")


def test_a_rollout_budget_takes_fewer_samples_of_a_decision_with_many_moves() -> None:
    """``budget`` caps the rollouts of a move: with 5 or more moves and a budget of 12, a third
    sample does not fit (but two are always taken); a budget of four samples stops at four."""
    state, seat = keezbord_decision(5)
    moves = len(state.legal_actions(seat))
    bot = make_bot("improve:samples=20,depth=2,budget=12,successive=false", seed=3)
    assert isinstance(bot, ImproveBot)
    assert bot.act(state, seat) in state.legal_actions(seat)
    assert bot.last_rollouts == 2 * moves  # at least two samples, even above the budget
    roomy = ImproveBot(seed=3, samples=20, depth=2, budget=4 * moves, successive=False)
    roomy.act(state, seat)
    assert roomy.last_rollouts == 4 * moves
    uncapped = ImproveBot(seed=3, samples=5, depth=2, successive=False)
    uncapped.act(state, seat)
    assert uncapped.last_rollouts == 5 * moves


@pytest.mark.parametrize(
    "spec",
    [
        "improve:samples=0",
        "improve:leaf=oracle",
        "improve:margin=2",
        "improve:successive=3",
        "improve:budget=0",
    ],
)
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        make_bot(spec)
