"""7 - END OF GAME: the riches bonus and the winner."""

from __future__ import annotations

import random

from tests.balam.helpers import GAME, position


def last_round(kings, options=None):
    state = position(
        2,
        kings=kings,
        slots=[None, None, "ball_game"],
        discard=["ball_game", "eclipse"],
        options=options,
    )
    state.apply("katun 2")
    assert state.is_over
    return state


def test_riches_bonus_is_half_a_point_per_riches_rounded_down():
    """BA-251: personal riches become prestige, half a point each, rounded down."""
    state = last_round(
        [
            {"riches": {"maize": 3, "jade": 2}, "prestige": 10},
            {"riches": {"cacao": 1}, "prestige": 12},
        ]
    )
    assert state.outcome.scores == (12, 12)
    assert state.view(None)["bonus"] == [2, 0]


def test_most_prestige_wins_and_ties_share_by_default():
    """BA-252: the most prestige wins; equal prestige shares the win unless ties=cities."""
    state = last_round([{"riches": {}, "prestige": 9}, {"riches": {}, "prestige": 7}])
    assert state.outcome.winners == (0,)
    tied = [{"riches": {}, "prestige": 8}, {"riches": {}, "prestige": 8}]
    assert last_round(tied).outcome.winners == (0, 1)
    state = position(
        2,
        kings=tied,
        slots=[None, None, "ball_game"],
        discard=["ball_game", "eclipse"],
        options={"ties": "cities"},
        sites={"a2": {"owner": 1, "plots": ["village"]}},
    )
    state.apply("katun 2")
    assert state.outcome.winners == (1,) and state.outcome.ranking == (2, 1)


def test_a_two_player_game_never_turns_the_eclipse():
    """BA-031 BA-033 BA-045 BA-077 BA-182 (docs/rules/balam.md, "What the rulebook does not
    give"): two kings turn 3 cards a round and stop with the round of the second ball game
    (place 32 of the deck); the Eclipse lies at places 35 to 39, so it is never turned and the
    Clemency of Chaak comes every round.  With 3 ball games it is turned before the end."""
    for seed in (1, 2, 3):
        state = GAME.new_game(2, seed=seed)
        picker = random.Random(seed)
        while state.to_move:
            seat = state.to_move[0]
            state.apply(picker.choice(state.legal_actions(seat)), seat)
        view = state.view(None)
        assert view["katun"]["ball_games"] == 2 and not view["katun"]["eclipse"]
        assert len(view["katun"]["discard"]) <= 33
        assert not any(entry["eclipse"] for entry in view["rounds"])
    longer = GAME.new_game(2, seed=1, options={"ball_games": 3})
    picker = random.Random(1)
    while longer.to_move:
        seat = longer.to_move[0]
        longer.apply(picker.choice(longer.legal_actions(seat)), seat)
    assert longer.view(None)["katun"]["eclipse"]
