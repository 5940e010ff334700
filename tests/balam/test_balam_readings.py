"""Our readings of Balam's unclear sentences (docs/rules/balam.md), each held by the referee."""

from __future__ import annotations

from gametable.games.balam.scoring import ball_game_points
from tests.balam.helpers import plot_texts
from tests.balam.test_end import last_round
from tests.balam.test_katun import draw, legal, riches
from tests.balam.test_wars import war


def test_a_dowry_may_be_a_prisoner():
    """BA-176: "one riches of his choice" from another king sets no limit on the kind, so a
    prisoner on the other king's sheet may be taken as the dowry (docs/rules/balam.md, Princely
    marriage)."""
    kings = [{"riches": {}}, {"riches": {"prisoner": 1, "maize": 1}}]
    state = draw("marriage", kings=kings)
    assert legal(state) == {"dowry 1 prisoner", "dowry 1 maize"}
    state.apply("dowry 1 prisoner")
    assert riches(state, 0) == {"prisoner": 1} and riches(state, 1) == {"maize": 1}


def test_prisoners_on_the_sheet_count_for_the_riches_bonus():
    """BA-251: the king's personal riches are all the riches on his sheet, prisoners included
    (docs/rules/balam.md, 7 - END OF GAME)."""
    state = last_round(
        [
            {"riches": {"prisoner": 3, "jade": 1}, "prestige": 10},
            {"riches": {"maize": 1}, "prestige": 10},
        ]
    )
    assert state.view(None)["bonus"] == [2, 0]


def test_a_garrison_whose_obsidian_was_spent_may_take_a_prisoner():
    """BA-146 BA-153: the attacker's obsidian is spent before the dice, so the garrison that
    held it is empty when the prisoners are placed and takes one (docs/rules/balam.md, 3 - WARS)."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison:obsidian", "garrison:obsidian"]},
        "b2": {"owner": 1, "plots": ["village", "village", "village"]},
    }
    state = war(sites, faces="3,3,3,3,3,3")
    state.apply("attack a2>b2 1 1")
    assert plot_texts(state.view(None)["sites"]["a2"])[:2] == [
        "garrison:prisoner",
        "garrison:obsidian",
    ]


def test_an_attack_that_leaves_the_city_standing_ends_the_turn():
    """BA-159 BA-160: the attack is the turn; only a devastated city may be built on at once
    (docs/rules/balam.md, 3 - WARS)."""
    sites = {
        "a2": {"owner": 0, "plots": ["garrison", "garrison"]},
        "b2": {"owner": 1, "plots": ["village", "village", "village"]},
    }
    state = war(sites, faces="1,1,1,1,1,1", riches={"jade": 2, "maize": 3})
    state.apply("attack a2>b2 1 0")
    while state.phase == "destroy":
        state.apply(sorted(legal(state))[0])
    assert state.to_move == (1,) and not any(a.startswith("build") for a in legal(state, 0))


def test_a_single_runner_up_wins_half_his_cities_rounded_down():
    """BA-180: the runner-up wins half of what he would have won as first; rounded down, as
    the rulebook rounds a tie (docs/rules/balam.md, 4 - KATUN)."""
    assert ball_game_points([2, 1], [6, 5]) == [6, 2]
