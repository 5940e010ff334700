"""7 - END OF GAME: the riches bonus and the winner."""

from __future__ import annotations

from tests.balam.helpers import position


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
