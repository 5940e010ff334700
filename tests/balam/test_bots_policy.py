"""Balam's rules of thumb as a policy with weights: the default weights are the module's
constants (``normal`` chooses as before), other weights change the choices, and the weights
fitted by self-play (``gametable.games.balam.bots.tune``) ship as package data that loads, while a bad
file is refused."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from importlib import resources

import pytest

import gametable
from gametable.bots import make_bot
from gametable.bots.base import SeatState
from gametable.bots.heuristics import heuristic_for, tuned_heuristic_for
from gametable.bots.rollouts import RolloutBot
from gametable.games.balam.bots import heuristic as hb
from gametable.games.balam.bots import table as bt
from gametable.games.balam.bots import tuned as bu
from gametable.games.balam.bots import weights as ww


def test_the_default_weights_are_the_module_constants() -> None:
    w = ww.Weights()
    assert w == ww.DEFAULT_WEIGHTS
    assert (w.riches, w.stored, w.loose, w.future, w.unfed, w.room) == (
        ww.RICHES,
        ww.STORED,
        ww.LOOSE,
        ww.FUTURE,
        ww.UNFED,
        ww.ROOM,
    )
    assert (w.garrison_prisoner, w.palace_room) == (ww.GARRISON_PRISONER, ww.PALACE_ROOM)
    assert (w.futile_attack, w.defender_obsidian) == (ww.FUTILE_ATTACK, ww.DEFENDER_OBSIDIAN)
    assert (w.ball, w.captive, w.tempo) == (ww.BALL, ww.CAPTIVE, ww.TEMPO)
    assert dict(w.static) == ww.STATIC
    assert dict(w.gain) == ww.GAIN
    flat = w.to_flat()
    assert len(flat) == 13 + len(ww.STATIC) + len(ww.GAIN)
    assert ww.Weights.from_flat(flat) == w


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
    same = hb.Policy(ww.Weights.from_flat(ww.DEFAULT_WEIGHTS.to_flat()))  # equal, not the same
    assert same.weights is not ww.DEFAULT_WEIGHTS
    for i, seat_state in enumerate(seat_states(seed=5, limit=60)):
        assert same.choose(seat_state, random.Random(i)) == hb.choose(seat_state, random.Random(i))
    assert hb.Policy().heuristic() is heuristic_for("balam")


def test_other_weights_change_the_scores_and_the_choices() -> None:
    flat = ww.DEFAULT_WEIGHTS.to_flat()
    other = hb.Policy(ww.Weights.from_flat({**flat, "future": 0.2, "riches": 1.5}))
    differ = 0
    for i, seat_state in enumerate(seat_states(seed=5, limit=60)):
        differ += other.choose(seat_state, random.Random(i)) != hb.choose(
            seat_state, random.Random(i)
        )
    assert differ > 0


def test_weights_by_name_refuse_unknown_names_and_non_numbers() -> None:
    assert ww.Weights.from_flat({"static.court": 0.9}).static["court"] == 0.9
    assert ww.Weights.from_flat({"static.court": 0.9}).static["village"] == ww.STATIC["village"]
    for bad in (
        {"riches_": 1.0},
        {"static.castle": 1.0},
        {"riches": "1"},
        {"riches": True},
        {"riches": math.nan},
        {"gain.marriage": math.inf},
    ):
        with pytest.raises(ValueError):
            ww.Weights.from_flat(bad)


def test_the_shipped_fitted_policy_loads_with_its_recipe() -> None:
    text = (resources.files("gametable.games.balam.bots") / "data" / bu.POLICY_FILE).read_text()
    data = json.loads(text)
    assert set(data["weights"]) == set(ww.DEFAULT_WEIGHTS.to_flat())
    assert "-m gametable.games.balam.bots.tune " in data["meta"]["command"]
    assert data["meta"]["held_out"]["games"] >= 400
    # tempo, a rule the fit leaves alone, comes from the grid recorded beside it: its best value
    grid = data["meta"]["grid_tempo"]
    assert "--grid tempo=" in grid["command"] and data["weights"]["tempo"] == grid["chosen"]
    scores = grid["held_out_against_normal"]
    assert max(scores, key=lambda v: scores[v][0]) == f"{grid['chosen']:g}"
    policy = bu.tuned_policy()
    assert policy.weights.to_flat() == pytest.approx(data["weights"])
    assert policy.weights != ww.DEFAULT_WEIGHTS
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
        bu.policy_from_json(data)


def test_the_rollout_bot_plays_the_fitted_rules_of_thumb_on_request() -> None:
    with pytest.raises(ValueError):
        RolloutBot(policy="learned")
    state = gametable.load_game("balam").new_game(2, seed=7)
    seat = state.to_move[0]
    for policy in ("tuned", "tuned-own"):
        bot = RolloutBot(seed=1, plies=60, policy=policy)
        assert bot.act(state, seat) in state.legal_actions(seat)


def _table_with_courts(courts: list[int], cities: list[int], balls: int = 0) -> bt.Table:
    """A bare table: king ``s`` has ``cities[s]`` cities (a garrison each), ``courts[s]`` courts
    in the first."""
    estates = []
    for seat, (c, n) in enumerate(zip(courts, cities, strict=True)):
        sites = {f"s{seat}_{i}": ["garrison"] for i in range(n)}
        if n:
            sites[f"s{seat}_0"] += ["court"] * c
        estates.append(bt.Estate(prestige=0.0, chest={}, sites=sites, seat=seat))
    view = {
        "phase": "turn",
        "players": len(courts),
        "options": {},
        "katun": {"ball_games": len(courts) - balls},
    }
    return bt.Table(view, {}, {}, {}, estates, rounds=0.0)


def test_a_ball_game_brings_the_court_leader_his_cities_and_a_tie_or_runner_up_half() -> None:
    """Rulebook "4 - KATUN", ball game: the one king with the most courts wins his number of
    cities; two tied leaders half of theirs (rounded down); a single runner-up half of his."""
    table = _table_with_courts([2, 1, 0], [5, 7, 4])
    assert [bt.ball_points(table, e) for e in table.estates] == [5, 3, 0]
    tied = _table_with_courts([1, 1, 0], [5, 7, 4])
    assert [bt.ball_points(tied, e) for e in tied.estates] == [2, 3, 0]
    three = _table_with_courts([1, 1, 1], [5, 7, 4])
    assert [bt.ball_points(three, e) for e in three.estates] == [0, 0, 0]
    # a court built (the estate as it would be) is counted against the others' courts
    built = bt.with_building(tied.estates[0], "s0_1", "court")
    assert bt.ball_points(tied, built) == 5


def test_the_ball_games_to_come_count_in_the_worth_only_with_a_ball_weight() -> None:
    table = _table_with_courts([1, 0], [4, 4], balls=2)
    assert bt.balls_to_come(table.view) == 2
    plain = bt.worth(table, table.estates[0])
    weighted = dataclasses.replace(ww.DEFAULT_WEIGHTS, ball=0.5)
    table = dataclasses.replace(_table_with_courts([1, 0], [4, 4], balls=2), weights=weighted)
    assert bt.worth(table, table.estates[0]) == pytest.approx(plain + 0.5 * 2 * 4)


def test_a_rollout_played_through_two_round_ends_goes_on_past_the_first() -> None:
    state = gametable.load_game("balam").new_game(2, seed=3)
    heuristic = heuristic_for("balam")
    once, twice = RolloutBot(seed=1, ends=1), RolloutBot(seed=1, ends=2)
    first, second = state.clone(), state.clone()
    plies_once = once.play_on(first, heuristic, random.Random(5))
    plies_twice = twice.play_on(second, heuristic, random.Random(5))
    assert plies_twice > plies_once
    assert second.view(None)["round"] == first.view(None)["round"] + 1
    with pytest.raises(ValueError):
        RolloutBot(ends=0)


def test_riches_on_the_sheet_are_worth_more_early_only_with_a_tempo_weight() -> None:
    table = _table_with_courts([0, 0], [2, 2])
    table.estates[0].chest.update(maize=3)
    table = dataclasses.replace(table, rounds=5.0)
    plain = bt.worth(table, table.estates[0])
    weighted = dataclasses.replace(ww.DEFAULT_WEIGHTS, tempo=0.1)
    again = dataclasses.replace(table, weights=weighted)
    fresh = bt.Estate(prestige=0.0, chest={"maize": 3}, sites=table.estates[0].sites, seat=0)
    assert bt.worth(again, fresh) == pytest.approx(plain + 0.1 * 5.0 * 3)


def test_the_shipped_policy_counts_the_tempo_of_riches_and_normal_does_not() -> None:
    assert bu.tuned_policy().weights.tempo > 0
    assert ww.DEFAULT_WEIGHTS.tempo == 0.0
