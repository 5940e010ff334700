"""Balam's rules of thumb as a policy with weights: the default weights are the module's
constants (``normal`` chooses as before), other weights change the choices, and the weights
fitted by self-play (``scripts/tune_balam.py``) ship as package data that loads, while a bad
file is refused."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import pytest

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import balam as hb
from gametable.bots.heuristics import heuristic_for, tuned_heuristic_for
from gametable.bots.rollouts import RolloutBot


def test_the_default_weights_are_the_module_constants() -> None:
    w = hb.Weights()
    assert w == hb.DEFAULT_WEIGHTS
    assert (w.riches, w.stored, w.loose, w.future, w.unfed, w.room) == (
        hb.RICHES,
        hb.STORED,
        hb.LOOSE,
        hb.FUTURE,
        hb.UNFED,
        hb.ROOM,
    )
    assert (w.garrison_prisoner, w.palace_room) == (hb.GARRISON_PRISONER, hb.PALACE_ROOM)
    assert (w.futile_attack, w.defender_obsidian) == (hb.FUTILE_ATTACK, hb.DEFENDER_OBSIDIAN)
    assert dict(w.static) == hb.STATIC
    assert dict(w.gain) == hb.GAIN
    flat = w.to_flat()
    assert len(flat) == 10 + len(hb.STATIC) + len(hb.GAIN)
    assert hb.Weights.from_flat(flat) == w


def seat_states(seed: int, limit: int) -> list[SeatState]:
    """The decisions with a choice along a seeded game between heuristic bots."""
    state = gametable.load_game("balam").new_game(2, seed=seed)
    bots = [make_bot("heuristic", seed=seed + s) for s in range(2)]
    out = []
    while not state.is_over and len(out) < limit:
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1:
            out.append(SeatState(state.clone(), seat))
        state.apply(bots[seat].act(state, seat), seat)
    return out


def test_a_policy_with_the_default_weights_chooses_as_the_rules_of_thumb() -> None:
    same = hb.Policy(hb.Weights.from_flat(hb.DEFAULT_WEIGHTS.to_flat()))  # equal, not the same
    assert same.weights is not hb.DEFAULT_WEIGHTS
    for i, seat_state in enumerate(seat_states(seed=5, limit=60)):
        assert same.choose(seat_state, random.Random(i)) == hb.choose(seat_state, random.Random(i))
    assert hb.Policy().heuristic() is heuristic_for("balam")


def test_other_weights_change_the_scores_and_the_choices() -> None:
    flat = hb.DEFAULT_WEIGHTS.to_flat()
    other = hb.Policy(hb.Weights.from_flat({**flat, "future": 0.2, "riches": 1.5}))
    differ = 0
    for i, seat_state in enumerate(seat_states(seed=5, limit=60)):
        differ += other.choose(seat_state, random.Random(i)) != hb.choose(
            seat_state, random.Random(i)
        )
    assert differ > 0


def test_weights_by_name_refuse_unknown_names_and_non_numbers() -> None:
    assert hb.Weights.from_flat({"static.court": 0.9}).static["court"] == 0.9
    assert hb.Weights.from_flat({"static.court": 0.9}).static["village"] == hb.STATIC["village"]
    for bad in (
        {"riches_": 1.0},
        {"static.castle": 1.0},
        {"riches": "1"},
        {"riches": True},
        {"riches": math.nan},
        {"gain.marriage": math.inf},
    ):
        with pytest.raises(ValueError):
            hb.Weights.from_flat(bad)


def test_the_shipped_fitted_policy_loads_with_its_recipe() -> None:
    text = (resources.files("gametable.bots") / "data" / hb.POLICY_FILE).read_text()
    data = json.loads(text)
    assert set(data["weights"]) == set(hb.DEFAULT_WEIGHTS.to_flat())
    assert "scripts/tune_balam.py" in data["meta"]["command"]
    assert data["meta"]["held_out"]["games"] >= 400
    policy = hb.tuned_policy()
    assert policy.weights.to_flat() == pytest.approx(data["weights"])
    assert policy.weights != hb.DEFAULT_WEIGHTS
    assert tuned_heuristic_for("balam").policy == policy.choose
    assert tuned_heuristic_for("balzakken") is heuristic_for("balzakken")  # nothing fitted


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"game": "keezbord", "players": 2, "weights": {"riches": 1.0}},
        {"game": "balam", "players": 3, "weights": {"riches": 1.0}},
        {"game": "balam", "players": 2},
        {"game": "balam", "players": 2, "weights": {}},
        {"game": "balam", "players": 2, "weights": [1.0]},
        {"game": "balam", "players": 2, "weights": {"wealth": 1.0}},
        {"game": "balam", "players": 2, "weights": {"riches": None}},
        {"game": "balam", "players": 2, "weights": {"riches": 1.0}, "meta": "x"},
    ],
)
def test_a_bad_policy_file_is_refused(data: object) -> None:
    with pytest.raises(ValueError):
        hb.policy_from_json(data)


def test_the_rollout_bot_plays_the_fitted_rules_of_thumb_on_request() -> None:
    with pytest.raises(ValueError):
        RolloutBot(policy="learned")
    state = gametable.load_game("balam").new_game(2, seed=7)
    seat = state.to_move[0]
    for policy in ("tuned", "tuned-own"):
        bot = RolloutBot(seed=1, plies=60, policy=policy)
        assert bot.act(state, seat) in state.legal_actions(seat)
